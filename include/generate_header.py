#!/usr/bin/env python3
"""Generate include/searchbar.h, the public C header, from the Swift compiler's output.

Inputs:
  1. the header swiftc writes with -emit-clang-header-path for the SearchBar (C-ABI) module:
     every public `@c` function with its doc comment, wrapped in ~300 lines of clang-only macros;
  2. Sources/CSearchBar/include/searchbar_types.h: the C types the exports use.

The output keeps only the declarations and their documentation, in portable C99/C++ form:
nullability qualifiers and SWIFT_* macros are dropped, and the Swift-only `*_ref` handle
spellings become typed opaque pointers (`sb_index *`). It reads by object: one section per
entry of SECTIONS, under a banner, holding the types that follow that section's
`/* SB_SECTION(key) */` marker in the types header and then its functions in the order listed.
A function missing from SECTIONS, or listed but not exported, stops the generation.

Usage: generate_header.py SWIFT_HEADER TYPES_HEADER OUTPUT
"""
import html
import os
import re
import sys

HEADER_DOC = """\
/*
 * searchbar.h: the C interface of searchbar, a headless search-bar engine
 * (the state and behaviour of a search bar, internationalized matching and ranking,
 * and a thread-pool search executor) for C, C++ and Python hosts.
 *
 * GENERATED from the library's Swift @c exports by include/generate_header.py.
 * Do not edit: change the Swift doc comments or Sources/CSearchBar/include/searchbar_types.h.
 *
 * Conventions, for every function below:
 *  - Names start with sb_; types with sb_; constants with SB_.
 *  - A fallible function returns sb_status: SB_OK (0) on success, an error (1..99), a
 *    warning (100..199) meaning success with a remark, or SB_EMPTY (200): success with nothing
 *    to return. On an error or warning, sb_last_error() gives a message for the calling thread.
 *  - Text is UTF-8 passed as (pointer, length in bytes); NULL is allowed only with length 0.
 *    Invalid UTF-8 is SB_EINVAL. Locales are NUL-terminated BCP 47 tags; NULL means none.
 *  - Output pointers are set to NULL / 0 first, so a failed call never leaves garbage.
 *  - Every buffer the library returns is released with sb_free() or the typed *_free()
 *    function named in its documentation; passing NULL to any of them does nothing.
 *  - Handles (sb_index *, sb_session *, ...) are checked: a NULL, freed or foreign handle is
 *    SB_EINVAL, never a crash. Every *_free() returns sb_status and accepts NULL.
 *  - Structs the host fills start with `uint32_t version`: initialize them with their
 *    SB_*_INIT macro or sb_*_init() (see "Versioned structs" below and docs/abi.md).
 *  - Every function states its `Thread safety:`. Callbacks run on the threads their typedefs
 *    name; a host that must work on its main thread polls a session's event fd there.
 *  - Every enum is append-only: values are added, never renumbered.
 *  - Nothing in this library aborts the host process.
 *
 * Sections: version, errors and library settings; text; collator; index; results; session
 * (lifecycle, text and editing, scopes and tokens, buttons and appearance, timing and
 * searches, events, suggestions and recents, sources and sections, snapshot). Each has its types, then its functions.
 */
"""


# (key, banner title, functions in reading order: make/init before use, new before free).
SECTIONS = [
    ("version", "Version, errors and library settings", [
        "sb_version_number", "sb_version_string", "sb_status_string", "sb_last_error",
        "sb_config_init", "sb_configure", "sb_get_config", "sb_free", "sb_release_memory"]),
    ("text", "Text: folding and word tokens", ["sb_fold", "sb_tokenize",
        "sb_token_kind_string"]),
    ("collator", "Collator: locale-aware sorting", [
        "sb_collator_new", "sb_collator_free", "sb_collator_compare", "sb_collator_sort",
        "sb_collator_sort_packed", "sb_collator_sort_key"]),
    ("index", "Index: items and searches", [
        "sb_index_options_init", "sb_index_new", "sb_index_free", "sb_index_get_options",
        "sb_index_save", "sb_index_open",
        "sb_index_count", "sb_index_add", "sb_packed_items_init", "sb_index_add_packed",
        "sb_index_remove", "sb_index_merge", "sb_index_clear", "sb_index_get", "sb_search_options_init", "sb_index_search", "sb_index_search_async",
        "sb_index_cancel", "sb_sample_items", "sb_sample_scope_title",
        "sb_match_mode_string", "sb_field_string", "sb_filter_kind_string", "sb_tiebreak_string"]),
    ("results", "Results", [
        "sb_results_count", "sb_results_total", "sb_results_get", "sb_results_text",
        "sb_results_field", "sb_results_copy", "sb_results_data", "sb_results_export",
        "sb_results_fields", "sb_results_free",
        "sb_unit_string"]),
    ("session_lifecycle", "Session: lifecycle", [
        "sb_session_options_init", "sb_session_new", "sb_session_free", "sb_session_set_active",
        "sb_session_set_search_options",
        "sb_session_clock_string"]),
    ("session_text", "Session: text and editing", [
        "sb_session_begin_editing", "sb_session_end_editing", "sb_session_get_text",
        "sb_session_set_text", "sb_session_insert_text", "sb_session_delete_text",
        "sb_session_replace_text", "sb_session_set_marked_text", "sb_session_unmark_text",
        "sb_session_get_marked_range", "sb_session_delete_backward", "sb_session_delete_forward",
        "sb_session_set_autocapitalization",
        "sb_session_set_keyboard_type", "sb_session_set_autocorrection",
        "sb_session_set_spell_checking", "sb_session_set_return_key_type",
        "sb_session_set_enables_return_key_automatically", "sb_session_clear",
        "sb_session_submit", "sb_session_cancel",
        "sb_autocapitalization_string", "sb_keyboard_type_string", "sb_text_trait_string", "sb_return_key_type_string"]),
    ("session_scopes", "Session: scopes and tokens", [
        "sb_session_set_scope_titles", "sb_session_set_scope_bar_policy",
        "sb_session_select_scope", "sb_session_set_selected_scope", "sb_session_insert_token",
        "sb_session_remove_token",
        "sb_scope_bar_policy_string", "sb_search_token_kind_string"]),
    ("session_appearance", "Session: buttons and appearance", [
        "sb_session_display", "sb_session_set_placeholder", "sb_session_set_prompt",
        "sb_session_set_style", "sb_session_set_tint", "sb_session_set_bar_tone",
        "sb_session_set_translucent", "sb_session_set_search_results_title", "sb_session_set_placement",
        "sb_session_set_cancel_button_policy", "sb_session_set_cancel_button_title",
        "sb_session_set_shows_bookmark_button", "sb_session_set_shows_results_list_button",
        "sb_session_set_results_list_selected", "sb_session_set_items",
        "sb_session_tap_bookmark_button", "sb_session_tap_results_list_button",
        "sb_bar_style_string", "sb_bar_tone_string", "sb_bar_placement_string", "sb_cancel_button_policy_string", "sb_bar_item_kind_string"]),
    ("session_timing", "Session: timing and searches", [
        "sb_search_timing_init", "sb_session_get_timing", "sb_session_set_timing",
        "sb_session_advance_clock", "sb_session_next_deadline", "sb_session_run_due",
        "sb_session_search_now", "sb_session_get_query", "sb_session_deliver_results",
        "sb_session_fail_search", "sb_session_results", "sb_session_copy_results",
        "sb_session_choose_result", "sb_session_move_match",
        "sb_search_trigger_string"]),
    ("session_events", "Session: events", [
        "sb_session_set_callbacks", "sb_session_next_event", "sb_session_event_fd",
        "sb_session_set_event_queue_capacity", "sb_event_kind_string"]),
    ("session_suggestions", "Session: suggestions and recents", [
        "sb_session_suggestions", "sb_session_choose_suggestion",
        "sb_session_set_host_suggestions", "sb_session_set_suggestion_limits",
        "sb_recents_policy_init", "sb_session_get_recents_policy",
        "sb_session_set_recents_policy", "sb_session_set_recents_name", "sb_session_recents",
        "sb_session_add_recent", "sb_session_remove_recent", "sb_session_clear_recents",
        "sb_suggestion_source_string", "sb_suggestion_action_string"]),
    ("session_sources", "Session: sources and sections", [
        "sb_source_options_init", "sb_session_add_source", "sb_session_set_source_dedupe",
        "sb_session_answer_source", "sb_session_fail_source", "sb_session_sections",
        "sb_source_kind_string", "sb_section_state_string"]),
    ("session_snapshot", "Session: snapshot", ["sb_session_snapshot", "sb_session_restore"]),
]


def banner(title):
    rule = "=" * 94
    return f"/* {rule}\n * {title}\n * {rule} */"


def split_sections(types):
    """The types header's text before the first section, and {key: text} per section."""
    parts = re.split(r"/\* SB_SECTION\((\w+)\) \*/\s*", types)
    preamble, sections = parts[0], {}
    for key, text in zip(parts[1::2], parts[2::2]):
        if key in sections:
            raise SystemExit(f"generate_header: section {key} marked twice in the types header")
        sections[key] = text.strip()
    known = [key for key, _, _ in SECTIONS]
    unknown = sorted(set(sections) - set(known))
    missing = [key for key in known if key not in sections]
    if unknown or missing:
        raise SystemExit(f"generate_header: types header sections unknown {unknown}, missing {missing}")
    return preamble.strip(), sections


def read_types(path):
    """The types header's body, without its include guard and Swift-only region."""
    text = open(path, encoding="utf-8").read()
    text = re.sub(r"/\* SB_SWIFT_ONLY_BEGIN.*?SB_SWIFT_ONLY_END \*/\n", "", text, flags=re.S)
    lines = text.splitlines()
    body = []
    for line in lines:
        if re.match(r"#(ifndef|define|endif)\s*/?\*?\s*SEARCHBAR_TYPES_H", line):
            continue
        body.append(line)
    # Drop the file's leading comment block; the public header has its own.
    joined = "\n".join(body).strip()
    if joined.startswith("/*"):
        joined = joined[joined.index("*/") + 2:].strip()
    return joined


def clean_type(text):
    """Portable C spelling of one parameter or return type from the Swift header."""
    text = re.sub(r"\b_Nullable\b|\b_Nonnull\b|\b_Null_unspecified\b", "", text)
    text = re.sub(r"\bsb_(\w+?)_ref\b", r"sb_\1 *", text)
    text = re.sub(r"\bchar const\b", "const char", text)
    text = re.sub(r"\b(\w+) const \*", r"const \1 *", text)
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(r"\*\s+\*", "**", text)
    text = re.sub(r"\*\s+\*", "**", text)
    return text


def split_params(params):
    """Splits a parameter list at top-level commas (function-pointer types nest parentheses)."""
    parts, depth, current = [], 0, ""
    for ch in params:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += ch
    if current.strip():
        parts.append(current)
    return parts


def clean_param(param):
    param = clean_type(param)
    if param == "void":
        return param
    # Function pointer parameter: type (*name)(args)
    m = re.match(r"(.*)\(\s*\*\s*(\w+)\)\s*\((.*)\)$", param)
    if m:
        ret, name, args = m.groups()
        args = ", ".join(clean_param(a) for a in split_params(args))
        return f"{ret.strip()} (*{name.rstrip('_')})({args})"
    m = re.match(r"(.*?)(\w+)$", param)
    type_, name = m.group(1).strip(), m.group(2).rstrip("_")
    sep = "" if type_.endswith("*") else " "
    return f"{type_}{sep}{name}"


def plain_doc(line):
    """Undoes the compiler's Markdown rendering of a doc line, so the header stays plain ASCII."""
    line = re.sub(r"</?code>", "`", line)
    line = re.sub(r"</?(em|strong)>", "", line)
    for fancy, ascii_ in (("\u2018", "'"), ("\u2019", "'"), ("\u201c", '"'), ("\u201d", '"'),
                          ("\u2014", "--"), ("\u2013", "-"), ("\u2026", "...")):
        line = line.replace(fancy, ascii_)
    return html.unescape(line)


def read_functions(path):
    """(doc lines, declaration) for each sb_ function in the Swift header's C section."""
    text = open(path, encoding="utf-8").read()
    start = text.index('extern "C" {')
    end = text.index('} // extern "C"', start)
    section = text[start:end]
    functions = []
    doc = []
    for line in section.splitlines()[1:]:
        stripped = line.strip()
        if stripped.startswith("///"):
            doc.append(plain_doc(stripped[3:].strip()))
            continue
        m = re.match(r"SWIFT_EXTERN (.*?)\b(sb_\w+)\((.*)\)(.*);$", stripped)
        if m:
            ret, name, params, _attrs = m.groups()
            ret = clean_type(ret)
            params = ", ".join(clean_param(p) for p in split_params(params)) or "void"
            sep = "" if ret.endswith("*") else " "
            functions.append((name, doc, f"{ret}{sep}{name}({params});"))
        elif stripped and not stripped.startswith("#"):
            raise SystemExit(f"generate_header: unexpected line in the Swift header: {stripped}")
        doc = []
    if not functions:
        raise SystemExit("generate_header: no sb_ functions found")
    undocumented = [name for name, doc, _ in functions if not doc]
    if undocumented:
        raise SystemExit("generate_header: missing doc comments: " + ", ".join(undocumented))
    return functions


def render(types, functions):
    preamble, section_types = split_sections(types)
    by_name = {name: (doc, decl) for name, doc, decl in functions}
    listed = [name for _, _, names in SECTIONS for name in names]
    duplicated = sorted({name for name in listed if listed.count(name) > 1})
    unlisted = sorted(set(by_name) - set(listed))
    absent = sorted(set(listed) - set(by_name))
    if duplicated or unlisted or absent:
        raise SystemExit(
            "generate_header: SECTIONS in include/generate_header.py does not match the exports: "
            f"not listed {unlisted}, listed but not exported {absent}, listed twice {duplicated}")
    out = [HEADER_DOC, "#ifndef SEARCHBAR_H", "#define SEARCHBAR_H", "", preamble, "",
           "#ifdef __cplusplus", 'extern "C" {', "#endif", ""]
    for key, title, names in SECTIONS:
        out += [banner(title), ""]
        if section_types[key]:
            out += [section_types[key], ""]
        for name in names:
            doc, decl = by_name[name]
            out.append("/**")
            out.extend(f" * {line}".rstrip() for line in doc)
            out.append(" */")
            out.append(decl)
            out.append("")
    out += ["#ifdef __cplusplus", '} /* extern "C" */', "#endif", "", "#endif /* SEARCHBAR_H */", ""]
    return "\n".join(out)


def main(argv):
    if len(argv) != 4:
        raise SystemExit(__doc__)
    swift_header, types_header, output = argv[1:]
    result = render(read_types(types_header), read_functions(swift_header))
    with open(output + ".tmp", "w", encoding="utf-8") as f:
        f.write(result)
    os.replace(output + ".tmp", output)


if __name__ == "__main__":
    main(sys.argv)
