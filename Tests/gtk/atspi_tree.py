"""Prints, as JSON, what a screen reader sees of one application: every accessible object under
it with its role, name and description, depth first. Run with the system Python (it needs
python3-gi and gir1.2-atspi-2.0, which the test venv does not carry):

    /usr/bin/python3 Tests/gtk/atspi_tree.py PID
"""
import json
import sys

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402

MAX_DEPTH = 40


def walk(node, depth, out):
    if node is None or depth > MAX_DEPTH:
        return
    try:
        out.append({"role": node.get_role_name(), "name": node.get_name() or "",
                    "description": node.get_description() or "", "depth": depth})
        children = [node.get_child_at_index(i) for i in range(node.get_child_count())]
    except gi.repository.GLib.Error:
        return  # the object went away while being read (a row recycled by the list view)
    for child in children:
        walk(child, depth + 1, out)


def main():
    pid = int(sys.argv[1])
    desktop = Atspi.get_desktop(0)
    out = []
    for i in range(desktop.get_child_count()):
        application = desktop.get_child_at_index(i)
        if application is not None and application.get_process_id() == pid:
            walk(application, 0, out)
    json.dump(out, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
