"""Drives the README's first command (bash examples/demo.sh) in a real terminal (tmux): types,
switches scope, submits, clears and cancels, and checks what the screen shows."""
import os
import subprocess
import tempfile
import time

import pytest

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


class Terminal:
    """A tmux session running one command, with keys in and the screen out."""

    def __init__(self, command, env, width=120, height=32):
        self.name = f"sbdemo{os.getpid()}{int(time.time() * 1000) % 100000}"
        self.socket = ["-L", self.name]
        environment = " ".join(f"{k}={v}" for k, v in env.items())
        subprocess.run(["tmux", *self.socket, "new-session", "-d", "-s", self.name, "-x", str(width), "-y",
                        str(height), f"env {environment} {command}; echo EXITED $?; sleep 60"], check=True)

    def keys(self, *keys, literal=False):
        subprocess.run(["tmux", *self.socket, "send-keys", "-t", self.name, *(["-l"] if literal else []), *keys],
                       check=True)

    def screen(self, attributes=False):
        out = subprocess.run(["tmux", *self.socket, "capture-pane", "-p", *(["-e"] if attributes else []), "-t",
                              self.name], capture_output=True, text=True, check=True)
        return out.stdout

    def wait_for(self, predicate, timeout=30, what="screen"):
        deadline = time.time() + timeout
        while time.time() < deadline:
            screen = self.screen()
            if predicate(screen):
                return screen
            time.sleep(0.1)
        raise AssertionError(f"timed out waiting for {what}; screen:\n{self.screen()}")

    def close(self):
        subprocess.run(["tmux", *self.socket, "kill-server"], capture_output=True)


def status_line(screen):
    lines = [line for line in screen.splitlines() if " results · gen " in line]
    return lines[-1] if lines else ""


def results_count(screen):
    line = status_line(screen).strip()
    return int(line.split(" ", 1)[0]) if line and line[0].isdigit() else -1


@pytest.fixture()
def env():
    state = tempfile.mkdtemp()
    return {"LANG": "C.UTF-8", "TERM": "xterm-256color", "XDG_CACHE_HOME": os.path.join(state, "cache"),
            "HOME": state}, state


def start(env_state, extra=""):
    environment, state = env_state
    command = f"bash {REPO}/examples/demo.sh --state-dir {state}/recents {extra}"
    terminal = Terminal(command, environment)
    # The first run builds and caches the dataset from ICU data; give it time.
    terminal.wait_for(lambda s: " results · gen " in s and "indexed" in s, timeout=600, what="the demo to start")
    return terminal


def test_builtin_dataset_typing_scope_submit_clear_cancel(env):
    t = start(env)
    try:
        screen = t.screen()
        assert "Search" in screen.splitlines()[1], "placeholder shown on an empty field"
        assert "Time zones" in screen and "Characters" in screen, "scope bar"

        t.keys("zur")
        screen = t.wait_for(lambda s: "Zürich" in s and results_count(s) > 0, what="results for zur")
        assert "🔍 zur" in screen and "⊗" in screen, "text and clear indicator"
        assert "zurich" in screen.lower()
        highlighted = t.screen(attributes=True)
        assert "\x1b[7m" in highlighted, "matched ranges drawn in reverse video"

        for _ in range(5):  # All -> Characters -> Emoji -> Languages -> Countries -> Time zones
            t.keys("Tab")
        screen = t.wait_for(lambda s: "Europe/Zurich" in s, what="time zones scope")
        assert "\x1b[7m Time zones " in t.screen(attributes=True), "selected scope drawn selected"

        t.keys("C-u")
        t.wait_for(lambda s: "⊗" not in s, what="cleared field")
        t.keys("東京", literal=True)
        screen = t.wait_for(lambda s: "Asia/Tokyo" in s, what="results for 東京")
        assert "東京" in screen

        t.keys("Enter")
        t.wait_for(lambda s: "submitted" in s, what="submit")
        t.keys("Escape")
        screen = t.wait_for(lambda s: "Recent searches" in s and "⊗" not in s, what="cancel")
        assert "東京  (recent)" in screen, "the submitted search is offered as a recent"

        t.keys("C-c")
        t.wait_for(lambda s: "EXITED 0" in s, what="clean exit on Ctrl-C")
    finally:
        t.close()


def test_user_file_with_german_folding_and_modes(env):
    items = os.path.join(env[1], "items.tsv")
    with open(items, "w", encoding="utf-8") as f:
        f.write("Hauptstraße 5\tBerlin\t0\nStrassenbahn Museum\tWien\t1\nStraßburg\tFrankreich\t2\nZebra\t\t0\n")
    t = start(env, f"--file {items} --locale de")
    try:
        t.keys("strasse")
        screen = t.wait_for(lambda s: results_count(s) == 2, what="prefix results for strasse")
        assert "Straßburg" in screen and "Strassenbahn" in screen, "ß = ss, found by word prefix"
        assert "Hauptstraße" not in screen, "prefix mode matches word starts only"
        t.keys("C-t")  # prefix -> contains
        screen = t.wait_for(lambda s: "mode contains" in s and "Hauptstraße" in s, what="contains mode")
        t.keys("C-t")  # contains -> fuzzy
        t.wait_for(lambda s: "mode fuzzy" in s, what="fuzzy mode")
        t.keys("C-u")
        t.keys("hstr")
        screen = t.wait_for(lambda s: "Hauptstraße" in s, what="fuzzy results")
        t.keys("C-c")
        t.wait_for(lambda s: "EXITED 0" in s, what="clean exit")
    finally:
        t.close()
