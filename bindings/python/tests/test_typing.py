"""The package's type hints hold: `mypy --strict` accepts the README's Python code and typed
code using the rest of the public API (the package ships py.typed)."""
import os
import re
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


def text_layer(text: str) -> tuple[str, list[str], bytes, int]:
    with searchbar.Collator("sv") as collator:
        key: bytes = collator.key(text)
        order: int = collator.compare(text, "a")
    return searchbar.fold(text), [t.key for t in searchbar.tokenize(text)], key, order
'''


def python_blocks():
    with open(os.path.join(REPO, "README.md"), encoding="utf-8") as f:
        return re.findall(r"```python\n(.*?)```", f.read(), flags=re.S)


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
        capture_output=True, text=True, timeout=600)


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
    exec(compile(TYPED_USE, "typed_use.py", "exec"), {})  # and it runs


def test_a_type_error_is_caught(tmp_path):
    # The check can fail: passing bytes where the API takes str is an error under --strict.
    result = mypy_strict(tmp_path, "wrong.py", "import searchbar\nsearchbar.fold(b'x')\n")
    assert result.returncode == 1 and "fold" in result.stdout, result.stdout
