#!/usr/bin/env bash
# The searchbar benchmark, one command: installs what is missing, builds searchbar (release CLI,
# CMake library, Python binding into bench/.venv), generates the datasets, runs the keystroke
# benchmark against its peers, the end-to-end session latency (keystroke to results event, C and
# Python hosts), the index file's save and open and the ingestion of one batch against streamed
# batches (both next to tantivy and SQLite FTS5), the text-layer benchmark against PyICU,
# `searchbar filter` against `fzf --filter` per process and the cost of the `transliterate`
# index option, and prints ONE table (and the sections after it), also written to
# bench/out/results.md.
#
#   bash bench/run.sh            full run: titles-1m, paths, cldr, words, and titles-1m and words
#                                typed with random words (~55 min on 2 busy cores)
#   bash bench/run.sh --quick    smoke run: 100,000 lines per dataset, few queries (a few minutes)
#   bash bench/run.sh --5m       also titles-5m: keystrokes (searchbar only; the 5 M p95 target)
#                                and the index file next to tantivy and SQLite FTS5
#   bash bench/run.sh --10m      also titles-10m (searchbar only): build, memory, save/open and
#                                per-keystroke latency of 10 M titles (~500 MB)
#   --no-install                 do not apt-get / pip install anything
#   --no-build                   reuse the previous build (bench builds into .build-bench/ and build-bench/)
#   --keystrokes-args "..."      extra arguments for bench/keystrokes.py (e.g. "--datasets paths")
#   -h, --help                   this text
set -euo pipefail

bench=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$bench")
out="$bench/out"
venv="$bench/.venv"
quick=0 five=0 ten=0 install=1 build=1 extra=""
while [ $# -gt 0 ]; do
    case "$1" in
        --quick) quick=1 ;;
        --5m) five=1 ;;
        --10m) ten=1 ;;
        --no-install) install=0 ;;
        --no-build) build=0 ;;
        --keystrokes-args) extra=$2; shift ;;
        -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
        *) echo "run.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
    shift
done
step() { printf '\n== %s (%s)\n' "$1" "$(date +%H:%M:%S)" >&2; }
mkdir -p "$out"

if [ "$install" = 1 ]; then
    step "system packages"
    # fzf/ripgrep: peers; hyperfine: handy for ad-hoc checks; libicu-dev + pkg-config: to build
    # PyICU; unicode-cldr-core + word lists: the datasets; cmake/ninja: the C library.
    packages="fzf ripgrep hyperfine libicu-dev pkg-config unicode-cldr-core wamerican wngerman wfrench cmake ninja-build python3-venv python3-dev g++"
    missing=""
    for p in $packages; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
    done
    if [ -n "$missing" ]; then
        sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
        echo "installing:$missing" >&2
        $sudo apt-get update -q >&2
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q $missing >&2
    fi
    step "Python venv with the peers (bench/.venv)"
    [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
    if ! "$venv/bin/python" -c "import icu, tantivy, rapidfuzz" 2>/dev/null; then
        "$venv/bin/pip" install -q --disable-pip-version-check pyicu tantivy rapidfuzz >&2
    fi
fi

cli="$root/.build-bench/release/searchbar-cli"
lib="$root/build-bench/libsearchbar.so"
if [ "$build" = 1 ]; then
    step "build: release CLI (swift build -c release, scratch .build-bench)"
    (cd "$root" && swift build -c release --product searchbar-cli --scratch-path "$root/.build-bench" >&2)
    step "build: libsearchbar.so (CMake, build-bench)"
    cmake -G Ninja -S "$root" -B "$root/build-bench" -DCMAKE_BUILD_TYPE=Release >/dev/null
    cmake --build "$root/build-bench" --target searchbar >&2
    step "install the Python binding into bench/.venv"
    # Installed from a copy so nothing is written into bindings/python.
    staging=$(mktemp -d)
    trap 'rm -rf "$staging"' EXIT
    cp -r "$root/bindings/python/." "$staging/"
    rm -rf "$staging/build" "$staging"/*.egg-info "$staging/searchbar/_lib"
    SEARCHBAR_PREBUILT_LIBRARY="$lib" "$venv/bin/pip" install -q --disable-pip-version-check \
        --force-reinstall --no-deps "$staging" >&2
fi
[ -x "$cli" ] || { echo "run.sh: $cli is missing (run without --no-build)" >&2; exit 1; }
python="$venv/bin/python"

step "datasets (bench/data)"
datasets="titles-1m paths cldr words"
[ "$five" = 1 ] && datasets="$datasets titles-5m"
[ "$ten" = 1 ] && datasets="$datasets titles-10m"
for d in $datasets; do
    [ -s "$bench/data/$d.txt" ] || "$python" "$bench/datasets.py" "$d"
done

# BENCH_COMMIT labels a run made from an exported tree without .git (git archive COMMIT).
commit=${BENCH_COMMIT:-$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)}
dirty=$(git -C "$root" status --porcelain -- . ':!bench' 2>/dev/null | head -1 || true)
[ -n "$dirty" ] && commit="$commit (+ uncommitted changes outside bench/)"
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
started=$(date -u '+%Y-%m-%d %H:%M UTC')

step "text layer: fold+tokenize and sort vs PyICU"
if [ "$quick" = 1 ]; then
    "$python" "$bench/text_bench.py" --runs 1 --sort-lines 100000 --fold-lines 50000 --json "$out/text.json" >&2
else
    "$python" "$bench/text_bench.py" --runs 2 --json "$out/text.json" >&2
fi

step "keystrokes: searchbar and peers"
kdatasets="titles-1m,paths,cldr,words,titles-1m/random,words/random"
[ "$five" = 1 ] && kdatasets="$kdatasets,titles-5m"
qflag=""; [ "$quick" = 1 ] && qflag="--quick"
# shellcheck disable=SC2086
"$python" "$bench/keystrokes.py" --cli "$cli" --datasets "$kdatasets" $qflag $extra --json "$out/keystrokes.json" >&2
kjson=(--keystrokes "$out/keystrokes.json")
if [ "$ten" = 1 ]; then
    step "keystrokes: titles-10m (searchbar only)"
    # its own call, so the rows above are kept if this one runs out of memory or time
    # shellcheck disable=SC2086
    "$python" "$bench/keystrokes.py" --cli "$cli" --datasets titles-10m $qflag $extra --json "$out/keystrokes-10m.json" >&2
    kjson+=(--keystrokes "$out/keystrokes-10m.json")
fi

step "end to end: keystroke to results event in a session (C and Python hosts)"
if [ "$quick" = 1 ]; then
    "$python" "$bench/session_latency.py" --lib-dir "$root/build-bench" --count 100000 --queries 4 --rounds 1 \
        --json "$out/session.json" --markdown > "$out/session.md"
else
    "$python" "$bench/session_latency.py" --lib-dir "$root/build-bench" --rounds 3 \
        --json "$out/session.json" --markdown > "$out/session.md"
fi

step "index file: build, save, open, typing after the open (searchbar, tantivy, SQLite FTS5)"
count=1000000 runs=3; [ "$quick" = 1 ] && count=100000 runs=1
"$python" "$bench/index_file.py" --data "$bench/data/titles-1m.txt" --count "$count" --runs "$runs" \
    --out "$out/index_file.json" > "$out/index_file.md"
if [ "$five" = 1 ]; then
    step "index file: titles-5m (searchbar, tantivy, SQLite FTS5)"
    count=5000000; [ "$quick" = 1 ] && count=100000
    printf '\n' >> "$out/index_file.md"
    "$python" "$bench/index_file.py" --data "$bench/data/titles-5m.txt" --count "$count" --runs "$runs" \
        --out "$out/index_file-5m.json" >> "$out/index_file.md"
fi
if [ "$ten" = 1 ]; then
    step "index file: titles-10m (searchbar only)"
    count=10000000; [ "$quick" = 1 ] && count=100000
    printf '\n' >> "$out/index_file.md"
    "$python" "$bench/index_file.py" --data "$bench/data/titles-10m.txt" --count "$count" --runs "$runs" \
        --engines searchbar --out "$out/index_file-10m.json" >> "$out/index_file.md"
fi

step "ingestion: one batch against streamed batches (searchbar, tantivy, SQLite FTS5), typing while writing"
if [ "$quick" = 1 ]; then
    "$python" "$bench/ingest.py" --count 100000 --runs 1 --out "$out/ingest.json" > "$out/ingest.md"
else
    "$python" "$bench/ingest.py" --runs 3 --out "$out/ingest.json" > "$out/ingest.md"
fi

step "one-shot filter: searchbar filter vs fzf --filter, 300,000 paths"
runs=5; [ "$quick" = 1 ] && runs=2
"$python" "$bench/filter_cli.py" --cli "$cli" --runs "$runs" --json "$out/filter.json" --markdown > "$out/filter.md"

step "transliteration: titles-1m index build with and without transliterate"
if [ "$quick" = 1 ]; then
    "$python" "$bench/transliteration.py" --lines 100000 --rounds 1 --json "$out/transliteration.json" > /dev/null
else
    "$python" "$bench/transliteration.py" --rounds 3 --json "$out/transliteration.json" > /dev/null
fi

load_after=$(cut -d' ' -f1-3 /proc/loadavg)
mode="full run"; [ "$quick" = 1 ] && mode="QUICK run (cut datasets, few queries: not for the record)"
header="## searchbar benchmark — $mode

searchbar commit $commit; started $started, finished $(date -u '+%H:%M UTC'); $(nproc) cores
($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')), $(free -g | awk '/Mem:/{print $2}') GB;
load average $load_before before, $load_after after (shared machine: other builds were running).
Peers: fzf $(fzf --version | cut -d' ' -f1), ripgrep $(rg --version | head -1 | cut -d' ' -f2), SQLite $("$python" -c 'import sqlite3; print(sqlite3.sqlite_version)'), $("$python" -c 'import importlib.metadata as m; print(", ".join(f"{p} {m.version(p)}" for p in ("tantivy", "rapidfuzz", "pyicu")))')."
step "report"
ijson=(--index-file "$out/index_file.json")
[ "$five" = 1 ] && ijson+=(--index-file "$out/index_file-5m.json")
"$python" "$bench/report.py" "${kjson[@]}" --text "$out/text.json" --filter "$out/filter.json" \
    --transliteration "$out/transliteration.json" --ingest "$out/ingest.json" "${ijson[@]}" \
    --out "$out/results.md" --header "$header"
printf '\n### One-shot filtering per process (filter_cli.py, median of %s runs)\n\n' "$runs" >> "$out/results.md"
cat "$out/filter.md" >> "$out/results.md"
printf '\n### End to end: keystroke to results event (session_latency.py)\n\n' >> "$out/results.md"
cat "$out/session.md" >> "$out/results.md"
printf '\n### Index file (index_file.py)\n\n' >> "$out/results.md"
cat "$out/index_file.md" >> "$out/results.md"
printf '\n### Ingestion (ingest.py)\n\n' >> "$out/results.md"
cat "$out/ingest.md" >> "$out/results.md"
cat "$out/filter.md" "$out/session.md" "$out/index_file.md" "$out/ingest.md"
echo >&2
echo "written to $out/results.md" >&2
