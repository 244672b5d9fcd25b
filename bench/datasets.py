#!/usr/bin/env python3
"""Builds the benchmark datasets from data Debian packages put on this machine.

  paths      file paths of this machine (find / -xdev), one per line
  cldr       CLDR emoji annotations in every language (unicode-cldr-core): "name | keywords"
  words      word lists (wamerican, plus wngerman/wfrench when installed)
  titles-1m  synthetic multilingual titles built from CLDR names and word lists, fixed seed
  titles-5m  the same generator, 5 million lines
  titles-10m the same generator, 10 million lines (its first 5 million are titles-5m)

Every dataset is written to bench/data/NAME.txt (UTF-8, one item per line) atomically.
Usage: datasets.py [NAME ...]   (default: all but titles-5m and titles-10m)
"""
import glob
import os
import random
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "data")
CLDR = "/usr/share/unicode/cldr/common/annotations"
ANNOTATION = re.compile(r'<annotation cp="([^"]+)"(?: type="tts")?>([^<]+)</annotation>')


def write_lines(name, lines):
    os.makedirs(DATA, exist_ok=True)
    path = os.path.join(DATA, f"{name}.txt")
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        count = 0
        for line in lines:
            line = line.replace("\n", " ").replace("\r", " ").strip()
            if line:
                f.write(line + "\n")
                count += 1
    os.replace(path + ".tmp", path)
    print(f"{name}: {count} lines -> {path}", file=sys.stderr)
    return path


def cldr_annotations():
    """(language, names-and-keywords line) for every annotation in every CLDR language."""
    for path in sorted(glob.glob(os.path.join(CLDR, "*.xml"))):
        language = os.path.basename(path)[:-4]
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for _cp, value in ANNOTATION.findall(text):
            value = value.replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"').replace("&apos;", "'")
            yield language, value


def word_lists():
    words = []
    for path in ("/usr/share/dict/american-english", "/usr/share/dict/ngerman", "/usr/share/dict/french"):
        if os.path.exists(path):
            with open(path, encoding="utf-8", errors="replace") as f:
                words.extend(w.strip() for w in f if w.strip() and "'" not in w)
    return words


def machine_paths():
    out = subprocess.run(["find", "/usr", "/opt", "/etc", "-xdev"], capture_output=True, text=True, errors="replace")
    return out.stdout.splitlines()


def synthetic_titles(count, seed=20261121):
    """Titles of 2–6 words mixing one language's CLDR vocabulary with word-list words, so every
    script CLDR covers appears, in realistic proportions of Latin to other scripts."""
    rng = random.Random(seed)
    by_language = {}
    for language, value in cldr_annotations():
        words = [w for w in re.split(r"[\s|]+", value) if w]
        by_language.setdefault(language, []).extend(words)
    languages = sorted(by_language)
    english = word_lists() or by_language.get("en", ["item"])
    for _ in range(count):
        vocabulary = by_language[rng.choice(languages)]
        n = rng.randint(2, 6)
        title = [rng.choice(vocabulary) for _ in range(n)]
        if rng.random() < 0.3:
            title.insert(rng.randint(0, len(title)), rng.choice(english))
        if rng.random() < 0.1:
            title.append(str(rng.randint(1, 2030)))
        yield " ".join(title)


BUILDERS = {
    "paths": lambda: machine_paths(),
    "cldr": lambda: (value for _lang, value in cldr_annotations()),
    "words": lambda: word_lists(),
    "titles-1m": lambda: synthetic_titles(1_000_000),
    "titles-5m": lambda: synthetic_titles(5_000_000),
    "titles-10m": lambda: synthetic_titles(10_000_000),
}
LARGE = {"titles-5m", "titles-10m"}


def main(names):
    for name in names or [n for n in BUILDERS if n not in LARGE]:
        if name not in BUILDERS:
            raise SystemExit(f"unknown dataset {name}; known: {', '.join(BUILDERS)}")
        write_lines(name, BUILDERS[name]())


if __name__ == "__main__":
    main(sys.argv[1:])
