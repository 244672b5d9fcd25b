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
