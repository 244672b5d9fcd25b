"""Every public i18n case (Tests/Fixtures/i18n-cases.json) through the public Python API."""
import pytest

import searchbar
from conftest import load_cases

# Cases that need the engine's typo tolerance or query-word concatenation; they run as index
# searches in the engine's tests, not through fold/tokenize.
ENGINE_CASES = {84, 85, 87, 88, 90, 91}

CASES = [c for c in load_cases() if c["id"] not in ENGINE_CASES]


def matches(case):
    """prefix mode: every query word equals an item word, the last one prefixes an item word;
    words of scripts written without spaces match as substrings of the folded item."""
    locale = case["locale"]
    item_tokens = searchbar.tokenize(case["item"], locale=locale)
    item_keys = [t.key for t in item_tokens]
    folded_item = searchbar.fold(case["item"], locale=locale)
    query = searchbar.tokenize(case["query"], locale=locale)
    if not query:
        return False
    for position, token in enumerate(query):
        last = position == len(query) - 1
        if token.kind == "no_space_script":
            ok = token.key in folded_item
        elif last:
            ok = any(key.startswith(token.key) for key in item_keys)
        else:
            ok = token.key in item_keys
        if not ok:
            return False
    return True


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"case-{c['id']}-{c['locale']}")
def test_case(case):
    expect = case["expect"]
    if case["query"] == "(tokenize)":
        expected = [t.strip() for t in expect.split(":", 1)[1].split("|")]
        assert [t.text for t in searchbar.tokenize(case["item"], locale=case["locale"])
                if t.kind != "part"] == expected
    elif case["query"] == "(sort)":
        items = [s.strip() for s in case["item"].split(",")]
        expected = [s.strip() for s in expect.split(":", 1)[1].split("<")]
        assert searchbar.sort(items, locale=case["locale"]) == expected
    elif expect == "match":
        assert matches(case), case["note"]
    elif expect == "no match":
        assert not matches(case), case["note"]
    else:
        pytest.fail(f"unknown expectation {expect!r}")


def test_engine_cases_exist():
    ids = {c["id"] for c in load_cases()}
    assert ENGINE_CASES <= ids
