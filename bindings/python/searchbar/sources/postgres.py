"""A PostgreSQL table as a remote source of a Session (see searchbar.sources).

The host's asyncio loop hands the session's events to `handle()`: a 'source_request' for this
source starts a query on a pooled connection, its rows become the section's items
(Session.answer_source(): the session highlights them with its own folding), a failure fails
only this section, and a 'source_cancel' (a newer query, a cancel, the timeout) cancels the
task, which cancels the statement on the server (psycopg's cancel) so that no superseded query
keeps running there.

How a text is searched, each through an index PostgreSQL keeps itself (create_indexes()):
- 'contains': `column ILIKE '%text%'` (a pg_trgm GIN index), best `similarity()` first;
- 'prefix': `lower(column) LIKE 'text%'` (a `text_pattern_ops` index on lower(column));
- 'fuzzy': `column % text` (pg_trgm's similarity operator over the same GIN index), nearest first.
Ties are ordered by the ICU root collation (`COLLATE "und-x-icu"`), then by id.
"""
from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from psycopg import sql
from psycopg_pool import AsyncConnectionPool

from .._session_sources import SourceItem

if TYPE_CHECKING:
    from .._session import Event, Session

MODES = ("contains", "prefix", "fuzzy")


def _like_escape(text: str) -> str:
    """`text` with LIKE's wildcards and escape character taken literally."""
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


class PostgresSource:
    """Searches `table` (`id_column`, `title_column`, optional `subtitle_column`) on the server
    `conninfo` names, with a pool of `min_connections`..`max_connections` connections.
    `mode` is one of MODES; `pool` shares one psycopg_pool.AsyncConnectionPool among sources
    (one per session) instead. Use `async with PostgresSource(...) as source:`, or open()/close()."""

    def __init__(self, conninfo: str, table: str, *, id_column: str = "id", title_column: str = "title",
                 subtitle_column: str | None = None, mode: str = "contains", limit: int = 20,
                 min_connections: int = 1, max_connections: int = 4, collation: str = "und-x-icu",
                 pool: AsyncConnectionPool | None = None) -> None:
        if mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}, not {mode!r}")
        self.table, self.mode, self.limit = table, mode, limit
        self.columns = (id_column, title_column, subtitle_column)
        self.collation = collation
        #: The pool is this source's own, unless `pool` shares one (many sessions, one server):
        #: a shared pool is opened and closed by its owner.
        self.owns_pool = pool is None
        self.pool = pool if pool is not None else AsyncConnectionPool(
            conninfo, min_size=min_connections, max_size=max_connections, open=False)
        self.session: Session | None = None
        self.position = -1
        #: The running query of each generation asked and not yet answered or cancelled.
        self.tasks: dict[int, asyncio.Task[None]] = {}

    async def open(self) -> None:
        """Opens the pool (waits for its first connections), unless it is shared."""
        if self.owns_pool:
            await self.pool.open(wait=True)

    async def close(self) -> None:
        """Cancels the running queries (their statements on the server too) and closes the
        pool unless it is shared."""
        for task in list(self.tasks.values()):
            task.cancel()
        if self.tasks:
            await asyncio.gather(*self.tasks.values(), return_exceptions=True)
        if self.owns_pool:
            await self.pool.close()

    async def __aenter__(self) -> PostgresSource:
        await self.open()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    def attach(self, session: Session, *, title: str, timeout_ms: int = 0, min_query_length: int = 1,
               delay_ms: int = 0, priority: int = 0) -> int:
        """Adds this table as a remote source of `session` (its section is titled `title`; the
        other arguments are Session.add_source()'s) and returns the source's position."""
        self.session = session
        self.position = session.add_source("remote", title=title, limit=self.limit, timeout_ms=timeout_ms,
                                           min_query_length=min_query_length, delay_ms=delay_ms, priority=priority)
        return self.position

    def handle(self, event: Event) -> bool:
        """Acts on one of the session's events, from the asyncio loop's thread: a request for
        this source starts its query, a cancel cancels it. Returns True when the event was
        this source's."""
        if event.index != self.position or event.kind not in ("source_request", "source_cancel"):
            return False
        if event.kind == "source_request":
            self.tasks[event.generation] = asyncio.get_running_loop().create_task(
                self._answer(event.generation, event.text))
        else:
            task = self.tasks.pop(event.generation, None)
            if task is not None:
                task.cancel()
        return True

    async def _answer(self, generation: int, text: str) -> None:
        session = self.session
        assert session is not None, "attach() the source to a session first"
        try:
            items = await self.search(text)
        except asyncio.CancelledError:
            return  # superseded: the session no longer wants it and the server stopped it
        except Exception as error:  # noqa: BLE001 (any failure of the server fails this section only)
            session.fail_source(self.position, generation, f"{type(error).__name__}: {error}".strip())
        else:
            session.answer_source(self.position, generation, items)  # False when late: dropped
        finally:
            if self.tasks.get(generation) is asyncio.current_task():
                del self.tasks[generation]

    def query(self, text: str) -> tuple[sql.Composed, dict[str, Any]]:
        """The statement and parameters that search for `text`."""
        id_column, title_column, subtitle_column = self.columns
        title = sql.Identifier(title_column)
        subtitle = sql.Identifier(subtitle_column) if subtitle_column else sql.SQL("''")
        order_by_title = sql.SQL("{} COLLATE {}, {}").format(title, sql.Identifier(self.collation),
                                                            sql.Identifier(id_column))
        where: sql.Composable
        rank: sql.Composable
        if self.mode == "contains":
            where = sql.SQL("{} ILIKE %(pattern)s").format(title)
            rank = sql.SQL("similarity({}, %(text)s) DESC, ").format(title)
            pattern = "%" + _like_escape(text) + "%"
        elif self.mode == "prefix":
            where = sql.SQL("lower({}) LIKE lower(%(pattern)s)").format(title)
            rank = sql.SQL("")
            pattern = _like_escape(text) + "%"
        else:
            where = sql.SQL("{} %% %(text)s").format(title)
            rank = sql.SQL("{} <-> %(text)s, ").format(title)
            pattern = ""
        statement = sql.SQL("SELECT {id}, {title}, {subtitle}, similarity({title}, %(text)s) FROM {table} "
                            "WHERE {where} ORDER BY {rank}{order} LIMIT %(limit)s").format(
            id=sql.Identifier(id_column), title=title, subtitle=subtitle, table=sql.Identifier(self.table),
            where=where, rank=rank, order=order_by_title)
        return statement, {"text": text, "pattern": pattern, "limit": self.limit}

    async def search(self, text: str) -> list[SourceItem]:
        """The rows matching `text`, best first, as items. Cancelling the calling task cancels
        the statement on the server before the CancelledError goes on."""
        statement, parameters = self.query(text)
        async with self.pool.connection() as connection:
            try:
                cursor = await connection.execute(statement, parameters)
                rows = await cursor.fetchall()
            except asyncio.CancelledError:
                await connection.cancel_safe()
                raise
        return [SourceItem(int(row[0]), str(row[1]), str(row[2] or ""), float(row[3])) for row in rows]

    @staticmethod
    def create_indexes_sql(table: str, title_column: str = "title") -> list[sql.Composable]:
        """The statements that give `table` the indexes its searches use: pg_trgm and a GIN
        trigram index on the title (contains, fuzzy), a text_pattern_ops index on its lower
        case (prefix)."""
        title = sql.Identifier(title_column)
        return [
            sql.SQL("CREATE EXTENSION IF NOT EXISTS pg_trgm"),
            sql.SQL("CREATE INDEX IF NOT EXISTS {} ON {} USING gin ({} gin_trgm_ops)").format(
                sql.Identifier(f"{table}_{title_column}_trgm"), sql.Identifier(table), title),
            sql.SQL("CREATE INDEX IF NOT EXISTS {} ON {} (lower({}) text_pattern_ops)").format(
                sql.Identifier(f"{table}_{title_column}_prefix"), sql.Identifier(table), title),
        ]
