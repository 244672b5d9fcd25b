#!/usr/bin/env python3
"""Index file benchmark: build an index of N titles, save it, open it in a fresh process, and
compare the first typing pass after the open with the same pass on the index built in memory.

  python3 bench/index_file.py [--data bench/data/titles-1m.txt] [--count N] [--out FILE.json] [--markdown]

Needs the Python binding importable (bench/.venv after bench/run.sh, or PYTHONPATH=
bindings/python with SEARCHBAR_LIBRARY pointing at a built libsearchbar.so). The data file is
made with `python3 bench/datasets.py titles-1m` when missing. Figures (seconds, milliseconds):
build, save, file size, open (wall time of Index.open in a process that has loaded the library
and ICU but made no index), and per mode the p95 of every keystroke of the bench's queries
typed once, after the open and on the freshly built index (neither has seen the queries: both
result caches are empty). The page cache is warm (the file was just written). Memory: the
builder's resident growth while building (VmRSS, after the lines are loaded), and in the opening
process the growth of anonymous memory (RssAnon: what the open costs the host beyond the shared,
file-backed pages) and of file-backed pages (RssFile) from before the open to after the typing."""
import argparse
import json
import os
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


def status_kib(field):
    """A VmRSS / RssAnon / RssFile line of /proc/self/status, in KiB."""
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def child(path):
    import searchbar

    searchbar.fold("warm up ICU")  # the library and ICU loaded, as in a host that just started
    anon, mapped = status_kib("RssAnon"), status_kib("RssFile")
    start = time.perf_counter()
    index = searchbar.Index.open(path)
    opened = time.perf_counter() - start
    out = {"open_s": opened, "count": len(index), "typing": typing_pass(index),
           "anon_growth": (status_kib("RssAnon") - anon) * 1024, "file_growth": (status_kib("RssFile") - mapped) * 1024}
    print(json.dumps(out))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", default=os.path.join(HERE, "data", "titles-1m.txt"))
    parser.add_argument("--count", type=int, default=1_000_000)
    parser.add_argument("--out")
    parser.add_argument("--markdown", action="store_true", help="print a markdown table instead of text")
    parser.add_argument("--open-child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.open_child:
        return child(args.open_child)
    import searchbar

    if not os.path.exists(args.data):
        subprocess.run([sys.executable, os.path.join(HERE, "datasets.py"), "titles-1m"], check=True)
    with open(args.data, encoding="utf-8") as f:
        lines = [line.rstrip("\n") for _, line in zip(range(args.count), f)]
    rss_before = status_kib("VmRSS")
    index = searchbar.Index(mode="prefix")
    start = time.perf_counter()
    index.add(list(enumerate(lines)))
    build = time.perf_counter() - start
    rss_growth = (status_kib("VmRSS") - rss_before) * 1024
    built_typing = typing_pass(index)
    with tempfile.TemporaryDirectory(dir=os.path.join(HERE, "out") if os.path.isdir(os.path.join(HERE, "out")) else None) as folder:
        path = os.path.join(folder, "titles.sbindex")
        start = time.perf_counter()
        index.save(path)
        save = time.perf_counter() - start
        size = os.path.getsize(path)
        raw = sum(len(line.encode()) for line in lines)
        opened = json.loads(subprocess.run([sys.executable, __file__, "--open-child", path], check=True,
                                           capture_output=True, text=True).stdout)
    report = {"items": len(lines), "raw_text_bytes": raw, "build_s": build, "rss_growth": rss_growth, "save_s": save,
              "file_bytes": size, "open_s": opened["open_s"], "opened_count": opened["count"],
              "open_anon_growth": opened["anon_growth"], "open_file_growth": opened["file_growth"],
              "after_open": opened["typing"], "built_in_memory": built_typing}
    if args.out:
        with open(args.out, "w") as f:
            json.dump(report, f, indent=1)
    if args.markdown:
        return print(markdown(report))
    print(f"{len(lines):,} titles ({raw / 1e6:.1f} MB): build {build:.2f} s, save {save:.2f} s, "
          f"file {size / 1e6:.1f} MB, open {opened['open_s'] * 1000:.0f} ms")
    for mode in MODES:
        a, b = opened["typing"][mode], built_typing[mode]
        print(f"  {mode:8} first keystroke {a['first_ms']:.1f} ms after open / {b['first_ms']:.1f} ms built; "
              f"p95 {a['p95_ms']:.1f} / {b['p95_ms']:.1f} ms; max {a['max_ms']:.1f} / {b['max_ms']:.1f} ms")


def markdown(report):
    """The report as a markdown table: one row per mode."""
    raw = report["raw_text_bytes"]
    lines = [f"{report['items']:,} titles ({raw / 1e6:.0f} MB): build {report['build_s']:.1f} s through the Python "
             f"binding, resident growth {report['rss_growth'] / 2**20:,.0f} MB ({report['rss_growth'] / raw:.2f}x the "
             f"text); save {report['save_s']:.1f} s, file {report['file_bytes'] / 1e6:,.0f} MB; open "
             f"{report['open_s'] * 1000:,.0f} ms in a fresh process (page cache warm), which then holds "
             f"{report['open_anon_growth'] / 2**20:,.0f} MB more anonymous memory "
             f"({report['open_anon_growth'] / raw:.2f}x the text) and {report['open_file_growth'] / 2**20:,.0f} MB more "
             "file-backed pages after typing.", "",
             "| mode | first keystroke after open ms | p95 after open ms | max after open ms | "
             "first keystroke built ms | p95 built ms | max built ms |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for mode in MODES:
        a, b = report["after_open"][mode], report["built_in_memory"][mode]
        lines.append(f"| {mode} | {a['first_ms']:.1f} | {a['p95_ms']:.1f} | {a['max_ms']:.1f} | {b['first_ms']:.1f} | "
                     f"{b['p95_ms']:.1f} | {b['max_ms']:.1f} |")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
