"""Marked text (input-method pre-edit, UIKit setMarkedText/unmarkText) in str indices: Hangul
composed as ㅎ -> 하 -> 한 is searched while composed and committed by unmark_text(); other
calls commit or drop it as UIKit does."""
import pytest

import searchbar
from conftest import wait_hits


def test_hangul_composition_finds_results_while_composed():
    index = searchbar.Index()
    index.add([(1, "한국어"), (2, "일본어"), (3, "영어")])
    session = searchbar.Session(index, manual_clock=True)
    session.timing = {"delay_ms": 0}
    session.text = "x "
    session.set_marked_text("ㅎ")
    assert session.text == "x ㅎ" and session.marked_range == (2, 3)
    session.set_marked_text("하", 0, 0)  # the marked range is replaced, whatever the indices
    assert session.text == "x 하" and session.marked_range == (2, 3)
    session.text = ""
    assert session.marked_range is None
    for step in ("ㅎ", "하", "한"):
        assert session.set_marked_text(step)
    assert session.text == "한" and session.marked_range == (0, 1)
    generation = session.display().generation
    hits = wait_hits(session, generation)
    assert [hit.id for hit in hits] == [1]  # found before the composition is committed
    display = session.display()
    assert display.marked_range == (0, 1) and display.text == "한"
    session.unmark_text()
    assert session.text == "한" and session.marked_range is None
    session.set_marked_text("ㄱ")
    assert session.text == "한ㄱ" and session.marked_range == (1, 2)
    session.set_marked_text("")
    assert session.text == "한" and session.marked_range is None


def test_other_calls_commit_or_drop_the_marked_text():
    session = searchbar.Session(manual_clock=True)
    session.text = "ab"
    session.set_marked_text("か", 1)
    assert session.text == "aかb" and session.marked_range == (1, 2)
    session.insert("!")  # commits, then types at the end
    assert session.text == "aかb!" and session.marked_range is None
    session.set_marked_text("き", 0, 1)
    assert session.text == "きかb!" and session.marked_range == (0, 1)
    session.submit()
    assert session.marked_range is None
    assert any(e.kind == "search_button" and e.text == "きかb!" for e in session.events())
    session.set_marked_text("y")
    session.clear()
    assert session.text == "" and session.marked_range is None
    session.set_marked_text("z")
    session.text = "z"
    assert session.marked_range is None


def test_a_vetoed_composition_changes_nothing():
    session = searchbar.Session(manual_clock=True)
    session.set_marked_text("w")
    seen = []
    session.set_callbacks(veto=lambda e: seen.append(e) and False)
    assert not session.set_marked_text("x")
    assert session.text == "w" and session.marked_range == (0, 1)
    assert seen[0].kind == "should_change_text" and seen[0].range == (0, 1) and seen[0].text == "x"


def test_bad_indices_raise():
    session = searchbar.Session(manual_clock=True)
    session.text = "ab"
    with pytest.raises(IndexError):
        session.set_marked_text("x", 3)
    with pytest.raises(searchbar.InvalidArgument):
        session.set_marked_text("x", 2, 1)
    assert session.text == "ab" and session.marked_range is None
