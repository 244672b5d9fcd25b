"""The bad-input table of docs/bad-input.md from Python: the binding's own checks and the raw
C entry points reached through ctypes with bad arguments. Row numbers match the document."""
import ctypes
import os

import pytest

import searchbar
from searchbar import _ffi
from searchbar._ffi import lib
from searchbar.errors import SB_ECORRUPT, SB_EINVAL, SB_EMISUSE, SB_ETOOBIG

P = ctypes.POINTER


def status_of(call, *args):
    try:
        call(*args)
    except searchbar.SearchBarError as error:
        return error.status
    return 0


@pytest.fixture
def index():
    with searchbar.Index(locale="en", threads=1) as ix:
        ix.add([(1, "Apple pie"), (2, "Banana bread")])
        yield ix


@pytest.fixture
def session(index, tmp_path):
    with searchbar.Session(index, manual_clock=True, recents_directory=str(tmp_path)) as s:
        yield s


def test_row1_null_handles(index):
    count = ctypes.c_size_t()
    assert status_of(lib.sb_index_count, None, ctypes.byref(count)) == SB_EINVAL
    results = P(_ffi.sb_results)()
    assert status_of(lib.sb_index_search, None, b"a", 1, None, ctypes.byref(results)) == SB_EINVAL
    assert status_of(lib.sb_session_submit, None) == SB_EINVAL
    assert status_of(lib.sb_results_count, None, ctypes.byref(count)) == SB_EINVAL and count.value == 0
    assert lib.sb_index_free(None) == 0  # every _free takes NULL
    assert lib.sb_results_free(None) == 0
    assert lib.sb_collator_free(None) == 0
    assert lib.sb_free(None) == 0
    assert lib.sb_session_free(None) == 0


def test_row2_null_outputs(index):
    assert status_of(lib.sb_index_count, index._handle, None) == SB_EINVAL
    assert status_of(lib.sb_index_search, index._handle, b"a", 1, None, None) == SB_EINVAL
    assert status_of(lib.sb_fold, None, b"a", 1, None, None) == SB_EINVAL


def test_row3_null_with_length(index, session):
    results = P(_ffi.sb_results)()
    assert status_of(lib.sb_index_search, index._handle, None, 5, None, ctypes.byref(results)) == SB_EINVAL
    assert status_of(lib.sb_session_set_text, session._handle, None, 3) == SB_EINVAL
    assert status_of(lib.sb_index_add, index._handle, None, 2) == SB_EINVAL
    assert status_of(lib.sb_index_remove, index._handle, None, 2) == SB_EINVAL


@pytest.mark.parametrize("bad", [b"a\xffb", b"\xc0\xaf", b"\xed\xa0\x80", b"ab\xe2\x82"])
def test_row4_invalid_utf8(index, session, bad):
    results = P(_ffi.sb_results)()
    key = P(ctypes.c_char)()
    size = ctypes.c_size_t()
    assert status_of(lib.sb_fold, None, bad, len(bad), ctypes.byref(key), ctypes.byref(size)) == SB_EINVAL
    assert status_of(lib.sb_index_search, index._handle, bad, len(bad), None, ctypes.byref(results)) == SB_EINVAL
    assert status_of(lib.sb_session_set_text, session._handle, bad, len(bad)) == SB_EINVAL
    assert status_of(lib.sb_session_restore, session._handle, bad, len(bad)) == SB_EINVAL
    # lone surrogates in Python strings cannot be encoded: refused before C
    with pytest.raises((searchbar.SearchBarError, UnicodeError, ValueError)):
        index.search("a\udcff")
    assert len(index) == 2


def test_row5_limits(index, session):
    index.search("a" * 4096)  # accepted
    with pytest.raises(searchbar.SearchBarError) as info:
        index.search("a" * 4097)
    assert info.value.status == SB_ETOOBIG and "4096" in info.value.message
    with pytest.raises(searchbar.SearchBarError) as info:
        index.search(" ".join(["!x"] * 65), extended=True)
    assert info.value.status == SB_ETOOBIG
    index.search(" ".join(["!x"] * 64), extended=True)
    with pytest.raises(searchbar.SearchBarError) as info:
        session.text = "x" * ((1 << 20) + 1)
    assert info.value.status == SB_ETOOBIG
    with pytest.raises(searchbar.SearchBarError) as info:
        session.restore(" " * ((16 << 20) + 1))
    assert info.value.status == SB_ETOOBIG
    huge = ctypes.c_size_t((64 << 20) + 1)
    key = P(ctypes.c_char)()
    assert status_of(lib.sb_fold, None, b"short", huge, ctypes.byref(key), None) == SB_ETOOBIG


def test_row6_out_of_range_enums(index, session):
    handle = P(_ffi.sb_index)()
    for options in (_ffi.sb_index_options(mode=4), _ffi.sb_index_options(fields=1 << 7),
                    _ffi.sb_index_options(max_threads=257), _ffi.sb_index_options(transliterate=2),
                    _ffi.sb_index_options(version=0),
                    _ffi.sb_index_options(version=_ffi.sb_index_options.VERSION + 1)):
        assert status_of(lib.sb_index_new, ctypes.byref(options), ctypes.byref(handle)) == SB_EINVAL
    assert status_of(lib.sb_session_set_style, session._handle, 9) == SB_EINVAL
    assert status_of(lib.sb_session_set_active, session._handle, 2) == SB_EINVAL
    assert status_of(lib.sb_session_move_match, session._handle, 0) == SB_EINVAL
    with pytest.raises((ValueError, searchbar.SearchBarError)):
        index.search("a", mode="nonsense")


def test_row7_out_of_range_indices(index, session):
    session.text = "h\u00e9llo"
    for call, args in [
        (lib.sb_session_insert_text, (2, b"x", 1)),
        (lib.sb_session_insert_text, (99, b"x", 1)),
        (lib.sb_session_delete_text, (4, 2)),
        (lib.sb_session_select_scope, (3,)),
        (lib.sb_session_remove_token, (0,)),
        (lib.sb_session_remove_recent, (40,)),
        (lib.sb_session_choose_suggestion, (1000,)),
    ]:
        assert status_of(call, session._handle, *args) == SB_EINVAL, call
    assert session.text == "h\u00e9llo"
    results = P(_ffi.sb_results)()
    lib.sb_index_search(index._handle, b"apple", 5, None, ctypes.byref(results))
    hit = _ffi.sb_hit()
    assert status_of(lib.sb_results_get, results, 5, ctypes.byref(hit)) == SB_EINVAL
    lib.sb_results_free(results)


def test_row8_wrong_handle_type(index, session):
    count = ctypes.c_size_t()
    as_index = ctypes.cast(session._handle, P(_ffi.sb_index))
    assert status_of(lib.sb_index_count, as_index, ctypes.byref(count)) == SB_EINVAL
    foreign = ctypes.cast(ctypes.create_string_buffer(64), P(_ffi.sb_index))
    assert status_of(lib.sb_index_count, foreign, ctypes.byref(count)) == SB_EINVAL
    assert status_of(lib.sb_index_free, ctypes.cast(session._handle, P(_ffi.sb_index))) == SB_EINVAL  # left alone
    session.submit()


def test_row9_10_use_after_free_and_double_free():
    ix = searchbar.Index()
    raw = ctypes.cast(ix._handle, ctypes.c_void_p).value
    ix.close()
    ix.close()
    stale = ctypes.cast(ctypes.c_void_p(raw), P(_ffi.sb_index))
    count = ctypes.c_size_t()
    assert status_of(lib.sb_index_count, stale, ctypes.byref(count)) == SB_EINVAL
    assert status_of(lib.sb_index_free, stale) == SB_EINVAL
    s = searchbar.Session()
    raw = ctypes.cast(s._handle, ctypes.c_void_p).value
    s.close()
    s.close()
    stale_session = ctypes.cast(ctypes.c_void_p(raw), P(_ffi.sb_session))
    assert status_of(lib.sb_session_free, stale_session) == SB_EINVAL


def test_row11_calls_from_callbacks(session):
    seen = []

    def on_event(event):
        if event.kind == "text_did_change":
            seen.append(status_of(lib.sb_session_submit, session._handle))  # queued
            seen.append(status_of(lib.sb_session_set_text, session._handle, b"\xff", 1))  # checked at once
            seen.append(status_of(lib.sb_session_free, session._handle))  # refused
            seen.append(session.text)
        elif event.kind == "search_button":
            seen.append("submitted " + event.text)

    session.set_callbacks(on_event=on_event)
    session.text = "ap"
    assert seen == [0, SB_EINVAL, SB_EMISUSE, "ap", "submitted ap"]
    session.set_callbacks()


def test_row12_corrupt_recents_and_snapshots(session, tmp_path):
    for i, content in enumerate([b'{"format":"searchbar-recents","version":1,"lists":{"":[{"te',
                                 b"\x89PNG\r\n\x1a\n\0\0", b'{"format":"other"}', b""]):
        (tmp_path / f"bad{i}.json").write_bytes(content)
        with searchbar.Session(recents_directory=str(tmp_path)) as s:
            with pytest.raises(searchbar.SearchBarError) as info:
                s.set_recents_name(f"bad{i}")
            assert info.value.status == SB_ECORRUPT
            assert (tmp_path / f"bad{i}.json.corrupt-1").read_bytes() == content
            s.add_recent("kept")
        assert b"kept" in (tmp_path / f"bad{i}.json").read_bytes()
    before = session.snapshot()
    for bad in ['{"version":1,"text":"ab', "[1,2]", '{"version":999}', '{"version":1,"bogus":1}']:
        with pytest.raises(searchbar.SearchBarError) as info:
            session.restore(bad)
        assert info.value.status in (SB_ECORRUPT, SB_EINVAL)
    assert session.snapshot() == before


# ---- the packed entry points (sb_index_add_packed, sb_collator_sort_packed) and the hit-text
# readers (sb_results_text, sb_results_copy, sb_results_data), row by row


def _packed(ids, data, offsets):
    """An sb_packed_items with one title column; returns (struct, buffers to keep alive)."""
    id_array = (ctypes.c_uint64 * len(ids))(*ids) if ids is not None else None
    offset_array = (ctypes.c_size_t * len(offsets))(*offsets) if offsets is not None else None
    items = _ffi.sb_packed_items(count=len(offsets) - 1 if offsets else (len(ids) if ids else 0))
    items.ids = id_array
    items.titles = data
    items.title_offsets = offset_array
    return items, (id_array, offset_array)


def _search(index, query=b"apple"):
    results = P(_ffi.sb_results)()
    lib.sb_index_search(index._handle, query, len(query), None, ctypes.byref(results))
    return results


def _sort_packed(collator, data, offsets, count=None, out=True):
    offset_array = (ctypes.c_size_t * len(offsets))(*offsets) if offsets is not None else None
    n = count if count is not None else len(offsets) - 1
    order = (ctypes.c_size_t * max(1, len(offsets or [0]) - 1))() if out else None
    return status_of(lib.sb_collator_sort_packed, collator._handle if collator else None, data, offset_array, n, order)


def test_packed_row1_null_handles(index):
    items, _keep = _packed([5], b"x", [0, 1])
    assert status_of(lib.sb_index_add_packed, None, ctypes.byref(items)) == SB_EINVAL
    assert _sort_packed(None, b"a", [0, 1]) == SB_EINVAL
    text, length = P(ctypes.c_char)(), ctypes.c_size_t(9)
    assert status_of(lib.sb_results_text, None, 0, ctypes.byref(text), ctypes.byref(length)) == SB_EINVAL
    assert not text and length.value == 0
    entry = _ffi.sb_hit_entry()
    assert status_of(lib.sb_results_copy, None, 0, 1, ctypes.byref(entry)) == SB_EINVAL
    ranges, count = P(_ffi.sb_range)(), ctypes.c_size_t()
    assert status_of(lib.sb_results_data, None, ctypes.byref(text), ctypes.byref(length), ctypes.byref(ranges),
                     ctypes.byref(count)) == SB_EINVAL


def test_packed_row2_null_outputs(index):
    results = _search(index)
    try:
        text, length = P(ctypes.c_char)(), ctypes.c_size_t()
        ranges, count = P(_ffi.sb_range)(), ctypes.c_size_t()
        assert status_of(lib.sb_results_text, results, 0, None, ctypes.byref(length)) == SB_EINVAL
        assert status_of(lib.sb_results_text, results, 0, ctypes.byref(text), None) == SB_EINVAL
        assert status_of(lib.sb_results_data, results, None, ctypes.byref(length), ctypes.byref(ranges),
                         ctypes.byref(count)) == SB_EINVAL
        assert status_of(lib.sb_results_data, results, ctypes.byref(text), ctypes.byref(length), None,
                         ctypes.byref(count)) == SB_EINVAL
    finally:
        lib.sb_results_free(results)
    with searchbar.Collator("en") as collator:
        assert _sort_packed(collator, b"a", [0, 1], out=False) == SB_EINVAL


def test_packed_row3_null_with_length(index):
    assert status_of(lib.sb_index_add_packed, index._handle, None) == SB_EINVAL
    items, _keep = _packed([9], None, [0, 4])  # titles NULL, 4 bytes
    assert status_of(lib.sb_index_add_packed, index._handle, ctypes.byref(items)) == SB_EINVAL
    assert "items.titles" in _ffi.last_error()
    items, _keep = _packed(None, b"abcd", [0, 4])  # ids NULL
    assert status_of(lib.sb_index_add_packed, index._handle, ctypes.byref(items)) == SB_EINVAL
    items, _keep = _packed([9], b"abcd", [0, 4])
    items.keywords = b"abcd"  # bytes without offsets
    assert status_of(lib.sb_index_add_packed, index._handle, ctypes.byref(items)) == SB_EINVAL
    results = _search(index)
    try:
        assert status_of(lib.sb_results_copy, results, 0, 1, None) == SB_EINVAL
    finally:
        lib.sb_results_free(results)
    with searchbar.Collator("en") as collator:
        assert _sort_packed(collator, None, [0, 4]) == SB_EINVAL
        assert _sort_packed(collator, b"abcd", None, count=1) == SB_EINVAL
        # row 3a: NULL bytes with empty texts are empty strings
        assert _sort_packed(collator, None, [0, 0, 0]) == 0
    items, _keep = _packed([78], None, [0, 0])
    assert status_of(lib.sb_index_add_packed, index._handle, ctypes.byref(items)) == 0
    index.remove([78])


@pytest.mark.parametrize("bad", [b"a\xffb", b"\xc0\xaf", b"\xed\xa0\x80", b"ab\xe2\x82"])
def test_packed_row4_invalid_utf8(index, bad):
    items, _keep = _packed([20, 21], b"ok" + bad, [0, 2, 2 + len(bad)])
    assert status_of(lib.sb_index_add_packed, index._handle, ctypes.byref(items)) == SB_EINVAL
    assert "UTF-8" in _ffi.last_error() and "item 1" in _ffi.last_error()
    with searchbar.Collator("en") as collator:
        assert _sort_packed(collator, b"ok" + bad, [0, 2, 2 + len(bad)]) == SB_EINVAL
    # an offset inside a character
    items, _keep = _packed([22, 23], "hé".encode(), [0, 2, 3])
    assert status_of(lib.sb_index_add_packed, index._handle, ctypes.byref(items)) == SB_EINVAL
    # through the binding: a lone surrogate is refused, nothing is added
    with pytest.raises(searchbar.SearchBarError):
        index.add([(30, "fine"), (31, "bad\udcff")])
    with pytest.raises(searchbar.SearchBarError):
        searchbar.sort(["ok", "bad\udcff"])
    assert len(index) == 2


def test_packed_row5_limits(index):
    huge = (64 << 20) + 1
    items, _keep = _packed([11], b"hello", [0, huge])  # lengths are checked before a byte is read
    assert status_of(lib.sb_index_add_packed, index._handle, ctypes.byref(items)) == SB_ETOOBIG
    items.count = (1 << 26) + 1
    assert status_of(lib.sb_index_add_packed, index._handle, ctypes.byref(items)) == SB_ETOOBIG
    with searchbar.Collator("en") as collator:
        assert _sort_packed(collator, b"hello", [0, huge]) == SB_ETOOBIG
        assert _sort_packed(collator, b"hello", [0, 1], count=1 << 31) == SB_ETOOBIG


def test_packed_row6_nan_weight(index):
    with pytest.raises(searchbar.SearchBarError) as raised:
        index.add([{"id": 12, "title": "x", "weight": float("nan")}])
    assert "weights[0]" in raised.value.message
    assert len(index) == 2


def test_packed_row7_out_of_range(index):
    results = _search(index)
    try:
        count = ctypes.c_size_t()
        lib.sb_results_count(results, ctypes.byref(count))
        n = count.value
        text, length = P(ctypes.c_char)(), ctypes.c_size_t()
        entries = (_ffi.sb_hit_entry * 2)()
        assert status_of(lib.sb_results_text, results, n, ctypes.byref(text), ctypes.byref(length)) == SB_EINVAL
        assert status_of(lib.sb_results_copy, results, 0, n + 1, entries) == SB_EINVAL
        assert status_of(lib.sb_results_copy, results, 2**64 - 1, 2, entries) == SB_EINVAL
        assert status_of(lib.sb_results_copy, results, n, 0, entries) == 0
    finally:
        lib.sb_results_free(results)
    items, _keep = _packed([30, 31], b"abc", [0, 3, 1])  # decreasing offsets
    assert status_of(lib.sb_index_add_packed, index._handle, ctypes.byref(items)) == SB_EINVAL
    with searchbar.Collator("en") as collator:
        assert _sort_packed(collator, b"abc", [0, 3, 1]) == SB_EINVAL
    assert len(index) == 2


def test_packed_row8_wrong_handle_type(index):
    with searchbar.Collator("en") as collator:
        items, _keep = _packed([5], b"x", [0, 1])
        assert status_of(lib.sb_index_add_packed, ctypes.cast(collator._handle, P(_ffi.sb_index)),
                         ctypes.byref(items)) == SB_EINVAL
        offsets = (ctypes.c_size_t * 2)(0, 1)
        order = (ctypes.c_size_t * 1)()
        assert status_of(lib.sb_collator_sort_packed, ctypes.cast(index._handle, P(_ffi.sb_collator)), b"a",
                         offsets, 1, order) == SB_EINVAL
    text, length = P(ctypes.c_char)(), ctypes.c_size_t()
    assert status_of(lib.sb_results_text, ctypes.cast(index._handle, P(_ffi.sb_results)), 0, ctypes.byref(text),
                     ctypes.byref(length)) == SB_EINVAL


def test_packed_row9_10_use_after_free():
    ix = searchbar.Index()
    ix.add([(1, "apple")])
    results = _search(ix)
    ix.close()
    text, length = P(ctypes.c_char)(), ctypes.c_size_t()
    assert status_of(lib.sb_results_text, results, 0, ctypes.byref(text), ctypes.byref(length)) == 0
    assert ctypes.string_at(text, length.value) == b"apple"  # results outlive their index
    lib.sb_results_free(results)
    assert status_of(lib.sb_results_text, results, 0, ctypes.byref(text), ctypes.byref(length)) == SB_EINVAL
    assert status_of(lib.sb_results_free, results) == SB_EINVAL  # double free: refused, not followed
    with pytest.raises(searchbar.SearchBarError):
        ix.add([(2, "pear")])
    collator = searchbar.Collator("en")
    collator.close()
    with pytest.raises(searchbar.SearchBarError):
        collator.sort(["b", "a"])


# ---- sb_results_export (the whole result in one call, in bytes or code points), row by row


def _export(results, unit=1, skip=None):
    """Calls sb_results_export with every output (None for the one named `skip`); returns
    (status, outputs)."""
    outs = {"out_hits": P(_ffi.sb_hit_entry)(), "out_count": ctypes.c_size_t(7), "out_text": P(ctypes.c_char)(),
            "out_text_len": ctypes.c_size_t(7), "out_ranges": P(_ffi.sb_range)(), "out_range_count": ctypes.c_size_t(7)}
    args = [None if name == skip else ctypes.byref(value) for name, value in outs.items()]
    return status_of(lib.sb_results_export, results, unit, *args), outs


def _all_reset(outs):
    return (not outs["out_hits"] and outs["out_count"].value == 0 and not outs["out_text"]
            and outs["out_text_len"].value == 0 and not outs["out_ranges"] and outs["out_range_count"].value == 0)


def test_export_row1_null_handle():
    status, outs = _export(None)
    assert status == SB_EINVAL and _all_reset(outs)


def test_export_row2_null_outputs(index):
    results = _search(index)
    try:
        for unit in (0, 1, 2):
            for name in ("out_hits", "out_count", "out_text", "out_text_len", "out_ranges", "out_range_count"):
                status, outs = _export(results, unit, skip=name)
                assert status == SB_EINVAL, name
                assert name in _ffi.last_error()
                for other, value in outs.items():
                    if other != name:  # every output that was passed is reset
                        assert not (value.value if isinstance(value, ctypes.c_size_t) else value), (name, other)
    finally:
        lib.sb_results_free(results)


def test_export_row6_unknown_unit(index):
    results = _search(index)
    try:
        for unit in (3, 99, 2**32 - 1):
            status, outs = _export(results, unit)
            assert status == SB_EINVAL and _all_reset(outs)
            assert "unit" in _ffi.last_error()
        status, outs = _export(results, 0)
        assert status == 0 and outs["out_count"].value == 1 and outs["out_text_len"].value == len(b"Apple pie")
    finally:
        lib.sb_results_free(results)


def test_export_row8_wrong_handle_type(index):
    status, outs = _export(ctypes.cast(index._handle, P(_ffi.sb_results)))
    assert status == SB_EINVAL and _all_reset(outs)
    assert "not a live" in _ffi.last_error()


def test_export_row9_use_after_free(index):
    results = _search(index)
    lib.sb_results_free(results)
    status, outs = _export(results)
    assert status == SB_EINVAL and _all_reset(outs)


def test_export_no_hits(index):
    results = _search(index, b"zzzz")
    try:
        status, outs = _export(results)
        assert status == 0 and not outs["out_hits"] and outs["out_count"].value == 0
        assert outs["out_text"] and outs["out_text_len"].value == 0  # a valid, empty text block
        assert not outs["out_ranges"] and outs["out_range_count"].value == 0
    finally:
        lib.sb_results_free(results)
