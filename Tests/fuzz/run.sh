#!/usr/bin/env bash
# Builds and runs one libFuzzer harness of Tests/fuzz for a time budget.
#   bash Tests/fuzz/run.sh HARNESS SECONDS [extra libFuzzer flags]
#   bash Tests/fuzz/run.sh all SECONDS          # every harness, one after the other
#   SB_FUZZ_CLOCK=cpu bash Tests/fuzz/run.sh HARNESS SECONDS
#                     # SECONDS of the fuzzer's own CPU time, not wall time: on a shared machine
#                     # (or at `nice`), the long budget is counted in CPU-minutes; the run stops
#                     # gracefully (SIGUSR1, final stats and leak check) when it has used them.
# HARNESS is a file name without .c (fuzz_text, fuzz_search, fuzz_session, fuzz_persist).
# The harness (C, clang -fsanitize=fuzzer,address,undefined) links libsearchbar.so from
# $SB_FUZZ_BUILD (default build-asan, shared with `Tests/run.sh --sanitize address`), a CMake build with SEARCHBAR_SANITIZE=address and
# SEARCHBAR_FUZZ_COVERAGE=ON (configured and built here when missing). It starts from the
# committed seeds in Tests/fuzz/corpus/HARNESS plus a working corpus kept in the build dir;
# a crash, leak or timeout leaves its input in $build/fuzz/artifacts/ and fails the script.
# New inputs found stay in the working corpus; copy interesting ones into the committed corpus.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
harness=${1:?usage: run.sh HARNESS SECONDS}
seconds=${2:?usage: run.sh HARNESS SECONDS}
shift 2
build=${SB_FUZZ_BUILD:-build-asan}
clang=${SB_CLANG:-/opt/swift/usr/bin/clang}

if [ "$harness" = all ]; then
    status=0
    for source in Tests/fuzz/fuzz_*.c; do
        name=$(basename "$source" .c)
        bash "$0" "$name" "$seconds" "$@" || status=1
    done
    exit $status
fi

if [ ! -f "$build/libsearchbar.so" ]; then
    cmake -G Ninja -S . -B "$build" -DCMAKE_BUILD_TYPE=Release \
        -DSEARCHBAR_SANITIZE=address -DSEARCHBAR_FUZZ_COVERAGE=ON >/dev/null
    cmake --build "$build" --target searchbar >/dev/null
fi
mkdir -p "$build/fuzz/artifacts" "$build/fuzz/corpus/$harness"
binary="$build/fuzz/$harness"
if [ ! -x "$binary" ] || [ "Tests/fuzz/$harness.c" -nt "$binary" ] || [ "$build/libsearchbar.so" -nt "$binary" ]; then
    "$clang" -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
        -fuse-ld=lld -Iinclude "Tests/fuzz/$harness.c" -L"$build" -lsearchbar -Wl,-rpath,"$root/$build" -o "$binary"
fi

# Leaks: libFuzzer's per-input leak check (-detect_leaks=1) runs a full LeakSanitizer scan
# after every input that allocates more than it frees, which the library's caches do, and made
# fuzz_session 100 times slower (20 runs/s). So the per-input check is off and LeakSanitizer
# checks the whole run at exit instead (ASAN_OPTIONS detect_leaks=1): memory leaked by any input
# is unreachable then and reported. Suppressions (none for the library) are in Tests/lsan.supp.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:symbolize=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$root/Tests/lsan.supp:print_suppressions=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
# Index files of one small segment (fuzz_open's seeds) take 4-6 KB: 48 sections, 64-byte aligned.
max_len=4096
[ "$harness" = fuzz_open ] && max_len=8192
flags=(-detect_leaks=0 -timeout=10 -rss_limit_mb=3072 -max_len=$max_len -print_final_stats=1
    -artifact_prefix="$build/fuzz/artifacts/$harness-")
corpora=("$build/fuzz/corpus/$harness" "Tests/fuzz/corpus/$harness")
if [ "${SB_FUZZ_CLOCK:-wall}" != cpu ]; then
    echo "=== $harness: $seconds s"
    exec "$binary" -max_total_time="$seconds" "${flags[@]}" "$@" "${corpora[@]}"
fi

# CPU budget: the wall-time cap is only a backstop; a watcher sends SIGUSR1 (libFuzzer's
# graceful exit) once the fuzzer process has used `seconds` of CPU (utime + stime).
echo "=== $harness: $seconds CPU-s"
"$binary" -max_total_time=$((seconds * 50)) "${flags[@]}" "$@" "${corpora[@]}" &
fuzzer=$!
used=0
ticks=$(getconf CLK_TCK)
cpu_seconds() { awk -v t="$ticks" '{ print int(($14 + $15) / t) }' "/proc/$1/stat" 2>/dev/null || echo -1; }
while kill -0 "$fuzzer" 2>/dev/null; do
    used=$(cpu_seconds "$fuzzer")
    if [ "$used" -ge "$seconds" ]; then
        kill -USR1 "$fuzzer" 2>/dev/null || true
        break
    fi
    sleep 5
done
status=0
wait "$fuzzer" || status=$?
echo "=== $harness: stopped at ${used:-0} of $seconds CPU-s (polled every 5 s), exit status $status"
exit $status
