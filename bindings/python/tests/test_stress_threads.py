"""Concurrency stress from Python threads (the C version is Tests/c/test_stress.c): 8 threads
add, remove and search one Index while 4 Sessions type, submit and cancel, for
SB_STRESS_SECONDS (default 4) seconds. Items come in groups of 10 ids added and removed as one
batch, all titled "grp ..."; a search for "grp" must return whole groups only (it saw one
snapshot), known ids, no duplicates. Sessions must deliver results only for the newest issued
generation. The threads must all finish within a deadline (a deadlock fails the test)."""
import os
import random
import threading
import time

import searchbar

GROUPS, PER_GROUP = 48, 10
WORDS = ("alpha", "bravo", "charlie", "delta", "echo")


def group_items(group):
    return [(i, f"grp {WORDS[i % 5]} n{i}") for i in range(group * PER_GROUP, (group + 1) * PER_GROUP)]


def check_snapshot(ids, failures, who):
    if len(set(ids)) != len(ids):
        failures.append(f"{who}: duplicate ids")
    counts = {}
    for i in ids:
        if not 0 <= i < GROUPS * PER_GROUP:
            failures.append(f"{who}: unknown id {i}")
        counts[i // PER_GROUP] = counts.get(i // PER_GROUP, 0) + 1
    partial = {g: n for g, n in counts.items() if n != PER_GROUP}
    if partial:
        failures.append(f"{who}: partial groups {partial}: not a snapshot")


def test_threads_add_remove_search_and_sessions_type():
    seconds = float(os.environ.get("SB_STRESS_SECONDS", "4"))
    failures = []
    stop = threading.Event()
    counters = {"searches": 0, "writes": 0, "async": 0, "ready": 0, "rounds": 0}
    lock = threading.Lock()

    def bump(name, n=1):
        with lock:
            counters[name] += n

    with searchbar.Index(threads=2) as index:
        for g in range(0, GROUPS, 2):
            index.add(group_items(g))

        def writer(seed):
            rng = random.Random(seed)
            while not stop.is_set():
                g = rng.randrange(GROUPS)
                if seed % 2 == 0 or rng.random() < 0.3:
                    index.add(group_items(g))
                else:
                    index.remove(range(g * PER_GROUP, (g + 1) * PER_GROUP))
                bump("writes")

        def on_async(outcome):
            if isinstance(outcome, searchbar.SearchBarError):
                if outcome.status_name != "SB_ECANCELED":
                    failures.append(f"async: {outcome}")
            else:
                check_snapshot([h.id for h in outcome], failures, "async")
            bump("async")

        def searcher(seed):
            rng = random.Random(seed)
            while not stop.is_set():
                if rng.random() < 0.5:
                    check_snapshot([h.id for h in index.search("grp", limit=10000)], failures, "sync")
                else:
                    ticket = index.search_async("grp", on_async, limit=10000)
                    if rng.random() < 0.5:
                        index.cancel(ticket)
                bump("searches")

        sessions = [searchbar.Session(index) for _ in range(4)]

        def make_callback(session):
            state = {"newest": 0}

            def on_event(event):
                if event.kind == "update_search_results":
                    if event.generation <= state["newest"]:
                        failures.append("session: generations out of order")
                    state["newest"] = event.generation
                elif event.kind == "results_ready":
                    if event.generation != state["newest"]:
                        failures.append(f"session: stale results {event.generation} < {state['newest']}")
                    _, ids = session.results()
                    if any(not 0 <= i < GROUPS * PER_GROUP for i in ids):
                        failures.append("session: unknown id")
                    bump("ready")

            return on_event

        def typist(session, seed):
            rng = random.Random(seed)
            session.timing = {"delay_ms": 2, "stall_ms": 5}
            while not stop.is_set():
                session.begin_editing()
                word = rng.choice(WORDS)
                for ch in word[: rng.randint(1, len(word))]:
                    session.insert(ch)
                    if rng.random() < 0.3:
                        time.sleep(0.002)
                action = rng.randrange(4)
                if action == 0:
                    session.submit()
                elif action == 1:
                    session.cancel()
                elif action == 2:
                    session.clear()
                else:
                    session.text = "grp"
                    time.sleep(0.01)
                for _ in session.events():
                    pass
                bump("rounds")

        for s in sessions:
            s.set_callbacks(on_event=make_callback(s))
        threads = [threading.Thread(target=writer if k < 4 else searcher, args=(k,), daemon=True) for k in range(8)]
        threads += [threading.Thread(target=typist, args=(s, 100 + k), daemon=True) for k, s in enumerate(sessions)]
        for t in threads:
            t.start()
        time.sleep(seconds)
        stop.set()
        deadline = time.monotonic() + 60
        for t in threads:
            t.join(max(0.0, deadline - time.monotonic()))
        stuck = [t for t in threads if t.is_alive()]
        assert not stuck, f"{len(stuck)} threads still running after 60 s: deadlock"
        for s in sessions:
            s.close()
    print(f"python stress: {counters}")
    assert not failures, failures[:10]
    assert counters["searches"] > 0 and counters["writes"] > 0 and counters["rounds"] > 0
