import ctypes
import threading
import warnings

import pytest

import searchbar
from searchbar import _ffi
from searchbar.errors import SB_EINVAL


def test_version_matches_abi_major():
    assert searchbar.version_number // 10000 == searchbar.ABI_MAJOR
    major, minor, patch = (int(p) for p in searchbar.version.split("."))
    assert searchbar.version_number == major * 10000 + minor * 100 + patch


def test_invalid_utf8_raises_with_status_and_message():
    with pytest.raises(searchbar.SearchBarError) as info:
        searchbar.fold("abc\udcff")  # a lone surrogate cannot be valid UTF-8
    assert info.value.status == SB_EINVAL
    assert info.value.status_name == "SB_EINVAL"
    assert "UTF-8" in info.value.message


def test_malformed_locale_raises():
    with pytest.raises(searchbar.SearchBarError) as info:
        searchbar.fold("abc", locale="not a locale!")
    assert info.value.status == SB_EINVAL
    assert "locale" in info.value.message


def test_unknown_locale_warns_and_folds_without_locale():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert searchbar.fold("ÅSA", locale="xx") == searchbar.fold("ÅSA")
    assert any(issubclass(w.category, searchbar.LocaleFallbackWarning) for w in caught)


def test_type_errors_before_reaching_c():
    with pytest.raises(TypeError):
        searchbar.fold(b"bytes")
    with pytest.raises(TypeError):
        searchbar.fold("x", locale=5)


def test_null_output_pointer_is_einval_not_a_crash():
    with pytest.raises(searchbar.SearchBarError) as info:
        _ffi.lib.sb_fold(None, b"abc", 3, None, None)
    assert info.value.status == SB_EINVAL


def test_null_text_with_length_is_einval():
    out = ctypes.POINTER(ctypes.c_char)()
    with pytest.raises(searchbar.SearchBarError):
        _ffi.lib.sb_fold(None, None, 5, ctypes.byref(out), None)
    assert not out


def test_closed_collator_raises():
    collator = searchbar.Collator("en")
    collator.close()
    collator.close()  # twice is harmless
    with pytest.raises(searchbar.SearchBarError):
        collator.compare("a", "b")


def test_last_error_is_per_thread():
    with pytest.raises(searchbar.SearchBarError):
        searchbar.fold("x", locale="bad locale")
    seen = []
    thread = threading.Thread(target=lambda: seen.append(_ffi.last_error()))
    thread.start()
    thread.join()
    assert seen == [""]
    assert "locale" in _ffi.last_error()


def test_each_error_status_has_its_own_class_and_builtin_base():
    from searchbar import errors

    expected = {
        "SB_EINVAL": (errors.InvalidArgument, ValueError),
        "SB_ENOMEM": (errors.OutOfMemory, MemoryError),
        "SB_ENOTFOUND": (errors.NotFound, LookupError),
        "SB_ECANCELED": (errors.Cancelled, errors.SearchBarError),
        "SB_EIO": (errors.FileError, OSError),
        "SB_ECORRUPT": (errors.CorruptFile, errors.SearchBarError),
        "SB_EMISUSE": (errors.Misuse, RuntimeError),
        "SB_ETOOBIG": (errors.TooBig, ValueError),
        "SB_ETIMEDOUT": (errors.TimedOut, TimeoutError),
        "SB_EINTERNAL": (errors.InternalError, RuntimeError),
    }
    error_statuses = [s for s in errors.Status if 0 < s < errors.SB_WARN_FIRST]
    assert sorted(errors.status_name(s) for s in error_statuses) == sorted(expected)
    for status in error_statuses:
        name = _ffi.status_name(status)  # the library's own name agrees with the enum's
        assert name == errors.status_name(status)
        error = errors.error_for(status, "why", "sb_something")
        cls, builtin = expected[name]
        assert type(error) is cls
        assert isinstance(error, errors.SearchBarError) and isinstance(error, builtin)
        assert (error.status, error.status_name, error.message, error.function) == (status, name, "why", "sb_something")
        assert str(error) == f"sb_something: {name}: why"


def test_invalid_argument_is_catchable_as_value_error():
    with pytest.raises(ValueError) as info:
        searchbar.fold("abc", locale="not a locale!")
    assert isinstance(info.value, searchbar.InvalidArgument)
    assert info.value.status == SB_EINVAL


def test_errors_module_imports_nothing_of_searchbar():
    import ast
    import inspect

    from searchbar import errors

    tree = ast.parse(inspect.getsource(errors))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            assert node.level == 0 and not (node.module or "").startswith("searchbar"), ast.dump(node)
        elif isinstance(node, ast.Import):
            assert all(not alias.name.startswith("searchbar") for alias in node.names)


def test_errors_pickle_with_their_class_and_fields():
    import pickle

    error = searchbar.errors.error_for(3, "no such id", "sb_index_get")
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is searchbar.NotFound
    assert (copy.status, copy.message, copy.function) == (3, "no such id", "sb_index_get")


def test_malformed_item_is_value_error_not_key_error():
    index = searchbar.Index()
    for bad in ({"title": "no id"}, {"id": 1}):
        with pytest.raises(ValueError) as info:
            index.add([bad])
        assert not isinstance(info.value, KeyError)
    with pytest.raises(TypeError):
        index.add([5])
    index.add([{"id": 1, "title": "ok", "attributes": {"n": 2}}])
    with pytest.raises(ValueError):
        index.add([{"title": "no id", "attributes": {"n": 2}}])
    assert len(index) == 1


def test_real_failures_raise_their_status_class(tmp_path):
    # SB_ECORRUPT: a recents file that is not JSON (moved aside, the session starts empty).
    (tmp_path / "bad.json").write_text("{not json")
    session = searchbar.Session(manual_clock=True, recents_directory=str(tmp_path))
    with pytest.raises(searchbar.CorruptFile) as info:
        session.set_recents_name("bad")
    assert info.value.status_name == "SB_ECORRUPT" and session.recents == []
    # SB_EMISUSE: a call the library refuses inside the session's own callback.
    refused = []

    def on_event(event):
        if event.kind == "did_begin_editing":
            try:
                session.advance_clock(1)
            except searchbar.Misuse as error:
                refused.append(isinstance(error, RuntimeError))

    session.set_callbacks(on_event=on_event)
    session.begin_editing()
    assert refused == [True]
    # SB_EINVAL from an out-of-range token index, as a ValueError.
    with pytest.raises(ValueError) as invalid:
        session.remove_token(5)
    assert isinstance(invalid.value, searchbar.InvalidArgument)
