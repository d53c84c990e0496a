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


# == No patching across modules; every hook point listed (helper B1's part; docs/architecture.md "Registry of hooks")
# A module may not assign onto (or setattr/delattr) a module, class or function it imported from purepaddle:
# floors meet only at the declared hook points of purepaddle/_core/hooks.py. Writes to imported STATE-like
# objects (ALL_CAPS names: STATE, CONFIG) are state, not wiring, and stay allowed.
ARCH_DOC = PKG_DIR.parent / "docs" / "architecture.md"
HOOKS_SECTION = "## Registry of hooks"
# the declared mechanisms that do assign across modules: (module, imported name) -> why
DECLARED_ASSIGNMENTS = {
    (PKG, "static"): "the package face completes paddle.static with the floor-6 names of static.nn (Print, ...)",
}


def _imported_names(tree, module, is_package):
    """{local name: dotted purepaddle target} for the imports of one module (relative ones resolved)."""
    package = module if is_package else module.rpartition(".")[0]
    names = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == PKG:
                    names[alias.asname or alias.name.split(".")[0]] = alias.name if alias.asname else PKG
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)] if node.level > 1 else base
                base = ".".join(base + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            if base.split(".")[0] != PKG:
                continue
            for alias in node.names:
                names[alias.asname or alias.name] = f"{base}.{alias.name}"
    return names


def _wired(name):
    """Whether an imported name may be wiring (a module, class or function), not a state object (ALL_CAPS)."""
    return not (name.isupper() and len(name) > 1)


def check_assignments(text, module, is_package=False, where=None):
    """Assignments onto imported purepaddle modules, classes or functions in one module's source: a list."""
    where = where or module
    tree = ast.parse(text)
    imported = _imported_names(tree, module, is_package)
    local = {n.name for n in ast.walk(tree) if isinstance(n, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))}

    def foreign(node):
        """The imported name `node` reaches (x, x.Class, x.func), or None: an attribute chain through a
        lower-case or CamelCase step of an imported module still names its module/class/function."""
        steps = []
        while isinstance(node, ast.Attribute):
            steps.append(node.attr)
            node = node.value
        if not isinstance(node, ast.Name) or node.id not in imported or node.id in local:
            return None
        if not _wired(node.id) or any(not _wired(s) for s in steps):
            return None
        return node.id

    bad = []

    def flag(node, target, how):
        name = foreign(target)
        if name is not None and (module, name) not in DECLARED_ASSIGNMENTS:
            bad.append(f"{where}:{node.lineno}: {how} {ast.unparse(target)} (imported from {imported[name]})")

    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Delete)):
            targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
            for t in targets:
                for sub in ast.walk(t):
                    if isinstance(sub, ast.Attribute) and isinstance(sub.ctx, (ast.Store, ast.Del)):
                        flag(node, sub.value, "assigns onto")
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ("setattr", "delattr") and node.args):
            flag(node, node.args[0], f"{node.func.id} on")
    return bad


def check_assignment_tree(pkg_dir=PKG_DIR):
    """check_assignments over every module of the package."""
    bad = []
    for path in sorted(pkg_dir.rglob("*.py")):
        bad += check_assignments(path.read_text(encoding="utf-8"), module_name(path, pkg_dir),
                                 path.name == "__init__.py", str(path.relative_to(pkg_dir.parent)))
    return bad


def declared_hooks(pkg_dir=PKG_DIR):
    """{hook name: declaring file (relative to the package)} from `hooks.declare("name", ...)` calls in the code."""
    found = {}
    for path in sorted(pkg_dir.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if "declare(" not in text:
            continue
        for node in ast.walk(ast.parse(text)):
            if (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)
                    and (getattr(node.func, "attr", None) == "declare"
                         or (isinstance(node.func, ast.Name) and node.func.id == "declare"))):
                found[node.args[0].value] = path.relative_to(pkg_dir).as_posix()
    return found


def listed_hooks(doc_text):
    """{hook name: "declared in" cell} from the table of the doc's hooks section."""
    if HOOKS_SECTION not in doc_text:
        return {}
    section = doc_text.split(HOOKS_SECTION, 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) >= 2 and cells[0].startswith("`"):
            rows[cells[0].split("`")[1]] = cells[1].strip("`")  # `name` (listeners): the backticked name
    return rows


def check_hook_listing(declared, listed):
    """Hooks declared but not listed, listed but not declared, or listed under the wrong module: a list."""
    bad = [f"hook point {n!r} (declared in {f}) is not in the {HOOKS_SECTION} table" for n, f in declared.items()
           if n not in listed]
    bad += [f"hook point {n!r} is listed in {HOOKS_SECTION} but declared nowhere" for n in listed if n not in declared]
    bad += [f"hook point {n!r}: listed as declared in {listed[n]}, but {declared[n]} declares it" for n in declared
            if n in listed and listed[n] != declared[n]]
    return bad


def test_no_module_patches_another():
    bad = check_assignment_tree()
    assert not bad, ("assignments onto another module's module/class/function (install through a declared hook "
                     "point instead, purepaddle/_core/hooks.py):\n" + "\n".join(bad))


def test_every_hook_point_is_listed_in_the_architecture_doc():
    declared = declared_hooks()
    assert "static_builder" in declared and "op_ran" in declared
    bad = check_hook_listing(declared, listed_hooks(ARCH_DOC.read_text(encoding="utf-8")))
    assert not bad, "\n".join(bad)


def test_declared_hooks_match_the_registry():
    import importlib
    from purepaddle._core import hooks
    declared = declared_hooks()
    for rel in set(declared.values()):
        importlib.import_module(module_name(PKG_DIR / rel))
    ours = {n: p for n, p in hooks.declared().items() if p.module.split(".")[0] == PKG}  # not tests' own points
    assert set(ours) == set(declared)  # every point is declared the way the scan reads it
    for name, point in ours.items():
        assert point.module == module_name(PKG_DIR / declared[name]) and point.doc, name


def test_assignment_checker_catches_patches():
    bad = [
        ("purepaddle.profiler.recorder", "from .._core import autograd as _autograd\n_autograd.run_backward = f"),
        ("purepaddle.profiler.recorder", "import purepaddle._core.autograd as a\na.run_backward = f"),
        ("purepaddle.profiler.recorder", "import purepaddle\npurepaddle.nn.Layer.__call__ = f"),
        ("purepaddle.profiler.recorder", "from ..nn.layer.layers import Layer\nLayer.__call__ = f"),
        ("purepaddle.profiler.recorder", "from ..nn.layer.layers import Layer\nsetattr(Layer, '__call__', f)"),
        ("purepaddle.profiler.recorder", "from ..nn.layer.layers import Layer\ndelattr(Layer, 'forward')"),
        ("purepaddle.autograd.flow", "from .._core.tensor import Tensor\ndef f():\n    Tensor.detach = g"),
        ("purepaddle.jit.trace", "from ..static import variable as v\nv.TRACING = 1"),
        ("purepaddle.jit.trace", "from ..tensor import add\nadd.__doc__ = 'x'"),
        ("purepaddle.jit.trace", "from ..static import executor\nexecutor.Executor.run = f"),
    ]
    for module, text in bad:
        assert check_assignments(text, module), (module, text)


def test_assignment_checker_allows_state_and_own_names():
    ok = [
        ("purepaddle.jit.trace", "from .._core.mode import STATE\nSTATE.static = True"),
        ("purepaddle.amp.debugging", "from ..framework import nan_inf\nnan_inf.CONFIG.checked_ops = []"),
        ("purepaddle.nn.layer.rnn", "class A:\n    pass\nA.x = 1\nsetattr(A, 'y', 2)"),
        ("purepaddle.nn.layer.rnn", "def f(self, layer):\n    self.x = 1\n    setattr(layer, 'w', 2)"),
        ("purepaddle.nn.layer.rnn", "import sys\nsys.argv = []"),
        ("purepaddle", "from . import static\nstatic.Print = p"),  # a declared mechanism (the face)
        ("purepaddle.jit.trace", "from .._core.dispatch import BUILDER\nh = BUILDER.install(f)"),
    ]
    for module, text in ok:
        assert check_assignments(text, module, is_package=module == "purepaddle") == [], (module, text)


def test_hook_listing_checker_catches_both_directions():
    doc = (f"# x\n{HOOKS_SECTION}\n\n| point | declared in | called by | installed by |\n|---|---|---|---|\n"
           "| `amp` | `_core/dispatch.py` | apply | amp |\n| `gone` (listeners) | `_core/op.py` | - | - |\n\n## Tests\n"
           "| `later` | `x.py` | | |\n")
    listed = listed_hooks(doc)
    assert listed == {"amp": "_core/dispatch.py", "gone": "_core/op.py"}
    bad = check_hook_listing({"amp": "_core/dispatch.py", "new": "_core/op.py"}, listed)
    assert len(bad) == 2 and "'new'" in bad[0] and "'gone'" in bad[1]
    assert check_hook_listing({"amp": "_core/op.py"}, {"amp": "_core/dispatch.py"})  # wrong module
    assert check_hook_listing({"amp": "_core/dispatch.py"}, {"amp": "_core/dispatch.py"}) == []
    assert listed_hooks("# no section\n| `amp` | x |") == {}


def test_declared_hooks_reads_the_code(tmp_path):
    pkg = tmp_path / PKG
    (pkg / "_core").mkdir(parents=True)
    (pkg / "_core" / "op.py").write_text('from . import hooks\nP = hooks.declare("op_ran", "doc", "listeners")\n')
    (pkg / "static.py").write_text('from ._core.hooks import declare\nB = declare("builder", "doc")\nx = f("no")\n')
    assert declared_hooks(pkg) == {"op_ran": "_core/op.py", "builder": "static.py"}
