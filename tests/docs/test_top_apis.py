"""The 200 most used APIs (tests/fixtures/surface/top_apis.txt, counted by make_top_apis.py) read well in help()
and an IDE: a docstring in Paddle's layout (a short summary paragraph, Args naming every parameter, Returns, an Examples
code-block with `>>>` lines — test_examples.py runs it) and type annotations on every parameter and the return.

For a class the docstring is the class's and the annotated signature is its __init__'s (whose return is None);
a class has no Returns section, as in Paddle's docs.
"""
import inspect
import os
import re

import pytest

import purepaddle
from tests.checkout import FIXTURES

TOP = [line.split("\t")[0] for line in (FIXTURES / "surface" / "top_apis.txt").read_text().splitlines() if line]
# APIs not yet complete, `name<TAB>check` (check: docstring or annotations); the list may only shrink: a listed
# API that now passes fails until its line is removed (regenerate: PUREPADDLE_WRITE_TOP_TODO=1 pytest this file)
TODO_FILE = FIXTURES / "surface" / "top_apis_todo.txt"
TODO = {tuple(line.split("\t")) for line in TODO_FILE.read_text().splitlines() if line} if TODO_FILE.exists() \
    else set()
_FAILING = set()


def _check(name, check, body):
    try:
        body()
    except AssertionError:
        _FAILING.add((name, check))
        if (name, check) in TODO:
            pytest.xfail(f"{name}: {check} listed in top_apis_todo.txt")
        raise
    assert (name, check) not in TODO, f"{name} now passes {check}: remove it from top_apis_todo.txt"


def _resolve(name):
    obj = purepaddle
    for part in name.split(".")[1:]:
        obj = getattr(obj, part)
    return obj


def _signature(obj):
    """The signature a user calls, without self/cls; for a class, its own __init__'s."""
    if inspect.isclass(obj):
        owner = next(c for c in obj.__mro__ if "__init__" in c.__dict__)
        if owner.__module__ in ("builtins", "enum"):  # object's or Enum's: no signature of its own
            return inspect.Signature(return_annotation=None), []
        sig = inspect.signature(owner.__dict__["__init__"])
    else:
        sig = inspect.signature(obj)
    params = [p for p in sig.parameters.values() if p.name not in ("self", "cls")]
    return sig, params


def _section(doc, title):
    """The text of section `title:` (up to the next section heading at the same indentation), or None."""
    m = re.search(rf"^(\s*){title}:\s*$", doc, re.M)
    if not m:
        return None
    indent = len(m.group(1))
    rest = doc[m.end():]
    end = re.search(rf"^ {{0,{indent}}}\S", rest, re.M)
    return rest[:end.start()] if end else rest


def test_the_list_is_two_hundred_distinct_apis():
    assert len(TOP) == 200 == len(set(TOP))
    assert len({id(_resolve(n)) for n in TOP}) == 200


@pytest.mark.parametrize("name", TOP)
def test_docstring_layout(name):
    _check(name, "docstring", lambda: _docstring_layout(name))


@pytest.mark.parametrize("name", TOP)
def test_annotations(name):
    _check(name, "annotations", lambda: _annotations(name))


def test_todo_names_are_listed_apis():
    assert {name for name, _ in TODO} <= set(TOP)


def _docstring_layout(name):
    obj = _resolve(name)
    doc = inspect.getdoc(obj) or ""
    summary = doc.split("\n\n")[0].strip()
    assert summary and summary.count("\n") < 3, f"{name}: no short summary paragraph"
    _, params = _signature(obj)
    if params:
        args = _section(doc, "Args") or _section(doc, "Parameters")
        assert args is not None, f"{name}: no Args section"
        for p in params:
            shown = {inspect.Parameter.VAR_POSITIONAL: "*" + p.name, inspect.Parameter.VAR_KEYWORD: "**" + p.name}
            assert re.search(rf"^\s*(\*{{0,2}}){re.escape(p.name)}\b", args, re.M), \
                f"{name}: Args does not describe {shown.get(p.kind, p.name)}"
    if not inspect.isclass(obj):
        assert _section(doc, "Returns") is not None, f"{name}: no Returns section"
    examples = _section(doc, "Examples?")
    assert examples is not None and ".. code-block:: python" in examples and ">>>" in examples, \
        f"{name}: no Examples code-block with >>> lines"


def _annotations(name):
    obj = _resolve(name)
    sig, params = _signature(obj)
    missing = [p.name for p in params if p.annotation is inspect.Parameter.empty]
    assert not missing, f"{name}: parameters without annotations: {missing}"
    assert sig.return_annotation is not inspect.Signature.empty, f"{name}: no return annotation"


def teardown_module():
    if os.environ.get("PUREPADDLE_WRITE_TOP_TODO"):
        TODO_FILE.write_text("".join(f"{n}\t{c}\n" for n, c in sorted(_FAILING, key=lambda t: (TOP.index(t[0]), t[1]))))
