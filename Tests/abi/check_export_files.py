"""Checks that each C export sits in the folder of its header section.

include/generate_header.py's SECTIONS orders the header by object (version, text, collator,
index, results, and the session's lifecycle, text, scopes, appearance, timing, events,
suggestions, snapshot). The Swift exports are filed the same way: section `index` in
Sources/SearchBar/Index/, section `session_text` in Sources/SearchBar/Session/Text/, and so on,
so that the file of a function is found from the header. The one exception is the generated
EnumNameExports.swift (include/generate_enum_names.py): one table of sb_<enum>_string()
functions for every section.

Usage: check_export_files.py REPO. Prints each misfiled export and exits 1 if any.
"""
import importlib.util
import os
import re
import sys

GENERATED = {"EnumNameExports.swift"}
EXPORT = re.compile(r"@c\s*(?:\(\s*(\w+)\s*\))?\s*(?:public\s+)?func\s+(\w+)")


def main(repo):
    spec = importlib.util.spec_from_file_location("generate_header", os.path.join(repo, "include", "generate_header.py"))
    header = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(header)
    folder_of = {}
    for key, _, functions in header.SECTIONS:
        folder = os.path.join(*(part.capitalize() for part in key.split("_")))
        for function in functions:
            folder_of[function] = folder

    root = os.path.join(repo, "Sources", "SearchBar")
    problems = []
    exports = 0
    for directory, _, names in os.walk(root):
        for name in sorted(names):
            if not name.endswith(".swift") or name in GENERATED:
                continue
            path = os.path.join(directory, name)
            folder = os.path.relpath(directory, root)
            with open(path, encoding="utf-8") as f:
                for match in EXPORT.finditer(f.read()):
                    function = match.group(1) or match.group(2)
                    exports += 1
                    expected = folder_of.get(function)
                    if expected is None:
                        problems.append(f"{function} ({os.path.relpath(path, repo)}) is in no section of SECTIONS")
                    elif folder != expected:
                        problems.append(f"{function} is in {os.path.relpath(path, repo)}; its section's folder is "
                                        f"Sources/SearchBar/{expected}/")
    for problem in problems:
        print(problem)
    if exports == 0:
        print(f"no exports found under {root}")
        return 1
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
