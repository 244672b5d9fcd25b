"""Fixtures for the GTK example's tests: an Xvfb display, the app started on it with
--dump-rows, and the helpers a person's actions map to (xdotool keys and clicks, screenshots).

Nothing here sleeps for a fixed time to be lucky: every step waits for the state the app
writes to its --dump-rows file (rewritten whenever it changes), with generous timeouts.
"""
import json
import os
import pathlib
import shutil
import subprocess
import time

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BUILD = pathlib.Path(os.environ.get("SEARCHBAR_BUILD_DIR", ROOT / "build"))
APP = pathlib.Path(os.environ.get("SEARCHBAR_GTK_APP", BUILD / "examples" / "gtk" / "searchbar-gtk"))
SCREENSHOTS = BUILD / "gtk-screenshots"
# Building the built-in dataset takes a few seconds; on a loaded 2-core machine much longer.
START_TIMEOUT = 240
STEP_TIMEOUT = 90
# The screen reader's side: AT-SPI's bus launcher, and a Python with its GObject bindings.
AT_SPI_BUS_LAUNCHER = "/usr/libexec/at-spi-bus-launcher"
SYSTEM_PYTHON = "/usr/bin/python3"


def run(*args, timeout=60, env=None):
    return subprocess.run(args, check=True, capture_output=True, text=True, timeout=timeout, env=env)


def start_session_bus(env):
    """A private D-Bus session daemon; sets env["DBUS_SESSION_BUS_ADDRESS"], returns the process."""
    bus = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"],
                           stdout=subprocess.PIPE, text=True, env=env)
    env["DBUS_SESSION_BUS_ADDRESS"] = bus.stdout.readline().strip()
    assert env["DBUS_SESSION_BUS_ADDRESS"], "dbus-daemon did not start"
    return bus


def stop(*processes, timeout=30):
    """Terminates each process, killing the ones that have not exited after `timeout` s."""
    for process in processes:
        process.terminate()
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture(scope="session")
def display():
    """A private Xvfb server; yields its DISPLAY value."""
    for tool in ("Xvfb", "xdotool", "import", "identify"):
        assert shutil.which(tool), f"{tool} is missing: bash .ci/install-deps.sh installs it"
    read_fd, write_fd = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1280x900x24", "-nolisten", "tcp"],
        pass_fds=(write_fd,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_fd)
    number = b""
    with os.fdopen(read_fd, "rb") as pipe:
        while not number.endswith(b"\n"):
            chunk = pipe.read(1)
            if not chunk:
                break
            number += chunk
    assert number.strip(), "Xvfb did not start"
    yield f":{number.decode().strip()}"
    server.terminate()
    server.wait(timeout=30)


@pytest.fixture(scope="session")
def ibus_hangul(display, tmp_path_factory):
    """A real input method on the display: a private D-Bus session, ibus-daemon and the
    ibus-hangul engine as the global engine. Yields the environment an app needs to use it
    through GTK's ibus module."""
    for tool in ("dbus-daemon", "ibus-daemon", "ibus"):
        assert shutil.which(tool), f"{tool} is missing: bash .ci/install-deps.sh installs it"
    home = tmp_path_factory.mktemp("ibus-home")
    env = dict(os.environ, DISPLAY=display, HOME=str(home), XDG_CONFIG_HOME=str(home / "config"),
               XDG_CACHE_HOME=str(home / "cache"), GSETTINGS_BACKEND="memory")
    env.pop("IBUS_ADDRESS", None)
    bus = start_session_bus(env)
    # No panel, no emoji picker; settings in memory (ibus-memconf): nothing touches the user's.
    daemon = subprocess.Popen(["ibus-daemon", "--panel=disable", "--emoji-extension=disable",
                               "--config=/usr/libexec/ibus-memconf", "--replace"],
                              env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + START_TIMEOUT
    while True:
        engine = subprocess.run(["ibus", "engine"], capture_output=True, text=True, env=env).stdout.strip()
        if engine == "hangul":
            break
        assert time.monotonic() < deadline, "ibus-daemon did not take the hangul engine"
        subprocess.run(["ibus", "engine", "hangul"], capture_output=True, env=env)
        time.sleep(0.5)
    yield {key: env[key] for key in ("HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "GSETTINGS_BACKEND",
                                     "DBUS_SESSION_BUS_ADDRESS")} | {"GTK_IM_MODULE": "ibus"}
    subprocess.run(["ibus", "exit"], capture_output=True, env=env, timeout=30)
    stop(daemon, bus)


class GtkApp:
    """The running app: its dump file, its X window, and a person's actions on it."""

    def __init__(self, display, tmp_path, env=None, command=None):
        self.display = display
        tmp_path.mkdir(parents=True, exist_ok=True)
        self.dump = tmp_path / "rows.json"
        self.env = dict(os.environ, DISPLAY=display, GDK_BACKEND="x11", GSK_RENDERER="cairo",
                        LANG="C.UTF-8", NO_AT_BRIDGE="1", GTK_A11Y="none")
        self.env.update(env or {})
        self.env.pop("WAYLAND_DISPLAY", None)
        if command is None:
            assert APP.exists(), f"{APP} is not built: cmake --build build (GTK 4 found by pkg-config)"
            command = [str(APP)]
        self.log = open(tmp_path / "app.log", "w")
        self.process = subprocess.Popen(
            [*command, "--dump-rows", str(self.dump), "--state-dir", str(tmp_path / "state")],
            env=self.env, stdout=self.log, stderr=subprocess.STDOUT)
        self.state = self.wait(lambda s: s["ready"] and s["focus"] == "entry", START_TIMEOUT,
                               "the dataset indexed and the field focused")
        self.window = str(self.state["xid"])
        assert self.state["xid"], "the app reports no X11 window"
        # No window manager runs on Xvfb: give the window the keyboard focus directly.
        self.xdotool("windowfocus", "--sync", self.window)

    def xdotool(self, *args):
        return run("xdotool", *args, env=self.env).stdout

    def read(self):
        try:
            return json.loads(self.dump.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None

    def wait(self, predicate, timeout=STEP_TIMEOUT, what="the expected state"):
        """Polls the dump until `predicate(state)` holds; fails with the last state seen."""
        deadline = time.monotonic() + timeout
        state = None
        while time.monotonic() < deadline:
            assert self.process.poll() is None, f"the app exited ({self.process.returncode}): {self.log_text()}"
            state = self.read()
            try:
                if state is not None and predicate(state):
                    self.state = state
                    return state
            except (KeyError, IndexError, TypeError):
                pass
            time.sleep(0.1)
        raise AssertionError(f"timed out waiting for {what}; last state: {json.dumps(state, ensure_ascii=False)[:3000]}")

    def accessible_tree(self):
        """What a screen reader sees of the app: [{"role", "name", "description", "depth"}]
        read over AT-SPI (the app must run with the `accessibility_bus` environment)."""
        out = run(SYSTEM_PYTHON, str(ROOT / "Tests" / "gtk" / "atspi_tree.py"), str(self.process.pid), env=self.env)
        return json.loads(out.stdout)

    def wait_accessible(self, predicate, timeout=STEP_TIMEOUT, what="the accessible tree"):
        """Polls the accessible tree until `predicate(tree)` holds."""
        deadline = time.monotonic() + timeout
        tree = []
        while time.monotonic() < deadline:
            tree = self.accessible_tree()
            if predicate(tree):
                return tree
            time.sleep(0.3)
        shown = "\n".join(f"{'  ' * n['depth']}{n['role']} {n['name']!r} {n['description']!r}" for n in tree[:80])
        raise AssertionError(f"timed out waiting for {what}; tree:\n{shown}")

    def type(self, text):
        # To the focused window through XTEST, as a keyboard would (--window would send
        # synthetic events, which GTK ignores).
        self.xdotool("type", "--delay", "120", text)

    def key(self, *keys):
        self.xdotool("key", "--delay", "120", *keys)

    def click(self, x, y):
        self.xdotool("mousemove", "--window", self.window, "--sync", str(x), str(y), "click", "1")

    def screenshot(self, name):
        """A PNG of the window as the X server has it (real pixels), checked for size and content."""
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        # The pointer off the window, so no button is drawn hovered.
        self.xdotool("mousemove", "--sync", "1270", "890")
        run("import", "-window", self.window, str(path), env=self.env)
        width, height, deviation, colours = run(
            "identify", "-format", "%w %h %[fx:standard_deviation] %k", str(path)).stdout.split()
        assert int(width) >= 400 and int(height) >= 300, f"{path}: {width}x{height}"
        # A blank or single-colour window has no deviation and a handful of colours; text,
        # antialiased glyphs and buttons give hundreds.
        assert float(deviation) > 0.05 and int(colours) > 64, f"{path} looks blank: {deviation}, {colours} colours"
        return path

    def log_text(self):
        if not self.log.closed:
            self.log.flush()
        return pathlib.Path(self.log.name).read_text(errors="replace")[-3000:]

    def close(self):
        """Closes like a person would not, but as a session manager does: SIGTERM; the app
        writes its dump at exit."""
        if self.process.poll() is None:
            stop(self.process, timeout=60)
        self.log.close()


@pytest.fixture(scope="session")
def accessibility_bus(display, tmp_path_factory):
    """The accessibility bus a screen reader listens on: a private D-Bus session with AT-SPI's
    bus launcher on it. Yields the environment an app needs to be seen there."""
    for tool in ("dbus-daemon", AT_SPI_BUS_LAUNCHER, SYSTEM_PYTHON):
        assert shutil.which(tool), f"{tool} is missing: bash .ci/install-deps.sh installs it"
    home = tmp_path_factory.mktemp("a11y-home")
    env = dict(os.environ, DISPLAY=display, HOME=str(home), XDG_RUNTIME_DIR=str(home))
    bus = start_session_bus(env)
    launcher = subprocess.Popen([AT_SPI_BUS_LAUNCHER, "--launch-immediately"], env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    yield {"DBUS_SESSION_BUS_ADDRESS": env["DBUS_SESSION_BUS_ADDRESS"], "GTK_A11Y": "atspi"}
    stop(launcher, bus)


@pytest.fixture
def start_app(display, tmp_path):
    """Starts the app (with extra environment variables, or through another command such as
    examples/gtk.sh); each one is closed at the end and must exit cleanly."""
    apps = []

    def start(env=None, command=None):
        app = GtkApp(display, tmp_path / f"app{len(apps)}", env, command)
        apps.append(app)
        return app

    yield start
    for app in apps:
        app.close()
    for app in apps:
        assert app.process.returncode == 0, f"the app exited with {app.process.returncode}: {app.log_text()}"
        # GTK and GLib report misuse as warnings and criticals: the app must cause none.
        assert "CRITICAL" not in app.log_text() and "WARNING" not in app.log_text(), app.log_text()


@pytest.fixture
def gtk_app(start_app):
    return start_app()
