"""paddle.jit.to_static and StaticFunction, plus not_to_static, ignore_module and enable_to_static.

A StaticFunction converts its dygraph function once (dy2static: Python `if`/`while`/`for range`,
`and`/`or`/`not` and ternaries become run-time helpers that build cond / while_loop when their
condition is a Tensor), then traces the converted function into a Program once per input signature
(shapes, dtypes, constant arguments, and the Layer's training flag): tensor arguments become data
vars and the function runs in static mode, so Python control flow on shapes and constants is
decided at trace time and control flow on Tensor values becomes control-flow ops. Calls then run
the Program as one eager op (see partial_program), trainable like the eager function.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Callable, Sequence
    from typing import Any

import collections
import functools
import inspect
import types
import warnings
import weakref

import numpy as np

from .._core.mode import in_dynamic_mode
from .._core.tensor import Tensor
from ..nn.layer.layers import Layer
from ..static.executor import BuildStrategy
from ..static.input import InputSpec
from . import nest
from .dy2static import convert as _convert
from .partial_program import PartialProgram, run
from .trace import arg_specs, spec_key, trace
from .trace_log import report_trace, translator_warn

__all__ = ["to_static", "not_to_static", "ignore_module", "enable_to_static", "StaticFunction"]

_ENABLED = [True]
_IGNORED_MODULES = _convert.IGNORED_MODULES


def enable_to_static(enable_to_static_bool):
    """Turn to_static on or off globally; when off, to_static functions run their dygraph code eagerly.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> @paddle.jit.to_static
            ... def func(x):
            ...     return x + 1
            >>> paddle.jit.enable_to_static(False)
            >>> func(paddle.ones([2]))
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [2., 2.])
            >>> paddle.jit.enable_to_static(True)
    """
    if not isinstance(enable_to_static_bool, bool):
        raise TypeError(f"The type of 'enable_to_static_bool' in paddle.jit.enable_to_static must be <class 'bool'>, "
                        f"but received {type(enable_to_static_bool)}. ")
    _ENABLED[0] = enable_to_static_bool


def not_to_static(func=None):
    """Mark a function as one that to_static must not convert: called from a converted function, it
    runs as written (its Python control flow is decided while tracing).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> @paddle.jit.not_to_static
            ... def helper(x):
            ...     return x - 1
            >>> helper._jst_not_to_static
            True
    """
    def mark(fn):
        try:
            fn._jst_not_to_static = True
        except (AttributeError, TypeError):
            pass
        return fn

    return mark if func is None else mark(func)


def ignore_module(modules):
    """Add modules whose functions to_static must not convert: called from a converted function,
    they run as written.

    Examples:
        .. code-block:: python

            >>> import paddle, json
            >>> paddle.jit.ignore_module([json])
    """
    if not isinstance(modules, (list, tuple)):
        raise TypeError(f"paddle.jit.ignore_module expects a list of modules, but received {type(modules).__name__}")
    for m in modules:
        if not isinstance(m, types.ModuleType):
            raise TypeError(f"paddle.jit.ignore_module expects modules, but received {type(m).__name__}")
        if m not in _IGNORED_MODULES:
            _IGNORED_MODULES.append(m)


def _check_input_spec(input_spec):
    """to_static's input_spec as a list (TypeError unless a list or tuple)."""
    if input_spec is None:
        return None
    if not isinstance(input_spec, (list, tuple)):
        raise TypeError(f"The type(input_spec) should be one of (tuple, list), but received "
                        f"{type(input_spec).__name__}.")
    return list(input_spec)


class StaticFunction:
    """A dygraph function (or Layer method) run as a traced Program; made by paddle.jit.to_static.

    Attributes: `concrete_program` (the traced program for input_spec, or the last traced one),
    `main_program`, `code` (the dygraph source), `dygraph_function`, `class_instance`, `rollback()`.
    """

    def __init__(self, function, input_spec=None, build_strategy=None, backend=None, **kwargs):
        instance = None
        if isinstance(function, StaticFunction):
            instance = function.class_instance
            function = function._dygraph_function
        elif inspect.ismethod(function):
            instance = function.__self__
            function = function.__func__
        self._dygraph_function = function
        self._instance_ref = weakref.ref(instance) if instance is not None else None
        self._input_spec = _check_input_spec(input_spec)
        self._build_strategy = build_strategy
        self._backend = backend
        self._kwargs = kwargs
        self.is_property = bool(kwargs.get("property", False))
        self._cache = collections.OrderedDict()
        self._fast = {}  # (training, per-arg shape/dtype or value) -> (ConcreteProgram, cache key): skips binding
        self._last_key = None
        self._descriptor_cache = weakref.WeakKeyDictionary()
        self._patched_name = None
        functools.update_wrapper(self, function, updated=())

    # -- binding -----------------------------------------------------------------------------
    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        sf = self._descriptor_cache.get(instance)
        if sf is None:
            sf = StaticFunction(types.MethodType(self._dygraph_function, instance), self._input_spec,
                                self._build_strategy, self._backend, **self._kwargs)
            if isinstance(instance, Layer):
                funcs = instance.__dict__.setdefault("_original_funcs", collections.OrderedDict())
                funcs.setdefault(self._dygraph_function.__name__, self._dygraph_function)
            self._descriptor_cache[instance] = sf
        return sf

    @property
    def class_instance(self):
        """The object a method is bound to (held weakly), or None."""
        return self._instance_ref() if self._instance_ref is not None else None

    @property
    def dygraph_function(self):
        """The original (bound, for a method) dygraph function."""
        inst = self.class_instance
        if inst is not None:
            return types.MethodType(self._dygraph_function, inst)
        return self._dygraph_function

    @property
    def code(self):
        """The converted source that to_static traces (the dygraph source when it can not be converted)."""
        src = _convert.converted_source(self._dygraph_function)
        return src if src is not None else inspect.getsource(self._dygraph_function)

    def _traced_function(self):
        """The (bound) function a trace runs: the converted dygraph function, or the function as written."""
        fn = self._dygraph_function
        conv = None if getattr(fn, "_jst_not_to_static", False) else _convert.convert_to_static(fn, strict=True)
        if conv is None:
            return self.dygraph_function
        inst = self.class_instance
        return types.MethodType(conv, inst) if inst is not None else conv

    def _signature(self):
        """The (bound) dygraph function's signature, computed once."""
        sig = self.__dict__.get("_sig")
        if sig is None:
            sig = self._sig = inspect.signature(self.dygraph_function)
        return sig

    # -- calling -----------------------------------------------------------------------------
    def __call__(self, *args, **kwargs):
        fn = self.dygraph_function
        if not _ENABLED[0] or not in_dynamic_mode() or self.is_property:
            return fn(*args, **kwargs)  # inside a Program being built, the ops go straight into it
        fast = None if kwargs else _fast_key(args, self.class_instance)
        hit = self._fast.get(fast) if fast is not None else None
        if hit is not None and hit[0].param_stop == tuple(p.stop_gradient for p in hit[0].parameters):
            cp = hit[0]
            self._cache.move_to_end(hit[1])
            xs = [a for a in args if isinstance(a, Tensor)]
        else:
            cp = self._concrete(args, kwargs)
            xs = [t if isinstance(t, Tensor) else Tensor(t) for t in _flat_inputs(self._signature(), args, kwargs)]
            if fast is not None and len(xs) == len(cp.inputs) == sum(isinstance(a, Tensor) for a in args):
                if len(self._fast) >= 64:  # many batch sizes under one input_spec: keep the table small
                    self._fast.clear()
                self._fast[fast] = (cp, self._last_key)
        return cp.pack_outputs(run(cp.partial, xs, cp.parameters))

    def _layers(self):
        """The class instance's layers, whose tables a trace must leave as they were."""
        inst = self.class_instance
        return inst.sublayers(include_self=True) if isinstance(inst, Layer) else ()

    def _key(self, named):
        """The program cache key: the bound input signature and the Layer's training flag."""
        inst = self.class_instance
        return spec_key(named), bool(getattr(inst, "training", False))

    def _concrete(self, args, kwargs, input_spec=None):
        """The ConcreteProgram for this call (traced now when the signature is new)."""
        named = arg_specs(self._signature(), args, kwargs, input_spec if input_spec is not None else self._input_spec)
        key = self._key(named)
        cp = self._cache.get(key)
        if cp is not None and cp.param_stop != tuple(t.stop_gradient for t in cp.parameters):
            cp = None  # a parameter was frozen or unfrozen since: the gradient graph differs
        if cp is None:
            with _convert.converting_layers():
                cp = trace(self._traced_function(), named, self._layers())
            report_trace(self._dygraph_function.__qualname__, key, cp.main_program)
            cp.partial = PartialProgram(cp.main_program, [v.name for v in cp.inputs], cp.param_names,
                                        [v.name for v in cp.outputs])
            self._cache[key] = cp
        self._cache.move_to_end(key)
        self._last_key = key
        return cp

    def get_concrete_program(self, *args, **kwargs):
        """(ConcreteProgram, PartialProgram) for these arguments (InputSpecs or tensors)."""
        cp = self._concrete(args, kwargs)
        return cp, cp.partial

    def _from_specs(self, input_spec):
        """The ConcreteProgram built from InputSpecs alone (positional arguments)."""
        specs = [s for s in input_spec]
        return self._concrete(tuple(specs), {}, input_spec=specs)

    @property
    def concrete_program(self):
        """The traced program for input_spec (traced now if needed), else the most recently used one."""
        return self.concrete_program_specify_input_spec()

    def concrete_program_specify_input_spec(self, input_spec=None):
        """The ConcreteProgram for `input_spec` (else this function's input_spec, else the last traced)."""
        spec = input_spec
        if self._input_spec is not None:  # the decorator's input_spec wins, as in Paddle
            given = list(input_spec) if input_spec is not None else None
            if given is not None:  # (jit.save hands a spec on only when the user gave it)
                if not _specs_compatible(given, self._input_spec):
                    raise ValueError(f"The `input_spec`: {input_spec} used to construct concrete_program is conflict "
                                     f"with the `input_spec`: {self._input_spec} in `@paddle.jit.to_static`")
                translator_warn(f"You have specified `input_spec` both in function definition (higher priority) "
                                f"and `paddle.jit.save` (will be ignored.)\n\t Using: {self._input_spec}\n\t "
                                f"Ignore: {input_spec}")
            spec = self._input_spec
        if spec is not None:
            return self._from_specs(spec)
        if self._cache:
            return next(reversed(self._cache.values()))
        raise ValueError(f"No valid transformed program for function: {self._dygraph_function.__name__}, input_spec: "
                         "None.\n\tPlease specific `input_spec` in `@paddle.jit.to_static` or feed input tensor to "
                         "call the decorated function at once.")

    @property
    def main_program(self):
        """The Program of concrete_program."""
        return self.concrete_program.main_program

    @property
    def inputs(self):
        """The data vars of concrete_program."""
        return self.concrete_program.inputs

    @property
    def outputs(self):
        """The output vars of concrete_program."""
        return self.concrete_program.outputs

    def rollback(self):
        """Undo to_static on the class instance (its method runs eagerly again); returns the dygraph function.

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> net = paddle.jit.to_static(paddle.nn.Linear(2, 2))
                >>> fn = net.forward.rollback()
                >>> isinstance(net.forward, paddle.jit.api.StaticFunction)
                False
        """
        inst = self.class_instance
        if inst is None:
            return self._dygraph_function
        name = self._patched_name or self._dygraph_function.__name__
        funcs = inst.__dict__.get("_original_funcs", {})
        if name not in funcs:
            raise AssertionError(f"Not Found function '{name}' in class '{inst.__class__}'.")
        func = funcs[name]
        if getattr(func, "__self__", None) is inst and getattr(type(inst), name, None) is func.__func__:
            inst.__dict__.pop(name, None)  # the class's own method shows through again
        else:
            setattr(inst, name, func.__get__(inst) if not inspect.ismethod(func) else func)
        return getattr(inst, name)

    def __repr__(self):
        return f"<StaticFunction {self._dygraph_function.__qualname__}>"


def _specs_compatible(given, own):
    """Paddle's rule: jit.save's input_spec must match the decorator's (or be a subset of it)."""
    if len(given) != len(own):
        return all(s in own for s in given)
    for a, b in zip(given, own):
        if isinstance(a, InputSpec) or isinstance(b, InputSpec):
            if not (isinstance(a, InputSpec) and isinstance(b, InputSpec) and a.dtype is b.dtype
                    and len(a.shape) == len(b.shape)
                    and all(x < 0 or y < 0 or x == y for x, y in zip(a.shape, b.shape))):
                return False
        elif a != b:
            return False
    return True


_SCALARS = (int, float, bool, str, type(None))


def _fast_key(args, instance):
    """A cheap key of a positional-only call (Tensors by shape/dtype, scalars by value), or None."""
    parts = [bool(getattr(instance, "training", False))]
    for a in args:
        if isinstance(a, Tensor):
            parts.append((a._data.shape, a._data.dtype))
        elif type(a) in _SCALARS:
            parts.append((type(a), a))
        else:
            return None
    return tuple(parts)


def _flat_inputs(signature, args, kwargs):
    """The Tensor/ndarray leaves of a call's arguments, in the order the traced data vars come."""
    bound = signature.bind(*args, **kwargs)
    bound.apply_defaults()
    out = []
    for value in bound.arguments.values():
        leaves, _ = nest.flatten(value)
        out.extend(x for x in leaves if isinstance(x, (Tensor, np.ndarray)))
    return out


def to_static(function: Callable[..., Any] | None = None,
              input_spec: Sequence[InputSpec | Tensor] | None = None, build_strategy: Any = None,
              backend: str | None = None, **kwargs: Any) -> Any:
    """Run a dygraph function (or a Layer's forward) as a static Program converted and traced from it.

    The function's Python control flow is converted once (dy2static): an `if`, `while`, `for i in
    range(n)`, `and`/`or`/`not` or ternary whose condition is a Tensor becomes cond / while_loop ops
    (with `break`, `continue` and early `return`), while control flow on Python values stays Python;
    functions and Layers it calls are converted too. The converted function is then traced once per
    input signature (shapes and dtypes of tensor arguments, values of the others, and the Layer's
    train/eval mode) in static mode on `paddle.static.data` inputs. Calls return eager Tensors and are
    differentiable: gradients reach the inputs and the layer's parameters.

    Args:
        function (callable|Layer): the function, method or Layer (its forward is converted).
        input_spec (list[InputSpec], optional): shapes/dtypes/names of the tensor arguments; None
            dims accept any size, so one program serves every batch size.
        build_strategy (BuildStrategy, optional): accepted for compatibility.
        backend (str, optional): accepted for compatibility ('CINN' or None).
        **kwargs: `full_graph` (accepted), `property` (the function is called eagerly).

    Returns:
        The converted function or layer (or a decorator when `function` is None).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> @paddle.jit.to_static
            ... def func(x):
            ...     return x * 2 + 1
            >>> func(paddle.ones([2]))
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [3., 3.])
    """
    if build_strategy is not None and not isinstance(build_strategy, BuildStrategy):
        raise TypeError(f"Required type(build_strategy) shall be `paddle.static.BuildStrategy`, but received "
                        f"{type(build_strategy).__name__}")
    unknown = set(kwargs) - {"full_graph", "property"}
    if unknown:
        raise TypeError(f"paddle.jit.to_static got unexpected keyword arguments {sorted(unknown)}")

    def decorated(python_func):
        return StaticFunction(python_func, input_spec, build_strategy, backend, **kwargs)

    if function is None:
        return decorated
    if isinstance(function, Layer):
        if isinstance(function.forward, StaticFunction):
            warnings.warn(f"`{function.__class__.__name__}.forward` has already been decorated somewhere. It will be "
                          "redecorated to replace previous one.")
        funcs = function.__dict__.setdefault("_original_funcs", collections.OrderedDict())
        funcs["forward"] = function.forward
        function.forward = decorated(function.forward)
        return function
    if not callable(function):
        raise TypeError(f"paddle.jit.to_static expects a function or a Layer, but received {type(function).__name__}")
    return decorated(function)
