"""The README's code blocks and tables, and every example host, run for real."""
import os
import random
import re
import subprocess
import sys
import tempfile

import pytest

import searchbar

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BUILD = os.environ.get("SEARCHBAR_BUILD_DIR", os.path.join(REPO, "build"))


def readme():
    with open(os.path.join(REPO, "README.md"), encoding="utf-8") as f:
        return f.read()


def code_blocks(language):
    return re.findall(r"```" + language + r"\n(.*?)```", readme(), flags=re.S)


def table(marker):
    body = readme().split(f"<!-- {marker} -->")[1].split(f"<!-- /{marker} -->")[0]
    rows = [line.strip().strip("|").split("|") for line in body.strip().splitlines()[2:]]
    return [[cell.strip() for cell in row] for row in rows]


@pytest.fixture(scope="module")
def installed_prefix():
    prefix = tempfile.mkdtemp(prefix="searchbar-prefix-")
    subprocess.run(["cmake", "--install", BUILD, "--prefix", prefix], check=True, capture_output=True)
    return prefix


def test_readme_gives_exactly_the_two_setup_commands():
    first = code_blocks("sh")[0]
    commands = [line.split("#")[0].strip() for line in first.strip().splitlines()]
    assert commands == ["bash examples/demo.sh", "bash Tests/run.sh"]
    with open(os.path.join(REPO, ".ci", "run"), encoding="utf-8") as f:
        assert "bash Tests/run.sh" in f.read(), "CI runs the README's test command"
    assert len(code_blocks("sh")) == 1, "every sh block of the README is one of the two commands"


def build_against_installed(prefix, out, *sources, compile_only=False, defines=()):
    """Compiles C sources with gcc -Werror against the installed package (pkg-config), into a
    program or (compile_only) an object file."""
    pc_dir = os.path.dirname(next(os.path.join(d, f) for d, _, fs in os.walk(prefix) for f in fs
                                  if f == "searchbar.pc"))
    env = dict(os.environ, PKG_CONFIG_PATH=pc_dir)
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "searchbar"], env=env, capture_output=True, text=True,
                           check=True).stdout.split()
    libdir = subprocess.run(["pkg-config", "--variable=libdir", "searchbar"], env=env, capture_output=True, text=True,
                            check=True).stdout.strip()
    link = ["-c"] if compile_only else [*flags, f"-Wl,-rpath,{libdir}"]
    subprocess.run(["gcc", "-std=c99", "-Wall", "-Wextra", "-Wpedantic", "-Werror", *defines, *map(str, sources),
                    "-o", str(out), *flags, *link], check=True)
    return out


def readme_c(tmp_path, replace=None):
    """The README's C example, as a file; `replace` = (old, new) makes a variant of it."""
    (c_source,) = code_blocks("c")
    if replace:
        assert c_source.count(replace[0]) == 1, f"the README's C example holds {replace[0]!r} once"
        c_source = c_source.replace(*replace)
    source = tmp_path / ("readme.c" if not replace else "readme_variant.c")
    source.write_text(c_source, encoding="utf-8")
    return source


# Runs the README's main as readme_main(), then reports how many threads the process still has:
# an index that was not freed keeps its pool threads.
HARNESS = r"""
#include <searchbar.h>
#include <stdio.h>
int readme_main(void);
/* The README's calls that make and free objects, renamed to these by the preprocessor: they
 * count the objects alive. (With one thread pool per process, threads no longer show a leak.) */
static int live_indexes, live_results;
sb_status harness_index_new(const sb_index_options *options, sb_index **out) {
    sb_status status = sb_index_new(options, out);
    live_indexes += out && *out;
    return status;
}
sb_status harness_index_free(sb_index *index) {
    sb_status status = sb_index_free(index);
    live_indexes -= index && status == SB_OK;
    return status;
}
sb_status harness_index_search(sb_index *index, const char *query, size_t len, const sb_search_options *options,
                               sb_results **out) {
    sb_status status = sb_index_search(index, query, len, options, out);
    live_results += out && *out;
    return status;
}
sb_status harness_results_free(sb_results *results) {
    sb_status status = sb_results_free(results);
    live_results -= results && status == SB_OK;
    return status;
}
int main(void) {
    sb_index *probe = NULL;
    sb_index_options options = SB_INDEX_OPTIONS_INIT;
    options.locale = "tlh";
    sb_status fallback = sb_index_new(&options, &probe);
    sb_index_free(probe);
    int code = readme_main();
    printf("tlh status %d; exit %d; live indexes %d, live results %d\n", fallback, code, live_indexes,
           live_results);
    return 0;
}
"""


def run_in_harness(prefix, tmp_path, source):
    harness = tmp_path / "harness.c"
    harness.write_text(HARNESS, encoding="utf-8")
    readme = build_against_installed(prefix, tmp_path / "readme.o", source, compile_only=True,
                                     defines=["-Dmain=readme_main", *(f"-Dsb_{name}=harness_{name}" for name in (
                                         "index_new", "index_free", "index_search", "results_free"))])
    binary = build_against_installed(prefix, tmp_path / "harnessed", readme, harness)
    run = subprocess.run([str(binary)], capture_output=True, text=True, check=True, timeout=60)
    return run.stdout.splitlines(), run.stderr


def test_readme_c_example_builds_against_the_installed_package_and_runs(installed_prefix, tmp_path):
    binary = build_against_installed(installed_prefix, tmp_path / "readme", readme_c(tmp_path))
    out = subprocess.run([str(binary)], capture_output=True, text=True, check=True).stdout
    assert out.splitlines() == ["Zürich Hauptbahnhof [0, 4)"]


def test_readme_c_example_takes_a_warning_as_success(installed_prefix, tmp_path):
    """A locale without data gives SB_WARN_LOCALE_FALLBACK and a working index: the example
    must go on, not stop as if it had failed."""
    source = readme_c(tmp_path, ('options.locale = "de"', 'options.locale = "tlh"'))
    out, err = run_in_harness(installed_prefix, tmp_path, source)
    assert out[-1].startswith("tlh status 100;"), f"the premise: tlh falls back with a warning: {out}"
    assert out[:-1] == ["Zürich Hauptbahnhof [0, 4)"] and "exit 0;" in out[-1], (out, err)
    assert out[-1].endswith("live indexes 0, live results 0"), f"everything freed: {out[-1]}"


def test_readme_c_example_frees_everything_on_its_error_path(installed_prefix, tmp_path):
    source = readme_c(tmp_path, ('"zur", 3', '"\\xffur", 3'))  # a query that is not UTF-8: SB_EINVAL
    out, err = run_in_harness(installed_prefix, tmp_path, source)
    assert "exit 1;" in out[-1] and err.startswith("searchbar: ") and "UTF-8" in err, (out, err)
    assert out[-1].endswith("live indexes 0, live results 0"), f"everything freed on the error path: {out[-1]}"


def test_readme_c_example_reads_highlights_within_their_count(tmp_path):
    (c_source,) = code_blocks("c")
    subscripts = re.findall(r"highlights\[([^\]]+)\]", c_source)
    loops = dict(re.findall(r"for \(size_t (\w+) = 0; \1 < (\w+)\.highlight_count; \1\+\+\)", c_source))
    assert subscripts and all(index in loops for index in subscripts), \
        f"every highlights[...] read is bounded by highlight_count (a hit may have none): {subscripts}"


def run_readme_python(tmp_path, source):
    """The lines `source` prints, and those its `print(...)  # comment` lines say it prints."""
    script = tmp_path / "readme.py"
    script.write_text(source, encoding="utf-8")
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, check=True).stdout.splitlines()
    expected = [line.split("# ", 1)[1].strip() for line in source.splitlines() if "print(" in line and "# " in line]
    return out, expected


def test_readme_python_example_prints_what_its_comments_say(tmp_path):
    out, expected = run_readme_python(tmp_path, code_blocks("python")[0])
    assert out[:len(expected)] == expected
    assert out[-1] == "['東京タワー', 'に', '行く']"


@pytest.mark.parametrize("row", table("languages-table"), ids=lambda r: f"{r[0]}-{r[1]}")
def test_readme_languages_table(row):
    locale, query, finds, does_not_find = row
    locale = None if locale == "(none)" else locale
    with searchbar.Index(locale=locale) as index:
        items = [(1, finds)] + ([(2, does_not_find)] if does_not_find else [])
        index.add(items)
        ids = [hit.id for hit in index.search(query)]
    assert 1 in ids, f"{query!r} should find {finds!r}"
    assert 2 not in ids, f"{query!r} should not find {does_not_find!r}"


@pytest.mark.parametrize("row", table("sort-table"), ids=lambda r: r[0])
def test_readme_sort_table(row):
    locale, order = row
    expected = [s.strip() for s in order.split("<")]
    shuffled = expected[:]
    random.Random(7).shuffle(shuffled)
    assert searchbar.sort(shuffled, locale=locale) == expected


def run_example(name):
    return subprocess.run([sys.executable, os.path.join(REPO, "examples", "python", name)], capture_output=True,
                          text=True, timeout=120, check=True).stdout


def test_python_session_typing_example():
    out = run_example("session_typing.py")
    assert "results_ready" in out and "recent searches: ['blue whale']" in out


def test_python_asyncio_example_waits_on_the_descriptor():
    out = run_example("asyncio_session.py")
    assert "results for 'mun'" in out and "München Hauptbahnhof" in out
    assert "recent searches: ['mun']" in out


def test_swift_example_uses_the_package_as_a_dependency():
    package = os.path.join(REPO, "examples", "swift")
    built = subprocess.run(["swift", "build", "--package-path", package], capture_output=True, text=True, timeout=1200)
    assert built.returncode == 0, f"swift build failed ({built.returncode}):\n{built.stdout[-4000:]}\n{built.stderr[-4000:]}"
    out = subprocess.run([os.path.join(package, ".build", "debug", "Quickstart")], capture_output=True, text=True,
                         check=True).stdout
    assert "zur -> [Zur]ich Airport, [Zür]ich Hauptbahnhof" in out
    assert "東京 -> [東京]タワー" in out
