"""Every public i18n case (Tests/Fixtures/i18n-cases.json) through the public Python API:
match cases as index searches in prefix mode, token and sort cases through tokenize() / sort()."""
import pytest

import searchbar
from conftest import load_cases

CASES = load_cases()


def matches(case):
    """Whether a prefix-mode index holding the case's item finds it for the case's query."""
    with searchbar.Index(locale=case["locale"], mode="prefix") as index:
        index.add([(1, case["item"])])
        return [h.id for h in index.search(case["query"])] == [1]


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
