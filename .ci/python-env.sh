#!/usr/bin/env bash
# Creates (once) the Python virtual environment the tests and the demo use, with searchbar's
# binding installed from bindings/python against the library built in $1 (a CMake build dir,
# absolute or relative to the current directory).
# Reinstalls the binding only when the library or the binding's sources changed. With a second
# argument `qt` it also installs what the Qt example and its tests need (PySide6's essential
# modules, pytest-qt), which the other tests and the terminal demo do without.
# Prints the venv's python path.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build_dir=$(CDPATH= cd -- "$1" && pwd)
venv="$build_dir/venv"
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv" >&2
fi
# The test tools; a venv made before one was added to this list gets it on the next run.
# psycopg and psycopg-pool: searchbar.sources.PostgresSource and its tests against a real server.
deps="pytest pycparser mypy psycopg psycopg-binary psycopg-pool"
if [ "$(cat "$venv/.deps-installed" 2>/dev/null)" != "$deps" ]; then
    "$venv/bin/python" -m pip install -q --disable-pip-version-check $deps >&2
    echo "$deps" > "$venv/.deps-installed"
fi
if [ "${2:-}" = qt ]; then
    qt_deps="PySide6-Essentials pytest-qt"
    if [ "$(cat "$venv/.qt-deps-installed" 2>/dev/null)" != "$qt_deps" ]; then
        "$venv/bin/python" -m pip install -q --disable-pip-version-check $qt_deps >&2
        echo "$qt_deps" > "$venv/.qt-deps-installed"
    fi
fi
stamp=$(cat "$build_dir/libsearchbar.so" "$root"/bindings/python/setup.py "$root"/bindings/python/pyproject.toml $(find "$root/bindings/python/searchbar" -name "*.py" | sort) | sha256sum | cut -d" " -f1)
if [ "$(cat "$venv/.binding-stamp" 2>/dev/null)" != "$stamp" ]; then
    SEARCHBAR_PREBUILT_LIBRARY="$build_dir/libsearchbar.so" \
        "$venv/bin/python" -m pip install -q --disable-pip-version-check --force-reinstall --no-deps "$root/bindings/python" >&2
    echo "$stamp" > "$venv/.binding-stamp"
fi
echo "$venv/bin/python"
