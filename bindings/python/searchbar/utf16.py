"""Positions in UTF-16 code units, the unit Qt (PySide6), Java and JavaScript hosts count in,
and Python str indexes, the unit this binding counts in (code points). The two differ for every
character outside the Basic Multilingual Plane (most emoji, some CJK), which UTF-16 counts as
two units. A Qt host converts a QLineEdit's cursor with `from_utf16` before an edit, and a hit's
highlights with `ranges_to_utf16` before drawing them."""
from __future__ import annotations

from collections.abc import Iterable


def utf16_length(text: str) -> int:
    """The length of `text` in UTF-16 code units."""
    return len(text) + sum(1 for ch in text if ord(ch) > 0xFFFF)


def to_utf16(text: str, index: int) -> int:
    """The UTF-16 position of str index `index` in `text` (clamped to the text)."""
    index = max(0, min(index, len(text)))
    return utf16_length(text[:index])


def from_utf16(text: str, position: int) -> int:
    """The str index of UTF-16 position `position` in `text` (clamped to the text); a position
    inside a surrogate pair rounds up to the character's end."""
    units = 0
    for index, ch in enumerate(text):
        if units >= position:
            return index
        units += 2 if ord(ch) > 0xFFFF else 1
    return len(text)


def ranges_to_utf16(text: str, ranges: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """(start, end) str-index ranges of `text`, such as a hit's highlights, as UTF-16 ranges."""
    return [(to_utf16(text, start), to_utf16(text, end)) for start, end in ranges]


def slice_utf16(text: str, start: int, end: int) -> str:
    """The part of `text` between two UTF-16 positions."""
    return text[from_utf16(text, start):from_utf16(text, end)]


__all__ = ["from_utf16", "ranges_to_utf16", "slice_utf16", "to_utf16", "utf16_length"]
