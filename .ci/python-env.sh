#!/usr/bin/env bash
# Creates (once) the Python virtual environment the tests and the demo use, with searchbar's
# binding installed from bindings/python against the library built in $1 (a CMake build dir).
# Prints the venv's python path.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build_dir=$1
venv="$build_dir/venv"
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv" >&2
fi
"$venv/bin/python" -m pip install -q --disable-pip-version-check pytest pycparser >&2
SEARCHBAR_PREBUILT_LIBRARY="$build_dir/libsearchbar.so" \
    "$venv/bin/python" -m pip install -q --disable-pip-version-check --force-reinstall --no-deps "$root/bindings/python" >&2
echo "$venv/bin/python"
