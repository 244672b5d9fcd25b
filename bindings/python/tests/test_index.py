import ctypes
import threading

import pytest

import searchbar


@pytest.fixture()
def cities():
    index = searchbar.Index(locale="de")
    index.add([
        {"id": 1, "title": "Zürich Hauptbahnhof", "subtitle": "Bahnhof", "scope": 1, "weight": 5,
         "attributes": {"kind": "station", "year": 1871}},
        {"id": 2, "title": "Zurich Airport", "scope": 2, "attributes": {"kind": "airport", "year": 1948}},
        (3, "Schaltflächen Übersicht", "", "ui buttons"),
        (4, "Straßenbahn Museum"),
        (5, "München", "Bayern"),
    ])
    yield index
    index.close()


def test_len_add_replace_remove(cities):
    assert len(cities) == 5
    cities.add([(5, "Munich")])  # same id replaces
    assert len(cities) == 5
    assert [h.id for h in cities.search("munich")] == [5]
    assert cities.search("münchen") == []
    cities.remove([5, 999])
    assert len(cities) == 4


def test_prefix_search_with_highlights_on_original_text(cities):
    hits = cities.search("zur")
    assert {h.id for h in hits} == {1, 2}
    for hit in hits:
        start, end = hit.highlights[0]
        assert hit.text[start:end] in ("Zür", "Zur")


def test_german_folding_in_search(cities):
    assert [h.id for h in cities.search("schaltflaechen")] == [3]
    hit = cities.search("strasse")[0]
    assert hit.id == 4
    start, end = hit.highlights[0]
    assert hit.text[start:end] == "Straße"


def test_modes(cities):
    assert [h.id for h in cities.search("bahnhof", mode="contains")][0] == 1  # "Hauptbahnhof" infix
    assert 1 in {h.id for h in cities.search("zhbf", mode="fuzzy")}
    with pytest.raises(ValueError):
        cities.search("x", mode="regex")


def test_case_and_diacritics_options():
    index = searchbar.Index(mode="contains")
    index.add([(1, "Report draft"), (2, "report final"), (3, "REPORT archive"), (4, "Résumé"), (5, "resume builder")])
    ids = lambda query, **options: sorted(hit.id for hit in index.search(query, **options))  # noqa: E731
    assert ids("report") == [1, 2, 3]
    assert ids("report", case="smart") == [1, 2, 3]
    assert ids("Report", case="smart") == [1]
    assert ids("report", case="sensitive") == [2]
    assert ids("Resume", case="smart") == [4]  # case kept, accents still folded
    assert ids("resume") == [4, 5]
    assert ids("resume", diacritics_sensitive=True) == [5]
    assert ids("RÉSUMÉ", diacritics_sensitive=True) == [4]
    with pytest.raises(ValueError):
        index.search("x", case="upper")
    index.close()


def test_scope_and_attribute_filters(cities):
    assert [h.id for h in cities.search("zur", scope=2)] == [2]
    assert [h.id for h in cities.search("zur", filters={"kind": "station"})] == [1]
    assert [h.id for h in cities.search("zur", filters={"year": (1900, None)})] == [2]


def test_typo_tolerance_and_exact_first():
    index = searchbar.Index()
    index.add([(1, "saturday market"), (2, "saturn")])
    hits = index.search("satuday")
    assert [h.id for h in hits] == [1]
    assert hits[0].tier == "typo"
    assert [h.id for h in index.search("satuday", typos=False)] == []


def test_limit_and_deterministic_order():
    index = searchbar.Index(locale="en")
    index.add([(i, f"file{i}") for i in range(1, 200)])
    first = index.search("file", limit=10)
    assert len(first) == 10
    assert first == index.search("file", limit=10)


def test_async_search_and_cancel(cities):
    done = threading.Event()
    outcome = []
    cities.search_async("zur", lambda r: (outcome.append(r), done.set()))
    assert done.wait(10)
    assert {h.id for h in outcome[0]} == {1, 2}
    assert cities.cancel(123456789) is False


def test_bad_input_is_an_error_not_a_crash(cities):
    with pytest.raises(searchbar.SearchBarError):
        cities.search("bad\udcff")
    with pytest.raises(ValueError):
        cities.add([(-1, "negative id")])
    with pytest.raises(searchbar.SearchBarError):
        searchbar.Index(locale="no locale at all")
    with pytest.raises(searchbar.SearchBarError):
        cities.add([{"id": 9, "title": "x", "weight": float("nan")}])


def test_closed_index_raises():
    index = searchbar.Index()
    index.close()
    with pytest.raises(searchbar.SearchBarError):
        index.search("x")
    index.close()


def test_writer_and_searcher_threads_see_consistent_snapshots():
    index = searchbar.Index()
    index.add([(i, f"alpha item {i}") for i in range(2000)])
    stop = threading.Event()
    errors = []

    def writer():
        n = 2000
        while not stop.is_set():
            index.add([(n, f"alpha item {n}")])
            index.remove([n - 2000])
            n += 1

    def searcher():
        # The writer adds id n, then removes id n-2000, so every snapshot holds a contiguous run
        # of 2000 or 2001 ids: a torn snapshot would show a gap or a duplicate.
        for _ in range(40):
            ids = [h.id for h in index.search("alpha", limit=5000)]
            if len(ids) not in (2000, 2001) or len(set(ids)) != len(ids) or max(ids) - min(ids) != len(ids) - 1:
                errors.append((len(ids), min(ids, default=None), max(ids, default=None)))

    t = threading.Thread(target=writer)
    t.start()
    try:
        searcher()
    finally:
        stop.set()
        t.join()
    assert not errors


def test_hits_carry_texts_without_a_python_copy():
    index = searchbar.Index(locale="de")
    index.add([(1, "Zürich Hauptbahnhof", "Schweiz", "bahn"), {"id": 2, "title": "Straße", "subtitle": "Köln"},
               (3, "東京タワー")])
    assert not hasattr(index, "_texts")
    hit = index.search("kol")[0]
    assert (hit.id, hit.field, hit.text, hit.title) == (2, "subtitle", "Köln", "Straße")
    assert hit.text[hit.highlights[0][0]:hit.highlights[0][1]] == "Köl"
    hit = index.search("zur")[0]
    assert hit == searchbar.Hit(1, hit.score, "title", hit.tier, [(0, 3)], "Zürich Hauptbahnhof", "Zürich Hauptbahnhof",
                                "Schweiz", "bahn", {})
    hit = index.search("タワ")[0]
    assert hit.text == "東京タワー" and hit.text[slice(*hit.highlights[0])] == "タワ"
    # a replaced item's hit shows the new text; a removed one is gone
    index.add([(1, "Zug")])
    assert [h.text for h in index.search("zug")] == ["Zug"]
    index.remove([3])
    assert index.search("タワ") == []


def test_packed_add_of_many_forms():
    index = searchbar.Index()
    index.add([(5, "b item"), (3, "a item"), (5, "c item")])  # unordered, duplicate: the last wins
    assert sorted((h.id, h.title) for h in index.search("item")) == [(3, "a item"), (5, "c item")]
    index.add(({"id": i, "title": f"gen {i}", "scope": i % 2, "weight": i} for i in range(10)))  # a generator
    assert {h.id for h in index.search("gen", scope=1)} == {1, 3, 5, 7, 9}
    assert index.search("gen")[0].id == 9  # weight ranks
    index.add([(100, "kw item", "", ["alpha", "beta"])])
    assert index.search("beta")[0].field == "keywords" and index.search("beta")[0].text == "alpha beta"
    index.add([{"id": 101, "title": "with attrs", "attributes": {"kind": "pdf"}}])  # sb_item path
    assert [h.id for h in index.search("with", filters={"kind": "pdf"})] == [101]
    with pytest.raises(TypeError):
        index.add([(200, None)])
    with pytest.raises(ValueError):
        index.add([(2**64, "too big")])
    with pytest.raises(ValueError):
        index.add([{"id": 201, "title": "x", "scope": -1}])
    assert not index.search("too")


def test_packed_columns_are_nul_separated_unless_a_text_holds_nul():
    from searchbar import _ffi, _index

    items = [(1, "Zürich"), (2, ""), (3, "東京タワー"), (4, "a😀b")]
    packed = _index._packed(items)
    assert packed.struct.version == 2 and packed.struct.nul_separated == 1
    assert not packed.struct.title_offsets  # the library finds the offsets
    assert packed.struct.titles_length == len("Zürich\0\0東京タワー\0a😀b".encode())
    index = searchbar.Index()
    index.add(items)
    assert [(h.id, h.title) for h in index.search("タワ")] == [(3, "東京タワー")]
    assert index.get(2)["title"] == "" and index.get(4)["title"] == "a😀b"
    # A title holding NUL: unchecked (add's first packing), the column stays NUL-separated and
    # the library refuses it for its separators, nothing added; checked (add's second packing),
    # that column goes with offsets, the others stay NUL-separated.
    rows = [{"id": 7, "title": "nul\0inside", "subtitle": "sub one"}, {"id": 8, "title": "plain", "subtitle": "two"}]
    packed = _index._packed(rows)
    assert packed.struct.nul_separated == 1 and not packed.struct.title_offsets
    with pytest.raises(searchbar.InvalidArgument, match="NUL separators"):
        _ffi.lib.sb_index_add_packed(index._handle, ctypes.byref(packed.struct))
    assert 7 not in index and 8 not in index
    packed = _index._packed(rows, checked=True)
    assert packed.struct.title_offsets and packed.struct.titles_length == 0
    assert not packed.struct.subtitle_offsets and packed.struct.subtitles_length == len(b"sub one\0two")
    index.add(rows)
    assert index.get(7)["title"] == "nul\0inside" and index.get(8)["subtitle"] == "two"
    assert [h.id for h in index.search("two")] == [8]
    # Past the first joined slice too: a NUL in the last item sends the column to offsets, and a
    # text that is not str is named by its position in the column.
    many = [(i, f"t{i}") for i in range(20001)]
    many[-1] = (20000, "late\0nul")
    packed = _index._packed(many, checked=True)
    assert packed.struct.title_offsets and packed.struct.titles_length == 0
    other = searchbar.Index()
    other.add(many)
    assert other.get(20000)["title"] == "late\0nul" and other.get(19999)["title"] == "t19999"
    assert _ffi.separated_utf8(["a\0b", "c"], "title", checked=False) == b"a\0b\0c"
    assert _ffi.separated_utf8(["a\0b", "c"], "title") is None
    with pytest.raises(TypeError, match=r"title\[20000\]"):
        _ffi.separated_utf8([f"t{i}" for i in range(20000)] + [5], "title")  # type: ignore[list-item]
    assert _ffi.separated_utf8([f"t{i}" for i in range(20000)], "title") == "\0".join(f"t{i}" for i in range(20000)).encode()
    # A lone surrogate is invalid UTF-8 to the library: refused, nothing added.
    with pytest.raises(searchbar.InvalidArgument):
        index.add([(9, "ok"), (10, "bad \ud800")])
    assert 9 not in index and len(index) == 6


def test_nul_separated_batch_equals_the_offsets_batch():
    from searchbar import _ffi, _index

    titles = [f"Straße {i} Ünïcode 東京{i % 7} {'x' * (i % 50)}" for i in range(60000)]
    items = list(enumerate(titles))
    separated = searchbar.Index(locale="de")
    separated.add(items)
    by_offsets = searchbar.Index(locale="de")
    packed = _index._packed(items)
    data, offsets = _ffi.packed_utf8(titles, "title")
    packed.struct.nul_separated, packed.struct.titles_length = 0, 0
    packed.struct.titles, packed.struct.title_offsets = data, _ffi.size_t_view(offsets)
    _ffi.lib.sb_index_add_packed(by_offsets._handle, ctypes.byref(packed.struct))
    assert len(separated) == len(by_offsets) == len(titles)
    for query in ("strasse 5999", "東京3 ünicode 4", "x" * 49, "unicode 12345"):
        assert [(h.id, h.title) for h in separated.search(query)] == [(h.id, h.title) for h in by_offsets.search(query)]
    assert separated.get(59999)["title"] == titles[59999]


def test_large_batches_give_their_memory_back_and_keep_every_text():
    # Batches this large end with sb_release_memory(), on both the packed and the sb_item path.
    count = searchbar._index._RELEASE_AFTER
    index = searchbar.Index(locale="de")
    index.add([(i, f"Straße Nummer {i}") for i in range(count)])
    index.add([{"id": count + i, "title": f"Größe {i}", "attributes": {"kind": "x"}} for i in range(count)])
    assert len(index) == 2 * count
    assert [(h.id, h.title) for h in index.search("strasse nummer 4711")][:1] == [(4711, "Straße Nummer 4711")]
    hit = index.search("grosse 65535", filters={"kind": "x"})[0]
    assert (hit.id, hit.title) == (2 * count - 1, "Größe 65535")


def test_sort_packed_agrees_with_keys():
    words = ["Ärlig", "Zebra", "Åsa", "Örebro", "", "zebra", "Zebra"]
    assert searchbar.sort(words, locale="sv")[-3:] == ["Åsa", "Ärlig", "Örebro"]
    with searchbar.Collator("sv") as collator:
        assert collator.sort(words) == sorted(words, key=collator.key)
    with pytest.raises(TypeError):
        searchbar.sort(["a", 3])


def test_streamed_batches_merge_without_changing_results():
    # Batches make segments that the index merges in the background; merge() folds them into
    # one now. Searches give the same hits in the same order before and after.
    words = ["garten", "haus", "médecin", "лицо", "猫", "straße", "face", "with", "apple", "naïve"]
    index = searchbar.Index(locale="de")
    for b in range(40):
        index.add([(b * 50 + k, f"{words[(b + k) % 10]} {words[(b * 3 + k) % 10]} {k % 7}") for k in range(50)])
        if b % 6 == 5:
            index.remove(range(b * 50 - 40, b * 50 - 30))
    queries = [(q, mode) for q in ["g", "gar", "haus", "medecin", "лиц", "猫", "strasse", "face w", "a", "n"]
               for mode in ("prefix", "contains", "fuzzy")]
    before = [[(h.id, h.score, h.highlights, h.text) for h in index.search(q, mode=mode, limit=30)]
              for q, mode in queries]
    index.merge()
    after = [[(h.id, h.score, h.highlights, h.text) for h in index.search(q, mode=mode, limit=30)]
             for q, mode in queries]
    assert before == after
    assert any(before)
    assert len(index) == 40 * 50 - 6 * 10
    index.merge()  # nothing left to merge
    index.close()
    with pytest.raises(searchbar.SearchBarError):
        index.merge()


def test_id_and_title_dicts_pack_like_tuples_and_fail_like_them():
    # Batches of {"id", "title"} dicts are read column by column, as (id, title) tuples are;
    # mixed or richer batches take the general path. Both give the same index and errors.
    titles = ["Straße", "naïve café", "лицо", "猫の顔", "plain"]
    as_dicts, as_tuples = searchbar.Index(locale="de"), searchbar.Index(locale="de")
    as_dicts.add([{"id": i, "title": t} for i, t in enumerate(titles)])
    as_tuples.add(list(enumerate(titles)))
    for query in ["strasse", "naive", "лиц", "猫", "p"]:
        assert ([(h.id, h.highlights) for h in as_dicts.search(query)]
                == [(h.id, h.highlights) for h in as_tuples.search(query)] != [])
    mixed = searchbar.Index()
    mixed.add([{"id": 1, "title": "one"}, (2, "two"), {"id": 3, "title": "three", "scope": 2}])
    assert len(mixed) == 3 and [h.id for h in mixed.search("three", scope=2)] == [3]
    with pytest.raises(TypeError):
        mixed.add([{"id": 4, "title": None}, {"id": 5, "title": "five"}])
    with pytest.raises(ValueError):
        mixed.add([{"id": -1, "title": "negative"}])
    with pytest.raises(ValueError):
        mixed.add([{"id": 6, "name": "no title"}, {"id": 7, "title": "seven"}])
    assert len(mixed) == 3
    for index in (as_dicts, as_tuples, mixed):
        index.close()
