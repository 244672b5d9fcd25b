"""Sources in a session from Python: two local indexes and a remote source a server thread
answers, on the manual clock (timeouts fire when the test moves time, never by luck)."""
import queue
import threading

import pytest

import searchbar
from searchbar import Index, Session, SourceItem


def wait_for(session, kind, generation, count=0, seen=None, timeout=30.0):
    """Reads events until `kind` for `generation` arrives (with `count` settled sections for
    'sections_ready'); the events on the way go to `seen`. A generous bound, never hit."""
    for _ in range(int(timeout / 0.01)):
        event = session.next_event(0.01)
        if event is None:
            continue
        if seen is not None:
            seen.append(event)
        if event.kind == kind and event.generation == generation and (kind != "sections_ready" or event.count >= count):
            return event
    raise AssertionError(f"no {kind} for generation {generation}")


class Server:
    """A remote source's host: answers the requests it is handed on its own thread."""

    def __init__(self, session, source):
        self.session, self.source = session, source
        self.jobs: queue.Queue = queue.Queue()
        self.done: queue.Queue = queue.Queue()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        while (job := self.jobs.get()) is not None:
            generation, items = job
            if items is None:
                self.done.put(self.session.fail_source(self.source, generation, "server down"))
            else:
                self.done.put(self.session.answer_source(self.source, generation, items))

    def answer(self, generation, items):
        """True when the session took the answer, False when it was late."""
        self.jobs.put((generation, items))
        return self.done.get(timeout=30)

    def stop(self):
        self.jobs.put(None)
        self.thread.join(timeout=30)


@pytest.fixture
def setup(tmp_path):
    fruit = Index(locale="en")
    fruit.add([(1, "apple"), (2, "apricot"), (3, "grape")])
    people = Index(locale="de")
    people.add([(11, "Ärzte ohne Grenzen"), (12, "Apollonia Vance")])
    s = Session(manual_clock=True, recents_directory=str(tmp_path), queue_capacity=4096)
    assert s.add_source("local_index", title="Fruit", index=fruit, priority=1) == 0
    assert s.add_source("local_index", title="People", index=people) == 1
    assert s.add_source("remote", title="Server", timeout_ms=800, min_query_length=2) == 2
    server = Server(s, 2)
    yield s, server
    server.stop()
    s.close()


def search(s, text):
    s.text = text
    return s.search_now()


def test_sections_in_source_order_with_remote_answers_from_a_thread(setup):
    s, server = setup
    seen = []
    g1 = search(s, "ap")
    request = wait_for(s, "source_request", g1, seen=seen)
    assert (request.index, request.text, request.previous_index) == (2, "ap", 0)
    g2 = search(s, "apr")
    wait_for(s, "source_request", g2, seen=seen)
    assert [(e.generation, e.index) for e in seen if e.kind == "source_cancel"] == [(g1, 2)]
    assert server.answer(g1, [SourceItem(9, "stale")]) is False  # superseded: dropped
    assert server.answer(g2, [SourceItem(100, "Apricot jam", "Server side", 0.5), SourceItem(2, "Apricot")])
    wait_for(s, "sections_ready", g2, 3, seen)
    assert not [e for e in seen if e.kind == "sections_ready" and e.generation == g1]
    sections = s.sections
    assert sections.generation == g2
    assert [(x.title, x.state) for x in sections.sections] == [("Fruit", "ready"), ("People", "ready"),
                                                              ("Server", "ready")]
    fruit, people, remote = sections.sections
    assert [i.id for i in fruit.items] == [2] and people.items == ()
    jam = remote.items[0]
    assert (jam.id, jam.title, jam.subtitle, jam.score) == (100, "Apricot jam", "Server side", 0.5)
    assert jam.title_highlights == ((0, 3),) and jam.subtitle_highlights == ()
    assert remote.items[1].score is None
    assert server.answer(g2, [SourceItem(1, "again")]) is False  # already answered

    s.dedupe_sources = True
    assert [i.id for i in s.sections.sections[2].items] == [100]  # apricot stays with Fruit
    s.dedupe_sources = False
    assert [i.id for i in s.sections.sections[2].items] == [100, 2]


def test_remote_highlights_use_the_sessions_folding(setup):
    s, server = setup
    g = search(s, "arz")
    wait_for(s, "source_request", g)
    assert server.answer(g, [SourceItem(5, "Die Ärzte", "ARZTPRAXIS")])
    wait_for(s, "sections_ready", g, 3)
    item = s.sections.sections[2].items[0]
    assert item.title_highlights == ((4, 7),)  # "Ärz", str indices
    assert item.subtitle_highlights == ((0, 3),)
    people = s.sections.sections[1]
    assert [i.id for i in people.items] == [11] and people.items[0].title_highlights == ((0, 3),)


def test_failure_and_timeout_fail_only_the_remote_section(setup):
    s, server = setup
    seen = []
    g = search(s, "apple")
    wait_for(s, "source_request", g, seen=seen)
    assert server.answer(g, None)  # the server thread reports a failure
    wait_for(s, "sections_ready", g, 3, seen)
    fruit, _, remote = s.sections.sections
    assert remote.state == "failed" and remote.status == "SB_EIO" and remote.message == "server down"
    assert fruit.state == "ready" and [i.id for i in fruit.items] == [1]

    g = search(s, "grape")
    wait_for(s, "sections_ready", g, 2, seen)
    s.advance_clock(799)
    assert s.sections.sections[2].state == "pending"
    s.advance_clock(1)
    wait_for(s, "sections_ready", g, 3, seen)
    remote = s.sections.sections[2]
    assert remote.state == "failed" and remote.status == "SB_ETIMEDOUT"
    assert (g, 2) in [(e.generation, e.index) for e in seen if e.kind == "source_cancel"]
    assert server.answer(g, [SourceItem(3, "grape")]) is False  # after the timeout: dropped


def test_short_text_idles_the_remote_source_and_cancel_clears(setup):
    s, _ = setup
    seen = []
    g = search(s, "a")
    wait_for(s, "sections_ready", g, 2, seen)
    assert not [e for e in seen if e.kind == "source_request"]
    assert [x.state for x in s.sections.sections] == ["ready", "ready", "idle"]
    g = search(s, "ap")
    wait_for(s, "source_request", g)
    s.cancel()
    wait_for(s, "source_cancel", g)
    assert s.sections == searchbar.Sections(0, ())


def test_recents_and_suggestions_sources(tmp_path):
    s = Session(manual_clock=True, recents_directory=str(tmp_path))
    s.add_source("recents", title="Recent")
    s.add_source("suggestions", title="Suggested")
    s.add_recent("Straße")
    s.set_host_suggestions([searchbar.Suggestion("Bahnhof", host_value=4), searchbar.Suggestion("Strasbourg", host_value=5)])
    s.text = "stras"
    s.search_now()
    recent, suggested = s.sections.sections
    assert [i.title for i in recent.items] == ["Straße"] and recent.items[0].title_highlights == ((0, 5),)
    assert suggested.state == "ready" and [(i.id, i.title_highlights) for i in suggested.items] == [(5, ((0, 5),))]
    s.close()


def test_bad_sources_and_answers_are_refused(setup):
    s, _ = setup
    with pytest.raises(ValueError):
        s.add_source("server")
    with pytest.raises(searchbar.InvalidArgument):
        s.add_source("local_index")  # no index
    with pytest.raises(searchbar.InvalidArgument):
        s.add_source("remote", limit=0)
    with pytest.raises(OverflowError):
        s.add_source("remote", timeout_ms=-1)
    g = search(s, "ap")
    with pytest.raises(searchbar.InvalidArgument):
        s.answer_source(0, g, [])  # a local source
    with pytest.raises(searchbar.InvalidArgument):
        s.answer_source(2, g, [SourceItem(1, "bad\udcff")])
    with pytest.raises(OverflowError):
        s.answer_source(2, g, [SourceItem(-1, "x")])
    assert s.answer_source(2, g, [SourceItem(1, "fine")])
