#!/usr/bin/env bash
# Builds the Debian packages (cmake/packaging.cmake) from a finished CMake build directory and
# tests them as a user would: dpkg -i into this system, a gcc program built through pkg-config
# and through find_package with no hints, the CLI run with the Swift toolchain hidden, then
# dpkg -r, after which none of the packages' files may remain. The packages are purged on every
# exit path; the script refuses to start when one of them is already installed.
# Needs root (or sudo). Usage: bash Tests/packaging/deb.sh BUILD_DIR
set -euo pipefail
# dpkg and this script run ldconfig, which lives in sbin: a user's PATH on Debian lacks it.
export PATH="$PATH:/usr/local/sbin:/usr/sbin:/sbin"
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:?usage: deb.sh BUILD_DIR}" && pwd)
as_root=()
[ "$(id -u)" = 0 ] || as_root=(sudo)
work=$(mktemp -d)
fail() { echo "deb: $*" >&2; exit 1; }

# Debian's layout (/usr, lib/<multiarch>) for cpack: a reconfigure that compiles nothing, undone
# at once so that the build directory installs where it did before (other steps install it).
previous=$(sed -n 's/^CMAKE_INSTALL_PREFIX:PATH=//p' "$build/CMakeCache.txt")
version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")
rm -rf "$build/packages"
cmake -DCMAKE_INSTALL_PREFIX=/usr "$build" >/dev/null
packed=0
cmake --build "$build" >/dev/null && (cd "$build" && cpack -G DEB >"$work/cpack.log" 2>&1) && packed=1
cmake -DCMAKE_INSTALL_PREFIX="$previous" "$build" >/dev/null
[ $packed = 1 ] || { cat "$work/cpack.log"; fail "cpack failed"; }
debs=("$build"/packages/*.deb)
[ ${#debs[@]} = 3 ] || fail "expected 3 packages, got ${debs[*]}"
names=()
for deb in "${debs[@]}"; do
    name=$(dpkg-deb -f "$deb" Package)
    names+=("$name")
    printf '%-24s %8d bytes  Depends: %s\n' "$name" "$(stat -c %s "$deb")" "$(dpkg-deb -f "$deb" Depends)"
done
runtime_deb=$(ls "$build"/packages/libsearchbar[0-9]*_*.deb)
runtime=$(dpkg-deb -f "$runtime_deb" Package)

# Depends of the library package: the package owning every library it NEEDS (ICU among them).
dpkg-deb -x "$runtime_deb" "$work/runtime"
library=$(find "$work/runtime" -name 'libsearchbar.so.*.*' -type f)
depends=$(dpkg-deb -f "$runtime_deb" Depends)
for needed in $(readelf -d "$library" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
    [ "${needed#ld-linux}" != "$needed" ] && continue
    # Under pipefail a reader that stops early (awk's exit, grep -q, head) can kill the writer
    # with SIGPIPE and fail the pipeline: here awk reads to the end, elsewhere grep -q reads a
    # captured copy and sed -n 1p stands for head -n 1.
    path=$(ldconfig -p | awk -v lib="$needed" '$1 == lib && /x86-64|x86_64|64bit/ && !found {print $NF; found = 1}')
    # dpkg knows a file by the path its package ships (/lib/... on merged-/usr systems too).
    file=$(dirname "$path")/$(basename "$(readlink -f "$path")")
    owner=$( (dpkg -S "$file" || dpkg -S "$(readlink -f "$path")") 2>/dev/null | head -n 1 | cut -d: -f1) || owner=""
    [ -n "$owner" ] || fail "no package owns $needed ($path)"
    case ", $depends" in *", $owner "* | *", $owner,"* | *", $owner") ;; *) fail "$runtime does not depend on $owner ($needed)" ;; esac
done
dpkg-deb -e "$runtime_deb" "$work/control"
grep -qx "activate-noawait ldconfig" "$work/control/triggers" || fail "$runtime has no ldconfig trigger"
grep -q "^libsearchbar ${version%%.*} $runtime " "$work/control/shlibs" || fail "$runtime has no shlibs entry"

for name in "${names[@]}"; do
    if dpkg-query -W -f='${Status}' "$name" 2>/dev/null | grep -q "ok installed"; then
        fail "$name is already installed; remove it first (dpkg -r $name)"
    fi
done
purge() { "${as_root[@]}" dpkg --purge "${names[@]}" >/dev/null 2>&1 || true; rm -rf "$work"; }
trap purge EXIT

"${as_root[@]}" dpkg -i "${debs[@]}" >"$work/dpkg.log" 2>&1 || { cat "$work/dpkg.log"; fail "dpkg -i failed"; }
for name in "${names[@]}"; do dpkg -L "$name"; done | sort -u >"$work/files"
grep -q "libsearchbar.so.${version%%.*} " <<<"$(ldconfig -p)" || fail "ldconfig's cache does not list libsearchbar"

# gcc through pkg-config, with no PKG_CONFIG_PATH and no rpath: the system's paths only.
program=$root/examples/c/quickstart.c
flags=$(env -u PKG_CONFIG_PATH pkg-config --cflags --libs searchbar)
gcc -std=c99 -Wall -Wextra -Werror -o "$work/quickstart-pc" "$program" $flags
first=$(env -i PATH=/usr/bin:/bin "$work/quickstart-pc" | sed -n 1p)
[ "$first" = "searchbar $version" ] || fail "pkg-config program printed '$first'"
grep -Eq "libsearchbar.so.${version%%.*} => (/usr)?/lib/" <<<"$(ldd "$work/quickstart-pc")" || fail "pkg-config program did not load the packaged library"

# gcc through find_package, with no prefix hints.
env -u CMAKE_PREFIX_PATH -u searchbar_DIR cmake -S "$root/Tests/packaging/consumer" -B "$work/consumer" -G Ninja \
    -DCMAKE_C_COMPILER=gcc -DSB_PROGRAM="$program" >"$work/consumer.log" 2>&1 || { cat "$work/consumer.log"; fail "find_package consumer did not configure"; }
grep -q "^searchbar_DIR:PATH=/usr/lib/" "$work/consumer/CMakeCache.txt" || fail "find_package found searchbar elsewhere than /usr/lib"
cmake --build "$work/consumer" >"$work/consumer.log" 2>&1 || { cat "$work/consumer.log"; fail "find_package consumer did not build"; }
first=$(env -i PATH=/usr/bin:/bin "$work/consumer/quickstart" | sed -n 1p)
[ "$first" = "searchbar $version" ] || fail "find_package program printed '$first'"

# The CLI from searchbar-tools, and its man page where man is installed.
sh "$root/Tests/abi/check_cli.sh" /usr "$version"
if command -v man >/dev/null; then man -w searchbar | grep -q searchbar.1 || fail "man does not find searchbar(1)"; fi

# dpkg -r removes every file and every directory the packages made (they have no conffiles).
"${as_root[@]}" dpkg -r "${names[@]}" >"$work/dpkg.log" 2>&1 || { cat "$work/dpkg.log"; fail "dpkg -r failed"; }
left=0
while read -r path; do
    if [ -e "$path" ] || [ -L "$path" ]; then
        # Directories other packages share (/usr/share/man/man1, ...) stay, ours must not.
        if [ -d "$path" ] && ! [[ $path == *searchbar* ]]; then continue; fi
        echo "left behind: $path" >&2
        left=$((left + 1))
    fi
done <"$work/files"
[ "$left" = 0 ] || fail "$left paths left after dpkg -r"
! grep -q "libsearchbar.so" <<<"$(ldconfig -p)" || fail "ldconfig's cache still lists libsearchbar"
echo "deb: ${names[*]} $version installed, used through pkg-config, find_package and the CLI, and removed"
