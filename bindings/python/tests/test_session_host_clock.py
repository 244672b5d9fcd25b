"""Clock.HOST: the host's loop fires the session's timers (next_deadline() + run_due()), as a
GLib or Qt main loop does: the delayed search happens only through run_due(), on the thread
that calls it, and a timer armed on another thread wakes a loop sleeping on fileno()."""
import select
import threading
import time

import pytest

import searchbar
from searchbar import Clock


def host_session(index=None, delay_ms=150, stall_ms=0):
    session = searchbar.Session(index, clock=Clock.HOST)
    timing = session.timing
    timing.update(delay_ms=delay_ms, stall_ms=stall_ms)
    session.timing = timing
    return session


def fruit_index():
    index = searchbar.Index()
    index.add([(1, "apple"), (2, "apricot"), (3, "banana")])
    return index


def drain(session):
    return [event.kind for event in session.events()]


def run_loop_until_results(session, timeout=30.0):
    """The host's loop: select() on fileno() with the deadline as timeout, drain, run_due()."""
    kinds = []
    give_up = time.monotonic() + timeout
    while time.monotonic() < give_up:
        deadline = session.next_deadline()
        if deadline == 0:
            session.run_due()
            continue
        wait = 1.0 if deadline is None else min(deadline, 1.0)
        readable, _, _ = select.select([session.fileno()], [], [], wait)
        if readable:
            kinds += drain(session)
            if "results_ready" in kinds:
                return kinds
    pytest.fail("no results within the time limit")


def test_typing_searches_only_through_run_due_on_the_calling_thread():
    index = fruit_index()
    session = host_session(index)
    threads = []
    session.set_callbacks(on_event=lambda e: threads.append((e.kind, threading.get_ident())))
    assert session.next_deadline() is None
    session.type("apr")
    deadline = session.next_deadline()
    assert deadline is not None and 0 < deadline <= 0.15
    time.sleep(0.4)  # past the deadline: no library thread searches
    assert "update_search_results" not in drain(session)
    assert session.next_deadline() == 0
    kinds = run_loop_until_results(session)
    assert kinds.count("update_search_results") == 1
    assert [hit.id for hit in session.hits()[1]] == [2]
    updates = [ident for kind, ident in threads if kind == "update_search_results"]
    assert updates == [threading.get_ident()]
    assert session.next_deadline() is None
    session.run_due()  # nothing due: harmless
    session.close()


def test_stall_notice_comes_from_run_due():
    session = host_session(None, delay_ms=0, stall_ms=50)
    session.submit()  # a host-searched session that never answers
    assert 0 < session.next_deadline() <= 0.05
    time.sleep(0.2)
    assert "search_stalled" not in drain(session)
    session.run_due()
    assert "search_stalled" in drain(session)


def test_a_deadline_armed_on_another_thread_wakes_the_loop():
    session = host_session(None)
    assert session.next_deadline() is None
    drain(session)
    assert select.select([session.fileno()], [], [], 0)[0] == []
    typist = threading.Thread(target=lambda: (time.sleep(0.1), session.insert("a")))
    typist.start()
    readable, _, _ = select.select([session.fileno()], [], [], 30)
    typist.join()
    assert readable
    drain(session)
    deadline = session.next_deadline()
    assert deadline is not None and 0 <= deadline <= 0.15


def test_other_clocks_refuse_host_calls():
    for session in (searchbar.Session(), searchbar.Session(clock=Clock.MANUAL), searchbar.Session(manual_clock=True)):
        with pytest.raises(searchbar.Misuse):
            session.next_deadline()
        with pytest.raises(searchbar.Misuse):
            session.run_due()
    with pytest.raises(ValueError):
        searchbar.Session(manual_clock=True, clock=Clock.HOST)


def test_run_due_is_refused_inside_a_callback():
    session = host_session(None, delay_ms=0)
    failures = []

    def on_event(event):
        if event.kind == "text_did_change":
            try:
                session.run_due()
            except searchbar.Misuse as error:
                failures.append(error)

    session.set_callbacks(on_event=on_event)
    session.insert("a")
    assert len(failures) == 1
