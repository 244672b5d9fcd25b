#!/usr/bin/env python3
"""Per-process one-shot filtering: `searchbar filter QUERY < FILE` against `fzf --filter QUERY
< FILE` on 300,000 file paths, each command started fresh per run (reading the file, matching,
ranking and printing every match), the two tools taking turns. Reports the median wall time of
each, the ratio, and whether both printed the same bytes.

The dataset, bench/data/paths-300k.txt, is this machine's `find /usr /opt /etc /var -xdev`,
repeated under a `/mnt/backup` prefix until it has 300,000 lines.

Usage: filter_cli.py --cli PATH [--runs 5] [--queries lib,python,usr/share]
                     [--json OUT] [--markdown]
"""
import argparse
import hashlib
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
DATA = BENCH / "data" / "paths-300k.txt"
LINES = 300_000


def dataset() -> Path:
    if DATA.exists() and sum(1 for _ in DATA.open("rb")) == LINES:
        return DATA
    found = subprocess.run(["find", "/usr", "/opt", "/etc", "/var", "-xdev"], capture_output=True,
                           text=True, errors="replace").stdout.splitlines()
    lines, copy = [], 0
    while len(lines) < LINES:
        prefix = "" if copy == 0 else "/mnt/backup" * copy
        lines += [prefix + path for path in found]
        copy += 1
    DATA.parent.mkdir(parents=True, exist_ok=True)
    tmp = DATA.with_suffix(".tmp")
    tmp.write_text("\n".join(lines[:LINES]) + "\n")
    tmp.replace(DATA)
    return DATA


def timed(command: list[str], data: bytes) -> tuple[float, str, int]:
    started = time.perf_counter()
    done = subprocess.run(command, input=data, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    elapsed = (time.perf_counter() - started) * 1000
    return elapsed, hashlib.sha256(done.stdout).hexdigest(), done.stdout.count(b"\n")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cli", required=True, help="the release searchbar tool")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--queries", default="lib,python,usr/share")
    parser.add_argument("--json", help="write the measurements here")
    parser.add_argument("--markdown", action="store_true", help="print a markdown table")
    args = parser.parse_args()
    data = dataset().read_bytes()
    rows = []
    for query in args.queries.split(","):
        times = {"searchbar": [], "fzf": []}
        digests, matches = {}, 0
        for run in range(args.runs):
            order = [("searchbar", [args.cli, "filter", query]), ("fzf", ["fzf", "--filter", query])]
            if run % 2:
                order.reverse()
            for name, command in order:
                ms, digest, count = timed(command, data)
                times[name].append(ms)
                digests[name] = digest
                matches = count
        ours, theirs = statistics.median(times["searchbar"]), statistics.median(times["fzf"])
        rows.append({"query": query, "lines": LINES, "matches": matches, "runs": args.runs,
                     "searchbar_ms": round(ours, 1), "fzf_ms": round(theirs, 1),
                     "speedup": round(theirs / ours, 2), "same_output": digests["searchbar"] == digests["fzf"]})
        print(f"  {query}: searchbar {ours:.0f} ms, fzf {theirs:.0f} ms, {matches} matches", file=sys.stderr)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=2) + "\n")
    if args.markdown:
        print("| query (300,000 paths) | matches | searchbar filter ms | fzf --filter ms | searchbar speed-up | same output |")
        print("| --- | ---: | ---: | ---: | ---: | --- |")
        for r in rows:
            print(f"| `{r['query']}` | {r['matches']:,} | {r['searchbar_ms']:,} | {r['fzf_ms']:,} | "
                  f"{r['speedup']}x | {'yes' if r['same_output'] else 'no'} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
