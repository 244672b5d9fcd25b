"""Drives the README's first command (bash examples/demo.sh) and the demo itself in a real
terminal (tmux) as a person would: types what the README suggests, switches scope, mode and
locale, submits, clears and cancels, resizes the terminal, and checks what the screen shows."""
import os
import re
import subprocess
import sys
import tempfile
import time

import pytest

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(REPO, "examples", "python"))
import demo  # noqa: E402  (the demo's own suggestions, checked against what it finds)


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

    def wait_for(self, predicate, timeout=30, what="screen", attributes=False):
        deadline = time.time() + timeout
        while time.time() < deadline:
            screen = self.screen(attributes)
            if predicate(screen):
                return screen
            time.sleep(0.1)
        raise AssertionError(f"timed out waiting for {what}; screen:\n{self.screen()}")

    def wait_for_frame(self, predicate, timeout=30, what="screen", attributes=False):
        """Like `wait_for`, on a screen the demo has drawn down to its status line: curses may be
        caught mid-repaint, with the rows above drawn and the status line not yet."""
        return self.wait_for(lambda s: status_line(s) and predicate(s), timeout, what, attributes)

    def resize(self, width, height=32):
        """Resizes the window and waits until tmux has given the pane that size."""
        subprocess.run(["tmux", *self.socket, "resize-window", "-t", self.name, "-x", str(width), "-y", str(height)],
                       check=True)
        deadline = time.time() + 30
        while self.pane_size() != (width, height):
            if time.time() > deadline:
                raise AssertionError(f"tmux did not resize the pane to {width}x{height}: {self.pane_size()}")
            time.sleep(0.05)

    def pane_size(self):
        out = subprocess.run(["tmux", *self.socket, "display-message", "-p", "-t", self.name,
                              "#{pane_width} #{pane_height}"], capture_output=True, text=True, check=True)
        width, height = out.stdout.split()
        return int(width), int(height)

    def close(self):
        subprocess.run(["tmux", *self.socket, "kill-server"], capture_output=True)


STATUS = re.compile(r"^ (\d+) results? · ")


def status_line(screen):
    lines = [line for line in screen.splitlines() if STATUS.match(line)]
    return lines[-1] if lines else ""


def results_count(screen):
    match = STATUS.match(status_line(screen))
    return int(match.group(1)) if match else -1


def result_rows(screen):
    """The rows under the scope bar that show results (not suggestions, not the status)."""
    rows = screen.splitlines()[3:-2]
    return [row for row in rows if row.startswith("    ") or row.startswith("  › ")]


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
    terminal.wait_for(lambda s: status_line(s) and "indexed" in s, timeout=600, what="the demo to start")
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
        t.wait_for(lambda s: "\x1b[7m" in s, attributes=True, what="matched ranges drawn in reverse video")

        for _ in range(5):  # All -> Characters -> Emoji -> Languages -> Countries -> Time zones
            t.keys("Tab")
        screen = t.wait_for(lambda s: "Europe/Zurich" in s, what="time zones scope")
        t.wait_for(lambda s: "\x1b[7m Time zones " in s, attributes=True, what="the selected scope drawn selected")

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


# -- the demo as a person meets it: the README's suggestions, the layout, the locale switch -------

def readme_demo_queries():
    """(query, what it finds) for each `query` → finding the README's demo paragraph suggests."""
    with open(os.path.join(REPO, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    paragraph = " ".join(readme.split("The demo is ", 1)[1].split("\n\n", 1)[0].split())
    return [(q, found.strip()) for q, found in re.findall(r"`([^`]+)` → ([^,;(]+)", paragraph)]


@pytest.fixture(scope="module")
def demo_terminal():
    """The demo on the built-in dataset, started once for the tests below (each one clears the
    field first), run with this Python so no build step is repeated."""
    state = tempfile.mkdtemp()
    environment = {"LANG": "C.UTF-8", "TERM": "xterm-256color", "XDG_CACHE_HOME": os.path.join(state, "cache"),
                   "HOME": state, "ESCDELAY": "25"}
    # F3's rebuild pauses 2 s between its 10 batches, so it outlasts the answer to a few keys
    # however loaded the machine is (see the locale switch test).
    terminal = Terminal(f"{sys.executable} {REPO}/examples/python/demo.py --state-dir {state}/recents "
                        "--rebuild-pause 2", environment, width=150)
    try:
        terminal.wait_for(lambda s: status_line(s) and "indexed" in s, timeout=600, what="the demo to start")
        yield terminal
    finally:
        terminal.close()


def resize_demo(t, width):
    """Resizes the terminal and waits for a frame the demo has laid out for the new width (it
    follows the size at its next frame, within half a second)."""
    t.resize(width)
    prompt = demo.clip(demo.PROMPT, width - 1)[0]
    t.wait_for_frame(lambda s: s.splitlines()[0].rstrip() == prompt.rstrip(), what=f"a frame {width} columns wide")


def type_query(t, query):
    t.keys("C-u")
    t.wait_for(lambda s: "⊗" not in s.splitlines()[1], what="a cleared field")
    t.keys(query, literal=True)
    return t.wait_for(lambda s: f"🔍 {query}" in s and results_count(s) >= 0 and "searching" not in s,
                      what=f"the field to show {query!r}")


def test_readme_and_prompt_suggest_the_same_queries():
    queries = [q for q, _ in readme_demo_queries()]
    assert len(queries) >= 3, f"the README's demo paragraph suggests `query` → finding pairs: {queries}"
    prompt = demo.PROMPT.split("Try ", 1)[1].split(" — ", 1)[0].split(", ")
    assert prompt == queries, "the demo's prompt suggests what the README does"


@pytest.mark.parametrize("query,finds", readme_demo_queries())
def test_readme_query_finds_what_the_readme_says(demo_terminal, query, finds):
    t = demo_terminal
    resize_demo(t, 150)
    type_query(t, query)
    screen = t.wait_for(lambda s: any(finds in row for row in result_rows(s)[:10]), timeout=20,
                        what=f"{finds!r} among the first results for {query!r}")
    assert "No results" not in screen


@pytest.mark.parametrize("suggestion", demo.HOST_SUGGESTIONS)
def test_each_host_suggestion_finds_itself(demo_terminal, suggestion):
    t = demo_terminal
    resize_demo(t, 150)
    type_query(t, suggestion)
    t.wait_for(lambda s: any(suggestion in row for row in result_rows(s)[:10]), timeout=20,
               what=f"a result holding {suggestion!r}")


def test_a_subtitle_match_is_highlighted(demo_terminal):
    t = demo_terminal
    resize_demo(t, 150)
    type_query(t, "00df")  # only the subtitle of ß, "U+00DF", holds it
    t.wait_for(lambda s: any("Sharp S" in row and "U+00DF" in row for row in result_rows(s)), what="the ß row")
    highlighted = re.compile(r"U\+(\x1b\[[0-9;]*m)*\x1b\[(?:[0-9;]*;)?7m(?:\x1b\[[34]9m)*00DF")
    t.wait_for(lambda s: any(highlighted.search(line) for line in s.splitlines() if "Sharp S" in line),
               attributes=True, what="00DF of the ß row in reverse video")


@pytest.mark.parametrize("width", [60, 80, 150])
def test_status_line_and_selected_scope_fit_the_width(demo_terminal, width):
    t = demo_terminal
    resize_demo(t, width)
    type_query(t, "zur")
    t.wait_for(lambda s: results_count(s) > 0, what="results for zur")
    for scope in demo.searchbar.SAMPLE_SCOPES + ["All"]:  # Tab through every scope and back to All
        t.keys("Tab")
        selected = re.compile(r"\x1b\[(?:[0-9;]*;)?7m(?:\x1b\[[34]9m)* " + re.escape(scope) + "( |$)")
        t.wait_for(lambda s: selected.search(s.splitlines()[2]), timeout=10, attributes=True,
                   what=f"the scope bar to show {scope!r} selected at {width} columns")
        status = status_line(t.wait_for_frame(lambda s: True, what="a whole frame"))
        assert re.search(r"(mode )?prefix (\(F2\)|F2)", status) and re.search(r"(locale )?und (\(F3\)|F3)", status), \
            f"the status line keeps the mode and locale at {width} columns: {status!r}"
        assert len(status.rstrip()) <= width - 1
    if width >= 150:
        assert "Tab scope · Enter submit · Esc cancel" in status


def test_locale_switch_rebuilds_without_freezing_typing(demo_terminal):
    t = demo_terminal
    resize_demo(t, 80)
    type_query(t, "zur")
    # F3 and the next keys arrive together, as from a person typing on: the keys are answered while
    # the new index is built (the old one keeps searching), so the field shows them while the status
    # still says indexing. The fixture's demo pauses between the rebuild's batches, so the rebuild
    # takes at least 18 s: answering three keys takes milliseconds, and seconds on a loaded machine.
    # A frame can be caught mid-repaint, its field already redrawn and its status line still the
    # previous frame's, so the test waits for a frame that shows both rather than judging the
    # first frame with the keys: a demo that froze typing until the rebuild ended never draws one.
    t.keys("F3", "i", "c", "h")
    t.wait_for_frame(lambda s: "🔍 zurich" in s and "indexing en" in status_line(s), timeout=30,
                     what="the typed keys answered while the status says indexing en")
    screen = t.wait_for(lambda s: "indexing" not in status_line(s) and "locale en" in status_line(s), timeout=120,
                        what="the new index for en")
    assert "🔍 zurich" in screen, "the text survives the switch"
    t.wait_for(lambda s: any("Zürich" in row for row in result_rows(s)), what="results from the new index")
