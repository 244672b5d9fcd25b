#!/usr/bin/env bash
# Runs every searchbar test on this machine, installing what is missing first:
#   1. Swift tests (swift test): the engine and the C ABI called from Swift;
#   2. CMake release build + ctest: header regeneration, strict header compiles, export list,
#      runtime dependencies, and C programs built with gcc against the installed package
#      (find_package and pkg-config);
#   3. pytest: the Python binding installed with pip into a fresh virtual environment;
#   4. the Debian packages from CPack, installed into this system, used and purged
#      (Tests/packaging/deb.sh; needs root or sudo);
#   5. the wheel built from the sdist, repaired by auditwheel and used from a fresh venv with no
#      Swift on PATH; the sdist without Swift fails with one line (Tests/packaging/wheel.sh);
#   6. the GTK example (examples/gtk) in a real window on Xvfb, typed into with xdotool and
#      checked through its --dump-rows output and screenshots (Tests/gtk).
# Usage: bash Tests/run.sh
#        bash Tests/run.sh --sanitizers [--fuzz SECONDS]   # what CI runs after the above
#        bash Tests/run.sh --deep [--fuzz SECONDS]         # every suite under both sanitizers
#        bash Tests/run.sh --sanitize address|thread [--fuzz SECONDS] [--no-swift]
#        bash Tests/run.sh --fuzz SECONDS
# The flags run the sanitizer / fuzzing paths instead (Tests/sanitize.sh documents them).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
if [ $# -gt 0 ]; then
    exec bash Tests/sanitize.sh "$@"
fi
bash .ci/install-deps.sh

source "$root/Tests/steps.sh"

build=build
swift_tests() { swift build --build-tests && swift test --skip-build; }
cmake_tests() {
    cmake -G Ninja -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null &&
        cmake --build "$build" &&
        ctest --test-dir "$build" --output-on-failure
}
python_tests() {
    local python
    python=$(bash .ci/python-env.sh "$root/$build") &&
        "$python" -m pytest -q bindings/python/tests Tests/examples Tests/demo
}

# The GTK example under Xvfb (its fixtures start the X server).
gtk_tests() {
    local python
    python=$(bash .ci/python-env.sh "$root/$build") &&
        SEARCHBAR_BUILD_DIR="$root/$build" "$python" -m pytest -q Tests/gtk
}

step "swift tests" swift_tests
step "cmake build and C tests" cmake_tests
step "python tests" python_tests
step "gtk app" gtk_tests
step "debian packages" bash Tests/packaging/deb.sh "$build"
step "python wheel" bash Tests/packaging/wheel.sh "$build/wheel"
finish_steps
