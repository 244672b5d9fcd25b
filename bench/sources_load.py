"""Load on loopback: many sessions typing at once, each with a local index and the PostgreSQL
source, against one server holding a large table (issue 33 item 3).

A throwaway cluster (bench/pg_cluster.py, Unix socket) gets ROWS synthetic titles (2-4 words
drawn from the Debian word lists, fixed seed) with the source's pg_trgm and text_pattern_ops
indexes; one local index of LOCAL titles is shared by every session. SESSIONS sessions, all in
one asyncio loop with one shared psycopg pool, each type QUERIES words of the list one key at a
time, a key every KEY_MS ms (a fast typist), and wait for both sections of the last key before
the next word. Per keystroke that was still the newest when its section arrived: the time from
the key to the local section and to the remote section. Also counted: sections delivered for a
query older than the session's newest (stale; must be 0), superseded requests cancelled towards
the host, and the statements still active on the server once every session has finished and
closed (runaway; must be 0).

Usage: python bench/sources_load.py [--rows 1000000] [--sessions 50] [--queries 4] [--key-ms 80]
       [--mode contains|prefix] [--json out.json]
Needs the searchbar binding, psycopg and psycopg-pool (the test venv: .ci/python-env.sh build).
"""
from __future__ import annotations

import argparse
import asyncio
import io
import json
import os
import random
import sys
import time

import psycopg
from psycopg_pool import AsyncConnectionPool

from searchbar import Index, Session
from searchbar.sources import PostgresSource

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pg_cluster import Cluster  # noqa: E402

WORD_LISTS = ("/usr/share/dict/american-english", "/usr/share/dict/ngerman", "/usr/share/dict/french")


def words() -> list[str]:
    found: list[str] = []
    for path in WORD_LISTS:
        if os.path.exists(path):
            with open(path, encoding="utf-8", errors="replace") as f:
                found += [w.strip() for w in f if w.strip().isalpha()]
    if not found:
        raise SystemExit("no word list: apt-get install wamerican wngerman wfrench")
    return found


def titles(vocabulary: list[str], count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return [" ".join(rng.choice(vocabulary) for _ in range(rng.randint(2, 4))) for _ in range(count)]


def load(conninfo: str, rows: list[str]) -> float:
    """Creates and fills the table and its indexes; returns the seconds it took."""
    start = time.monotonic()
    with psycopg.connect(conninfo, autocommit=True) as c:
        c.execute("CREATE TABLE items (id bigint PRIMARY KEY, title text NOT NULL, subtitle text)")
        with c.cursor() as cur, cur.copy("COPY items (id, title) FROM STDIN") as copy:
            buffer = io.StringIO()
            for n, title in enumerate(rows):
                buffer.write(f"{n + 1}\t{title}\n")
            copy.write(buffer.getvalue())
        for statement in PostgresSource.create_indexes_sql("items"):
            c.execute(statement)
        c.execute("ANALYZE items")
    return time.monotonic() - start


def percentile(values: list[float], p: float) -> float:
    """Nearest rank; 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, int(round(p / 100 * len(ordered) + 0.5)) - 1))]


class Stats:
    def __init__(self) -> None:
        self.local: list[float] = []
        self.remote: list[float] = []
        self.keystrokes = 0
        self.stale = 0
        self.cancels = 0
        self.failed = 0
        self.unanswered = 0


async def one_session(index: Index, pool: AsyncConnectionPool, conninfo: str, mode: str, queries: list[str],
                      key_ms: int, stats: Stats) -> None:
    session = Session(manual_clock=True, queue_capacity=1 << 16)
    session.add_source("local_index", title="Local", index=index)
    source = PostgresSource(conninfo, "items", mode=mode, pool=pool)
    source.attach(session, title="Server", min_query_length=2)
    issued: dict[int, float] = {}
    settled: dict[int, set[int]] = {}
    last_done = asyncio.Event()
    waiting_for = [0]
    latest = [0]  # the newest generation issued (read and written on the loop's one thread)

    async def read() -> None:
        async for event in session.aevents():
            source.handle(event)
            if event.kind == "source_cancel":
                stats.cancels += 1
            if event.kind != "sections_ready" or event.index < 0:
                continue
            if event.generation != latest[0]:
                stats.stale += 1  # the library promises this never happens
                continue
            elapsed = time.monotonic() - issued[event.generation]
            (stats.local if event.index == 0 else stats.remote).append(elapsed)
            done = settled.setdefault(event.generation, set())
            done.add(event.index)
            if event.generation == waiting_for[0] and done >= {0, 1}:
                last_done.set()

    reader = asyncio.get_running_loop().create_task(read())
    reader.add_done_callback(lambda t: t.cancelled() or t.exception() is None or print(t.exception(), file=sys.stderr))
    try:
        for query in queries:
            for end in range(1, len(query) + 1):
                session.text = query[:end]
                generation = session.search_now()
                latest[0] = generation
                issued[generation] = time.monotonic()
                stats.keystrokes += 1
                if end < len(query):
                    await asyncio.sleep(key_ms / 1000)
            waiting_for[0] = generation
            last_done.clear()
            if settled.get(generation, set()) >= {0, 1}:
                last_done.set()
            try:
                await asyncio.wait_for(last_done.wait(), timeout=60)
            except asyncio.TimeoutError:
                stats.unanswered += 1
            if any(s.state == "failed" for s in session.sections.sections):
                stats.failed += 1
    finally:
        session.cancel()
        await asyncio.sleep(0)
        reader.cancel()
        await asyncio.gather(reader, return_exceptions=True)
        await source.close()
        session.close()


def active_statements(conninfo: str) -> int:
    with psycopg.connect(conninfo, autocommit=True) as c:
        return c.execute("SELECT count(*) FROM pg_stat_activity WHERE state = 'active' AND query LIKE '%items%' "
                         "AND pid <> pg_backend_pid()").fetchone()[0]


async def run(args: argparse.Namespace, conninfo: str, vocabulary: list[str]) -> dict[str, object]:
    local = Index(locale="en", mode="prefix" if args.mode == "prefix" else "contains")
    local.add(list(enumerate(titles(vocabulary, args.local, 11), start=1)))
    rng = random.Random(5)
    candidates = [w for w in vocabulary if len(w) >= 6]
    plans = [[rng.choice(candidates)[:rng.randint(4, 7)].lower() for _ in range(args.queries)]
             for _ in range(args.sessions)]
    stats = Stats()
    async with AsyncConnectionPool(conninfo, min_size=2, max_size=args.pool, open=False) as pool:
        await pool.open(wait=True)
        start = time.monotonic()
        await asyncio.gather(*(one_session(local, pool, conninfo, args.mode, plan, args.key_ms, stats)
                               for plan in plans))
        elapsed = time.monotonic() - start
    await asyncio.sleep(0.5)  # the cancels of the last requests reach the server
    runaway = active_statements(conninfo)
    ms = lambda v: round(v * 1000, 1)  # noqa: E731
    return {
        "rows": args.rows, "local_items": args.local, "sessions": args.sessions, "queries_per_session": args.queries,
        "key_ms": args.key_ms, "mode": args.mode, "pool": args.pool, "keystrokes": stats.keystrokes,
        "seconds": round(elapsed, 1),
        "local_ms": {"p50": ms(percentile(stats.local, 50)), "p95": ms(percentile(stats.local, 95)),
                     "max": ms(max(stats.local, default=0)), "count": len(stats.local)},
        "remote_ms": {"p50": ms(percentile(stats.remote, 50)), "p95": ms(percentile(stats.remote, 95)),
                      "max": ms(max(stats.remote, default=0)), "count": len(stats.remote)},
        "stale_deliveries": stats.stale, "requests_cancelled": stats.cancels, "failed_sections": stats.failed,
        "unanswered_last_keys": stats.unanswered, "runaway_statements": runaway,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--local", type=int, default=100_000, help="items of the shared local index")
    parser.add_argument("--sessions", type=int, default=50)
    parser.add_argument("--queries", type=int, default=4, help="words each session types")
    parser.add_argument("--key-ms", type=int, default=80)
    parser.add_argument("--mode", choices=("contains", "prefix"), default="contains")
    parser.add_argument("--pool", type=int, default=8, help="connections of the shared pool")
    parser.add_argument("--json", help="also write the figures here")
    args = parser.parse_args()
    vocabulary = words()
    with Cluster(max_connections=40, settings=("shared_buffers=256MB",)) as conninfo:
        seconds = load(conninfo, titles(vocabulary, args.rows, 7))
        print(f"loaded {args.rows} rows with their indexes in {seconds:.0f} s", file=sys.stderr)
        figures = asyncio.run(run(args, conninfo, vocabulary))
        figures["load_seconds"] = round(seconds, 1)
    print(json.dumps(figures, indent=2))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(figures, f, indent=2)
    if figures["stale_deliveries"] or figures["runaway_statements"]:
        raise SystemExit("stale deliveries or runaway statements: see above")


if __name__ == "__main__":
    main()
