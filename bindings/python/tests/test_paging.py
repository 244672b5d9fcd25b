"""Paging is exact: page p of n (offset=p * n, limit=n) is the slice [p * n, p * n + n) of the
unpaged hits, in every mode, with scopes and filters, where titles share long starts
("Report 2024-01-01 ...", which tie on a title's first collation bytes) and where titles are
equal: the pages put together are the unpaged list, no hit twice, none skipped."""
import random

import pytest

import searchbar


@pytest.fixture(scope="module")
def reports():
    index = searchbar.Index(locale="en")
    rng = random.Random(28)
    ids = list(range(1, 421))
    rng.shuffle(ids)  # id order is not title order
    items = []
    for k, item_id in enumerate(ids):
        if k % 6 < 3:
            title = f"Report 2024-01-{k % 28 + 1:02d} sales {k % 37}"
        elif k % 6 == 3:
            title = "Report 2024-01-01 sales"
        elif k % 6 == 4:
            title = f"Reporting period {k % 11} summary"
        else:
            title = f"Quarterly report {k % 5}"
        items.append({"id": item_id, "title": title, "scope": k % 3,
                      "attributes": {"kind": "even" if k % 2 == 0 else "odd"}})
    index.add(items[:200])  # two batches: hits from more than one part of the index
    index.add(items[200:])
    yield index
    index.close()


CASES = [
    ("report", {}),
    ("report sa", {}),
    ("port", {"mode": "contains"}),
    ("rprt", {"mode": "fuzzy"}),
    ("report", {"scope": [1, 2]}),
    ("report", {"filters": {"kind": "even"}}),
    ("", {"list_all": True}),
]


@pytest.mark.parametrize("query,options", CASES)
@pytest.mark.parametrize("size", [1, 6, 25])
def test_pages_are_slices_of_the_unpaged_hits(reports, query, options, size):
    whole = [hit.id for hit in reports.search(query, limit=10000, **options)]
    assert len(whole) > 40 and len(set(whole)) == len(whole)
    paged = []
    for offset in range(0, len(whole) + size, size):
        page = [hit.id for hit in reports.search(query, limit=size, offset=offset, **options)]
        assert page == whole[offset:offset + size], (query, options, offset, size)
        paged += page
    assert paged == whole
