#!/usr/bin/env bash
# The README's first command: installs what is missing, builds libsearchbar with CMake, installs
# the Python binding into build/venv and opens the interactive terminal demo
# (examples/python/demo.py) on the built-in multilingual dataset. Extra arguments go to the demo
# (--file ITEMS, --locale L, --state-dir DIR).
# Usage: bash examples/demo.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
bash .ci/install-deps.sh
echo "searchbar: building the library (first run takes a few minutes)..." >&2
cmake -G Ninja -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build --target searchbar >/dev/null
python=$(bash .ci/python-env.sh "$root/build")
export LANG=${LANG:-C.UTF-8}
case "$LANG" in *UTF-8*|*utf8*) ;; *) export LANG=C.UTF-8 ;; esac
exec "$python" examples/python/demo.py "$@"
