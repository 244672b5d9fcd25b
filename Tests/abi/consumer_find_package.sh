#!/bin/sh
# Builds Tests/c and the C examples with gcc through find_package(searchbar CONFIG) against the
# installed prefix, then runs every program, two at a time (each is its own process with its own
# temporary directory).
set -eu
cmake=$1 prefix=$2 programs=$3 build=$4 source=$5
rm -rf "$build"
"$cmake" -S "$programs" -B "$build" -G Ninja -DCMAKE_C_COMPILER=gcc \
    -DCMAKE_PREFIX_PATH="$prefix" -DSB_EXAMPLES_DIR="$source/examples/c" >"$build.log" 2>&1 \
    || { cat "$build.log"; exit 1; }
"$cmake" --build "$build" || exit 1
cd "$build" && ctest --output-on-failure -j2
