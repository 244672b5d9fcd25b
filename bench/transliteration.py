#!/usr/bin/env python3
"""Build time and memory of an index with and without transliteration (Index(transliterate=True)).

Each round builds the index of the dataset's lines twice, each time in a fresh process through
the Python binding (one add() of every line, as keystrokes.py builds it): once without the
option, once with it, the order reversed every other round. Reported: the median over the
rounds of the build time (wall clock, and the CPU time of all the process's threads, which a
busy shared machine disturbs less) and of the resident-memory growth from "lines loaded" to
"index built", and their ratios (with / without). Also the hits of a few transliterated queries, to
show the option is at work.

Usage: transliteration.py [--data bench/data/titles-1m.txt] [--lines N] [--rounds 3] [--locale TAG]
                          [--json OUT]
Prints one JSON object; writes it to --json (default bench/out/transliteration.json) as well.
`--lines N` reads only the first N lines (run.sh --quick: 100,000).
"""
import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import time

from keystrokes import rss_bytes

HERE = os.path.dirname(os.path.abspath(__file__))
QUERIES = ["moskva", "athina", "seoul", "tokyo", "bharat"]


def read_lines(path, limit):
    with open(path, encoding="utf-8") as f:
        lines = [line.rstrip("\n") for line in f]
    return lines[:limit] if limit else lines


def worker(path, transliterate, locale, limit):
    import searchbar

    lines = read_lines(path, limit)
    gc.collect()
    before = rss_bytes()
    start = time.perf_counter()
    cpu_start = time.process_time()
    index = searchbar.Index(mode="prefix", locale=locale, transliterate=transliterate)
    index.add(list(enumerate(lines)))
    build_s = time.perf_counter() - start
    cpu_s = time.process_time() - cpu_start
    gc.collect()
    after = rss_bytes()
    hits = {q: len(index.search(q, limit=10_000)) for q in QUERIES}
    print(json.dumps({"build_s": build_s, "cpu_s": cpu_s, "rss_growth_mb": (after - before) / 2**20, "hits": hits}))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", default=os.path.join(HERE, "data", "titles-1m.txt"))
    parser.add_argument("--lines", type=int, default=0, help="only the first N lines (0: all)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", default=os.path.join(HERE, "out", "transliteration.json"))
    parser.add_argument("--locale", default=None)
    parser.add_argument("--worker", choices=["on", "off"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.data, args.worker == "on", args.locale, args.lines)
        return
    runs = {"off": [], "on": []}
    load_before = [round(x, 2) for x in os.getloadavg()]
    for r in range(args.rounds):
        for setting in (["off", "on"] if r % 2 == 0 else ["on", "off"]):
            command = [sys.executable, __file__, "--data", args.data, "--lines", str(args.lines), "--worker", setting]
            if args.locale:
                command += ["--locale", args.locale]
            out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
            runs[setting].append(json.loads(out.strip().splitlines()[-1]))
            print(setting, runs[setting][-1], file=sys.stderr)
    lines = read_lines(args.data, args.lines)
    result = {"data": args.data, "lines": len(lines), "bytes": sum(len(line.encode()) + 1 for line in lines),
              "rounds": args.rounds,
              "load_before": load_before, "load_after": [round(x, 2) for x in os.getloadavg()]}
    for setting, outcomes in runs.items():
        result[setting] = {
            "build_s": statistics.median(o["build_s"] for o in outcomes),
            "cpu_s": statistics.median(o["cpu_s"] for o in outcomes),
            "rss_growth_mb": statistics.median(o["rss_growth_mb"] for o in outcomes),
            "hits": outcomes[-1]["hits"],
        }
    result["build_ratio"] = result["on"]["build_s"] / result["off"]["build_s"]
    result["cpu_ratio"] = result["on"]["cpu_s"] / result["off"]["cpu_s"]
    result["rss_ratio"] = result["on"]["rss_growth_mb"] / result["off"]["rss_growth_mb"]
    os.makedirs(os.path.dirname(os.path.abspath(args.json)), exist_ok=True)
    with open(args.json, "w") as f:
        json.dump(result, f, indent=1)
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
