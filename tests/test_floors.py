"""Imports run one way, down the floors of DESIGN §1 (and floor 6's sub-floors), with no circles.

Rules (each has a self-test below proving it can fail):
- a module imports nothing on a higher floor or sub-floor, at module level or inside a function;
- _core imports numpy and the standard library only (optional third-party lazily); a compiled-kernel module
  (`*_jit.py`, on any floor) imports numba at its top, and every import of one is inside a function, so numba
  loads only when a kernel first runs;
- no module-level import circle anywhere in purepaddle (explicit import edges; `from ..nn import Layer`
  is an edge to the face purepaddle/nn/__init__.py);
- no circle among the floor-2 `static` modules even counting function-level imports;
- no circle among floor 6's packages counting function-level imports, and every floor-6 package has a sub-floor
  (the floors table of docs/architecture.md names the same ones);
- no module assigns onto another module's functions or classes (extension goes through the declared hook
  points of purepaddle/_core/hooks.py), and every hook point is listed in docs/architecture.md;
- a package's `__init__.py` only imports and re-exports (no def/class, no module `__getattr__`).
"""
import ast
import functools
import sys
from pathlib import Path

PKG = "purepaddle"
PKG_DIR = Path(__file__).resolve().parent.parent / PKG
FACE = 7  # purepaddle/__init__.py and __main__.py: may import anything, nothing below may import them
FLOORS = {"_core": 1, "static": 2, "ops": 3, "tensor": 4, "nn": 5, "optimizer": 5}
# Floor 6 in sub-floors (docs/architecture.md states each in one line): a package imports its own sub-floor
# and those below; `static.nn` and `static.amp` live in the static namespace but build on layers and ops.
SUBFLOORS = {
    6.1: ("version", "pir_utils", "_alias", "framework", "device", "random", "sysconfig", "cuda"),
    6.2: ("autograd", "amp", "io", "profiler", "metric", "regularizer", "linalg", "utils", "special", "functional",
          "reader", "batch", "fft", "signal", "distribution", "incubate", "geometric", "sparse", "quantization",
          "compat"),
    6.3: ("jit", "inference", "static.nn", "static.amp"),
    6.4: ("distributed", "incubate.distributed", "hapi", "callbacks", "vision", "v2", "trainer_config_helpers", "trainer",
          "base", "onnx", "hub", "dataset", "text", "audio"),
}
SUBFLOOR_OF = {pkg: sub for sub, pkgs in SUBFLOORS.items() for pkg in pkgs}
UNPLACED = 6  # a floor-6 package missing from SUBFLOORS: test_every_floor_6_package_has_a_sub_floor fails
CORE_OPTIONAL = {"cupy", "ml_dtypes", "google", "protobuf", "mpi4py", "zmq", "randomgen", "threadpoolctl"}  # only inside try or a function
CORE_ALLOWED = {"numpy", PKG} | set(sys.stdlib_module_names)
JIT = "numba"  # what a compiled-kernel module (its name ends in _jit) may import at its top, _core's included


def _is_jit(module):
    return module.rsplit(".", 1)[-1].endswith("_jit")


def package_of(module):
    """The package (or top-level module) a dotted module belongs to: 'ops', 'io', 'static.nn', ...; None for
    the face."""
    parts = module.split(".")
    if len(parts) == 1 or parts[1] in ("__init__", "__main__"):
        return None
    if ".".join(parts[1:3]) in SUBFLOOR_OF:
        return ".".join(parts[1:3])
    return parts[1]


def floor_of(module):
    """Floor of a dotted purepaddle module name: 1.._core .. 5, 6.1..6.4 floor 6's sub-floors, FACE the package."""
    pkg = package_of(module)
    if pkg is None:
        return FACE
    if pkg in SUBFLOOR_OF:
        return SUBFLOOR_OF[pkg]
    return FLOORS.get(pkg, UNPLACED)


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

    def visit_If(self, node):
        # `if TYPE_CHECKING:` imports never run: they name types for annotations (and editors), not wiring
        test = node.test
        if (test.id if isinstance(test, ast.Name) else getattr(test, "attr", None)) == "TYPE_CHECKING":
            for child in node.orelse:
                self.visit(child)
            return
        self.generic_visit(node)

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


def find_imports(text, module, is_package=False, pkg_dir=PKG_DIR):
    """[(line, target, in_function, in_try)] of one module's source text (SyntaxError when unparsable)."""
    visitor = _Imports(module, is_package, pkg_dir)
    visitor.visit(ast.parse(text))
    return visitor.found


def check_source(text, module, is_package=False, pkg_dir=PKG_DIR, where=None, found=None):
    """Return a list of violations for one module's source text (or its imports already found)."""
    where = where or module
    if found is None:
        try:
            found = find_imports(text, module, is_package, pkg_dir)
        except SyntaxError as exc:
            return [f"{where}: cannot parse: {exc}"]
    own, bad = floor_of(module), []
    for line, target, in_func, in_try in found:
        top = target.split(".")[0]
        if top == PKG:
            if own != FACE and floor_of(target) > own:
                bad.append(f"{where}:{line}: floor {own} imports {target} (floor {floor_of(target)})")
            if _is_jit(target) and not in_func:
                bad.append(f"{where}:{line}: {target} (compiled kernels: it imports numba) imported outside a "
                           "function")
        elif own == 1 and top == JIT and _is_jit(module):
            continue
        elif own == 1 and top not in CORE_ALLOWED:
            if top not in CORE_OPTIONAL:
                bad.append(f"{where}:{line}: _core imports third-party {target}")
            elif not (in_func or in_try):
                bad.append(f"{where}:{line}: _core imports optional {target} outside a function or try")
    return bad


@functools.lru_cache(maxsize=None)
def scan_tree(pkg_dir=PKG_DIR):
    """{module: (path, imports found, or the SyntaxError)} for every .py file under pkg_dir, read once."""
    out = {}
    for path in sorted(pkg_dir.rglob("*.py")) if pkg_dir.is_dir() else []:
        module = module_name(path, pkg_dir)
        try:
            out[module] = (path, find_imports(path.read_text(encoding="utf-8"), module, path.name == "__init__.py",
                                              pkg_dir))
        except SyntaxError as exc:
            out[module] = (path, exc)
    return out


def check_tree(pkg_dir=PKG_DIR):
    """Violations over every .py file under pkg_dir (none when the package does not exist yet)."""
    bad = []
    for module, (path, found) in scan_tree(pkg_dir).items():
        where = str(path.relative_to(pkg_dir.parent))
        if isinstance(found, SyntaxError):
            bad.append(f"{where}: cannot parse: {found}")
        else:
            bad += check_source(None, module, where=where, found=found)
    return bad


def import_graph(pkg_dir=PKG_DIR, functions=False):
    """{module: set of purepaddle modules it imports}: explicit import edges, module-level ones only unless
    `functions` (then imports inside functions count too). A name imported from a package is an edge to its face."""
    scanned = scan_tree(pkg_dir)
    graph = {}
    for mod, (_path, found) in scanned.items():
        graph[mod] = set()
        for _line, target, in_func, _in_try in () if isinstance(found, SyntaxError) else found:
            if target.split(".")[0] != PKG or (in_func and not functions):
                continue
            while target not in scanned and "." in target:  # purepaddle.static.program.Block -> ...program
                target = target.rpartition(".")[0]
            if target in scanned and target != mod:
                graph[mod].add(target)
    return graph


def circles(graph, nodes=None):
    """The import circles (strongly connected components of two or more) among `nodes` (default: all)."""
    nodes = set(graph) if nodes is None else set(nodes)
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    for root in sorted(nodes):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, ()))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:  # Tarjan's algorithm without recursion
            node, edges = work[-1]
            child = next((t for t in edges if t in nodes), None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    comp.add(member)
                    if member == node:
                        break
                if len(comp) > 1:
                    found.append(sorted(comp))
    return sorted(found)


def package_graph(graph):
    """Floor 6's packages ('io', 'static.amp', ...) and which of them each imports, from a module graph."""
    packages = {}
    for mod, targets in graph.items():
        if not 6 <= floor_of(mod) < FACE:
            continue
        edges = packages.setdefault(package_of(mod), set())
        edges.update(package_of(t) for t in targets if 6 <= floor_of(t) < FACE and package_of(t) != package_of(mod))
    return packages


def _circle_report(found):
    return "\n".join(" <-> ".join(c) for c in found)


def test_no_import_runs_up_a_floor():
    bad = check_tree()
    assert not bad, "imports that run up a floor (DESIGN §1):\n" + "\n".join(bad)


def test_no_module_level_import_circle():
    found = circles(import_graph())
    assert not found, "module-level import circles (move code to where it belongs):\n" + _circle_report(found)


def test_static_modules_form_no_circle_even_through_functions():
    graph = import_graph(functions=True)
    found = circles(graph, [m for m in graph if floor_of(m) == FLOORS["static"]])
    assert not found, "circles among static modules (function-level imports count):\n" + _circle_report(found)


def test_floor_6_packages_form_no_circle_even_through_functions():
    found = circles(package_graph(import_graph(functions=True)))
    assert not found, "circles among floor 6's packages (function-level imports count):\n" + _circle_report(found)


def test_every_floor_6_package_has_a_sub_floor():
    on_disk = {package_of(m) for m in import_graph() if 6 <= floor_of(m) < FACE}
    assert not {p for p in on_disk if p not in SUBFLOOR_OF}, "add these packages to SUBFLOORS (and to the " \
        f"floors table of docs/architecture.md): {sorted(p for p in on_disk if p not in SUBFLOOR_OF)}"
    assert set(SUBFLOOR_OF) <= on_disk, f"SUBFLOORS names packages that are gone: {sorted(set(SUBFLOOR_OF) - on_disk)}"


def test_docs_state_the_same_sub_floors():
    """docs/architecture.md's floors table lists each sub-floor's packages, as SUBFLOORS does."""
    rows = {}
    for line in (PKG_DIR.parent / "docs" / "architecture.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 2 and cells[0].replace(".", "").isdigit() and "." in cells[0]:
            rows[float(cells[0])] = {c.strip("`").removeprefix(PKG + ".") for c in cells[1].split(", ")}
    assert rows == {sub: set(pkgs) for sub, pkgs in SUBFLOORS.items()}


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
        # floor 6's sub-floors, at module level and inside functions
        ("purepaddle.framework.flags", "from ..io import DataLoader"),  # 6.1 -> 6.2
        ("purepaddle.amp.decorate", "def f():\n    from ..distributed.parallel import DataParallel"),  # 6.2 -> 6.4
        ("purepaddle.static.amp.decorator", "from ...distributed import fleet"),  # 6.3 -> 6.4
        ("purepaddle.device.memory", "class T:\n    def f(self):\n        import purepaddle.profiler"),  # 6.1 -> 6.2
        ("purepaddle.io.reader", "from ..jit import api"),  # 6.2 -> 6.3
        ("purepaddle.newpackage.x", "from ..framework import flags"),  # 6: no sub-floor yet, 6.1 is above it
        ("purepaddle._core.twister", "import numba"),  # numba: only a compiled-kernel module's own import
        ("purepaddle.ops.norm", "from . import _norm_jit"),  # a kernel module at module level loads numba
        ("purepaddle._core.twister", "from ._twister_jit import draw"),
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
        ("purepaddle.io.reader", "from ..nn import Layer\nfrom ..framework import flags\nimport scipy"),
        ("purepaddle.distributed.fleet.base", "from ...amp import auto_cast\ndef f():\n    from ...static import amp"),
        ("purepaddle.hapi.model", "from ..jit import to_static\nfrom ..io import DataLoader\nfrom .. import callbacks"),
        ("purepaddle.device.memory", "from ..framework import op_hooks"),  # same sub-floor
        ("purepaddle.static.amp.decorator", "from ...amp import amp_lists\nfrom ..nn import fc"),
        ("purepaddle", "from .io import DataLoader\nfrom . import nn"),
        ("purepaddle.__main__", "import purepaddle.distributed.launch"),
        ("purepaddle.static.nn.common", "from ...nn import Linear\nfrom ... import ops"),
        ("purepaddle._core._twister_jit", "import numpy as np\nfrom numba import njit"),
        ("purepaddle._core.twister", "def f():\n    from . import _twister_jit"),
        ("purepaddle.ops.norm", "def f():\n    from . import _norm_jit"),
    ]
    for module, text in ok:
        assert check_source(text, module, is_package=module == "purepaddle") == [], (module, text)


def _tree(tmp_path, files):
    """A synthetic purepaddle package under tmp_path from {relative path: source}."""
    pkg = tmp_path / PKG
    for rel, text in {"__init__.py": "", **files}.items():
        (pkg / rel).parent.mkdir(parents=True, exist_ok=True)
        (pkg / rel).write_text(text)
    return pkg


def test_circle_checker_finds_module_level_circles(tmp_path):
    pkg = _tree(tmp_path, {
        "ops/__init__.py": "from . import math, shape", "ops/math.py": "from .shape import reshape\nimport os",
        "ops/shape.py": "from . import math\ndef reshape(): pass",  # math <-> shape
        "device/__init__.py": "from .cuda import count\ndef gpu_count(): pass",  # the face <-> its submodule
        "device/cuda.py": "from . import gpu_count\ndef count(): pass",
        "nn/__init__.py": "from .layer import Layer", "nn/layer.py": "from .. import nn",  # through a face
        "io/__init__.py": "from .a import f", "io/a.py": "def f():\n    from . import b", "io/b.py": "from .a import f",
    })
    assert circles(import_graph(pkg)) == [[f"{PKG}.device", f"{PKG}.device.cuda"], [f"{PKG}.nn", f"{PKG}.nn.layer"],
                                          [f"{PKG}.ops.math", f"{PKG}.ops.shape"]]
    assert [f"{PKG}.io.a", f"{PKG}.io.b"] in circles(import_graph(pkg, functions=True))  # not at module level


def test_circle_checker_finds_static_circles_through_functions(tmp_path):
    pkg = _tree(tmp_path, {
        "static/__init__.py": "from .program import Program",
        "static/variable.py": "def detach(v):\n    from .builder import detach",
        "static/program.py": "from .variable import Variable", "static/builder.py": "from .program import Program",
        "static/nn/__init__.py": "from ..program import Program\ndef f():\n    from .. import nn",  # floor 6
    })
    graph = import_graph(pkg, functions=True)
    assert circles(import_graph(pkg)) == []
    assert circles(graph, [m for m in graph if floor_of(m) == FLOORS["static"]]) == [
        [f"{PKG}.static.builder", f"{PKG}.static.program", f"{PKG}.static.variable"]]


def test_circle_checker_finds_floor_6_package_circles(tmp_path):
    pkg = _tree(tmp_path, {
        "amp/__init__.py": "from .decorate import decorate\nfrom ..static import amp",
        "amp/decorate.py": "def decorate():\n    from ..distributed.parallel import DataParallel",
        "static/__init__.py": "", "static/amp/__init__.py": "from ...amp import decorate",
        "distributed/__init__.py": "", "distributed/parallel.py": "from ..amp import decorate",
        "io/__init__.py": "from ..framework import flags", "framework/__init__.py": "", "framework/flags.py": "",
    })
    graph = package_graph(import_graph(pkg, functions=True))
    assert graph["io"] == {"framework"} and graph["static.amp"] == {"amp"}
    assert circles(graph) == [["amp", "distributed", "static.amp"]]


def test_checker_reads_a_tree_on_disk(tmp_path):
    pkg = tmp_path / PKG
    for rel, text in {"__init__.py": "from . import nn", "_core/__init__.py": "",
                      "_core/op.py": "from .. import version", "version.py": "",
                      "ops/__init__.py": "from . import math", "ops/math.py": "from .._core import op"}.items():
        (pkg / rel).parent.mkdir(parents=True, exist_ok=True)
        (pkg / rel).write_text(text)
    assert check_tree(pkg) == [f"{PKG}/_core/op.py:1: floor 1 imports {PKG}.version (floor 6.1)"]
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
# -- package faces only re-export (issue 11, helper E) ------------------------------------------------------------
# A package's __init__.py is its face: it imports and re-exports (an `__all__`, a comment, `from . import sub`),
# it defines nothing. Definitions live in modules named by meaning inside the package, and a face never forwards
# names through a module-level `__getattr__` / `__dir__` (PEP 562): what a package holds is what its imports say.
# purepaddle/__init__.py is held to the same rule (docs/architecture.md: "it re-exports, defines nothing").
FACE_FORWARDERS = ("__getattr__", "__dir__")


def face_violations(text, where):
    """What a package face defines or forwards: every def/class/lambda (at any depth) and any module-level
    binding of __getattr__ / __dir__ (a def, an assignment or an import as)."""
    try:
        tree = ast.parse(text)
    except SyntaxError as exc:
        return [f"{where}: cannot parse: {exc}"]
    bad = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            kind = "class" if isinstance(node, ast.ClassDef) else "def"
            why = " (module-level forwarding)" if node.name in FACE_FORWARDERS and node in tree.body else ""
            bad.append(f"{where}:{node.lineno}: {kind} {node.name}{why}")
        elif isinstance(node, ast.Lambda):
            bad.append(f"{where}:{node.lineno}: lambda")
    for node in tree.body:
        names = []
        if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = [n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)]
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [a.asname or a.name for a in node.names]
        bad += [f"{where}:{node.lineno}: {n} bound at module level (forwarding)" for n in names if n in FACE_FORWARDERS]
    return bad


def check_faces(pkg_dir=PKG_DIR):
    """Violations over every package __init__.py under pkg_dir."""
    bad = []
    for path in sorted(pkg_dir.rglob("__init__.py")) if pkg_dir.is_dir() else []:
        bad += face_violations(path.read_text(encoding="utf-8"), str(path.relative_to(pkg_dir.parent)))
    return bad


def test_package_faces_only_re_export():
    bad = check_faces()
    assert not bad, "package faces that define or forward (move the definitions into a module named by meaning " \
        "inside the package and re-export them):\n" + "\n".join(bad)


def test_face_checker_catches_definitions_and_forwarding(tmp_path):
    caught = {
        "def f():\n    return 1": ["def f"],
        "class C:\n    pass": ["class C"],
        "try:\n    import x\nexcept ImportError:\n    def x():\n        pass": ["def x"],
        "f = lambda: 0": ["lambda"],
        "def __getattr__(name):\n    raise AttributeError(name)": ["def __getattr__ (module-level forwarding)"],
        "def __dir__():\n    return []": ["def __dir__ (module-level forwarding)"],
        "from ._lazy import forward as __getattr__": ["__getattr__ bound at module level"],
        "__getattr__ = _forward": ["__getattr__ bound at module level"],
        "def (": ["cannot parse"],
    }
    for text, expected in caught.items():
        bad = face_violations(text, "f/__init__.py")
        assert len(bad) == len(expected) and all(e in b for e, b in zip(expected, bad)), (text, bad)
    ok = ("\"\"\"A face.\"\"\"\nfrom . import a, b  # noqa: F401\nfrom .a import f\n__all__ = ['f']\n"
          "__all__ += ['g']\nfrom .b import g\nx = a.CONSTANT\na.attr = b.thing\n")
    assert face_violations(ok, "f/__init__.py") == []
    pkg = _tree(tmp_path, {"ops/__init__.py": "from .math import add", "ops/math.py": "def add(): pass",
                           "io/__init__.py": "def load(): pass", "io/reader/__init__.py": "class Reader: pass"})
    assert check_faces(pkg) == [f"{PKG}/io/__init__.py:1: def load", f"{PKG}/io/reader/__init__.py:1: class Reader"]
    assert check_faces(tmp_path / "missing") == []


# -- One branch on mode (issue 11) ---------------------------------------------------------------------------
# Only _core/mode.py (the flag) and _core/dispatch.py (apply and its queries known_value, differentiable_backward,
# building_program) read STATE.static; the floors that build ops (ops, tensor, nn) never ask in_dynamic_mode() /
# in_static_mode() either: both modes build the same ops for the same call. Floor-6 APIs whose behaviour Paddle
# defines per mode (optimizer.minimize, hapi, static.nn, fleet, jit) call in_dynamic_mode(). The calling thread's
# record (`mode.LOCAL.state`, what STATE forwards to) counts as STATE.
MODE_HOMES = {f"{PKG}._core.mode", f"{PKG}._core.dispatch"}
MODE_CALLS = {"in_dynamic_mode", "in_static_mode", "in_dygraph_mode", "_non_static_mode"}
OP_BUILDING = {"ops", "tensor", "nn"}


def _dotted_tail(node):
    """The last name of `a.b.c` or `c` (None for anything else)."""
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return None


def mode_branches(text, module):
    """[(line, what)] for each mode read `module` may not make."""
    builds_ops = len(module.split(".")) > 1 and module.split(".")[1] in OP_BUILDING
    found = []
    for node in ast.walk(ast.parse(text)):
        if (isinstance(node, ast.Attribute) and node.attr == "static" and _dotted_tail(node.value) in ("STATE", "state")
                and module not in MODE_HOMES):
            found.append((node.lineno, "STATE.static"))
        elif isinstance(node, ast.Call) and builds_ops and _dotted_tail(node.func) in MODE_CALLS:
            found.append((node.lineno, f"{_dotted_tail(node.func)}()"))
    return sorted(found)


def mode_branches_in_tree(pkg_dir=PKG_DIR):
    """{module: [(line, what)]} over every .py file under pkg_dir that reads the mode where it may not."""
    out = {}
    for path in sorted(pkg_dir.rglob("*.py")) if pkg_dir.is_dir() else []:
        module = module_name(path, pkg_dir)
        found = mode_branches(path.read_text(encoding="utf-8"), module)
        if found:
            out[module] = found
    return out


def test_one_branch_on_mode():
    bad = [f"{m}:{line}: {what}" for m, found in mode_branches_in_tree().items()
           for line, what in found]
    assert bad == [], ("read the mode through _core.dispatch's queries (docs/architecture.md, One branch on mode):\n"
                       + "\n".join(bad))


def test_mode_checker_on_synthetic_sources(tmp_path):
    assert mode_branches("from .._core.mode import STATE\nif STATE.static:\n    pass", f"{PKG}.optimizer.sgd") == [
        (2, "STATE.static")]
    assert mode_branches("import purepaddle._core.mode as m\nx = not m.STATE.static", f"{PKG}.io.reader") == [
        (2, "STATE.static")]
    assert mode_branches("from .._core.mode import LOCAL\nx = LOCAL.state.static", f"{PKG}.nn.clip") == [
        (2, "STATE.static")]
    assert mode_branches("def f():\n    return in_dynamic_mode()", f"{PKG}.ops.norm") == [(2, "in_dynamic_mode()")]
    assert mode_branches("import purepaddle as p\nif p.in_static_mode(): pass", f"{PKG}.nn.layer.layers") == [
        (2, "in_static_mode()")]
    assert mode_branches("x = in_dygraph_mode()", f"{PKG}.tensor.creation") == [(1, "in_dygraph_mode()")]
    ok = [
        (f"{PKG}._core.dispatch", "def apply():\n    if STATE.static:\n        pass"),
        (f"{PKG}._core.mode", "STATE.static = True\nx = not STATE.static"),
        (f"{PKG}.optimizer.optimizer", "if in_dynamic_mode():\n    pass"),  # Paddle's API differs by mode there
        (f"{PKG}.hapi.model", "a = StaticAdapter() if not in_dynamic_mode() else DynamicAdapter()"),
        (f"{PKG}.ops.norm", "if differentiable_backward():\n    pass\nv = known_value(x)\nSTATE.grad_enabled"),
        (f"{PKG}.nn.layer.layers", "from ..._core.mode import in_dynamic_mode\nstatic = program.static"),
    ]
    for module, text in ok:
        assert mode_branches(text, module) == [], (module, text)
    pkg = _tree(tmp_path, {"_core/__init__.py": "", "_core/dispatch.py": "x = STATE.static",
                           "nn/__init__.py": "", "nn/clip.py": "if STATE.static:\n    pass\ny = in_dynamic_mode()"})
    assert mode_branches_in_tree(pkg) == {f"{PKG}.nn.clip": [(1, "STATE.static"), (3, "in_dynamic_mode()")]}
# == One home for argument checks (helper H's part; issue 11: "one home for argument checks")
# Shared argument checks live in purepaddle/tensor/_check.py. A module-level function named check_*, _check* or
# need_* defined anywhere else on floor 4 or above serves its own module only: a public one is refused, and a
# private one may not be imported (or reached as `module.name`) by another module. Floors below 4 (_core, static,
# ops) are exempt: they sit under tensor/_check.py and may not import it, so a check one of them needs stays on its
# floor, private to its module. NOT_ARGUMENT_CHECKS names the Paddle APIs that merely share the prefix.
CHECK_HOME = f"{PKG}.tensor._check"
CHECK_PREFIXES = ("check_", "_check", "need_")
CHECK_FLOOR = FLOORS["tensor"]
NOT_ARGUMENT_CHECKS = {  # (module, name) -> why it keeps its own home
    (f"{PKG}.amp.debugging", "check_numerics"): "paddle.amp.debugging.check_numerics, a public API",
    (f"{PKG}.amp.debugging", "check_layer_numerics"): "paddle.amp.debugging.check_layer_numerics, a public API",
    (f"{PKG}.static.amp.amp_nn", "check_finite_and_unscale"): "paddle.static.amp.amp_nn's op builder",
    (f"{PKG}.static.amp.fp16_lists", "check_amp_dtype"): "paddle.static.amp.fp16_lists.check_amp_dtype, a public "
                                                         "API where Paddle keeps it",
    (f"{PKG}.framework.nan_inf", "check_op"): "FLAGS_check_nan_inf's op_ran listener",
    **{(f"{PKG}.incubate.asp.masks", n): f"paddle.incubate.asp.{n}, a public API (sparsity tests on arrays)"
       for n in ("check_mask_1d", "check_mask_2d", "check_sparsity")},
}


def _reached_names(tree, module, is_package):
    """Dotted purepaddle names one module reaches: what it imports, and `alias.attr` through an imported module."""
    imported = _imported_names(tree, module, is_package)
    reached = set(imported.values())
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in imported:
            reached.add(f"{imported[node.value.id]}.{node.attr}")
    return reached


def check_homes(sources, exempt=NOT_ARGUMENT_CHECKS):
    """Violations of the one-home rule over {module: (source text, is_package, where)}: a list."""
    trees, bad = {}, []
    for module, (text, is_package, where) in sources.items():
        try:
            trees[module] = ast.parse(text)
        except SyntaxError as exc:
            bad.append(f"{where}: cannot parse: {exc}")
    users = {}  # dotted name -> modules that reach it
    for module, tree in trees.items():
        for name in _reached_names(tree, module, sources[module][1]):
            users.setdefault(name, set()).add(module)
    for module, tree in trees.items():
        if module == CHECK_HOME or floor_of(module) < CHECK_FLOOR:
            continue
        where = sources[module][2]
        for node in tree.body:
            if (not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                    or not node.name.startswith(CHECK_PREFIXES) or (module, node.name) in exempt):
                continue
            others = sorted(users.get(f"{module}.{node.name}", set()) - {module})
            if others:
                bad.append(f"{where}:{node.lineno}: {node.name} is used by {', '.join(others)}")
            elif not node.name.startswith("_"):
                bad.append(f"{where}:{node.lineno}: {node.name} is a public check outside tensor/_check.py")
    return bad


def check_home_tree(pkg_dir=PKG_DIR):
    """check_homes over every module of the package."""
    return check_homes({module_name(path, pkg_dir): (path.read_text(encoding="utf-8"), path.name == "__init__.py",
                                                     str(path.relative_to(pkg_dir.parent)))
                        for path in sorted(pkg_dir.rglob("*.py"))})


def test_argument_checks_have_one_home():
    bad = check_home_tree()
    assert not bad, ("checks shared between modules belong in purepaddle/tensor/_check.py (same names, errors and "
                     "messages); a check that serves one module is private to it:\n" + "\n".join(bad))


def test_home_checker_catches_shared_and_public_checks():
    def src(text, is_package=False):
        return (text, is_package, "x.py")
    sources = {
        f"{PKG}.tensor._check": src("def check_x(x): pass\ndef need_tensor(x): pass"),
        f"{PKG}.tensor.math": src("def _check_axis(a): pass\ndef check_dim(d): pass\ndef _own_check(x): pass\n"
                                  "def _need_float(x): pass\ndef need_float(x): pass"),
        f"{PKG}.tensor.logic": src("from .math import _check_axis\nfrom ._check import check_x"),
        f"{PKG}.nn.functional": src("from ..tensor import math as M\ndef f(x):\n    M.need_float(x)\n"
                                    "def _check_p(p): pass"),
        f"{PKG}.ops.math": src("def check_pad(p): pass\ndef _check_prob(p): pass"),  # floor 3: exempt
        f"{PKG}.ops.random": src("from .math import _check_prob, check_pad"),
        f"{PKG}.nn.broken": src("def (:"),
    }
    bad = check_homes(sources, exempt={})
    assert bad == ["x.py: cannot parse: invalid syntax (<unknown>, line 1)"] + [
        f"x.py:1: _check_axis is used by {PKG}.tensor.logic",
        "x.py:2: check_dim is a public check outside tensor/_check.py",
        f"x.py:5: need_float is used by {PKG}.nn.functional"], bad
    del sources[f"{PKG}.nn.broken"], sources[f"{PKG}.tensor.logic"], sources[f"{PKG}.nn.functional"]
    sources[f"{PKG}.tensor.math"] = src("def _check_axis(a): pass\ndef check_numerics(x): pass")
    assert check_homes(sources, exempt={(f"{PKG}.tensor.math", "check_numerics"): "an API"}) == []
    assert check_homes(sources, exempt={}) == ["x.py:2: check_numerics is a public check outside tensor/_check.py"]
