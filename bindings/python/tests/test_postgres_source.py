"""searchbar.sources.PostgresSource against a real PostgreSQL server: a throwaway cluster in a
temporary directory, on a Unix socket only, run as the unprivileged `postgres` user when the
tests run as root (initdb refuses root; bench/pg_cluster.py). A session with a local index and the PostgreSQL source
is typed into; checked: sections and their order, the server's order (ICU collation), the
session's highlights on the server's rows, stale answers dropped, superseded queries cancelled
on the server (gone from pg_stat_activity), a failure failing only its section, and that the
statements can use the pg_trgm and text_pattern_ops indexes."""
import asyncio
import os
import sys
import time

import pytest

psycopg = pytest.importorskip("psycopg", reason="psycopg is installed by .ci/python-env.sh")

import searchbar  # noqa: E402
from searchbar import Index, Session, SourceItem  # noqa: E402
from searchbar.sources import PostgresSource  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "bench"))
from pg_cluster import Cluster  # noqa: E402  (shared with bench/sources_load.py)

ROWS = [
    (1, "Zürich Hauptbahnhof", "Bahnhofplatz"),
    (2, "Apfelkuchen", "Bäckerei"),
    (3, "apple pie", "Bakery"),
    (4, "Äpfel aus dem Alten Land", "Obst"),
    (5, "Apricot jam", "Preserves"),
    (6, "Grape juice", "apple free"),
] + [(100 + n, f"Item {n:04d} filler", "") for n in range(2000)]


@pytest.fixture(scope="module")
def server():
    """A PostgreSQL cluster of its own in a temporary directory (bench/pg_cluster.py), loaded
    with ROWS and a slow view; yields its conninfo."""
    with Cluster() as conninfo:
        with psycopg.connect(conninfo, autocommit=True) as c:
            c.execute("CREATE TABLE items (id bigint PRIMARY KEY, title text NOT NULL, subtitle text)")
            with c.cursor() as cur:
                cur.executemany("INSERT INTO items VALUES (%s, %s, %s)", ROWS)
            for statement in PostgresSource.create_indexes_sql("items"):
                c.execute(statement)
            c.execute("ANALYZE items")
            # A view that takes ~0.05 s a row: a query on it runs for minutes unless cancelled.
            c.execute("CREATE FUNCTION slow(t text) RETURNS text LANGUAGE sql VOLATILE AS "
                      "$$ SELECT pg_sleep(0.05); SELECT t $$")
            c.execute("CREATE VIEW slow_items AS SELECT id, slow(title) AS title, subtitle FROM items")
        yield conninfo


def local_index() -> Index:
    index = Index(locale="de", mode="prefix")
    index.add([(900, "Zürichsee"), (901, "Apfelsaft"), (902, "Aprikose")])
    return index


async def next_event(session: Session, kinds: set, pg_sources, timeout: float = 30.0):
    """Reads the session's events through its descriptor, handing each to the sources, until
    one of `kinds` arrives (a generous bound a loaded machine never reaches)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        event = session.next_event(0)
        if event is None:
            await asyncio.sleep(0.005)
            continue
        for source in pg_sources:
            source.handle(event)
        if event.kind in kinds:
            return event
    raise AssertionError(f"no event of {kinds} within {timeout} s")


async def settled(session: Session, generation: int, count: int, sources) -> None:
    while True:
        event = await next_event(session, {"sections_ready"}, sources)
        if event.generation == generation and event.count >= count:
            return


def search(session: Session, text: str) -> int:
    session.text = text
    return session.search_now()


def active_queries(conninfo: str, fragment: str) -> list[str]:
    with psycopg.connect(conninfo, autocommit=True) as c:
        rows = c.execute("SELECT query FROM pg_stat_activity WHERE state = 'active' AND query LIKE %s "
                         "AND pid <> pg_backend_pid()", (f"%{fragment}%",)).fetchall()
    return [r[0] for r in rows]


def test_sections_order_and_highlights_from_postgres(server):
    async def run():
        async with PostgresSource(server, "items", subtitle_column="subtitle", mode="contains") as pg:
            s = Session(manual_clock=True, queue_capacity=4096)
            assert s.add_source("local_index", title="Local", index=local_index()) == 0
            assert pg.attach(s, title="Server", min_query_length=2) == 1
            g = search(s, "zür")
            await settled(s, g, 2, [pg])
            local, remote = s.sections.sections
            assert (local.title, remote.title) == ("Local", "Server")
            assert [i.title for i in local.items] == ["Zürichsee"]
            assert [i.title for i in remote.items] == ["Zürich Hauptbahnhof"]
            assert remote.items[0].title_highlights == ((0, 3),)  # made by the session
            assert remote.items[0].subtitle == "Bahnhofplatz" and remote.items[0].score > 0

            # "apfel" matches a subtitle-free title on the server, "Äpfel" does not (ILIKE does
            # not fold diacritics), and the session highlights what the server found.
            g = search(s, "apfel")
            await settled(s, g, 2, [pg])
            titles = [i.title for i in s.sections.sections[1].items]
            assert titles == ["Apfelkuchen"]
            s.close()

    asyncio.run(run())


def test_prefix_order_is_the_icu_collation(server):
    async def run():
        async with PostgresSource(server, "items", mode="prefix", limit=10) as pg:
            items = await pg.search("ap")
            titles = [i.title for i in items]
            assert set(titles) == {"Apfelkuchen", "apple pie", "Apricot jam"}
            assert titles == searchbar.sort(titles)  # the server sorts as ICU's root collation does
            assert await pg.search("100%") == []  # LIKE wildcards are taken literally

    asyncio.run(run())


def test_statements_can_use_the_trigram_and_pattern_indexes(server):
    with psycopg.connect(server, autocommit=True) as c:
        c.execute("SET enable_seqscan = off")
        for mode, index_name in (("contains", "items_title_trgm"), ("prefix", "items_title_prefix"),
                                 ("fuzzy", "items_title_trgm")):
            statement, parameters = PostgresSource(server, "items", mode=mode).query("apri")
            plan = "\n".join(r[0] for r in c.execute(psycopg.sql.SQL("EXPLAIN ") + statement, parameters))
            assert index_name in plan, (mode, plan)


def test_superseded_queries_are_cancelled_on_the_server(server):
    async def run():
        async with PostgresSource(server, "slow_items", mode="contains") as slow, \
                PostgresSource(server, "items", mode="contains") as fast:
            s = Session(manual_clock=True, queue_capacity=4096)
            s.add_source("local_index", title="Local", index=local_index())
            # Asked only for five characters or more: the slow queries on the server are g1's.
            slow.attach(s, title="Slow", min_query_length=5)
            fast.attach(s, title="Fast")

            async def wait_active(running: bool) -> None:
                deadline = time.monotonic() + 30
                while bool(active_queries(server, "slow_items")) != running and time.monotonic() < deadline:
                    await asyncio.sleep(0.05)
                assert bool(active_queries(server, "slow_items")) == running, \
                    "the slow query never started" if running else "the superseded query kept running"

            g1 = search(s, "apricot")
            await next_event(s, {"source_request"}, [slow, fast])
            await wait_active(True)
            # A newer query supersedes g1: its requests are cancelled towards the sources, which
            # cancel the statements on the server.
            g2 = search(s, "app")
            while (event := await next_event(s, {"source_cancel"}, [slow, fast])).generation != g1 or event.index != 1:
                pass
            await wait_active(False)
            await settled(s, g2, 2, [slow, fast])
            sections = s.sections
            assert sections.generation == g2
            assert [x.state for x in sections.sections] == ["ready", "idle", "ready"]
            assert [i.title for i in sections.sections[2].items] == ["apple pie"]
            assert g1 not in slow.tasks
            # A stale answer for g1 is dropped.
            assert s.answer_source(2, g1, [SourceItem(1, "stale")]) is False

            # The user's cancel withdraws a running request the same way.
            g3 = search(s, "apricots")
            await next_event(s, {"source_request"}, [slow, fast])
            await wait_active(True)
            s.cancel()
            while (event := await next_event(s, {"source_cancel"}, [slow, fast])).generation != g3 or event.index != 1:
                pass
            await wait_active(False)
            assert s.sections == searchbar.Sections(0, ())
            s.close()

    asyncio.run(run())


def test_a_server_failure_fails_only_its_section(server):
    async def run():
        async with PostgresSource(server, "no_such_table") as broken:
            s = Session(manual_clock=True, queue_capacity=4096)
            s.add_source("local_index", title="Local", index=local_index())
            broken.attach(s, title="Broken")
            g = search(s, "apf")
            await settled(s, g, 2, [broken])
            local, failed = s.sections.sections
            assert local.state == "ready" and [i.title for i in local.items] == ["Apfelsaft"]
            assert failed.state == "failed" and failed.status == "SB_EIO" and "no_such_table" in failed.message
            s.close()

    asyncio.run(run())
