"""Positions in UTF-16 code units, the unit Qt counts in, and Python str indexes, the unit the
searchbar binding counts in (code points). The two differ for every character outside the
Basic Multilingual Plane (most emoji, some CJK), which Qt counts as two units."""


def utf16_length(text: str) -> int:
    """The length of `text` in UTF-16 code units."""
    return len(text) + sum(1 for ch in text if ord(ch) > 0xFFFF)


def to_utf16(text: str, index: int) -> int:
    """The UTF-16 position of str index `index` in `text` (clamped to the text)."""
    index = max(0, min(index, len(text)))
    return utf16_length(text[:index])


def from_utf16(text: str, position: int) -> int:
    """The str index of UTF-16 position `position` in `text`; a position inside a surrogate
    pair (which Qt never gives for a cursor) rounds up to the character's end."""
    units = 0
    for index, ch in enumerate(text):
        if units >= position:
            return index
        units += 2 if ord(ch) > 0xFFFF else 1
    return len(text)


def ranges_to_utf16(text: str, ranges) -> list[tuple[int, int]]:
    """(start, end) str-index ranges of `text` as (start, end) UTF-16 ranges."""
    return [(to_utf16(text, start), to_utf16(text, end)) for start, end in ranges]


def slice_utf16(text: str, start: int, end: int) -> str:
    """The part of `text` between two UTF-16 positions."""
    return text[from_utf16(text, start):from_utf16(text, end)]
