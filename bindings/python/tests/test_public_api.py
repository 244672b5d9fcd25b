"""Every public function and method of the package has a docstring and complete type hints."""
import inspect

import searchbar


def public_callables():
    for name in searchbar.__all__:
        obj = getattr(searchbar, name)
        if inspect.isfunction(obj):
            yield name, obj
        elif inspect.isclass(obj) and obj.__module__.startswith("searchbar"):
            for attr, value in vars(obj).items():
                if attr.startswith("_") and attr not in ("__init__", "__len__", "__contains__", "__enter__", "__exit__"):
                    continue
                if isinstance(value, (staticmethod, classmethod)):
                    value = value.__func__
                if inspect.isfunction(value):
                    yield f"{name}.{attr}", value
                elif isinstance(value, property):
                    for part in (value.fget, value.fset):
                        if inspect.isfunction(part) and part.__name__ != "<lambda>":
                            yield f"{name}.{attr}" + (".setter" if part is value.fset else ""), part


def test_public_callables_have_docstrings():
    missing = sorted({name for name, f in public_callables() if not (f.__doc__ or "").strip()
                      and not name.endswith((".__init__", ".setter"))})
    assert not missing, f"no docstring: {missing}"


def test_public_callables_are_fully_annotated():
    missing = []
    for name, f in public_callables():
        signature = inspect.signature(f)
        params = [p for p in signature.parameters.values() if p.name not in ("self", "cls")]
        if any(p.annotation is inspect.Parameter.empty for p in params) or \
                signature.return_annotation is inspect.Signature.empty:
            missing.append(name)
    assert not missing, f"not fully annotated: {sorted(set(missing))}"
