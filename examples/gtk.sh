#!/usr/bin/env bash
# Opens the GTK 4 example (examples/gtk): a search window over the built-in multilingual
# dataset, driven by a searchbar session. Installs what is missing, builds the library and the
# app with CMake (the first run takes a few minutes), then runs it. Extra arguments go to the
# app (--dump-rows FILE, --state-dir DIR). Without a display, run it under Xvfb:
#   xvfb-run -a bash examples/gtk.sh --dump-rows rows.json
# Usage: bash examples/gtk.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
bash .ci/install-deps.sh
echo "searchbar: building the library and the GTK app (first run takes a few minutes)..." >&2
cmake -G Ninja -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build --target searchbar-gtk >/dev/null
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
    echo "searchbar: no display; run it under Xvfb: xvfb-run -a bash examples/gtk.sh" >&2
    exit 1
fi
export LANG=${LANG:-C.UTF-8}
case "$LANG" in *UTF-8*|*utf8*) ;; *) export LANG=C.UTF-8 ;; esac
exec "$root/build/examples/gtk/searchbar-gtk" "$@"
