"""The built-in sample dataset the library builds from ICU's own data."""
from __future__ import annotations

import ctypes
from typing import Any, Iterable

from ._ffi import lib, sb_item
from ._ranges import checked

#: Sample scopes in scope-number order: 0 Characters ... 5 Currencies.
SAMPLE_SCOPES: list[str] = [lib.sb_sample_scope_title(i).decode("utf-8") for i in range(6)]


def sample_items(scopes: Iterable[int | str] | None = None) -> list[dict[str, Any]]:
    """The sample items as dicts {"id", "title", "subtitle", "keywords", "scope", "weight"}:
    Unicode characters and emoji by name, language and country names in many locales, time-zone
    cities and currency names (about 185,000 items). A name's weight is its reach: how many of
    the display locales call the same thing by that name (0 for characters and emoji), so the
    more widely used spelling ranks first among equal hits. `scopes`: scope numbers or titles
    to build."""
    mask = 0
    for scope in scopes or ():
        number = SAMPLE_SCOPES.index(scope) if isinstance(scope, str) else scope
        mask |= 1 << number
    items = ctypes.POINTER(sb_item)()
    count = ctypes.c_size_t()
    lib.sb_sample_items(checked(mask, "uint32_t", "scopes (as a bit mask)"), ctypes.byref(items), ctypes.byref(count))
    try:
        out = []
        for i in range(count.value):
            it = items[i]
            out.append({
                "id": it.id,
                "title": ctypes.string_at(it.title, it.title_len).decode("utf-8"),
                "subtitle": ctypes.string_at(it.subtitle, it.subtitle_len).decode("utf-8"),
                "keywords": ctypes.string_at(it.keywords, it.keywords_len).decode("utf-8"),
                "scope": it.scope,
                "weight": it.weight,
            })
        return out
    finally:
        lib.sb_free(items)
