"""Fixtures of the Qt example's tests: one index of the demo's built-in dataset for the module,
a fresh window per test (pytest-qt's qtbot), and screenshots kept under the build folder."""
import os
import sys

import pytest

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path[:0] = [os.path.join(REPO, "examples", "qt"), os.path.join(REPO, "examples", "python")]
# A real X server when there is one (the README's test command runs these under xvfb-run);
# Qt's offscreen platform otherwise, for a quick run by hand.
os.environ.setdefault("QT_QPA_PLATFORM", "xcb" if os.environ.get("DISPLAY") else "offscreen")

#: How long a search may take to show its rows on a busy 2-core machine: generous on purpose.
WAIT_MS = 30000


@pytest.fixture(scope="session")
def dataset():
    """(index, scope titles) of the demo's built-in dataset (~185,000 items), built once."""
    import demo
    items, titles = demo.builtin_items()
    index = demo.build_index(items, "und")
    yield index, titles
    index.close()


@pytest.fixture
def timers(request):
    """Who fires the session's timers: "host" (Qt's loop, the example's default) unless a test
    is parametrized with "library"."""
    return getattr(request, "param", "host")


@pytest.fixture
def window(qtbot, dataset, tmp_path, timers):
    """A shown search window with its field focused, recents kept in a temporary folder."""
    import demo
    from window import SearchWindow
    index, titles = dataset
    w = SearchWindow(index, titles, recents_directory=str(tmp_path), host_suggestions=demo.HOST_SUGGESTIONS,
                     prompt=demo.PROMPT, timers=timers)
    qtbot.addWidget(w, before_close_func=lambda widget: widget.shutdown())
    w.show()
    qtbot.waitExposed(w)
    w.activateWindow()
    w.field.setFocus()
    qtbot.waitUntil(w.field.hasFocus, timeout=WAIT_MS)
    return w
