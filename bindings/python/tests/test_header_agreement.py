"""The ctypes declarations agree with include/searchbar.h, parsed with pycparser."""
import ctypes
import os
import re
import subprocess
import sys

import pycparser
from pycparser import c_ast

from searchbar import _ffi, _session_ffi, enums, errors

STD_TYPEDEFS = """
typedef unsigned long size_t;
typedef signed char int8_t; typedef unsigned char uint8_t;
typedef short int16_t; typedef unsigned short uint16_t;
typedef int int32_t; typedef unsigned int uint32_t;
typedef long int64_t; typedef unsigned long uint64_t;
typedef long intptr_t; typedef unsigned long uintptr_t;
"""


def parse_header(repo):
    path = os.path.join(repo, "include", "searchbar.h")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    text = re.sub(r"#include <[^>]+>", "", text)
    pre = subprocess.run(["gcc", "-E", "-P", "-x", "c", "-"], input=STD_TYPEDEFS + text,
                         capture_output=True, text=True, check=True).stdout
    return pycparser.CParser().parse(pre, filename=path)


def c_type(node):
    """A normalized spelling of a declared type: 'const char *' -> 'char*'."""
    if isinstance(node, c_ast.PtrDecl):
        return c_type(node.type) + "*"
    if isinstance(node, c_ast.TypeDecl):
        return c_type(node.type)
    if isinstance(node, c_ast.IdentifierType):
        return " ".join(node.names)
    if isinstance(node, c_ast.Struct):
        return node.name
    if isinstance(node, c_ast.FuncDecl):
        return "fn"
    raise AssertionError(f"unhandled node {node}")


# C spellings each ctypes scalar stands for (ctypes aliases c_int32 to c_int, and so on).
SCALARS = [
    (ctypes.c_int32, {"int", "int32_t"}), (ctypes.c_uint32, {"unsigned int", "uint32_t"}),
    (ctypes.c_int64, {"long", "int64_t", "ptrdiff_t"}),
    (ctypes.c_uint64, {"unsigned long", "uint64_t", "size_t"}), (ctypes.c_uint8, {"uint8_t", "unsigned char"}),
    (ctypes.c_char, {"char"}), (ctypes.c_double, {"double"}), (ctypes.c_bool, {"_Bool"}),
    (ctypes.c_void_p, {"void*"}), (ctypes.c_char_p, {"char*"}),
]
# C enums travel as int (sb_status) or uint32_t fields (kinds); both are 4-byte integers.
ENUM_CARRIERS = (ctypes.c_int32, ctypes.c_uint32)


def ctypes_spelling(t, c_hint):
    """The C spelling of ctypes type `t`, using `c_hint` (the header's spelling) to pick among
    equivalent spellings; anything incompatible comes back as a different string."""
    if t is None:
        return "void"
    for scalar, spellings in SCALARS:
        if t is scalar:
            if c_hint in spellings:
                return c_hint
            if t in ENUM_CARRIERS and c_hint.startswith("sb_") and not c_hint.endswith("*"):
                return c_hint
            return sorted(spellings)[0]
    if hasattr(t, "_type_") and isinstance(t._type_, type):  # POINTER(x)
        return ctypes_spelling(t._type_, c_hint[:-1] if c_hint.endswith("*") else "") + "*"
    if isinstance(t, type) and issubclass(t, ctypes.Structure):
        return t.__name__
    if hasattr(t, "_restype_"):
        return "fn*"
    raise AssertionError(f"unhandled ctypes type {t}")


def function_pointer_typedefs(ast):
    """Names of typedefs for function pointers (sb_search_callback, ...): ctypes spells them
    CFUNCTYPE(...), which the comparison calls "fn*"."""
    return {
        ext.name for ext in ast.ext
        if isinstance(ext, c_ast.Typedef) and isinstance(ext.type, c_ast.PtrDecl)
        and isinstance(ext.type.type, c_ast.FuncDecl)
    }


def header_functions(repo):
    ast = parse_header(repo)
    callbacks = function_pointer_typedefs(ast)

    def spelled(node):
        name = c_type(node)
        return "fn*" if name in callbacks else name

    functions = {}
    for ext in ast.ext:
        if isinstance(ext, c_ast.Decl) and isinstance(ext.type, c_ast.FuncDecl):
            params = ext.type.args.params if ext.type.args else []
            types = [spelled(p.type) for p in params if c_type(p.type) != "void"]
            functions[ext.name] = (spelled(ext.type.type), types)
    return functions


def test_every_header_function_is_declared_identically(repo):
    header = header_functions(repo)
    assert header, "no functions parsed"
    assert set(header) == set(_ffi.FUNCTIONS), (
        f"only in header: {sorted(set(header) - set(_ffi.FUNCTIONS))}; "
        f"only in ctypes: {sorted(set(_ffi.FUNCTIONS) - set(header))}"
    )
    for name, (c_ret, c_params) in header.items():
        restype, argtypes, _ = _ffi.FUNCTIONS[name]
        assert ctypes_spelling(restype, c_ret) == c_ret, f"{name} returns {c_ret}"
        assert len(argtypes) == len(c_params), f"{name}: {len(c_params)} parameters in C"
        for i, (a, c) in enumerate(zip(argtypes, c_params)):
            assert ctypes_spelling(a, c) == c, f"{name} parameter {i}: C {c}, ctypes {ctypes_spelling(a, c)}"


def header_structs(ast):
    """{typedef name: [(field, C spelling)]} of every struct the header defines."""
    return {
        ext.name: [(d.name, c_type(d.type)) for d in ext.type.type.decls]
        for ext in ast.ext
        if isinstance(ext, c_ast.Typedef) and isinstance(ext.type.type, c_ast.Struct) and ext.type.type.decls
    }


def ctypes_struct(name):
    return getattr(_ffi, name, None) or getattr(_session_ffi, name, None)


def test_every_struct_is_declared_field_by_field(repo):
    structs = header_structs(parse_header(repo))
    assert len(structs) >= 20, sorted(structs)
    missing = [name for name in structs if ctypes_struct(name) is None]
    assert not missing, f"structs without a ctypes declaration: {missing}"
    for name, fields in structs.items():
        py = ctypes_struct(name)
        assert [f[0] for f in py._fields_] == [f[0] for f in fields], name
        for (field, t), (_, c) in zip(py._fields_, fields):
            assert ctypes_spelling(t, c) == c, f"{name}.{field}: C {c}, ctypes {ctypes_spelling(t, c)}"


def test_struct_sizes_and_offsets_match_the_c_compiler(repo, tmp_path):
    """sizeof and every offsetof as gcc lays the header's structs out, against ctypes'."""
    structs = header_structs(parse_header(repo))
    lines = ["#include <stdio.h>", "#include <stddef.h>", '#include "searchbar.h"', "int main(void) {"]
    for name, fields in structs.items():
        lines.append(f'    printf("{name} %zu\\n", sizeof({name}));')
        lines += [f'    printf("{name}.{f} %zu\\n", offsetof({name}, {f}));' for f, _ in fields]
    lines += ["    return 0;", "}"]
    source = tmp_path / "layout.c"
    source.write_text("\n".join(lines) + "\n")
    binary = tmp_path / "layout"
    subprocess.run(["gcc", "-std=c11", "-I", os.path.join(repo, "include"), str(source), "-o", str(binary)],
                   check=True, capture_output=True, text=True)
    c_layout = dict(line.split() for line in subprocess.run([str(binary)], check=True, capture_output=True,
                                                             text=True).stdout.splitlines())
    py_layout = {}
    for name, fields in structs.items():
        py = ctypes_struct(name)
        py_layout[name] = str(ctypes.sizeof(py))
        for field, _ in fields:
            py_layout[f"{name}.{field}"] = str(getattr(py, field).offset)
    assert py_layout == c_layout


def test_versioned_structs_carry_the_header_version(repo):
    with open(os.path.join(repo, "include", "searchbar.h"), encoding="utf-8") as f:
        versions = dict(re.findall(r"#define SB_(\w+)_VERSION (\d+)", f.read()))
    assert versions
    for upper, value in versions.items():
        py = ctypes_struct("sb_" + upper.lower())
        assert py is not None and issubclass(py, _ffi.Versioned), upper
        assert py.VERSION == int(value), f"sb_{upper.lower()}: header {value}, ctypes {py.VERSION}"


def test_callback_types_match_their_typedefs(repo):
    ast = parse_header(repo)
    callbacks = {
        ext.name: ext.type.type for ext in ast.ext
        if isinstance(ext, c_ast.Typedef) and isinstance(ext.type, c_ast.PtrDecl)
        and isinstance(ext.type.type, c_ast.FuncDecl)
    }
    assert set(callbacks) == {"sb_search_callback", "sb_veto_callback", "sb_event_callback"}
    for name, decl in callbacks.items():
        py = getattr(_ffi, name, None) or getattr(_session_ffi, name)
        c_params = [c_type(p.type) for p in decl.args.params]
        c_ret = c_type(decl.type)
        assert ctypes_spelling(py._restype_, c_ret) == c_ret, name
        assert [ctypes_spelling(a, c) for a, c in zip(py._argtypes_, c_params)] == c_params, name
        assert len(py._argtypes_) == len(c_params), name


def header_enums(ast):
    """{C enum name: {enumerator: value}} as pycparser reads the header."""
    found = {}
    for ext in ast.ext:
        if isinstance(ext, c_ast.Typedef) and isinstance(ext.type.type, c_ast.Enum):
            found[ext.name] = {e.name: int(e.value.value, 0) for e in ext.type.type.values.enumerators}
    return found


def test_every_c_enum_is_an_int_enum_with_the_same_values(repo):
    import importlib.util

    spec = importlib.util.spec_from_file_location("generate_enums", os.path.join(repo, "bindings", "python", "tools",
                                                                                  "generate_enums.py"))
    generator = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(generator)
    enums_in_header = header_enums(parse_header(repo))
    assert len(enums_in_header) >= 20
    for c_name, members in enums_in_header.items():
        py = errors.Status if c_name == "sb_status" else getattr(enums, generator.class_name(c_name))
        prefix = generator.member_prefix(list(members))
        assert {prefix + m.name: int(m) for m in py} == members, c_name
    assert set(enums.__all__) - {"lowercase_names"} == \
        {generator.class_name(n) for n in enums_in_header if n != "sb_status"}


def test_enums_module_is_the_generators_output(repo):
    """searchbar/enums.py is what tools/generate_enums.py makes of the header: regenerate it
    (the command is in the script's docstring) after changing an enum."""
    tool = os.path.join(repo, "bindings", "python", "tools", "generate_enums.py")
    out = subprocess.run([sys.executable, tool, os.path.join(repo, "include", "searchbar.h")], check=True,
                         capture_output=True, text=True).stdout
    with open(enums.__file__, encoding="utf-8") as f:
        assert f.read() == out
