"""searchbar: a headless search-bar engine (Python binding over libsearchbar.so).

Text layer: fold(), tokenize(), sort(), Collator. Engine: Index (add, remove, search, search_async),
sharing one thread pool per process (configure(), pool_threads()); filter() searches a list or
mapping of strings once, as rapidfuzz's process.extract does.
Sessions: Session (a headless search bar: state, events, timing, suggestions, recents, and
sections from several sources, local and remote: SourceItem, Sections, Section, SectionItem).
Errors raise a subclass of SearchBarError per C status (InvalidArgument is also a ValueError,
NotFound a LookupError, TimedOut a TimeoutError, ...) carrying the status and message; a
locale without data warns with LocaleFallbackWarning, a recents file that could not be read
(and was moved aside) with RecentsResetWarning.
"""
from ._config import configure, pool_threads
from ._ffi import ABI_MAJOR, lib as _lib
from ._filter import Match, filter
from ._index import Hit, Hits, Index
from ._session import BarItem, Display, Event, Query, SearchToken, Session, Suggestion
from ._session_sources import Section, SectionItem, Sections, SourceItem
from ._samples import SAMPLE_SCOPES, sample_items
from ._text import Collator, Token, fold, sort, tokenize
from . import enums, errors, utf16
from .enums import SessionClock as Clock
from .errors import (Cancelled, CorruptFile, FileError, InternalError, InvalidArgument, LocaleFallbackWarning, Misuse,
                     NotFound, OutOfMemory, RecentsResetWarning, SearchBarError, Status, TimedOut, TooBig)

#: The loaded library's version string, e.g. "0.1.0".
version = _lib.sb_version_string().decode("ascii")
#: The loaded library's version as MAJOR * 10000 + MINOR * 100 + PATCH.
version_number = _lib.sb_version_number()

__all__ = [
    "ABI_MAJOR",
    "Cancelled",
    "CorruptFile",
    "FileError",
    "InternalError",
    "InvalidArgument",
    "Misuse",
    "NotFound",
    "OutOfMemory",
    "Status",
    "TimedOut",
    "TooBig",
    "enums",
    "errors",
    "BarItem",
    "Clock",
    "Collator",
    "Display",
    "Event",
    "Hit",
    "Hits",
    "Index",
    "Match",
    "LocaleFallbackWarning",
    "Query",
    "RecentsResetWarning",
    "SearchBarError",
    "SearchToken",
    "Section",
    "SectionItem",
    "Sections",
    "Session",
    "SourceItem",
    "Suggestion",
    "SAMPLE_SCOPES",
    "Token",
    "configure",
    "filter",
    "fold",
    "pool_threads",
    "sample_items",
    "sort",
    "tokenize",
    "version",
    "version_number",
]
