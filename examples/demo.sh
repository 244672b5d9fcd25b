#!/usr/bin/env bash
# The README's first command: installs what is missing, builds libsearchbar with CMake, installs it
# into build/prefix and runs the demo through the C interface (examples/c/quickstart.c).
# Usage: bash examples/demo.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
bash .ci/install-deps.sh
cmake -G Ninja -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build >/dev/null
cmake --install build --prefix build/prefix >/dev/null
export PKG_CONFIG_PATH="$(dirname "$(find build/prefix -name searchbar.pc | head -n 1)")"
gcc -std=c99 -Wall -o build/quickstart examples/c/quickstart.c \
    $(pkg-config --cflags --libs searchbar) -Wl,-rpath,"$(pkg-config --variable=libdir searchbar)"
exec build/quickstart "$@"
