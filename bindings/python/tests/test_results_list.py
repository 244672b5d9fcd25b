"""What a list view needs, through the Python package: highlights in every field that matched,
the total besides the page, pages (offset=), an empty query listing every item (list_all=),
an item by id (Index.get), removing every item (Index.clear), and UTF-16 positions from C."""
import ctypes

import pytest

import searchbar
from searchbar import _ffi
from searchbar._ffi import lib

from conftest import wait_hits

searchbar_fields = ("title", "subtitle", "keywords")


@pytest.fixture()
def numbered():
    """120 items "NNN apple" (ids descending as titles ascend), odd ones in scope 1, item 050 heavier."""
    index = searchbar.Index()
    index.add([{"id": 1000 - i, "title": f"{i:03d} apple", "scope": i % 2, "weight": 3 if i == 50 else 0}
               for i in range(120)])
    yield index
    index.close()


def test_every_field_that_matched_is_highlighted():
    with searchbar.Index() as index:
        index.add([{"id": 1, "title": "Apple pie", "subtitle": "Baked 🍎 apple", "keywords": "apple dessert"},
                   {"id": 2, "title": "Pear tart", "subtitle": "no match here"}])
        [hit] = index.search("apple")
        assert hit.field == "title" and hit.subtitle == "Baked 🍎 apple" and hit.keywords == "apple dessert"
        marked = {field: [getattr(hit, field)[s:e] for s, e in hit.highlights_in(field)] for field in searchbar_fields}
        assert marked == {"title": ["Apple"], "subtitle": ["apple"], "keywords": ["apple"]}
        assert hit.highlights_in("title") == hit.highlights == [(0, 5)]
        assert hit.other_highlights == {"subtitle": [(8, 13)], "keywords": [(0, 5)]}  # 🍎 is one index
        with pytest.raises(TypeError):
            hit.other_highlights["title"] = []  # read-only
        [pear] = index.search("tart here")
        assert pear.highlights == [(5, 9)] and pear.other_highlights == {"subtitle": [(9, 13)]}
        assert pear.highlights_in("keywords") == []


def test_total_is_exact_when_free_or_asked(numbered):
    page = numbered.search("appl", limit=10)
    assert len(page) == 10 and page.total == 10 and not page.total_is_exact
    exact = numbered.search("appl", limit=10, exact_total=True)
    assert [h.id for h in exact] == [h.id for h in page]
    assert exact.total == 120 and exact.total_is_exact
    everything = numbered.search("apple", limit=500)
    assert len(everything) == 120 and everything.total == 120 and everything.total_is_exact
    assert numbered.search("apple", limit=5, scope=1, exact_total=True).total == 60
    none = numbered.search("zebra")
    assert none == [] and none.total == 0 and none.total_is_exact


def test_pages_follow_one_another(numbered):
    whole = [h.id for h in numbered.search("apple", limit=120)]
    paged = []
    for offset in range(0, 130, 7):
        page = numbered.search("apple", limit=7, offset=offset)
        if offset + 7 > 120:
            assert page.total == 120 and page.total_is_exact  # room left: every match counted
        else:
            assert page.total == offset + 7 and not page.total_is_exact  # a lower bound
        paged += [h.id for h in page]
    assert paged == whole
    last = numbered.search("apple", limit=7, offset=119)
    assert len(last) == 1 and last.total == 120 and last.total_is_exact
    with pytest.raises(ValueError):
        numbered.search("apple", offset=-1)
    with pytest.raises(ValueError):
        numbered.search("apple", offset=searchbar._index.MAX_OFFSET + 1)
    assert numbered.search("apple", offset=searchbar._index.MAX_OFFSET) == []


def test_an_empty_query_lists_every_item(numbered):
    assert numbered.search("") == []
    listed = numbered.search("", limit=5, list_all=True)
    assert [h.id for h in listed] == [950, 1000, 999, 998, 997]  # the heavier item, then by title
    assert listed.total == 120 and listed.total_is_exact
    assert all(h.highlights == [] and h.other_highlights == {} for h in listed)
    title_only = numbered.search("apple", limit=3)
    assert all(h.other_highlights == {} and h.highlights_in("subtitle") == [] for h in title_only)
    scoped = numbered.search("  ", limit=3, offset=2, scope=1, list_all=True, exact_total=True)
    assert [h.title for h in scoped] == ["005 apple", "007 apple", "009 apple"]
    assert scoped.total == 60


def test_search_async_carries_the_total(numbered):
    import threading

    done = threading.Event()
    box = []

    def callback(outcome):
        box.append(outcome)
        done.set()

    numbered.search_async("apple", callback, limit=4, offset=4, exact_total=True)
    assert done.wait(30)
    hits = box[0]
    assert [h.title for h in hits] == ["003 apple", "004 apple", "005 apple", "006 apple"]  # 050 (heavier) first
    assert hits.total == 120 and hits.total_is_exact


def test_get_and_clear():
    with searchbar.Index(locale="en", fields=["title", "subtitle"]) as index:
        index.add([{"id": 2**64 - 1, "title": "Crème\0brûlée", "subtitle": "Dessert", "keywords": "not stored",
                    "scope": 4, "weight": 1.5, "attributes": {"kind": "PDF", "year": 2024, "note": ""}}])
        assert index.get(2**64 - 1) == {
            "id": 2**64 - 1, "title": "Crème\0brûlée", "subtitle": "Dessert", "keywords": "", "scope": 4,
            "weight": 1.5, "attributes": {"kind": "pdf", "year": 2024.0, "note": ""}}
        assert index.get(7) is None
        with pytest.raises(OverflowError):
            index.get(-1)
        index.clear()
        assert len(index) == 0 and index.get(2**64 - 1) is None
        assert index.search("creme") == [] and index.search("", list_all=True) == []
        index.add([(1, "again")])
        assert [h.id for h in index.search("again")] == [1]
    closed = searchbar.Index()
    closed.close()
    with pytest.raises(searchbar.SearchBarError):
        closed.clear()
    with pytest.raises(searchbar.SearchBarError):
        closed.get(1)


def test_a_session_delivers_the_total_and_subtitle_highlights(tmp_path):
    with searchbar.Index() as index:
        index.add([(1, "apple"), (2, "apricot"), (3, "grape", "a vine fruit, apt to ferment")])
        with searchbar.Session(index, recents_directory=str(tmp_path), manual_clock=True) as session:
            session.type("ap")
            hits = wait_hits(session, session.search_now())
            assert hits.total == 3 and hits.total_is_exact
            [grape] = [h for h in hits if h.id == 3]
            start, end = grape.highlights_in("subtitle")[0]
            assert grape.subtitle[start:end] == "ap"


def test_utf16_positions_through_the_c_interface():
    """Python strings index code points; hosts that index UTF-16 (Qt, Java, JavaScript) ask C
    for SB_UNIT_UTF16: a character beyond U+FFFF counts two units there."""
    with searchbar.Index() as index:
        title = "😀 é apple"
        index.add([(9, title, "😀 apple")])
        results = ctypes.POINTER(_ffi.sb_results)()
        data = b"apple"
        lib.sb_index_search(index._handle, data, len(data), None, ctypes.byref(results))
        try:
            entries = ctypes.POINTER(_ffi.sb_hit_entry)()
            count, text_len, range_count = ctypes.c_size_t(), ctypes.c_size_t(), ctypes.c_size_t()
            text = ctypes.POINTER(ctypes.c_char)()
            ranges = ctypes.POINTER(_ffi.sb_range)()
            lib.sb_results_export(results, 2, ctypes.byref(entries), ctypes.byref(count), ctypes.byref(text),
                                  ctypes.byref(text_len), ctypes.byref(ranges), ctypes.byref(range_count))
            fields = ctypes.POINTER(_ffi.sb_field_entry)()
            field_count = ctypes.c_size_t()
            lib.sb_results_fields(results, 2, ctypes.byref(fields), ctypes.byref(field_count))
            units = len(title.encode("utf-16-le")) // 2
            assert entries[0].title_len == units == 10
            r = ranges[entries[0].highlight_offset]
            assert (r.start, r.end) == (5, 10)
            assert fields[1].text_offset == units + 1
            r = ranges[fields[1].highlight_offset]
            assert (r.start, r.end) == (3, 8)
            with pytest.raises(searchbar.SearchBarError):
                lib.sb_results_fields(results, 3, ctypes.byref(fields), ctypes.byref(field_count))
        finally:
            lib.sb_results_free(results)
