"""Library-wide settings: the size of the one executor pool every index of the process shares."""
from __future__ import annotations

import ctypes

from ._ffi import lib, sb_config
from ._ranges import checked


def configure(threads: int = 0) -> None:
    """Sizes the process's executor pool before the first Index is made (`threads` 0: the
    SEARCHBAR_THREADS environment variable, else one per processor). The size is set once:
    the same size again is accepted; another, or any change once the pool runs, raises
    SearchBarError (SB_EMISUSE)."""
    config = sb_config(threads=checked(threads, "uint32_t", "threads"))
    lib.sb_configure(ctypes.byref(config))


def pool_threads() -> int:
    """The executor pool's thread count: the threads it runs with, or will start with."""
    config = sb_config()
    lib.sb_get_config(ctypes.byref(config))
    return int(config.threads)
