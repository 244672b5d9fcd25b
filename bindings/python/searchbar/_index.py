"""searchbar.Index: items, searches in prefix / contains / fuzzy mode, hits with highlights."""
from __future__ import annotations

import array
import ctypes
import math
import operator
import os
import struct
import threading
import types
from dataclasses import dataclass, field as dataclass_field
from typing import Any, Callable, Iterable, Mapping, Optional, Sequence, Tuple, Union, cast

from . import _ffi, _lifetime
from ._ffi import (lib, packed_utf8, sb_attribute, sb_field_entry, sb_filter, sb_hit_entry, sb_index, sb_index_options,
                   separated_utf8, sb_item, sb_packed_items, sb_range, sb_results, sb_search_options, size_t_view)
from ._ranges import checked
from ._text import _encode, _locale
from .enums import Field, FilterKind, MatchMode, Tiebreak, Unit, lowercase_names
from .errors import InvalidArgument, NotFound, SearchBarError, Status, error_for

MODES: dict[str | None, int] = {None: 0, **{name: value for value, name in enumerate(lowercase_names(MatchMode))}}
FIELDS = lowercase_names(Field)
TIERS = {7: "exact", 6: "title_prefix", 5: "prefixes_in_order", 4: "prefixes_any_order", 3: "infix", 2: "typo", 1: "fuzzy"}
#: TIERS as a tuple indexed by tier number (a tier the binding does not know is its number).
_TIER_NAMES = tuple(TIERS.get(tier, str(tier)) for tier in range(max(TIERS) + 1))
SEARCH_EXTENDED = 1
SEARCH_NO_TYPOS = 2
SEARCH_LIST_ALL = 4
SEARCH_EXACT_TOTAL = 8
SEARCH_SMART_CASE = 16
SEARCH_CASE_SENSITIVE = 32
SEARCH_DIACRITICS_SENSITIVE = 64
#: The values of `case=`: how letter case is compared.
CASES = {"folded": 0, "smart": SEARCH_SMART_CASE, "sensitive": SEARCH_CASE_SENSITIVE}
#: The values of `tiebreak=` (fzf's names): what orders fuzzy hits of equal quality.
TIEBREAKS = {name: value for value, name in enumerate(lowercase_names(Tiebreak))}
#: An item: a dict {"id", "title", "subtitle", "keywords", "scope", "weight", "attributes"} or a
#: tuple (id, title[, subtitle[, keywords[, scope[, weight]]]]).
Item = Union[Mapping[str, Any], Sequence[Any]]
#: A search's scopes: one scope number, several, or None for every scope.
Scopes = Union[int, Iterable[int], None]
#: A search's filters: {attribute: "text"} or {attribute: (min or None, max or None)}.
Filters = Optional[Mapping[str, Union[str, Tuple[Optional[float], Optional[float]]]]]
#: The largest `offset` a search takes (SB_SEARCH_MAX_OFFSET).
MAX_OFFSET = 10000


@dataclass(frozen=True)
class Hit:
    """One search result. `highlights` are (start, end) Python string indices into the text of
    `field` ('title', 'subtitle' or 'keywords'), which `text` holds. `other_highlights` maps
    each other field where the query matched to its highlights (a title hit whose subtitle also
    holds a query word has 'subtitle' there; a read-only mapping, empty for most hits);
    highlights_in(field) gives any field's. `title`, `subtitle` and `keywords` are the item's
    texts."""

    id: int
    score: int
    field: str
    tier: str
    highlights: list[tuple[int, int]] = dataclass_field(default_factory=list)
    text: str = ""
    title: str = ""
    subtitle: str = ""
    keywords: str = ""
    other_highlights: Mapping[str, list[tuple[int, int]]] = dataclass_field(default_factory=dict)

    def __hash__(self) -> int:
        # The dataclass hash would hash the highlight list and mapping, which cannot be hashed;
        # equal hits have equal identity, score, field, text and highlights.
        return hash((self.id, self.score, self.field, self.tier, self.text, tuple(self.highlights)))

    def highlights_in(self, field: str) -> list[tuple[int, int]]:
        """The highlights in `field` ('title', 'subtitle' or 'keywords'): `highlights` for the
        hit's own field, else those of `other_highlights` (an empty list when none matched)."""
        return self.highlights if field == self.field else self.other_highlights.get(field, [])


class Hits(list[Hit]):
    """The hits of one search, best first (a list of Hit), with `total`, the number of items
    that matched (the hits, those skipped by `offset` and those beyond `limit`), and
    `total_is_exact`: True when `total` is exact (always with exact_total=True; otherwise when
    every match fitted in offset + limit, or an empty query lists every item), False when it is
    a lower bound (offset + limit: show "50+")."""

    total: int = 0
    total_is_exact: bool = True


def _mode(mode: object) -> int:
    if mode not in MODES:
        raise ValueError(f"mode must be one of prefix, contains, fuzzy (got {mode!r})")
    return MODES[mode]


def _path(path: object) -> bytes:
    if not isinstance(path, (str, bytes, os.PathLike)):
        raise TypeError(f"path must be a str or os.PathLike, got {type(path).__name__}")
    encoded = os.fsencode(path)
    if not encoded or b"\0" in encoded:
        raise ValueError("path must be non-empty and hold no NUL")
    return encoded


class _Item:
    """Keeps the encoded strings of one sb_item alive while C reads them."""

    __slots__ = ("texts", "attributes", "struct")
    texts: list[bytes | str]
    attributes: ctypes.Array[sb_attribute]
    struct: sb_item


def _fields(item: Item) -> tuple[Any, ...]:
    """(id, title, subtitle, keywords, scope, weight, attributes) of a dict or tuple item."""
    if isinstance(item, dict):
        missing = [key for key in ("id", "title") if key not in item]
        if missing:
            raise ValueError(f"an item dict needs 'id' and 'title' (missing {', '.join(map(repr, missing))})")
        get = item.get
        fields: tuple[Any, ...] = (item["id"], item["title"], get("subtitle") or "", get("keywords") or "", get("scope", 0),
                  get("weight", 0.0), get("attributes") or {})
    else:
        try:
            values: tuple[Any, ...] = tuple(item)
        except TypeError:
            raise TypeError(f"an item must be a dict or a tuple, not {type(item).__name__}") from None
        if len(values) < 2:
            raise ValueError("an item tuple needs at least (id, title)")
        fields = (values[0], values[1], values[2] if len(values) > 2 and values[2] else "",
                  values[3] if len(values) > 3 and values[3] else "", values[4] if len(values) > 4 else 0,
                  values[5] if len(values) > 5 else 0.0, {})
    if isinstance(fields[3], (list, tuple)):
        fields = fields[:3] + (" ".join(fields[3]),) + fields[4:]
    return fields


def _check_ids(ids: Iterable[Any]) -> array.array[int]:
    """ids as an array.array of uint64, or ValueError naming the first bad one."""
    try:
        return array.array("Q", ids)
    except (OverflowError, TypeError):
        for item_id in ids:
            if not isinstance(item_id, int) or not 0 <= item_id < 2**64:
                raise ValueError(f"item id must be an int in [0, 2**64), got {item_id!r}") from None
        raise


class _Packed:
    """The columns of one sb_index_add_packed() batch and the buffers they point into."""

    __slots__ = ("struct", "keep")
    struct: sb_packed_items
    keep: list[object]


_first = operator.itemgetter(0)
_second = operator.itemgetter(1)

# Batches of at least this many items give the memory of their packed copy back to the system.
_RELEASE_AFTER = 65536


def _pair_columns(items: Sequence[Item]) -> tuple[list[Any], list[Any]] | None:
    """(ids, titles) when every item is an (id, title) tuple, or every item a dict with the keys
    "id" and "title" and no other; else None. Read column by column in list comprehensions,
    which costs a fraction of reading each item's seven fields (20x less for 1 M dicts)."""
    if type(items[0]) is tuple:
        # Whole-list passes in C (map, set) rather than a Python loop per item: half the time.
        if set(map(type, items)) == {tuple} and set(map(len, items)) == {2}:
            pairs = cast("Sequence[tuple[Any, Any]]", items)
            return list(map(_first, pairs)), list(map(_second, pairs))
        return None
    dicts = cast("Sequence[dict[str, Any]]", items)
    try:
        ids, titles = [item["id"] for item in dicts], [item["title"] for item in dicts]
    except (KeyError, TypeError, IndexError):
        return None  # not all such dicts: the general path reads them (and names what is wrong)
    return (ids, titles) if all(type(item) is dict and len(item) == 2 for item in dicts) else None


def _packed(items: Sequence[Item], checked: bool = False) -> _Packed | None:
    """The batch as packed columns, or None when an item has attributes (those go through
    sb_item structs). Text columns are NUL-separated; `checked`: a column whose texts hold NUL
    goes with offsets instead, else it is left to the library to refuse (``Index.add`` then
    packs the batch again, checked)."""
    pairs = _pair_columns(items)
    columns: tuple[list[Any], list[Any] | None, list[Any] | None]
    scopes: list[Any] | None = None
    weights: list[Any] | None = None
    if pairs is not None:  # the common (id, title) and {"id", "title"} forms
        ids: list[Any] = pairs[0]
        columns = (pairs[1], None, None)
    else:
        rows = [_fields(item) for item in items]
        if any(row[6] for row in rows):
            return None
        ids, titles, subtitles, keywords, scopes, weights, _ = (list(column) for column in zip(*rows))
        columns = (titles, subtitles if any(subtitles) else None, keywords if any(keywords) else None)
        if not any(scopes):
            scopes = None
        if not any(weights):
            weights = None
    packed = _Packed()
    packed.keep = []
    c = sb_packed_items(count=len(items))
    id_array = _check_ids(ids)
    packed.keep.append(id_array)
    c.ids = (ctypes.c_uint64 * len(id_array)).from_buffer(id_array)
    for (buffer_field, offsets_field, name), texts in zip(
            (("titles", "title_offsets", "title"), ("subtitles", "subtitle_offsets", "subtitle"),
             ("keywords", "keyword_offsets", "keywords")), columns):
        if texts is None:
            continue
        try:
            # NUL-separated (the library finds each text's start on its threads), unless checked
            # and a text holds NUL: then this column alone gets offsets.
            joined = separated_utf8(texts, name, checked=checked)
            if joined is not None:
                c.nul_separated = 1
                setattr(c, buffer_field, joined)
                setattr(c, buffer_field + "_length", len(joined))
                continue
            data, offsets = packed_utf8(texts, name)
        except TypeError:
            for text in texts:
                _encode(text, name)  # raises the binding's usual TypeError
            raise
        packed.keep.append(offsets)
        setattr(c, buffer_field, data)
        setattr(c, offsets_field, size_t_view(offsets))
    if scopes is not None:
        try:
            scope_array = array.array("I", scopes)
        except (OverflowError, TypeError):
            for scope in scopes:
                if not isinstance(scope, int) or not 0 <= scope < 2**32:
                    raise ValueError(f"item scope must be an int in [0, 2**32), got {scope!r}") from None
            raise
        packed.keep.append(scope_array)
        c.scopes = (ctypes.c_uint32 * len(scope_array)).from_buffer(scope_array)
    if weights is not None:
        weight_array = array.array("d", (float(w) for w in weights))
        packed.keep.append(weight_array)
        c.weights = (ctypes.c_double * len(weight_array)).from_buffer(weight_array)
    packed.struct = c
    return packed


def _add_packed(handle: Any, items: Sequence[Item], packed: _Packed) -> _Packed:
    """Adds a batch packed unchecked (``_packed``); returns the packing that was added."""
    try:
        lib.sb_index_add_packed(handle, ctypes.byref(packed.struct))
        return packed
    except InvalidArgument:
        # A text holding NUL gives its column one separator too many, which the library refuses
        # before it adds anything: such columns go again with offsets. Another invalid argument
        # (no column holds NUL) is raised as it is.
        retry = _packed(items, checked=True)
        if retry is None or not _has_offsets(retry.struct):
            raise
    lib.sb_index_add_packed(handle, ctypes.byref(retry.struct))
    return retry


def _has_offsets(c: sb_packed_items) -> bool:
    """True when a text column of `c` has offsets (in a checked packing: a text holds NUL)."""
    return bool(c.title_offsets or c.subtitle_offsets or c.keyword_offsets)


_new_object = object.__new__
#: Hit.other_highlights of a hit that matched in its own field only (read-only, shared).
_read_only = types.MappingProxyType
_NO_OTHERS: Mapping[str, list[tuple[int, int]]] = _read_only({})

# sb_hit_entry as struct.iter_unpack reads a copy of the array: id, score, field, tier, then six size_t.
_ENTRY = struct.Struct("=QQII6" + ("Q" if ctypes.sizeof(ctypes.c_size_t) == 8 else "I"))
assert _ENTRY.size == ctypes.sizeof(sb_hit_entry)
_ENTRY_SIZE = _ENTRY.size
_RANGE_SIZE = ctypes.sizeof(sb_range)
_SIZE_T_CODE = "Q" if ctypes.sizeof(ctypes.c_size_t) == 8 else "I"
_P_ENTRY = ctypes.POINTER(sb_hit_entry)
_P_FIELD = ctypes.POINTER(sb_field_entry)
_FIELD_SIZE = ctypes.sizeof(sb_field_entry)
# A hit's three sb_field_entry, as struct.iter_unpack reads them: four size_t per field.
_HIT_FIELDS = struct.Struct("=12" + ("Q" if ctypes.sizeof(ctypes.c_size_t) == 8 else "I"))
assert _HIT_FIELDS.size == 3 * _FIELD_SIZE
_P_CHAR = ctypes.POINTER(ctypes.c_char)
_P_RANGE = ctypes.POINTER(sb_range)
_P_RESULTS = ctypes.POINTER(sb_results)
_byref = ctypes.byref
_string_at = ctypes.string_at
#: The options structs of searches without scopes or filters, by (limit, type(limit), mode,
#: extended, typos, offset, type(offset), list_all, exact_total, case, diacritics_sensitive, tiebreak):
#: see Index._plain_options.
_PLAIN_OPTIONS: dict[tuple[Any, ...], sb_search_options] = {}
#: sb_unit: highlight ranges and text offsets in code points, i.e. Python string indices.
SB_UNIT_CODE_POINTS = Unit.CODE_POINTS


def _item_struct(item: Item) -> _Item:
    item_id, title, subtitle, keywords, scope, weight, attributes = _fields(item)
    if not isinstance(item_id, int) or not 0 <= item_id < 2**64:
        raise ValueError(f"item id must be an int in [0, 2**64), got {item_id!r}")
    if not isinstance(scope, int) or not 0 <= scope < 2**32:
        raise ValueError(f"item scope must be an int in [0, 2**32), got {scope!r}")
    keep = _Item()
    t, s, k = _encode(title, "title"), _encode(subtitle, "subtitle"), _encode(keywords, "keywords")
    keep.texts = [t, s, k, title, subtitle, keywords]
    attrs = (sb_attribute * max(1, len(attributes)))()
    for i, (name, value) in enumerate(attributes.items()):
        n = _encode(name, "attribute name")
        keep.texts.append(n)
        attrs[i].name, attrs[i].name_len = n, len(n)
        if isinstance(value, str):
            v = _encode(value, "attribute value")
            keep.texts.append(v)
            attrs[i].text, attrs[i].text_len = v, len(v)
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            attrs[i].number = float(value)
        else:
            raise TypeError(f"attribute {name!r} must be str or a number")
    keep.attributes = attrs
    keep.struct = sb_item(
        id=item_id, title=t, title_len=len(t), subtitle=s, subtitle_len=len(s), keywords=k,
        keywords_len=len(k), scope=scope, weight=float(weight),
        attributes=attrs if attributes else None, attribute_count=len(attributes),
    )
    return keep


class Index(_ffi.OwnedHandle):
    """An index of items that searches run on, safe to use from several threads: searches run
    on the process's one thread pool (shared by every index; `threads` caps how many of its
    threads one search of this index uses, 0 for all) and see one consistent snapshot while
    items are added/removed. Search callbacks run on a pool thread.

    Items are dicts {"id", "title", "subtitle", "keywords", "scope", "weight", "attributes"} or
    tuples (id, title[, subtitle[, keywords[, scope[, weight]]]]).

    With `transliterate=True`, item texts in Cyrillic, Greek, Armenian, Georgian, Hebrew,
    Arabic, Hangul, kana and Devanagari are also found by their Latin transliteration
    (`moskva` finds Москва, `athina` Αθήνα, `seoul` 서울) in every mode, with highlights on
    the original text; Han is read as pinyin (`beijing` finds 北京) only under a `zh` locale.
    Queries are not transliterated. The option is saved with the index (save()/open())."""

    _free = "sb_index_free"  # cancels pending asynchronous searches first
    _handle_type = sb_index

    def __init__(self, locale: str | None = None, mode: str | None = "prefix", threads: int = 0,
                 fields: Iterable[str] | None = None, transliterate: bool = False) -> None:
        mask = 0
        for name in fields or ():
            if name not in FIELDS:
                raise ValueError(f"unknown field {name!r}")
            mask |= 1 << FIELDS.index(name)
        handle = ctypes.POINTER(sb_index)()
        if not isinstance(transliterate, bool):
            raise TypeError(f"transliterate must be a bool, got {type(transliterate).__name__}")
        options = sb_index_options(mode=_mode(mode), fields=mask, locale=_locale(locale),
                                   max_threads=checked(threads, "uint32_t", "threads"),
                                   transliterate=int(transliterate))
        lib.sb_index_new(ctypes.byref(options), ctypes.byref(handle))
        self._handle = handle
        _lifetime.track_index(self)
        self._lock = threading.Lock()
        self._pending: dict[object, Any] = {}  # search token -> what C may still call back into
        self.locale = locale
        self.mode = mode or "prefix"
        self.transliterate = transliterate

    def save(self, path: str | os.PathLike[str]) -> None:
        """Saves the index to the file at `path` (docs/persistent-index.md): written to a
        temporary file beside it that replaces `path` atomically, so a crash during the save
        leaves the old file whole. Holds the items present when the save began.

        Raises FileError (OSError) when the file cannot be written, InvalidArgument for an
        empty path."""
        lib.sb_index_save(self._handle, _path(path))

    @classmethod
    def open(cls, path: str | os.PathLike[str], mode: str | None = None, threads: int = 0,
             verify: bool = False) -> "Index":
        """Opens an index saved by save(). The locale, default mode, fields and transliteration
        come from the file; `mode` overrides the default match mode, `threads` caps the pool threads a search
        uses (0: all). Adds and removes on the opened index live in memory until the next save.
        The file is mapped, not read: its large parts stay in the page cache, shared.

        The open checks the bounds the search relies on, and the texts' readers decode with
        repair, so a hostile file raises or gives wrong results, never
        crashes (texts always come back as valid str). With `verify=True` it also checks every
        section's checksum, the texts' UTF-8 and the sort orders (one more pass over
        the file): any damaged byte then raises CorruptFile, where without it a file damaged
        inside a large section may open and give wrong results.

        Raises NotFound (LookupError) when there is no file, FileError (OSError) when it cannot
        be read, CorruptFile when it is not an index file or is truncated, damaged or of another
        format version."""
        if not isinstance(verify, bool):
            raise TypeError(f"verify must be a bool, got {type(verify).__name__}")
        handle = ctypes.POINTER(sb_index)()
        options = sb_index_options(mode=MODES[None] if mode is None else _mode(mode),
                                   max_threads=checked(threads, "uint32_t", "threads"), verify=int(verify))
        lib.sb_index_open(_path(path), ctypes.byref(options), ctypes.byref(handle))
        index = cls.__new__(cls)
        index._handle = handle
        _lifetime.track_index(index)
        index._lock = threading.Lock()
        index._pending = {}
        stored = sb_index_options()
        lib.sb_index_get_options(handle, ctypes.byref(stored))
        index.locale = (stored.locale or b"").decode() or None
        index.mode = next(name for name, value in MODES.items() if value == stored.mode and name)
        index.transliterate = stored.transliterate == 1
        return index

    def add(self, items: Iterable[Item]) -> None:
        """Adds items (an id already present is replaced), in one batch: searches see all of
        them or none."""
        if not isinstance(items, list):
            items = list(items)
        if not items:
            return
        packed = _packed(items)
        if packed is not None:
            packed = _add_packed(self._handle, items, packed)
        else:
            kept = [_item_struct(item) for item in items]
            array_ = (sb_item * len(kept))(*(k.struct for k in kept))
            lib.sb_index_add(self._handle, array_, len(kept))
            del kept, array_
        if len(items) >= _RELEASE_AFTER:
            # The batch's packed copy (its size again) is freed now, after the index gave back
            # its own build memory; give this back too, or the allocator keeps it.
            del packed
            lib.sb_release_memory()

    def remove(self, ids: Iterable[int]) -> None:
        """Removes items by id (unknown ids are ignored)."""
        ids = list(ids)
        if not ids:
            return
        array_ = (ctypes.c_uint64 * len(ids))(*(checked(i, "uint64_t", "item id") for i in ids))
        lib.sb_index_remove(self._handle, array_, len(ids))

    def merge(self) -> None:
        """Merges the index's segments into one now, on the calling thread (a background merge
        that runs gives way rather than being waited for).
        Each add() makes a segment, which the index merges in the background on its own; call
        this after a bulk load for the fastest searches at once, or before save() for a file of
        one segment. Searches give the same results before and after."""
        lib.sb_index_merge(self._handle)

    def __len__(self) -> int:
        """The number of items in the index."""
        count = ctypes.c_size_t()
        lib.sb_index_count(self._handle, ctypes.byref(count))
        return count.value

    def __contains__(self, item_id: object) -> bool:
        """True when an item has this id (False for anything that is not a valid item id)."""
        if not isinstance(item_id, int) or isinstance(item_id, bool) or not 0 <= item_id < 2**64:
            return False
        item = ctypes.POINTER(sb_item)()
        try:
            lib.sb_index_get(self._handle, item_id, ctypes.byref(item))
        except NotFound:
            return False
        lib.sb_free(item)
        return True

    def __repr__(self) -> str:
        if not self._handle:
            return f"<searchbar.Index closed, locale={self.locale!r}, mode={self.mode!r}>"
        return f"<searchbar.Index {len(self)} items, locale={self.locale!r}, mode={self.mode!r}>"

    def get(self, item_id: int) -> dict[str, Any] | None:
        """The item with this id as a dict {"id", "title", "subtitle", "keywords", "scope",
        "weight", "attributes"} (texts as added, "" for a field the index does not store; the
        weight as it ranks, at float32 precision; attribute text values folded as filters compare
        them), or None when no item has it."""
        item = ctypes.POINTER(sb_item)()
        try:
            lib.sb_index_get(self._handle, checked(item_id, "uint64_t", "item id"), ctypes.byref(item))
        except NotFound:
            return None
        try:
            c = item.contents

            def text(struct: ctypes.Structure, name: str) -> str:
                # The pointer itself (a c_char_p field reads as bytes cut at the first NUL).
                pointer = ctypes.c_void_p.from_address(ctypes.addressof(struct) + getattr(type(struct), name).offset)
                length: int = getattr(struct, name + "_len")
                return _string_at(pointer.value or 0, length).decode("utf-8") if length else ""

            attributes: dict[str, str | float] = {}
            for k in range(c.attribute_count):
                a = c.attributes[k]
                attributes[text(a, "name")] = text(a, "text") if a.text is not None else a.number
            return {"id": c.id, "title": text(c, "title"), "subtitle": text(c, "subtitle"),
                    "keywords": text(c, "keywords"), "scope": c.scope, "weight": c.weight, "attributes": attributes}
        finally:
            lib.sb_free(item)

    def clear(self) -> None:
        """Removes every item (searches running meanwhile see all of them or none)."""
        lib.sb_index_clear(self._handle)

    def _options(self, limit: int, mode: str | None, scope: Scopes, filters: Filters, extended: bool, typos: bool,
                 offset: int = 0, list_all: bool = False, exact_total: bool = False, case: str = "folded",
                 diacritics_sensitive: bool = False, tiebreak: str = "length"
                 ) -> tuple[sb_search_options, list[object]]:
        if not isinstance(limit, int) or limit < 0:
            raise ValueError("limit must be a non-negative int")
        checked(limit, "size_t", "limit")
        if not isinstance(offset, int) or isinstance(offset, bool) or not 0 <= offset <= MAX_OFFSET:
            raise ValueError(f"offset must be an int in [0, {MAX_OFFSET}], got {offset!r}")
        keep: list[object] = []
        options = sb_search_options(mode=_mode(mode), limit=limit, offset=offset)
        if not isinstance(case, str) or case not in CASES:
            raise ValueError(f"case must be one of {', '.join(CASES)}, got {case!r}")
        if not isinstance(tiebreak, str) or tiebreak not in TIEBREAKS:
            raise ValueError(f"tiebreak must be one of {', '.join(TIEBREAKS)}, got {tiebreak!r}")
        options.tiebreak = TIEBREAKS[tiebreak]
        options.flags = ((SEARCH_EXTENDED if extended else 0) | (0 if typos else SEARCH_NO_TYPOS)
                         | (SEARCH_LIST_ALL if list_all else 0) | (SEARCH_EXACT_TOTAL if exact_total else 0)
                         | CASES[case] | (SEARCH_DIACRITICS_SENSITIVE if diacritics_sensitive else 0))
        if scope is not None:
            scopes = [scope] if isinstance(scope, int) else list(scope)
            scope_array = (ctypes.c_uint32 * len(scopes))(*(checked(x, "uint32_t", "scope") for x in scopes))
            keep.append(scope_array)
            options.scopes, options.scope_count = scope_array, len(scopes)
        if filters:
            array = (sb_filter * len(filters))()
            for i, (name, condition) in enumerate(filters.items()):
                n = _encode(name, "filter attribute")
                keep.append(n)
                array[i].attribute, array[i].attribute_len = n, len(n)
                if isinstance(condition, str):
                    v = _encode(condition, "filter value")
                    keep.append(v)
                    array[i].kind, array[i].text, array[i].text_len = FilterKind.EQUALS, v, len(v)
                else:
                    low, high = condition
                    array[i].kind = FilterKind.RANGE
                    array[i].min = -math.inf if low is None else float(low)
                    array[i].max = math.inf if high is None else float(high)
            keep.append(array)
            options.filters, options.filter_count = array, len(filters)
        return options, keep

    def search(self, query: str, limit: int = 50, mode: str | None = None, scope: Scopes = None,
               filters: Filters = None, extended: bool = False, typos: bool = True, offset: int = 0,
               list_all: bool = False, exact_total: bool = False, case: str = "folded",
               diacritics_sensitive: bool = False, tiebreak: str = "length") -> Hits:
        """The best hits for `query`, best first, as Hits (a list of Hit with `total` and
        `total_is_exact`). `scope`: an int or a list of ints; `filters`: {attribute: "text"}
        for equality or {attribute: (min, max)} for a number range (None for an open end);
        `extended`: fzf-like operators ('exact ^prefix suffix$ ^exact$ !not a | b; a\\ b puts a
        space in a term; the anchors skip blanks; every term that holds is highlighted) and
        filter tokens (scope:N, name:value, name>=N); `offset`: hits skipped first (page p of n
        is offset p * n, limit n; at most MAX_OFFSET); `list_all`: an empty query lists every
        item (heavier first, then by title), else it finds nothing; `exact_total`: count every
        match exactly, at the cost of examining every candidate; `case`: "folded" (the default),
        "smart" (a word with an upper-case letter matches only that case, as fzf does) or
        "sensitive"; `diacritics_sensitive`: résumé and resume are different words; `tiebreak`:
        what orders fuzzy-mode hits of equal quality, by fzf's names: "length" (the shorter text
        first, the default), "begin" (the earlier match), "end" (the match nearer the end) or
        "index" (nothing more: weight, then title collation, then id)."""
        data = _encode(query, "query")
        if scope is None and not filters:
            options = self._plain_options(limit, mode, extended, typos, offset, list_all, exact_total, case,
                                          diacritics_sensitive, tiebreak)
        else:
            options, _keep = self._options(limit, mode, scope, filters, extended, typos, offset, list_all, exact_total,
                                           case, diacritics_sensitive, tiebreak)
        results = _P_RESULTS()
        lib.sb_index_search(self._handle, data, len(data), _byref(options), _byref(results))
        return self._hits(results)

    def _plain_options(self, limit: int, mode: str | None, extended: bool, typos: bool, offset: int = 0,
                       list_all: bool = False, exact_total: bool = False, case: str = "folded",
                       diacritics_sensitive: bool = False, tiebreak: str = "length") -> sb_search_options:
        """The options struct of a search without scopes or filters, made once per distinct
        (limit, mode, extended, typos, offset, list_all, exact_total, case, diacritics_sensitive,
        tiebreak) and shared: C only reads it."""
        key = (limit, type(limit), mode, bool(extended), bool(typos), offset, type(offset), bool(list_all),
               bool(exact_total), case, bool(diacritics_sensitive), tiebreak)
        hashable = True
        try:
            options = _PLAIN_OPTIONS.get(key)
        except TypeError:  # an unhashable argument: _options raises what it always raised
            options = None
            hashable = False
        if options is None:
            options, _keep = self._options(limit, mode, None, None, extended, typos, offset, list_all, exact_total,
                                           case, diacritics_sensitive, tiebreak)
            if hashable:
                if len(_PLAIN_OPTIONS) >= 64:
                    _PLAIN_OPTIONS.clear()
                _PLAIN_OPTIONS[key] = options
        return options

    def search_async(self, query: str, callback: Callable[[Hits | SearchBarError], object], limit: int = 50,
                     mode: str | None = None, scope: Scopes = None, filters: Filters = None,
                     extended: bool = False, typos: bool = True, offset: int = 0, list_all: bool = False,
                     exact_total: bool = False, case: str = "folded", diacritics_sensitive: bool = False,
                     tiebreak: str = "length") -> int:
        """Starts a search on the index's threads; `callback(hits_or_exception)` runs once on a
        library thread with Hits (as search() returns), or a SearchBarError (SB_ECANCELED when
        cancelled). Returns a ticket for cancel()."""
        data = _encode(query, "query")
        options, keep = self._options(limit, mode, scope, filters, extended, typos, offset, list_all, exact_total,
                                      case, diacritics_sensitive, tiebreak)
        ticket = ctypes.c_uint64()
        token = object()

        def on_done(_context: object, done_ticket: int, status: int, results: Any) -> None:
            try:
                outcome: Hits | SearchBarError
                if status == 0:
                    outcome = self._hits(results)
                else:
                    outcome = error_for(status, "search did not complete", "sb_index_search_async")
                    if results:
                        lib.sb_results_free(results)
                callback(outcome)
            except BaseException as error:  # an exception must not cross into C
                import sys

                print(f"searchbar: exception in search callback: {error!r}", file=sys.stderr)
            finally:
                with self._lock:
                    self._pending.pop(token, None)

        c_callback = _ffi.sb_search_callback(on_done)
        with self._lock:
            self._pending[token] = (c_callback, options, keep, data)
        try:
            lib.sb_index_search_async(self._handle, data, len(data), ctypes.byref(options), c_callback, None,
                                      ctypes.byref(ticket))
        except SearchBarError:
            with self._lock:
                self._pending.pop(token, None)
            raise
        return ticket.value

    def cancel(self, ticket: int) -> bool:
        """Cancels an asynchronous search; False when it had already completed."""
        try:
            lib.sb_index_cancel(self._handle, checked(ticket, "uint64_t", "ticket"))
            return True
        except SearchBarError as error:
            if error.status == Status.ENOTFOUND:
                return False
            raise

    def _hits(self, results: Any) -> Hits:
        """The hits of a results handle as Hits; frees the handle. Three C calls lay the whole
        result out in code points (sb_results_export and sb_results_fields with
        SB_UNIT_CODE_POINTS, and sb_results_total): the text block is decoded once, each hit's
        texts are slices of it, and its highlights are already Python string indices."""
        hits = Hits()
        try:
            entries_p = _P_ENTRY()
            count = ctypes.c_size_t()
            text = _P_CHAR()
            text_len = ctypes.c_size_t()
            ranges = _P_RANGE()
            range_count = ctypes.c_size_t()
            lib.sb_results_export(results, SB_UNIT_CODE_POINTS, _byref(entries_p), _byref(count), _byref(text),
                                  _byref(text_len), _byref(ranges), _byref(range_count))
            total = ctypes.c_size_t()
            exact = ctypes.c_int32()
            lib.sb_results_total(results, _byref(total), _byref(exact))
            hits.total = total.value
            hits.total_is_exact = bool(exact.value)
            hit_count = count.value
            if not hit_count:
                return hits
            fields_p = _P_FIELD()
            field_count = ctypes.c_size_t()
            lib.sb_results_fields(results, SB_UNIT_CODE_POINTS, _byref(fields_p), _byref(field_count))
            entries = _string_at(entries_p, hit_count * _ENTRY_SIZE)
            field_entries = _string_at(fields_p, field_count.value * _FIELD_SIZE)
            block = _string_at(text, text_len.value).decode("utf-8") if text_len.value else ""
            bounds = array.array(_SIZE_T_CODE)
            if range_count.value:
                bounds.frombytes(_string_at(ranges, range_count.value * _RANGE_SIZE))
        finally:
            lib.sb_results_free(results)
        bound_iter = iter(bounds)
        pairs = list(zip(bound_iter, bound_iter))  # every highlight as a (start, end) tuple, hit after hit
        append = hits.append
        fields, tiers = FIELDS, _TIER_NAMES
        for (hit_id, score, field_no, tier, t_off, t_len, title_off, title_len, h_off, h_count), \
                (_, _, r0, c0, s_off, s_len, r1, c1, k_off, k_len, r2, c2) in \
                zip(_ENTRY.iter_unpack(entries), _HIT_FIELDS.iter_unpack(field_entries)):
            hit_text = block[t_off:t_off + t_len]
            hit = _new_object(Hit)  # what Hit(...) makes, at a third of the cost of the frozen __init__
            values = hit.__dict__
            values["id"] = hit_id
            values["score"] = score
            values["field"] = fields[field_no] if field_no < len(fields) else "title"
            values["tier"] = tiers[tier] if tier < len(tiers) else str(tier)
            values["highlights"] = pairs[h_off:h_off + h_count]
            values["text"] = hit_text
            values["title"] = hit_text if title_off == t_off and title_len == t_len else \
                block[title_off:title_off + title_len]
            values["subtitle"] = block[s_off:s_off + s_len] if s_len else ""
            values["keywords"] = block[k_off:k_off + k_len] if k_len else ""
            # Most hits match in their own field only: they share one read-only empty mapping,
            # so a search allocates no dict per hit.
            others = _NO_OTHERS
            if (c0 and field_no) or (c1 and field_no != 1) or (c2 and field_no != 2):
                matched: dict[str, list[tuple[int, int]]] = {}
                if c0 and field_no:
                    matched["title"] = pairs[r0:r0 + c0]
                if c1 and field_no != 1:
                    matched["subtitle"] = pairs[r1:r1 + c1]
                if c2 and field_no != 2:
                    matched["keywords"] = pairs[r2:r2 + c2]
                others = _read_only(matched)
            values["other_highlights"] = others
            append(hit)
        return hits
