"""Folding, tokenization and collation: the international text layer."""
from __future__ import annotations

import array
import ctypes
from dataclasses import dataclass
from typing import Iterable

from ._ffi import SIZE_T_CODE, OwnedHandle, lib, packed_utf8, sb_collator, sb_token, size_t_view, take_bytes
from .enums import TokenKind, lowercase_names


def _encode(text: object, name: str = "text") -> bytes:
    if not isinstance(text, str):
        raise TypeError(f"{name} must be str, not {type(text).__name__}")
    # Lone surrogates pass through as invalid UTF-8, which the library rejects with SB_EINVAL.
    return text.encode("utf-8", "surrogatepass")


def _locale(locale: object) -> bytes | None:
    if locale is None:
        return None
    if not isinstance(locale, str):
        raise TypeError(f"locale must be str or None, not {type(locale).__name__}")
    return locale.encode("utf-8")


def byte_to_index_map(text: str) -> dict[int, int]:
    """Maps each UTF-8 byte offset that starts a character of `text` (and the end) to its
    Python string index."""
    mapping: dict[int, int] = {}
    offset = 0
    for index, ch in enumerate(text):
        mapping[offset] = index
        code = ord(ch)
        offset += 1 if code < 0x80 else 2 if code < 0x800 else 3 if code < 0x10000 else 4
    mapping[offset] = len(text)
    return mapping


def fold(text: str, locale: str | None = None) -> str:
    """The match key of `text`: case, diacritics, width, compatibility forms, kana, Traditional
    Chinese and Hangul folded, keeping the letters the locale's users consider distinct."""
    data = _encode(text)
    out = ctypes.POINTER(ctypes.c_char)()
    length = ctypes.c_size_t()
    lib.sb_fold(_locale(locale), data, len(data), ctypes.byref(out), ctypes.byref(length))
    return take_bytes(out, length.value).decode("utf-8")


@dataclass(frozen=True)
class Token:
    """A word token: `text[start:end]` of the original string is where it stands; `key` is its
    folded match key and `kind` one of 'word', 'number', 'no_space_script', 'emoji', 'part'."""

    text: str
    key: str
    start: int
    end: int
    kind: str


_KINDS = dict(enumerate(lowercase_names(TokenKind)))


def tokenize(text: str, locale: str | None = None) -> list[Token]:
    """The word tokens of `text` (ICU word break on the case-folded text, plus emoji, flags,
    snake_case and hyphenated parts), with Python string indices into `text`."""
    data = _encode(text)
    tokens = ctypes.POINTER(sb_token)()
    count = ctypes.c_size_t()
    lib.sb_tokenize(_locale(locale), data, len(data), ctypes.byref(tokens), ctypes.byref(count))
    try:
        index = byte_to_index_map(text)
        result = []
        for i in range(count.value):
            t = tokens[i]
            result.append(
                Token(
                    text=ctypes.string_at(t.text, t.text_len).decode("utf-8"),
                    key=ctypes.string_at(t.key, t.key_len).decode("utf-8"),
                    start=index[t.range.start],
                    end=index[t.range.end],
                    kind=_KINDS.get(t.kind, "word"),
                )
            )
        return result
    finally:
        lib.sb_free(tokens)


class Collator(OwnedHandle):
    """Orders strings by the locale's standard collation, numeric ordering on
    ("File1" < "file2" < "file10"). Safe to share between threads."""

    _free = "sb_collator_free"
    _handle_type = sb_collator

    def __init__(self, locale: str | None = None) -> None:
        handle = ctypes.POINTER(sb_collator)()
        lib.sb_collator_new(_locale(locale), ctypes.byref(handle))
        self._handle = handle
        self.locale = locale

    def compare(self, a: str, b: str) -> int:
        """-1, 0 or 1 as `a` sorts before, with or after `b`."""
        da, db = _encode(a, "a"), _encode(b, "b")
        order = ctypes.c_int32()
        lib.sb_collator_compare(self._handle, da, len(da), db, len(db), ctypes.byref(order))
        return order.value

    def key(self, text: str) -> bytes:
        """The sort key of `text` as bytes: comparing keys orders like compare()."""
        data = _encode(text)
        out = ctypes.POINTER(ctypes.c_uint8)()
        length = ctypes.c_size_t()
        lib.sb_collator_sort_key(self._handle, data, len(data), ctypes.byref(out), ctypes.byref(length))
        return take_bytes(out, length.value)

    def sort(self, strings: Iterable[str]) -> list[str]:
        """A new list of `strings` in collation order (stable)."""
        strings = list(strings)
        if not strings:
            return []
        data, offsets = packed_utf8(strings, "strings")
        order = array.array(SIZE_T_CODE, bytes(len(strings) * offsets.itemsize))
        lib.sb_collator_sort_packed(self._handle, data, size_t_view(offsets), len(strings), size_t_view(order))
        return list(map(strings.__getitem__, order))


def sort(strings: Iterable[str], locale: str | None = None) -> list[str]:
    """A new list of `strings` ordered the way the locale's users expect."""
    with Collator(locale) as collator:
        return collator.sort(strings)
