"""Sources and sections of a session (Session inherits these methods): the sections a session
fills for each query from several sources, local indexes, the recents, the host's suggestions
and remote sources the host answers (see the C header's "Session: sources and sections").

Positions in highlights are str indices, as everywhere in the binding.
"""
from __future__ import annotations

import ctypes
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

from . import enums
from ._ffi import lib
from ._ranges import checked
from ._session_ffi import sb_section_item, sb_sections, sb_source_item, sb_source_options
from ._text import _encode, byte_to_index_map
from .enums import lowercase_names
from .errors import SB_ECANCELED, SearchBarError

if TYPE_CHECKING:
    from ._index import Index

P = ctypes.POINTER

#: The kinds add_source() takes: 'local_index', 'recents', 'suggestions', 'remote'.
SOURCE_KINDS = lowercase_names(enums.SourceKind)
#: A section's states: 'idle', 'pending', 'ready', 'failed'.
SECTION_STATES = lowercase_names(enums.SectionState)
_MODES = {"default": 0, "prefix": 1, "contains": 2, "fuzzy": 3}


@dataclass(frozen=True)
class SourceItem:
    """One item of a remote source's answer (answer_source()); `score` is the server's, higher
    is better, or None."""

    id: int
    title: str
    subtitle: str = ""
    score: float | None = None


@dataclass(frozen=True)
class SectionItem:
    """One item of a section: its texts, the source's score (None when it gave none) and the
    (start, end) str indices of the title and subtitle that match the query, made by the
    session with the same folding as a local index's."""

    id: int
    title: str
    subtitle: str
    score: float | None
    title_highlights: tuple[tuple[int, int], ...]
    subtitle_highlights: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Section:
    """One source's section of a query. `state` is one of SECTION_STATES; a 'failed' section
    has its `status` name ('SB_ETIMEDOUT', 'SB_EIO') and `message`."""

    source: int
    title: str
    state: str
    status: str
    message: str
    items: tuple[SectionItem, ...]


@dataclass(frozen=True)
class Sections:
    """The sections of the newest query (`generation`), one per source in source order."""

    generation: int
    sections: tuple[Section, ...]


def _text(pointer: Any, length: int) -> str:
    return ctypes.string_at(pointer, length).decode("utf-8") if pointer and length else ""


def _spans(text: str, ranges: Any, count: int) -> tuple[tuple[int, int], ...]:
    if not count:
        return ()
    positions = byte_to_index_map(text)
    return tuple((positions.get(ranges[k].start, 0), positions.get(ranges[k].end, len(text))) for k in range(count))


def _item(c: sb_section_item) -> SectionItem:
    title = _text(c.title, c.title_len)
    subtitle = _text(c.subtitle, c.subtitle_len)
    return SectionItem(c.id, title, subtitle, c.score if c.has_score else None,
                       _spans(title, c.title_highlights, c.title_highlight_count),
                       _spans(subtitle, c.subtitle_highlights, c.subtitle_highlight_count))


class SessionSources:
    """The source methods of Session."""

    _handle: Any
    _source_indexes: list[Index]

    def add_source(self, kind: str = "remote", *, title: str = "", index: Index | None = None, limit: int = 20,
                   priority: int = 0, timeout_ms: int = 0, min_query_length: int = 0, delay_ms: int = 0,
                   mode: str = "default") -> int:
        """Appends a source and returns its position (its section's place in `sections` and the
        `index` of its events). `kind` is one of SOURCE_KINDS; 'local_index' needs `index`
        (searched with `mode`: 'default' for the index's own, 'prefix', 'contains', 'fuzzy'),
        the other kinds take none. `limit` (1..1000) bounds the section's items; `priority`
        decides which section keeps an item several sources found when dedupe_sources is on;
        `timeout_ms` fails the section with SB_ETIMEDOUT (0: no limit); a text shorter than
        `min_query_length` characters leaves the source idle; `delay_ms` waits before asking.
        Times run on the session's clock. A remote source gets 'source_request' events: answer
        them with answer_source() or fail_source(); 'source_cancel' withdraws one."""
        if kind not in SOURCE_KINDS:
            raise ValueError(f"kind must be one of {SOURCE_KINDS}, not {kind!r}")
        if mode not in _MODES:
            raise ValueError(f"mode must be one of {tuple(_MODES)}, not {mode!r}")
        options = sb_source_options(
            kind=SOURCE_KINDS.index(kind), title=_encode(title, "title"),
            limit=checked(limit, "uint32_t", "limit"), priority=checked(priority, "int32_t", "priority"),
            timeout_ms=checked(timeout_ms, "uint32_t", "timeout_ms"),
            min_query_length=checked(min_query_length, "uint32_t", "min_query_length"),
            delay_ms=checked(delay_ms, "uint32_t", "delay_ms"), mode=_MODES[mode])
        position = ctypes.c_int64(-1)
        lib.sb_session_add_source(self._handle, index._handle if index is not None else None, ctypes.byref(options),
                                  ctypes.byref(position))
        if index is not None:
            self._source_indexes.append(index)  # the library keeps it alive; so does the binding
        return position.value

    @property
    def dedupe_sources(self) -> bool:
        """True when an item several sources found stays only in the section of the highest
        priority (the earlier source on a tie). False by default."""
        return getattr(self, "_dedupe_sources", False)

    @dedupe_sources.setter
    def dedupe_sources(self, on: bool) -> None:
        lib.sb_session_set_source_dedupe(self._handle, 1 if on else 0)
        self._dedupe_sources = bool(on)

    def answer_source(self, source: int, generation: int, items: Sequence[SourceItem]) -> bool:
        """Answers remote source `source`'s request for query `generation` with `items`, best
        first; the session highlights them. Returns False when the answer is late (a newer
        query, a cancel, the timeout or an earlier answer came first): it is dropped. Safe
        from any thread, and from inside the session's callbacks."""
        encoded = [(_encode(i.title), _encode(i.subtitle)) for i in items]
        array = (sb_source_item * len(items))()
        for k, (item, (title, subtitle)) in enumerate(zip(items, encoded)):
            array[k] = sb_source_item(checked(item.id, "uint64_t", "item id"), title, len(title), subtitle,
                                      len(subtitle), float(item.score) if item.score is not None else 0.0,
                                      0 if item.score is None else 1)
        return self._late_is_false(lib.sb_session_answer_source, source, generation, array, len(items))

    def fail_source(self, source: int, generation: int, message: str = "") -> bool:
        """Reports that remote source `source` could not answer query `generation`: its section
        shows as failed with `message`, the others stay. Returns False when late (dropped)."""
        return self._late_is_false(lib.sb_session_fail_source, source, generation, _encode(message))

    def _late_is_false(self, function: Any, source: int, generation: int, *args: Any) -> bool:
        try:
            function(self._handle, checked(source, "int64_t", "source"), checked(generation, "uint64_t", "generation"),
                     *args)
            return True
        except SearchBarError as error:
            if error.status == SB_ECANCELED:
                return False
            raise

    @property
    def sections(self) -> Sections:
        """The sections of the newest query, in source order (none before the first query and
        after a cancel), deduplicated when dedupe_sources is on."""
        pointer = P(sb_sections)()
        lib.sb_session_sections(self._handle, ctypes.byref(pointer))
        try:
            c = pointer.contents
            found = []
            for k in range(c.count):
                s = c.sections[k]
                status = lib.sb_status_string(s.status).decode() if s.status else "SB_OK"
                found.append(Section(s.source, ctypes.string_at(s.title).decode("utf-8"), SECTION_STATES[s.state],
                                     status, ctypes.string_at(s.message).decode("utf-8"),
                                     tuple(_item(s.items[n]) for n in range(s.item_count))))
            return Sections(c.generation, tuple(found))
        finally:
            lib.sb_free(pointer)
