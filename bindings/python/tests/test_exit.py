"""A Python program exits promptly whatever it leaves open: pending asynchronous searches, and
sessions with callbacks, not closed before the interpreter exits (finalization used to free them
while their callbacks, which need the GIL, could no longer run: the process never exited)."""
import os
import subprocess
import sys
import textwrap

import pytest

PROGRAMS = {
    "pending search_async": """
        import time, searchbar
        index = searchbar.Index(threads=1)
        index.add([(i, f"item {i} alpha") for i in range(20000)])
        def slow(outcome):
            time.sleep(0.3)
        for k in range(8):
            index.search_async("alpha", slow)
        print("started", flush=True)
    """,
    "session with callbacks, typing": """
        import time, searchbar
        index = searchbar.Index(threads=1)
        index.add([(i, f"item {i} alpha") for i in range(20000)])
        session = searchbar.Session(index)
        def on_event(event):
            time.sleep(0.05)
        session.set_callbacks(on_event=on_event)
        session.text = "alp"
        session.search_now()
        print("started", flush=True)
    """,
    "callback running at exit": """
        import threading, time, searchbar
        index = searchbar.Index(threads=1)
        index.add([(1, "alpha")])
        running = threading.Event()
        def slow(outcome):
            running.set()
            time.sleep(0.5)
        index.search_async("alpha", slow)
        running.wait(10)
        print("started", flush=True)
    """,
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_program_exits_promptly(name):
    env = dict(os.environ)
    completed = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(PROGRAMS[name])],
        capture_output=True, text=True, timeout=30, env=env)
    assert completed.returncode == 0, completed.stderr
    assert "started" in completed.stdout
