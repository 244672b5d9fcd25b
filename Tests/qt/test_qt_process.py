"""The Qt example as a user starts it: its own process, in a real X window (the test command runs
this under xvfb-run), typed into with xdotool through the X server, quit with Ctrl+Q; what it
showed comes back through --dump-rows and --screenshot."""
import json
import os
import selectors
import shutil
import subprocess

from PySide6.QtGui import QImage

from screenshots import SCREENSHOTS, check

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
QT_SH = os.path.join(REPO, "examples", "qt.sh")
#: Generous: the app builds its ~185,000-item index (5 s here, unloaded) before it shows.
START_TIMEOUT = 300


def xdotool(*args):
    return subprocess.run(["xdotool", *args], check=True, capture_output=True, text=True, timeout=60).stdout


def error_text(errors):
    errors.seek(0)
    return errors.read()[-3000:]


def test_app_typed_into_with_xdotool_dumps_its_rows(tmp_path):
    assert os.environ.get("DISPLAY"), "run under an X server: xvfb-run -a python -m pytest Tests/qt"
    assert shutil.which("xdotool"), "xdotool is missing (bash .ci/install-deps.sh installs it)"
    rows_path, picture = tmp_path / "rows.json", os.path.join(SCREENSHOTS, "app-process-zur.png")
    os.makedirs(SCREENSHOTS, exist_ok=True)
    env = dict(os.environ, QT_QPA_PLATFORM="xcb")
    # The README's command, which builds what is missing (here nothing) and runs the app.
    # Its progress and any error go to a file: a pipe nobody reads could fill and stall it.
    errors = open(tmp_path / "stderr.txt", "w+")
    app = subprocess.Popen(["bash", QT_SH, "--dump-rows", str(rows_path), "--screenshot", picture,
                            "--state-dir", str(tmp_path / "state")],
                           stdout=subprocess.PIPE, stderr=errors, text=True, env=env)
    try:
        # The app prints "ready" once its window is shown with the field focused.
        with selectors.DefaultSelector() as selector:
            selector.register(app.stdout, selectors.EVENT_READ)
            assert selector.select(timeout=START_TIMEOUT), f"no 'ready' within {START_TIMEOUT} s"
        line = app.stdout.readline()
        assert "ready" in line, (line, error_text(errors) if app.poll() is not None else "")
        window = xdotool("search", "--sync", "--onlyvisible", "--pid", str(app.pid), "--name", "searchbar").split()[0]
        xdotool("windowfocus", "--sync", window)
        xdotool("type", "--delay", "60", "zur")
        xdotool("key", "ctrl+q")
        # At Ctrl+Q the app searches the text now and waits for the results before dumping.
        assert app.wait(timeout=START_TIMEOUT) == 0, error_text(errors)
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
        errors.close()
    dump = json.loads(rows_path.read_text(encoding="utf-8"))
    assert dump["text"] == "zur" and dump["scope"] == "All" and dump["unit"] == "utf16"
    zurich = dump["rows"][0]
    assert zurich["title"] == "Zürich", dump["rows"][:5]
    assert zurich["title_bold"] == [[0, 3]] and zurich["title_bold_text"] == ["Zür"]
    assert dump["announced"].endswith("results")
    check(QImage(picture))
