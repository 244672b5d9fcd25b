#!/bin/sh
# Builds every C test and example with plain gcc and `pkg-config searchbar` against the installed
# prefix, and runs the examples (the tests run in the find_package consumer, against the same
# library: running them twice proves nothing more).
set -eu
prefix=$1 programs=$2 build=$3 source=$4
export PKG_CONFIG_PATH="$(dirname "$(find "$prefix" -name searchbar.pc | head -n 1)")"
flags=$(pkg-config --cflags --libs searchbar)
libdir=$(pkg-config --variable=libdir searchbar)
rm -rf "$build" && mkdir -p "$build"
built=0 passed=0 failed=0
for src in "$programs"/test_*.c "$source"/examples/c/*.c; do
    name=$(basename "$src" .c)
    gcc -std=c99 -Wall -Wextra -Werror -o "$build/$name" "$src" -I"$programs" $flags -Wl,-rpath,"$libdir"
    built=$((built + 1))
    case $name in test_*) continue ;; esac
    if (cd "$source" && "$build/$name"); then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAILED: $name"; fi
done
echo "$built built; examples: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
