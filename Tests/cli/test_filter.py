"""`searchbar filter` as a drop-in for `fzf --filter`: expectations worked out by hand from
fzf's scoring (algo.go: match 16, boundary bonuses 10 after a blank or at the start, 9 after
/ , : ; |, 8 after other punctuation, 7 for camelCase and digits, gaps -3 then -1, the first
character's bonus doubled), and a differential test against Debian's real `fzf --filter`."""
from __future__ import annotations

import os
import select
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ESC = "\x1b"


def find_cli() -> str:
    """The searchbar tool: $SEARCHBAR_CLI, else the CMake build's, else SwiftPM's."""
    candidates = [os.environ.get("SEARCHBAR_CLI", ""), ROOT / "build/bin/searchbar",
                  ROOT / ".build/release/searchbar-cli", ROOT / ".build/debug/searchbar-cli"]
    for candidate in candidates:
        if candidate and Path(candidate).is_file():
            return str(candidate)
    subprocess.run(["swift", "build", "--product", "searchbar-cli"], cwd=ROOT, check=True)
    return str(ROOT / ".build/debug/searchbar-cli")


CLI = find_cli()


def run(args: list[str], lines: list[str] | bytes, tool: list[str] | None = None) -> tuple[int, bytes]:
    data = lines if isinstance(lines, bytes) else "".join(line + "\n" for line in lines).encode()
    done = subprocess.run((tool or [CLI, "filter"]) + args, input=data, capture_output=True, timeout=120)
    return done.returncode, done.stdout


def lines_of(args: list[str], lines: list[str]) -> list[str]:
    code, out = run(args, lines)
    assert code in (0, 1), out
    return out.decode().splitlines()


# --- Ranking, worked out by hand -------------------------------------------------------------

def test_boundaries_outrank_plain_matches():
    # "fb": f at the start scores 16 + 2*10 = 36; after "oo" (gap -3, -1) a b after '-' or '_'
    # (punctuation, bonus 8) scores 31 + 16 + 8 = 55, the camelCase B of fooBar 32 + 16 + 7 = 55,
    # the b inside "foobar" 32 + 16 = 48. Equal scores: shorter first (fooBar), then input order.
    lines = ["foobar", "foo-bar", "foo_bar", "fooBar"]
    assert lines_of(["fb"], lines) == ["fooBar", "foo-bar", "foo_bar", "foobar"]


def test_ties_go_to_the_shorter_line_then_input_order():
    # "ab" at the start: 36 + b (consecutive, keeps the start's bonus 10) 26 = 62; inside a
    # word: 16 + 20 = 36 for both "zzab" and "xab".
    lines = ["zzab", "xab", "ab"]
    assert lines_of(["ab"], lines) == ["ab", "xab", "zzab"]
    assert lines_of(["--tiebreak=index", "ab"], lines) == ["ab", "zzab", "xab"]


def test_tiebreak_begin_and_end():
    # Both lines score 36 and have 6 characters; begin prefers the match ending at 3 over 6,
    # end the match ending at the line's end.
    assert lines_of(["--tiebreak=begin", "ab"], ["yy xab", "xab yy"]) == ["xab yy", "yy xab"]
    assert lines_of(["--tiebreak=end", "ab"], ["xab yy", "yy xab"]) == ["yy xab", "xab yy"]
    code, _ = run(["--tiebreak=length,length", "x"], ["x"])
    assert code == 2
    code, _ = run(["--tiebreak=index,length", "x"], ["x"])
    assert code == 2


def test_highlights_follow_fzfs_alignment():
    # "xfoo" on "xf.foo", fzf 0.38's V2 cell by cell: x 36, f right after it 36 + 16 + 10 = 62;
    # at the second f the gap path (62 - 3 = 59) beats matching it (32 + 16 + 8 = 56), so the
    # o's extend the gap path: 59 + 16 = 75, then 75 + 16 + 4 = 95 -> "xf" + "oo".
    code, out = run(["--color=always", "xfoo"], ["xf.foo"])
    assert code == 0
    green, reset = f"{ESC}[1;32m", f"{ESC}[0m"
    assert out.decode() == f"{green}xf{reset}.f{green}oo{reset}\n"
    code, out = run(["--color=always", "^ab c$"], ["abc"])
    assert out.decode() == f"{green}ab{reset}{green}c{reset}\n".replace(f"{reset}{green}", "")


# --- Case and diacritics ---------------------------------------------------------------------

def test_smart_case_ignore_case_and_case_sensitive():
    lines = ["foo", "Foo", "FOO"]
    assert lines_of(["foo"], lines) == ["foo", "Foo", "FOO"]
    assert lines_of(["Foo"], lines) == ["Foo"]
    assert lines_of(["-i", "Foo"], lines) == ["foo", "Foo", "FOO"]
    assert lines_of(["+i", "foo"], lines) == ["foo"]
    assert lines_of(["--case-sensitive", "FOO"], lines) == ["FOO"]


def test_diacritics_fold_unless_literal():
    lines = ["Zürich", "Straße", "Zurich"]
    assert lines_of(["zurich"], lines) == ["Zürich", "Zurich"]
    assert lines_of(["strasse"], lines) == ["Straße"]
    assert lines_of(["--literal", "zurich"], lines) == ["Zurich"]
    assert lines_of(["Zurich"], lines) == ["Zürich", "Zurich"]  # case kept, accent folded


# --- Extended syntax -------------------------------------------------------------------------

def test_anchors_skip_blanks():
    assert lines_of(["^ab"], ["  abc", "xabc"]) == ["  abc"]
    assert lines_of(["bc$"], ["abc  ", "bcd"]) == ["abc  "]
    assert lines_of(["^abc$"], [" abc ", "abcd", "abc"]) == [" abc ", "abc"]


def test_exact_negation_or_and_escaped_space():
    lines = ["a b", "ab", "a  b", "axb"]
    assert lines_of(["'a\\ b"], lines) == ["a b"]
    assert lines_of(["'ab"], lines) == ["ab"]
    assert lines_of(["!x"], lines) == ["a b", "ab", "a  b"]  # only negations: input order
    assert lines_of(["ab | axb"], ["q", "axb", "ab"]) == ["ab", "axb"]
    assert lines_of(["-e", "ab"], lines) == ["ab"]  # exact mode: 'ab would be fuzzy
    # 'ab is fuzzy in exact mode: ab 62; "a b" 36 - 3 + 16 + 10 = 59; "a  b" 58; "axb" 49.
    assert lines_of(["-e", "'ab"], lines) == ["ab", "a b", "a  b", "axb"]
    assert lines_of(["--no-extended", "a b"], lines) == ["a b", "a  b"]


def test_prefix_mode_matches_word_starts():
    assert lines_of(["--mode", "prefix", "bar"], ["foobar", "foo bar", "foo-bar"]) == ["foo bar", "foo-bar"]


# --- Input, output, exit status --------------------------------------------------------------

def test_exit_status_and_empty_query():
    lines = ["cc", "a", "bbb"]
    assert run([""], lines) == (0, b"cc\na\nbbb\n")
    assert run(["-f", ""], lines) == (0, b"cc\na\nbbb\n")
    assert run(["zz"], lines) == (1, b"")
    assert run(["--bogus", "a"], lines)[0] == 2
    assert run(["--nth", "x", "a"], lines)[0] == 2
    assert run([], lines)[0] == 2
    assert run(["-f", "+x"], ["a+x", "b"]) == (0, b"a+x\n")  # an option's value is not a flag


def test_no_cap_and_limit():
    lines = [f"item {n}" for n in range(25_000)]
    code, out = run(["item"], lines)
    assert code == 0 and len(out.splitlines()) == 25_000
    assert lines_of(["--limit", "3", "item"], lines) == ["item 0", "item 1", "item 2"]
    assert lines_of(["--no-sort", "--limit", "2", "9"], lines) == ["item 9", "item 19"]


def test_read0_print0_and_fields():
    # A newline inside a record is a blank: both b's score 16 + 2 * 10, both records are 3 long.
    code, out = run(["--read0", "--print0", "b"], b"x\0c\nb\0a b\0")
    assert (code, out) == (0, b"c\nb\0a b\0")
    assert lines_of(["-d:", "--nth", "2", "b"], ["b:x", "x:b"]) == ["x:b"]
    assert lines_of(["--nth", "-1", "x"], ["x y", "y x"]) == ["y x"]
    assert lines_of(["--with-nth", "2..", "a"], ["a b", "b a"]) == ["b a"]


def test_no_sort_streams_before_the_input_ends():
    # The first match is printed while standard input is still open (fzf streams too).
    process = subprocess.Popen([CLI, "filter", "--no-sort", "hit"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        process.stdin.write(b"miss\nfirst hit\n")
        process.stdin.flush()
        # Waits (generously) for the line while standard input stays open.
        assert select.select([process.stdout], [], [], 120)[0], "nothing printed before the input ended"
        assert process.stdout.readline() == b"first hit\n"
        process.stdin.write(b"second hit\n")
        process.stdin.close()
        assert process.stdout.read() == b"second hit\n"
        assert process.wait(timeout=120) == 0
    finally:
        process.kill()


# --- Differential: the real fzf --------------------------------------------------------------

FZF = shutil.which("fzf")
needs_fzf = pytest.mark.skipif(FZF is None and not os.environ.get("CI"), reason="fzf not installed")


def corpus() -> list[str]:
    """The repository's own paths, plus lines with case, blanks and punctuation."""
    paths = sorted(str(p.relative_to(ROOT)) for p in ROOT.rglob("*")
                   if not any(part.startswith(".") or part in ("build", "bench") for part in p.relative_to(ROOT).parts))
    extra = ["  Leading blanks", "trailing blanks  ", "CamelCaseName", "snake_case_name", "kebab-case-name",
             "src/foo_bar.c", "foo bar baz", "FOO BAR", "a b", "ab", "x:y:z", "1: one", "Readme.md", "README"]
    return paths[:4000] + extra


QUERIES = ["src", "Src", "swift", "test py", "^Sources", "swift$", "^README$", "'test", "!Tests swift",
           "c | h", "abi hdr", "case", "Case", "sbx", "zzqq", "", "a\\ b", "^  Lead", "blanks$", "'o b"]
OPTIONS = [[], ["--tiebreak=index"], ["--no-sort"], ["-e"], ["-i"], ["+i"], ["--nth=-1", "-d/"],
           ["--tiebreak=begin"], ["--tiebreak=end"], ["--tiebreak=length,begin"], ["--tiebreak=end,length"],
           ["--literal"], ["+x"], ["-d/", "--with-nth=2.."], ["-n", "2,-1", "-d", "[/.]"]]


@needs_fzf
def test_same_output_and_status_as_fzf():
    assert FZF, "fzf is needed (apt-get install fzf; .ci/install-deps.sh installs it)"
    lines = corpus()
    differences = []
    for options in OPTIONS:
        for query in QUERIES:
            ours = run(options + ["--", query] if query.startswith("-") else options + [query], lines)
            theirs = run(options + ["--filter", query], lines, tool=[FZF])
            if ours != theirs:
                differences.append((options, query, ours[0], theirs[0], ours[1][:200], theirs[1][:200]))
    assert not differences, differences


@needs_fzf
def test_read0_print0_like_fzf():
    assert FZF
    data = b"one\0two words\0line\nwith newline\0three\0"
    for query in ["o", "", "w n", "zz"]:
        assert run(["--read0", "--print0", query], data) == run(["--read0", "--print0", "--filter", query], data, tool=[FZF])
