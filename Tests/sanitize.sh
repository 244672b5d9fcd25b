#!/usr/bin/env bash
# The sanitizer and fuzz paths of Tests/run.sh (the default path does not come here):
#   bash Tests/run.sh --sanitize address [--fuzz SECONDS] [--no-swift]
#   bash Tests/run.sh --sanitize thread [--no-swift]
#   bash Tests/run.sh --fuzz SECONDS           # ASan+coverage build and fuzz smoke only
# address: Swift tests with `swift test --sanitize=address`; the library built by CMake with
#   SEARCHBAR_SANITIZE=address (+ fuzz coverage) in build-asan; every Tests/c/test_*.c built
#   with clang -fsanitize=address,undefined against it and run with leak checking; pytest with
#   the ASan runtime LD_PRELOADed; valgrind memcheck on examples/c/quickstart.c built against
#   the installed (uninstrumented) package; with --fuzz, every libFuzzer harness for SECONDS.
# thread: the same with ThreadSanitizer (build-tsan, .build-tsan), suppressions in
#   Tests/tsan.supp; no valgrind, no fuzzing.
# --no-swift skips the Swift test step (the slowest: a full instrumented Swift build).
# --swift-skip REGEX skips the Swift tests matching REGEX (`swift test --skip`).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

sanitizer="" fuzz_seconds="" swift=1 swift_skip=
while [ $# -gt 0 ]; do
    case $1 in
        --sanitize) sanitizer=${2:?--sanitize needs address or thread}; shift 2 ;;
        --sanitize=*) sanitizer=${1#--sanitize=}; shift ;;
        --fuzz) fuzz_seconds=${2:?--fuzz needs SECONDS}; shift 2 ;;
        --fuzz=*) fuzz_seconds=${1#--fuzz=}; shift ;;
        --no-swift) swift=0; shift ;;
        --swift-skip) swift_skip=${2:?--swift-skip needs a REGEX}; shift 2 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done
case $sanitizer in
    address) short=asan ;;
    thread) short=tsan ;;
    "") short=asan; swift=0 ;;  # --fuzz alone
    *) echo "--sanitize takes address or thread, not $sanitizer" >&2; exit 2 ;;
esac
[ "$sanitizer" = thread ] && [ -n "$fuzz_seconds" ] && { echo "--fuzz needs the address build" >&2; exit 2; }
bash .ci/install-deps.sh

source "$root/Tests/steps.sh"

clang=/opt/swift/usr/bin/clang
runtime=$("$clang" -print-file-name="libclang_rt.$short-x86_64.so")
build="build-$short"
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$root/Tests/lsan.supp:print_suppressions=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export TSAN_OPTIONS=${TSAN_OPTIONS:-suppressions=$root/Tests/tsan.supp:halt_on_error=1:second_deadlock_stack=1:report_signal_unsafe=0}

swift_tests() {
    local skip=()
    [ -n "$swift_skip" ] && skip=(--skip "$swift_skip")
    swift build --build-tests --sanitize="$sanitizer" --scratch-path ".build-$short" &&
        swift test --skip-build --sanitize="$sanitizer" --scratch-path ".build-$short" "${skip[@]}"
}

library() {
    local coverage=OFF
    [ "$sanitizer" != thread ] && coverage=ON
    cmake -G Ninja -S . -B "$build" -DCMAKE_BUILD_TYPE=Release \
        -DSEARCHBAR_SANITIZE="${sanitizer:-address}" -DSEARCHBAR_FUZZ_COVERAGE=$coverage >/dev/null &&
        cmake --build "$build" --target searchbar
}

# Every C test, compiled with clang and the same sanitizer (+ UBSan with ASan) against the
# instrumented library, run directly (LeakSanitizer on at exit).
c_tests() {
    local flags=-fsanitize=address,undefined status=0 source name
    # clang's static TSan runtime intercepts libdispatch, so it needs Swift's libdispatch and
    # BlocksRuntime at link time.
    local swift_lib=/opt/swift/usr/lib/swift/linux
    [ "$sanitizer" = thread ] &&
        flags="-fsanitize=thread -L$swift_lib -ldispatch -lBlocksRuntime -Wl,-rpath,$swift_lib"
    mkdir -p "$build/c-tests"
    for source in Tests/c/test_*.c; do
        name=$(basename "$source" .c)
        "$clang" -std=gnu99 -g -O1 $flags -fno-sanitize-recover=undefined -pthread -Iinclude -ITests/c \
            "$source" -L"$build" -lsearchbar -lm -Wl,-rpath,"$root/$build" -o "$build/c-tests/$name" || { status=1; continue; }
        echo "--- $name"
        if ! "$build/c-tests/$name" >"$build/c-tests/$name.log" 2>&1; then
            status=1
            tail -n 60 "$build/c-tests/$name.log"
            echo "--- $name: FAILED"
        else
            tail -n 1 "$build/c-tests/$name.log"
        fi
    done
    return $status
}

# pytest with the sanitizer runtime preloaded into an uninstrumented Python (leaks of the
# interpreter itself are not reported).
python_tests() {
    local python preload=$runtime
    # the shared TSan runtime refers to libdispatch and BlocksRuntime symbols
    [ "$sanitizer" = thread ] &&
        preload="$runtime /opt/swift/usr/lib/swift/linux/libdispatch.so /opt/swift/usr/lib/swift/linux/libBlocksRuntime.so"
    python=$(bash .ci/python-env.sh "$root/$build") &&
        LD_PRELOAD="$preload" ASAN_OPTIONS="detect_leaks=0:abort_on_error=1" \
            "$python" -m pytest -q -p no:cacheprovider bindings/python/tests
}

# valgrind memcheck on the C example built against the installed release package.
valgrind_example() {
    command -v valgrind >/dev/null || { echo "valgrind is not installed" >&2; return 1; }
    if [ ! -f build/libsearchbar.so ]; then
        cmake -G Ninja -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null && cmake --build build >/dev/null || return 1
    fi
    local prefix="$root/build/valgrind-prefix"
    cmake --install build --prefix "$prefix" >/dev/null &&
        gcc -g -O1 -Wall -Wextra -Werror examples/c/quickstart.c \
            $(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --cflags --libs searchbar) \
            -Wl,-rpath,"$prefix/lib" -o build/quickstart-valgrind &&
        valgrind --quiet --error-exitcode=9 --leak-check=full --errors-for-leak-kinds=definite,indirect \
            --show-leak-kinds=definite,indirect build/quickstart-valgrind >/dev/null
}

fuzz_smoke() {
    SB_FUZZ_BUILD="$build" bash Tests/fuzz/run.sh all "$fuzz_seconds"
}

[ "$swift" = 1 ] && step "swift tests ($sanitizer)" swift_tests
step "library ($build)" library
if [ -n "$sanitizer" ]; then
    step "C tests ($sanitizer)" c_tests
    step "python tests ($sanitizer runtime preloaded)" python_tests
fi
[ "$sanitizer" = address ] && step "valgrind memcheck: examples/c/quickstart.c" valgrind_example
[ -n "$fuzz_seconds" ] && step "fuzz smoke ($fuzz_seconds s per harness)" fuzz_smoke
finish_steps
