"""Generate docs/op_index.md: every registered op type with its family, the file of its kernel and the public
functions and layers that apply it, so the kernel of any public function (and the users of any op) is found by
a lookup.

The index is read off the live package: the op registry (`_core.op.OPS`) gives each op type's class and so its
file and family; the users are found by reading the source of each public function, layer and Tensor method and
resolving the names its body mentions to registered op classes, following calls into purepaddle functions that
are not themselves public (private helpers, an op family's appliers, a tensor-level function another face wraps,
the functions of the caller's own package). A public function is listed under the ops it applies itself; one
that applies none (a composite: zeros -> full) under those of the public functions it calls, and a layer under
those of the functions it calls. Static builders that name an op by its type string
(`block.append_op(type="while", ...)`, `OPS["deformable_conv"]`, an initializer's `("uniform_random", attrs)`)
count too.

Run: .venv/bin/python docs/make_op_index.py           (rewrites docs/op_index.md atomically)
     .venv/bin/python docs/make_op_index.py --check   (exit 1 when docs/op_index.md is stale)
"""
import argparse
import ast
import difflib
import importlib
import importlib.util
import inspect
import os
import pkgutil
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "docs", "op_index.md")
sys.path.insert(0, ROOT)

# every package whose import registers ops (purepaddle itself registers the op families; these add their own)
REGISTERING = ("purepaddle", "purepaddle.distributed", "purepaddle.inference", "purepaddle.amp",
               "purepaddle.static", "purepaddle.jit")
# the public namespaces whose functions and layers are indexed, and how a user spells them
PUBLIC = (("purepaddle.tensor", "paddle"), ("purepaddle.linalg", "paddle.linalg"),
          ("purepaddle.nn.functional", "paddle.nn.functional"), ("purepaddle.nn", "paddle.nn"),
          ("purepaddle.nn.initializer", "paddle.nn.initializer"), ("purepaddle.nn.utils", "paddle.nn.utils"),
          ("purepaddle.static.nn", "paddle.static.nn"), ("purepaddle.static", "paddle.static"),
          ("purepaddle.static.amp", "paddle.static.amp"), ("purepaddle.distributed", "paddle.distributed"),
          ("purepaddle.metric", "paddle.metric"),
          ("purepaddle.amp", "paddle.amp"), ("purepaddle.amp.debugging", "paddle.amp.debugging"),
          ("purepaddle.optimizer", "paddle.optimizer"), ("purepaddle.jit", "paddle.jit"),
          ("purepaddle.fft", "paddle.fft"), ("purepaddle.signal", "paddle.signal"),
          ("purepaddle.audio.functional", "paddle.audio.functional"),
          ("purepaddle.audio.features", "paddle.audio.features"))
# submodules Paddle's users reach some functions through (F.loss.edit_distance): each name they define or export
# is indexed when no face above lists the same object; a public function calling one still counts its ops
REACHED = (("purepaddle.tensor.random", "paddle.tensor.random"),
           ("purepaddle.nn.functional.loss", "paddle.nn.functional.loss"),
           ("purepaddle.nn.legacy_clip", "paddle.nn.legacy_clip"),
           ("purepaddle.static.nn.common", "paddle.static.nn.common"),
           ("purepaddle.static.nn.control_flow", "paddle.static.nn.control_flow"),
           ("purepaddle.static.amp.amp_nn", "paddle.static.amp.amp_nn"))
# method names that append an op to a static block by its type string
APPENDERS = ("append_op", "_append_op", "prepend_op", "_prepend_op", "_insert_op")


def _import_all(package):
    """Import the package and every module under it (their imports register ops)."""
    pkg = importlib.import_module(package)
    for info in pkgutil.walk_packages(getattr(pkg, "__path__", []), package + "."):
        if info.name.rsplit(".", 1)[-1] == "__main__" or ".launch" in info.name:
            continue  # entry points run when imported; the launcher registers no ops
        try:
            importlib.import_module(info.name)
        except Exception:  # an optional extra (mpi4py, protobuf) missing: its ops are simply not indexed
            continue


_NODES = {}  # source file -> {first line of a def (its first decorator's line): the def's ast node}


def _node(func):
    """The ast node of func's def, found by its code's first line in its file (each file parsed once)."""
    code = func.__code__
    nodes = _NODES.get(code.co_filename)
    if nodes is None:
        nodes = _NODES[code.co_filename] = {}
        try:
            with open(code.co_filename, encoding="utf-8") as f:
                tree = ast.parse(f.read())
        except (OSError, SyntaxError, ValueError):
            tree = None
        for node in ast.walk(tree) if tree is not None else ():
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                first = min([node.lineno] + [d.lineno for d in node.decorator_list])
                nodes.setdefault(first, node)
    return nodes.get(code.co_firstlineno)


def _read(func):
    """What func's body says about ops: (dotted names it reads, {local name: (module, name)} of its function-level
    imports, strings it names an op by, (dotted name, string) of its lookups by a constant string, (dotted callee,
    {position or keyword: string}) of its calls with constant string arguments)."""
    node = _node(func)
    if node is None:
        return set(), {}, set(), set(), set()
    names, imports, appended, lookups, calls = set(), {}, set(), set(), set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Return) and isinstance(sub.value, ast.Tuple) and len(sub.value.elts) == 2 \
                and isinstance(sub.value.elts[0], ast.Constant) and isinstance(sub.value.elts[0].value, str) \
                and isinstance(sub.value.elts[1], ast.Dict):
            appended.add(sub.value.elts[0].value)  # an initializer's (op type, attrs) for the op it runs or appends
        if isinstance(sub, ast.Call) and isinstance(sub.func, (ast.Name, ast.Attribute)):
            strings = {i: a.value for i, a in enumerate(sub.args) if isinstance(a, ast.Constant)
                       and isinstance(a.value, str)}
            strings.update({k.arg: k.value.value for k in sub.keywords if isinstance(k.value, ast.Constant)
                            and isinstance(k.value.value, str)})
            if strings:
                calls.add((ast.unparse(sub.func), tuple(sorted(strings.items(), key=str))))
        if isinstance(sub, ast.Subscript) and isinstance(sub.slice, ast.Constant) \
                and isinstance(sub.slice.value, str) and isinstance(sub.value, (ast.Name, ast.Attribute)):
            lookups.add((ast.unparse(sub.value), sub.slice.value))
        if isinstance(sub, ast.ImportFrom):
            base = sub.module if sub.level == 0 else importlib.util.resolve_name(
                "." * sub.level + (sub.module or ""), sys.modules[func.__module__].__package__)
            for alias in sub.names:
                imports[alias.asname or alias.name] = (base, alias.name)
        elif isinstance(sub, ast.Call) and isinstance(sub.func, ast.Attribute) and sub.func.attr in APPENDERS:
            literal = [a for a in sub.args[:1]] + [k.value for k in sub.keywords if k.arg == "type"]
            appended |= {a.value for a in literal if isinstance(a, ast.Constant) and isinstance(a.value, str)}
        parts = []
        while isinstance(sub, ast.Attribute):
            parts.append(sub.attr)
            sub = sub.value
        if isinstance(sub, ast.Name):
            parts.append(sub.id)
            parts.reverse()
            for i in range(1, len(parts) + 1):
                names.add(tuple(parts[:i]))
    return names, imports, appended, lookups, calls


def _op_type_argument(callee, strings):
    """The constant string a call passes as callee's `op_type` (or `type`) parameter, if any."""
    if not (inspect.isfunction(callee) and (callee.__module__ or "").startswith("purepaddle.")):
        return None
    params = list(inspect.signature(callee).parameters)
    for name in ("op_type", "type"):
        if name in params:
            given = dict(strings)
            return given.get(name, given.get(params.index(name)))
    return None


def _resolve(func, dotted, imports):
    namespace = getattr(func, "__globals__", {})
    if dotted[0] in imports:
        module, name = imports[dotted[0]]
        try:
            mod = importlib.import_module(module)
        except Exception:
            return None
        obj = getattr(mod, name, None)
        if obj is None:  # `from . import submodule`
            obj = sys.modules.get(f"{module}.{name}")
    elif dotted[0] in func.__code__.co_freevars:  # a closure's cell: the function a factory wrapped (equal_)
        cell = func.__closure__[func.__code__.co_freevars.index(dotted[0])]
        try:
            obj = cell.cell_contents
        except ValueError:  # an empty cell
            obj = None
    else:
        obj = namespace.get(dotted[0], None)
    for part in dotted[1:]:
        obj = getattr(obj, part, None)
    return obj


# where a callee's ops count as its caller's: an op family's appliers and the tensor-level functions other faces
# wrap; elsewhere private helpers and the functions of the caller's own package. The engine (dispatch, the static
# builder it calls) is never followed: every apply goes through it, so its constants and casts would count for
# every function.
APPLIERS = ("purepaddle.ops.", "purepaddle.tensor.", "purepaddle.nn.functional.")


def _followed(func):
    """Whether the ops of func, called by another function, count as the caller's (see APPLIERS)."""
    module = func.__module__ or ""
    if not module.startswith("purepaddle.") or module.startswith("purepaddle._core."):
        return False
    return module.startswith(APPLIERS) or func.__name__.startswith("_")


def _sibling(callee, caller):
    """callee is in caller's module or package (static.nn's control flow calling its conditional_block)."""
    return (callee.__module__ or "").rpartition(".")[0] == (caller.__module__ or "").rpartition(".")[0]


_SCANS = {}


def _scan(func, by_class):
    """(op types func names itself, purepaddle functions it calls); memoised per function."""
    if func in _SCANS:
        return _SCANS[func]
    from purepaddle._core.op import OPS as registry
    names, imports, appended, lookups, calls = _read(func)
    for dotted, strings in calls:  # _emit(var, block, "assign_value", attrs): a helper taking the op type
        appended.add(_op_type_argument(_resolve(func, tuple(dotted.split(".")), imports), strings))
    types = {t for t in appended if t in registry}
    types |= {t for dotted, t in lookups if _resolve(func, tuple(dotted.split(".")), imports) is registry}
    callees = set()
    for dotted in names:
        obj = _resolve(func, dotted, imports)
        if obj is registry:  # OPS[name] with a variable name: the op is named where the string is, not here
            continue
        if isinstance(obj, dict):  # a table of op classes picked at run time (interp modes, ...)
            obj = tuple(obj.values())
        for one in obj if isinstance(obj, (tuple, list)) else (obj,):
            if isinstance(one, type) and one in by_class:
                types.add(by_class[one])
            elif inspect.isfunction(one) and (_followed(one) or _sibling(one, func)):
                callees.add(inspect.unwrap(one))
    _SCANS[func] = (types, callees)
    return types, callees


def _ops_applied(roots, by_class, public, follow=lambda f: False):
    """Op types the functions roots apply: those they name, and those of the purepaddle functions they call that
    are not public themselves (a public callee is indexed under its own name), or that follow(callee) admits."""
    types, seen, stack = set(), set(roots), list(roots)
    while stack:
        named, callees = _scan(stack.pop(), by_class)
        types |= named
        for callee in callees:
            if callee not in seen and (callee not in public or follow(callee)):
                seen.add(callee)
                stack.append(callee)
    return types


def _own_methods(klass, roots):
    """The functions defined in the bodies of klass and its purepaddle bases, the framework roots (Layer,
    Optimizer) excluded: what a layer or optimizer adds over every other one."""
    found = []
    for base in klass.__mro__:
        if base in roots or not base.__module__.startswith("purepaddle."):
            continue
        found += [inspect.unwrap(f) for f in vars(base).values()
                  if inspect.isfunction(f) and f.__qualname__.split(".")[0] == base.__name__]
    return found


def _public_names(module):
    """The module's __all__, or (none or an empty one) its public names that are not modules."""
    return getattr(module, "__all__", None) or [n for n, v in vars(module).items()
                                                if not n.startswith("_") and not inspect.ismodule(v)]


def family_of(cls):
    """(family, home): an op under purepaddle/ops is in its ops/<family>; one defined beside its feature elsewhere
    is named by its package and module (static control flow, distributed collective ops, inference fused ops)."""
    parts = cls.__module__.split(".")
    if parts[1] == "ops":
        return parts[2], "ops"
    package, module = parts[1:-1], parts[-1].split("_")
    words = list(package) + [w for w in module if w not in package]
    return " ".join(words), "elsewhere"


def collect():
    """{op_type: (family, home, kernel file, sorted public names)}; home is "ops" or "elsewhere"."""
    from purepaddle._core.methods import TensorMethods
    from purepaddle._core.op import OPS
    from purepaddle.nn import Layer
    from purepaddle.optimizer import Optimizer
    from purepaddle import tensor as tensor_face
    for package in REGISTERING:
        _import_all(package)
    _SCANS.clear()  # memoised against this call's op classes
    # purepaddle's ops only: a test or a user may register its own
    registered = {t: cls for t, cls in OPS.items() if cls.__module__.startswith("purepaddle.")}
    by_class = {}
    for op_type, cls in registered.items():
        by_class.setdefault(cls, op_type)
    entries = []  # (spelling, function or class)
    for package, spelling in PUBLIC + REACHED:
        face = importlib.import_module(package)  # a face that fails to import is a bug here, not an option
        listed = {obj for _, obj in entries}
        reached = (package, spelling) in REACHED
        names = _public_names(face)
        if reached:  # also the names defined under it that its __all__ leaves out (as Paddle's does)
            names = list(names) + [n for n, v in vars(face).items() if not n.startswith("_") and n not in names
                                   and getattr(v, "__module__", "").startswith(package)]
        for name in names:
            obj = getattr(face, name, None)
            if inspect.isfunction(obj) and (obj.__module__ or "").startswith("purepaddle."):
                obj = inspect.unwrap(obj)
            elif not (inspect.isclass(obj) and obj.__module__.startswith("purepaddle.") and obj not in by_class
                      and not issubclass(obj, TensorMethods)):  # Tensor and Variable: their methods come below
                continue
            if not reached or obj not in listed:
                entries.append((f"{spelling}.{name}", obj))
        if not reached:
            public = {obj for _, obj in entries if inspect.isfunction(obj)}
    # Tensor methods with no public function of their own (fill_, zero_, indexing); the other operators are
    # listed under their named functions (x + y is paddle.add)
    for part in tensor_face._MODULES:
        for name, method in importlib.import_module(f"purepaddle.tensor.{part}").METHODS.items():
            if inspect.isfunction(method) and inspect.unwrap(method) not in public \
                    and (not name.startswith("__") or name in ("__getitem__", "__setitem__")):
                entries.append((f"paddle.Tensor.{name}", inspect.unwrap(method)))

    def layer_follows(callee):  # a layer applies the ops of the functions it calls (F.conv2d, paddle.matmul)
        return callee.__module__.startswith(("purepaddle.nn.functional.", "purepaddle.tensor."))

    users = {t: set() for t in registered}
    for spelling, obj in entries:
        if inspect.isfunction(obj):
            applied = _ops_applied([obj], by_class, public)
            if not applied:  # a composite of other public functions (zeros -> full): it applies theirs
                applied = _ops_applied([obj], by_class, public, follow=_followed)
        else:  # a layer or clip strategy: its methods; an optimizer names its update op in its class body
            applied = _ops_applied(_own_methods(obj, (Layer, Optimizer)), by_class, public, layer_follows)
            applied |= {by_class[v] for base in obj.__mro__ if base.__module__.startswith("purepaddle.")
                        and base not in (Layer, Optimizer)
                        for v in vars(base).values() if isinstance(v, type) and v in by_class}
        for op_type in applied & set(users):
            users[op_type].add(spelling)
    index = {}
    for op_type, cls in registered.items():
        family, home = family_of(cls)
        path = os.path.relpath(inspect.getsourcefile(cls), ROOT).replace(os.sep, "/")
        index[op_type] = (family, home, path, sorted(users[op_type]))
    return index


def _homes(family):
    """The family's homes in the three trees that share its name (ops/, tensor/, nn/functional/)."""
    found = []
    for tree in ("ops", "tensor", "nn/functional"):
        for candidate in (f"{tree}/{family}/", f"{tree}/{family}.py"):
            if os.path.exists(os.path.join(ROOT, "purepaddle", candidate)):
                found.append(f"`{candidate}`")
    return ", ".join(found)


def render(index):
    families = {}
    for op_type, (family, home, path, users) in index.items():
        families.setdefault((home != "ops", family), []).append((op_type, path, users))
    unused = [t for t, entry in index.items() if not entry[3]]
    lines = ["# Op index", "",
             "Generated by `docs/make_op_index.py` from the live op registry: do not edit by hand. "
             "`make op-index` rewrites it; `make test` fails when it is stale (tests/docs/test_op_index.py).", "",
             "Each registered op type (Paddle's static op type), the file holding its kernel (`forward`) and rules "
             "(`backward`, `infer_meta`), and the public functions and layers that apply it. An op family lives in "
             "`purepaddle/ops/<family>` and its public functions in `purepaddle/tensor/<family>` or "
             "`purepaddle/nn/functional/<family>` (the same name in each tree). Ops that belong to one feature "
             "(static control flow, collectives, loss scaling, inference fusions) are defined beside it and "
             "listed last.", "",
             "A public function is listed under the ops it applies itself (through private helpers too); a "
             "composite that applies none of its own (`paddle.zeros`) under those of the functions it calls; a layer "
             "under those of its methods and the functions they call; a Tensor method (`paddle.Tensor.fill_`) only "
             "when no public function is the same. An op with no public function is built by another op's "
             "`backward` (grad ops, `shape`, `select_output`), or only programs and passes emit it (the fused "
             "inference ops, the selected-rows ops, collectives whose eager functions call the process group "
             "directly).", "",
             f"{len(index)} op types ({len(index) - len(unused)} applied by a public function or layer) in "
             f"{len(families)} families ({sum(1 for home, _ in families if not home)} under `purepaddle/ops`).", ""]
    for home, family in sorted(families):
        rows = sorted(families[(home, family)])
        if not home and (home, family) == min(families):
            lines += ["## Op families (`purepaddle/ops/<family>`)", ""]
        if home and (home, family) == min(k for k in families if k[0]):
            lines += ["## Ops beside their feature (outside `purepaddle/ops`)", ""]
        where = _homes(family) if not home else ""
        lines += [f"### {family}", ""] + ([f"Homes: {where}.", ""] if where else []) + [
                  "| op type | kernel file | public functions and layers |", "|---|---|---|"]
        for op_type, path, users in rows:
            lines.append(f"| `{op_type}` | `{path}` | {', '.join(f'`{u}`' for u in users)} |")
        lines.append("")
    return "\n".join(lines)


def parse(text):
    """{op_type: (family, kernel file, [public names])} read back from a page render() wrote."""
    index, family = {}, None
    for line in text.splitlines():
        if line.startswith("### "):
            family = line[4:]
        elif line.startswith("| `"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            users = [u.strip().strip("`") for u in cells[2].split(",") if u.strip()]
            index[cells[0].strip("`")] = (family, cells[1].strip("`"), users)
    return index


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when docs/op_index.md is not up to date")
    args = parser.parse_args(argv)
    text = render(collect())
    if args.check:
        current = open(OUT, encoding="utf-8").read() if os.path.exists(OUT) else ""
        if current != text:
            diff = difflib.unified_diff(current.splitlines(), text.splitlines(), "docs/op_index.md", "generated",
                                        lineterm="")
            print("docs/op_index.md is stale: run `make op-index` (docs/make_op_index.py)", *list(diff)[:60],
                  sep="\n", file=sys.stderr)
            return 1
        return 0
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(OUT), suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, OUT)
    print(f"wrote {OUT}: {len(text.splitlines())} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
