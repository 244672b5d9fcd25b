"""Loads libsearchbar.so and gives every C function its argtypes, restype and error check.

The declarations come from _declarations (core) and _session_ffi (sessions), which import
nothing that loads or calls; the test suite (tests/test_header_agreement.py) checks them
against include/searchbar.h. Their names are re-exported here (`_ffi.sb_index`, ...).
"""
from __future__ import annotations

import array
import ctypes
import itertools
import os
from typing import Any, Sequence, TypeVar

from ._declarations import *  # noqa: F401,F403
from ._declarations import FUNCTIONS as _CORE_FUNCTIONS
from ._session_ffi import SESSION_FUNCTIONS
from .errors import SearchBarError, check_status, status_name as _status_name

_Self = TypeVar("_Self", bound="OwnedHandle")

#: The ABI major version this binding speaks; the library's must be equal.
ABI_MAJOR = 0

#: name -> (restype, argtypes, returns a status): every function of the header.
FUNCTIONS = {**_CORE_FUNCTIONS, **SESSION_FUNCTIONS}


class OwnedHandle:
    """Base of the Python objects that own one C handle (Index, Collator): close() releases it
    once with the library's `_free` function and leaves a NULL handle, so later calls raise
    SearchBarError; `with` blocks and the finalizer close too."""

    _free: str  # name of the sb_*_free function
    _handle_type: type[ctypes.Structure]  # the ctypes opaque type of the handle
    _handle: Any  # a ctypes POINTER(_handle_type); NULL once closed

    def close(self) -> None:
        """Releases the C handle (idempotent)."""
        handle = getattr(self, "_handle", None)
        if handle:
            getattr(lib, self._free)(handle)
            self._handle = ctypes.POINTER(self._handle_type)()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # a finalizer must not raise
            pass

    def __enter__(self: _Self) -> _Self:
        """Returns the object itself; the `with` block's end closes it."""
        return self

    def __exit__(self, *exc: object) -> None:
        """Closes the object."""
        self.close()


def _library_path() -> str:
    override = os.environ.get("SEARCHBAR_LIBRARY")
    if override:
        return override
    bundled = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_lib", "libsearchbar.so")
    if os.path.exists(bundled):
        return bundled
    import ctypes.util

    found = ctypes.util.find_library("searchbar")
    if found:
        return found
    raise ImportError("searchbar: libsearchbar.so not found; reinstall the package or set SEARCHBAR_LIBRARY")


def _load() -> ctypes.CDLL:
    path = _library_path()
    try:
        lib = ctypes.CDLL(path)
    except OSError as error:
        raise ImportError(f"searchbar: cannot load {path}: {error}") from error
    for name, (restype, argtypes, returns_status) in FUNCTIONS.items():
        try:
            function = getattr(lib, name)
        except AttributeError as error:
            raise ImportError(f"searchbar: {path} lacks {name}; it is older than this binding") from error
        function.restype = restype
        function.argtypes = argtypes
        if returns_status:
            function.errcheck = _errcheck
    major = int(lib.sb_version_number()) // 10000
    if major != ABI_MAJOR:
        raise ImportError(
            f"searchbar: {path} has ABI major version {major}; this binding needs {ABI_MAJOR}"
        )
    return lib


def _errcheck(result: int, function: Any, arguments: tuple[Any, ...]) -> int:
    if result == 0:
        return result
    return check_status(result, last_error(), function.__name__)


lib = _load()


def last_error() -> str:
    """The calling thread's last error message from the library."""
    message: bytes | None = lib.sb_last_error()
    return message.decode("utf-8", "replace") if message else ""


def status_name(status: int) -> str:
    """The library's name for a status value, e.g. 'SB_EINVAL'."""
    name: bytes | None = lib.sb_status_string(status)
    return name.decode("ascii") if name else _status_name(status)


#: The array.array typecode of size_t (offsets and orders handed to the packed entry points).
SIZE_T_CODE = next(code for code in "LQI" if array.array(code).itemsize == ctypes.sizeof(ctypes.c_size_t))


def size_t_view(values: array.array[int]) -> ctypes.Array[ctypes.c_size_t]:
    """A ctypes size_t array sharing the memory of array.array `values` (no copy): pass it where
    C takes `size_t *`; keep `values` alive while C reads it."""
    return (ctypes.c_size_t * len(values)).from_buffer(values)


def packed_utf8(strings: Sequence[str], name: str) -> tuple[bytes, array.array[int]]:
    """(bytes, offsets) of `strings` packed end to end for the packed entry points: one UTF-8
    buffer and an array.array of len(strings) + 1 size_t offsets. Lone surrogates pass through as
    invalid UTF-8, which the library rejects with SB_EINVAL. Raises TypeError naming the first
    element that is not str."""
    offsets = array.array(SIZE_T_CODE, [0])
    try:
        if all(map(str.isascii, strings)):  # byte lengths are string lengths
            data = "".join(strings).encode("ascii")
            offsets.extend(itertools.accumulate(map(len, strings)))
            return data, offsets
        try:
            # Each string encoded once (its length is its offset's step), then joined.
            encoded = list(map(str.encode, strings))
        except UnicodeEncodeError:
            encoded = [s.encode("utf-8", "surrogatepass") for s in strings]
    except TypeError:
        for i, s in enumerate(strings):
            if not isinstance(s, str):
                raise TypeError(f"{name}[{i}] must be str, not {type(s).__name__}") from None
        raise
    offsets.extend(itertools.accumulate(map(len, encoded)))
    return b"".join(encoded), offsets


#: Strings joined per slice in separated_utf8: a slice's str stays small (one non-ASCII string
#: makes a joined str 2 or 4 bytes per character) and its memory is reused by the next.
_JOIN_STEP = 8192


def separated_utf8(strings: Sequence[str], name: str, *, checked: bool = True) -> bytes | None:
    """`strings` joined by NUL bytes as UTF-8, for a packed column with `nul_separated` set (the
    library finds the offsets on its threads): joined and encoded a slice at a time, where
    packed_utf8 encodes or measures each string. With `checked`, None when a string holds NUL
    itself (pack that column with packed_utf8); unchecked, such a column is returned all the
    same, one pass over the text sooner, and the library refuses it with SB_EINVAL for its count
    of separators. Lone surrogates pass through as invalid UTF-8, which the library rejects with
    SB_EINVAL. Raises TypeError naming the first element that is not str."""
    parts: list[bytes] = []
    for start in range(0, len(strings), _JOIN_STEP):
        chunk = strings[start:start + _JOIN_STEP]
        try:
            joined = "\0".join(chunk)
        except TypeError:
            for i, s in enumerate(chunk, start):
                if not isinstance(s, str):
                    raise TypeError(f"{name}[{i}] must be str, not {type(s).__name__}") from None
            raise
        if checked and joined.count("\0") != len(chunk) - 1:
            return None
        try:
            parts.append(joined.encode())
        except UnicodeEncodeError:
            parts.append(joined.encode("utf-8", "surrogatepass"))
    return b"\0".join(parts)  # one part: that bytes object itself


def take_bytes(pointer: Any, length: int) -> bytes:
    """Copies `length` bytes of a library buffer and frees it."""
    try:
        return ctypes.string_at(pointer, length) if length else b""
    finally:
        lib.sb_free(pointer)


__all__ = ["lib", "SearchBarError", "last_error", "status_name", "take_bytes"]
