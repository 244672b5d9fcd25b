"""ctypes declarations of the sb_session_* functions and their types (merged into _ffi.FUNCTIONS).

Imports only the core declarations (shared handle and range types), nothing that loads or calls.
"""
import ctypes
from typing import Any

from ._declarations import Versioned, sb_results, sb_search_options, sb_index, sb_range, sb_session

P = ctypes.POINTER


class sb_event(ctypes.Structure):
    _fields_ = [
        ("kind", ctypes.c_uint32),
        ("status", ctypes.c_uint32),
        ("generation", ctypes.c_uint64),
        ("index", ctypes.c_int64),
        ("previous_index", ctypes.c_int64),
        ("range", sb_range),
        ("text", P(ctypes.c_char)),
        ("text_len", ctypes.c_size_t),
        ("count", ctypes.c_uint64),
        ("host_value", ctypes.c_uint64),
    ]


class sb_search_token(ctypes.Structure):
    _fields_ = [
        ("kind", ctypes.c_uint32),
        ("label", P(ctypes.c_char)),
        ("label_len", ctypes.c_size_t),
        ("field", P(ctypes.c_char)),
        ("field_len", ctypes.c_size_t),
        ("value", P(ctypes.c_char)),
        ("value_len", ctypes.c_size_t),
        ("host_value", ctypes.c_uint64),
    ]


class sb_bar_item(ctypes.Structure):
    _fields_ = [
        ("kind", ctypes.c_uint32),
        ("id", ctypes.c_uint64),
        ("title", P(ctypes.c_char)),
        ("title_len", ctypes.c_size_t),
    ]


class sb_display(ctypes.Structure):
    _fields_ = [
        ("text", P(ctypes.c_char)),
        ("text_len", ctypes.c_size_t),
        ("placeholder", P(ctypes.c_char)),
        ("placeholder_len", ctypes.c_size_t),
        ("prompt", P(ctypes.c_char)),
        ("prompt_len", ctypes.c_size_t),
        ("tokens", P(sb_search_token)),
        ("token_count", ctypes.c_size_t),
        ("scope_titles", P(P(ctypes.c_char))),
        ("scope_title_lens", P(ctypes.c_size_t)),
        ("scope_count", ctypes.c_size_t),
        ("selected_scope", ctypes.c_int64),
        ("leading_items", P(sb_bar_item)),
        ("leading_count", ctypes.c_size_t),
        ("trailing_items", P(sb_bar_item)),
        ("trailing_count", ctypes.c_size_t),
        ("generation", ctypes.c_uint64),
        ("result_count", ctypes.c_uint64),
        ("placement", ctypes.c_uint32),
        ("style", ctypes.c_uint32),
        ("has_tint", ctypes.c_int32),
        ("tint_rgba", ctypes.c_uint32),
        ("shows_placeholder", ctypes.c_int32),
        ("shows_prompt", ctypes.c_int32),
        ("shows_clear_button", ctypes.c_int32),
        ("shows_bookmark_button", ctypes.c_int32),
        ("shows_results_list_button", ctypes.c_int32),
        ("results_list_selected", ctypes.c_int32),
        ("shows_cancel_button", ctypes.c_int32),
        ("shows_scope_bar", ctypes.c_int32),
        ("is_active", ctypes.c_int32),
        ("is_editing", ctypes.c_int32),
        ("is_searching", ctypes.c_int32),
        ("is_stalled", ctypes.c_int32),
        ("bar_tone", ctypes.c_uint32),
        ("background_rgba", ctypes.c_uint32),
        ("keyboard_type", ctypes.c_uint32),
        ("autocorrection", ctypes.c_uint32),
        ("spell_checking", ctypes.c_uint32),
        ("return_key_type", ctypes.c_uint32),
        ("results_title", P(ctypes.c_char)),
        ("results_title_len", ctypes.c_size_t),
        ("is_translucent", ctypes.c_int32),
        ("uses_light_content", ctypes.c_int32),
        ("enables_return_key_automatically", ctypes.c_int32),
        ("return_key_enabled", ctypes.c_int32),
        ("has_marked_text", ctypes.c_int32),
        ("marked_start", ctypes.c_size_t),
        ("marked_end", ctypes.c_size_t),
    ]


class sb_issued_query(ctypes.Structure):
    _fields_ = [
        ("generation", ctypes.c_uint64),
        ("text", P(ctypes.c_char)),
        ("text_len", ctypes.c_size_t),
        ("scope", ctypes.c_int64),
        ("scope_title", P(ctypes.c_char)),
        ("scope_title_len", ctypes.c_size_t),
        ("tokens", P(sb_search_token)),
        ("token_count", ctypes.c_size_t),
    ]


class sb_search_timing(Versioned):
    VERSION = 1
    _fields_ = [
        ("version", ctypes.c_uint32),
        ("trigger", ctypes.c_uint32),
        ("delay_ms", ctypes.c_uint32),
        ("shrinking", ctypes.c_int32),
        ("shrink_initial_ms", ctypes.c_uint32),
        ("shrink_step_ms", ctypes.c_uint32),
        ("shrink_minimum_ms", ctypes.c_uint32),
        ("minimum_characters", ctypes.c_uint32),
        ("immediate_on_clear", ctypes.c_int32),
        ("stall_ms", ctypes.c_uint32),
    ]


class sb_recents_policy(Versioned):
    VERSION = 1
    _fields_ = [
        ("version", ctypes.c_uint32),
        ("limit", ctypes.c_uint32),
        ("per_scope", ctypes.c_int32),
        ("is_private", ctypes.c_int32),
        ("expiry_ms", ctypes.c_uint64),
    ]


class sb_recent(ctypes.Structure):
    _fields_ = [("text", P(ctypes.c_char)), ("text_len", ctypes.c_size_t), ("time_ms", ctypes.c_int64)]


class sb_suggestion(ctypes.Structure):
    _fields_ = [
        ("source", ctypes.c_uint32),
        ("action", ctypes.c_uint32),
        ("title", P(ctypes.c_char)),
        ("title_len", ctypes.c_size_t),
        ("completion", P(ctypes.c_char)),
        ("completion_len", ctypes.c_size_t),
        ("token", P(sb_search_token)),
        ("host_value", ctypes.c_uint64),
    ]


class sb_session_options(Versioned):
    VERSION = 1
    _fields_ = [
        ("version", ctypes.c_uint32),
        ("clock", ctypes.c_uint32),
        ("locale", ctypes.c_char_p),
        ("recents_directory", ctypes.c_char_p),
        ("event_queue_capacity", ctypes.c_uint32),
    ]


#: int32_t (*sb_veto_callback)(void *user, const sb_event *event)
sb_veto_callback = ctypes.CFUNCTYPE(ctypes.c_int32, ctypes.c_void_p, P(sb_event))
#: void (*sb_event_callback)(void *user, const sb_event *event)
sb_event_callback = ctypes.CFUNCTYPE(None, ctypes.c_void_p, P(sb_event))

_S = P(sb_session)
_int = ctypes.c_int
_u32, _i32, _u64, _i64, _size = ctypes.c_uint32, ctypes.c_int32, ctypes.c_uint64, ctypes.c_int64, ctypes.c_size_t
_text = [ctypes.c_char_p, _size]


class sb_source_options(Versioned):
    VERSION = 1
    _fields_ = [
        ("version", ctypes.c_uint32),
        ("kind", ctypes.c_uint32),
        ("title", ctypes.c_char_p),
        ("limit", ctypes.c_uint32),
        ("priority", ctypes.c_int32),
        ("timeout_ms", ctypes.c_uint32),
        ("min_query_length", ctypes.c_uint32),
        ("delay_ms", ctypes.c_uint32),
        ("mode", ctypes.c_uint32),
    ]


class sb_source_item(ctypes.Structure):
    _fields_ = [
        ("id", ctypes.c_uint64),
        ("title", ctypes.c_char_p),
        ("title_len", ctypes.c_size_t),
        ("subtitle", ctypes.c_char_p),
        ("subtitle_len", ctypes.c_size_t),
        ("score", ctypes.c_double),
        ("has_score", ctypes.c_int32),
    ]


class sb_section_item(ctypes.Structure):
    _fields_ = [
        ("id", ctypes.c_uint64),
        ("title", P(ctypes.c_char)),
        ("title_len", ctypes.c_size_t),
        ("subtitle", P(ctypes.c_char)),
        ("subtitle_len", ctypes.c_size_t),
        ("score", ctypes.c_double),
        ("has_score", ctypes.c_int32),
        ("title_highlights", P(sb_range)),
        ("title_highlight_count", ctypes.c_size_t),
        ("subtitle_highlights", P(sb_range)),
        ("subtitle_highlight_count", ctypes.c_size_t),
    ]


class sb_section(ctypes.Structure):
    _fields_ = [
        ("source", ctypes.c_int64),
        ("title", P(ctypes.c_char)),
        ("state", ctypes.c_uint32),
        ("status", ctypes.c_uint32),
        ("message", P(ctypes.c_char)),
        ("items", P(sb_section_item)),
        ("item_count", ctypes.c_size_t),
    ]


class sb_sections(ctypes.Structure):
    _fields_ = [
        ("generation", ctypes.c_uint64),
        ("sections", P(sb_section)),
        ("count", ctypes.c_size_t),
    ]


def _status(*argtypes: Any) -> tuple[Any, list[Any], bool]:
    return (_int, [_S, *argtypes], True)


#: name -> (restype, argtypes, returns a status)
SESSION_FUNCTIONS = {
    "sb_session_options_init": (_int, [P(sb_session_options), _u32], True),
    "sb_search_timing_init": (_int, [P(sb_search_timing), _u32], True),
    "sb_recents_policy_init": (_int, [P(sb_recents_policy), _u32], True),
    "sb_event_kind_string": (ctypes.c_char_p, [_u32], False),
    "sb_session_new": (_int, [P(sb_index), P(sb_session_options), P(_S)], True),
    "sb_session_free": _status(),
    "sb_session_set_text": _status(*_text),
    "sb_session_get_text": _status(P(P(ctypes.c_char)), P(_size)),
    "sb_session_insert_text": _status(_size, *_text),
    "sb_session_replace_text": _status(_size, _size, *_text),
    "sb_session_delete_text": _status(_size, _size),
    "sb_session_display": _status(P(P(sb_display))),
    "sb_session_set_placeholder": _status(*_text),
    "sb_session_set_prompt": _status(*_text),
    "sb_session_set_scope_titles": _status(P(ctypes.c_char_p), P(_size), _size),
    "sb_session_set_selected_scope": _status(_i64),
    "sb_session_set_scope_bar_policy": _status(_u32),
    "sb_session_set_placement": _status(_u32),
    "sb_session_set_cancel_button_policy": _status(_u32),
    "sb_session_set_cancel_button_title": _status(*_text),
    "sb_session_set_shows_bookmark_button": _status(_i32),
    "sb_session_set_shows_results_list_button": _status(_i32),
    "sb_session_set_results_list_selected": _status(_i32),
    "sb_session_set_items": _status(_i32, P(sb_bar_item), _size),
    "sb_session_set_autocapitalization": _status(_u32),
    "sb_session_set_style": _status(_u32),
    "sb_session_set_tint": _status(_u32),
    "sb_session_set_bar_tone": _status(_u32),
    "sb_session_set_translucent": _status(_i32),
    "sb_session_set_keyboard_type": _status(_u32),
    "sb_session_set_autocorrection": _status(_u32),
    "sb_session_set_spell_checking": _status(_u32),
    "sb_session_set_return_key_type": _status(_u32),
    "sb_session_set_enables_return_key_automatically": _status(_i32),
    "sb_session_set_search_results_title": _status(ctypes.c_char_p, _size),
    "sb_session_get_query": _status(_u64, P(P(sb_issued_query))),
    "sb_session_set_timing": _status(P(sb_search_timing)),
    "sb_session_get_timing": _status(P(sb_search_timing)),
    "sb_session_begin_editing": _status(),
    "sb_session_end_editing": _status(),
    "sb_session_set_active": _status(_i32),
    "sb_session_submit": _status(),
    "sb_session_cancel": _status(),
    "sb_session_clear": _status(),
    "sb_session_select_scope": _status(_i64),
    "sb_session_insert_token": _status(_i64, P(sb_search_token)),
    "sb_session_remove_token": _status(_i64),
    "sb_session_tap_bookmark_button": _status(),
    "sb_session_tap_results_list_button": _status(),
    "sb_session_move_match": _status(_i32),
    "sb_session_choose_result": _status(_u64),
    "sb_session_set_callbacks": _status(sb_veto_callback, sb_event_callback, ctypes.c_void_p),
    "sb_session_next_event": _status(_i32, P(sb_event)),
    "sb_session_event_fd": _status(P(_i32)),
    "sb_session_set_event_queue_capacity": _status(_u32, P(_u64)),
    "sb_session_results": _status(P(_u64), P(P(_u64)), P(_size)),
    "sb_session_copy_results": _status(P(_u64), P(P(sb_results))),
    "sb_session_set_search_options": _status(P(sb_search_options)),
    "sb_session_deliver_results": _status(_u64, P(_u64), _size),
    "sb_session_fail_search": _status(_u64, *_text),
    "sb_session_search_now": _status(P(_u64)),
    "sb_session_advance_clock": _status(_u32),
    "sb_session_set_marked_text": _status(_size, _size, *_text),
    "sb_session_unmark_text": _status(),
    "sb_session_delete_backward": _status(_size, P(_size)),
    "sb_session_delete_forward": _status(_size, P(_size)),
    "sb_session_get_marked_range": _status(P(_size), P(_size)),
    "sb_session_next_deadline": _status(P(_i64)),
    "sb_session_run_due": _status(),
    "sb_session_set_recents_name": _status(ctypes.c_char_p),
    "sb_session_recents": _status(P(P(sb_recent)), P(_size)),
    "sb_session_add_recent": _status(*_text),
    "sb_session_remove_recent": _status(_i64),
    "sb_session_clear_recents": _status(),
    "sb_session_set_recents_policy": _status(P(sb_recents_policy)),
    "sb_session_get_recents_policy": _status(P(sb_recents_policy)),
    "sb_session_suggestions": _status(P(P(sb_suggestion)), P(_size)),
    "sb_session_choose_suggestion": _status(_i64),
    "sb_session_set_host_suggestions": _status(_i32, P(sb_suggestion), _size),
    "sb_session_set_suggestion_limits": _status(_u32, _u32),
    "sb_session_snapshot": _status(P(P(ctypes.c_char)), P(_size)),
    "sb_session_restore": _status(*_text),
    "sb_source_options_init": (_int, [P(sb_source_options), _u32], True),
    "sb_session_add_source": _status(P(sb_index), P(sb_source_options), P(_i64)),
    "sb_session_set_source_dedupe": _status(_i32),
    "sb_session_answer_source": _status(_i64, _u64, P(sb_source_item), _size),
    "sb_session_fail_source": _status(_i64, _u64, ctypes.c_char_p),
    "sb_session_sections": _status(P(P(sb_sections))),
    "sb_source_kind_string": (ctypes.c_char_p, [_u32], False),
    "sb_section_state_string": (ctypes.c_char_p, [_u32], False),
}
