#!/usr/bin/env python3
"""Index file benchmark: searchbar's saved index next to the persistent peers, tantivy (an
index committed into a directory) and SQLite FTS5 (unicode61 and trigram tables in a database
file). Each engine builds its index of N titles and saves it, then opens it in fresh processes
and types the bench's queries twice: the first typing pass after the open against a second
(warm) pass on the same opened index.

  python3 bench/index_file.py [--data bench/data/titles-1m.txt] [--count N] [--runs R]
                              [--engines searchbar,tantivy,fts5-unicode61,fts5-trigram]
                              [--file SAVED.sbindex] [--out FILE.json] [--verify]
  python3 bench/index_file.py --from-json FILE.json     # the markdown of an earlier run

Output: markdown (a paragraph and two tables) on standard output; --out keeps the raw JSON.

With --file, searchbar's index is saved there and the peers' next to it (FILE.tantivy/,
FILE.fts5-unicode61.sqlite, FILE.fts5-trigram.sqlite), and kept; a later run with the same
--file and --count reuses whichever exist (no build), so the opens of a 5 M index can be
measured many times.

Needs the Python binding importable (bench/.venv after bench/run.sh, or PYTHONPATH=
bindings/python with SEARCHBAR_LIBRARY pointing at a built libsearchbar.so) and, for the peers,
the `tantivy` package. Each engine builds in a process of its own: "build + save" is, for
searchbar, one Index.add of every title and Index.save; for tantivy, adding every document to a
writer on the directory and its commit (and the wait for the merges the commit started); for
FTS5, the inserts in one transaction into the database file. Each engine is queried as
keystrokes.py queries it (its engine classes), in the modes it serves there: searchbar prefix,
contains and fuzzy; tantivy and FTS5 unicode61 prefix; FTS5 trigram contains.

Each of the --runs rounds opens every engine's index once, each in a fresh process, the engines
taking turns (the order reversed every other round). That process has loaded the engine's
library (searchbar: the library and ICU, through one fold; tantivy: the module; SQLite: the
module) and made no index. The open is the wall time and the process's CPU time (user + system,
all threads) of: searchbar's Index.open; tantivy's Index.open, registering the tokenizer and
taking a searcher; SQLite's connect (read-only) and the schema's read. Memory after the open
comes from /proc/self/smaps_rollup: the anonymous memory the open added (the process's own
copies) and the file-backed resident memory (pages of mapped files, shared page cache). Then
per mode the p95 of every keystroke of the bench's queries typed once (the first pass: nothing
has seen the queries, so every result cache is empty) and typed again (the warm pass). The warm
pass answers searchbar's keystrokes of one or two characters from its result cache, which keeps
short searches apart; the keystrokes past the second character are searched again, so their
p95s compare the two passes without the cache. The page cache is warm (the files were just
written or read). The report gives every run and the medians.
With --verify searchbar's opens also check every section's checksum and the sort orders
(Index.open(path, verify=True)); without it they check the bounds alone (the default)."""
import argparse
import gc
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from keystrokes import ENGINES, IN_PROCESS, MULTILINGUAL, keystrokes, summary  # noqa: E402
from report import fmt_ms, ratio  # noqa: E402

PERSISTENT = ["searchbar", "tantivy", "fts5-unicode61", "fts5-trigram"]
MODES = ["prefix", "contains", "fuzzy"]
# Where each peer's index lives beside searchbar's file (a directory for tantivy).
SUFFIX = {"tantivy": ".tantivy", "fts5-unicode61": ".fts5-unicode61.sqlite", "fts5-trigram": ".fts5-trigram.sqlite"}


# searchbar keeps searches of one or two characters apart in its result cache, so the warm
# pass answers those keystrokes from it; keystrokes past the second character are searched
# again in both passes (the 16 recent searches are long gone when a query is typed again).
SHORT = 2


def typing_pass(engine, modes):
    """Per mode: every keystroke of every query typed once; the first keystroke's time, the
    median, p95 and max in milliseconds, and the p95 of the keystrokes past the second
    character."""
    result = {}
    for mode in modes:
        times, past_short = [], []
        for query in MULTILINGUAL:
            for typed in keystrokes(query):
                start = time.perf_counter()
                engine.search(typed, mode)
                times.append((time.perf_counter() - start) * 1000)
                if len(typed) > SHORT:
                    past_short.append(times[-1])
        s, long = summary(times), summary(past_short)
        result[mode] = {"first_ms": times[0], "median_ms": s["median"], "p95_ms": s["p95"], "max_ms": s["max"],
                        "keystrokes": s["n"], "p95_past_short_ms": long["p95"], "keystrokes_past_short": long["n"]}
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


def load_library(name):
    """Loads what the engine needs before any index exists, as a host that just started."""
    if name == "searchbar":
        import searchbar

        searchbar.fold("warm up ICU")
    elif name == "tantivy":
        import tantivy  # noqa: F401
    else:
        import sqlite3  # noqa: F401


def size_of(path):
    """Bytes of a file, or of every file under a directory."""
    if os.path.isfile(path):
        return os.path.getsize(path)
    return sum(os.path.getsize(os.path.join(d, f)) for d, _, files in os.walk(path) for f in files)


def read_lines(path, count):
    with open(path, encoding="utf-8") as f:
        return [line.rstrip("\n") for _, line in zip(range(count), f)]


def build_child(name, path, data, count):
    """Builds one engine's index of the first `count` lines and saves it at `path` (written
    under a temporary name first, so an interrupted build is never reused); prints JSON."""
    lines = read_lines(data, count)
    gc.collect()
    before = memory()
    engine = ENGINES[name]()
    partial = path + ".partial"
    if os.path.isdir(partial):
        shutil.rmtree(partial)
    elif os.path.exists(partial):
        os.remove(partial)
    out = {}
    start = time.perf_counter()
    if name == "searchbar":
        engine.build(lines)
        out["build_s"] = time.perf_counter() - start
        grown = memory()
        out["built_in_memory"] = typing_pass(engine, IN_PROCESS[name])
        start = time.perf_counter()
        engine.index.save(partial)
        out["save_s"] = time.perf_counter() - start
        out["build_save_s"] = out["build_s"] + out["save_s"]
    else:
        if name == "tantivy":
            os.makedirs(partial)
        engine.build(lines, path=partial)
        out["build_save_s"] = time.perf_counter() - start
        grown = memory()
    out["rss_growth_kb"] = grown["anonymous_kb"] + grown["file_kb"] - before["anonymous_kb"] - before["file_kb"]
    del engine
    gc.collect()
    os.rename(partial, path)
    print(json.dumps(out))


def open_child(name, path, verify):
    """Opens one engine's saved index in this fresh process and types the queries twice."""
    load_library(name)
    engine = ENGINES[name]()
    before = memory()
    start, cpu = time.perf_counter(), time.process_time()
    engine.open(path, verify=verify) if name == "searchbar" else engine.open(path)
    opened, opened_cpu = time.perf_counter() - start, time.process_time() - cpu
    after = memory()
    first = typing_pass(engine, IN_PROCESS[name])
    after_typing = memory()
    warm = typing_pass(engine, IN_PROCESS[name])
    print(json.dumps({
        "open_s": opened, "open_cpu_s": opened_cpu, "typing": first, "warm_typing": warm,
        "anonymous_after_open_kb": after["anonymous_kb"] - before["anonymous_kb"],
        "file_after_open_kb": after["file_kb"] - before["file_kb"],
        "anonymous_after_typing_kb": after_typing["anonymous_kb"] - before["anonymous_kb"],
        "file_after_typing_kb": after_typing["file_kb"] - before["file_kb"]}))


def child_json(arguments):
    done = subprocess.run([sys.executable, os.path.abspath(__file__)] + arguments, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"index_file.py {' '.join(arguments[:2])} failed:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def medians(runs, modes):
    middle = lambda key: statistics.median(run[key] for run in runs)
    keys = ("open_s", "open_cpu_s", "anonymous_after_open_kb", "file_after_open_kb", "anonymous_after_typing_kb",
            "file_after_typing_kb")
    out = {key: middle(key) for key in keys}
    for pass_name, key in (("first_pass", "typing"), ("warm_pass", "warm_typing")):
        out[pass_name + "_p95_ms"] = {m: statistics.median(run[key][m]["p95_ms"] for run in runs) for m in modes}
        if all("p95_past_short_ms" in run[key][m] for run in runs for m in modes):
            out[pass_name + "_past_short_p95_ms"] = {
                m: statistics.median(run[key][m]["p95_past_short_ms"] for run in runs) for m in modes}
    out["first_keystroke_ms"] = {m: statistics.median(run["typing"][m]["first_ms"] for run in runs) for m in modes}
    return out


def log(message):
    print(message, file=sys.stderr, flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", default=os.path.join(HERE, "data", "titles-1m.txt"))
    parser.add_argument("--count", type=int, default=1_000_000)
    parser.add_argument("--out", help="also write the measurements here (JSON)")
    parser.add_argument("--runs", type=int, default=3, help="rounds of opens, each open in a fresh process")
    parser.add_argument("--engines", default=",".join(PERSISTENT),
                        help="comma-separated, from " + ", ".join(PERSISTENT))
    parser.add_argument("--file", help="save searchbar's index here (the peers' beside it) and keep them; "
                                       "reused when they exist")
    parser.add_argument("--verify", action="store_true", help="searchbar opens with verify=True")
    parser.add_argument("--from-json", help="print the markdown of an earlier run's --out JSON and exit")
    parser.add_argument("--build-child", help=argparse.SUPPRESS)
    parser.add_argument("--open-child", help=argparse.SUPPRESS)
    parser.add_argument("--path", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.from_json:
        with open(args.from_json, encoding="utf-8") as f:
            return print(markdown(json.load(f)))
    if args.build_child:
        return build_child(args.build_child, args.path, args.data, args.count)
    if args.open_child:
        return open_child(args.open_child, args.path, args.verify)
    engines = args.engines.split(",")
    unknown = set(engines) - set(PERSISTENT)
    if unknown or not engines:
        raise SystemExit(f"--engines: unknown {', '.join(sorted(unknown))} (known: {', '.join(PERSISTENT)})")
    if not os.path.exists(args.data):
        subprocess.run([sys.executable, os.path.join(HERE, "datasets.py"), "titles-1m"], check=True)
    lines = read_lines(args.data, args.count)
    report = {"items": len(lines), "raw_text_bytes": sum(len(line.encode()) for line in lines), "verify": args.verify,
              "queries": MULTILINGUAL, "load_before": open("/proc/loadavg").read().split()[:3], "engines": {}}
    del lines
    if args.file:
        folder, base = None, os.path.abspath(args.file)
    else:
        out_dir = os.path.join(HERE, "out")
        folder = tempfile.mkdtemp(dir=out_dir if os.path.isdir(out_dir) else None)
        base = os.path.join(folder, "titles.sbindex")
    paths = {name: base + SUFFIX.get(name, "") for name in engines}
    try:
        common = ["--data", args.data, "--count", str(args.count)]
        for name in engines:
            if os.path.exists(paths[name]):
                report["engines"][name] = {"reused": True}
                log(f"  {name}: reusing {paths[name]}")
                continue
            started = time.perf_counter()
            report["engines"][name] = child_json(["--build-child", name, "--path", paths[name]] + common)
            log(f"  {name}: build and save {time.perf_counter() - started:.1f} s")
        for name in engines:
            report["engines"][name].update({"modes": IN_PROCESS[name], "size_bytes": size_of(paths[name]), "runs": []})
        for round_number in range(args.runs):
            for name in engines if round_number % 2 == 0 else engines[::-1]:
                command = ["--open-child", name, "--path", paths[name]] + (["--verify"] if args.verify else [])
                started = time.perf_counter()
                report["engines"][name]["runs"].append(child_json(command))
                log(f"  {name}: open and typing, round {round_number + 1}: {time.perf_counter() - started:.1f} s")
    finally:
        if folder:
            shutil.rmtree(folder, ignore_errors=True)
    for name in engines:
        info = report["engines"][name]
        info["median"] = medians(info["runs"], info["modes"])
    report["load_after"] = open("/proc/loadavg").read().split()[:3]
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump(report, f, indent=1, ensure_ascii=False)
    print(markdown(report))


def with_ratio(value, text, ours, is_peer):
    """A figure's cell; a peer's also gives peer / searchbar."""
    if not is_peer or ours is None:
        return text
    r = ratio(value, ours)
    return f"{text} ({r})" if r else text


def markdown(report):
    """The run as a paragraph and two markdown tables: the files and their opens per engine,
    then the typing passes per mode and engine, each peer's figure with its ratio to
    searchbar's (peer / searchbar: above 1, searchbar is faster or smaller)."""
    raw = report["raw_text_bytes"]
    engines = report["engines"]
    ours = engines.get("searchbar")
    runs = max(len(info["runs"]) for info in engines.values())
    load = ""
    if report.get("load_before") and report.get("load_after"):
        load = f" Load average {' '.join(report['load_before'])} before, {' '.join(report['load_after'])} after."
    verify = "; searchbar opens with verify" if report.get("verify") else ""
    lines = [f"{report['items']:,} titles ({raw / 1e6:.0f} MB of text), the bench's {len(report['queries'])} queries. "
             f"Medians of {runs} open{'s' * (runs != 1)} per engine, each in a fresh process, the engines taking "
             f"turns (page cache warm){verify}.{load} A peer's ratio is peer / searchbar (above 1: searchbar is "
             "faster or smaller)."]
    if ours and "build_s" in ours:
        lines[0] += (f" searchbar: build {ours['build_s']:.1f} s through the Python binding, resident growth "
                     f"{ours['rss_growth_kb'] / 1024:,.0f} MB ({ours['rss_growth_kb'] * 1024 / raw:.2f}x the text), "
                     f"save {ours['save_s']:.1f} s.")
    lines += ["", "| engine | build + save s | on disk MB | on disk / text | open ms | open CPU ms "
                  "| anonymous MB after open | anonymous after open / text | file-backed MB after open "
                  "| anonymous MB after typing |",
              "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    om = ours["median"] if ours else {}
    om_build = (ours or {}).get("build_save_s")
    for name, info in engines.items():
        m, peer = info["median"], name != "searchbar"

        def cell(key, text):
            return with_ratio(m[key], text, om.get(key), peer)

        build = info.get("build_save_s")
        build_cell = "" if build is None else with_ratio(build, f"{build:.1f}", om_build, peer)
        size = info["size_bytes"]
        size_cell = with_ratio(size, f"{size / 1e6:,.0f}", ours["size_bytes"] if ours else None, peer)
        anon = m["anonymous_after_open_kb"]
        lines.append("| " + " | ".join([
            name + (" (reused)" if info.get("reused") else ""), build_cell, size_cell, f"{size / raw:.2f}x",
            cell("open_s", fmt_ms(m["open_s"] * 1000)), cell("open_cpu_s", fmt_ms(m["open_cpu_s"] * 1000)),
            cell("anonymous_after_open_kb", fmt_ms(anon / 1024)), f"{anon * 1024 / raw:.3f}x",
            cell("file_after_open_kb", f"{m['file_after_open_kb'] / 1024:,.0f}"),
            cell("anonymous_after_typing_kb", fmt_ms(m["anonymous_after_typing_kb"] / 1024))]) + " |")
    lines += ["", "| mode | engine | keystrokes | first keystroke after open ms | p95 first pass after open ms "
                  "| p95 warm pass ms | first / warm | first / warm past 2 characters | p95 built in memory ms |",
              "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for mode in MODES:
        base = ours["median"]["first_pass_p95_ms"].get(mode) if ours and mode in ours["modes"] else None
        for name, info in engines.items():
            if mode not in info["modes"]:
                continue
            m = info["median"]
            first, warm = m["first_pass_p95_ms"][mode], m["warm_pass_p95_ms"][mode]
            built = info.get("built_in_memory", {}).get(mode)
            lines.append("| " + " | ".join([
                mode, name, str(info["runs"][0]["typing"][mode]["keystrokes"]),
                fmt_ms(m["first_keystroke_ms"][mode]),
                with_ratio(first, fmt_ms(first), base, name != "searchbar"),
                fmt_ms(warm), f"{first / warm:.2f}x" if warm else "", past_short_ratio(m, mode),
                fmt_ms(built["p95_ms"]) if built else ""]) + " |")
    return "\n".join(lines)


def past_short_ratio(median, mode):
    """The first pass's p95 over the warm pass's, keystrokes past the second character only
    (those the warm pass searches again); empty for runs that did not record them."""
    first = median.get("first_pass_past_short_p95_ms", {}).get(mode)
    warm = median.get("warm_pass_past_short_p95_ms", {}).get(mode)
    return f"{first / warm:.2f}x" if first and warm else ""


if __name__ == "__main__":
    main()
