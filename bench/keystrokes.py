#!/usr/bin/env python3
"""Keystroke benchmark: a user types each query one keystroke at a time (q[:1], q[:2], ...)
and every prefix of the query is searched, as a search bar does on every key press. For each
keystroke we record the latency; per engine we report median, p95 and max over all keystrokes
of all queries, plus index build time and resident memory.

Engines, each in the mode it is built for (and searchbar in the same mode next to it):

  in-process (Python; latency = one call, results materialised as Python strings)
    searchbar        searchbar.Index(...).search(q, limit=50, mode=M) through the ctypes binding
                     (includes Python/ctypes overhead and Hit construction)
    tantivy          prefix: in-RAM index, simple tokenizer + lowercase + ascii_fold, one
                     RegexQuery "word.*" per query word (AND), top 50 by BM25, stored titles
    fts5-unicode61   prefix: SQLite FTS5 unicode61 remove_diacritics 2 (prefix='1 2 3'),
                     MATCH '"w1"* "w2"*' ORDER BY rank LIMIT 50, in-memory database
    fts5-trigram     contains: SQLite FTS5 trigram; words of >= 3 characters through MATCH,
                     shorter words through LIKE '%w%' (the trigram index cannot serve them)
    casefold         contains: hand-written filter, all(w in line.casefold() for w in words)
                     over every line (first 50 shown); no index
    rapidfuzz        fuzzy: rapidfuzz.process.extract(q, choices, scorer=WRatio, limit=50) on
                     choices preprocessed once with rapidfuzz.utils.default_process
  casefold and rapidfuzz scan every line on every keystroke, so they type only the first
  --slow-queries queries; every speed-up is computed on the keystrokes both engines typed.
  The other in-process engines run --rounds times (default 3), each round a fresh process and
  index, the engines taking turns (round 2 runs them in reverse order, ...): a keystroke's
  latency is its median over the rounds, and build time and RSS are medians too. On a shared,
  noisy host one run's median moves by a third; the rounds let a ratio near 1 mean something.

  per-process (one process per keystroke, reading the data file each time: how these tools are
  used from a shell or a UI that shells out)
    rg               contains: rg -i -F QUERY FILE (all matching lines, unranked)
    fzf              fuzzy: fzf --filter QUERY < FILE (all matching lines, ranked)
    searchbar-cli    searchbar-cli filter --mode M --limit 50 QUERY < FILE (reads the file and
                     matches every line without an index, every keystroke)

  engine (searchbar's own time, no Python): searchbar-cli filter --timing --keystrokes types
    the query inside one process after one index build and prints per-keystroke latencies;
    its build time and process RSS (which includes the input text it holds) are reported too.
    It types every query of the dataset (or the first --engine-queries) after one index build
    per mode (--queries FILE) and steps by grapheme cluster where the Python side steps by code
    point (Thai หน้า: 3 keystrokes instead of 4).

Before timing, each in-process engine answers one unrelated warm-up query. Keystrokes within a
query extend each other, so engines with incremental refinement or result caches (searchbar)
use them, as they would while a user types.

Random words (datasets named BASE/random, e.g. titles-1m/random): the same data file, typed
with RANDOM_WORD_COUNT words drawn from it (random_words()) instead of the fixed queries, in
prefix and contains mode, in-process and engine rows only. The fixed queries are mostly short;
these show the long words a user also types, with and without their accents, where typo
tolerance and the vocabulary scans cost the most.

Every in-process engine runs in its own worker subprocess, so resident-memory growth is not
polluted by the other engines. The growth is RSS after building minus RSS after loading the
lines and warming the engine up on a one-line index it then drops (warm_up(): the library, its
threads and the data it maps are the library's cost, paid once per process, not the index's).

Usage: keystrokes.py --cli PATH [--quick] [--datasets a,b] [--json OUT]   (--help for the rest)
       keystrokes.py --worker ENGINE --file PATH --modes m1,m2 --worker-queries JSON   (internal)
"""
import argparse
import gc
import json
import os
import random
import re
import statistics
import subprocess
import sys
import time
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "data")
OUT = os.path.join(HERE, "out")
LIMIT = 50

# Realistic queries, typed the way people type them: often without the diacritics or accents
# the text has (medecin -> médecin, yuz -> yüz, προσωπο -> πρόσωπο), several scripts, one or two
# words. First characters differ inside a list so that no query's first keystroke is answered
# from the result cache of an earlier query. The order puts a spread of scripts first, because
# --quick and the slow peers use only the first few queries.
MULTILINGUAL = [
    "medecin",      # French médecin, typed without the accent
    "лицо",         # Russian
    "猫",           # Chinese / Japanese (one keystroke through an input method)
    "وجه",          # Arabic
    "προσωπο",      # Greek πρόσωπο, typed without the tonos
    "หน้า",         # Thai (the vowel/tone mark is its own keystroke)
    "gesicht",      # German
    "кошка",        # Russian
    "얼굴",         # Korean
    "yuz",          # Turkish yüz, typed without the diaeresis
    "corazon",      # Spanish corazón
    "γάτα",         # Greek with its accent
    "face with",    # English, two words
]
QUERIES = {
    "titles-1m": MULTILINGUAL,
    "titles-5m": MULTILINGUAL,
    "titles-10m": MULTILINGUAL,
    "cldr": MULTILINGUAL,
    "paths": ["site-packages", "libicu", "README", "x86_64 linux", "gsutil", "oauth", "zoneinfo euro"],
    "words": ["strasse", "resume", "uber", "garcon", "encyclo", "apple", "naive"],
}
# Datasets typed with random words drawn from them (BASE/random), and each one's seed.
RANDOM_WORD_SEEDS = {"titles-1m": 5, "words": 7}
RANDOM_WORD_COUNT = 300
RANDOM_WORD_MODES = ["prefix", "contains"]
RANDOM_WORD_LINES = 200_000


def random_words(path, seed, count=RANDOM_WORD_COUNT):
    """`count` words drawn with random.seed(seed) from the distinct words of 4+ letters (all
    alphabetic) in the first RANDOM_WORD_LINES lines of `path`; every second one has its
    diacritics stripped (NFD, combining marks dropped), as a user typing without accents sends
    it. The same file and seed always give the same words."""
    words = set()
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f):
            if n >= RANDOM_WORD_LINES:
                break
            words.update(w for w in line.split() if len(w) >= 4 and w.isalpha())
    rng = random.Random(seed)
    chosen = rng.sample(sorted(words), min(count, len(words)))
    plain = lambda w: "".join(c for c in unicodedata.normalize("NFD", w) if not unicodedata.combining(c))
    return [plain(w) if k % 2 else w for k, w in enumerate(chosen)]


def base_dataset(name):
    """The data file's name of a dataset (titles-1m/random reads titles-1m)."""
    return name.split("/")[0]


# Queries for the per-process rows (a process per keystroke, each reading the file and
# matching every line): short ones in different scripts keep the run bearable.
PER_PROCESS_QUERIES = {
    "titles-1m": ["лицо", "猫"],
    "titles-5m": [],
    "titles-10m": [],
    "cldr": ["лицо", "猫"],
    "paths": ["libicu", "README"],
    "words": ["uber", "garcon"],
}
MODES = {
    "titles-1m": ["prefix", "contains", "fuzzy"],
    "titles-5m": ["prefix", "contains", "fuzzy"],
    "titles-10m": ["prefix", "contains", "fuzzy"],
    "cldr": ["prefix", "contains", "fuzzy"],
    "paths": ["contains", "fuzzy"],
    "words": ["prefix", "contains", "fuzzy"],
}
# In-process engines and the modes they serve (searchbar serves every mode from one index).
IN_PROCESS = {
    "searchbar": ["prefix", "contains", "fuzzy"],
    "tantivy": ["prefix"],
    "fts5-unicode61": ["prefix"],
    "fts5-trigram": ["contains"],
    "casefold": ["contains"],
    "rapidfuzz": ["fuzzy"],
}
# In-process peers too slow to type every query on a million lines: they type only the first
# --slow-queries queries; their speed-up is computed against searchbar on the same keystrokes.
SLOW = {"rapidfuzz", "casefold"}
# Per-process peers and their mode.
PER_PROCESS = {"rg": "contains", "fzf": "fuzzy"}
# Datasets on which only searchbar runs (the peers would take many minutes on 5 M lines).
SEARCHBAR_ONLY = {"titles-5m", "titles-10m"}


# ----------------------------------------------------------------------------------------------
# measurements


def rss_bytes():
    """This process's resident set size, from /proc/self/status."""
    return memory_bytes()["rss"]


def memory_bytes():
    """This process's resident set size and the anonymous part of it (the rest is file-backed:
    code, ICU data, mapped files), from /proc/self/status."""
    found = {"rss": 0, "anonymous": 0}
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                found["rss"] = int(line.split()[1]) * 1024
            elif line.startswith("RssAnon:"):
                found["anonymous"] = int(line.split()[1]) * 1024
    return found


def warm_up(engine_name, mode):
    """Loads an engine's library and starts its runtime (threads, ICU data, caches) on a
    one-line index, searched once and dropped: memory measured after this is the index's own,
    not the library's, which a host pays once however many indexes it keeps."""
    engine = ENGINES[engine_name]()
    engine.build(["warm up"])
    engine.search("warm", mode)
    del engine
    gc.collect()


def keystrokes(query):
    """What the search bar holds after each key press: q[:1], q[:2], ... (code points)."""
    return [query[:n] for n in range(1, len(query) + 1) if query[:n].strip()]


def summary(latencies_ms):
    """Median, p95 (nearest rank) and max of a list of latencies in milliseconds."""
    if not latencies_ms:
        return None
    ordered = sorted(latencies_ms)
    p95 = ordered[max(0, -(-len(ordered) * 95 // 100) - 1)]
    return {"n": len(ordered), "median": statistics.median(ordered), "p95": p95, "max": ordered[-1]}


def read_lines(path):
    with open(path, encoding="utf-8") as f:
        return [line.rstrip("\n") for line in f]


# ----------------------------------------------------------------------------------------------
# in-process engines (run inside a worker process)


class SearchbarEngine:
    """searchbar through its Python binding: one index, every mode chosen per query."""

    def build(self, lines):
        import searchbar

        self.index = searchbar.Index(mode="prefix")
        # One add() call, as the CLI does: the binding packs the titles into one UTF-8 buffer
        # (sb_index_add_packed), so a batch of millions costs the texts' size once, and the
        # index is built as one segment rather than as batches merged afterwards.
        self.index.add(list(enumerate(lines)))

    def open(self, path, verify=False):
        """Opens a file Index.save wrote (index_file.py); verify: also every checksum."""
        import searchbar

        self.index = searchbar.Index.open(path, verify=verify)

    def search(self, query, mode):
        return [hit.title for hit in self.index.search(query, limit=LIMIT, mode=mode)]


class TantivyEngine:
    """tantivy-py, in-RAM index; prefix query = one RegexQuery "word.*" per word, all required.

    build(lines) makes the in-RAM index the keystroke rows use; build(lines, path) commits it
    into the directory `path` instead, and open(path) opens such a directory in another process
    (index_file.py). build(lines, batch=N) commits every N documents (ingest.py: how a host
    streaming rows makes them searchable)."""

    def _analyzer(self):
        import tantivy

        self.tantivy = tantivy
        self.analyzer = (tantivy.TextAnalyzerBuilder(tantivy.Tokenizer.simple())
                         .filter(tantivy.Filter.remove_long(40))
                         .filter(tantivy.Filter.lowercase())
                         .filter(tantivy.Filter.ascii_fold())
                         .build())

    def build(self, lines, path=None, batch=None):
        self._analyzer()
        tantivy = self.tantivy
        builder = tantivy.SchemaBuilder()
        builder.add_text_field("title", stored=True, tokenizer_name="fold")
        self.schema = builder.build()
        self.index = tantivy.Index(self.schema, path=path, reuse=False) if path else tantivy.Index(self.schema)
        self.index.register_tokenizer("fold", self.analyzer)
        writer = self.index.writer(heap_size=256_000_000, num_threads=2)
        for n, line in enumerate(lines, 1):
            writer.add_document(tantivy.Document(title=line))
            if batch and n % batch == 0:
                writer.commit()
        if not batch or len(lines) % batch:
            writer.commit()
        # The rows are published; what follows is the merges the commits started.
        self.committed_at = time.perf_counter()
        writer.wait_merging_threads()
        self._searcher()

    def open(self, path):
        """Opens a directory build(lines, path) committed; reads no document."""
        self._analyzer()
        self.index = self.tantivy.Index.open(path)
        self.index.register_tokenizer("fold", self.analyzer)
        self.schema = self.index.schema
        self._searcher()

    def _searcher(self):
        self.index.reload()
        self.searcher = self.index.searcher()

    def search(self, query, mode):
        tantivy = self.tantivy
        words = self.analyzer.analyze(query)
        if not words:
            return []
        clauses = [(tantivy.Occur.Must, tantivy.Query.regex_query(self.schema, "title", re.escape(w) + ".*"))
                   for w in words]
        found = self.searcher.search(tantivy.Query.boolean_query(clauses), LIMIT, count=False)
        return [self.searcher.doc(address)["title"][0] for _score, address in found.hits]


class Fts5Engine:
    """SQLite FTS5, one table `items(title)`: in memory for the keystroke rows; in a database
    file with build(lines, path), which open(path) opens read-only in another process
    (index_file.py); build(lines, batch=N) commits every N rows, one transaction each
    (ingest.py)."""

    TABLE = ""  # the fts5(...) arguments after the column

    def build(self, lines, path=None, batch=None):
        import sqlite3

        self.db = sqlite3.connect(path or ":memory:")
        self.db.execute(f"CREATE VIRTUAL TABLE items USING fts5(title, {self.TABLE})")
        step = batch or max(1, len(lines))
        insert = "INSERT INTO items(title) VALUES (?)"
        for start in range(0, len(lines), step):
            with self.db:
                self.db.executemany(insert, ((line,) for line in lines[start:start + step]))
        self.committed_at = time.perf_counter()

    def open(self, path):
        """Opens a database build(lines, path) wrote, read-only, and reads its schema (SQLite
        reads it at the first statement); reads no row."""
        import sqlite3

        self.db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        self.db.execute("SELECT count(*) FROM sqlite_master").fetchall()


class Fts5Unicode61Engine(Fts5Engine):
    """SQLite FTS5, unicode61 tokenizer with diacritics removed, prefix indexes, BM25 order."""

    TABLE = "tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'"

    def search(self, query, mode):
        words = query.split()
        if not words:
            return []
        match = " ".join('"' + w.replace('"', '""') + '"*' for w in words)
        rows = self.db.execute("SELECT title FROM items WHERE items MATCH ? ORDER BY rank LIMIT ?", (match, LIMIT))
        return [row[0] for row in rows]


class Fts5TrigramEngine(Fts5Engine):
    """SQLite FTS5 trigram tokenizer: substring search; MATCH for words of 3+ characters, LIKE
    for shorter ones (which the trigram index cannot serve, so SQLite scans)."""

    TABLE = "tokenize = 'trigram'"

    def search(self, query, mode):
        words = query.split()
        if not words:
            return []
        long_words = [w for w in words if len(w) >= 3]
        short_words = [w for w in words if len(w) < 3]
        where, params = [], []
        if long_words:
            where.append("items MATCH ?")
            params.append(" AND ".join('"' + w.replace('"', '""') + '"' for w in long_words))
        for w in short_words:
            where.append("title LIKE ? ESCAPE '\\'")
            params.append("%" + w.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%")
        sql = "SELECT title FROM items WHERE " + " AND ".join(where) + " LIMIT ?"
        return [row[0] for row in self.db.execute(sql, (*params, LIMIT))]


class CasefoldEngine:
    """The filter anyone writes by hand: every line, casefolded, must contain every word."""

    has_index = False

    def build(self, lines):
        self.lines = lines

    def search(self, query, mode):
        words = query.casefold().split()
        found = []
        for line in self.lines:
            folded = line.casefold()
            if all(w in folded for w in words):
                found.append(line)
        return found[:LIMIT]


class RapidfuzzEngine:
    """rapidfuzz process.extract (WRatio, its default scorer) over preprocessed choices."""

    def build(self, lines):
        from rapidfuzz import fuzz, process, utils

        self.process, self.scorer, self.prepare = process, fuzz.WRatio, utils.default_process
        self.lines = lines
        self.choices = [utils.default_process(line) for line in lines]

    def search(self, query, mode):
        found = self.process.extract(self.prepare(query), self.choices, scorer=self.scorer, processor=None,
                                     limit=LIMIT)
        return [self.lines[i] for _choice, _score, i in found]


ENGINES = {
    "searchbar": SearchbarEngine,
    "tantivy": TantivyEngine,
    "fts5-unicode61": Fts5Unicode61Engine,
    "fts5-trigram": Fts5TrigramEngine,
    "casefold": CasefoldEngine,
    "rapidfuzz": RapidfuzzEngine,
}


def combined(outcomes):
    """One worker outcome from several rounds of the same engine, modes and queries: each
    keystroke's latency is its median over the rounds; build time and RSS growth are medians."""
    if len(outcomes) == 1:
        return outcomes[0]
    first = outcomes[0]

    def middle(values):
        values = [v for v in values if v is not None]
        return statistics.median(values) if values else None

    result = {"build_s": middle(o["build_s"] for o in outcomes),
              "rss_growth": middle(o["rss_growth"] for o in outcomes),
              "anonymous_growth": middle(o.get("anonymous_growth") for o in outcomes), "modes": {}}
    for mode, measured in first["modes"].items():
        rounds = [o["modes"][mode]["per_query"] for o in outcomes]
        per_query = [[statistics.median(r[q][k] for r in rounds) for k in range(len(latencies))]
                     for q, latencies in enumerate(measured["per_query"])]
        result["modes"][mode] = {"per_query": per_query, "final_hits": measured["final_hits"]}
    return result


def worker(engine_name, path, modes, queries):
    """Builds one engine over the file's lines, types every query in every mode, prints JSON."""
    lines = read_lines(path)
    warm_up(engine_name, modes[0])
    before = memory_bytes()
    engine = ENGINES[engine_name]()
    start = time.perf_counter()
    engine.build(lines)
    build_s = time.perf_counter() - start
    gc.collect()
    after = memory_bytes()
    engine.search("zqxj", modes[0])  # warm-up (a query that shares no prefix with the real ones)
    if getattr(engine, "has_index", True):
        result = {"build_s": build_s, "rss_growth": after["rss"] - before["rss"],
                  "anonymous_growth": after["anonymous"] - before["anonymous"], "modes": {}}
    else:
        result = {"build_s": None, "rss_growth": None, "anonymous_growth": None, "modes": {}}
    for mode in modes:
        per_query, hits = [], 0
        for query in queries:
            found, latencies = [], []
            for typed in keystrokes(query):
                start = time.perf_counter()
                found = engine.search(typed, mode)
                latencies.append((time.perf_counter() - start) * 1000)
            per_query.append(latencies)
            hits += len(found)
        result["modes"][mode] = {"per_query": per_query, "final_hits": hits}
    json.dump(result, sys.stdout)


# ----------------------------------------------------------------------------------------------
# orchestration


def run_worker(engine, path, modes, queries):
    command = [sys.executable, os.path.abspath(__file__), "--worker", engine, "--file", path,
               "--modes", ",".join(modes), "--worker-queries", json.dumps(queries)]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        print(f"  {engine} failed:\n{done.stderr[-2000:]}", file=sys.stderr)
        return None
    return json.loads(done.stdout)


def per_process(command, path, queries):
    """One process per keystroke; returns per-query latencies (ms) and the number of lines the
    last keystroke of each query printed (at most LIMIT counted)."""
    per_query, hits = [], 0
    for query in queries:
        lines, latencies = 0, []
        per_query.append(latencies)
        for typed in keystrokes(query):
            with open(path, "rb") as stdin:
                start = time.perf_counter()
                done = subprocess.run(command(typed), stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
                latencies.append((time.perf_counter() - start) * 1000)
            lines = done.stdout.count(b"\n")
        hits += min(lines, LIMIT)
    return per_query, hits


CLI_KEYS = re.compile(r"per keystroke of (.*?): ((?:[\d.]+ ms(?:, )?)+)\s*$", re.M)
CLI_BUILD = re.compile(r"build\s+([\d.]+)\s*ms")
CLI_RSS = re.compile(r"rss\s+(\d+)\s*MB")


def cli_engine_time(cli, path, mode, queries):
    """searchbar-cli --timing --keystrokes --queries: one process builds the index once and types
    every query; the engine's own per-keystroke times, build time and RSS."""
    import tempfile
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".txt", delete=False) as listing:
        listing.write("\n".join(queries[1:]) + "\n")
    try:
        with open(path, "rb") as stdin:
            done = subprocess.run([cli, "filter", "--mode", mode, "--limit", str(LIMIT), "--timing", "--keystrokes",
                                   "--queries", listing.name, queries[0]], stdin=stdin, capture_output=True)
    finally:
        os.unlink(listing.name)
    err = done.stderr.decode("utf-8", "replace")
    typed = CLI_KEYS.findall(err)
    # searchbar filter exits 1 when the last search found nothing (as fzf --filter does).
    if done.returncode not in (0, 1) or len(typed) != len(queries):
        print(f"  searchbar-cli --keystrokes gave no per-keystroke times:\n{err[-1000:]}", file=sys.stderr)
        return None
    per_query = [[float(v) for v in re.findall(r"([\d.]+)\s*ms", times)] for _, times in typed]
    build = CLI_BUILD.search(err)
    rss = CLI_RSS.search(err)
    return {"per_query": per_query, "final_hits": done.stdout.count(b"\n"),
            "build_s": float(build.group(1)) / 1000 if build else None,
            "rss_total": int(rss.group(1)) * 1024 * 1024 if rss else None}


def prepare_file(name, max_lines):
    """The data file to search: the dataset itself, or its first max_lines lines (--quick)."""
    path = os.path.join(DATA, f"{name}.txt")
    if not os.path.exists(path):
        raise SystemExit(f"{path} is missing: run bench/datasets.py {name}")
    if not max_lines:
        return path
    os.makedirs(os.path.join(OUT, "data"), exist_ok=True)
    cut = os.path.join(OUT, "data", f"{name}-{max_lines}.txt")
    with open(path, encoding="utf-8") as source, open(cut, "w", encoding="utf-8") as target:
        for n, line in enumerate(source):
            if n >= max_lines:
                break
            target.write(line)
    return cut


def row(dataset, mode, engine, how, names, per_query, **extra):
    """A table row: the queries typed, their per-keystroke latency lists, and the summary over
    all keystrokes."""
    flat = [v for latencies in per_query for v in latencies]
    return {"dataset": dataset, "mode": mode, "engine": engine, "how": how, "query_names": names[: len(per_query)],
            "per_query": per_query, "queries": len(per_query), **(summary(flat) or {}), **extra}


def log(message):
    print(message, file=sys.stderr, flush=True)


def benchmark(args):
    """Runs every engine on every dataset; returns {"datasets": {...}, "rows": [...]}."""
    results = {"rows": [], "datasets": {}}
    rows = results["rows"]
    for dataset in args.datasets.split(","):
        path = prepare_file(base_dataset(dataset), args.max_lines)
        raw = os.path.getsize(path)
        with open(path, "rb") as f:
            count = sum(1 for _ in f)
        if dataset.endswith("/random"):
            queries = random_words(path, RANDOM_WORD_SEEDS[base_dataset(dataset)])[: args.queries or None]
            proc_queries, modes = [], RANDOM_WORD_MODES
        else:
            queries = QUERIES[dataset][: args.queries or None]
            proc_queries = PER_PROCESS_QUERIES[dataset][: args.proc_queries]
            modes = MODES[dataset]
        only_ours = dataset in SEARCHBAR_ONLY
        # one CLI index build per mode types every query (--engine-queries N: the first N)
        engine_queries = queries[: args.engine_queries or None]
        results["datasets"][dataset] = {"lines": count, "bytes": raw, "queries": queries,
                                        "per_process_queries": proc_queries}
        log(f"{dataset}: {count:,} lines, {raw / 1e6:.1f} MB; modes {', '.join(modes)}; {len(queries)} queries")

        # The in-process engines take turns, round after round (see --rounds).
        # (engine, its modes here, the queries it types)
        engines = [(engine, [m for m in modes if m in served], queries[: args.slow_queries] if engine in SLOW else queries)
                   for engine, served in IN_PROCESS.items()]
        engines = [(e, ms, qs) for e, ms, qs in engines if ms and not (only_ours and e != "searchbar")]
        outcomes = {engine: [] for engine, _, _ in engines}
        for round_number in range(max(1, args.rounds)):
            for engine, engine_modes, typed_queries in engines if round_number % 2 == 0 else reversed(engines):
                if engine in SLOW and round_number > 0:
                    continue  # the slow peers trail by hundreds of times or more: one round tells that
                started = time.perf_counter()
                outcome = run_worker(engine, path, engine_modes, typed_queries)
                log(f"  {engine} in-process, round {round_number + 1}: {time.perf_counter() - started:.1f} s")
                if outcome:
                    outcomes[engine].append(outcome)
        for engine, engine_modes, typed_queries in engines:
            if not outcomes[engine]:
                continue
            outcome = combined(outcomes[engine])
            for mode in engine_modes:
                measured = outcome["modes"][mode]
                rows.append(row(dataset, mode, engine, "in-process", typed_queries, measured["per_query"],
                                hits=measured["final_hits"], build_s=outcome["build_s"],
                                rss=outcome["rss_growth"], anonymous=outcome["anonymous_growth"], raw=raw,
                                rounds=len(outcomes[engine])))

        for mode in modes if engine_queries else ():
            started = time.perf_counter()
            measured = cli_engine_time(args.cli, path, mode, engine_queries)
            log(f"  searchbar-cli --keystrokes {mode}: {time.perf_counter() - started:.1f} s")
            if measured:
                rows.append(row(dataset, mode, "searchbar", "engine (CLI)", engine_queries, measured["per_query"],
                                hits=measured["final_hits"], build_s=measured["build_s"],
                                rss=measured["rss_total"], rss_is_process=True, raw=raw))

        tools = {
            "rg": lambda q: ["rg", "-i", "-F", "--no-line-number", "--color", "never", "--", q, path],
            "fzf": lambda q: ["fzf", "--filter", q],
        }
        for tool, mode in PER_PROCESS.items():
            if mode not in modes or not proc_queries or only_ours:
                continue
            ours = lambda q, m=mode: [args.cli, "filter", "--mode", m, "--limit", str(LIMIT), q]
            for engine, command in (("searchbar-cli", ours), (tool, tools[tool])):
                started = time.perf_counter()
                per_query, hits = per_process(command, path, proc_queries)
                log(f"  {engine} per-process {mode}: {time.perf_counter() - started:.1f} s")
                rows.append(row(dataset, mode, engine, "per-process", proc_queries, per_query, hits=hits))
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cli", help="path to the release searchbar-cli")
    parser.add_argument("--datasets", default="titles-1m,paths,cldr,words,titles-1m/random,words/random",
                        help="comma-separated dataset names (BASE/random: BASE typed with random words)")
    parser.add_argument("--quick", action="store_true",
                        help="smoke run: 100,000 lines per dataset, 4 queries, fewer slow rows")
    parser.add_argument("--max-lines", type=int, default=0, help="use only the first N lines of each dataset")
    parser.add_argument("--queries", type=int, default=0, help="use only the first N queries per dataset")
    parser.add_argument("--slow-queries", type=int, default=2, help="queries for the slow in-process peers")
    parser.add_argument("--engine-queries", type=int, default=0,
                        help="queries typed through searchbar-cli --keystrokes, all after one index build "
                             "(default: every query of the dataset)")
    parser.add_argument("--proc-queries", type=int, default=3, help="queries for the per-process rows")
    parser.add_argument("--rounds", type=int, default=3,
                        help="rounds of the in-process engines (except the slow peers): a keystroke's "
                             "latency is its median over the rounds")
    parser.add_argument("--json", help="write the measurements here (bench/report.py renders them)")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--file", help=argparse.SUPPRESS)
    parser.add_argument("--modes", help=argparse.SUPPRESS)
    parser.add_argument("--worker-queries", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker, args.file, args.modes.split(","), json.loads(args.worker_queries))
        return
    if args.quick:
        args.max_lines = args.max_lines or 100_000
        args.queries = args.queries or 4
        args.slow_queries = min(args.slow_queries, 2)
        args.engine_queries = args.engine_queries or 4
        args.proc_queries = min(args.proc_queries, 1)
        args.rounds = min(args.rounds, 1)
    if not args.cli or not os.access(args.cli, os.X_OK):
        raise SystemExit("--cli must point at the built searchbar-cli")
    results = benchmark(args)
    results["settings"] = {k: getattr(args, k) for k in ("quick", "max_lines", "queries", "slow_queries",
                                                          "engine_queries", "proc_queries", "rounds")}
    if args.json:
        os.makedirs(os.path.dirname(os.path.abspath(args.json)), exist_ok=True)
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(results, f, ensure_ascii=False, indent=1)
    sys.path.insert(0, HERE)
    import report  # bench/report.py

    print(report.table(results, None))


if __name__ == "__main__":
    main()
