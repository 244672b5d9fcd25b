#!/usr/bin/env python3
"""Renders the benchmark's measurements as ONE markdown table plus a target check.

Input: bench/out/keystrokes.json (keystrokes.py --json; --keystrokes may be given several times,
e.g. for titles-10m measured by its own keystrokes.py call) and, when present, bench/out/text.json
(text_bench.py --json). Output on standard output and, with --out, into a file.

Speed-up columns read "how many times faster searchbar is than this peer" (peer time divided by
searchbar's time, > 1 means searchbar wins), always against searchbar run the same way:
in-process peers against searchbar in-process through the Python binding, per-process peers
against searchbar-cli started once per keystroke, on the same keystrokes.

Usage: report.py [--keystrokes JSON] [--text JSON] [--out MD] [--header TEXT]
"""
import argparse
import json
import os
import statistics

HERE = os.path.dirname(os.path.abspath(__file__))
OURS = ("searchbar", "searchbar-cli")
HOW_ORDER = {"engine (CLI)": 0, "in-process": 1, "per-process": 2}


def summary(values):
    if not values:
        return {}
    ordered = sorted(values)
    return {"median": statistics.median(ordered), "p95": ordered[max(0, -(-len(ordered) * 95 // 100) - 1)],
            "max": ordered[-1]}


def fmt_ms(value):
    if value is None:
        return ""
    return f"{value:.2f}" if value < 10 else f"{value:.1f}" if value < 100 else f"{value:,.0f}"


def ratio(peer, ours):
    if not peer or not ours:
        return ""
    r = peer / ours
    return f"{r:.2f}x" if r < 10 else f"{r:.1f}x" if r < 100 else f"{r:,.0f}x"


def baseline(rows, peer, how=None):
    """searchbar's stats over the keystrokes `peer` typed, from searchbar's row run the same way
    as the peer (or run `how`). Empty when searchbar did not type all of those queries."""
    for r in rows:
        if (r["engine"] in OURS and r["how"] == (how or peer["how"]) and r["dataset"] == peer["dataset"]
                and r["mode"] == peer["mode"]):
            by_name = dict(zip(r["query_names"], r["per_query"]))
            if not all(q in by_name for q in peer["query_names"]):
                return {}
            return summary([v for q in peer["query_names"] for v in by_name[q]])
    return {}


def keystroke_rows(results):
    """Table rows (lists of cells) for every keystroke measurement, grouped by dataset and mode."""
    out = []
    rows = results.get("rows", [])
    for dataset, info in results.get("datasets", {}).items():
        for mode in ("prefix", "contains", "fuzzy"):
            group = [r for r in rows if r["dataset"] == dataset and r["mode"] == mode]
            group.sort(key=lambda r: (HOW_ORDER[r["how"]], r["engine"] not in OURS))
            for r in group:
                speedup = ""
                if r["engine"] not in OURS:
                    base = baseline(rows, r)
                    speedup = f"{ratio(r.get('median'), base.get('median'))} / {ratio(r.get('p95'), base.get('p95'))}"
                rss = r.get("rss")
                rss_text = "" if rss is None else f"{rss / 2**20:,.0f}" + (" (process)" if r.get("rss_is_process") else "")
                rss_ratio = "" if rss is None else f"{rss / r['raw']:.1f}"
                build = "" if r.get("build_s") is None else f"{r['build_s']:.2f}"
                name = f"{dataset} ({info['lines']:,} lines, {info['bytes'] / 1e6:.0f} MB)"
                how = r["how"] + (f", median of {r['rounds']} runs" if r.get("rounds", 1) > 1 else "")
                out.append([name, mode, r["engine"], how, f"{r.get('n', 0)} ({r['queries']})",
                            fmt_ms(r.get("median")), fmt_ms(r.get("p95")), fmt_ms(r.get("max")), speedup,
                            build, rss_text, rss_ratio])
    return out


def text_rows(text):
    """Table rows for the text-layer benchmark (fold+tokenize MB/s, sorting)."""
    out = []
    rows = (text or {}).get("rows", [])
    for r in rows:
        value = f"{r['value']:.2f} {r['unit']}"
        speedup = ""
        if r["engine"] == "PyICU":
            ours = [o for o in rows if o["benchmark"] == r["benchmark"] and o["engine"] == "searchbar"]
            speedup = ", ".join(f"{o['speedup']:.2f}x ({o['how'].split(' ')[0]} {o['how'].split(' ')[1]})"
                                for o in ours)
        dataset = "cldr" if r["benchmark"].startswith("fold") else "titles-1m"
        out.append([dataset, r["benchmark"], r["engine"], r["how"], "", value, "", "", speedup, "", "", ""])
    return out


HEADER = ["dataset", "benchmark / mode", "engine", "how it runs", "keystrokes (queries)", "median ms",
          "p95 ms", "max ms", "searchbar speed-up (median / p95)", "build s", "RSS MB", "RSS / raw text"]


def table(results, text):
    lines = ["| " + " | ".join(HEADER) + " |",
             "| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for cells in keystroke_rows(results or {}) + text_rows(text):
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def find(results, dataset, mode, engine, how):
    for r in (results or {}).get("rows", []):
        if r["dataset"] == dataset and r["mode"] == mode and r["engine"] == engine and r["how"] == how:
            return r
    return None


def verdict(value, limit, smaller_is_better=True):
    if value is None:
        return "not measured"
    met = value < limit if smaller_is_better else value > limit
    return "MET" if met else "MISSED"


def targets(results, text):
    """The targets of issues 4 and 3, checked against this run's numbers."""
    out = []
    big = "titles-1m" if (results or {}).get("datasets", {}).get("titles-1m", {}).get("lines", 0) >= 1_000_000 else None
    name = "titles-1m" if big else "titles-1m (cut: --quick)"
    for mode, limit in (("prefix", 3.0), ("prefix", 16.0), ("contains", 16.0), ("fuzzy", 16.0), ("fuzzy", 10.0)):
        engine = find(results, "titles-1m", mode, "searchbar", "engine (CLI)")
        binding = find(results, "titles-1m", mode, "searchbar", "in-process")
        parts = []
        for label, r in (("engine", engine), ("Python binding", binding)):
            if r:
                parts.append(f"{label} p95 {fmt_ms(r['p95'])} ms ({verdict(r['p95'], limit)}, "
                             f"{r['p95'] / limit:.1f}x the limit)")
        out.append(f"- {name} {mode} p95 < {limit:g} ms: " + ("; ".join(parts) or "not measured"))
    for mode, peers, factor in (("prefix", ("tantivy", "fts5-unicode61"), 1), ("contains", ("rg", "fts5-trigram"), 1),
                                ("fuzzy", ("fzf", "rapidfuzz"), 10)):
        for dataset in (results or {}).get("datasets", {}):
            parts = []
            for peer in peers:
                for how in ("in-process", "per-process"):
                    r = find(results, dataset, mode, peer, how)
                    if not r:
                        continue
                    # like with like: an in-process peer against searchbar in-process, a
                    # per-process one against searchbar-cli started per keystroke
                    base = baseline(results["rows"], r)
                    if base:
                        m, p = r["median"] / base["median"], r["p95"] / base["p95"]
                        parts.append(f"vs {peer} {how} {m:.2f}x median / {p:.2f}x p95 "
                                     f"({verdict(min(m, p), factor, smaller_is_better=False)})")
            if parts:
                need = "at least 10x faster" if factor > 1 else "faster"
                out.append(f"- {dataset} {mode}, {need}: " + "; ".join(parts))
    for dataset, flag, size in (("titles-5m", "--5m", 5_000_000), ("titles-10m", "--10m", 10_000_000)):
        if not find(results, dataset, "prefix", "searchbar", "in-process"):
            out.append(f"- {dataset} p95 < 50 ms: not run (bench/run.sh {flag})")
            continue
        lines = results["datasets"][dataset]["lines"]
        label = dataset if lines >= size else f"{dataset} (cut to {lines:,} lines: --quick)"
        for mode in ("prefix", "contains", "fuzzy"):
            for how in ("engine (CLI)", "in-process"):
                r = find(results, dataset, mode, "searchbar", how)
                if r:
                    out.append(f"- {label} {mode} p95 < 50 ms ({how}): {fmt_ms(r['p95'])} ms "
                               f"({verdict(r['p95'], 50)}; max {fmt_ms(r['max'])} ms)")
    for how in ("engine (CLI)", "in-process"):
        r = find(results, "titles-1m", "prefix", "searchbar", how)
        if r and r.get("build_s") is not None:
            out.append(f"- {name} index build < 2 s on 2 cores ({how}): {r['build_s']:.2f} s "
                       f"({verdict(r['build_s'], 2.0)}, {r['build_s'] / 2:.1f}x the limit)")
        if r and r.get("rss") is not None:
            kind = "process RSS incl. the input text" if r.get("rss_is_process") else "RSS growth while indexing"
            out.append(f"- {name} memory < 3x raw text ({how}, {kind}): {r['rss'] / r['raw']:.2f}x "
                       f"({verdict(r['rss'] / r['raw'], 3.0)})")
    for r in (text or {}).get("rows", []):
        if r["engine"] == "searchbar":
            out.append(f"- {r['benchmark']}, searchbar {r['how']}: {r['value']:.2f} {r['unit']}, "
                       f"{r['speedup']:.2f}x PyICU ({verdict(r['speedup'], 1.0, smaller_is_better=False)})")
    return "\n".join(out)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--keystrokes", action="append",
                        help="keystrokes.py JSON (repeatable; default bench/out/keystrokes.json)")
    parser.add_argument("--text", default=os.path.join(HERE, "out", "text.json"))
    parser.add_argument("--out", help="also write the report here")
    parser.add_argument("--header", default="", help="text put above the table (machine, commit, load)")
    args = parser.parse_args()
    results = None
    for path in args.keystrokes or [os.path.join(HERE, "out", "keystrokes.json")]:
        if os.path.exists(path):
            part = json.load(open(path, encoding="utf-8"))
            if results is None:
                results = part
            else:
                results["datasets"].update(part["datasets"])
                results["rows"].extend(part["rows"])
    text = json.load(open(args.text, encoding="utf-8")) if os.path.exists(args.text) else None
    report = "\n\n".join(part for part in (
        args.header.strip(),
        table(results, text),
        "Speed-up = peer time / searchbar time on the same keystrokes (> 1: searchbar is faster); in-process "
        "peers are compared with searchbar in-process (Python binding), per-process peers with searchbar-cli "
        "started per keystroke. Engine (CLI) rows: searchbar-cli --timing --keystrokes, the engine's own "
        "per-keystroke time after one build. \"Median of N runs\": the in-process engines took turns N times, "
        "each run a fresh process and index; a keystroke's time is its median over the runs, and so are build "
        "time and RSS. RSS: growth while building (in-process) or the whole CLI process "
        "(which also holds the input text).",
        "Targets:\n" + targets(results, text)) if part)
    print(report)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(report + "\n")


if __name__ == "__main__":
    main()
