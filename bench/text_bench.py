#!/usr/bin/env python3
"""Text-layer benchmark: fold + tokenize throughput and sorting a million strings, searchbar
next to PyICU doing the same steps in the same run. Prints medians of N runs and ratios.

  fold+tokenize  every line of the CLDR annotations corpus (all languages), one call per line:
                 searchbar through its C ABI (sb_tokenize: ICU word break on NFKC_Casefold text
                 + per-token fold, tokens left in C) and through the Python API tokenize()
                 (which also builds Token objects with string indices), against PyICU's
                 NFKC_Casefold normalizer + word BreakIterator + a diacritic-removing
                 transliterator on each word token
  sort           1 M synthetic multilingual titles, standard collation, numeric on: searchbar.sort()
                 end to end (encoding + sb_collator_sort + reordering), sb_collator_sort alone,
                 against sorted(key=PyICU collator.getSortKey)

Usage: text_bench.py [--runs N] [--sort-lines N] [--fold-lines N] [--json OUT]
"""
import argparse
import ctypes
import json
import os
import statistics
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def load(name, limit=None):
    with open(os.path.join(HERE, "data", f"{name}.txt"), encoding="utf-8") as f:
        lines = [line.rstrip("\n") for line in f]
    return lines[:limit] if limit else lines


def median_time(fn, runs):
    """Median wall time of `runs` calls of fn (the value fn returns, when a float, is used
    instead: it lets fn time only part of its work)."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        inner = fn()
        times.append(inner if isinstance(inner, float) else time.perf_counter() - start)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sort-lines", type=int, default=1_000_000)
    parser.add_argument("--fold-lines", type=int, default=0, help="first N CLDR lines only (0: all)")
    parser.add_argument("--json", help="write the rows here (bench/report.py renders them)")
    args = parser.parse_args()

    import icu
    import searchbar
    from searchbar._ffi import lib, sb_token  # the binding's ctypes handle on libsearchbar

    corpus = load("cldr", args.fold_lines or None)
    megabytes = sum(len(line.encode("utf-8")) for line in corpus) / 1e6
    encoded = [line.encode("utf-8") for line in corpus]

    def searchbar_c_fold_tokenize():
        tokens, count = ctypes.POINTER(sb_token)(), ctypes.c_size_t()
        start = time.perf_counter()
        for data in encoded:
            lib.sb_tokenize(None, data, len(data), ctypes.byref(tokens), ctypes.byref(count))
            lib.sb_free(tokens)
        return time.perf_counter() - start

    def searchbar_fold_tokenize():
        for line in corpus:
            searchbar.tokenize(line)

    nfkc_cf = icu.Normalizer2.getNFKCCasefoldInstance()
    strip = icu.Transliterator.createInstance("NFD; [:Diacritic:] Remove; NFC")
    breaker = icu.BreakIterator.createWordInstance(icu.Locale.getRoot())

    def pyicu_fold_tokenize():
        for line in corpus:
            folded = nfkc_cf.normalize(line)
            breaker.setText(folded)
            start = breaker.first()
            for end in breaker:
                if breaker.getRuleStatus() >= 100:
                    strip.transliterate(folded[start:end])
                start = end

    rows = []
    t_c = median_time(searchbar_c_fold_tokenize, args.runs)
    t_py = median_time(searchbar_fold_tokenize, args.runs)
    t_icu = median_time(pyicu_fold_tokenize, args.runs)
    fold_name = f"fold+tokenize CLDR annotations ({len(corpus):,} lines, {megabytes:.1f} MB)"
    rows.append({"benchmark": fold_name, "engine": "searchbar", "how": "C ABI sb_tokenize (ctypes, per line)",
                 "value": megabytes / t_c, "unit": "MB/s", "speedup": t_icu / t_c})
    rows.append({"benchmark": fold_name, "engine": "searchbar", "how": "Python tokenize() (Token objects)",
                 "value": megabytes / t_py, "unit": "MB/s", "speedup": t_icu / t_py})
    rows.append({"benchmark": fold_name, "engine": "PyICU", "how": "normalize + BreakIterator + transliterate",
                 "value": megabytes / t_icu, "unit": "MB/s", "speedup": None})

    titles = load("titles-1m", args.sort_lines)
    collator = icu.Collator.createInstance(icu.Locale("en"))
    collator.setAttribute(icu.UCollAttribute.NUMERIC_COLLATION, icu.UCollAttributeValue.ON)
    sb_collator = searchbar.Collator("en")
    title_bytes = [t.encode("utf-8") for t in titles]
    pointers = (ctypes.c_char_p * len(titles))(*title_bytes)
    lengths = (ctypes.c_size_t * len(titles))(*(len(b) for b in title_bytes))
    order = (ctypes.c_size_t * len(titles))()

    def c_sort():
        start = time.perf_counter()
        lib.sb_collator_sort(sb_collator._handle, pointers, lengths, len(titles), order)
        return time.perf_counter() - start

    t_sb_sort = median_time(lambda: searchbar.sort(titles, locale="en"), args.runs)
    t_c_sort = median_time(c_sort, args.runs)
    t_icu_sort = median_time(lambda: sorted(titles, key=collator.getSortKey), args.runs)
    same = searchbar.sort(titles[:20000], locale="en") == sorted(titles[:20000], key=collator.getSortKey)
    sort_name = f"sort {len(titles):,} titles (en, numeric)"
    rows.append({"benchmark": sort_name, "engine": "searchbar", "how": "Python searchbar.sort() end to end",
                 "value": t_sb_sort, "unit": "s", "speedup": t_icu_sort / t_sb_sort})
    rows.append({"benchmark": sort_name, "engine": "searchbar", "how": "C sb_collator_sort alone",
                 "value": t_c_sort, "unit": "s", "speedup": t_icu_sort / t_c_sort})
    rows.append({"benchmark": sort_name, "engine": "PyICU", "how": "sorted(key=collator.getSortKey)",
                 "value": t_icu_sort, "unit": "s", "speedup": None})

    print("\n| benchmark | engine | how | result | searchbar speed-up over PyICU |\n| --- | --- | --- | ---: | ---: |")
    for r in rows:
        value = f"{r['value']:.2f} {r['unit']}"
        speedup = "" if r["speedup"] is None else f"{r['speedup']:.2f}x"
        print(f"| {r['benchmark']} | {r['engine']} | {r['how']} | {value} | {speedup} |")
    print(f"\nsort orders agree with PyICU on the first 20,000 titles: {same}")
    print(f"medians of {args.runs} runs; machine: {os.cpu_count()} cores")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"rows": rows, "runs": args.runs, "sort_agrees": same}, f, indent=1)


if __name__ == "__main__":
    main()
