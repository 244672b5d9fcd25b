"""The binding behaves as Python objects do: hashable hits, `in`/len/repr on an index, and the
one-shot searchbar.filter()."""
import pytest

import searchbar

FRUIT = ["Apple pie", "Banana bread", "Cherry tart", "apricot jam", "Pineapple"]


def test_hits_are_hashable_and_equal_hits_hash_equal():
    index = searchbar.Index()
    index.add([(1, "Apple pie"), (2, "Apricot jam")])
    first, second = index.search("ap"), index.search("ap")
    assert len(first) == 2
    assert set(first) == set(second)
    assert {hit: hit.id for hit in first}[second[0]] == second[0].id
    assert len({*first, *second}) == 2


def test_index_contains_len_repr_get():
    index = searchbar.Index(locale="en")
    index.add([(7, "Seven"), {"id": 2**64 - 1, "title": "Largest"}])
    assert 7 in index and 2**64 - 1 in index
    assert 8 not in index and -1 not in index and 2**64 not in index and "7" not in index and True not in index
    assert len(index) == 2
    assert repr(index) == "<searchbar.Index 2 items, locale='en', mode='prefix'>"
    assert index.get(7)["title"] == "Seven"
    assert index.get(8) is None
    index.remove([7])
    assert 7 not in index and len(index) == 1
    index.close()
    assert "closed" in repr(index)


def test_filter_returns_choice_score_key_best_first():
    matches = searchbar.filter("ap", FRUIT)
    assert [m.choice for m in matches][:2] == ["Apple pie", "apricot jam"] or \
        [m.choice for m in matches][:2] == ["apricot jam", "Apple pie"]
    assert {m.choice for m in matches} == {"Apple pie", "apricot jam"}  # a word must start with "ap"
    for choice, score, key, hit in matches:
        assert FRUIT[key] == choice and hit.score == score and hit.text == choice
    scores = [m.score for m in matches]
    assert scores == sorted(scores, reverse=True)
    exact = searchbar.filter("apple pie", FRUIT)
    assert exact[0].choice == "Apple pie" and exact[0].hit.highlights == [(0, 5), (6, 9)]


def test_filter_modes_limit_and_mapping():
    assert {m.choice for m in searchbar.filter("pple", FRUIT, mode="contains")} == {"Apple pie", "Pineapple"}
    fuzzy = searchbar.filter("bnbr", FRUIT, mode="fuzzy")
    assert [m.choice for m in fuzzy] == ["Banana bread"]
    assert len(searchbar.filter("", FRUIT, limit=None)) == len(FRUIT)
    assert len(searchbar.filter("", FRUIT, limit=2)) == 2
    assert searchbar.filter("", FRUIT, limit=0) == []
    assert searchbar.filter("ap", []) == []
    by_key = searchbar.filter("cher", {"c": "Cherry tart", "b": "Banana bread"})
    assert [(m.choice, m.key) for m in by_key] == [("Cherry tart", "c")]


def test_filter_processor_and_bad_arguments():
    records = [{"name": "Zürich"}, {"name": "Zagreb"}]
    matches = searchbar.filter("zur", records, processor=lambda r: r["name"])
    assert matches[0].choice is records[0]
    with pytest.raises(TypeError):
        searchbar.filter("x", [1, 2])
    with pytest.raises(ValueError):
        searchbar.filter("x", FRUIT, limit=-1)
    with pytest.raises(ValueError):
        searchbar.filter("x", FRUIT, mode="telepathic")
    with pytest.raises(searchbar.InvalidArgument):
        searchbar.filter("x", FRUIT, locale="not a locale!")
