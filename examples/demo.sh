#!/usr/bin/env bash
# The README's first command: installs what is missing, builds libsearchbar with CMake, installs
# the Python binding into build/venv and opens the interactive terminal demo
# (examples/python/demo.py) on the built-in multilingual dataset. Extra arguments go to the demo
# (--file ITEMS, --locale L, --state-dir DIR).
# Usage: bash examples/demo.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
python=$(bash examples/prepare.sh)
export LANG=${LANG:-C.UTF-8}
case "$LANG" in *UTF-8*|*utf8*) ;; *) export LANG=C.UTF-8 ;; esac
exec "$python" examples/python/demo.py "$@"
