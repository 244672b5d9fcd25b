#!/usr/bin/env python3
"""Ingestion benchmark: adding a dataset's lines through the Python binding in one batch, in
batches of 10,000 tuples (a host streaming rows from a database) and in batches of 100,000
dicts, with the binding's packing (Python, under the GIL) timed apart from the library's
sb_index_add_packed; and a user's keystroke latency while another thread removes and updates
items 1,000 times a second. Beside them the same lines go into the in-process peers of the
keystroke benchmark, built as keystrokes.py builds them (its engine classes): tantivy (in RAM)
in one commit and in 100 commits, and SQLite FTS5 unicode61 (in memory) in one transaction and
in 100, which is what a host streaming rows into them does to make the rows searchable.

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
            by keystroke (prefix mode, limit 50, one keystroke every 20 ms): once to warm up,
            then in four passes, while a writer thread removes items and replaces others (half
            each, 1,000 items a second: every 10 ms the items due since the pass started), on a
            quiet index (merged into one segment, no merge running), quiet again, with writes
            again; the two sides alternate (ABBA) so that a load drifting during the run weighs
            on both alike. The load average is recorded at the start and end of the passes.
  typing-loaded
            the same beside 2 busy-loop processes (a host whose cores are busy), started before
            the warm-up and stopped after the last pass
  tantivy-one, tantivy-batches
            tantivy's writer (2 threads, 256 MB heap) given every title, committed once, or
            committed after every count / 100 titles
  fts5-one, fts5-batches
            INSERT of every title into an FTS5 unicode61 table in one transaction, or in 100

"add s" is the wall time of the add calls as the host sees them; "merged s" adds the wait for
the index's merges to leave one segment (Index.merge(), when the binding has it), so a figure
never hides work still running; "pack s" is the part spent in the binding's packing (_packed),
"C s" the part in sb_index_add_packed. For the peers, "add s" runs to the last commit and
"merged s" to the end of the merges the commits started (tantivy's wait_merging_threads; FTS5
merges inside its transactions). "CPU s" is the process's CPU time (all threads) over the
merged span; a shared machine disturbs it less than the wall time. The markdown gives, per
scenario, merged / the same engine's one batch and, for a peer, its time / searchbar's in the
same scenario (above 1: searchbar is faster). "RSS growth" is the process's resident memory
after the merges minus before the first add, with the engine warmed up first on a one-line index
it dropped (keystrokes.warm_up: the library's code, threads and mapped data are paid once per
process, not per index), over the text's size in bytes; "of which anonymous" leaves out the
file-backed pages (code, ICU data). The typing rows also give the p95 of the
keystrokes past the second character apart (the result cache keeps one- and two-character
searches, and after a write answers them again from their kept hits and the segments written
since).

Run it with a Python that imports searchbar (e.g. SEARCHBAR_LIBRARY=build/libsearchbar.so
PYTHONPATH=bindings/python).
"""

import argparse
import gc
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
from keystrokes import ENGINES, MULTILINGUAL, keystrokes, memory_bytes, summary, warm_up  # noqa: E402

SCENARIOS = ["one", "batches", "dicts", "typing", "typing-loaded", "tantivy-one", "tantivy-batches", "fts5-one", "fts5-batches"]
# The peers' scenarios: (engine of keystrokes.py, searchbar's scenario they stand beside, commits).
PEERS = {"tantivy-one": ("tantivy", "one", 1), "tantivy-batches": ("tantivy", "batches", 100),
         "fts5-one": ("fts5-unicode61", "one", 1), "fts5-batches": ("fts5-unicode61", "batches", 100)}
# The typing scenarios: how many busy-loop processes run beside them.
TYPING = {"typing": 0, "typing-loaded": 2}
# What one batch is, per engine.
UNIT = {"searchbar": "call", "tantivy": "commit", "fts5-unicode61": "transaction"}


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
    packed = _index._add_packed(index._handle, items, packed)
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


def grown(before):
    """Resident and anonymous memory grown since `before` (memory_bytes()), after a collection."""
    gc.collect()
    after = memory_bytes()
    return {"rss_growth": after["rss"] - before["rss"], "anonymous_growth": after["anonymous"] - before["anonymous"]}


def ingest(lines, scenario):
    import searchbar

    warm_up("searchbar", "prefix")
    n = len(lines)
    if scenario == "one":
        batches = [list(enumerate(lines))]
    elif scenario == "batches":
        size = max(1, n // 100)
        batches = [[(i, lines[i]) for i in range(s, min(n, s + size))] for s in range(0, n, size)]
    else:
        size = max(1, n // 10)
        batches = [[{"id": i, "title": lines[i]} for i in range(s, min(n, s + size))] for s in range(0, n, size)]
    gc.collect()
    before = memory_bytes()
    index = searchbar.Index(mode="prefix")
    pack = c = 0.0
    start, cpu = time.perf_counter(), time.process_time()
    for batch in batches:
        p, a = add_timed(index, batch)
        pack += p
        c += a
    added = time.perf_counter() - start
    merge_wait = wait_merged(index)
    cpu = time.process_time() - cpu
    assert len(index) == n, (len(index), n)
    return {"add": added, "merged": added + merge_wait, "cpu": cpu, "pack": pack, "c": c, "batches": len(batches),
            **grown(before)}


def ingest_peer(lines, scenario):
    """One peer's index of `lines`, built by keystrokes.py's engine with a commit (tantivy) or
    a transaction (FTS5) every len(lines) / commits lines."""
    name, _, commits = PEERS[scenario]
    warm_up(name, "prefix")
    before = memory_bytes()
    engine = ENGINES[name]()
    batch = None if commits == 1 else max(1, len(lines) // commits)
    start, cpu = time.perf_counter(), time.process_time()
    engine.build(lines, batch=batch)
    merged, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {"add": engine.committed_at - start, "merged": merged, "cpu": cpu,
            "batches": commits if commits == 1 else -(-len(lines) // batch), **grown(before)}


def typing(lines, hogs=0, tick=0.010, rate=1000, pause=0.020, random_words=60):
    """The keystroke latency of a user typing while a writer removes and updates `rate` items a
    second, against the same typing on a quiet index, with `hogs` busy-loop processes beside it
    (a loaded host). The keys are typed once to warm up, then in four passes, with writes,
    quiet, quiet, with writes (ABBA: a load that drifts during the run weighs on both sides
    alike); a quiet pass starts on an index merged into one segment with no merge running."""
    import searchbar

    index = searchbar.Index(mode="prefix")
    index.add(list(enumerate(lines)))
    wait_merged(index)
    # The bench's multilingual queries and words drawn from the titles. Within a pass no
    # keystroke repeats an earlier one of the same snapshot (which the result cache would answer).
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

    done = {"items": 0, "seconds": 0.0}

    def with_writes():
        stop = threading.Event()
        rng = random.Random(11 + done["items"])
        n = len(lines)

        def writer():
            # Every tick, the items due at `rate` a second since the start: half removed, half
            # replaced by an item with another line's title (an update).
            begun, written = time.perf_counter(), 0
            while not stop.is_set():
                due = int((time.perf_counter() - begun) * rate) - written
                if due >= 2:
                    index.remove(rng.sample(range(n), due // 2))
                    index.add([(rng.randrange(n), lines[rng.randrange(n)]) for _ in range(due - due // 2)])
                    written += due
                time.sleep(tick)
            done["items"] += written

        thread = threading.Thread(target=writer)
        started = time.perf_counter()
        thread.start()
        try:
            return type_all()
        finally:
            stop.set()
            thread.join()
            done["seconds"] += time.perf_counter() - started

    def quiet():
        wait_merged(index)
        return type_all()

    hog_processes = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(hogs)]
    try:
        load_before = os.getloadavg()[0]
        type_all()  # warm-up, not counted
        passes = {"busy": [], "quiet": []}
        for kind in ("busy", "quiet", "quiet", "busy"):
            passes[kind] += with_writes() if kind == "busy" else quiet()
        load_after = os.getloadavg()[0]
    finally:
        for hog in hog_processes:
            hog.kill()
            hog.wait()
    wait_merged(index)
    # Keystrokes of 1-2 characters are answered from the result cache when an earlier query
    # started alike (patched with the segments written since, after a write). The rest apart:
    longer = [i for i, k in enumerate(keys * 2) if len(k) > 2]
    result = {"hogs": hogs, "load": [load_before, load_after], "writes_per_s": done["items"] / done["seconds"]}
    for kind, latencies in passes.items():
        result[kind] = summary(latencies)
        result[kind + "_longer"] = summary([latencies[i] for i in longer])
    return result


def random_words_of(lines, count, seed=5):
    """`count` distinct alphabetic words of 4+ letters from the first 200,000 lines."""
    words = sorted({w for line in lines[:200_000] for w in line.split() if len(w) >= 4 and w.isalpha()})
    return random.Random(seed).sample(words, min(count, len(words)))


def worker(args):
    lines = read_lines(args.data, args.count)
    if args.worker in TYPING:
        result = typing(lines, hogs=TYPING[args.worker])
    elif args.worker in PEERS:
        result = ingest_peer(lines, args.worker)
    else:
        result = ingest(lines, args.worker)
    print(json.dumps(result))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", default=os.path.join(HERE, "data", "titles-1m.txt"))
    parser.add_argument("--count", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--scenarios", default=",".join(SCENARIOS))
    parser.add_argument("--out", help="also write the runs as JSON here")
    parser.add_argument("--from-json", help="print the markdown of an earlier run's --out JSON and exit")
    parser.add_argument("--worker", choices=SCENARIOS, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.from_json:
        with open(args.from_json, encoding="utf-8") as f:
            return print(markdown(json.load(f)))
    if args.worker:
        return worker(args)
    scenarios = args.scenarios.split(",")
    unknown = set(scenarios) - set(SCENARIOS)
    if unknown:
        raise SystemExit(f"--scenarios: unknown {', '.join(sorted(unknown))} (known: {', '.join(SCENARIOS)})")
    text_bytes = sum(len(line.encode()) + 1 for line in read_lines(args.data, args.count))
    report = {"count": args.count, "data": os.path.basename(args.data), "bytes": text_bytes, "scenarios": scenarios,
              "load_before": open("/proc/loadavg").read().split()[:3], "runs": {s: [] for s in scenarios}}
    runs = report["runs"]
    for r in range(args.runs):
        order = scenarios if r % 2 == 0 else scenarios[::-1]
        for s in order:
            done = subprocess.run(
                [sys.executable, __file__, "--worker", s, "--data", args.data, "--count", str(args.count)],
                capture_output=True, text=True)
            if done.returncode != 0:
                raise SystemExit(f"ingest.py --worker {s} failed:\n{done.stderr[-2000:]}")
            runs[s].append(json.loads(done.stdout.strip().splitlines()[-1]))
            print(s, runs[s][-1], file=sys.stderr, flush=True)
    report["load_after"] = open("/proc/loadavg").read().split()[:3]
    if args.out:
        with open(args.out, "w") as f:
            json.dump(report, f, indent=1)
    print(markdown(report))


def engine_of(scenario):
    return PEERS[scenario][0] if scenario in PEERS else "searchbar"


def markdown(report):
    """The runs' medians: one table of every ingestion scenario, searchbar's and the peers',
    with each scenario's merged time over its engine's one batch and a peer's over searchbar's
    in the same scenario (wall / CPU); then the typing rows."""
    runs = report["runs"]
    med = lambda s, key: statistics.median(r[key] for r in runs[s])
    count = max(len(rs) for rs in runs.values())
    load = ""
    if report.get("load_before") and report.get("load_after"):
        load = f"; load average {' '.join(report['load_before'])} before, {' '.join(report['load_after'])} after"
    added = [s for s in report["scenarios"] if s not in TYPING and runs.get(s)]
    lines = [f"{report['count']:,} lines of {report['data']}, median of {count} run(s){load}."]
    if added:
        lines[0] += " A peer's ratio is its time / searchbar's in the same scenario (above 1: searchbar is faster)."
        lines += ["", "| engine | scenario | add s | merged s | CPU s | pack s | C s | merged / one batch "
                  "| searchbar speed-up (merged, CPU) | RSS growth MiB (/ text) | of which anonymous MiB |",
                  "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for s in sorted(added, key=lambda s: list(UNIT).index(engine_of(s))):
        engine = engine_of(s)
        one = "one" if engine == "searchbar" else s.rsplit("-", 1)[0] + "-one"
        batches = runs[s][0]["batches"]
        label = f"{s if engine == 'searchbar' else PEERS[s][1]} ({batches} {UNIT[engine]}{'s' * (batches != 1)})"
        merged = med(s, "merged")
        own = f"{merged / med(one, 'merged'):.2f}x" if one in added else ""
        speedup = ""
        if engine != "searchbar" and PEERS[s][1] in added:
            ours = PEERS[s][1]
            speedup = f"{merged / med(ours, 'merged'):.2f}x, {med(s, 'cpu') / med(ours, 'cpu'):.2f}x"
        cpu = f"{med(s, 'cpu'):.2f}"
        pack, c = (f"{med(s, 'pack'):.2f}", f"{med(s, 'c'):.2f}") if engine == "searchbar" else ("", "")
        memory = ["", ""]
        if all("rss_growth" in r for r in runs[s]):
            rss, anonymous = med(s, "rss_growth"), med(s, "anonymous_growth")
            text = f" ({rss / report['bytes']:.2f}x)" if report.get("bytes") else ""
            memory = [f"{rss / 2**20:,.1f}{text}", f"{anonymous / 2**20:,.1f}"]
        lines.append(f"| {engine} | {label} | {med(s, 'add'):.2f} | {merged:.2f} | {cpu} | {pack} | {c} | {own} "
                     f"| {speedup} | {' | '.join(memory)} |")
    for scenario, hogs in TYPING.items():
        if scenario not in report["scenarios"] or not runs.get(scenario):
            continue
        rs = runs[scenario]
        m = lambda *keys: statistics.median(r[keys[0]][keys[1]] for r in rs)
        host = f"beside {hogs} busy-loop processes" if hogs else "no other process of the bench"
        load = statistics.median(max(r["load"]) for r in rs) if "load" in rs[0] else None
        lines += ["", f"Typing while 1,000 items a second are removed and updated (searchbar, prefix; {host}; writes "
                      f"{statistics.median(r['writes_per_s'] for r in rs):,.0f} items/s"
                      + (f"; load average {load:.1f}" if load is not None else "") + "):", "",
                  "| keystrokes | p95 quiet ms | p95 with writes ms | change | median quiet / with writes ms |",
                  "| --- | ---: | ---: | ---: | ---: |"]
        for label, quiet, busy in ((f"all ({rs[0]['quiet']['n']})", "quiet", "busy"),
                                   (f"past the second character ({rs[0]['quiet_longer']['n']})", "quiet_longer",
                                    "busy_longer")):
            q, b = m(quiet, "p95"), m(busy, "p95")
            lines.append(f"| {label} | {q:.2f} | {b:.2f} | {b / q - 1:+.0%} | {m(quiet, 'median'):.2f} / "
                         f"{m(busy, 'median'):.2f} |")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
