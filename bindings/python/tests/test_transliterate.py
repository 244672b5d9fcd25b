"""Index(transliterate=True): Latin queries find text in other scripts, in every mode, with
highlights (str indexes) on the original characters; Han as pinyin only under a zh locale; the
option survives save() and open()."""
import pytest

import searchbar

TITLES = ["Москва", "Αθήνα", "서울", "北京", "Paris", "Hotel Москва"]


def make(locale=None, transliterate=True):
    index = searchbar.Index(locale=locale, transliterate=transliterate)
    index.add([(i + 1, title) for i, title in enumerate(TITLES)])
    return index


def highlighted(hit):
    return [hit.text[start:end] for start, end in hit.highlights]


@pytest.mark.parametrize("query, title, marked", [
    ("moskva", "Москва", ["Москва"]),
    ("mosk", "Москва", ["Моск"]),          # м о с к: four letters
    ("athina", "Αθήνα", ["Αθήνα"]),        # UNGEGN: θ th, η i
    ("ath", "Αθήνα", ["Αθ"]),
    ("seoul", "서울", ["서울"]),
])
def test_latin_query_finds_the_original(query, title, marked):
    with make() as index:
        hits = [hit for hit in index.search(query) if hit.text == title]
        assert len(hits) == 1
        assert highlighted(hits[0]) == marked


def test_modes_and_mixed_text():
    with make() as index:
        hit, = [h for h in index.search("hotel mosk")]
        assert hit.id == 6 and highlighted(hit) == ["Hotel", "Моск"]
        contains = index.search("skva", mode="contains")
        assert sorted(h.id for h in contains) == [1, 6]
        assert all(highlighted(h) == ["сква"] for h in contains)
        assert 2 in [h.id for h in index.search("athn", mode="fuzzy")]
        # The original script finds itself as before.
        assert sorted(h.id for h in index.search("москва")) == [1, 6]


def test_pinyin_only_under_zh():
    with make() as index:
        assert index.search("beijing") == []
    with make(locale="zh") as index:
        hit, = index.search("beijing")
        assert hit.id == 4 and highlighted(hit) == ["北京"]
    with make(locale="ja") as index:
        assert index.search("beijing") == []


def test_off_by_default_and_type_checked():
    with make(transliterate=False) as index:
        assert index.search("moskva") == []
        assert index.transliterate is False
    with pytest.raises(TypeError):
        searchbar.Index(transliterate=1)


def test_saved_and_reopened(tmp_path):
    path = tmp_path / "translit.sbidx"
    with make() as index:
        index.save(path)
    with searchbar.Index.open(path) as opened:
        assert opened.transliterate is True
        assert [h.id for h in opened.search("athina")] == [2]
    plain_path = tmp_path / "plain.sbidx"
    with make(transliterate=False) as index:
        index.save(plain_path)
    with searchbar.Index.open(plain_path) as opened:
        assert opened.transliterate is False
        assert opened.search("moskva") == []


def test_smart_case_reads_the_original_case():
    # Москва reads Moskva, МОСКВА MOSKVA: smart case asks for the query's upper-case letters in
    # the reading; a lower-case query folds case; 서울 (no case) reads seoul.
    with searchbar.Index(transliterate=True) as index:
        index.add([(1, "Москва"), (2, "МОСКВА"), (3, "москва"), (4, "서울")])
        assert [h.id for h in index.search("Moskva", case="smart")] == [1]
        assert [h.id for h in index.search("MOSKVA", case="smart")] == [2]
        assert sorted(h.id for h in index.search("moskva", case="smart")) == [1, 2, 3]
        assert [h.id for h in index.search("moskva", case="sensitive")] == [3]
        assert [h.id for h in index.search("Seoul", case="smart")] == []
        hit, = index.search("Mosk", case="smart")
        assert highlighted(hit) == ["Моск"]


TIER_TITLES = ["Москва", "Москва река", "Hotel Москва", "Αθήνα", "서울", "Paris", "Paris Москва"]


def tiers(index, query, mode):
    return [(hit.id, hit.tier) for hit in index.search(query, mode=mode)]


@pytest.mark.parametrize("mode", ["prefix", "contains", "fuzzy"])
def test_original_script_tiers_do_not_change(mode):
    # The readings are no title words: a query typed in the original script gets the same
    # hits, tiers and order with the option on as with it off.
    indexes = []
    for transliterate in (False, True):
        index = searchbar.Index(transliterate=transliterate)
        index.add([(i + 1, title) for i, title in enumerate(TIER_TITLES)])
        indexes.append(index)
    plain, reading = indexes
    with plain, reading:
        for query in ["москва", "москва река", "моск", "αθήνα", "서울", "paris", "paris м"]:
            assert tiers(reading, query, mode) == tiers(plain, query, mode), query
        assert tiers(reading, "москва", mode)[0] == (1, "exact")
        assert tiers(reading, "москва река", mode) == [(2, "exact")]


def test_a_reading_tiers_as_its_original_in_prefix_mode():
    with searchbar.Index(transliterate=True) as index:
        index.add([(i + 1, title) for i, title in enumerate(TIER_TITLES)])
        hits = tiers(index, "moskva", "prefix")
        assert hits[:2] == [(1, "exact"), (2, "title_prefix")]
        assert (3, "prefixes_in_order") in hits[2:]
        assert tiers(index, "moskva reka", "prefix") == [(2, "exact")]
        assert tiers(index, "paris moskva", "prefix")[0] == (7, "exact")
        assert tiers(index, "athina", "prefix") == [(4, "exact")]
