"""Closes the library objects still open when the interpreter exits.

A search callback or a session callback runs Python code on a library thread, which needs the
GIL. Once the interpreter has begun finalizing, such a thread can no longer take it, so a
finalizer that frees an index with a pending search (sb_index_free waits for its callbacks) or a
session whose callback is running (sb_session_free waits for it) waited forever and the program
never exited. An atexit handler runs before finalization, while callbacks can still run: it
closes every session, then every index (sessions search their index), waiting as usual.
"""
import atexit
import threading
import weakref
from typing import Any

_sessions: weakref.WeakSet[Any] = weakref.WeakSet()
_indexes: weakref.WeakSet[Any] = weakref.WeakSet()
_lock = threading.Lock()


def track_session(session: Any) -> None:
    """Closes `session` at exit if it is still open then."""
    with _lock:
        _sessions.add(session)


def track_index(owner: Any) -> None:
    """Closes `owner` (an Index) at exit if it is still open then."""
    with _lock:
        _indexes.add(owner)


def _close_all() -> None:
    for group in (_sessions, _indexes):
        with _lock:
            owners = list(group)
        for owner in owners:
            try:
                owner.close()
            except Exception:  # noqa: BLE001 (exiting: close what can be closed)
                pass


atexit.register(_close_all)
