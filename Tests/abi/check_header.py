#!/usr/bin/env python3
"""Checks the shape of the public header that docs/abi.md promises:

- it reads by object: the section banners, in order, each object's functions inside its
  section, and in a section `*_init` before `*_new` before `*_free`;
- every function documents its `Thread safety:`;
- every enum says it is append-only and has an `sb_<enum>_string()` naming its values;
- every struct the host fills starts with `uint32_t version` and has SB_*_VERSION, SB_*_INIT
  and sb_*_init(); every `*_free` returns sb_status; booleans are int32_t (no uint8_t or bool);
- docs/abi.md exists, covers what it must, and the README links it.

Usage: check_header.py include/searchbar.h README.md docs/abi.md
"""
import re
import sys

SECTIONS = [
    "Version, errors and library settings",
    "Text: folding and word tokens",
    "Collator: locale-aware sorting",
    "Index: items and searches",
    "Results",
    "Session: lifecycle",
    "Session: text and editing",
    "Session: scopes and tokens",
    "Session: buttons and appearance",
    "Session: timing and searches",
    "Session: events",
    "Session: suggestions and recents",
    "Session: sources and sections",
    "Session: snapshot",
]
# Where each object's functions live: a function whose name starts with the prefix belongs in
# one of these sections.
HOMES = {
    "sb_collator_": {"Collator: locale-aware sorting"},
    "sb_index_": {"Index: items and searches"},
    "sb_results_": {"Results"},
    "sb_session_": {s for s in SECTIONS if s.startswith("Session: ")},
}
VERSIONED = ["sb_config", "sb_search_options", "sb_index_options", "sb_packed_items",
             "sb_session_options", "sb_search_timing", "sb_recents_policy", "sb_source_options"]

failures = []


def fail(message):
    failures.append(message)


def sections_of(header):
    """[(title, text)] of the header's banner sections, in order."""
    parts = re.split(r"/\* =+\n \* (.+)\n \* =+ \*/\n", header)
    return list(zip(parts[1::2], parts[2::2]))


def functions_of(text):
    """[(name, return type, doc)] of the function declarations in text, in order."""
    found = []
    for m in re.finditer(r"/\*\*\n((?: \*.*\n)*?) \*/\n([^\n(]*?)\b(sb_\w+)\(", text):
        doc, ret, name = m.groups()
        if ret.startswith("typedef"):
            continue
        found.append((name, ret.strip(), doc))
    return found


def main(header_path, readme_path, abi_path):
    header = open(header_path, encoding="utf-8").read()
    sections = sections_of(header)
    titles = [title for title, _ in sections]
    if titles != SECTIONS:
        fail(f"section banners are {titles}, expected {SECTIONS}")

    declared = [name for name in re.findall(r"^[^ /*#].*?\b(sb_\w+)\(", header, flags=re.M)]
    seen = []
    for title, text in sections:
        functions = functions_of(text)
        names = [name for name, _, _ in functions]
        seen += names
        for name, ret, doc in functions:
            if "Thread safety:" not in doc:
                fail(f"{name}: no 'Thread safety:' line")
            for prefix, homes in HOMES.items():
                if name.startswith(prefix) and title not in homes:
                    fail(f"{name} is in section '{title}', not with its object")
            if name.endswith("_free") and ret != "sb_status":
                fail(f"{name} returns {ret}; every _free returns sb_status")
        for k, name in enumerate(names):
            stem = name[: -len("_free")] if name.endswith("_free") else None
            if stem and stem + "_new" in names and names.index(stem + "_new") > k:
                fail(f"{name} comes before {stem}_new in '{title}'")
            if name.endswith("_new"):
                options_init = name[: -len("_new")] + "_options_init"
                if options_init in names and names.index(options_init) > k:
                    fail(f"{options_init} comes after {name} in '{title}'")
    if sorted(seen) != sorted(set(declared)):
        fail(f"functions outside the sections: {sorted(set(declared) - set(seen))}")

    for m in re.finditer(r"(/\*\*(?:(?!\*/).)*\*/)\ntypedef enum (\w+)", header, flags=re.S):
        doc, name = m.groups()
        if "Append-only" not in doc:
            fail(f"enum {name} does not say it is append-only")
        if not re.search(r"^const char \*%s_string\(" % name, header, flags=re.M):
            fail(f"enum {name} has no {name}_string() naming its values")
    if re.search(r"typedef enum \w+ \{", header) and len(re.findall(r"typedef enum", header)) != len(
            re.findall(r"\*/\ntypedef enum", header)):
        fail("an enum has no doc comment")

    for struct in VERSIONED:
        m = re.search(r"typedef struct %s \{\n(.*?)\n\} %s;" % (struct, struct), header, flags=re.S)
        if not m:
            fail(f"{struct} is not defined")
            continue
        first_field = next(line.strip() for line in m.group(1).splitlines() if not line.strip().startswith(("/*", "*")))
        if first_field != "uint32_t version;":
            fail(f"{struct} starts with '{first_field}', not 'uint32_t version;'")
        macro = struct.upper()
        for needed in (f"#define {macro}_VERSION ", f"#define {macro}_INIT ", f"sb_status {struct}_init({struct} *"):
            if needed not in header:
                fail(f"{struct}: missing '{needed.strip()}'")

    for m in re.finditer(r"typedef struct (\w+) \{\n(.*?)\n\} \1;", header, flags=re.S):
        for line in m.group(2).splitlines():
            if re.match(r"\s*(uint8_t|bool|_Bool) \w+;", line):
                fail(f"{m.group(1)}: '{line.strip()}': booleans are int32_t")
    for m in re.finditer(r"^sb_status (sb_\w+)\((.*)\);$", header, flags=re.M):
        for param in m.group(2).split(","):
            if re.match(r"\s*(uint8_t|bool|_Bool|int) \w+$", param):
                fail(f"{m.group(1)}: parameter '{param.strip()}': booleans are int32_t")

    abi = open(abi_path, encoding="utf-8").read()
    for topic in ("SOVERSION", "SB_DEPRECATED", "0.x", "1.0", "version", "Thread"):
        if topic not in abi:
            fail(f"docs/abi.md does not cover {topic}")
    for struct in VERSIONED:
        if struct not in abi:
            fail(f"docs/abi.md does not list the versions of {struct}")
    if "docs/abi.md" not in open(readme_path, encoding="utf-8").read():
        fail("README.md does not link docs/abi.md")

    for message in failures:
        print("FAIL:", message)
    print(f"{len(sections)} sections, {len(seen)} functions checked; {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
