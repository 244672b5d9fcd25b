"""Integers the binding hands to C are range-checked (ctypes would keep their low bits), and a
Session dropped inside its own callback is still freed."""
import ctypes
import os
import time

import pytest

import searchbar
from searchbar import Index, Session
from searchbar._ffi import lib

OUT_OF_RANGE = (OverflowError, ValueError)


def manual():
    return Session(manual_clock=True)


def test_advance_clock_refuses_values_outside_uint32():
    s = manual()
    s.timing = {"delay_ms": 150}
    s.text = "a"  # a search is due in 150 ms
    for bad in (-1, 2**32, 2**32 + 150, -(2**63), 2**64):
        with pytest.raises(OUT_OF_RANGE, match="milliseconds"):
            s.advance_clock(bad)
    assert not s.display().is_searching and s.display().generation == 0  # the clock did not move
    with pytest.raises(TypeError):
        s.advance_clock(1.5)
    s.advance_clock(149)
    assert s.display().generation == 0
    s.advance_clock(1)
    assert s.display().generation == 1
    s.advance_clock(2**32 - 1)  # the largest step is allowed


def test_session_integers_are_checked():
    s = manual()
    s.scope_titles = ["All", "Other"]
    for call in (lambda: s.select_scope(2**64), lambda: s.select_scope(-(2**63) - 1),
                 lambda: setattr(s, "selected_scope", 2**63), lambda: s.remove_token(2**64 + 1),
                 lambda: s.remove_recent(-(2**64)), lambda: s.choose_suggestion(2**63),
                 lambda: s.add_token("x", index=2**64), lambda: s.choose_result(-1),
                 lambda: s.choose_result(2**64), lambda: setattr(s, "tint", 2**32),
                 lambda: setattr(s, "tint", -1)):
        with pytest.raises(OUT_OF_RANGE):
            call()
    assert s.display().selected_scope == 0 and s.display().tint is None
    # Timing and policy fields are uint32/uint64: 2**32 + 100 would be read as 100.
    before = s.timing
    for field in ("delay_ms", "stall_ms", "minimum_characters"):
        with pytest.raises(OUT_OF_RANGE, match=field):
            s.timing = {field: 2**32 + 100}
    with pytest.raises(OUT_OF_RANGE):
        s.timing = {"shrinking": (2**32 + 600, 100, 200)}
    assert s.timing == before
    policy = s.recents_policy
    with pytest.raises(OUT_OF_RANGE, match="limit"):
        s.recents_policy = {"limit": 2**32 + 1}
    with pytest.raises(OUT_OF_RANGE, match="expiry_ms"):
        s.recents_policy = {"expiry_ms": 2**64 + 1000}
    assert s.recents_policy == policy
    with pytest.raises(OUT_OF_RANGE, match="queue_capacity"):
        Session(manual_clock=True, queue_capacity=2**32)
    with pytest.raises(OUT_OF_RANGE):
        s.next_event(timeout=3e6)  # 3e9 ms does not fit the int32 timeout
    with pytest.raises(OUT_OF_RANGE):
        s.set_items([(2**64, "x")])


def test_host_session_integers_are_checked():
    s = manual()
    s.text = "a"
    generation = s.search_now()
    with pytest.raises(OUT_OF_RANGE):
        s.deliver_results(generation, [-1])
    with pytest.raises(OUT_OF_RANGE):
        s.deliver_results(generation + 2**64, [1])
    assert s.results() == (0, [])
    assert s.deliver_results(generation, [7])


def test_index_integers_are_checked():
    with pytest.raises(OUT_OF_RANGE, match="threads"):
        Index(threads=2**32)  # would be 0: one thread per processor
    index = Index()
    index.add([(1, "apple", "", "", 3)])
    with pytest.raises(OUT_OF_RANGE):
        index.remove([-1])
    assert len(index) == 1
    with pytest.raises(OUT_OF_RANGE, match="scope"):
        index.search("apple", scope=[-1])  # would be scope 4294967295
    with pytest.raises(OUT_OF_RANGE, match="scope"):
        index.search("apple", scope=2**32 + 3)  # would be scope 3: a hit
    with pytest.raises(OUT_OF_RANGE, match="limit"):
        index.search("apple", limit=2**64)  # would be 0: the default 50
    assert [h.id for h in index.search("apple", scope=3)] == [1]
    with pytest.raises(OUT_OF_RANGE, match="ticket"):
        index.cancel(2**64 + 1)  # would cancel ticket 1
    with pytest.raises(OUT_OF_RANGE, match="ticket"):
        index.cancel(-1)


def test_sample_scope_numbers_are_checked():
    with pytest.raises(OUT_OF_RANGE):
        searchbar.sample_items([40])  # bit 40 would vanish: every scope


def open_fds():
    return len(os.listdir("/proc/self/fd"))


def test_session_dropped_inside_its_own_callback_is_freed():
    """The last reference to a Session dropped inside one of its callbacks: the library refuses
    to free a session from inside its own callback, so the binding frees it once the callback
    has returned (its event descriptor is closed) instead of leaking it."""
    baseline = open_fds()
    for _ in range(100):
        holder = [Session(manual_clock=True)]
        holder[0].set_callbacks(on_event=lambda event: holder.clear() if event.kind == "results_ready" else None)
        holder[0].text = "a"
        generation = holder[0].search_now()
        handle = holder[0]._handle
        # Deliver through the raw handle: no Python reference is held during the call, so the
        # callback's holder.clear() drops the last one, inside the callback.
        ids = (ctypes.c_uint64 * 1)(5)
        lib.sb_session_deliver_results(handle, generation, ids, 1)
        assert holder == []
    # The frees run on helper threads as soon as each callback has returned; allow a loaded
    # machine 20 s for 100 of them.
    deadline = time.monotonic() + 20
    while open_fds() > baseline + 5 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert open_fds() <= baseline + 5, f"{open_fds() - baseline} descriptors leaked"


def test_close_inside_a_callback_frees_after_it_returns():
    s = Session(manual_clock=True)
    fd = s.fileno()
    closed = []

    def on_event(event):
        if event.kind == "text_did_change" and not closed:
            s.close()
            closed.append(True)

    s.set_callbacks(on_event=on_event)
    s.text = "a"
    assert closed == [True]
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            os.fstat(fd)
        except OSError:
            break
        time.sleep(0.02)
    with pytest.raises(OSError):
        os.fstat(fd)  # the session's descriptor was closed: the session was freed
    s.close()  # idempotent
