"""Checks the layering rules of docs/architecture.md on the sources.

SearchBarCore is one Swift module, so the compiler does not stop a file in Text/ from naming a
type declared in Engine/; this check does. Each top folder of Sources/SearchBarCore is a layer:

    Support  <  Text  <  Engine  <  Session        (Samples sits beside Session, over Engine)

A file may name the types declared in its own layer and in the layers below it, never above.
Besides:
- the ICU shim (`import CICU`) is imported by Text (and Samples, which reads ICU's locale data)
  only: the engine and the session reach ICU through Text;
- the C types (`import CSearchBar`) are seen by the export layer (Sources/SearchBar), never by
  the core; the CLI reads only the version macros of that header.

Usage: check_layers.py REPO. Prints each violation as `file: what` and exits 1 if any.
"""
import os
import re
import sys

BELOW = {
    "Support": {"Support"},
    "Text": {"Support", "Text"},
    "Engine": {"Support", "Text", "Engine"},
    "Session": {"Support", "Text", "Engine", "Session"},
    "Samples": {"Support", "Text", "Engine", "Samples"},
}
ICU_IMPORTERS = {"Text", "Samples"}
# Top-level declarations only (no indentation): a nested type is named through its parent, and
# a generic parameter or local alias (`S`) is no layer's.
DECLARATION = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+)*"
    r"(?:(?:public|internal|private|fileprivate|package|final|indirect|nonisolated)\s+)*"
    r"(?:struct|class|enum|protocol|typealias|actor)\s+([A-Z]\w*)", re.M)
COMMENT = re.compile(r"//.*")


def swift_files(folder):
    for directory, _, names in os.walk(folder):
        for name in sorted(names):
            if name.endswith(".swift"):
                yield os.path.join(directory, name)


def main(repo):
    core = os.path.join(repo, "Sources", "SearchBarCore")
    sources = {}  # relative path -> (layer, code without comments)
    declared_in = {}  # type name -> layers declaring it
    for path in swift_files(core):
        relative = os.path.relpath(path, core)
        layer = relative.split(os.sep)[0]
        with open(path, encoding="utf-8") as f:
            code = COMMENT.sub("", f.read())
        sources[relative] = (layer, code)
        for match in DECLARATION.finditer(code):
            declared_in.setdefault(match.group(1), set()).add(layer)

    problems = []
    for relative, (layer, code) in sorted(sources.items()):
        if layer not in BELOW:
            problems.append(f"{relative}: {layer}/ is not a known layer (add it to docs/architecture.md and here)")
            continue
        for name, layers in sorted(declared_in.items()):
            if layers & BELOW[layer]:
                continue  # declared (also) where this file may look
            if re.search(r"\b" + re.escape(name) + r"\b", code):
                above = "/".join(sorted(layers))
                problems.append(f"Sources/SearchBarCore/{relative}: names {name}, declared in {above}/, above {layer}/")
        if re.search(r"^\s*(?:\w+\s+)?import\s+CICU\b", code, re.M) and layer not in ICU_IMPORTERS:
            problems.append(f"Sources/SearchBarCore/{relative}: imports the ICU shim; reach ICU through Text/")
        if re.search(r"^\s*(?:\w+\s+)?import\s+CSearchBar\b", code, re.M):
            problems.append(f"Sources/SearchBarCore/{relative}: imports the C types; only Sources/SearchBar may")

    for path in swift_files(os.path.join(repo, "Sources", "SearchBarCLI")):
        with open(path, encoding="utf-8") as f:
            code = COMMENT.sub("", f.read())
        relative = os.path.relpath(path, repo)
        if re.search(r"^\s*(?:\w+\s+)?import\s+CICU\b", code, re.M):
            problems.append(f"{relative}: imports the ICU shim; use SearchBarCore")
        if re.search(r"^\s*(?:\w+\s+)?import\s+CSearchBar\b", code, re.M):
            other = set(re.findall(r"\b(?:sb|SB)_\w+", code)) - {"SB_VERSION_MAJOR", "SB_VERSION_MINOR", "SB_VERSION_PATCH"}
            if other:
                problems.append(f"{relative}: uses the C ABI ({', '.join(sorted(other))}); use SearchBarCore")

    for problem in problems:
        print(problem)
    if not sources:
        print(f"no Swift sources under {core}")
        return 1
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
