"""The package's type hints hold: `mypy --strict` accepts the whole package (for the oldest
Python it supports), the README's Python code and typed code using the rest of the public API
(the package ships py.typed)."""
import os
import re
import shutil
import subprocess
import sys

import pytest

import searchbar

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))

# Typed code a user might write: every line must type-check under --strict with no Any leaking.
TYPED_USE = '''
import searchbar
from searchbar import Hit, Hits, Index, Match


def titles(index: Index, query: str) -> list[str]:
    hits: Hits = index.search(query, limit=10, offset=0, list_all=True, exact_total=True)
    return [hit.title for hit in hits if hit.highlights_in("title")]


def best(choices: list[str]) -> tuple[str, int] | None:
    matches: list[Match] = searchbar.filter("zur", choices, limit=3, mode="fuzzy")
    for choice, score, key, hit in matches:
        assert isinstance(key, int)
        return choice, score
    return None


def unique(hits: list[Hit]) -> set[Hit]:
    return set(hits)


def lookup(index: Index, item_id: int) -> str:
    try:
        item = index.get(item_id)
    except searchbar.InvalidArgument as error:
        return error.status_name
    return "yes" if item_id in index and item is not None else f"{len(index)} {index!r}"


def session_use(index: Index) -> list[str]:
    with searchbar.Session(index, manual_clock=True) as session:
        session.set_callbacks(veto=lambda e: e.kind != "should_change_text" or e.range != (0, 0))
        session.set_search_options(limit=5, list_all=True, offset=0, exact_total=True)
        session.type("zur")
        session.backspace()
        session.set_items([(1, "Filter")], trailing=True)
        generation: int = session.search_now()
        event: searchbar.Event | None = session.next_event(0)
        _, hits = session.hits()  # the search runs on the pool: hits may still be empty
        tokens: list[searchbar.SearchToken] = session.display().tokens
        return [h.title for h in hits] + session.recents + [t.label for t in tokens] + [str(generation), str(event)]


def text_layer(text: str) -> tuple[str, list[str], bytes, int]:
    with searchbar.Collator("sv") as collator:
        key: bytes = collator.key(text)
        order: int = collator.compare(text, "a")
    return searchbar.fold(text), [t.key for t in searchbar.tokenize(text)], key, order
'''


def python_blocks():
    with open(os.path.join(REPO, "README.md"), encoding="utf-8") as f:
        return re.findall(r"```python\n(.*?)```", f.read(), flags=re.S)


def mypy_env():
    """The environment for mypy: without a sanitizer runtime the sanitizer passes preload into
    this interpreter (type checking has nothing to do with the library)."""
    return {k: v for k, v in os.environ.items() if k not in ("LD_PRELOAD", "ASAN_OPTIONS", "TSAN_OPTIONS")}


def mypy_strict(tmp_path, name, source):
    try:
        import mypy  # noqa: F401
    except ImportError:
        pytest.fail("mypy is not installed: .ci/python-env.sh installs it into the test venv")
    path = tmp_path / name
    path.write_text(source, encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir", str(tmp_path / "cache"),
         "--python-executable", sys.executable, str(path)],
        capture_output=True, text=True, timeout=600, env=mypy_env())


def test_package_ships_py_typed():
    assert os.path.exists(os.path.join(os.path.dirname(searchbar.__file__), "py.typed"))


def test_readme_python_passes_mypy_strict(tmp_path):
    blocks = python_blocks()
    assert blocks, "the README has a python block"
    for number, block in enumerate(blocks):
        result = mypy_strict(tmp_path, f"readme_{number}.py", block)
        assert result.returncode == 0, result.stdout + result.stderr


def test_typed_use_of_the_public_api_passes_mypy_strict(tmp_path):
    result = mypy_strict(tmp_path, "typed_use.py", TYPED_USE)
    assert result.returncode == 0, result.stdout + result.stderr
    namespace: dict = {}
    exec(compile(TYPED_USE, "typed_use.py", "exec"), namespace)  # and it runs
    index = searchbar.Index()
    index.add([(1, "Zürich"), (2, "Zug")])
    assert sorted(namespace["titles"](index, "z")) == ["Zug", "Zürich"]
    assert namespace["best"](["Zürich", "Bern"])[0] == "Zürich"
    assert namespace["unique"](list(index.search("z"))) == set(index.search("z"))
    assert namespace["lookup"](index, 1) == "yes"
    assert namespace["lookup"](index, 9) == "2 <searchbar.Index 2 items, locale=None, mode='prefix'>"
    assert int(namespace["session_use"](index)[-2]) >= 1
    assert namespace["text_layer"]("Straße")[0] == "strasse"


def test_a_type_error_is_caught(tmp_path):
    # The check can fail: passing bytes where the API takes str is an error under --strict.
    result = mypy_strict(tmp_path, "wrong.py", "import searchbar\nsearchbar.fold(b'x')\n")
    assert result.returncode == 1 and "fold" in result.stdout, result.stdout


def oldest_python():
    """The oldest Python the package supports, from requires-python in bindings/python/pyproject.toml."""
    with open(os.path.join(REPO, "bindings", "python", "pyproject.toml"), encoding="utf-8") as f:
        return re.search(r'requires-python = ">=(3\.\d+)"', f.read()).group(1)


def test_the_whole_package_passes_mypy_strict(tmp_path):
    # Every module, internals included, fully annotated: `mypy --strict` over the package, for
    # the oldest Python it supports (an API newer than that is an error too). A copy outside
    # site-packages, where mypy reports (and does not hide) the package's errors.
    shutil.copytree(os.path.dirname(searchbar.__file__), tmp_path / "searchbar",
                    ignore=shutil.ignore_patterns("_lib", "__pycache__"))
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--python-version", oldest_python(), "--no-incremental",
         "--cache-dir", str(tmp_path / "cache"), "-p", "searchbar"],
        capture_output=True, text=True, timeout=600, cwd=str(tmp_path), env=mypy_env())
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_packages_agree_on_the_oldest_python():
    # The wheel (bindings/python) and the sdist (the repository root) declare the same floor.
    with open(os.path.join(REPO, "pyproject.toml"), encoding="utf-8") as f:
        root = re.search(r'requires-python = ">=(3\.\d+)"', f.read()).group(1)
    assert root == oldest_python()
