"""searchbar.filter(): one search over a list or mapping of strings, without keeping an Index.

Shaped like rapidfuzz's process.extract: each result is a (choice, score, key) tuple, best
first, where `key` is the choice's position in a sequence or its key in a mapping.
"""
from typing import Any, Callable, Hashable, List, Mapping, NamedTuple, Optional, Sequence, Tuple, Union

from ._index import CASES, TIEBREAKS, Hit, Index

#: The most hits one search returns (sb_search_options.limit's cap).
_MAX_LIMIT = 10000


class Match(NamedTuple):
    """One result of filter(): the `choice` as given, its `score` (the engine's ranking score:
    higher ranks first; comparable only within one call), its `key` (index in a sequence, key in
    a mapping) and `hit`, the search Hit (tier, highlights as str indices into the choice's
    text)."""

    choice: Any
    score: int
    key: Hashable
    hit: Hit


def filter(  # noqa: A001 (the name users expect, as rapidfuzz's process.extract is "extract")
    query: str,
    choices: Union[Sequence[Any], Mapping[Hashable, Any]],
    *,
    limit: Optional[int] = 5,
    locale: Optional[str] = None,
    mode: str = "prefix",
    processor: Optional[Callable[[Any], str]] = None,
    typos: bool = True,
    case: str = "folded",
    diacritics_sensitive: bool = False,
    tiebreak: str = "length",
) -> List[Match]:
    """The choices that match `query`, best first, as Match tuples (choice, score, key, hit)
    (unpack the first three as with rapidfuzz's process.extract).

    `choices` is a sequence (key: the position) or a mapping (key: the mapping's key, the
    value is the choice). Each choice is searched as the text `processor(choice)`, or the choice
    itself when it is a str (any other choice without a processor raises TypeError). `limit`
    caps the results (None: every match, up to the library's 10,000 hits per search); `mode` is 'prefix' (the default: words begin with the
    query's words, with typo tolerance unless typos=False), 'contains' or 'fuzzy' (the query's
    letters in order, as fzf). An empty query lists every choice, in collation order of their texts. `case`
    is "folded" (the default), "smart" (a query word with an upper-case letter matches only
    that case, as fzf) or "sensitive"; `diacritics_sensitive`: resume does not find résumé;
    `tiebreak` orders fuzzy matches of equal quality: "length" (the shorter text first, the
    default), "begin", "end" or "index" (as Index.search). Raises InvalidArgument (a
    ValueError) for a malformed locale, mode, limit, case or tiebreak."""
    if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit < 0):
        raise ValueError(f"limit must be a non-negative int or None, got {limit!r}")
    if not isinstance(case, str) or case not in CASES:
        raise ValueError(f"case must be one of {', '.join(CASES)}, got {case!r}")
    if not isinstance(tiebreak, str) or tiebreak not in TIEBREAKS:
        raise ValueError(f"tiebreak must be one of {', '.join(TIEBREAKS)}, got {tiebreak!r}")
    keys: List[Hashable]
    values: List[Any]
    if isinstance(choices, Mapping):
        keys = list(choices.keys())
        values = list(choices.values())
    else:
        values = list(choices)
        keys = list(range(len(values)))
    if limit == 0 or not values:
        return []
    items: List[Tuple[int, str]] = []
    for position, value in enumerate(values):
        text = processor(value) if processor is not None else value
        if not isinstance(text, str):
            raise TypeError(f"choice {keys[position]!r} is {type(text).__name__}, not str; pass processor=")
        items.append((position, text))
    with Index(locale=locale, mode=mode) as index:
        index.add(items)
        count = len(values) if limit is None else min(limit, len(values))
        hits = index.search(query, limit=min(count, _MAX_LIMIT), typos=typos, list_all=True, case=case,
                            diacritics_sensitive=diacritics_sensitive, tiebreak=tiebreak)
    return [Match(values[hit.id], hit.score, keys[hit.id], hit) for hit in hits]
