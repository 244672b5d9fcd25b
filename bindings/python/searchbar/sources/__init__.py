"""Remote sources for a Session's sections, answered from a server by the host's event loop.

PostgresSource: a table in PostgreSQL searched with its own indexes (pg_trgm for contains and
fuzzy matching, a text_pattern_ops index for prefixes), through psycopg 3's asyncio interface and
a small connection pool; a superseded query is cancelled on the server. Needs `psycopg` and
`psycopg_pool` (pip install "psycopg[binary]" psycopg-pool); imported only when used.
"""
from typing import Any

__all__ = ["PostgresSource"]


def __getattr__(name: str) -> Any:
    if name == "PostgresSource":
        from .postgres import PostgresSource

        return PostgresSource
    raise AttributeError(f"module 'searchbar.sources' has no attribute {name!r}")
