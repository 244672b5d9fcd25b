"""Extended grapheme cluster boundaries (Unicode UAX #29), for editing by user-perceived character.

The library has no C entry point for grapheme breaks and Python's unicodedata has no
Grapheme_Cluster_Break property, so the classes come from general categories plus the few code
point ranges the rules single out (Hangul jamo, regional indicators, emoji modifiers and tags,
Extended_Pictographic). That covers every rule except GB9b/GB9c (Prepend, Indic conjuncts).
"""
from __future__ import annotations

import unicodedata

_OTHER, _CR, _LF, _CONTROL, _EXTEND, _ZWJ, _RI, _L, _V, _T, _LV, _LVT, _PICTO = range(13)

# Extended_Pictographic (emoji-data.txt), the ranges outside the 1F000 planes' emoji blocks.
_PICTOGRAPHIC = (
    (0x00A9, 0x00A9), (0x00AE, 0x00AE), (0x203C, 0x203C), (0x2049, 0x2049), (0x2122, 0x2122),
    (0x2139, 0x2139), (0x2194, 0x2199), (0x21A9, 0x21AA), (0x231A, 0x231B), (0x2328, 0x2328),
    (0x2388, 0x2388), (0x23CF, 0x23CF), (0x23E9, 0x23F3), (0x23F8, 0x23FA), (0x24C2, 0x24C2),
    (0x25AA, 0x25AB), (0x25B6, 0x25B6), (0x25C0, 0x25C0), (0x25FB, 0x25FE), (0x2600, 0x2605),
    (0x2607, 0x2612), (0x2614, 0x2685), (0x2690, 0x2705), (0x2708, 0x2712), (0x2714, 0x2714),
    (0x2716, 0x2716), (0x271D, 0x271D), (0x2721, 0x2721), (0x2728, 0x2728), (0x2733, 0x2734),
    (0x2744, 0x2744), (0x2747, 0x2747), (0x274C, 0x274C), (0x274E, 0x274E), (0x2753, 0x2755),
    (0x2757, 0x2757), (0x2763, 0x2767), (0x2795, 0x2797), (0x27A1, 0x27A1), (0x27B0, 0x27B0),
    (0x27BF, 0x27BF), (0x2934, 0x2935), (0x2B05, 0x2B07), (0x2B1B, 0x2B1C), (0x2B50, 0x2B50),
    (0x2B55, 0x2B55), (0x3030, 0x3030), (0x303D, 0x303D), (0x3297, 0x3297), (0x3299, 0x3299),
    (0x1F000, 0x1F0FF), (0x1F10D, 0x1F10F), (0x1F12F, 0x1F12F), (0x1F16C, 0x1F171),
    (0x1F17E, 0x1F17F), (0x1F18E, 0x1F18E), (0x1F191, 0x1F19A), (0x1F1AD, 0x1F1E5),
    (0x1F201, 0x1F20F), (0x1F21A, 0x1F21A), (0x1F22F, 0x1F22F), (0x1F232, 0x1F23A),
    (0x1F23C, 0x1F23F), (0x1F249, 0x1F3FA), (0x1F400, 0x1F53D), (0x1F546, 0x1F64F),
    (0x1F680, 0x1F6FF), (0x1F774, 0x1F77F), (0x1F7D5, 0x1F7FF), (0x1F80C, 0x1F80F),
    (0x1F848, 0x1F84F), (0x1F85A, 0x1F85F), (0x1F888, 0x1F88F), (0x1F8AE, 0x1F8FF),
    (0x1F90C, 0x1F93A), (0x1F93C, 0x1F945), (0x1F947, 0x1FAFF), (0x1FC00, 0x1FFFD),
)
# Spacing marks that are letters by category (Thai and Lao SARA AM).
_SPACING_LETTERS = {0x0E33, 0x0EB3}


def _class(ch: str) -> int:
    cp = ord(ch)
    if cp == 0x0D:
        return _CR
    if cp == 0x0A:
        return _LF
    if cp == 0x200D:
        return _ZWJ
    if 0x1F1E6 <= cp <= 0x1F1FF:
        return _RI
    if 0x1100 <= cp <= 0x115F or 0xA960 <= cp <= 0xA97C:
        return _L
    if 0x1160 <= cp <= 0x11A7 or 0xD7B0 <= cp <= 0xD7C6:
        return _V
    if 0x11A8 <= cp <= 0x11FF or 0xD7CB <= cp <= 0xD7FB:
        return _T
    if 0xAC00 <= cp <= 0xD7A3:
        return _LV if (cp - 0xAC00) % 28 == 0 else _LVT
    if 0x1F3FB <= cp <= 0x1F3FF or 0xE0020 <= cp <= 0xE007F or cp == 0x200C or cp in _SPACING_LETTERS:
        return _EXTEND
    category = unicodedata.category(ch)
    if category in ("Mn", "Me", "Mc"):  # Extend and SpacingMark: no break before either
        return _EXTEND
    if category in ("Cc", "Zl", "Zp", "Cf"):
        return _CONTROL
    if cp >= 0xA9 and any(low <= cp <= high for low, high in _PICTOGRAPHIC):
        return _PICTO
    return _OTHER


def boundaries(text: str) -> list[int]:
    """The string indices where `text`'s grapheme clusters start, and len(text)."""
    result = [0] if text else []
    previous = -1
    regional_run = 0  # regional indicators since the last break
    emoji_zwj = False  # GB11: the cluster so far is ExtPict Extend* (then ZWJ)
    for i, ch in enumerate(text):
        cls = _class(ch)
        if i and _breaks(previous, cls, regional_run, emoji_zwj):
            result.append(i)
            regional_run = 0
            emoji_zwj = False
        if cls == _RI:
            regional_run += 1
        if cls == _PICTO:
            emoji_zwj = True
        elif cls not in (_EXTEND, _ZWJ):
            emoji_zwj = False
        previous = cls
    if text:
        result.append(len(text))
    return result


def _breaks(before: int, after: int, regional_run: int, emoji_zwj: bool) -> bool:
    if before == _CR and after == _LF:  # GB3
        return False
    if before in (_CONTROL, _CR, _LF) or after in (_CONTROL, _CR, _LF):  # GB4, GB5
        return True
    if before == _L and after in (_L, _V, _LV, _LVT):  # GB6
        return False
    if before in (_LV, _V) and after in (_V, _T):  # GB7
        return False
    if before in (_LVT, _T) and after == _T:  # GB8
        return False
    if after in (_EXTEND, _ZWJ):  # GB9, GB9a
        return False
    if before == _ZWJ and after == _PICTO and emoji_zwj:  # GB11
        return False
    if before == _RI and after == _RI:  # GB12, GB13: pairs of regional indicators
        return regional_run % 2 == 0
    return True  # GB999


def last_cluster_start(text: str) -> int:
    """The string index where `text`'s last grapheme cluster starts (0 for "")."""
    marks = boundaries(text)
    return marks[-2] if len(marks) >= 2 else 0
