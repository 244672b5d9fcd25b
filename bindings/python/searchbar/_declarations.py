"""ctypes declarations of libsearchbar's core types and functions, as include/searchbar.h has them.

Imports nothing of searchbar's: _ffi loads the library with these (and _session_ffi's session
declarations); tests/test_header_agreement.py checks both against the header.
"""
import ctypes
from typing import Any


class _Opaque(ctypes.Structure):
    """Base of the opaque handle types: never dereferenced from Python."""

    _fields_ = []


class sb_collator(_Opaque):
    pass


class sb_index(_Opaque):
    pass


class sb_session(_Opaque):
    pass


class sb_results(_Opaque):
    pass


class Versioned(ctypes.Structure):
    """Base of the structs that start with `uint32_t version`: a new instance holds the version
    this binding declares (VERSION), as the C header's SB_*_INIT does."""

    VERSION = 1

    def __init__(self, *args: Any, **fields: Any) -> None:
        if args:  # positional values are the fields after the version
            super().__init__(fields.pop("version", self.VERSION), *args, **fields)
        else:
            fields.setdefault("version", self.VERSION)
            super().__init__(**fields)


class sb_config(Versioned):
    VERSION = 1
    _fields_ = [("version", ctypes.c_uint32), ("threads", ctypes.c_uint32)]


class sb_range(ctypes.Structure):
    _fields_ = [("start", ctypes.c_size_t), ("end", ctypes.c_size_t)]


class sb_token(ctypes.Structure):
    _fields_ = [
        ("range", sb_range),
        ("text", ctypes.c_char_p),
        ("text_len", ctypes.c_size_t),
        ("key", ctypes.c_char_p),
        ("key_len", ctypes.c_size_t),
        ("kind", ctypes.c_uint32),
    ]


class sb_attribute(ctypes.Structure):
    _fields_ = [
        ("name", ctypes.c_char_p),
        ("name_len", ctypes.c_size_t),
        ("text", ctypes.c_char_p),
        ("text_len", ctypes.c_size_t),
        ("number", ctypes.c_double),
    ]


class sb_item(ctypes.Structure):
    _fields_ = [
        ("id", ctypes.c_uint64),
        ("title", ctypes.c_char_p),
        ("title_len", ctypes.c_size_t),
        ("subtitle", ctypes.c_char_p),
        ("subtitle_len", ctypes.c_size_t),
        ("keywords", ctypes.c_char_p),
        ("keywords_len", ctypes.c_size_t),
        ("scope", ctypes.c_uint32),
        ("weight", ctypes.c_double),
        ("attributes", ctypes.POINTER(sb_attribute)),
        ("attribute_count", ctypes.c_size_t),
    ]


class sb_filter(ctypes.Structure):
    _fields_ = [
        ("attribute", ctypes.c_char_p),
        ("attribute_len", ctypes.c_size_t),
        ("kind", ctypes.c_uint32),
        ("text", ctypes.c_char_p),
        ("text_len", ctypes.c_size_t),
        ("min", ctypes.c_double),
        ("max", ctypes.c_double),
    ]


class sb_search_options(Versioned):
    VERSION = 3
    _fields_ = [
        ("version", ctypes.c_uint32),
        ("mode", ctypes.c_uint32),
        ("flags", ctypes.c_uint32),
        ("limit", ctypes.c_size_t),
        ("scopes", ctypes.POINTER(ctypes.c_uint32)),
        ("scope_count", ctypes.c_size_t),
        ("filters", ctypes.POINTER(sb_filter)),
        ("filter_count", ctypes.c_size_t),
        ("offset", ctypes.c_size_t),
        ("tiebreak", ctypes.c_uint32),
    ]


class sb_index_options(Versioned):
    VERSION = 4
    _fields_ = [
        ("version", ctypes.c_uint32),
        ("mode", ctypes.c_uint32),
        ("fields", ctypes.c_uint32),
        ("locale", ctypes.c_char_p),
        ("max_threads", ctypes.c_uint32),
        ("transliterate", ctypes.c_int32),
        ("verify", ctypes.c_int32),
    ]


class sb_hit(ctypes.Structure):
    _fields_ = [
        ("id", ctypes.c_uint64),
        ("score", ctypes.c_uint64),
        ("field", ctypes.c_uint32),
        ("tier", ctypes.c_uint32),
        ("highlights", ctypes.POINTER(sb_range)),
        ("highlight_count", ctypes.c_size_t),
    ]


class sb_hit_entry(ctypes.Structure):
    _fields_ = [
        ("id", ctypes.c_uint64),
        ("score", ctypes.c_uint64),
        ("field", ctypes.c_uint32),
        ("tier", ctypes.c_uint32),
        ("text_offset", ctypes.c_size_t),
        ("text_len", ctypes.c_size_t),
        ("title_offset", ctypes.c_size_t),
        ("title_len", ctypes.c_size_t),
        ("highlight_offset", ctypes.c_size_t),
        ("highlight_count", ctypes.c_size_t),
    ]


class sb_field_entry(ctypes.Structure):
    _fields_ = [
        ("text_offset", ctypes.c_size_t),
        ("text_len", ctypes.c_size_t),
        ("highlight_offset", ctypes.c_size_t),
        ("highlight_count", ctypes.c_size_t),
    ]


class sb_packed_items(Versioned):
    VERSION = 2
    _fields_ = [
        ("version", ctypes.c_uint32),
        ("count", ctypes.c_size_t),
        ("ids", ctypes.POINTER(ctypes.c_uint64)),
        ("titles", ctypes.c_char_p),
        ("title_offsets", ctypes.POINTER(ctypes.c_size_t)),
        ("subtitles", ctypes.c_char_p),
        ("subtitle_offsets", ctypes.POINTER(ctypes.c_size_t)),
        ("keywords", ctypes.c_char_p),
        ("keyword_offsets", ctypes.POINTER(ctypes.c_size_t)),
        ("scopes", ctypes.POINTER(ctypes.c_uint32)),
        ("weights", ctypes.POINTER(ctypes.c_double)),
        ("nul_separated", ctypes.c_int32),
        ("titles_length", ctypes.c_size_t),
        ("subtitles_length", ctypes.c_size_t),
        ("keywords_length", ctypes.c_size_t),
    ]


#: void (*sb_search_callback)(void *context, uint64_t ticket, sb_status status, sb_results *results)
sb_search_callback = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_uint64, ctypes.c_int, ctypes.POINTER(sb_results))

P = ctypes.POINTER
c_char_p_out = P(P(ctypes.c_char))  # char ** (a buffer the library allocates; freed with sb_free)

#: name -> (restype, argtypes, returns a status)
FUNCTIONS = {
    "sb_version_number": (ctypes.c_uint32, [], False),
    "sb_version_string": (ctypes.c_char_p, [], False),
    "sb_status_string": (ctypes.c_char_p, [ctypes.c_int], False),
    "sb_last_error": (ctypes.c_char_p, [], False),
    "sb_free": (ctypes.c_int, [ctypes.c_void_p], False),
    "sb_config_init": (ctypes.c_int, [P(sb_config), ctypes.c_uint32], True),
    "sb_configure": (ctypes.c_int, [P(sb_config)], True),
    "sb_get_config": (ctypes.c_int, [P(sb_config)], True),
    "sb_fold": (ctypes.c_int, [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t, c_char_p_out, P(ctypes.c_size_t)], True),
    "sb_tokenize": (ctypes.c_int, [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t, P(P(sb_token)), P(ctypes.c_size_t)], True),
    "sb_collator_new": (ctypes.c_int, [ctypes.c_char_p, P(P(sb_collator))], True),
    "sb_collator_free": (ctypes.c_int, [P(sb_collator)], True),
    "sb_collator_compare": (
        ctypes.c_int,
        [P(sb_collator), ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_size_t, P(ctypes.c_int32)],
        True,
    ),
    "sb_collator_sort_key": (
        ctypes.c_int,
        [P(sb_collator), ctypes.c_char_p, ctypes.c_size_t, P(P(ctypes.c_uint8)), P(ctypes.c_size_t)],
        True,
    ),
    "sb_collator_sort": (
        ctypes.c_int,
        [P(sb_collator), P(ctypes.c_char_p), P(ctypes.c_size_t), ctypes.c_size_t, P(ctypes.c_size_t)],
        True,
    ),
    "sb_collator_sort_packed": (
        ctypes.c_int,
        [P(sb_collator), ctypes.c_char_p, P(ctypes.c_size_t), ctypes.c_size_t, P(ctypes.c_size_t)],
        True,
    ),
    "sb_index_options_init": (ctypes.c_int, [P(sb_index_options), ctypes.c_uint32], True),
    "sb_index_new": (ctypes.c_int, [P(sb_index_options), P(P(sb_index))], True),
    "sb_index_free": (ctypes.c_int, [P(sb_index)], True),
    "sb_index_get_options": (ctypes.c_int, [P(sb_index), P(sb_index_options)], True),
    "sb_index_save": (ctypes.c_int, [P(sb_index), ctypes.c_char_p], True),
    "sb_index_open": (ctypes.c_int, [ctypes.c_char_p, P(sb_index_options), P(P(sb_index))], True),
    "sb_packed_items_init": (ctypes.c_int, [P(sb_packed_items), ctypes.c_uint32], True),
    "sb_search_options_init": (ctypes.c_int, [P(sb_search_options), ctypes.c_uint32], True),
    "sb_index_add": (ctypes.c_int, [P(sb_index), P(sb_item), ctypes.c_size_t], True),
    "sb_index_add_packed": (ctypes.c_int, [P(sb_index), P(sb_packed_items)], True),
    "sb_release_memory": (None, [], False),
    "sb_index_remove": (ctypes.c_int, [P(sb_index), P(ctypes.c_uint64), ctypes.c_size_t], True),
    "sb_index_merge": (ctypes.c_int, [P(sb_index)], True),
    "sb_index_count": (ctypes.c_int, [P(sb_index), P(ctypes.c_size_t)], True),
    "sb_index_get": (ctypes.c_int, [P(sb_index), ctypes.c_uint64, P(P(sb_item))], True),
    "sb_index_clear": (ctypes.c_int, [P(sb_index)], True),
    "sb_index_search": (
        ctypes.c_int,
        [P(sb_index), ctypes.c_char_p, ctypes.c_size_t, P(sb_search_options), P(P(sb_results))],
        True,
    ),
    "sb_index_search_async": (
        ctypes.c_int,
        [P(sb_index), ctypes.c_char_p, ctypes.c_size_t, P(sb_search_options), sb_search_callback,
         ctypes.c_void_p, P(ctypes.c_uint64)],
        True,
    ),
    "sb_index_cancel": (ctypes.c_int, [P(sb_index), ctypes.c_uint64], True),
    "sb_results_count": (ctypes.c_int, [P(sb_results), P(ctypes.c_size_t)], True),
    "sb_results_get": (ctypes.c_int, [P(sb_results), ctypes.c_int64, P(sb_hit)], True),
    "sb_results_free": (ctypes.c_int, [P(sb_results)], True),
    "sb_results_text": (ctypes.c_int, [P(sb_results), ctypes.c_int64, P(P(ctypes.c_char)), P(ctypes.c_size_t)], True),
    "sb_results_copy": (ctypes.c_int, [P(sb_results), ctypes.c_int64, ctypes.c_size_t, P(sb_hit_entry)], True),
    "sb_results_data": (
        ctypes.c_int,
        [P(sb_results), P(P(ctypes.c_char)), P(ctypes.c_size_t), P(P(sb_range)), P(ctypes.c_size_t)],
        True,
    ),
    "sb_results_export": (
        ctypes.c_int,
        [P(sb_results), ctypes.c_uint32, P(P(sb_hit_entry)), P(ctypes.c_size_t), P(P(ctypes.c_char)),
         P(ctypes.c_size_t), P(P(sb_range)), P(ctypes.c_size_t)],
        True,
    ),
    "sb_results_total": (ctypes.c_int, [P(sb_results), P(ctypes.c_size_t), P(ctypes.c_int32)], True),
    "sb_results_field": (
        ctypes.c_int,
        [P(sb_results), ctypes.c_int64, ctypes.c_uint32, P(P(ctypes.c_char)), P(ctypes.c_size_t), P(P(sb_range)),
         P(ctypes.c_size_t)],
        True,
    ),
    "sb_results_fields": (
        ctypes.c_int, [P(sb_results), ctypes.c_uint32, P(P(sb_field_entry)), P(ctypes.c_size_t)], True),
    "sb_sample_items": (ctypes.c_int, [ctypes.c_uint32, P(P(sb_item)), P(ctypes.c_size_t)], True),
    "sb_sample_scope_title": (ctypes.c_char_p, [ctypes.c_uint32], False),
}

#: sb_<enum>_string(uint32_t value) -> the value's constant name, for every C enum whose function
#: is not declared with its object (sb_status_string above, sb_event_kind_string with the session).
ENUM_NAME_FUNCTIONS = [
    "sb_token_kind_string", "sb_match_mode_string", "sb_field_string", "sb_filter_kind_string", "sb_tiebreak_string",
    "sb_unit_string", "sb_session_clock_string", "sb_autocapitalization_string",
    "sb_keyboard_type_string", "sb_text_trait_string", "sb_return_key_type_string",
    "sb_scope_bar_policy_string", "sb_search_token_kind_string", "sb_bar_style_string",
    "sb_bar_tone_string", "sb_bar_placement_string", "sb_cancel_button_policy_string",
    "sb_bar_item_kind_string", "sb_search_trigger_string", "sb_suggestion_source_string",
    "sb_suggestion_action_string",
]
FUNCTIONS.update({name: (ctypes.c_char_p, [ctypes.c_uint32], False) for name in ENUM_NAME_FUNCTIONS})
