"""searchbar.Session: a headless search bar (UISearchBar + UISearchController) driven by the host.

Text positions are Python string indices; the binding converts them to the library's UTF-8
byte offsets. Events come three ways: callbacks (set_callbacks), a queue (next_event, events()),
and a file descriptor readable while events wait (fileno(), aevents() for asyncio).
"""
from __future__ import annotations

import ctypes
import sys
from typing import Any, AsyncIterator, Callable, Iterable, Iterator, Mapping, Sequence, TYPE_CHECKING
import threading
import weakref
from dataclasses import dataclass

from . import _lifetime, enums
from ._ffi import lib, sb_results, sb_session
from ._session_ffi import (
    sb_bar_item, sb_display, sb_event, sb_event_callback, sb_issued_query, sb_recent, sb_recents_policy,
    sb_search_timing, sb_search_token, sb_session_options, sb_suggestion, sb_veto_callback,
)
from ._ranges import checked
from ._session_sources import SessionSources
from ._text import _encode, _locale, byte_to_index_map
from .enums import lowercase_names
if TYPE_CHECKING:
    from ._index import Filters, Hit, Index, Scopes
from .errors import SB_ECANCELED, SB_EMISUSE, SB_EMPTY, SB_ETIMEDOUT, SearchBarError

P = ctypes.POINTER



def _event_kinds() -> tuple[str, ...]:
    """The event kinds the loaded library knows, by value, named from its own
    sb_event_kind_string() ('SB_EVENT_TEXT_DID_CHANGE' -> 'text_did_change')."""
    names: list[str] = []
    while True:
        name: str = lib.sb_event_kind_string(len(names)).decode("ascii")
        if name == "SB_EVENT_UNKNOWN" or len(names) > 4096:
            return tuple(names)
        names.append(name[len("SB_EVENT_"):].lower())


EVENT_KINDS = _event_kinds()
# The names Python takes and gives for the C enums' values: the header's, in lower case.
SCOPE_BAR = lowercase_names(enums.ScopeBarPolicy)
PLACEMENTS = lowercase_names(enums.BarPlacement)
CANCEL_BUTTON = lowercase_names(enums.CancelButtonPolicy)
AUTOCAPITALIZATION = lowercase_names(enums.Autocapitalization)
STYLES = lowercase_names(enums.BarStyle)
BAR_TONES = lowercase_names(enums.BarTone)
KEYBOARD_TYPES = lowercase_names(enums.KeyboardType)
TEXT_TRAITS = lowercase_names(enums.TextTrait)
RETURN_KEYS = lowercase_names(enums.ReturnKeyType)
TOKEN_KINDS = lowercase_names(enums.SearchTokenKind)
TRIGGERS = lowercase_names(enums.SearchTrigger)
SUGGESTION_SOURCES = lowercase_names(enums.SuggestionSource)
SUGGESTION_ACTIONS = lowercase_names(enums.SuggestionAction)


def _choice(value: object, names: Sequence[str], what: str) -> int:
    if value not in names:
        raise ValueError(f"{what} must be one of {', '.join(names)} (got {value!r})")
    return names.index(str(value))


def _read(pointer: Any, length: int) -> str:
    return ctypes.string_at(pointer, length).decode("utf-8") if pointer and length else ""


def _byte_offset(text: str, index: int) -> int:
    if not 0 <= index <= len(text):
        raise IndexError(f"position {index} is outside the text (length {len(text)})")
    return len(text[:index].encode("utf-8", "surrogatepass"))


@dataclass(frozen=True)
class Event:
    """One session event; `kind` is a name from EVENT_KINDS ('text_did_change', ...).
    'should_change_text': `range` is the (start, end) str indices of the text being replaced
    and `text` the replacement."""

    kind: str
    generation: int = 0
    text: str = ""
    index: int = -1
    previous_index: int = -1
    range: tuple[int, int] = (0, 0)
    count: int = 0
    host_value: int = 0
    status: int = 0
    #: 'update_search_results': the tokens the query was issued with (`index` is its scope and
    #: `count` the number of tokens; empty when the query was already superseded when read).
    #: 'source_request': the same tokens; `index` is the source, `previous_index` the scope.
    tokens: tuple[SearchToken, ...] = ()

    @staticmethod
    def _from_c(c: sb_event, session: Session | None = None) -> Event:
        kind = EVENT_KINDS[c.kind] if c.kind < len(EVENT_KINDS) else f"unknown_{c.kind}"
        tokens: tuple[SearchToken, ...] = ()
        if kind in ("update_search_results", "source_request") and session is not None and c.count:
            query = session.query(c.generation)
            tokens = query.tokens if query is not None else ()
        span = (c.range.start, c.range.end)
        if kind == "should_change_text" and session is not None:
            # The library gives UTF-8 bytes of the text being edited: make them str indices.
            positions = byte_to_index_map(session.text)
            span = (positions.get(span[0], span[0]), positions.get(span[1], span[1]))
        return Event(kind, c.generation, _read(c.text, c.text_len), c.index, c.previous_index,
                     span, c.count, c.host_value, c.status, tokens)


@dataclass(frozen=True)
class Query:
    """What a query was issued for (Session.query())."""

    generation: int
    text: str
    scope: int
    scope_title: str | None
    tokens: tuple[SearchToken, ...]


@dataclass(frozen=True)
class SearchToken:
    """A token before the text: kind 'term', 'scope' (value: an item scope number) or
    'attribute' (field + value: text, '>=N', '<=N', '>N', '<N' or 'N...M')."""

    label: str
    kind: str = "term"
    field: str = ""
    value: str = ""
    host_value: int = 0


@dataclass(frozen=True)
class BarItem:
    """A bar item beside the field; kind is 'host' or 'cancel'."""

    id: int
    title: str
    kind: str = "host"


@dataclass(frozen=True)
class Suggestion:
    """A suggestion: source 'recent', 'completion' or 'host'; action 'replace_text',
    'replace_word' or 'add_token' (with `token`)."""

    title: str
    completion: str = ""
    action: str = "replace_text"
    token: SearchToken | None = None
    host_value: int = 0
    source: str = "host"


@dataclass(frozen=True)
class Display:
    """Everything to draw, computed by the library in one call."""

    text: str
    placeholder: str
    prompt: str
    tokens: list[SearchToken]
    scope_titles: list[str]
    selected_scope: int
    leading_items: list[BarItem]
    trailing_items: list[BarItem]
    generation: int
    result_count: int
    placement: str
    style: str
    tint: int | None
    shows_placeholder: bool
    shows_prompt: bool
    shows_clear_button: bool
    shows_bookmark_button: bool
    shows_results_list_button: bool
    results_list_selected: bool
    shows_cancel_button: bool
    shows_scope_bar: bool
    is_active: bool
    is_editing: bool
    is_searching: bool
    is_stalled: bool
    bar_tone: str = "default"
    translucent: bool = True
    background: int = 0xFFFFFFFF
    light_content: bool = False
    keyboard_type: str = "default"
    autocorrection: str = "default"
    spell_checking: str = "default"
    return_key: str = "search"
    enables_return_key_automatically: bool = True
    return_key_enabled: bool = False
    search_results_title: str | None = None
    #: The (start, end) str indices of the text an input method is composing (to underline),
    #: or None when nothing is marked.
    marked_range: tuple[int, int] | None = None


def _token_from_c(c: sb_search_token) -> SearchToken:
    return SearchToken(_read(c.label, c.label_len), TOKEN_KINDS[c.kind] if c.kind < 3 else "term",
                 _read(c.field, c.field_len), _read(c.value, c.value_len), c.host_value)


class _CToken:
    """An sb_search_token with its buffers kept alive."""

    def __init__(self, token: SearchToken | str) -> None:
        if isinstance(token, str):
            token = SearchToken(token)
        self.buffers = [ctypes.create_string_buffer(_encode(s)) for s in (token.label, token.field, token.value)]
        lengths = [len(b) - 1 for b in self.buffers]
        cast = [ctypes.cast(b, P(ctypes.c_char)) for b in self.buffers]
        self.struct = sb_search_token(
            _choice(token.kind, TOKEN_KINDS, "token kind"), cast[0], lengths[0], cast[1], lengths[1],
            cast[2] if token.value else None, lengths[2] if token.value else 0,
            checked(token.host_value, "uint64_t", "token host_value"))


def _free_after_callback(handle: Any, callbacks: list[Any]) -> None:
    """Frees a session that was closed (or dropped) inside one of its own callbacks, where the
    library refuses to free it (SB_EMISUSE): a helper thread calls sb_session_free, which waits
    for the running callback to return, so the session and its event descriptor do not leak.
    The ctypes callbacks stay referenced until then: C may still be running them."""

    def free() -> None:
        try:
            lib.sb_session_free(handle)
        except SearchBarError:  # noqa: S110 (nothing to report to: its owner is gone)
            pass
        del callbacks[:]

    try:
        threading.Thread(target=free, name="searchbar-session-free", daemon=True).start()
    except RuntimeError:  # no new threads (interpreter shutdown): the process is ending anyway
        pass


def _enum_setter(function: Callable[..., object], names: Sequence[str], what: str) -> Callable[[Session, str], None]:
    """A property setter passing `value`, one of `names`, to `function` as its enum value."""

    def setter(session: Session, value: str) -> None:
        function(session._handle, _choice(value, names, what))

    return setter


class Session(SessionSources):
    """A search-bar session. `index`: a searchbar.Index to search, or None to search yourself
    (handle 'update_search_results' events and call deliver_results()). `clock`: Clock.SYSTEM
    (the default: the library's timer thread fires delayed searches and stall notices),
    Clock.MANUAL (time moves only with advance_clock(): deterministic tests; `manual_clock=True`
    says the same) or Clock.HOST (real time, but the host fires the timers on its own thread
    with run_due() when next_deadline() says, as a GLib, Qt or asyncio loop does)."""

    def __init__(self, index: Index | None = None, *, locale: str | None = None, recents_directory: str | None = None,
                 manual_clock: bool = False, queue_capacity: int = 0,
                 clock: enums.SessionClock | None = None) -> None:
        if clock is None:
            clock = enums.SessionClock.MANUAL if manual_clock else enums.SessionClock.SYSTEM
        elif manual_clock and clock != enums.SessionClock.MANUAL:
            raise ValueError("manual_clock=True contradicts clock=" + repr(clock))
        options = sb_session_options(
            locale=_locale(locale), recents_directory=recents_directory.encode() if recents_directory else None,
            clock=checked(int(clock), "uint32_t", "clock"),
            event_queue_capacity=checked(queue_capacity, "uint32_t", "queue_capacity"))
        handle = P(sb_session)()
        index_handle = index._handle if index is not None else None
        lib.sb_session_new(index_handle, ctypes.byref(options), ctypes.byref(handle))
        self._handle: Any = handle  # a POINTER(sb_session); None once closed
        self._index = index
        self._callbacks: tuple[Any, Any] | None = None
        self._source_indexes: list[Index] = []
        _lifetime.track_session(self)

    # -- lifecycle ---------------------------------------------------------------------------

    def close(self) -> None:
        """Frees the session (idempotent). From inside one of the session's own callbacks
        (including when its last reference is dropped there) the session is freed as soon as
        that callback has returned."""
        handle = getattr(self, "_handle", None)
        if not handle:
            return
        try:
            lib.sb_session_free(handle)
        except SearchBarError as error:
            if error.status != SB_EMISUSE:
                raise
            _free_after_callback(handle, [self._callbacks])
        self._handle = None
        self._callbacks = None

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # noqa: BLE001 (a finalizer must not raise)
            pass

    def __enter__(self) -> Session:
        """Returns the session; the `with` block's end closes it."""
        return self

    def __exit__(self, *exc: object) -> None:
        """Closes the session."""
        self.close()

    # -- text ----------------------------------------------------------------------------------

    @property
    def text(self) -> str:
        """The search text. Setting it is programmatic: no veto, no autocapitalization."""
        pointer = P(ctypes.c_char)()
        length = ctypes.c_size_t()
        lib.sb_session_get_text(self._handle, ctypes.byref(pointer), ctypes.byref(length))
        try:
            return _read(pointer, length.value)
        finally:
            lib.sb_free(pointer)

    @text.setter
    def text(self, value: str) -> None:
        data = _encode(value)
        lib.sb_session_set_text(self._handle, data, len(data))

    def insert(self, text: str, at: int | None = None) -> bool:
        """Types `text` at string index `at` (default: the end). Returns False when vetoed."""
        current = self.text
        offset = _byte_offset(current, len(current) if at is None else at)
        data = _encode(text)
        return self._vetoable(lib.sb_session_insert_text, offset, data, len(data))

    def type(self, text: str) -> None:
        """Types `text` one character at a time at the end, as a keyboard would."""
        for character in text:
            self.insert(character)

    def replace(self, start: int, end: int, text: str) -> bool:
        """Replaces string indices [start, end) with typed `text`. Returns False when vetoed."""
        current = self.text
        data = _encode(text)
        return self._vetoable(lib.sb_session_replace_text, _byte_offset(current, start), _byte_offset(current, end),
                              data, len(data))

    def delete(self, start: int, end: int) -> bool:
        """Deletes string indices [start, end). Returns False when vetoed."""
        current = self.text
        return self._vetoable(lib.sb_session_delete_text, _byte_offset(current, start), _byte_offset(current, end))

    def backspace(self, at: int | None = None) -> bool:
        """Deletes the user-perceived character before string index `at` (default: the end)
        by the library's grapheme rules (Unicode's extended grapheme clusters: an emoji with its
        modifiers or ZWJ sequence, a flag, a letter with its combining marks, a Hangul syllable
        in jamo, an Indic conjunct, a Prepend mark), or the last token when the text is empty
        and `at` is None. Marked text is committed first. Returns False when vetoed."""
        current = self.text
        if not current and at is None:
            tokens = self.display().tokens
            if tokens:
                self.remove_token(len(tokens) - 1)
            return True
        offset = _byte_offset(current, len(current) if at is None else at)
        return self._vetoable(lib.sb_session_delete_backward, offset, None)

    def delete_forward(self, at: int) -> bool:
        """Deletes the user-perceived character after string index `at` (forward delete, by
        the same rules as backspace()); nothing at the end. Returns False when vetoed."""
        return self._vetoable(lib.sb_session_delete_forward, _byte_offset(self.text, at), None)

    def set_marked_text(self, text: str, start: int | None = None, end: int | None = None) -> bool:
        """An input method's pre-edit (UIKit setMarkedText): while text is marked, `text`
        replaces the marked range (`start` and `end` are ignored); otherwise it replaces str
        indices [start, end) (default: `end` = `start`, `start` = the end of the text). `text`
        becomes the marked range (marked_range, Display.marked_range) and is searched as
        composed; an empty `text` removes the marked text. unmark_text() commits it; other
        edits and submit() commit it first; setting the text, clear() and cancel() drop it.
        Returns False when vetoed."""
        current = self.text
        if start is None:
            start = len(current) if end is None else end
        if end is None:
            end = start
        data = _encode(text)
        return self._vetoable(lib.sb_session_set_marked_text, _byte_offset(current, start), _byte_offset(current, end),
                              data, len(data))

    def unmark_text(self) -> None:
        """Commits the marked text (UIKit unmarkText): the text stays, nothing is marked."""
        lib.sb_session_unmark_text(self._handle)

    @property
    def marked_range(self) -> tuple[int, int] | None:
        """The (start, end) str indices of the marked text, or None when nothing is marked."""
        return self.display().marked_range

    def _vetoable(self, function: Callable[..., object], *args: Any) -> bool:
        try:
            function(self._handle, *args)
            return True
        except SearchBarError as error:
            if error.status == SB_ECANCELED:
                return False
            raise

    # -- configuration -----------------------------------------------------------------------

    def _set_text_property(self, function: Callable[..., object], value: str) -> None:
        data = _encode(value)
        function(self._handle, data, len(data))

    placeholder = property(lambda self: self.display().placeholder,
                           lambda self, v: self._set_text_property(lib.sb_session_set_placeholder, v),
                           doc="Shown only while there is no text and no token.")
    prompt = property(lambda self: self.display().prompt,
                      lambda self, v: self._set_text_property(lib.sb_session_set_prompt, v),
                      doc="A line above the bar, shown with or without text.")

    @property
    def scope_titles(self) -> list[str]:
        """The scope bar's titles."""
        return self.display().scope_titles

    @scope_titles.setter
    def scope_titles(self, titles: Iterable[str]) -> None:
        encoded = [_encode(t) for t in titles]
        array = (ctypes.c_char_p * len(encoded))(*encoded)
        lengths = (ctypes.c_size_t * len(encoded))(*[len(e) for e in encoded])
        lib.sb_session_set_scope_titles(self._handle, array, lengths, len(encoded))

    @property
    def selected_scope(self) -> int:
        """The selected scope; setting it is silent (the user's tap is select_scope())."""
        return self.display().selected_scope

    @selected_scope.setter
    def selected_scope(self, index: int) -> None:
        lib.sb_session_set_selected_scope(self._handle, checked(index, "int64_t", "selected_scope"))

    scope_bar = property(None, _enum_setter(lib.sb_session_set_scope_bar_policy, SCOPE_BAR, "scope_bar"),
                         doc="'automatic' (while active), 'always' or 'never'.")
    placement = property(lambda self: self.display().placement,
                         _enum_setter(lib.sb_session_set_placement, PLACEMENTS, "placement"),
                         doc="'content' or 'navigation_bar' (no scope bar there).")
    cancel_button = property(None, _enum_setter(lib.sb_session_set_cancel_button_policy, CANCEL_BUTTON, "cancel_button"),
                             doc="'automatic' (while active), 'always' or 'never'.")
    autocapitalization = property(None, _enum_setter(lib.sb_session_set_autocapitalization, AUTOCAPITALIZATION,
                                                     "autocapitalization"),
                                  doc="'none', 'words', 'sentences' or 'all_characters'.")
    style = property(lambda self: self.display().style, _enum_setter(lib.sb_session_set_style, STYLES, "style"),
                     doc="'default' (a new session's; drawn prominent), 'prominent' or 'minimal'; clears a custom tint.")
    bar_tone = property(lambda self: self.display().bar_tone, _enum_setter(lib.sb_session_set_bar_tone, BAR_TONES, "bar_tone"),
                        doc="UIKit barStyle: 'default' (white, dark text) or 'black' (light text); "
                            "'black_opaque' / 'black_translucent' also set translucent. Clears a custom tint.")
    translucent = property(lambda self: self.display().translucent,
                           lambda self, v: lib.sb_session_set_translucent(self._handle, 1 if v else 0),
                           doc="The bar lets the content show through (default True).")
    keyboard_type = property(lambda self: self.display().keyboard_type,
                             _enum_setter(lib.sb_session_set_keyboard_type, KEYBOARD_TYPES, "keyboard_type"),
                             doc="The keyboard the host's field shows (UIKeyboardType names in snake_case).")
    autocorrection = property(lambda self: self.display().autocorrection,
                              _enum_setter(lib.sb_session_set_autocorrection, TEXT_TRAITS, "autocorrection"),
                              doc="'default', 'no' or 'yes', for the host's field.")
    spell_checking = property(lambda self: self.display().spell_checking,
                              _enum_setter(lib.sb_session_set_spell_checking, TEXT_TRAITS, "spell_checking"),
                              doc="'default', 'no' or 'yes', for the host's field.")
    return_key = property(lambda self: self.display().return_key,
                          _enum_setter(lib.sb_session_set_return_key_type, RETURN_KEYS, "return_key"),
                          doc="The return key's title (UIReturnKeyType names; default 'search').")
    enables_return_key_automatically = property(
        lambda self: self.display().enables_return_key_automatically,
        lambda self, v: lib.sb_session_set_enables_return_key_automatically(self._handle, 1 if v else 0),
        doc="Disable the return key while the field is empty (default True); see Display.return_key_enabled.")
    tint = property(lambda self: self.display().tint,
                    lambda self, rgba: lib.sb_session_set_tint(self._handle, checked(rgba, "uint32_t", "tint")),
                    doc="A custom tint 0xRRGGBBAA (None when the style wins); overrides the style.")
    @property
    def search_results_title(self) -> str | None:
        """The results' title (UISearchDisplayController.searchResultsTitle); None: the host's default."""
        return self.display().search_results_title

    @search_results_title.setter
    def search_results_title(self, title: str | None) -> None:
        if title is None:
            lib.sb_session_set_search_results_title(self._handle, None, 0)
        else:
            data = _encode(title)
            lib.sb_session_set_search_results_title(self._handle, data, len(data))

    cancel_button_title = property(None, lambda self, v: self._set_text_property(lib.sb_session_set_cancel_button_title, v))
    shows_bookmark_button = property(
        lambda self: self.display().shows_bookmark_button,
        lambda self, v: lib.sb_session_set_shows_bookmark_button(self._handle, 1 if v else 0),
        doc="Enable the bookmark button (visible only while the field is empty).")
    shows_results_list_button = property(
        lambda self: self.display().shows_results_list_button,
        lambda self, v: lib.sb_session_set_shows_results_list_button(self._handle, 1 if v else 0))
    results_list_selected = property(
        lambda self: self.display().results_list_selected,
        lambda self, v: lib.sb_session_set_results_list_selected(self._handle, 1 if v else 0))

    active = property(lambda self: self.display().is_active,
                      lambda self, v: lib.sb_session_set_active(self._handle, 1 if v else 0),
                      doc="The search interface is presented (UISearchController.isActive).")

    def set_items(self, items: Iterable[BarItem | tuple[int, str]], trailing: bool = False) -> None:
        """Sets host items (BarItem or (id, title)) beside the field, shown while active."""
        bar_items = [i if isinstance(i, BarItem) else BarItem(*i) for i in items]
        buffers = [ctypes.create_string_buffer(_encode(i.title, "item title")) for i in bar_items]
        array = (sb_bar_item * len(bar_items))(
            *[sb_bar_item(0, checked(i.id, "uint64_t", "item id"), ctypes.cast(b, P(ctypes.c_char)), len(b) - 1)
              for i, b in zip(bar_items, buffers)])
        lib.sb_session_set_items(self._handle, 1 if trailing else 0, array, len(bar_items))
        del buffers  # C copied the titles

    @property
    def timing(self) -> dict[str, Any]:
        """The search-timing policy as a dict (delays in milliseconds)."""
        c = sb_search_timing()
        lib.sb_session_get_timing(self._handle, ctypes.byref(c))
        return {
            "trigger": TRIGGERS[c.trigger], "delay_ms": c.delay_ms,
            "shrinking": None if not c.shrinking else (c.shrink_initial_ms, c.shrink_step_ms, c.shrink_minimum_ms),
            "minimum_characters": c.minimum_characters, "immediate_on_clear": bool(c.immediate_on_clear),
            "stall_ms": c.stall_ms,
        }

    @timing.setter
    def timing(self, values: Mapping[str, Any]) -> None:
        merged = {**self.timing, **values}
        shrinking = merged["shrinking"]
        if shrinking is True or shrinking == "webkit":
            shrinking = (600, 100, 200)
        shrink_names = ("shrinking[0] (initial ms)", "shrinking[1] (step ms)", "shrinking[2] (minimum ms)")
        c = sb_search_timing(
            _choice(merged["trigger"], TRIGGERS, "trigger"), checked(merged["delay_ms"], "uint32_t", "delay_ms"),
            1 if shrinking else 0,
            *(checked(v, "uint32_t", n) for v, n in zip(shrinking or (0, 0, 0), shrink_names, strict=True)),
            checked(merged["minimum_characters"], "uint32_t", "minimum_characters"),
            1 if merged["immediate_on_clear"] else 0, checked(merged["stall_ms"], "uint32_t", "stall_ms"))
        lib.sb_session_set_timing(self._handle, ctypes.byref(c))

    # -- user actions ------------------------------------------------------------------------

    def begin_editing(self) -> bool:
        """The field takes the focus. Returns False when vetoed."""
        return self._vetoable(lib.sb_session_begin_editing)

    def end_editing(self) -> bool:
        """The field loses the focus. Returns False when vetoed."""
        return self._vetoable(lib.sb_session_end_editing)

    def submit(self) -> None:
        """The user submitted (Search / Return): a 'search_button' event, the text joins the
        recent searches and a search runs at once whatever the timing policy."""
        lib.sb_session_submit(self._handle)

    def cancel(self) -> None:
        """The Cancel button (or Escape): a 'cancel_button' event; tokens and text are removed,
        the running search is superseded, the field loses the focus and the search is dismissed."""
        lib.sb_session_cancel(self._handle)

    def clear(self) -> None:
        """The clear button: a 'clear' event, tokens and text removed and a search at once
        (nothing happens on an empty field)."""
        lib.sb_session_clear(self._handle)

    def select_scope(self, index: int) -> bool:
        """The user tapped a scope. Returns False when vetoed."""
        return self._vetoable(lib.sb_session_select_scope, checked(index, "int64_t", "index"))

    def add_token(self, token: SearchToken | str, index: int = -1) -> None:
        """Inserts a SearchToken (or a term string) before the text; index -1 appends."""
        c = _CToken(token)
        lib.sb_session_insert_token(self._handle, checked(index, "int64_t", "index"), ctypes.byref(c.struct))

    def remove_token(self, index: int) -> None:
        """Removes the token at `index`: a 'token_removed' event and a search."""
        lib.sb_session_remove_token(self._handle, checked(index, "int64_t", "index"))

    def tap_bookmark_button(self) -> None:
        """The bookmark button was tapped: a 'bookmark_button' event."""
        lib.sb_session_tap_bookmark_button(self._handle)

    def tap_results_list_button(self) -> None:
        """The results-list button was tapped: a 'results_list_button' event."""
        lib.sb_session_tap_results_list_button(self._handle)

    def next_match(self) -> None:
        """Move to the next match (GTK next-match): a 'next_match' event."""
        lib.sb_session_move_match(self._handle, 1)

    def previous_match(self) -> None:
        """Move to the previous match (GTK previous-match): a 'previous_match' event."""
        lib.sb_session_move_match(self._handle, -1)

    def choose_result(self, item_id: int) -> None:
        """The user chose the result with this item id: a 'result_chosen' event (`host_value` is
        the id), and the text joins the recent searches."""
        lib.sb_session_choose_result(self._handle, checked(item_id, "uint64_t", "item_id"))

    def search_now(self) -> int:
        """Searches now whatever the timing policy; returns the generation."""
        generation = ctypes.c_uint64()
        lib.sb_session_search_now(self._handle, ctypes.byref(generation))
        return generation.value

    def advance_clock(self, milliseconds: int) -> None:
        """Moves a manual clock forward by `milliseconds` (0 to 2**32 - 1), firing due timers.
        Raises OverflowError for a value outside that range."""
        lib.sb_session_advance_clock(self._handle, checked(milliseconds, "uint32_t", "milliseconds"))

    def next_deadline(self) -> float | None:
        """On a Clock.HOST session: seconds until run_due() must be called (0.0: a timer is
        due now; rounded up to the millisecond), or None when no timer is pending. Ask after
        each call into the session and after draining the events: an edit arms a timer, and a
        timer armed on another thread makes fileno() readable so the loop asks again. Reading
        it makes fileno() unreadable again when no event is queued. Raises Misuse on a session
        with another clock."""
        milliseconds = ctypes.c_int64()
        lib.sb_session_next_deadline(self._handle, ctypes.byref(milliseconds))
        return None if milliseconds.value < 0 else milliseconds.value / 1000

    def run_due(self) -> None:
        """On a Clock.HOST session: fires the timers that are due on this thread (a delayed
        search, a stall notice; their events and callbacks happen here). Calling it early
        fires nothing. Raises Misuse on a session with another clock or inside a callback."""
        lib.sb_session_run_due(self._handle)

    # -- what to show --------------------------------------------------------------------------

    def display(self) -> Display:
        """Everything to draw, as a Display."""
        pointer = P(sb_display)()
        lib.sb_session_display(self._handle, ctypes.byref(pointer))
        try:
            d = pointer.contents

            def items(array: Any, count: int) -> list[BarItem]:
                return [BarItem(array[k].id, _read(array[k].title, array[k].title_len),
                             "cancel" if array[k].kind == 1 else "host") for k in range(count)]

            text = _read(d.text, d.text_len)
            marked = None
            if d.has_marked_text:
                positions = byte_to_index_map(text)
                marked = (positions[d.marked_start], positions[d.marked_end])
            return Display(
                text=text, marked_range=marked, placeholder=_read(d.placeholder, d.placeholder_len),
                prompt=_read(d.prompt, d.prompt_len),
                tokens=[_token_from_c(d.tokens[k]) for k in range(d.token_count)],
                scope_titles=[_read(d.scope_titles[k], d.scope_title_lens[k]) for k in range(d.scope_count)],
                selected_scope=d.selected_scope, leading_items=items(d.leading_items, d.leading_count),
                trailing_items=items(d.trailing_items, d.trailing_count), generation=d.generation,
                result_count=d.result_count, placement=PLACEMENTS[d.placement], style=STYLES[d.style],
                tint=d.tint_rgba if d.has_tint else None, shows_placeholder=bool(d.shows_placeholder),
                shows_prompt=bool(d.shows_prompt), shows_clear_button=bool(d.shows_clear_button),
                shows_bookmark_button=bool(d.shows_bookmark_button),
                shows_results_list_button=bool(d.shows_results_list_button),
                results_list_selected=bool(d.results_list_selected), shows_cancel_button=bool(d.shows_cancel_button),
                shows_scope_bar=bool(d.shows_scope_bar), is_active=bool(d.is_active), is_editing=bool(d.is_editing),
                is_searching=bool(d.is_searching), is_stalled=bool(d.is_stalled), bar_tone=BAR_TONES[d.bar_tone],
                translucent=bool(d.is_translucent), background=d.background_rgba,
                light_content=bool(d.uses_light_content), keyboard_type=KEYBOARD_TYPES[d.keyboard_type],
                autocorrection=TEXT_TRAITS[d.autocorrection], spell_checking=TEXT_TRAITS[d.spell_checking],
                return_key=RETURN_KEYS[d.return_key_type],
                enables_return_key_automatically=bool(d.enables_return_key_automatically),
                return_key_enabled=bool(d.return_key_enabled),
                search_results_title=_read(d.results_title, d.results_title_len) if d.results_title else None)
        finally:
            lib.sb_free(pointer)

    # -- events ----------------------------------------------------------------------------------

    def set_callbacks(self, veto: Callable[[Event], object] | None = None,
                      on_event: Callable[[Event], object] | None = None) -> None:
        """`veto(event) -> bool` answers 'should_*' events synchronously; `on_event(event)`
        receives the others (possibly on a library thread). An exception inside a callback is
        printed and treated as "allow" / ignored.

        A callback may act on the bar as a delegate does (end_editing() on 'search_button',
        active = False on 'cancel_button', setting text on 'suggestion_chosen'): a method that
        changes the session is queued, returns at once (True for the vetoable ones; its
        arguments, including text positions such as insert()'s, are taken now) and runs on the
        same thread right after the callback returns, in the order asked. A queued call that fails when it runs becomes an 'error'
        event (generation 0) naming the call. set_callbacks() and advance_clock() raise
        SearchBarError (SB_EMISUSE) inside a callback; close() there frees the session once the
        callback has returned."""

        me = weakref.ref(self)  # no cycle through the callbacks: dropping the session closes it
        answer: Callable[[Event], object] = veto or (lambda _event: True)
        notify: Callable[[Event], object] = on_event or (lambda _event: None)

        def veto_trampoline(_user: object, event: Any) -> int:
            try:
                return 1 if answer(Event._from_c(event.contents, me())) else 0
            except BaseException:  # noqa: BLE001 (must not unwind into C)
                sys.excepthook(*sys.exc_info())
                return 1

        def event_trampoline(_user: object, event: Any) -> None:
            try:
                notify(Event._from_c(event.contents, me()))
            except BaseException:  # noqa: BLE001
                sys.excepthook(*sys.exc_info())

        c_veto = sb_veto_callback(veto_trampoline) if veto else sb_veto_callback()
        c_event = sb_event_callback(event_trampoline) if on_event else sb_event_callback()
        lib.sb_session_set_callbacks(self._handle, c_veto, c_event, None)
        self._callbacks = (c_veto, c_event)  # keep them alive while C may call them

    def next_event(self, timeout: float | None = 0) -> Event | None:
        """The oldest queued Event, waiting up to `timeout` seconds (None: forever); None when
        no event came in time."""
        milliseconds = -1 if timeout is None else checked(max(0, int(timeout * 1000)), "int32_t", "timeout in ms")
        c = sb_event()
        try:
            if lib.sb_session_next_event(self._handle, milliseconds, ctypes.byref(c)) == SB_EMPTY:
                return None
        except SearchBarError as error:
            if error.status == SB_ETIMEDOUT:
                return None
            raise
        try:
            return Event._from_c(c, self)
        finally:
            lib.sb_free(c.text)

    def events(self, timeout: float | None = 0) -> Iterator[Event]:
        """Iterates over queued events until none arrives within `timeout` seconds."""
        while True:
            event = self.next_event(timeout)
            if event is None:
                return
            yield event

    def fileno(self) -> int:
        """A descriptor readable while events wait (for select, selectors, GLib, Qt)."""
        fd = ctypes.c_int32()
        lib.sb_session_event_fd(self._handle, ctypes.byref(fd))
        return fd.value

    async def aevents(self) -> AsyncIterator[Event]:
        """`async for event in session.aevents()`: waits on the descriptor with asyncio."""
        import asyncio

        loop = asyncio.get_running_loop()
        ready = asyncio.Event()
        fd = self.fileno()
        loop.add_reader(fd, ready.set)
        try:
            while True:
                event = self.next_event(0)
                if event is None:
                    ready.clear()
                    event = self.next_event(0)  # one may have arrived before clear()
                    if event is None:
                        await ready.wait()
                        continue
                yield event
        finally:
            loop.remove_reader(fd)

    # -- results -----------------------------------------------------------------------------------

    def results(self) -> tuple[int, list[int]]:
        """(generation, [item ids]) of the newest delivered results."""
        generation = ctypes.c_uint64()
        ids = P(ctypes.c_uint64)()
        count = ctypes.c_size_t()
        lib.sb_session_results(self._handle, ctypes.byref(generation), ctypes.byref(ids), ctypes.byref(count))
        try:
            return generation.value, [ids[k] for k in range(count.value)]
        finally:
            lib.sb_free(ids)

    def hits(self) -> tuple[int, list[Hit]]:
        """(generation, [Hit]) of the newest delivered results, with scores, matched fields and
        highlights (Python string indices) for a session with an index."""
        if self._index is None:
            raise ValueError("hits() needs a session with an index; use results() for host-delivered ids")
        generation = ctypes.c_uint64()
        results = P(sb_results)()
        lib.sb_session_copy_results(self._handle, ctypes.byref(generation), ctypes.byref(results))
        if not results:
            return generation.value, []
        return generation.value, self._index._hits(results)

    def set_search_options(self, mode: str | None = None, limit: int = 50, extended: bool = False, typos: bool = True,
                           scope: Scopes = None, filters: Filters = None, offset: int = 0, list_all: bool = False,
                           exact_total: bool = False, case: str = "folded", diacritics_sensitive: bool = False,
                           tiebreak: str = "length") -> None:
        """How the session's index searches: match mode ('prefix', 'contains', 'fuzzy'), limit,
        extended syntax, typo tolerance, fixed scopes and filters, offset, list_all (an empty
        field lists every item), exact_total, case ('folded', 'smart', 'sensitive'),
        diacritics_sensitive and tiebreak ('length', 'begin', 'end', 'index'), as Index.search
        takes them. Searches the current text again at once."""
        if self._index is None:
            raise ValueError("set_search_options needs a session with an index")
        options, keep = self._index._options(limit, mode, scope, filters, extended, typos, offset, list_all,
                                             exact_total, case, diacritics_sensitive, tiebreak)
        lib.sb_session_set_search_options(self._handle, ctypes.byref(options))
        del keep

    def query(self, generation: int) -> Query | None:
        """The Query (text, scope, scope title, tokens) `generation` was issued for, or None when
        a newer query superseded it (there is nothing to search for)."""
        pointer = P(sb_issued_query)()
        try:
            lib.sb_session_get_query(self._handle, checked(generation, "uint64_t", "generation"), ctypes.byref(pointer))
        except SearchBarError as error:
            if error.status_name == "SB_ECANCELED":
                return None
            raise
        try:
            q = pointer.contents
            return Query(q.generation, _read(q.text, q.text_len), q.scope,
                         _read(q.scope_title, q.scope_title_len) if q.scope_title else None,
                         tuple(_token_from_c(q.tokens[k]) for k in range(q.token_count)))
        finally:
            lib.sb_free(pointer)

    def deliver_results(self, generation: int, ids: Sequence[int]) -> bool:
        """Answers query `generation` with item ids (a session without an index). Returns False
        when that query was superseded (the results are dropped)."""
        array = (ctypes.c_uint64 * len(ids))(*(checked(i, "uint64_t", "item id") for i in ids))
        return self._vetoable(lib.sb_session_deliver_results, checked(generation, "uint64_t", "generation"), array,
                              len(ids))

    # -- recents ---------------------------------------------------------------------------------

    def set_recents_name(self, name: str | None) -> None:
        """Saves recent searches under `name` (None stops). A corrupt file raises
        SearchBarError (SB_ECORRUPT) after being moved aside; the session starts empty."""
        lib.sb_session_set_recents_name(self._handle, name.encode() if name is not None else None)

    @property
    def recents(self) -> list[str]:
        """The current list of recent searches, newest first."""
        pointer = P(sb_recent)()
        count = ctypes.c_size_t()
        lib.sb_session_recents(self._handle, ctypes.byref(pointer), ctypes.byref(count))
        try:
            return [_read(pointer[k].text, pointer[k].text_len) for k in range(count.value)]
        finally:
            lib.sb_free(pointer)

    def add_recent(self, text: str) -> None:
        """Adds a search to the current list as submitting it would (not in private mode)."""
        data = _encode(text)
        lib.sb_session_add_recent(self._handle, data, len(data))

    def remove_recent(self, index: int) -> None:
        """Removes the recent search at `index` of `recents`."""
        lib.sb_session_remove_recent(self._handle, checked(index, "int64_t", "index"))

    def clear_recents(self) -> None:
        """Forgets every recent search of every list."""
        lib.sb_session_clear_recents(self._handle)

    @property
    def recents_policy(self) -> dict[str, Any]:
        """How recents are kept, as a dict: limit, per_scope, private (not saved), expiry_ms
        (None: never); setting it takes any of those keys."""
        c = sb_recents_policy()
        lib.sb_session_get_recents_policy(self._handle, ctypes.byref(c))
        return {"limit": c.limit, "per_scope": bool(c.per_scope), "private": bool(c.is_private),
                "expiry_ms": c.expiry_ms or None}

    @recents_policy.setter
    def recents_policy(self, values: Mapping[str, Any]) -> None:
        merged = {**self.recents_policy, **values}
        c = sb_recents_policy(checked(merged["limit"], "uint32_t", "limit"), 1 if merged["per_scope"] else 0,
                              1 if merged["private"] else 0, checked(merged["expiry_ms"] or 0, "uint64_t", "expiry_ms"))
        lib.sb_session_set_recents_policy(self._handle, ctypes.byref(c))

    # -- suggestions --------------------------------------------------------------------------------

    def suggestions(self) -> list[Suggestion]:
        """What to offer now, as Suggestion objects."""
        pointer = P(sb_suggestion)()
        count = ctypes.c_size_t()
        lib.sb_session_suggestions(self._handle, ctypes.byref(pointer), ctypes.byref(count))
        try:
            out = []
            for k in range(count.value):
                s = pointer[k]
                out.append(Suggestion(
                    _read(s.title, s.title_len), _read(s.completion, s.completion_len), SUGGESTION_ACTIONS[s.action],
                    _token_from_c(s.token.contents) if s.token else None, s.host_value, SUGGESTION_SOURCES[s.source]))
            return out
        finally:
            lib.sb_free(pointer)

    def choose_suggestion(self, index: int) -> None:
        """Chooses suggestion `index` of suggestions(): the text or the word being typed is
        replaced, or a token added, as its action says; the result joins the recent searches
        and a search runs at once."""
        lib.sb_session_choose_suggestion(self._handle, checked(index, "int64_t", "index"))

    def set_host_suggestions(self, suggestions: Iterable[Suggestion | str], before_typing: bool = False) -> None:
        """Host Suggestion objects (or titles) offered while typing, or on an empty field."""
        items = [s if isinstance(s, Suggestion) else Suggestion(s) for s in suggestions]
        keep = []
        array = (sb_suggestion * len(items))()
        for k, s in enumerate(items):
            title, completion = _encode(s.title), _encode(s.completion)
            token = _CToken(s.token) if s.token is not None else None
            keep.append((title, completion, token))
            array[k] = sb_suggestion(
                0, _choice(s.action, SUGGESTION_ACTIONS, "action"), ctypes.cast(ctypes.c_char_p(title), P(ctypes.c_char)),
                len(title), ctypes.cast(ctypes.c_char_p(completion), P(ctypes.c_char)) if completion else None,
                len(completion), ctypes.pointer(token.struct) if token else None,
                checked(s.host_value, "uint64_t", "suggestion host_value"))
        lib.sb_session_set_host_suggestions(self._handle, 1 if before_typing else 0, array, len(items))

    # -- state restoration -------------------------------------------------------------------------

    def snapshot(self) -> str:
        """The session's state as a JSON string."""
        pointer = P(ctypes.c_char)()
        length = ctypes.c_size_t()
        lib.sb_session_snapshot(self._handle, ctypes.byref(pointer), ctypes.byref(length))
        try:
            return _read(pointer, length.value)
        finally:
            lib.sb_free(pointer)

    def restore(self, json_text: str) -> None:
        """Restores a snapshot() as a whole; raises SearchBarError (nothing changed) for a bad
        one. If the recent-search file it names cannot be read, the state is still restored,
        the file is moved aside and RecentsResetWarning is issued."""
        data = _encode(json_text)
        lib.sb_session_restore(self._handle, data, len(data))


__all__ = ["BarItem", "Display", "Event", "Query", "SearchToken", "Session", "Suggestion"]
