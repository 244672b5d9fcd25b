#!/bin/sh
# Fails when the library needs anything beyond libc, libm, libstdc++, libgcc_s, ICU and the loader.
set -eu
needed=$(readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
echo "NEEDED: $needed"
for lib in $needed; do
    case "$lib" in
        libc.so.*|libm.so.*|libstdc++.so.*|libgcc_s.so.*|libicu*|ld-linux*|libdl.so.*|libpthread.so.*|librt.so.*|libutil.so.*) ;;
        *) echo "unexpected runtime dependency: $lib" >&2; exit 1 ;;
    esac
done
if ldd "$1" | grep -i swift; then echo "a Swift library is loaded at run time" >&2; exit 1; fi
