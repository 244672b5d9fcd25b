"""`searchbar filter --transliterate`: lines in other scripts also match by their Latin reading
(the readings an index made with transliteration uses), printed as they are, a reading's match
highlighted on its whole original word."""
from test_filter import ESC, lines_of, run

LINES = ["Москва", "Moscow", "Αθήνα", "서울", "北京"]


def test_latin_query_finds_the_original_line():
    assert lines_of(["--transliterate", "moskva"], LINES) == ["Москва"]
    assert lines_of(["--transliterate", "athina"], LINES) == ["Αθήνα"]
    assert lines_of(["--transliterate", "--mode", "prefix", "seoul"], LINES) == ["서울"]
    # Without the flag nothing reads Cyrillic as Latin: exit status 1, nothing printed.
    assert run(["moskva"], LINES) == (1, b"")


def test_pinyin_only_under_zh():
    assert run(["--transliterate", "beijing"], LINES) == (1, b"")
    assert lines_of(["--transliterate", "--locale", "zh", "beijing"], LINES) == ["北京"]


def test_highlight_covers_the_original_word():
    code, out = run(["--transliterate", "--color", "always", "moskva"], LINES)
    assert code == 0
    assert out.decode() == f"{ESC}[1;32mМосква{ESC}[0m\n"


def test_smart_case_compares_the_readings_case():
    lines = ["Москва", "москва", "МОСКВА", "서울"]
    # Москва reads Moskva, МОСКВА MOSKVA: an upper-case letter asks for that case (smart case,
    # the default); a lower-case query folds case.
    assert lines_of(["--transliterate", "Moskva"], lines) == ["Москва"]
    assert lines_of(["--transliterate", "MOSKVA"], lines) == ["МОСКВА"]
    assert sorted(lines_of(["--transliterate", "moskva"], lines)) == sorted(lines[:3])
    # +i: case-sensitive for every term; Hangul has no case and reads in lower case.
    assert lines_of(["--transliterate", "+i", "moskva"], lines) == ["москва"]
    assert lines_of(["--transliterate", "seoul"], lines) == ["서울"]
    assert run(["--transliterate", "Seoul"], lines) == (1, b"")
    # The highlight still covers the original word.
    code, out = run(["--transliterate", "--color", "always", "Moskva"], lines)
    assert code == 0
    assert out.decode() == f"{ESC}[1;32mМосква{ESC}[0m\n"
