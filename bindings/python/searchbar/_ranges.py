"""Range checks for the integers the binding hands to C.

ctypes converts a Python int that does not fit the C type silently, keeping its low bits:
advance_clock(-1) would move the clock 49.7 days and advance_clock(2**32) not at all. Every
integer a caller gives goes through `checked` first, which raises instead.
"""
import ctypes
import operator
from typing import SupportsIndex

#: (lowest, highest) of each C integer type the interface takes.
_LIMITS = {
    "uint32_t": (0, 2**32 - 1),
    "int32_t": (-(2**31), 2**31 - 1),
    "uint64_t": (0, 2**64 - 1),
    "int64_t": (-(2**63), 2**63 - 1),
    "size_t": (0, 2 ** (8 * ctypes.sizeof(ctypes.c_size_t)) - 1),
}


def checked(value: object, c_type: str, name: str) -> int:
    """`value` as an int that fits C type `c_type` ('uint32_t', 'int32_t', 'uint64_t',
    'int64_t', 'size_t'). Raises TypeError when it is not an integer (a float is refused
    rather than truncated) and OverflowError, naming `name` and the range, when it does not fit."""
    if not isinstance(value, SupportsIndex):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    number = operator.index(value)
    low, high = _LIMITS[c_type]
    if not low <= number <= high:
        raise OverflowError(f"{name} is {number}; it must be between {low} and {high} (a C {c_type})")
    return number
