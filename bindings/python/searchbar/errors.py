"""searchbar's exceptions and warnings, and the mapping from C status codes to them."""
import warnings

SB_OK = 0
SB_EINVAL = 1
SB_ENOMEM = 2
SB_ENOTFOUND = 3
SB_ECANCELED = 4
SB_EIO = 5
SB_ECORRUPT = 6
SB_EMISUSE = 7
SB_ETOOBIG = 8
SB_ETIMEDOUT = 9
SB_EINTERNAL = 10
SB_WARN_LOCALE_FALLBACK = 100
SB_WARN_RECENTS_RESET = 101
#: Not an error: a call that does not wait found nothing (sb_last_error() is left alone).
SB_EMPTY = 200
#: Statuses from this value up are warnings: the call succeeded.
SB_WARN_FIRST = 100


class SearchBarError(Exception):
    """A call into libsearchbar failed. `status` is the C status (e.g. 1 for SB_EINVAL),
    `status_name` its name and `message` the library's explanation."""

    def __init__(self, status, status_name, message, function=None):
        self.status = status
        self.status_name = status_name
        self.message = message
        self.function = function
        where = f"{function}: " if function else ""
        super().__init__(f"{where}{status_name}: {message}")


class LocaleFallbackWarning(UserWarning):
    """The locale has no data in the library; it went on with no locale ('und')."""


class RecentsResetWarning(UserWarning):
    """The call did its work, but the recent-search file could not be read: it was moved aside
    and the recent searches start empty (the message names the file and the reason)."""


def check_status(status, function=None):
    """Raises SearchBarError for an error status; warns for a warning status; returns it."""
    if status == SB_OK:
        return status
    from . import _ffi

    message = _ffi.last_error()
    if status >= SB_WARN_FIRST:
        if status == SB_WARN_LOCALE_FALLBACK:
            warnings.warn(message, LocaleFallbackWarning, stacklevel=4)
        elif status == SB_WARN_RECENTS_RESET:
            warnings.warn(message, RecentsResetWarning, stacklevel=4)
        return status
    raise SearchBarError(status, _ffi.status_name(status), message, function)
