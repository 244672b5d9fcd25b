"""Fuzzy ranking through the binding: the best placement's highlights, fzf's tiebreaks
(`tiebreak=` on Index.search, Session.set_search_options and filter()), and filter()'s case
options. Expected orders are worked out by hand (see the engine's FuzzyRankingTests)."""
import pytest

import searchbar
from conftest import wait_hits
from searchbar.enums import Tiebreak

# "ab" inside a word after 'x' in each, each match ending at a boundary: equal scores.
# 1 "yxab": 4 bytes, match begins at 2, ends at the end. 2 "xab zzzzzz": 10 bytes, begins at 1,
# ends 7 before the end. 3 "aaxab": 5 bytes, begins at 3, ends at the end. Collation 3 < 2 < 1.
TITLES = [(1, "yxab"), (2, "xab zzzzzz"), (3, "aaxab")]
ORDERS = {"length": [1, 3, 2], "begin": [2, 1, 3], "end": [3, 1, 2], "index": [3, 2, 1]}


@pytest.fixture()
def index():
    index = searchbar.Index(mode="fuzzy")
    index.add(TITLES)
    yield index
    index.close()


def test_tiebreak_enum_is_generated_from_the_header():
    assert [t.name.lower() for t in sorted(Tiebreak)] == ["length", "begin", "end", "index"]


@pytest.mark.parametrize("tiebreak", list(ORDERS))
def test_index_search_tiebreak(index, tiebreak):
    assert [h.id for h in index.search("ab", tiebreak=tiebreak)] == ORDERS[tiebreak]


def test_default_tiebreak_is_length(index):
    assert [h.id for h in index.search("ab")] == ORDERS["length"]


@pytest.mark.parametrize("bad", ["pathname", "", None, 1])
def test_bad_tiebreak_is_a_value_error(index, bad):
    with pytest.raises(ValueError):
        index.search("ab", tiebreak=bad)


def test_search_async_takes_tiebreak(index):
    import threading

    done = threading.Event()
    got = []

    def on_done(outcome):
        got.append(outcome)
        done.set()

    index.search_async("ab", on_done, tiebreak="begin")
    assert done.wait(30)
    assert [h.id for h in got[0]] == ORDERS["begin"]


def test_best_placement_highlights():
    index = searchbar.Index(mode="fuzzy")
    index.add([(1, "xf.foo")])
    hit = index.search("xfoo")[0]
    assert [hit.title[a:b] for a, b in hit.highlights] == ["x", "foo"]
    index.close()


def test_session_search_options_take_tiebreak(index):
    s = searchbar.Session(index, manual_clock=True)
    s.set_search_options(tiebreak="end")
    s.insert("ab")
    assert [h.id for h in wait_hits(s, s.search_now())] == ORDERS["end"]
    with pytest.raises(ValueError):
        s.set_search_options(tiebreak="shortest")
    s.close()


def test_filter_takes_tiebreak_and_case():
    choices = ["yxab", "xab zzzzzz", "aaxab"]
    assert [m.key for m in searchbar.filter("ab", choices, mode="fuzzy", tiebreak="begin")] == [1, 0, 2]
    assert [m.key for m in searchbar.filter("ab", choices, mode="fuzzy")] == [0, 2, 1]
    reports = ["Report draft", "report final", "Résumé"]
    assert [m.key for m in searchbar.filter("Report", reports, mode="contains", case="smart")] == [0]
    assert sorted(m.key for m in searchbar.filter("report", reports, mode="contains", case="smart")) == [0, 1]
    assert [m.key for m in searchbar.filter("report", reports, mode="contains", case="sensitive")] == [1]
    assert [m.key for m in searchbar.filter("resume", reports, mode="contains", diacritics_sensitive=True)] == []
    assert [m.key for m in searchbar.filter("resume", reports, mode="contains")] == [2]
    with pytest.raises(ValueError):
        searchbar.filter("ab", choices, case="upper")
    with pytest.raises(ValueError):
        searchbar.filter("ab", [], tiebreak="nope")
