"""From a Python function to its converted twin: source, rewrite, compile, bind; once per function.

The twin is built from the rewritten AST compiled under the original file name and line numbers (so
tracebacks and messages point at the user's lines), with the original's globals (live), closure
cells, defaults and attributes; decorators written below `to_static` are applied again. The
helpers reach the converted code through one more closure cell, `_jst`.

`convert_call` is what converted code calls every callee through: a user function or method is
converted too (not functions of purepaddle, numpy, the standard library, modules passed to
paddle.jit.ignore_module, or ones marked paddle.jit.not_to_static). `converting_layers()` does the
same for the forward of every Layer called while it is active.
"""
import ast
import contextlib
import inspect
import sys
import textwrap
import types
import warnings
import weakref

from ...nn.layer.layers import LAYER_CALL, Layer
from . import runtime
from .runtime import Dygraph2StaticException
from .transform import transform_function

__all__ = ["convert_to_static", "convert_call", "converting_layers", "converted_source", "IGNORED_MODULES"]

IGNORED_MODULES = []  # paddle.jit.ignore_module's list
_SKIPPED_PACKAGES = {"purepaddle", "paddle", "numpy", "scipy", "google", "ml_dtypes", "mpi4py", "pytest",
                     "_pytest", "pluggy"}
_CACHE = weakref.WeakKeyDictionary()  # function -> converted function, or None (run as written)
_UNAVAILABLE = object()
_NOT_A_DEF = "not a def statement"


class _SourceUnavailable(Exception):
    pass


def _is_user_function(fn):
    """Whether to_static converts calls of fn (user code; not a library's function, nor marked)."""
    if getattr(fn, "_jst_not_to_static", False):
        return False
    module = getattr(fn, "__module__", None) or ""
    if module.split(".")[0] in _SKIPPED_PACKAGES or module.split(".")[0] in sys.stdlib_module_names:
        return False
    return not any(module == m.__name__ or module.startswith(m.__name__ + ".") for m in IGNORED_MODULES)


def convert_to_static(fn, strict=False):
    """The converted twin of a Python function (cached), or None when it runs as written.

    `strict` (the function handed to to_static): a construct that can not be converted raises
    Dygraph2StaticException, and missing source warns; otherwise (a callee) both fall back to
    running the function as written.
    """
    try:
        hit = _CACHE.get(fn, _UNAVAILABLE)
    except TypeError:  # not weak-referenceable
        return None
    if hit is _UNAVAILABLE:
        try:
            hit = _build(fn)
        except _SourceUnavailable as e:
            hit = e
        except (Dygraph2StaticException, SyntaxError) as e:
            hit = e
        _CACHE[fn] = hit
    if not isinstance(hit, Exception):
        return hit
    if isinstance(hit, _SourceUnavailable):
        if strict and hit.args[0] != _NOT_A_DEF:  # a lambda or callable object is traced as written, silently
            warnings.warn(f"paddle.jit.to_static: the source of '{fn.__qualname__}' is unavailable ({hit}); it is "
                          "traced as written, so Python control flow on Tensor values in it raises an error")
    elif strict:
        raise hit
    return None


def _build(fn):
    if not isinstance(fn, types.FunctionType) or fn.__name__ == "<lambda>":
        raise _SourceUnavailable(_NOT_A_DEF)  # a lambda holds no statements; a ternary in it fails while tracing
    target = inspect.unwrap(fn)
    try:
        lines, lnum = inspect.getsourcelines(target)
        filename = inspect.getsourcefile(target) or target.__code__.co_filename
    except (OSError, TypeError) as e:
        raise _SourceUnavailable(str(e)) from None
    try:
        tree = ast.parse(textwrap.dedent("".join(lines)))
    except SyntaxError as e:
        raise _SourceUnavailable(f"its source does not parse alone: {e.msg}") from None
    if not tree.body or not isinstance(tree.body[0], (ast.FunctionDef, ast.AsyncFunctionDef)) \
            or tree.body[0].name != target.__code__.co_name:
        raise _SourceUnavailable("its source is not a def statement")
    fdef = tree.body[0]
    ast.increment_lineno(tree, lnum - 1)
    decorators = _decorators_to_reapply(fdef, wrapped=target is not fn)
    fdef.decorator_list = []
    transform_function(fdef, filename)
    code = _compile(fdef, target, filename)
    closure = tuple(_cell(target, name) for name in code.co_freevars)
    new = types.FunctionType(code, target.__globals__, target.__name__, target.__defaults__, closure)
    new.__kwdefaults__ = target.__kwdefaults__
    new.__qualname__ = target.__qualname__
    new.__module__ = target.__module__
    new.__doc__ = target.__doc__
    new.__dict__.update(target.__dict__)
    new._jst_source = ast.unparse(fdef)
    for expr in reversed(decorators):
        new = _eval_decorator(expr, target, filename)(new)
    return new


def _decorators_to_reapply(fdef, wrapped):
    """The decorators under the last `to_static` one, when fn is what they made (it wraps the def)."""
    if not wrapped:
        return []
    decs = fdef.decorator_list
    last = max((i for i, d in enumerate(decs) if "to_static" in ast.unparse(d)), default=-1)
    return decs[last + 1:]


def _eval_decorator(expr, target, filename):
    scope = {}
    for name, cell in zip(target.__code__.co_freevars, target.__closure__ or ()):
        try:
            scope[name] = cell.cell_contents
        except ValueError:
            pass
    try:
        return eval(compile(ast.Expression(expr), filename, "eval"), target.__globals__, scope)
    except Exception as e:
        raise _SourceUnavailable(f"its decorator `{ast.unparse(expr)}` can not be evaluated again: {e}") from None


def _compile(fdef, target, filename):
    """Compile fdef inside a factory whose parameters are the original's free variables (and `_jst`), so the
    code object refers to them as free variables too; inside a class statement when it is a method, for the
    name mangling of `self.__private` names."""
    params = list(target.__code__.co_freevars) + (["_jst"] if "_jst" not in target.__code__.co_freevars else [])
    factory = ast.FunctionDef(
        name="_jst_factory", args=ast.arguments(posonlyargs=[], args=[ast.arg(arg=p) for p in params], vararg=None,
                                                kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[]),
        body=[fdef, ast.Return(value=ast.Name(id=fdef.name, ctx=ast.Load()))], decorator_list=[], returns=None)
    stmt = factory
    parts = target.__qualname__.split(".")
    if len(parts) >= 2 and parts[-2] != "<locals>":
        stmt = ast.ClassDef(name=parts[-2], bases=[], keywords=[], body=[factory], decorator_list=[])
    module = ast.Module(body=[stmt], type_ignores=[])
    ast.copy_location(factory, fdef)
    ast.copy_location(stmt, fdef)
    ast.fix_missing_locations(module)
    code = compile(module, filename, "exec", dont_inherit=True)
    return _find_code(code, fdef.name, depth=3 if stmt is not factory else 2)


def _find_code(code, name, depth):
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            if const.co_name == name and depth == 1:
                return const
            if depth > 1:
                found = _find_code(const, name, depth - 1)
                if found is not None:
                    return found
    return None


def _cell(target, name):
    if name == "_jst":
        return types.CellType(_HELPERS)
    return target.__closure__[target.__code__.co_freevars.index(name)]


def converted_source(fn):
    """The converted source of fn (what to_static runs), or None."""
    conv = convert_to_static(fn)
    return getattr(conv, "_jst_source", None) if conv is not None else None


# -- calls ------------------------------------------------------------------------------------------
def convert_call(fn):
    """What converted code calls in place of fn: its converted twin when fn is user code, else fn."""
    if isinstance(fn, types.FunctionType):
        if _is_user_function(fn):
            conv = convert_to_static(fn)
            if conv is not None:
                return conv
        return fn
    if isinstance(fn, types.MethodType) and isinstance(fn.__func__, types.FunctionType):
        if _is_user_function(fn.__func__):
            conv = convert_to_static(fn.__func__)
            if conv is not None:
                return types.MethodType(conv, fn.__self__)
        return fn
    inner = getattr(type(fn), "_dygraph_function", None)
    if inner is not None and not isinstance(fn, Layer):  # a to_static function called inside another
        func = fn._dygraph_function
        conv = convert_to_static(func) if _is_user_function(func) else None
        if conv is not None:
            inst = fn.class_instance
            return types.MethodType(conv, inst) if inst is not None else conv
    return fn


def _converted_forward(layer):
    """The converted forward of a Layer being called (bound), or None when it runs as it is."""
    own = layer.__dict__.get("forward")
    if own is not None:
        func = getattr(own, "_dygraph_function", None)  # an instance decorated by to_static
        if func is None:
            return None
    else:
        func = getattr(type(layer), "forward", None)
        func = getattr(func, "_dygraph_function", func)
    if not isinstance(func, types.FunctionType) or not _is_user_function(func):
        return None
    conv = convert_to_static(func)
    return types.MethodType(conv, layer) if conv is not None else None


@contextlib.contextmanager
def converting_layers():
    """While active, every Layer call runs the converted forward of a user-defined Layer."""
    prev = LAYER_CALL.active

    def around(layer, call, inputs, kwargs):
        fwd = _converted_forward(layer)
        run = (lambda: prev(layer, call, inputs, kwargs)) if prev is not None else \
            (lambda: call(layer, *inputs, **kwargs))
        if fwd is None:
            return run()
        d = layer.__dict__
        had, old = "forward" in d, d.get("forward")
        d["forward"] = fwd
        try:
            return run()
        finally:
            if had:
                d["forward"] = old
            else:
                d.pop("forward", None)

    handle = LAYER_CALL.install(around)
    try:
        yield
    finally:
        handle.remove()


_HELPERS = types.SimpleNamespace(convert_call=convert_call, **{n: getattr(runtime, n) for n in runtime.__all__})
