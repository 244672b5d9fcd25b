#!/usr/bin/env bash
# What the example scripts (demo.sh, qt.sh) share: installs what is missing, builds libsearchbar
# with CMake into build/ and installs the Python binding into build/venv (with `qt`: PySide6 and
# pytest-qt too). Prints the venv's python path; progress goes to stderr.
# Usage: python=$(bash examples/prepare.sh [qt])
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
bash .ci/install-deps.sh >&2
echo "searchbar: building the library (first run takes a few minutes)..." >&2
cmake -G Ninja -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build --target searchbar >/dev/null
bash .ci/python-env.sh "$root/build" "$@"
