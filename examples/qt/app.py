#!/usr/bin/env python3
"""searchbar Qt example: a search bar in a real window, over the demo's built-in dataset.

A QLineEdit, a segmented scope bar from the session's scope titles, recent searches and
suggestions, and a QListView of results whose matched ranges are bold, all driven by a
searchbar.Session through the Python binding. The session's events arrive on Qt's main thread
through its event descriptor (QSocketNotifier), and with --timers host (the default, where the
binding has searchbar.Clock.HOST) a QTimer fires the session's timers on that thread too;
positions cross between Qt's UTF-16 and the binding's str indexes.

Keys: type to search (input methods too: the text being composed is searched) · Tab /
Shift+Tab scope · Down / Up move between the field, suggestions and results · Return submit or
choose · Escape clear, then cancel · Ctrl+Q quit.

    bash examples/qt.sh [--dump-rows FILE] [--screenshot PNG] [--timers host|library] [--file ITEMS]
                         [--locale L] [--state-dir DIR]
"""
import argparse
import os
import signal
import socket
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(1, os.path.join(HERE, "..", "python"))  # the terminal demo's dataset code

from PySide6.QtCore import QSocketNotifier  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

import demo  # noqa: E402  (examples/python/demo.py: builtin_items, read_items, build_index)
from row_dump import write_rows  # noqa: E402
from window import SearchWindow  # noqa: E402


def load(args):
    """(items, scope titles, prompt) of --file or of the built-in dataset."""
    if args.file:
        items = demo.read_items(args.file)
        titles = ["All"] + [f"Scope {n}" for n in range(max((i["scope"] for i in items), default=0))]
        return items, titles, f"Search {os.path.basename(args.file)} ({len(items):,} items)"
    items, titles = demo.builtin_items()
    return items, titles, demo.PROMPT


def quit_on_signals(app):
    """SIGTERM, SIGINT and SIGHUP close the window as Ctrl+Q does (so --dump-rows is written):
    the signal's byte arrives on a socket Qt's loop watches."""
    reader, writer = socket.socketpair()
    reader.setblocking(False)
    writer.setblocking(False)
    signal.set_wakeup_fd(writer.fileno())
    notifier = QSocketNotifier(reader.fileno(), QSocketNotifier.Type.Read, app)

    def woken():
        try:
            reader.recv(64)
        except BlockingIOError:
            pass
        app.closeAllWindows()

    notifier.activated.connect(woken)
    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(signum, lambda *_: None)  # the wake-up byte does the work
    return reader, writer, notifier


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dump-rows", metavar="FILE", help="at exit, write the visible rows and their bold ranges as JSON")
    parser.add_argument("--screenshot", metavar="PNG", help="at exit, save a picture of the window")
    parser.add_argument("--file", help="items to search instead of the built-in dataset")
    parser.add_argument("--locale", default="und", help="the index's and session's locale (und: none)")
    parser.add_argument("--timers", choices=("host", "library"), default="host",
                        help="who fires the session's timers: Qt's loop (host) or the library's thread")
    parser.add_argument("--state-dir", help="where recent searches are kept (default: ~/.local/state/searchbar)")
    args, qt_args = parser.parse_known_args(argv)
    app = QApplication([sys.argv[0], *qt_args])
    app.setApplicationName("searchbar-qt")
    print("searchbar-qt: preparing the dataset (the first run builds it from ICU data)...", file=sys.stderr)
    items, titles, prompt = load(args)
    index = demo.build_index(items, args.locale)
    locale = None if args.locale == "und" else args.locale
    window = SearchWindow(index, titles, recents_directory=os.path.abspath(args.state_dir) if args.state_dir else None,
                          host_suggestions=demo.HOST_SUGGESTIONS, prompt=prompt, locale=locale, timers=args.timers)
    keep = quit_on_signals(app)
    window.show()
    window.activateWindow()
    window.field.setFocus()
    print(f"searchbar-qt: ready ({len(index):,} items)", flush=True)
    status = app.exec()
    if args.dump_rows or args.screenshot:
        window.flush()
    if args.dump_rows:
        write_rows(args.dump_rows, window)
    if args.screenshot:
        window.grab().save(args.screenshot)
    window.shutdown()
    index.close()
    del keep
    return status


if __name__ == "__main__":
    sys.exit(main())
