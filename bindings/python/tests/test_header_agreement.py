"""The ctypes declarations agree with include/searchbar.h, parsed with pycparser."""
import ctypes
import os
import re
import subprocess

import pycparser
from pycparser import c_ast

from searchbar import _ffi

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


def test_struct_layouts_match_c(repo):
    structs = {}
    for ext in parse_header(repo).ext:
        if isinstance(ext, c_ast.Typedef) and isinstance(ext.type.type, c_ast.Struct) and ext.type.type.decls:
            structs[ext.name] = [(d.name, c_type(d.type)) for d in ext.type.type.decls]
    for name in ("sb_range", "sb_token", "sb_hit_entry", "sb_packed_items"):
        py = getattr(_ffi, name)
        assert [f[0] for f in py._fields_] == [f[0] for f in structs[name]], name
        for (field, t), (_, c) in zip(py._fields_, structs[name]):
            assert ctypes_spelling(t, c) == c, f"{name}.{field}"
