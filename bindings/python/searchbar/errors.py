"""searchbar's exceptions and warnings, and the mapping from C status codes to them.

Every error status of the library has its own exception class, all subclasses of
SearchBarError (which carries `status`, `status_name`, `message` and `function`), and each also
derives from the built-in exception a Python caller would catch for it: SB_EINVAL is an
InvalidArgument and a ValueError, SB_ENOTFOUND a NotFound and a LookupError, SB_ETIMEDOUT a
TimedOut and a TimeoutError, and so on. This module imports nothing else of searchbar's.
"""
import enum
import warnings
from typing import Dict, Optional, Type


class Status(enum.IntEnum):
    """sb_status: the status every C entry point returns (values from include/searchbar.h)."""

    OK = 0
    EINVAL = 1
    ENOMEM = 2
    ENOTFOUND = 3
    ECANCELED = 4
    EIO = 5
    ECORRUPT = 6
    EMISUSE = 7
    ETOOBIG = 8
    ETIMEDOUT = 9
    EINTERNAL = 10
    WARN_LOCALE_FALLBACK = 100
    WARN_RECENTS_RESET = 101
    EMPTY = 200


SB_OK = Status.OK
SB_EINVAL = Status.EINVAL
SB_ENOMEM = Status.ENOMEM
SB_ENOTFOUND = Status.ENOTFOUND
SB_ECANCELED = Status.ECANCELED
SB_EIO = Status.EIO
SB_ECORRUPT = Status.ECORRUPT
SB_EMISUSE = Status.EMISUSE
SB_ETOOBIG = Status.ETOOBIG
SB_ETIMEDOUT = Status.ETIMEDOUT
SB_EINTERNAL = Status.EINTERNAL
SB_WARN_LOCALE_FALLBACK = Status.WARN_LOCALE_FALLBACK
SB_WARN_RECENTS_RESET = Status.WARN_RECENTS_RESET
#: Not an error: a call that does not wait found nothing (sb_last_error() is left alone).
SB_EMPTY = Status.EMPTY
#: Statuses from this value up are warnings: the call succeeded.
SB_WARN_FIRST = 100


class SearchBarError(Exception):
    """A call into libsearchbar failed. `status` is the C status (e.g. 1 for SB_EINVAL),
    `status_name` its name, `message` the library's explanation and `function` the C function
    that failed (None when not known). Catch a subclass for one kind of failure."""

    status: int
    status_name: str
    message: str
    function: Optional[str]

    def __init__(self, status: int, status_name: str, message: str, function: Optional[str] = None) -> None:
        self.status = status
        self.status_name = status_name
        self.message = message
        self.function = function
        where = f"{function}: " if function else ""
        super().__init__(f"{where}{status_name}: {message}")

    def __reduce__(self):  # type: ignore[no-untyped-def]
        return (type(self), (self.status, self.status_name, self.message, self.function))


class InvalidArgument(SearchBarError, ValueError):
    """SB_EINVAL: an argument is invalid (bad UTF-8, out-of-range value, malformed locale)."""


class OutOfMemory(SearchBarError, MemoryError):
    """SB_ENOMEM: the library could not allocate memory."""


class NotFound(SearchBarError, LookupError):
    """SB_ENOTFOUND: the thing asked for (an id, a name, a file) does not exist."""


class Cancelled(SearchBarError):
    """SB_ECANCELED: the operation was cancelled or superseded by a newer one."""


class FileError(SearchBarError, OSError):
    """SB_EIO: reading or writing a file failed."""


class CorruptFile(SearchBarError):
    """SB_ECORRUPT: a file or buffer is corrupt, truncated or of a foreign format."""


class Misuse(SearchBarError, RuntimeError):
    """SB_EMISUSE: the call is not allowed in this state (e.g. from inside a callback, or on a
    closed object)."""


class TooBig(SearchBarError, ValueError):
    """SB_ETOOBIG: a size limit was exceeded (query, item or batch too large)."""


class TimedOut(SearchBarError, TimeoutError):
    """SB_ETIMEDOUT: a wait ended before anything happened."""


class InternalError(SearchBarError, RuntimeError):
    """SB_EINTERNAL: a bug in searchbar; please report it with the message."""


#: The exception class raised for each error status.
ERROR_CLASSES: Dict[int, Type[SearchBarError]] = {
    Status.EINVAL: InvalidArgument,
    Status.ENOMEM: OutOfMemory,
    Status.ENOTFOUND: NotFound,
    Status.ECANCELED: Cancelled,
    Status.EIO: FileError,
    Status.ECORRUPT: CorruptFile,
    Status.EMISUSE: Misuse,
    Status.ETOOBIG: TooBig,
    Status.ETIMEDOUT: TimedOut,
    Status.EINTERNAL: InternalError,
}


class LocaleFallbackWarning(UserWarning):
    """The locale has no data in the library; it went on with no locale ('und')."""


class RecentsResetWarning(UserWarning):
    """The call did its work, but the recent-search file could not be read: it was moved aside
    and the recent searches start empty (the message names the file and the reason)."""


def status_name(status: int) -> str:
    """The C name of a status value, e.g. 'SB_EINVAL' ('SB_STATUS_<n>' for an unknown one)."""
    try:
        return "SB_" + Status(status).name
    except ValueError:
        return f"SB_STATUS_{status}"


def error_for(status: int, message: str, function: Optional[str] = None) -> SearchBarError:
    """The exception for an error status: an instance of its ERROR_CLASSES class (SearchBarError
    itself for a status this binding does not know)."""
    cls = ERROR_CLASSES.get(status, SearchBarError)
    return cls(status, status_name(status), message, function)


def check_status(status: int, message: str, function: Optional[str] = None) -> int:
    """Raises the status's exception for an error status; warns for a warning status (with
    `message`, the library's explanation); returns the status otherwise."""
    if status == SB_OK:
        return status
    if status >= SB_WARN_FIRST:
        if status == SB_WARN_LOCALE_FALLBACK:
            warnings.warn(message, LocaleFallbackWarning, stacklevel=4)
        elif status == SB_WARN_RECENTS_RESET:
            warnings.warn(message, RecentsResetWarning, stacklevel=4)
        return status
    raise error_for(status, message, function)
