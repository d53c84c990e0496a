"""The rewrite of one function's AST: Python control flow becomes calls of the runtime helpers.

Four passes over a function body (each nested def gets its own):
1. `return` inside a loop -> `_jst_rv = value; _jst_rf = True; break`, and after the loop
   `if _jst_rf: return _jst_rv`.
2. Early returns lifted: the statements after an `if` that returns on some path move into its
   non-returning branches, so every such `if` returns on all paths (and becomes `return <if>`).
3. Loops: `for i in range(...)` -> a `while` on a counter, any other `for` -> a `while` over an iterator
   (runtime.for_iter); `break` / `continue` -> flags, the rest of the iteration guarded by
   `if not flag`, the flags joined into the loop condition.
4. Conversion: `if` -> two branch functions over the names they assign and
   `names = _jst.convert_ifelse(test, true_fn, false_fn, ...)`; `while` -> cond/body functions and
   `_jst.convert_while_loop`; `and`/`or`/`not`, ternaries and `assert` -> their helpers; every call
   `f(...)` -> `_jst.convert_call(f)(...)` (user functions it calls are converted too).
"""
import ast
import copy

from . import analysis as A
from .runtime import Dygraph2StaticException

__all__ = ["transform_function"]

_HELPERS = "_jst"
_UNWRAPPED_CALLS = {"super", "locals", "globals", "vars", "eval", "exec", "dir", "range", "len", "isinstance",
                    "print", "type", "getattr", "hasattr", "setattr", "zip", "enumerate", "list", "tuple", "dict",
                    "int", "float", "bool", "str", "min", "max", "abs", "id", "iter", "next", "callable"}


def _name(id_, store=False):
    return ast.Name(id=id_, ctx=ast.Store() if store else ast.Load())


def _helper(attr):
    return ast.Attribute(value=_name(_HELPERS), attr=attr, ctx=ast.Load())


def _call(func, *args, **kwargs):
    return ast.Call(func=func, args=list(args), keywords=[ast.keyword(arg=k, value=v) for k, v in kwargs.items()])


def _const(value):
    return ast.Constant(value=value)


def _strs(names):
    return ast.Tuple(elts=[_const(n) for n in names], ctx=ast.Load())


def _assign(target, value):
    return ast.Assign(targets=[target], value=value, lineno=0)


def _set(name, value):
    return _assign(_name(name, True), value)


def _not(expr):
    return ast.UnaryOp(op=ast.Not(), operand=expr)


def _lambda(body):
    return ast.Lambda(args=ast.arguments(posonlyargs=[], args=[], vararg=None, kwonlyargs=[], kw_defaults=[],
                                         kwarg=None, defaults=[]), body=body)


def _fn(name, params, body):
    args = ast.arguments(posonlyargs=[], args=[ast.arg(arg=p) for p in params], vararg=None, kwonlyargs=[],
                         kw_defaults=[], kwarg=None, defaults=[])
    return ast.FunctionDef(name=name, args=args, body=body or [ast.Pass()], decorator_list=[], returns=None)


def _located(nodes, where):
    """Give generated nodes the line of the construct they replace (tracebacks then point at it)."""
    for node in nodes:
        for sub in ast.walk(node):
            if "lineno" in sub._attributes and getattr(sub, "lineno", 0) in (0, None):
                ast.copy_location(sub, where)
    return nodes


class _Context:
    """Per function: the file, a counter for fresh names, the names declared global/nonlocal."""

    def __init__(self, filename, outer, first_arg=None):
        self.filename = filename
        self.outer = outer
        self.first_arg = first_arg  # `self` of a method: zero-argument super() names it
        self.count = 0

    def fresh(self, stem):
        self.count += 1
        return f"{A.GENERATED}{stem}_{self.count}"

    def where(self, node):
        return f"{self.filename}:{node.lineno}"


# -- pass 1: return inside loops ------------------------------------------------------------------
class _LoopReturns(ast.NodeTransformer):
    """`return` in a loop body -> set _jst_rv/_jst_rf and break; after the loop, return if the flag is set."""

    def __init__(self):
        self.used = False

    def visit_FunctionDef(self, node):
        return node  # its own scope: converted on its own

    visit_AsyncFunctionDef = visit_Lambda = visit_ClassDef = visit_FunctionDef

    def _loop(self, node):
        self.generic_visit(node)  # inner loops first: their after-loop `return` then belongs to this loop
        if A.find(node.body + node.orelse, ast.Return, through_loops=False) is None:
            return node
        self.used = True
        node.body = _ReturnToBreak().run(node.body)
        node.orelse = _ReturnToBreak().run(node.orelse)
        after = ast.If(test=_name("_jst_rf"), body=[ast.Return(value=_name("_jst_rv"))], orelse=[])
        return _located([node, after], node)

    visit_For = visit_While = visit_AsyncFor = _loop


class _ReturnToBreak(ast.NodeTransformer):
    def run(self, stmts):
        return [n for s in stmts for n in _as_list(self.visit(s))]

    def visit_Return(self, node):
        value = node.value if node.value is not None else _const(None)
        return _located([_set("_jst_rv", value), _set("_jst_rf", _const(True)), ast.Break()], node)

    def visit_FunctionDef(self, node):
        return node

    visit_AsyncFunctionDef = visit_Lambda = visit_ClassDef = visit_For = visit_While = visit_AsyncFor = \
        visit_FunctionDef


def _as_list(x):
    return x if isinstance(x, list) else [x]


# -- pass 2: early returns --------------------------------------------------------------------------
def _lift(stmts):
    """Move what follows an `if` that returns on some path into its branches that do not."""
    for i, s in enumerate(stmts):
        if isinstance(s, ast.If) and A.find([s], ast.Return, through_loops=False) is not None:
            rest = stmts[i + 1:]
            s.body = _lift(s.body if A.ends_in_exit(s.body) else s.body + copy.deepcopy(rest))
            s.orelse = _lift(s.orelse if A.ends_in_exit(s.orelse) else s.orelse + copy.deepcopy(rest))
            return stmts[:i] + [s]
        if isinstance(s, (ast.Return, ast.Raise)):
            return stmts[:i + 1]
    return stmts


# -- pass 3: loops ----------------------------------------------------------------------------------
class _Loops(ast.NodeTransformer):
    """range loops -> while; break/continue -> flags."""

    def __init__(self, ctx):
        self.ctx = ctx

    def visit_FunctionDef(self, node):
        return node

    visit_AsyncFunctionDef = visit_Lambda = visit_ClassDef = visit_FunctionDef

    def visit_While(self, node):
        self.generic_visit(node)
        return self._while(node)

    def _while(self, node):
        brk, cnt = self._flags(node)
        pre, post = [], []
        if brk:
            pre.append(_set(brk, _const(False)))
            node.test = ast.BoolOp(op=ast.And(), values=[_not(_name(brk)), node.test])
        if cnt:
            node.body.insert(0, _set(cnt, _const(False)))
        if node.orelse:
            post.append(ast.If(test=_not(_name(brk)), body=node.orelse, orelse=[]) if brk else node.orelse)
            node.orelse = []
        post = [p for x in post for p in _as_list(x)]
        return _located(pre + [node] + post, node)

    def visit_For(self, node):
        self.generic_visit(node)
        it = node.iter
        if isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "range" and not it.keywords \
                and 1 <= len(it.args) <= 3 and not any(isinstance(a, ast.Starred) for a in it.args):
            return self._range(node)
        return self._iteration(node)

    def _iteration(self, node):
        """for target in seq -> a while loop over an iterator (a Python one, or an index into a Tensor whose
        first dim is unknown while tracing, which becomes a `while` op)."""
        seq, i = self.ctx.fresh("seq"), self.ctx.fresh("i")
        pre = [_assign(ast.Tuple(elts=[_name(seq, True), _name(i, True)], ctx=ast.Store()),
                       ast.Tuple(elts=[_call(_helper("for_iter"), node.iter), _const(0)], ctx=ast.Load()))]
        body = [_assign(ast.Tuple(elts=[node.target, _name(i, True)], ctx=ast.Store()),
                        _call(_helper("iter_item"), _name(seq), _name(i)))] + node.body
        loop = ast.While(test=_call(_helper("iter_more"), _name(seq), _name(i)), body=body, orelse=node.orelse)
        _located(pre + [loop], node)
        return pre + _as_list(self._while(loop))

    def _range(self, node):
        """for target in range(a[, b[, c]]) -> a while loop on a counter (its bound may be a Tensor)."""
        i, stop, step = self.ctx.fresh("i"), self.ctx.fresh("stop"), self.ctx.fresh("step")
        pre = [_assign(ast.Tuple(elts=[_name(i, True), _name(stop, True), _name(step, True)], ctx=ast.Store()),
                       _call(_helper("range_args"), *node.iter.args))]
        body = [_assign(node.target, _name(i)),
                _set(i, ast.BinOp(left=_name(i), op=ast.Add(), right=_name(step)))] + node.body
        loop = ast.While(test=_call(_helper("range_cond"), _name(i), _name(stop), _name(step)), body=body,
                         orelse=node.orelse)
        if isinstance(node.target, ast.Name):
            loop._jst_seeds = {node.target.id: i}
        _located(pre + [loop], node)
        return pre + _as_list(self._while(loop))

    def _flags(self, node):
        """Replace the loop's own break/continue by flag assignments; the flag names (or None)."""
        brk = self.ctx.fresh("brk") if A.find(node.body, ast.Break, through_loops=False) else None
        cnt = self.ctx.fresh("cnt") if A.find(node.body, ast.Continue, through_loops=False) else None
        if brk or cnt:
            node.body = _guard(node.body, brk, cnt)
        return brk, cnt


def _guard(stmts, brk, cnt):
    """break/continue -> flag = True; what follows a statement that may set a flag runs under `if not flag`."""
    out = []
    for i, s in enumerate(stmts):
        if isinstance(s, ast.Break):
            out.append(_located([_set(brk, _const(True))], s)[0])
            return out
        if isinstance(s, ast.Continue):
            out.append(_located([_set(cnt, _const(True))], s)[0])
            return out
        if A.find([s], (ast.Break, ast.Continue), through_loops=False) is None:
            out.append(s)
            continue
        for field in ("body", "orelse", "finalbody"):
            if isinstance(getattr(s, field, None), list):
                setattr(s, field, _guard(getattr(s, field), brk, cnt))
        for h in getattr(s, "handlers", []):
            h.body = _guard(h.body, brk, cnt)
        out.append(s)
        rest = stmts[i + 1:]
        if rest:
            flags = [_name(f) for f in (brk, cnt) if f]
            test = _not(flags[0] if len(flags) == 1 else ast.BoolOp(op=ast.Or(), values=flags))
            out.append(_located([ast.If(test=test, body=_guard(rest, brk, cnt), orelse=[])], s)[0])
        return out
    return out


# -- pass 4: conversion -----------------------------------------------------------------------------
class _Convert(ast.NodeTransformer):
    def __init__(self, ctx):
        self.ctx = ctx

    # nested scopes
    def visit_FunctionDef(self, node):
        try:
            _convert_def(node, self.ctx.filename)
        except Dygraph2StaticException:
            pass  # a nested generator or coroutine runs as written (it is checked before anything changes)
        return node

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node):
        return node  # a class body is left as written

    # statements
    def visit_If(self, node):
        self.generic_visit(node)
        has_return = A.find([node], ast.Return, through_loops=False) is not None
        returns = A.ends_in_exit(node.body) and A.ends_in_exit(node.orelse)
        if has_return and not returns:
            return node  # inside with/try: left to Python (a Tensor test then fails naming this line)
        if A.find([node], (ast.Break, ast.Continue), through_loops=False) is not None:
            return node  # a loop's `if py_true(flag): break`: decided in Python by construction
        names = [] if returns else self._names(node.body + node.orelse)
        outer = [n for n in A.written_names(node.body + node.orelse) if n in self.ctx.outer]
        tail = [] if returns else [ast.Return(value=ast.Tuple(elts=[_name(n) for n in names], ctx=ast.Load()))]
        t_name, f_name = self.ctx.fresh("fn_true"), self.ctx.fresh("fn_false")
        defs = [_fn(t_name, names, self._decl(outer) + node.body + tail),
                _fn(f_name, names, self._decl(outer) + node.orelse + tail)]
        call = _call(_helper("convert_ifelse"), node.test, _name(t_name), _name(f_name), self._load(names),
                     _strs(names), _const(self.ctx.where(node)), _strs(outer), _const(returns))
        if returns:
            out = ast.Return(value=call)
        elif names:
            out = _assign(ast.Tuple(elts=[_name(n, True) for n in names], ctx=ast.Store()), call)
        else:
            out = ast.Expr(value=call)
        return _located(defs + [out], node)

    def visit_While(self, node):
        mutated = [n for n in A.mutated_names(node.body) if n not in self.ctx.outer]  # before calls are wrapped
        self.generic_visit(node)
        names = self._names(node.body)
        outer = [n for n in A.written_names(node.body) if n in self.ctx.outer]
        for n in mutated:  # a container the body changes travels with the loop, so the helper can check it
            if n not in names:
                names.append(n)
        c_name, b_name = self.ctx.fresh("fn_cond"), self.ctx.fresh("fn_body")
        tail = [ast.Return(value=ast.Tuple(elts=[_name(n) for n in names], ctx=ast.Load()))]
        defs = [_fn(c_name, names, [ast.Return(value=node.test)]),
                _fn(b_name, names, self._decl(outer) + node.body + tail)]
        seeds = getattr(node, "_jst_seeds", None)
        call = _call(_helper("convert_while_loop"), _name(c_name), _name(b_name), self._load(names), _strs(names),
                     _const(self.ctx.where(node)), _strs(outer), _strs(mutated),
                     ast.Dict(keys=[_const(k) for k in seeds], values=[_const(v) for v in seeds.values()])
                     if seeds else _const(None))
        out = _assign(ast.Tuple(elts=[_name(n, True) for n in names], ctx=ast.Store()), call) if names \
            else ast.Expr(value=call)
        return _located(defs + [out], node)

    def visit_Assert(self, node):
        self.generic_visit(node)
        msg = _lambda(node.msg if node.msg is not None else _const(None))
        return _located([ast.Expr(value=_call(_helper("convert_assert"), node.test, msg,
                                              _const(self.ctx.where(node))))], node)

    # expressions
    def visit_BoolOp(self, node):
        self.generic_visit(node)
        helper = "convert_logical_and" if isinstance(node.op, ast.And) else "convert_logical_or"
        expr = node.values[-1]
        for left in reversed(node.values[:-1]):
            expr = _call(_helper(helper), _lambda(left), _lambda(expr))
        return ast.copy_location(expr, node)

    def visit_UnaryOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.Not):
            return ast.copy_location(_call(_helper("convert_logical_not"), node.operand), node)
        return node

    def visit_IfExp(self, node):
        self.generic_visit(node)
        return ast.copy_location(_call(_helper("convert_ifexp"), node.test, _lambda(node.body), _lambda(node.orelse),
                                       _const(self.ctx.where(node))), node)

    def visit_Call(self, node):
        self.generic_visit(node)
        f = node.func
        if isinstance(f, ast.Name) and f.id == "super" and not node.args and not node.keywords and self.ctx.first_arg:
            # inside a branch function super() would look at that function's first argument, not the method's
            node.args = [ast.copy_location(_name(n), node) for n in ("__class__", self.ctx.first_arg)]
            return node
        if isinstance(f, ast.Name) and (f.id in _UNWRAPPED_CALLS or f.id.startswith(A.GENERATED)):
            return node
        if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == _HELPERS:
            return node
        node.func = ast.copy_location(_call(_helper("convert_call"), f), f)
        return node

    # pieces
    def _names(self, stmts):
        return [n for n in A.written_names(stmts) if n not in self.ctx.outer]

    def _decl(self, outer):
        decl = []
        glob = [n for n in outer if self.ctx.outer[n] == "global"]
        nonl = [n for n in outer if self.ctx.outer[n] == "nonlocal"]
        if glob:
            decl.append(ast.Global(names=glob))
        if nonl:
            decl.append(ast.Nonlocal(names=nonl))
        return decl

    @staticmethod
    def _load(names):
        return _call(_helper("load"), _call(_name("locals")), _strs(names))


def _check_supported(fdef, filename):
    """Constructs to_static can not convert anywhere in the function: an error naming file, line, construct."""
    for kinds, what in (((ast.Yield, ast.YieldFrom), "a generator function (`yield`)"),
                        ((ast.Await,), "a coroutine (`await`)")):
        node = A.find(fdef.body, kinds)
        if node is not None:
            raise Dygraph2StaticException(f"{filename}:{node.lineno}: to_static can not convert {what} in "
                                          f"'{fdef.name}'")
    if isinstance(fdef, ast.AsyncFunctionDef):
        raise Dygraph2StaticException(f"{filename}:{fdef.lineno}: to_static can not convert a coroutine "
                                      f"(`async def {fdef.name}`)")


def _convert_def(fdef, filename):
    """Run the four passes on one function definition (in place)."""
    _check_supported(fdef, filename)
    positional = fdef.args.posonlyargs + fdef.args.args
    ctx = _Context(filename, A.declared_outer(fdef.body), positional[0].arg if positional else None)
    loops = _LoopReturns()
    fdef.body = [n for s in fdef.body for n in _as_list(loops.visit(s))]
    if loops.used:
        fdef.body = _located([_set("_jst_rf", _const(False)), _set("_jst_rv", _const(None))], fdef.body[0]) \
            + fdef.body
    if any(isinstance(s, ast.If) and A.find([s], ast.Return, through_loops=False) for s in A.walk(fdef.body)):
        if not A.ends_in_exit(fdef.body):
            fdef.body.append(_located([ast.Return(value=_const(None))], fdef.body[-1])[0])
        fdef.body = _lift(fdef.body)
    fdef.body = [n for s in fdef.body for n in _as_list(_Loops(ctx).visit(s))]
    conv = _Convert(ctx)
    fdef.body = [n for s in fdef.body for n in _as_list(conv.visit(s))]
    return fdef


def transform_function(fdef, filename):
    """Convert a parsed FunctionDef (its line numbers already those of the file); returns it."""
    _convert_def(fdef, filename)
    ast.fix_missing_locations(fdef)
    return fdef
