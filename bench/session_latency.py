#!/usr/bin/env python3
"""End-to-end keystroke latency of a search-bar session: from the host's call that types a
character into a session bound to an index (typing delay 0) to the moment the host takes that
keystroke's results event from the session's event descriptor.

Two hosts, each in its own process per run:
  C        bench/session_latency.c, built here with gcc against libsearchbar.so:
           sb_session_insert_text(), then poll() on sb_session_event_fd() and
           sb_session_next_event(0) until SB_EVENT_RESULTS_READY of the query that keystroke
           issued. This is the library's own latency: executor hand-off, the search, the result
           hand-over and the descriptor's wake-up.
  Python   the same loop through the binding: Session.insert(ch), select.poll() on
           Session.fileno(), Session.next_event(0) until the 'results_ready' event. This adds
           the binding: insert() reads the text to place the character, every event taken is
           turned into an Event object.
Neither reads the hits after the event (sb_session_copy_results / Session.hits() is the
host's next step, measured apart by bench/keystrokes.py's in-process rows).

Data and queries: the bench's titles (bench/datasets.py, titles-1m by default) and its
multilingual queries (keystrokes.MULTILINGUAL), typed one code point at a time in prefix,
contains and fuzzy mode, after one warm-up query; between queries the field is cleared and the
events that follow are drained. --rounds runs (default 3) per host, C and Python taking turns,
each a fresh process and index: a keystroke's latency is its median over the runs.

Usage: session_latency.py --lib-dir DIR [--dataset titles-1m | --file PATH] [--count N]
                          [--queries N] [--rounds 3] [--json OUT] [--markdown]
       session_latency.py --worker FILE --queries JSON --modes m1,m2 [--count N]   (internal)
"""
import argparse
import json
import os
import select
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from keystrokes import LIMIT, MULTILINGUAL, combined, read_lines, summary  # noqa: E402

MODES = ["prefix", "contains", "fuzzy"]
TARGET_P95_MS = 5.0
RESULT_TIMEOUT_S = 30.0


def python_type(session, fd, query):
    """Types `query` into an empty field; per-keystroke milliseconds and the last hit count."""
    poller = select.poll()
    poller.register(fd, select.POLLIN)
    latencies, count = [], 0
    for typed in (query[:n] for n in range(1, len(query) + 1)):
        start = time.perf_counter()
        session.insert(typed[-1])
        if not typed.strip():
            continue  # a text of spaces is not searched
        generation, done = 0, False
        deadline = start + RESULT_TIMEOUT_S
        while not done:
            event = session.next_event(0)
            if event is None:
                if time.perf_counter() > deadline:
                    raise SystemExit(f"no results for {typed!r} within {RESULT_TIMEOUT_S:.0f} s")
                poller.poll(1000)
                continue
            if event.kind == "update_search_results":
                generation = event.generation
            elif event.kind == "results_ready" and generation and event.generation == generation:
                count, done = event.count, True
            elif event.kind == "error":
                print(f"error event: {event.text}", file=sys.stderr)
        latencies.append((time.perf_counter() - start) * 1000)
    session.text = ""
    for _ in session.events(timeout=0.1):
        pass
    return latencies, count


def worker(path, queries, modes, count):
    """One Python host run: build, then type every query in every mode; prints JSON."""
    import searchbar

    lines = read_lines(path)
    if count:
        lines = lines[:count]
    index = searchbar.Index(mode="prefix")
    start = time.perf_counter()
    index.add(list(enumerate(lines)))
    build_s = time.perf_counter() - start
    del lines
    result = {"build_s": build_s, "rss_growth": None, "modes": {}}
    for mode in modes:
        with searchbar.Session(index) as session:
            session.timing = {"delay_ms": 0, "stall_ms": 0}
            session.set_search_options(mode=mode, limit=LIMIT)
            session.active = True
            session.begin_editing()
            fd = session.fileno()
            for _ in session.events(timeout=0.1):
                pass
            python_type(session, fd, "zqxj")  # warm-up, as bench/keystrokes.py does
            per_query, hits = [], 0
            for query in queries:
                latencies, found = python_type(session, fd, query)
                per_query.append(latencies)
                hits += found
        result["modes"][mode] = {"per_query": per_query, "final_hits": hits}
    json.dump(result, sys.stdout)


def build_c(lib_dir, out_dir):
    """Compiles bench/session_latency.c against libsearchbar.so in lib_dir; returns its path."""
    binary = os.path.join(out_dir, "session_latency")
    subprocess.run(["gcc", "-O2", "-std=c11", "-Wall", "-Wextra", "-Werror", "-I", os.path.join(ROOT, "include"),
                    "-o", binary, os.path.join(HERE, "session_latency.c"), "-L", lib_dir, "-lsearchbar",
                    f"-Wl,-rpath,{lib_dir}"], check=True)
    return binary


def run_json(command):
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command[:2])} failed:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout)


def fmt(value):
    return f"{value:.2f}" if value < 10 else f"{value:.1f}"


def markdown(results):
    """The table of bench/README.md's end-to-end section."""
    info = results["dataset"]
    lines = [f"{info['name']}: {info['lines']:,} titles ({info['bytes'] / 1e6:.0f} MB), {len(info['queries'])} queries, "
             f"{results['rounds']} runs per host; a keystroke's time is its median over the runs.", "",
             "| mode | host | keystrokes (queries) | median ms | p95 ms | max ms | p95 of each run ms | "
             f"p95 < {TARGET_P95_MS:g} ms | build s |",
             "| --- | --- | ---: | ---: | ---: | ---: | ---: | --- | ---: |"]
    for r in results["rows"]:
        runs = ", ".join(fmt(p) for p in r["run_p95"])
        verdict = "met" if r["p95"] < TARGET_P95_MS else "**missed**"
        lines.append(f"| {r['mode']} | {r['host']} | {r['n']} ({r['queries']}) | {fmt(r['median'])} | {fmt(r['p95'])} | "
                     f"{fmt(r['max'])} | {runs} | {verdict} | {r['build_s']:.2f} |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lib-dir", help="directory holding libsearchbar.so (bench/run.sh: build-bench)")
    parser.add_argument("--dataset", default="titles-1m", help="bench/data/NAME.txt")
    parser.add_argument("--file", help="a titles file to use instead of a dataset (one title a line)")
    parser.add_argument("--count", type=int, default=0, help="index only the first N lines (0: all)")
    parser.add_argument("--queries", type=int, default=0, help="type only the first N queries (0: all)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--hosts", default="c,python")
    parser.add_argument("--json", help="write the measurements here")
    parser.add_argument("--out-dir", default=os.path.join(HERE, "out"), help="where the C host is built")
    parser.add_argument("--markdown", action="store_true", help="print the markdown table on stdout")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--worker-queries", help=argparse.SUPPRESS)
    parser.add_argument("--modes", default=",".join(MODES))
    args = parser.parse_args()
    modes = args.modes.split(",")
    if args.worker:
        return worker(args.worker, json.loads(args.worker_queries), modes, args.count)
    if not args.lib_dir:
        raise SystemExit("--lib-dir must name the directory holding libsearchbar.so")
    path = os.path.abspath(args.file) if args.file else os.path.join(HERE, "data", f"{args.dataset}.txt")
    if not os.path.exists(path):
        raise SystemExit(f"{path} is missing: run bench/datasets.py {args.dataset}")
    name = os.path.basename(path) if args.file else args.dataset
    queries = MULTILINGUAL[: args.queries or None]
    with open(path, "rb") as f:
        lines = sum(1 for _ in f)
    lines = min(lines, args.count) if args.count else lines
    size = os.path.getsize(path) if not args.count else None
    out_dir = args.out_dir
    os.makedirs(out_dir, exist_ok=True)
    hosts = args.hosts.split(",")
    binary = build_c(os.path.abspath(args.lib_dir), out_dir) if "c" in hosts else None
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".txt", delete=False) as listing:
        listing.write("\n".join(queries) + "\n")
    commands = {
        "c": [binary, "--file", path, "--queries", listing.name, "--count", str(args.count), "--modes", ",".join(modes)],
        "python": [sys.executable, os.path.abspath(__file__), "--worker", path, "--worker-queries", json.dumps(queries),
                   "--modes", ",".join(modes), "--count", str(args.count)],
    }
    outcomes = {host: [] for host in hosts}
    try:
        for round_number in range(max(1, args.rounds)):
            for host in hosts if round_number % 2 == 0 else reversed(hosts):
                started = time.perf_counter()
                outcomes[host].append(run_json(commands[host]))
                print(f"  session {host}, round {round_number + 1}: {time.perf_counter() - started:.1f} s",
                      file=sys.stderr, flush=True)
    finally:
        os.unlink(listing.name)
    if size is None:
        with open(path, "rb") as f:
            size = sum(len(line) for _, line in zip(range(lines), f))
    rows = []
    for mode in modes:
        for host in hosts:
            merged = combined(outcomes[host])["modes"][mode]
            flat = [v for latencies in merged["per_query"] for v in latencies]
            run_p95 = [summary([v for q in o["modes"][mode]["per_query"] for v in q])["p95"] for o in outcomes[host]]
            rows.append({"mode": mode, "host": {"c": "C", "python": "Python (binding)"}[host], **summary(flat),
                         "queries": len(merged["per_query"]), "per_query": merged["per_query"],
                         "final_hits": merged["final_hits"], "run_p95": run_p95,
                         "build_s": sorted(o["build_s"] for o in outcomes[host])[len(outcomes[host]) // 2]})
    results = {"dataset": {"name": name, "lines": lines, "bytes": size, "queries": queries},
               "rounds": max(1, args.rounds), "limit": LIMIT, "target_p95_ms": TARGET_P95_MS, "rows": rows}
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(results, f, ensure_ascii=False, indent=1)
    print(markdown(results), file=sys.stdout if args.markdown else sys.stderr)


if __name__ == "__main__":
    main()
