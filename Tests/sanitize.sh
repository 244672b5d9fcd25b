#!/usr/bin/env bash
# The sanitizer and fuzz paths of Tests/run.sh (the default path does not come here):
#   bash Tests/run.sh --sanitizers [--fuzz SECONDS] [--no-swift | --swift-only]
#       What CI runs besides the default path: the sanitizers over what they protect, the C ABI
#       and its concurrency. ASan+UBSan and TSan builds of the library (built side by side:
#       each whole-module compile uses one core); every C test against each (two at a time);
#       pytest with each runtime preloaded; valgrind memcheck on examples/c/quickstart.c; the
#       Swift suites that cross threads or the ABI ($threaded_suites) under TSan (alone with
#       --swift-only, left out with --no-swift); with --fuzz, every libFuzzer harness for
#       SECONDS of its own CPU time (two at a time).
#   bash Tests/run.sh --deep [--fuzz SECONDS]
#       The full sweep, by hand before a release: every Swift suite under ASan, every suite but
#       the single-threaded differential ones ($tsan_skip) under TSan, and all of the above.
#   bash Tests/run.sh --sanitize address|thread [--fuzz SECONDS] [--no-swift] [--swift-skip RE]
#       One sanitizer: its library, C tests, pytest, (address) valgrind, and every Swift suite
#       (but those matching RE) unless --no-swift.
#   bash Tests/run.sh --fuzz SECONDS
#       The ASan+coverage build and the fuzz smoke only.
# "Two at a time" is SB_TEST_JOBS (default 2): C tests and harnesses are independent processes.
# Libraries: build-asan (SEARCHBAR_SANITIZE=address + libFuzzer coverage), build-tsan; Swift
# builds: .build-asan, .build-tsan. Suppressions: Tests/lsan.supp, Tests/tsan.supp.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

# The Swift suites that cross threads or the C ABI: the C-ABI suites, the executor, snapshots
# under writers, and the sessions with their timer thread, callbacks and backends.
threaded_suites='SearchBarABITests|ConcurrencyTests|ThreadPoolFairnessTests|HitTextsSnapshotTests|IndexSessionBackendTests|Session(CallbackAction|Delivery|Event|Generation|Recents|Timing)Tests'
# Single-threaded differential suites: long sweeps that a sanitizer only slows down.
tsan_skip='IndexingAnalysisTests|TitleTierPhaseTests|HighlighterEquivalenceTests|SegmentBuilderTests|ContainsCandidatesTests|RankOrderPhaseTests'

mode="" sanitizer="" fuzz_seconds="" swift=1 swift_only=0 swift_skip=""
while [ $# -gt 0 ]; do
    case $1 in
        --sanitizers) mode=ci; shift ;;
        --deep) mode=deep; shift ;;
        --sanitize) mode=one; sanitizer=${2:?--sanitize needs address or thread}; shift 2 ;;
        --sanitize=*) mode=one; sanitizer=${1#--sanitize=}; shift ;;
        --fuzz) fuzz_seconds=${2:?--fuzz needs SECONDS}; shift 2 ;;
        --fuzz=*) fuzz_seconds=${1#--fuzz=}; shift ;;
        --no-swift) swift=0; shift ;;
        --swift-only) swift_only=1; shift ;;
        --swift-skip) swift_skip=${2:?--swift-skip needs a REGEX}; shift 2 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done
case $sanitizer in
    address | thread | "") ;;
    *) echo "--sanitize takes address or thread, not $sanitizer" >&2; exit 2 ;;
esac
[ "$sanitizer" = thread ] && [ -n "$fuzz_seconds" ] && { echo "--fuzz needs the address build" >&2; exit 2; }
[ -z "$mode" ] && [ -z "$fuzz_seconds" ] && { echo "nothing to run" >&2; exit 2; }
[ "$swift_only" = 1 ] && { [ "$swift" = 0 ] || [ "$mode" != ci ]; } &&
    { echo "--swift-only goes with --sanitizers alone" >&2; exit 2; }
bash .ci/install-deps.sh

source "$root/Tests/steps.sh"

clang=/opt/swift/usr/bin/clang
swift_lib=/opt/swift/usr/lib/swift/linux
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$root/Tests/lsan.supp:print_suppressions=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export TSAN_OPTIONS=${TSAN_OPTIONS:-suppressions=$root/Tests/tsan.supp:halt_on_error=1:second_deadlock_stack=1:report_signal_unsafe=0}

short() { [ "$1" = thread ] && echo tsan || echo asan; }

# swift_tests SANITIZER [--filter RE | --skip RE]: the Swift suites built and run under SANITIZER.
swift_tests() {
    local sanitizer=$1 scratch=".build-$(short "$1")"
    shift
    swift build --build-tests --sanitize="$sanitizer" --scratch-path "$scratch" &&
        swift test --skip-build --sanitize="$sanitizer" --scratch-path "$scratch" "$@"
}

# library SANITIZER: libsearchbar.so instrumented with SANITIZER in build-asan / build-tsan (the
# address build also carries libFuzzer's coverage, which is inert without a fuzzer).
library() {
    local sanitizer=$1 build="build-$(short "$1")" coverage=ON
    [ "$sanitizer" = thread ] && coverage=OFF
    cmake -G Ninja -S . -B "$build" -DCMAKE_BUILD_TYPE=Release \
        -DSEARCHBAR_SANITIZE="$sanitizer" -DSEARCHBAR_FUZZ_COVERAGE=$coverage >/dev/null &&
        cmake --build "$build" --target searchbar
}

# Both instrumented libraries at once, their logs kept apart and shown on failure.
libraries() {
    local status=0 logs
    logs=$(mktemp -d)
    library address >"$logs/address" 2>&1 &
    local address=$!
    library thread >"$logs/thread" 2>&1 || { status=1; tail -n 40 "$logs/thread"; }
    wait $address || { status=1; tail -n 40 "$logs/address"; }
    rm -rf "$logs"
    return $status
}

# c_test SANITIZER NAME: Tests/c/NAME.c compiled with clang and SANITIZER (+ UBSan with ASan)
# against the instrumented library and run directly (LeakSanitizer on at exit); prints one line,
# or the end of the test's log when it fails.
c_test() {
    local sanitizer=$1 name=$2 build="build-$(short "$1")"
    local flags=-fsanitize=address,undefined
    # clang's static TSan runtime intercepts libdispatch, so it needs Swift's libdispatch and
    # BlocksRuntime at link time.
    [ "$sanitizer" = thread ] &&
        flags="-fsanitize=thread -L$swift_lib -ldispatch -lBlocksRuntime -Wl,-rpath,$swift_lib"
    "$clang" -std=gnu99 -g -O1 $flags -fno-sanitize-recover=undefined -pthread -Iinclude -ITests/c \
        "Tests/c/$name.c" -L"$build" -lsearchbar -lm -Wl,-rpath,"$root/$build" -o "$build/c-tests/$name" \
        >"$build/c-tests/$name.log" 2>&1 || { cat "$build/c-tests/$name.log"; echo "--- $name: did not compile"; return 1; }
    local start=$SECONDS
    if ! "$build/c-tests/$name" >"$build/c-tests/$name.log" 2>&1; then
        echo "$(tail -n 60 "$build/c-tests/$name.log")
--- $name: FAILED"
        return 1
    fi
    echo "--- $name ($((SECONDS - start)) s): $(tail -n 1 "$build/c-tests/$name.log")"
}

# in_parallel JOBS FUNCTION ARG...: `FUNCTION ARG` for every ARG, JOBS at a time, in the
# background; fails if any failed, and then names them in its last line (a step's summary keeps
# the end of its output, where another job's lines may follow a failure's log). It waits for its own jobs only (by id: a bare `wait` would also
# wait for the process substitution that `step` tees this output through).
in_parallel() {
    local jobs=$1 function=$2 pids=() left pid done_pid arg failed=()
    local -A names=()
    shift 2
    for arg in "$@"; do
        if [ "${#pids[@]}" -ge "$jobs" ]; then
            wait -n -p done_pid "${pids[@]}" || failed+=("${names[$done_pid]}")
            left=()
            for pid in "${pids[@]}"; do [ "$pid" = "$done_pid" ] || left+=("$pid"); done
            pids=("${left[@]}")
        fi
        "$function" "$arg" &
        pids+=($!)
        names[$!]=$arg
    done
    for pid in "${pids[@]}"; do wait "$pid" || failed+=("${names[$pid]}"); done
    [ "${#failed[@]}" -eq 0 ] && return 0
    echo "--- FAILED: ${failed[*]}"
    return 1
}

# The C tests that run longest under a sanitizer, started first so that the two at a time end
# together.
slow_c_tests="test_query_storm test_kill_index_file test_packed_separated test_paging test_stress test_kill_persist test_linearity"

# c_tests SANITIZER: every Tests/c/test_*.c under SANITIZER (c_test), two at a time (each test
# is its own process with its own temporary directory).
c_tests() {
    local build="build-$(short "$1")" name names=()
    c_tests_sanitizer=$1
    mkdir -p "$build/c-tests"
    for name in $slow_c_tests; do [ -f "Tests/c/$name.c" ] && names+=("$name"); done
    for source in Tests/c/test_*.c; do
        name=$(basename "$source" .c)
        case " $slow_c_tests " in *" $name "*) ;; *) names+=("$name") ;; esac
    done
    c_test_under() { c_test "$c_tests_sanitizer" "$1"; }
    in_parallel "${SB_TEST_JOBS:-2}" c_test_under "${names[@]}"
}

# python_tests SANITIZER: pytest with the sanitizer runtime preloaded into an uninstrumented
# Python (leaks of the interpreter itself are not reported).
python_tests() {
    local sanitizer=$1 build="build-$(short "$1")" python
    local preload
    preload=$("$clang" -print-file-name="libclang_rt.$(short "$sanitizer")-x86_64.so")
    # the shared TSan runtime refers to libdispatch and BlocksRuntime symbols
    [ "$sanitizer" = thread ] && preload="$preload $swift_lib/libdispatch.so $swift_lib/libBlocksRuntime.so"
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

# fuzz_smoke: every harness for $fuzz_seconds of its own CPU time (on a busy machine a
# wall-clock budget would give it less), two at a time; each harness's log is printed whole
# when all have ended.
fuzz_smoke() {
    local status=0 source names=() name
    [ -f build-asan/libsearchbar.so ] || library address || return
    fuzz_logs=$(mktemp -d)
    for source in Tests/fuzz/fuzz_*.c; do names+=("$(basename "$source" .c)"); done
    fuzz_one() {
        SB_FUZZ_BUILD=build-asan SB_FUZZ_CLOCK=cpu bash Tests/fuzz/run.sh "$1" "$fuzz_seconds" >"$fuzz_logs/$1" 2>&1 ||
            { echo "--- $1: FAILED" >>"$fuzz_logs/$1"; return 1; }
    }
    in_parallel "${SB_TEST_JOBS:-2}" fuzz_one "${names[@]}" >"$fuzz_logs/failed" || status=1
    # The failed harnesses' logs last, then their names: what a step's summary keeps.
    local passed=() failed=()
    for name in "${names[@]}"; do
        if grep -q -- "--- $name: FAILED" "$fuzz_logs/$name"; then failed+=("$name"); else passed+=("$name"); fi
    done
    for name in "${passed[@]}" "${failed[@]}"; do cat "$fuzz_logs/$name"; done
    cat "$fuzz_logs/failed"
    rm -rf "$fuzz_logs"
    return $status
}

# The C ABI under one sanitizer: C tests and pytest against its library.
abi_under() {
    step "C tests ($1)" c_tests "$1"
    step "python tests ($1 runtime preloaded)" python_tests "$1"
}

# CI's sanitizer pass runs the volume tests at a fifth of their default size: a sanitizer finds
# a memory or thread error in the first rounds as well as in the last, and at full size the two
# took 7 of the pass's minutes (the default path and --deep run them in full). The index file's
# kill test (SB_KILL_INDEX_ROUNDS, 40) runs at its default size everywhere.
if [ "$mode" = ci ]; then
    export SB_KILL_ROUNDS=${SB_KILL_ROUNDS:-200} SB_STORM_SEARCHES=${SB_STORM_SEARCHES:-30000}
fi

case $mode in
    ci | deep)
        if [ "$swift_only" = 0 ]; then
            step "sanitized libraries (address+undefined, thread)" libraries
            abi_under address
            abi_under thread
            step "valgrind memcheck: examples/c/quickstart.c" valgrind_example
            [ -n "$fuzz_seconds" ] && step "fuzz smoke ($fuzz_seconds CPU-s per harness)" fuzz_smoke
        fi
        if [ "$swift" = 0 ]; then
            :
        elif [ "$mode" = ci ]; then
            step "swift suites crossing threads or the ABI (thread)" swift_tests thread --filter "$threaded_suites"
        else
            step "swift tests (address)" swift_tests address
            step "swift tests (thread, without the differential suites)" swift_tests thread --skip "$tsan_skip"
        fi
        ;;
    one)
        if [ "$swift" = 1 ]; then
            skip=()
            [ -n "$swift_skip" ] && skip=(--skip "$swift_skip")
            step "swift tests ($sanitizer)" swift_tests "$sanitizer" "${skip[@]}"
        fi
        step "library (build-$(short "$sanitizer"))" library "$sanitizer"
        abi_under "$sanitizer"
        [ "$sanitizer" = address ] && step "valgrind memcheck: examples/c/quickstart.c" valgrind_example
        [ -n "$fuzz_seconds" ] && step "fuzz smoke ($fuzz_seconds CPU-s per harness)" fuzz_smoke
        ;;
    "")
        step "library (build-asan)" library address
        step "fuzz smoke ($fuzz_seconds CPU-s per harness)" fuzz_smoke
        ;;
esac
finish_steps
