#!/usr/bin/env bash
# Opens the Qt example (examples/qt/app.py): a search bar in a window over the demo's built-in
# dataset. Installs what is missing (like examples/demo.sh), builds libsearchbar, installs the
# Python binding and PySide6 into build/venv. Extra arguments go to the app (--dump-rows FILE,
# --file ITEMS, --locale L, --state-dir DIR, and Qt's own such as -platform offscreen).
# Usage: bash examples/qt.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
python=$(bash examples/prepare.sh qt)
export LANG=${LANG:-C.UTF-8}
case "$LANG" in *UTF-8*|*utf8*) ;; *) export LANG=C.UTF-8 ;; esac
if [ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [[ " $* " != *" -platform "* ]]; then
    echo "searchbar: no display to open a window on: run it in a desktop session, under" \
        "xvfb-run, or add -platform offscreen" >&2
fi
exec "$python" examples/qt/app.py "$@"
