"""The 1.0 contract through the Python package (docs/abi.md): versioned structs agree with the
header and grow safely, enum names come from the library, an empty non-blocking event read is
not an error, and every index of a process shares one thread pool."""
import ctypes
import os
import re
import subprocess
import sys
import textwrap

import searchbar
from searchbar import _ffi
from searchbar._ffi import lib
from searchbar._session_ffi import sb_event, sb_recents_policy, sb_search_timing, sb_session_options
from searchbar.errors import SB_EMPTY


def header(repo):
    with open(os.path.join(repo, "include", "searchbar.h"), encoding="utf-8") as f:
        return f.read()


def test_struct_versions_match_the_header(repo):
    text = header(repo)
    for cls in (_ffi.sb_config, _ffi.sb_search_options, _ffi.sb_index_options, _ffi.sb_packed_items,
                sb_session_options, sb_search_timing, sb_recents_policy):
        macro = cls.__name__.upper() + "_VERSION"
        declared = int(re.search(rf"#define {macro} (\d+)", text).group(1))
        assert cls.VERSION == declared, cls.__name__
        assert cls._fields_[0] == ("version", ctypes.c_uint32)
        assert cls().version == declared  # a new struct holds the header's version, as SB_*_INIT


def test_a_version_1_index_options_works_and_the_getter_stays_inside_it():
    class IndexOptionsV1(ctypes.Structure):  # sb_index_options as version 1 declared it
        _fields_ = [("version", ctypes.c_uint32), ("mode", ctypes.c_uint32), ("fields", ctypes.c_uint32),
                    ("locale", ctypes.c_char_p)]

    old = IndexOptionsV1(1, 2, 1, b"de")  # contains mode, titles only
    handle = ctypes.POINTER(_ffi.sb_index)()
    lib.sb_index_new(ctypes.cast(ctypes.byref(old), ctypes.POINTER(_ffi.sb_index_options)), ctypes.byref(handle))
    try:
        buffer = (ctypes.c_ubyte * ctypes.sizeof(_ffi.sb_index_options))(*([0xCD] * ctypes.sizeof(_ffi.sb_index_options)))
        ctypes.memmove(buffer, ctypes.byref(ctypes.c_uint32(1)), 4)
        lib.sb_index_get_options(handle, ctypes.cast(buffer, ctypes.POINTER(_ffi.sb_index_options)))
        back = IndexOptionsV1.from_buffer(buffer)
        assert (back.version, back.mode, back.fields, back.locale) == (1, 2, 1, b"de")
        assert bytes(buffer[ctypes.sizeof(IndexOptionsV1):]) == b"\xcd" * (len(buffer) - ctypes.sizeof(IndexOptionsV1))
        full = _ffi.sb_index_options()
        lib.sb_index_get_options(handle, ctypes.byref(full))
        assert full.max_threads == searchbar.pool_threads()  # version 2's field took its default
    finally:
        lib.sb_index_free(handle)


def test_event_kind_names_come_from_the_library(repo):
    body = re.search(r"typedef enum sb_event_kind \{(.*?)\} sb_event_kind;", header(repo), flags=re.S).group(1)
    kinds = re.findall(r"(SB_EVENT_\w+) = (\d+)", body)
    assert len(kinds) > 20
    for name, value in kinds:
        assert lib.sb_event_kind_string(int(value)).decode() == name
    assert lib.sb_event_kind_string(10_000).decode() == "SB_EVENT_UNKNOWN"
    # The binding names events from the library, not from a table of its own.
    from searchbar._session import EVENT_KINDS

    assert [f"SB_EVENT_{kind.upper()}" for kind in EVENT_KINDS] == [name for name, _ in kinds]


def test_every_enum_value_is_named_by_the_library(repo):
    """Each C enum has sb_<enum>_string(), naming every value the header declares; the
    IntEnums of searchbar.enums carry the same names without the prefix."""
    from searchbar import enums

    found = re.findall(r"typedef enum (sb_\w+) \{(.*?)\} \1;", header(repo), flags=re.S)
    assert len(found) > 20
    by_doc = {cls.__doc__.split(":")[0]: cls for cls in vars(enums).values()
              if isinstance(cls, type) and issubclass(cls, int) and cls.__doc__}
    for enum, body in found:
        constants = re.findall(r"^\s*(SB_\w+) = (\d+)", body, flags=re.M)
        function = getattr(lib, f"{enum}_string")
        for name, value in constants:
            assert function(int(value)).decode() == name, (enum, value)
        unknown = function(10_000).decode()
        assert unknown.endswith("UNKNOWN") or unknown == "SB_UNKNOWN_STATUS", enum
        assert unknown not in {name for name, _ in constants}
        if enum in by_doc:
            members = by_doc[enum]
            assert all(name.endswith("_" + members(int(value)).name) for name, value in constants), enum


def test_an_empty_queue_is_not_an_error():
    session = searchbar.Session()
    try:
        try:
            searchbar.fold("x", locale="not a locale!")
        except searchbar.SearchBarError:
            pass
        message = _ffi.last_error()
        assert message
        assert session.next_event(0) is None
        event = sb_event()
        assert lib.sb_session_next_event(session._handle, 0, ctypes.byref(event)) == SB_EMPTY
        assert _ffi.last_error() == message  # left alone
    finally:
        session.close()


POOL_PROBE = textwrap.dedent("""
    import os, searchbar
    def threads():  # the pool's threads, by name
        names = []
        for task in os.listdir("/proc/self/task"):
            with open(f"/proc/self/task/{task}/comm") as f:
                names.append(f.read().strip())
        return names.count("searchbar-pool")
    before = threads()
    indexes = [searchbar.Index() for _ in range(10)]
    after_ten = threads()
    indexes += [searchbar.Index() for _ in range(10)]
    print(searchbar.pool_threads(), after_ten - before, threads() - after_ten)
""")


def _probe(environment, code=POOL_PROBE):
    env = {**os.environ, **environment}
    run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    return run.stdout.split()


def test_ten_indexes_share_one_pool_sized_by_the_environment():
    size, first, more = _probe({"SEARCHBAR_THREADS": "3"})
    assert (size, first, more) == ("3", "3", "0")


def test_configure_sizes_the_pool_once():
    code = textwrap.dedent("""
        import searchbar
        searchbar.configure(threads=2)
        searchbar.configure(threads=2)
        try:
            searchbar.configure(threads=4)
        except searchbar.SearchBarError as error:
            print(error.status_name)
        index = searchbar.Index()
        print(searchbar.pool_threads())
    """)
    assert _probe({"SEARCHBAR_THREADS": "3"}, code) == ["SB_EMISUSE", "2"]
