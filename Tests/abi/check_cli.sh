#!/bin/sh
# Checks the searchbar tool as `cmake --install` or the searchbar-tools package put it under
# PREFIX: it runs with the Swift toolchain hidden from PATH and LD_LIBRARY_PATH, needs no Swift
# library, prints the library's version, and its completions and man page are installed.
# Usage: check_cli.sh PREFIX VERSION
set -eu
prefix=$1 version=$2
tool=$prefix/bin/searchbar
sh "$(dirname "$0")/check_dependencies.sh" "$tool"

hidden() { env -i HOME=/nonexistent PATH=/usr/bin:/bin LD_LIBRARY_PATH= LANG=C.UTF-8 "$@"; }
got=$(hidden "$tool" --version)
[ "$got" = "$version" ] || { echo "searchbar --version printed '$got', expected '$version'" >&2; exit 1; }
got=$(hidden "$tool" fold "Résumé Straße ＡＢＣ")
[ "$got" = "resume strasse abc" ] || { echo "searchbar fold printed '$got'" >&2; exit 1; }
got=$(printf 'file10\nFile1\nfile2\n' | hidden "$tool" sort --locale en | tr '\n' ' ')
[ "$got" = "File1 file2 file10 " ] || { echo "searchbar sort printed '$got'" >&2; exit 1; }

# bash completion: what `searchbar f<Tab>` offers.
completion=$prefix/share/bash-completion/completions/searchbar
got=$(hidden bash -c '. "$1"; COMP_WORDS=(searchbar f); COMP_CWORD=1; COMP_LINE="searchbar f"; COMP_POINT=${#COMP_LINE}; _searchbar; echo "${COMPREPLY[*]}"' _ "$completion")
case " $got " in
    *" filter "*" fold "* | *" fold "*" filter "*) ;;
    *) echo "bash completion of 'searchbar f' offered '$got'" >&2; exit 1 ;;
esac
[ -f "$prefix/share/zsh/vendor-completions/_searchbar" ] || [ -f "$prefix/share/zsh/site-functions/_searchbar" ] ||
    { echo "no zsh completion" >&2; exit 1; }
[ -f "$prefix/share/fish/vendor_completions.d/searchbar.fish" ] || { echo "no fish completion" >&2; exit 1; }

# The man page names the tool and every subcommand.
page=$(gzip -dc "$prefix/share/man/man1/searchbar.1.gz")
for word in '.Dt SEARCHBAR 1' fold tokenize sort filter samples; do
    printf '%s\n' "$page" | grep -q -- "$word" || { echo "man page lacks '$word'" >&2; exit 1; }
done
echo "searchbar $version: runs without the toolchain; completions and man page installed"
