#!/usr/bin/env python3
"""Generate include/searchbar.h, the public C header, from the Swift compiler's output.

Inputs:
  1. the header swiftc writes with -emit-clang-header-path for the SearchBar (C-ABI) module:
     every public `@c` function with its doc comment, wrapped in ~300 lines of clang-only macros;
  2. Sources/CSearchBar/include/searchbar_types.h: the C types the exports use.

The output keeps only the declarations and their documentation, in portable C99/C++ form:
nullability qualifiers and SWIFT_* macros are dropped, the Swift-only `*_ref` handle spellings
become typed opaque pointers (`sb_index *`), and the types come first.

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
 *  - A fallible function returns sb_status: SB_OK (0) on success, an error (1..99), or a
 *    warning (100 and up) meaning success with a remark. On an error or warning,
 *    sb_last_error() gives a message for the calling thread.
 *  - Text is UTF-8 passed as (pointer, length in bytes); NULL is allowed only with length 0.
 *    Invalid UTF-8 is SB_EINVAL. Locales are NUL-terminated BCP 47 tags; NULL means none.
 *  - Output pointers are set to NULL / 0 first, so a failed call never leaves garbage.
 *  - Every buffer the library returns is released with sb_free() or the typed *_free()
 *    function named in its documentation; passing NULL to any of them does nothing.
 *  - Handles (sb_index *, sb_session *, ...) are checked: a NULL, freed or foreign handle is
 *    SB_EINVAL, never a crash. Thread rules are stated per function.
 *  - Nothing in this library aborts the host process.
 */
"""


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
    out = [HEADER_DOC, "#ifndef SEARCHBAR_H", "#define SEARCHBAR_H", "", types, "",
           "#ifdef __cplusplus", 'extern "C" {', "#endif", ""]
    for _name, doc, decl in functions:
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
