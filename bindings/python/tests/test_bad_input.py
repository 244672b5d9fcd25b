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
    assert lib.sb_results_count(None) == 0
    lib.sb_index_free(None)
    lib.sb_results_free(None)
    lib.sb_collator_free(None)
    lib.sb_free(None)
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
    assert status_of(lib.sb_index_new, None, 4, 0, 1, ctypes.byref(handle)) == SB_EINVAL
    assert status_of(lib.sb_index_new, None, 0, 1 << 7, 1, ctypes.byref(handle)) == SB_EINVAL
    assert status_of(lib.sb_index_new, None, 0, 0, 257, ctypes.byref(handle)) == SB_EINVAL
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
    lib.sb_index_free(ctypes.cast(session._handle, P(_ffi.sb_index)))  # left alone
    session.submit()


def test_row9_10_use_after_free_and_double_free():
    ix = searchbar.Index()
    raw = ctypes.cast(ix._handle, ctypes.c_void_p).value
    ix.close()
    ix.close()
    stale = ctypes.cast(ctypes.c_void_p(raw), P(_ffi.sb_index))
    count = ctypes.c_size_t()
    assert status_of(lib.sb_index_count, stale, ctypes.byref(count)) == SB_EINVAL
    lib.sb_index_free(stale)
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
            seen.append(status_of(lib.sb_session_submit, session._handle))
            seen.append(status_of(lib.sb_session_free, session._handle))
            seen.append(session.text)

    session.set_callbacks(on_event=on_event)
    session.text = "ap"
    assert seen == [SB_EMISUSE, SB_EMISUSE, "ap"]
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
