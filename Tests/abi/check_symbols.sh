#!/bin/sh
# Fails when the library's dynamic exports differ from the reviewed list (one name a line).
# After adding an export on purpose, update the list: nm -D --defined-only LIB | awk '{print $3}' | sort
set -eu
lib=$1 list=$2
actual=$(nm -D --defined-only "$lib" | awk '{print $3}' | sort)
if ! printf '%s\n' "$actual" | diff -u "$list" -; then
    echo "exported symbols differ from $list (lines with + are exported but not reviewed)" >&2
    exit 1
fi
bad=$(printf '%s\n' "$actual" | grep -v '^sb_' || true)
[ -z "$bad" ] || { echo "non-sb_ exports: $bad" >&2; exit 1; }
echo "exports: $(printf '%s\n' "$actual" | wc -l) sb_ symbols, as reviewed"
