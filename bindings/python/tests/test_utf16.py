"""searchbar.utf16: conversions between UTF-16 positions (Qt's unit) and str indexes."""
from searchbar.utf16 import from_utf16, ranges_to_utf16, slice_utf16, to_utf16, utf16_length

TEXT = "a😀b🇨🇭c"  # 😀 is one str index and two UTF-16 units; the flag two and four (a regional-indicator pair)


def test_lengths_and_positions():
    assert utf16_length(TEXT) == len(TEXT.encode("utf-16-le")) // 2 == 9
    assert [to_utf16(TEXT, i) for i in range(len(TEXT) + 1)] == [0, 1, 3, 4, 6, 8, 9]
    assert [from_utf16(TEXT, u) for u in (0, 1, 3, 4, 6, 8, 9)] == list(range(len(TEXT) + 1))


def test_a_position_inside_a_surrogate_pair_rounds_up():
    assert from_utf16(TEXT, 2) == 2 and from_utf16(TEXT, 99) == len(TEXT)


def test_ranges_and_slices():
    assert ranges_to_utf16(TEXT, [(2, 3), (3, 5)]) == [(3, 4), (4, 8)]
    assert slice_utf16(TEXT, 4, 8) == "🇨🇭" and slice_utf16("Zürich", 0, 3) == "Zür"
