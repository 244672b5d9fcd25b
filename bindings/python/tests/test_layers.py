"""The package reads top-down, as pygit2's does: declarations and errors import nothing of
ours, _ffi loads the library from them, the objects build on _ffi; no module imports another
that (directly or through others) imports it back."""
import ast
import os

import searchbar

PACKAGE = os.path.dirname(searchbar.__file__)
LEAVES = {"errors", "enums", "_declarations", "_ranges"}


def imports_of_ours():
    """{module: {modules of the package it imports anywhere, lazily included}}."""
    graph = {}
    for name in os.listdir(PACKAGE):
        if not name.endswith(".py"):
            continue
        module = name[:-3]
        with open(os.path.join(PACKAGE, name), encoding="utf-8") as f:
            tree = ast.parse(f.read())
        targets = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                if node.module:
                    targets.add(node.module.split(".")[0])
                else:
                    targets.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("searchbar"):
                targets.add((node.module.split(".") + ["__init__"])[1])
            elif isinstance(node, ast.Import):
                targets.update(a.name.split(".")[1] for a in node.names if a.name.startswith("searchbar."))
        graph[module] = targets
    return graph


def test_declarations_errors_and_enums_import_nothing_of_ours():
    graph = imports_of_ours()
    assert LEAVES <= set(graph)
    for leaf in LEAVES:
        assert graph[leaf] == set(), f"{leaf} imports {graph[leaf]}"
    assert graph["_session_ffi"] == {"_declarations"}
    assert graph["_ffi"] <= {"_declarations", "_session_ffi", "errors"}


def test_no_import_cycle():
    graph = imports_of_ours()
    done, active = set(), []

    def visit(module):
        if module in active:
            raise AssertionError("import cycle: " + " -> ".join(active[active.index(module):] + [module]))
        if module in done:
            return
        active.append(module)
        for target in sorted(graph.get(module, ())):
            if target != "__init__":
                visit(target)
        active.pop()
        done.add(module)

    for module in sorted(graph):
        if module != "__init__":
            visit(module)
    importers_of_package = [m for m, targets in graph.items() if "__init__" in targets and m != "__init__"]
    assert not importers_of_package, f"modules importing the package itself: {importers_of_package}"
