#!/usr/bin/env bash
# Runs every searchbar test on this machine, installing what is missing first:
#   1. Swift tests (swift test): the engine and the C ABI called from Swift;
#   2. CMake release build + ctest: header regeneration, strict header compiles, export list,
#      runtime dependencies, and C programs built with gcc against the installed package
#      (find_package and pkg-config);
#   3. pytest: the Python binding installed with pip into a fresh virtual environment (the
#      PostgreSQL source's tests start a throwaway PostgreSQL cluster of their own), and the
#      searchbar tool's `filter` against Debian's fzf (Tests/cli), and a smoke run of the bench's
#      end-to-end session harness on a tiny file (Tests/bench);
#   3b. the Qt example (examples/qt) in real windows on Xvfb, typed into with pytest-qt and
#      xdotool (Tests/qt; screenshots in build/qt-screenshots);
#   3c. the GTK example (examples/gtk) in a real window on Xvfb, typed into with xdotool (and
#      Hangul through IBus), checked through its --dump-rows output and screenshots (Tests/gtk);
#   4. the Debian packages from CPack, installed into this system, used and purged
#      (Tests/packaging/deb.sh; needs root or sudo);
#   5. the wheel built from the sdist, repaired by auditwheel and used from a fresh venv with no
#      Swift on PATH; the sdist without Swift fails with one line (Tests/packaging/wheel.sh).
# Usage: bash Tests/run.sh
#        bash Tests/run.sh --quick    # the development loop: 1-3 with a warm build, without the
#                                     # slow Swift suites (marked `.slow`; SEARCHBAR_QUICK=1)
#        bash Tests/run.sh --only swift|c|python|qt|gtk|debs|wheel   # one of the steps
#        bash Tests/run.sh --sanitizers [--fuzz SECONDS]   # what CI runs after the above
#        bash Tests/run.sh --deep [--fuzz SECONDS]         # every suite under both sanitizers
#        bash Tests/run.sh --sanitize address|thread [--fuzz SECONDS] [--no-swift]
#        bash Tests/run.sh --fuzz SECONDS
# The flags run the sanitizer / fuzzing paths instead (Tests/sanitize.sh documents them).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
all_steps="swift c python qt gtk debs wheel"
steps=$all_steps
case "${1:-}" in
    "") ;;
    --quick) [ $# = 1 ] || { echo "--quick takes no other flag" >&2; exit 2; }; steps="swift c python"; export SEARCHBAR_QUICK=1 ;;
    --only | --only=*)
        steps=${2:-}
        [ "$1" = --only ] || steps=${1#--only=}
        case " $all_steps " in
            *" $steps "*) ;;
            *) echo "--only takes one of: $all_steps (not '$steps')" >&2; exit 2 ;;
        esac
        ;;
    *) exec bash Tests/sanitize.sh "$@" ;;
esac
bash .ci/install-deps.sh

source "$root/Tests/steps.sh"

build=build
swift_tests() { swift build --build-tests && swift test --skip-build; }
cmake_tests() {
    cmake -G Ninja -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null &&
        cmake --build "$build" &&
        second_build_does_nothing &&
        ctest --test-dir "$build" --output-on-failure -j2
}
# The build is incremental: built again with nothing changed, Ninja finds nothing to do (the
# whole-module Swift build once recompiled the library every time).
second_build_does_nothing() {
    local out
    out=$(cmake --build "$build") || return
    grep -q "ninja: no work to do" <<<"$out" && return
    echo "a second cmake --build with nothing changed did work:" >&2
    echo "$out" >&2
    return 1
}
python_tests() {
    local python
    python=$(bash .ci/python-env.sh "$root/$build") &&
        "$python" -m pytest -q bindings/python/tests Tests/examples Tests/demo Tests/cli Tests/bench
}

qt_tests() {
    local python
    python=$(bash .ci/python-env.sh "$root/$build" qt) &&
        xvfb-run -a -s "-screen 0 1280x1024x24" env QT_QPA_PLATFORM=xcb "$python" -m pytest -q Tests/qt
}

# The GTK example under Xvfb (its fixtures start the X server).
gtk_tests() {
    local python
    python=$(bash .ci/python-env.sh "$root/$build") &&
        SEARCHBAR_BUILD_DIR="$root/$build" "$python" -m pytest -q Tests/gtk
}

runs() { case " $steps " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }
runs swift && step "swift tests" swift_tests
runs c && step "cmake build and C tests" cmake_tests
runs python && step "python tests" python_tests
runs qt && step "qt example" qt_tests
runs gtk && step "gtk example" gtk_tests
runs debs && step "debian packages" bash Tests/packaging/deb.sh "$build"
runs wheel && step "python wheel" bash Tests/packaging/wheel.sh "$build/wheel"
finish_steps
