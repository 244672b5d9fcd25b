"""Hits from Index.search() carry highlights as Python string indices and texts as Python strings.
The binding reads them in code points (sb_results_export with SB_UNIT_CODE_POINTS); these tests
check them against the byte layout (sb_results_copy + sb_results_data) converted in Python, on
text where bytes, code points and characters all differ: combining marks, astral characters
(emoji, a supplementary-plane CJK ideograph), CJK, Hangul, Thai and right-to-left scripts."""
import ctypes

import pytest

import searchbar
from searchbar import _ffi
from searchbar._ffi import lib

from conftest import wait_hits

P = ctypes.POINTER

ITEMS = [
    (1, "Cafe\u0301 de\u0301ja\u0300 vu", "Cre\u0300me bru\u0302le\u0301e"),  # decomposed marks
    (2, "😀 grinning face 😀 face", "", "smile 😃 happy face"),  # emoji around the match
    (3, "猫カフェ 東京 猫", "ねこ"),  # CJK, kana
    (4, "𠮷野家 牛丼 𠮷", "", "𩸽 fish"),  # supplementary-plane ideographs
    (5, "얼굴 표정 얼굴", "한국어"),  # Hangul
    (6, "หน้า ยิ้ม", "", "ใบหน้า face"),  # Thai
    (7, "وجه مبتسم", "Arabic face"),  # right to left
    (8, "naïve café résumé", "", "ǅemal ﬁle"),  # precomposed, a title-case digraph, a ligature
    (9, "Zoë's 👩‍👩‍👧 family face", "🇩🇪 flag"),  # ZWJ sequence, regional indicators
]
QUERIES = ["cafe", "deja", "creme", "face", "grinning", "smile", "猫", "東京", "カフェ", "𠮷", "牛丼", "fish",
           "얼굴", "표정", "หน้า", "ยิ้ม", "وجه", "naive", "resume", "file", "family", "flag", "zoe"]


def _reference(index, query, mode=None):
    """The hits of `query` read in bytes through sb_results_copy/sb_results_data and converted
    to string indices by decoding each text's prefix: what the binding used to do."""
    options, _keep = index._options(50, mode, None, None, False, True)
    data = query.encode("utf-8")
    results = P(_ffi.sb_results)()
    lib.sb_index_search(index._handle, data, len(data), ctypes.byref(options), ctypes.byref(results))
    try:
        counted = ctypes.c_size_t()
        lib.sb_results_count(results, ctypes.byref(counted))
        count = counted.value
        entries = (_ffi.sb_hit_entry * max(count, 1))()
        lib.sb_results_copy(results, 0, count, entries)
        text, text_len = P(ctypes.c_char)(), ctypes.c_size_t()
        ranges, range_count = P(_ffi.sb_range)(), ctypes.c_size_t()
        lib.sb_results_data(results, ctypes.byref(text), ctypes.byref(text_len), ctypes.byref(ranges),
                            ctypes.byref(range_count))
        blob = ctypes.string_at(text, text_len.value)
        bounds = [(ranges[k].start, ranges[k].end) for k in range(range_count.value)]
    finally:
        lib.sb_results_free(results)
    out = []
    for e in entries[:count]:
        raw = blob[e.text_offset:e.text_offset + e.text_len]
        title = blob[e.title_offset:e.title_offset + e.title_len].decode("utf-8")
        highlights = [(len(raw[:s].decode("utf-8")), len(raw[:t].decode("utf-8")))
                      for s, t in bounds[e.highlight_offset:e.highlight_offset + e.highlight_count]]
        out.append((e.id, e.score, searchbar._index.FIELDS[e.field], e.tier, highlights, raw.decode("utf-8"), title))
    return out


@pytest.fixture(scope="module")
def index():
    with searchbar.Index(locale="en", threads=1) as ix:
        ix.add(ITEMS)
        yield ix


@pytest.mark.parametrize("mode", ["prefix", "contains", "fuzzy"])
def test_hits_agree_with_the_byte_layout(index, mode):
    checked = 0
    for query in QUERIES:
        expected = _reference(index, query, mode)
        hits = index.search(query, mode=mode)
        got = [(h.id, h.score, h.field, {v: k for k, v in searchbar._index.TIERS.items()}[h.tier], h.highlights,
                h.text, h.title) for h in hits]
        assert got == expected, query
        checked += sum(len(h.highlights) for h in hits)
    assert checked > 20


def test_highlights_slice_the_matched_text(index):
    cases = {
        "cafe": (1, "title", "Cafe\u0301"),  # the combining acute belongs to the highlight
        "creme": (1, "subtitle", "Cre\u0300me"),
        "grinning": (2, "title", "grinning"),
        "smile": (2, "keywords", "smile"),
        "東京": (3, "title", "東京"),
        "𠮷": (4, "title", "𠮷"),
        "fish": (4, "keywords", "fish"),
        "얼굴": (5, "title", "얼굴"),
        "naive": (8, "title", "naïve"),
        "family": (9, "title", "family"),
        "flag": (9, "subtitle", "flag"),
    }
    for query, (item_id, field, expected) in cases.items():
        hit = next(h for h in index.search(query) if h.id == item_id)
        assert hit.field == field, query
        assert hit.highlights, query
        start, end = hit.highlights[0]
        assert hit.text[start:end] == expected, (query, hit.text, hit.highlights)
        assert all(0 <= s < e <= len(hit.text) for s, e in hit.highlights)
        assert hit.title == ITEMS[item_id - 1][1]


def test_astral_characters_before_the_match_shift_indices_by_one_each(index):
    hit = next(h for h in index.search("face") if h.id == 2)
    assert hit.text == "😀 grinning face 😀 face"
    assert (11, 15) in hit.highlights  # 😀 is one index in Python, four bytes in UTF-8
    assert hit.text[11:15] == "face"
    for start, end in hit.highlights:
        assert hit.text[start:end] == "face"


def test_types_of_hit_fields(index):
    for hit in index.search("face"):
        assert type(hit.id) is int and type(hit.score) is int
        assert type(hit.field) is str and type(hit.tier) is str
        assert type(hit.highlights) is list
        assert all(type(r) is tuple and len(r) == 2 and all(type(v) is int for v in r) for r in hit.highlights)
        assert type(hit.text) is str and type(hit.title) is str


def test_export_in_bytes_matches_copy_and_data(index):
    data = "face".encode()
    results = P(_ffi.sb_results)()
    lib.sb_index_search(index._handle, data, len(data), None, ctypes.byref(results))
    try:
        counted = ctypes.c_size_t()
        lib.sb_results_count(results, ctypes.byref(counted))
        count = counted.value
        entries = (_ffi.sb_hit_entry * count)()
        lib.sb_results_copy(results, 0, count, entries)
        text, text_len = P(ctypes.c_char)(), ctypes.c_size_t()
        ranges, range_count = P(_ffi.sb_range)(), ctypes.c_size_t()
        lib.sb_results_data(results, ctypes.byref(text), ctypes.byref(text_len), ctypes.byref(ranges),
                            ctypes.byref(range_count))
        for unit in (0, 0, 1):  # twice in bytes: the layout is made once and kept
            hits, n = P(_ffi.sb_hit_entry)(), ctypes.c_size_t()
            text2, text2_len = P(ctypes.c_char)(), ctypes.c_size_t()
            ranges2, range2_count = P(_ffi.sb_range)(), ctypes.c_size_t()
            lib.sb_results_export(results, unit, ctypes.byref(hits), ctypes.byref(n), ctypes.byref(text2),
                                  ctypes.byref(text2_len), ctypes.byref(ranges2), ctypes.byref(range2_count))
            assert n.value == count and range2_count.value == range_count.value
            assert ctypes.addressof(text2.contents) == ctypes.addressof(text.contents)
            assert text2_len.value == text_len.value
            if unit == 0:
                assert ctypes.string_at(hits, count * ctypes.sizeof(_ffi.sb_hit_entry)) == bytes(entries)
                assert ctypes.string_at(ranges2, range_count.value * 16) == \
                    ctypes.string_at(ranges, range_count.value * 16)
            else:
                block = ctypes.string_at(text2, text2_len.value).decode("utf-8")
                for k in range(count):
                    e = hits[k]
                    assert block[e.text_offset:e.text_offset + e.text_len] == \
                        ctypes.string_at(text, text_len.value)[entries[k].text_offset:entries[k].text_offset +
                                                               entries[k].text_len].decode("utf-8")
    finally:
        lib.sb_results_free(results)


def test_session_hits_use_string_indices(index):
    with searchbar.Session(index, manual_clock=True) as session:
        session.type("𠮷")
        hits = wait_hits(session, session.search_now())
        assert [h.id for h in hits] == [4]
        assert hits[0].highlights == [(0, 1), (7, 8)]
        for start, end in hits[0].highlights:
            assert hits[0].text[start:end] == "𠮷"
