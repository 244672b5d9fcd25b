#!/usr/bin/env python3
"""Index file benchmark: build an index of N titles, save it, open it in fresh processes, and
compare the first typing pass after the open with a second (warm) pass on the same opened index
and with the same pass on the index built in memory.

  python3 bench/index_file.py [--data bench/data/titles-1m.txt] [--count N] [--runs R]
                              [--file SAVED.sbindex] [--out FILE.json] [--verify]

With --file, the index is saved there and kept; a later run with the same --file and --count
reuses it (no build, no in-memory pass), so the opens of a 5 M file can be measured many times.

Needs the Python binding importable (bench/.venv after bench/run.sh, or PYTHONPATH=
bindings/python with SEARCHBAR_LIBRARY pointing at a built libsearchbar.so). The data file is
made with `python3 bench/datasets.py titles-1m` when missing. Figures (seconds, milliseconds):
build, save, file size, open (wall time of Index.open in a process that has loaded the library
and ICU but made no index), and per mode the p95 of every keystroke of the bench's queries
typed once, after the open and on the freshly built index (neither has seen the queries: both
result caches are empty). The open is reported as wall time and as the process's CPU time
(user + system, all threads), which a busy machine disturbs less. The page cache is warm (the file was just written). Memory after the
open comes from /proc/self/smaps_rollup: the anonymous memory the open added (the process's own
copies) and the file-backed resident memory (pages of the mapped file, shared page cache).
Each of the --runs opens is a fresh process; the report gives every run and their medians.
With --verify the opens also check every section's checksum and the sort orders
(Index.open(path, verify=True)); without it they check the bounds alone (the default)."""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from keystrokes import MULTILINGUAL  # noqa: E402

MODES = ["prefix", "contains", "fuzzy"]
LIMIT = 50


def p95(values):
    ordered = sorted(values)
    return ordered[max(0, -(-95 * len(ordered) // 100) - 1)] if ordered else 0.0


def typing_pass(index):
    """Per mode: milliseconds of every keystroke of every query, typed once, plus the first."""
    result = {}
    for mode in MODES:
        times = []
        for query in MULTILINGUAL:
            for end in range(1, len(query) + 1):
                start = time.perf_counter()
                index.search(query[:end], limit=LIMIT, mode=mode)
                times.append((time.perf_counter() - start) * 1000)
        result[mode] = {"first_ms": times[0], "p95_ms": p95(times), "max_ms": max(times)}
    return result


def memory():
    """Kilobytes of anonymous and of file-backed resident memory of this process."""
    fields = {}
    with open("/proc/self/smaps_rollup") as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 2 and parts[0].endswith(":") and parts[1].isdigit():
                fields[parts[0][:-1]] = int(parts[1])
    return {"anonymous_kb": fields.get("Anonymous", 0), "file_kb": fields.get("Rss", 0) - fields.get("Anonymous", 0)}


def child(path, verify):
    import searchbar

    searchbar.fold("warm up ICU")  # the library and ICU loaded, as in a host that just started
    before = memory()
    start, cpu = time.perf_counter(), time.process_time()
    index = searchbar.Index.open(path, verify=True) if verify else searchbar.Index.open(path)
    opened, opened_cpu = time.perf_counter() - start, time.process_time() - cpu
    after = memory()
    first = typing_pass(index)
    after_typing = memory()
    warm = typing_pass(index)
    out = {"open_s": opened, "open_cpu_s": opened_cpu, "count": len(index), "typing": first, "warm_typing": warm,
           "anonymous_after_open_kb": after["anonymous_kb"] - before["anonymous_kb"],
           "file_after_open_kb": after["file_kb"] - before["file_kb"],
           "anonymous_after_typing_kb": after_typing["anonymous_kb"] - before["anonymous_kb"],
           "file_after_typing_kb": after_typing["file_kb"] - before["file_kb"]}
    print(json.dumps(out))


def median_of(runs, *keys):
    values = []
    for run in runs:
        value = run
        for key in keys:
            value = value[key]
        values.append(value)
    return statistics.median(values)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", default=os.path.join(HERE, "data", "titles-1m.txt"))
    parser.add_argument("--count", type=int, default=1_000_000)
    parser.add_argument("--out")
    parser.add_argument("--runs", type=int, default=3, help="opens, each in a fresh process")
    parser.add_argument("--file", help="save here and keep; reused when it exists")
    parser.add_argument("--markdown", action="store_true", help="print a markdown table instead of text")
    parser.add_argument("--verify", action="store_true", help="open with verify=True (checksums and sort orders)")
    parser.add_argument("--open-child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.open_child:
        return child(args.open_child, args.verify)
    import searchbar

    if not os.path.exists(args.data):
        subprocess.run([sys.executable, os.path.join(HERE, "datasets.py"), "titles-1m"], check=True)
    with open(args.data, encoding="utf-8") as f:
        lines = [line.rstrip("\n") for _, line in zip(range(args.count), f)]
    raw = sum(len(line.encode()) for line in lines)
    report = {"items": len(lines), "raw_text_bytes": raw, "verify": args.verify}
    if args.file and os.path.exists(args.file):
        path = args.file
    else:
        before = memory()
        index = searchbar.Index(mode="prefix")
        start = time.perf_counter()
        index.add(list(enumerate(lines)))
        report["build_s"] = time.perf_counter() - start
        grown = memory()
        report["rss_growth_kb"] = grown["anonymous_kb"] + grown["file_kb"] - before["anonymous_kb"] - before["file_kb"]
        report["built_in_memory"] = typing_pass(index)
        folder = tempfile.mkdtemp(dir=os.path.join(HERE, "out") if os.path.isdir(os.path.join(HERE, "out")) else None)
        path = args.file or os.path.join(folder, "titles.sbindex")
        start = time.perf_counter()
        index.save(path)
        report["save_s"] = time.perf_counter() - start
        del index
    report["file_bytes"] = os.path.getsize(path)
    runs = []
    for _ in range(args.runs):
        command = [sys.executable, __file__, "--open-child", path] + (["--verify"] if args.verify else [])
        runs.append(json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout))
    if not args.file:
        os.remove(path)
        os.rmdir(os.path.dirname(path))
    report["runs"] = runs
    report["median"] = {
        "open_s": median_of(runs, "open_s"),
        "open_cpu_s": median_of(runs, "open_cpu_s"),
        "anonymous_after_open_kb": median_of(runs, "anonymous_after_open_kb"),
        "file_after_open_kb": median_of(runs, "file_after_open_kb"),
        "anonymous_after_typing_kb": median_of(runs, "anonymous_after_typing_kb"),
        "first_pass_p95_ms": {mode: median_of(runs, "typing", mode, "p95_ms") for mode in MODES},
        "warm_pass_p95_ms": {mode: median_of(runs, "warm_typing", mode, "p95_ms") for mode in MODES},
    }
    m = report["median"]
    if args.out:
        with open(args.out, "w") as f:
            json.dump(report, f, indent=1)
    if args.markdown:
        return print(markdown(report))
    built = "" if "build_s" not in report else f"build {report['build_s']:.2f} s, save {report['save_s']:.2f} s, "
    print(f"{len(lines):,} titles ({raw / 1e6:.1f} MB): {built}file {report['file_bytes'] / 1e6:.1f} MB; "
          f"medians of {len(runs)} opens: open {m['open_s'] * 1000:.0f} ms "
          f"({m['open_cpu_s'] * 1000:.0f} ms CPU), anonymous memory "
          f"{m['anonymous_after_open_kb'] / 1e3:.0f} MB ({m['anonymous_after_open_kb'] * 1e3 / raw:.2f}x the text), "
          f"file-backed {m['file_after_open_kb'] / 1e3:.0f} MB")
    for mode in MODES:
        a, w = m["first_pass_p95_ms"][mode], m["warm_pass_p95_ms"][mode]
        line = f"  {mode:8} p95 first pass after open {a:.2f} ms, warm pass {w:.2f} ms ({a / w:.2f}x)"
        if "built_in_memory" in report:
            line += f"; built in memory {report['built_in_memory'][mode]['p95_ms']:.2f} ms"
        print(line)
    print("  opens (ms): " + ", ".join(f"{run['open_s'] * 1000:.0f}" for run in runs))


def markdown(report):
    """The report as a paragraph and a markdown table, one row per mode."""
    raw, m = report["raw_text_bytes"], report["median"]
    built = ""
    if "build_s" in report:
        built = (f"build {report['build_s']:.1f} s through the Python binding, resident growth "
                 f"{report['rss_growth_kb'] / 1024:,.0f} MB ({report['rss_growth_kb'] * 1024 / raw:.2f}x the text); "
                 f"save {report['save_s']:.1f} s, ")
    lines = [f"{report['items']:,} titles ({raw / 1e6:.0f} MB): {built}file {report['file_bytes'] / 1e6:,.0f} MB. "
             f"Medians of {len(report['runs'])} opens, each in a fresh process (page cache warm): open "
             f"{m['open_s'] * 1000:,.0f} ms ({m['open_cpu_s'] * 1000:,.0f} ms CPU), then "
             f"{m['anonymous_after_open_kb'] / 1024:,.0f} MB more anonymous memory "
             f"({m['anonymous_after_open_kb'] * 1024 / raw:.2f}x the text) and "
             f"{m['file_after_open_kb'] / 1024:,.0f} MB of file-backed pages.", "",
             "| mode | p95 first pass after open ms | p95 warm pass ms | ratio | p95 built in memory ms |",
             "| --- | ---: | ---: | ---: | ---: |"]
    for mode in MODES:
        a, w = m["first_pass_p95_ms"][mode], m["warm_pass_p95_ms"][mode]
        built_p95 = f"{report['built_in_memory'][mode]['p95_ms']:.1f}" if "built_in_memory" in report else ""
        lines.append(f"| {mode} | {a:.1f} | {w:.1f} | {a / w:.2f}x | {built_p95} |")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
