#!/usr/bin/env python3
"""Drives a searchbar session through a realistic typing sequence and prints its events.

The session runs on a manual clock, so the keystroke timing below is exact and repeatable:
a user focuses the field, types "blue wh" with pauses, fixes a typo, picks a completion,
narrows the scope, submits, and finally cancels.

    SEARCHBAR_LIBRARY=build/libsearchbar.so PYTHONPATH=bindings/python python3 examples/python/session_typing.py
"""
import tempfile

import searchbar

index = searchbar.Index()
index.add([
    {"id": 1, "title": "Blue whale", "scope": 1},
    {"id": 2, "title": "Blue jay", "scope": 2},
    {"id": 3, "title": "Whale shark", "scope": 1},
    {"id": 4, "title": "White stork", "scope": 2},
    {"id": 5, "title": "Bluefin tuna", "scope": 1},
])

session = searchbar.Session(index, manual_clock=True, recents_directory=tempfile.mkdtemp())
session.placeholder = "Animals"
session.scope_titles = ["All", "Sea", "Air"]
session.set_recents_name("animals")


def show(event):
    details = []
    if event.generation:
        details.append(f"gen={event.generation}")
    if event.text:
        details.append(repr(event.text))
    if event.index >= 0:
        details.append(f"index={event.index}")
    if event.kind == "results_ready":
        details.append(f"-> items {session.results()[1]}")
    print(f"    {event.kind:22} {' '.join(details)}")


def step(title, action):
    """Runs one user action and prints the events it causes, waiting (on the event queue, up
    to 5 s) for the newest query's results when a search is running."""
    print(title)
    action()
    while True:
        searching = session.display().is_searching
        event = session.next_event(timeout=5 if searching else 0)
        if event is None:
            return
        show(event)


step("focus the field", session.begin_editing)
for character, pause_ms in [("b", 90), ("l", 80), ("u", 120), ("e", 200)]:
    step(f"type {character!r}, wait {pause_ms} ms", lambda c=character, p=pause_ms: (session.insert(c), session.advance_clock(p)))
step("type ' wj' quickly", lambda: session.type(" wj"))
step("typo: backspace, then 'h'", lambda: (session.backspace(), session.insert("h"), session.advance_clock(150)))
print("suggestions:", [(s.source, s.title) for s in session.suggestions()])
completion = next(i for i, s in enumerate(session.suggestions()) if s.source == "completion")
step("choose the completion", lambda: session.choose_suggestion(completion))
step("tap the 'Sea' scope", lambda: session.select_scope(1))
step("submit", session.submit)
d = session.display()
print(f"display: text={d.text!r} clear={d.shows_clear_button} cancel={d.shows_cancel_button} "
      f"scope bar={d.shows_scope_bar} results={d.result_count}")
step("cancel", session.cancel)
print("recent searches:", session.recents)
session.close()
