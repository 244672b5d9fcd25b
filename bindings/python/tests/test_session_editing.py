"""Session editing in Python terms: str indices everywhere (the veto's range included),
backspace by grapheme cluster, host bar items, and the search options Index.search takes."""
import pytest

import searchbar
from conftest import wait_hits

# (text, what one backspace leaves): each deletes one user-perceived character.
BACKSPACE_CASES = [
    ("ab", "a"),
    ("a👍🏽", "a"),  # emoji + skin-tone modifier
    ("x👨‍👩‍👧‍👦", "x"),  # family: emoji joined by ZWJ
    ("🇩🇪🇫🇷", "🇩🇪"),  # two flags: regional indicators pair up
    ("🇩🇪🇫🇷🇮", "🇩🇪🇫🇷"),  # an unpaired regional indicator
    ("cafe\u0301", "caf"),  # e + combining acute
    ("a\u0928\u093f", "a"),  # Devanagari consonant + vowel sign (spacing mark)
    ("\u1112\u1161\u11ab", ""),  # Hangul syllable typed as jamo (L V T)
    ("한국", "한"),  # precomposed syllables are one cluster each
    ("1\ufe0f\u20e3", ""),  # keycap: digit + variation selector + enclosing keycap
    ("🏳️‍🌈", ""),  # rainbow flag: white flag + VS16 + ZWJ + rainbow
    ("🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f", ""),  # Scotland: tag sequence
    ("a\u200d", ""),  # a ZWJ after a letter extends it (GB9)
    ("x\r\n", "x"),  # CR LF is one cluster
    ("x\n\n", "x\n"),
    ("กำ", ""),  # Thai SARA AM is a spacing mark: it extends the consonant before it
    ("aक्ष", "a"),  # Devanagari conjunct KSSA: KA + virama + SSA (GB9c)
    ("aक्‍ष", "a"),  # the same with a ZWJ after the virama
    ("\u06001", ""),  # ARABIC NUMBER SIGN is Prepend: it joins the digit after it (GB9b)
    ("x\u0d4eക", "x"),  # MALAYALAM LETTER DOT REPH is Prepend
]


@pytest.mark.parametrize("text,left", BACKSPACE_CASES, ids=[repr(t) for t, _ in BACKSPACE_CASES])
def test_backspace_deletes_one_grapheme(text, left):
    s = searchbar.Session(manual_clock=True)
    s.text = text
    assert s.backspace()
    assert s.text == left


def test_backspace_on_empty_text_removes_the_last_token_and_can_be_vetoed():
    s = searchbar.Session(manual_clock=True)
    s.add_token("green")
    s.backspace()
    assert s.display().tokens == []
    s.text = "tea👍🏽"
    s.set_callbacks(veto=lambda e: e.kind != "should_change_text")
    assert not s.backspace()
    assert s.text == "tea👍🏽"


def test_delete_forward_and_backspace_at_an_index():
    s = searchbar.Session(manual_clock=True)
    s.text = "🇩🇪🇫🇷क्षa"
    assert s.delete_forward(0)
    assert s.text == "🇫🇷क्षa"
    assert s.backspace(2)  # after the flag: two regional indicators, str indices 0 and 1
    assert s.text == "क्षa"
    assert s.delete_forward(0)  # the conjunct is one character
    assert s.text == "a"
    assert s.delete_forward(1)  # at the end: nothing to delete, not a veto
    assert s.backspace(0)
    assert s.text == "a"
    with pytest.raises(IndexError):
        s.backspace(2)


def test_veto_range_is_in_str_indices():
    s = searchbar.Session(manual_clock=True)
    s.text = "Zürich 👍🏽"
    seen = []

    def veto(event):
        if event.kind == "should_change_text":
            current = s.text
            seen.append((event.range, event.text, current[event.range[0]:event.range[1]]))
        return True

    s.set_callbacks(veto=veto)
    assert s.insert("x", 2)
    assert s.replace(8, 10, "ok")
    assert s.backspace()
    assert s.delete(0, 2)
    assert seen == [((2, 2), "x", ""), ((8, 10), "ok", "👍🏽"), ((9, 10), "", "k"), ((0, 2), "", "Zü")]
    assert s.text == "xrich o"


def test_set_items_leading_and_trailing():
    s = searchbar.Session(manual_clock=True)
    s.active = True
    s.set_items([(1, "Filter"), searchbar.BarItem(2, "Sortieren ↕")])
    s.set_items([(3, "Done")], trailing=True)
    d = s.display()
    assert [(i.id, i.title, i.kind) for i in d.leading_items] == [(1, "Filter", "host"), (2, "Sortieren ↕", "host")]
    assert [(i.id, i.title) for i in d.trailing_items if i.kind == "host"] == [(3, "Done")]
    s.set_items([])
    assert s.display().leading_items == []
    with pytest.raises(TypeError):
        s.set_items([(4, b"bytes")])
    with pytest.raises(searchbar.InvalidArgument):
        s.set_items([(4, "bad \udcff")])


def test_session_search_options_take_offset_list_all_exact_total():
    index = searchbar.Index()
    index.add([(1, "alpha"), (2, "beta"), (3, "gamma"), (4, "delta")])
    s = searchbar.Session(index, manual_clock=True)
    s.set_search_options(list_all=True, limit=2, offset=1, exact_total=True)
    s.search_now()
    hits = wait_hits(s, 1)
    assert [h.title for h in hits] == ["beta", "delta"]
    assert hits.total == 4 and hits.total_is_exact
    with pytest.raises(ValueError):
        s.set_search_options(offset=-1)


def test_session_search_options_take_case_and_diacritics():
    index = searchbar.Index(mode="contains")
    index.add([(1, "Report draft"), (2, "report final"), (3, "Résumé")])
    s = searchbar.Session(index, manual_clock=True)
    s.set_search_options(case="smart")
    s.insert("Report")
    assert [h.id for h in wait_hits(s, s.search_now())] == [1]
    s.set_search_options(diacritics_sensitive=True)
    s.replace(0, len("Report"), "résumé")
    assert [h.id for h in wait_hits(s, s.search_now())] == [3]
    with pytest.raises(ValueError):
        s.set_search_options(case="lower")
