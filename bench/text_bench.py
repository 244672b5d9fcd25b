#!/usr/bin/env python3
"""Text-layer benchmark: fold + tokenize throughput and sorting a million strings, searchbar
next to PyICU doing the same steps in the same run. Prints medians of N runs and ratios.

  fold+tokenize  every line of the CLDR annotations corpus (all languages): searchbar's
                 tokenize() (ICU word break on NFKC_Casefold text + per-token fold) against
                 PyICU's NFKC_Casefold normalizer + word BreakIterator + a diacritic-removing
                 transliterator on each word token
  sort           1 M synthetic multilingual titles: searchbar.sort() (sb_collator_sort) against
                 sorted(key=PyICU collator.getSortKey), both standard collation, numeric on

Usage: text_bench.py [--runs N] [--sort-lines N]
"""
import argparse
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def load(name, limit=None):
    with open(os.path.join(HERE, "data", f"{name}.txt"), encoding="utf-8") as f:
        lines = [line.rstrip("\n") for line in f]
    return lines[:limit] if limit else lines


def median_time(fn, runs):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sort-lines", type=int, default=1_000_000)
    args = parser.parse_args()

    import icu
    import searchbar

    corpus = load("cldr")
    megabytes = sum(len(line.encode("utf-8")) for line in corpus) / 1e6

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
    t_sb = median_time(searchbar_fold_tokenize, args.runs)
    t_icu = median_time(pyicu_fold_tokenize, args.runs)
    rows.append(("fold+tokenize CLDR annotations (%.1f MB)" % megabytes,
                 f"{megabytes / t_sb:.1f} MB/s", f"{megabytes / t_icu:.1f} MB/s", t_icu / t_sb))

    titles = load("titles-1m", args.sort_lines)
    collator = icu.Collator.createInstance(icu.Locale("en"))
    collator.setAttribute(icu.UCollAttribute.NUMERIC_COLLATION, icu.UCollAttributeValue.ON)
    t_sb_sort = median_time(lambda: searchbar.sort(titles, locale="en"), args.runs)
    t_icu_sort = median_time(lambda: sorted(titles, key=collator.getSortKey), args.runs)
    same = searchbar.sort(titles[:20000], locale="en") == sorted(titles[:20000], key=collator.getSortKey)
    rows.append((f"sort {len(titles):,} titles (en, numeric)", f"{t_sb_sort:.2f} s", f"{t_icu_sort:.2f} s",
                 t_icu_sort / t_sb_sort))

    print(f"\n| benchmark | searchbar | PyICU | searchbar speed-up |\n| --- | --- | --- | --- |")
    for name, ours, theirs, ratio in rows:
        print(f"| {name} | {ours} | {theirs} | {ratio:.2f}x |")
    print(f"\nsort orders agree with PyICU on the first 20,000 titles: {same}")
    print(f"medians of {args.runs} runs; machine: {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
