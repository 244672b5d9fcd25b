#!/usr/bin/env python3
"""Ingestion benchmark: adding a dataset's lines through the Python binding in one batch, in
batches of 10,000 tuples (a host streaming rows from a database) and in batches of 100,000
dicts, with the binding's packing (Python, under the GIL) timed apart from the library's
sb_index_add_packed; and a user's keystroke latency while another thread removes and updates
items 1,000 times a second.

Each scenario runs in a fresh process (`--worker`), `--runs` times (scenarios taking turns);
the tables give the median over the runs.

  python3 bench/ingest.py                      # titles-1m, 3 runs, every scenario
  python3 bench/ingest.py --count 100000 --runs 1
  python3 bench/ingest.py --scenarios one,batches

Scenarios:
  one       add(list of (id, title)), one call
  batches   100 calls of 10,000 (id, title) tuples (count / 100 per call)
  dicts     10 calls of 100,000 {"id", "title"} dicts (count / 10 per call)
  typing    the bench's multilingual queries and 60 words drawn from the titles typed keystroke
            by keystroke (prefix mode, limit 50, one keystroke every 20 ms), first on a quiet
            index, then while a writer thread removes items and replaces others (half each),
            1,000 items a second (every 10 ms the items due since it started)

"add s" is the wall time of the add calls as the host sees them; "merged s" adds the wait for
the index's merges to leave one segment (Index.merge(), when the binding has it), so a figure
never hides work still running; "pack s" is the part spent in the binding's packing (_packed),
"C s" the part in sb_index_add_packed. The typing rows also give the p95 of the keystrokes past
the second character apart (the result cache keeps one- and two-character searches, and after a
write answers them again from their kept hits and the segments written since).

Run it with a Python that imports searchbar (e.g. SEARCHBAR_LIBRARY=build/libsearchbar.so
PYTHONPATH=bindings/python).
"""

import argparse
import ctypes
import json
import os
import random
import statistics
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from keystrokes import MULTILINGUAL, keystrokes, summary  # noqa: E402

SCENARIOS = ["one", "batches", "dicts", "typing"]


def read_lines(path, count):
    lines = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if len(lines) >= count:
                break
            lines.append(line.rstrip("\n"))
    return lines


def add_timed(index, items):
    """Adds one batch as Index.add does; returns (pack seconds, C seconds)."""
    from searchbar import _index
    from searchbar._ffi import lib

    start = time.perf_counter()
    packed = _index._packed(items)
    packed_at = time.perf_counter()
    lib.sb_index_add_packed(index._handle, ctypes.byref(packed.struct))
    added_at = time.perf_counter()
    del packed
    if len(items) >= _index._RELEASE_AFTER:
        lib.sb_release_memory()
    return packed_at - start, added_at - packed_at


def wait_merged(index):
    """Waits for the index's background merge when the library has one; returns the seconds."""
    wait = getattr(index, "merge", None)
    start = time.perf_counter()
    if wait is not None:
        wait()
    return time.perf_counter() - start


def ingest(lines, scenario):
    import searchbar

    index = searchbar.Index(mode="prefix")
    n = len(lines)
    if scenario == "one":
        batches = [list(enumerate(lines))]
    elif scenario == "batches":
        size = max(1, n // 100)
        batches = [[(i, lines[i]) for i in range(s, min(n, s + size))] for s in range(0, n, size)]
    else:
        size = max(1, n // 10)
        batches = [[{"id": i, "title": lines[i]} for i in range(s, min(n, s + size))] for s in range(0, n, size)]
    pack = c = 0.0
    start = time.perf_counter()
    for batch in batches:
        p, a = add_timed(index, batch)
        pack += p
        c += a
    added = time.perf_counter() - start
    merge_wait = wait_merged(index)
    assert len(index) == n, (len(index), n)
    return {"add": added, "merged": added + merge_wait, "pack": pack, "c": c, "batches": len(batches)}


def typing(lines, tick=0.010, rate=1000, pause=0.020, random_words=60):
    import searchbar

    index = searchbar.Index(mode="prefix")
    index.add(list(enumerate(lines)))
    wait_merged(index)
    index.search("zzzz warm up", limit=50)
    # The bench's multilingual queries and words drawn from the titles, typed once: a user types
    # new text, so no keystroke repeats an earlier one (which the result cache would answer).
    words = random_words_of(lines, random_words)
    keys = [k for q in MULTILINGUAL + words for k in keystrokes(q)]

    def type_all():
        latencies = []
        for k in keys:
            start = time.perf_counter()
            index.search(k, limit=50)
            latencies.append((time.perf_counter() - start) * 1000)
            time.sleep(pause)
        return latencies

    quiet = type_all()
    # Keystrokes of 1-2 characters are answered from the result cache when an earlier query
    # started alike (patched with the segments written since, after a write). The rest apart:
    longer = [i for i, k in enumerate(keys) if len(k) > 2]
    stop = threading.Event()
    done = {"items": 0}

    def writer():
        # Every tick, the items due at `rate` a second since the start: half removed, half
        # replaced by an item with another line's title (an update).
        rng = random.Random(11)
        n = len(lines)
        begun = time.perf_counter()
        while not stop.is_set():
            due = int((time.perf_counter() - begun) * rate) - done["items"]
            if due >= 2:
                index.remove(rng.sample(range(n), due // 2))
                index.add([(rng.randrange(n), lines[rng.randrange(n)]) for _ in range(due - due // 2)])
                done["items"] += due
            time.sleep(tick)

    thread = threading.Thread(target=writer)
    started = time.perf_counter()
    thread.start()
    busy = type_all()
    stop.set()
    thread.join()
    elapsed = time.perf_counter() - started
    wait_merged(index)
    return {"quiet": summary(quiet), "busy": summary(busy), "writes_per_s": done["items"] / elapsed,
            "quiet_longer": summary([quiet[i] for i in longer]), "busy_longer": summary([busy[i] for i in longer])}


def random_words_of(lines, count, seed=5):
    """`count` distinct alphabetic words of 4+ letters from the first 200,000 lines."""
    words = sorted({w for line in lines[:200_000] for w in line.split() if len(w) >= 4 and w.isalpha()})
    return random.Random(seed).sample(words, min(count, len(words)))


def worker(args):
    lines = read_lines(args.data, args.count)
    if args.worker == "typing":
        result = typing(lines)
    else:
        result = ingest(lines, args.worker)
    print(json.dumps(result))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", default=os.path.join(HERE, "data", "titles-1m.txt"))
    parser.add_argument("--count", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--scenarios", default=",".join(SCENARIOS))
    parser.add_argument("--out", help="also write the raw runs as JSON here")
    parser.add_argument("--worker", choices=SCENARIOS, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        return worker(args)
    scenarios = args.scenarios.split(",")
    runs = {s: [] for s in scenarios}
    for r in range(args.runs):
        order = scenarios if r % 2 == 0 else scenarios[::-1]
        for s in order:
            out = subprocess.run(
                [sys.executable, __file__, "--worker", s, "--data", args.data, "--count", str(args.count)],
                check=True, capture_output=True, text=True).stdout
            runs[s].append(json.loads(out.strip().splitlines()[-1]))
            print(s, runs[s][-1], file=sys.stderr, flush=True)
    med = lambda values: statistics.median(values)
    print(f"{args.count:,} lines of {os.path.basename(args.data)}, median of {args.runs} run(s)")
    print("| scenario | add s | merged s | pack s | C s |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for s in scenarios:
        if s == "typing":
            continue
        rs = runs[s]
        print(f"| {s} ({rs[0]['batches']} calls) | {med([r['add'] for r in rs]):.2f} | {med([r['merged'] for r in rs]):.2f}"
              f" | {med([r['pack'] for r in rs]):.2f} | {med([r['c'] for r in rs]):.2f} |")
    if "one" in runs and "batches" in runs:
        ratio = med([r["merged"] for r in runs["batches"]]) / med([r["merged"] for r in runs["one"]])
        print(f"batches / one (merged): {ratio:.2f}x")
    if "typing" in runs:
        rs = runs["typing"]
        q = med([r["quiet"]["p95"] for r in rs])
        b = med([r["busy"]["p95"] for r in rs])
        print(f"typing p95: quiet {q:.2f} ms, with writes {b:.2f} ms ({b / q - 1:+.0%});"
              f" median quiet {med([r['quiet']['median'] for r in rs]):.2f} ms,"
              f" with writes {med([r['busy']['median'] for r in rs]):.2f} ms;"
              f" writes {med([r['writes_per_s'] for r in rs]):.0f} items/s")
        q3 = med([r["quiet_longer"]["p95"] for r in rs])
        b3 = med([r["busy_longer"]["p95"] for r in rs])
        print(f"typing p95 of keystrokes past the second character: quiet {q3:.2f} ms, with writes {b3:.2f} ms"
              f" ({b3 / q3 - 1:+.0%})")
    if args.out:
        with open(args.out, "w") as f:
            json.dump(runs, f, indent=1)


if __name__ == "__main__":
    main()
