"""Imports run one way, down the floors of DESIGN §1; _core imports numpy only (others lazily)."""
import ast
import sys
from pathlib import Path

PKG = "purepaddle"
PKG_DIR = Path(__file__).resolve().parent.parent / PKG
FACE = 7  # purepaddle/__init__.py and __main__.py: may import anything, nothing below may import them
FLOORS = {"_core": 1, "static": 2, "ops": 3, "tensor": 4, "nn": 5, "optimizer": 5}
# sub-packages of a low floor's namespace that build on layers and ops (paddle.static.nn.fc, ...)
UPPER = {"static.nn": 6, "static.amp": 6}
CORE_OPTIONAL = {"cupy", "ml_dtypes", "google", "protobuf", "mpi4py", "zmq"}  # only inside try or a function
CORE_ALLOWED = {"numpy", PKG} | set(sys.stdlib_module_names)


def floor_of(module):
    """Floor of a dotted purepaddle module name: 1.._core .. 6 the rest, FACE for the package itself."""
    parts = module.split(".")
    if len(parts) == 1 or parts[1] in ("__init__", "__main__"):
        return FACE
    if ".".join(parts[1:3]) in UPPER:
        return UPPER[".".join(parts[1:3])]
    return FLOORS.get(parts[1], 6)


def module_name(path, pkg_dir=PKG_DIR):
    """Dotted name of a .py file under pkg_dir; __init__.py names its package."""
    parts = list(path.relative_to(pkg_dir.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def is_submodule(dotted, pkg_dir=PKG_DIR):
    """True when dotted names a floor package or an existing module/package on disk."""
    parts = dotted.split(".")
    if len(parts) == 2 and parts[1] in FLOORS:
        return True
    base = pkg_dir.parent.joinpath(*parts)
    return base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()


class _Imports(ast.NodeVisitor):
    """Collect (lineno, target module, in_function, in_try) for every import in the tree."""

    def __init__(self, module, is_package, pkg_dir):
        self.package = module if is_package else module.rpartition(".")[0]
        self.pkg_dir, self.found, self.func, self.trys = pkg_dir, [], 0, 0

    def _nested(self, node, attr):
        setattr(self, attr, getattr(self, attr) + 1)
        self.generic_visit(node)
        setattr(self, attr, getattr(self, attr) - 1)

    def visit_FunctionDef(self, node):
        self._nested(node, "func")

    visit_AsyncFunctionDef = visit_Lambda = visit_FunctionDef

    def visit_Try(self, node):
        self._nested(node, "trys")

    visit_TryStar = visit_Try

    def _add(self, node, target):
        self.found.append((node.lineno, target, self.func > 0, self.trys > 0))

    def visit_Import(self, node):
        for alias in node.names:
            self._add(node, alias.name)

    def visit_ImportFrom(self, node):
        if node.level:
            base = self.package.split(".")
            base = base[: len(base) - (node.level - 1)] if node.level > 1 else base
            base = ".".join(base + ([node.module] if node.module else []))
        else:
            base = node.module
        for alias in node.names:
            sub = f"{base}.{alias.name}"
            self._add(node, sub if base.split(".")[0] == PKG and is_submodule(sub, self.pkg_dir) else base)


def check_source(text, module, is_package=False, pkg_dir=PKG_DIR, where=None):
    """Return a list of violations for one module's source text."""
    where = where or module
    try:
        tree = ast.parse(text)
    except SyntaxError as exc:
        return [f"{where}: cannot parse: {exc}"]
    visitor = _Imports(module, is_package, pkg_dir)
    visitor.visit(tree)
    own, bad = floor_of(module), []
    for line, target, in_func, in_try in visitor.found:
        top = target.split(".")[0]
        if top == PKG:
            if own != FACE and floor_of(target) > own:
                bad.append(f"{where}:{line}: floor {own} imports {target} (floor {floor_of(target)})")
        elif own == 1 and top not in CORE_ALLOWED:
            if top not in CORE_OPTIONAL:
                bad.append(f"{where}:{line}: _core imports third-party {target}")
            elif not (in_func or in_try):
                bad.append(f"{where}:{line}: _core imports optional {target} outside a function or try")
    return bad


def check_tree(pkg_dir=PKG_DIR):
    """Violations over every .py file under pkg_dir (none when the package does not exist yet)."""
    bad = []
    for path in sorted(pkg_dir.rglob("*.py")) if pkg_dir.is_dir() else []:
        bad += check_source(path.read_text(encoding="utf-8"), module_name(path, pkg_dir),
                            path.name == "__init__.py", pkg_dir, str(path.relative_to(pkg_dir.parent)))
    return bad


def test_no_import_runs_up_a_floor():
    bad = check_tree()
    assert not bad, "imports that run up a floor (DESIGN §1):\n" + "\n".join(bad)


def test_checker_catches_violations():
    up = [
        ("purepaddle._core.tensor", "from ..nn import Layer"),
        ("purepaddle._core.tensor", "from purepaddle import ops"),
        ("purepaddle._core.tensor", "import scipy"),
        ("purepaddle._core.place", "import cupy"),
        ("purepaddle.ops.math", "def f():\n    from ..tensor import add"),
        ("purepaddle.ops.math", "from purepaddle import to_tensor"),
        ("purepaddle.static.executor", "import purepaddle.ops.math"),
        ("purepaddle.tensor.math", "from .. import nn"),
        ("purepaddle.nn.layer", "from purepaddle.io import DataLoader"),
        ("purepaddle.static.executor", "from .nn import fc"),
    ]
    for module, text in up:
        assert check_source(text, module), (module, text)
    assert check_source("from . import x", "purepaddle.ops", is_package=True) == []  # purepaddle.ops.x
    assert check_source("from . import x", "purepaddle.ops", is_package=False)  # the face's attribute x
    assert check_source("from .. import jit", "purepaddle.static", is_package=True)


def test_checker_allows_downward_and_lazy_optional():
    ok = [
        ("purepaddle._core.place", "import numpy as np\ndef xp():\n    import cupy\n    return cupy"),
        ("purepaddle._core.dtype", "try:\n    import ml_dtypes\nexcept ImportError:\n    ml_dtypes = None"),
        ("purepaddle._core.op", "import os, sys, typing\nfrom .dtype import float32\nfrom . import mode"),
        ("purepaddle.static.executor", "from .._core.op import OPS\nfrom ..static import program"),
        ("purepaddle.ops.math", "from .._core.op import Op, register"),
        ("purepaddle.tensor.math", "from .. import ops\nfrom ..static import Program"),
        ("purepaddle.nn.layer", "from ..optimizer import SGD\nfrom ..tensor import math"),
        ("purepaddle.io.reader", "from ..nn import Layer\nfrom ..jit import api\nimport scipy"),
        ("purepaddle", "from .io import DataLoader\nfrom . import nn"),
        ("purepaddle.__main__", "import purepaddle.distributed.launch"),
        ("purepaddle.static.nn.common", "from ...nn import Linear\nfrom ... import ops"),
    ]
    for module, text in ok:
        assert check_source(text, module, is_package=module == "purepaddle") == [], (module, text)


def test_checker_reads_a_tree_on_disk(tmp_path):
    pkg = tmp_path / PKG
    for rel, text in {"__init__.py": "from . import nn", "_core/__init__.py": "",
                      "_core/op.py": "from .. import version", "version.py": "",
                      "ops/__init__.py": "from . import math", "ops/math.py": "from .._core import op"}.items():
        (pkg / rel).parent.mkdir(parents=True, exist_ok=True)
        (pkg / rel).write_text(text)
    assert check_tree(pkg) == [f"{PKG}/_core/op.py:1: floor 1 imports {PKG}.version (floor 6)"]
    assert check_tree(tmp_path / "missing") == []
