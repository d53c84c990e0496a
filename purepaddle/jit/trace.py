"""Tracing a dygraph function into a Program (ConcreteProgram): tensor inputs become data vars, and the
eager tensors its ops read (parameters, buffers) become persistable vars of the same name."""
import contextlib
import inspect

import numpy as np

from .._core import dtype as _dt
from .._core.dispatch import BUILDER
from .._core.mode import set_static
from .._core.tensor import Parameter as EagerParameter
from .._core.tensor import Tensor
from ..static import variable as _variable
from ..static.input import InputSpec
from ..static.program import Program, Variable, program_guard
from ..static.variable import Parameter as StaticParameter
from . import nest
from .dy2static.runtime import UndefinedVar

__all__ = ["ConcreteProgram", "trace", "arg_specs"]


class ConcreteProgram:
    """One traced Program: flat input Variables, flat output Variables, the eager tensors it reads.

    `parameters` holds every eager Tensor the traced ops read (parameters and buffers), in the order
    they were met; `param_names[i]` is the persistable var standing for `parameters[i]`.
    """

    def __init__(self, main_program, startup_program, inputs, outputs, parameters, param_names, function,
                 output_template, output_consts, kwargs=None):
        self.main_program = main_program
        self.startup_program = startup_program
        self.inputs = inputs
        self.outputs = outputs
        self.parameters = parameters
        self.param_names = param_names
        self.function = function
        self.output_template = output_template
        self.output_consts = output_consts  # flat output leaves; None where an output Variable goes
        self.kwargs = kwargs or {}
        self.param_stop = tuple(t.stop_gradient for t in parameters)
        self.partial = None  # the PartialProgram running it, made on first use

    def pack_outputs(self, tensors):
        """The function's return structure with `tensors` in place of the output Variables."""
        it = iter(tensors)
        return nest.pack(self.output_template, [next(it) if c is _OUT else c for c in self.output_consts])


_OUT = object()  # placeholder in output_consts for an output Variable


class _Capture:
    """Eager tensors read by ops during a trace, each mapped to a persistable Variable of the program."""

    def __init__(self, block):
        self.block = block
        self.vars = {}       # id(tensor) -> Variable
        self.tensors = []    # in the order they were met (holds them: ids stay unique during the trace)

    def var(self, t):
        """The persistable Variable standing for eager tensor t (made on first use)."""
        v = self.vars.get(id(t))
        if v is not None:
            return v
        name = t.name
        if name in self.block.vars:  # another var already has this name (rare: user-named tensors)
            k = 0
            while f"{name}_{k}" in self.block.vars:
                k += 1
            name = f"{name}_{k}"
        shape, dtype = list(t._data.shape), _dt.from_numpy(t._data.dtype)
        if isinstance(t, EagerParameter):
            v = StaticParameter(self.block, shape, dtype, name=name, trainable=t.trainable)
        else:
            v = Variable(self.block, name=name, shape=shape, dtype=dtype, persistable=True)
        v.stop_gradient = t.stop_gradient
        self.vars[id(t)] = v
        self.tensors.append(t)
        return v

    def builder(self, build):
        """The static_builder hook for the trace: eager tensors among an op's inputs become their Variables."""
        def conv(t):
            if type(t) is list:
                return [conv(x) for x in t]
            if isinstance(t, Tensor):
                return self.var(t)
            return t

        def capturing_build(op_cls, inputs, attrs):
            return build(op_cls, tuple(conv(t) for t in inputs), attrs)

        return capturing_build


@contextlib.contextmanager
def _tracing(capture, main, startup, layers):
    """Static mode on `main`, the capturing builder installed, Variable truth tests refused."""
    saved = [(lay, dict(lay._parameters), dict(lay._buffers)) for lay in layers]
    prev_static = set_static(True)
    builder = BUILDER.install(capture.builder(BUILDER.active))
    trace = _variable.JIT_TRACE.install(capture)
    try:
        with program_guard(main, startup):
            yield
    finally:
        trace.remove()
        builder.remove()
        set_static(prev_static)
        # attribute assignments made while tracing (self.buf = buf + 1) must not leave Variables behind
        for lay, params, bufs in saved:
            lay._parameters.clear()
            lay._parameters.update(params)
            lay._buffers.clear()
            lay._buffers.update(bufs)


def arg_specs(signature, args, kwargs, input_spec):
    """Bind a call to the function's signature: [(arg name, kind, value with InputSpec leaves)], in order.

    Tensor and ndarray leaves become InputSpecs (shape and dtype of the value); where `input_spec`
    has a matching InputSpec at that position it is used instead (its None/-1 dims stay unknown).
    """
    bound = signature.bind(*args, **kwargs)
    bound.apply_defaults()
    specs = list(input_spec) if input_spec is not None else []
    out = []
    pos = 0
    for name, value in bound.arguments.items():
        kind = signature.parameters[name].kind
        given = None
        if kind in (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD):
            given = specs[pos] if pos < len(specs) else None
            pos += 1
        elif kind is inspect.Parameter.VAR_POSITIONAL:
            given = tuple(specs[pos:pos + len(value)]) if pos < len(specs) else None
            pos += len(value)
        out.append((name, kind, _overlay(value, given)))
    return out


def _overlay(value, spec):
    """value with its tensor leaves replaced by InputSpecs (spec's when compatible)."""
    if isinstance(value, (list, tuple)) and not isinstance(value, Tensor):
        sp = spec if isinstance(spec, (list, tuple)) and len(spec) == len(value) else [None] * len(value)
        items = [_overlay(v, s) for v, s in zip(value, sp)]
        if hasattr(value, "_fields"):
            return type(value)(*items)
        return tuple(items) if isinstance(value, tuple) else items
    if isinstance(value, dict):
        sp = spec if isinstance(spec, dict) else {}
        return {k: _overlay(v, sp.get(k)) for k, v in value.items()}
    if isinstance(value, InputSpec):
        return value
    if isinstance(value, (Tensor, np.ndarray)):
        shape = list(value.shape)
        dtype = _dt.from_numpy(value._data.dtype if isinstance(value, Tensor) else value.dtype)
        if isinstance(spec, InputSpec) and _fits(spec, shape, dtype):
            return spec
        name = spec.name if isinstance(spec, InputSpec) else None
        return InputSpec(shape, dtype, name)
    return value


def _fits(spec, shape, dtype):
    """Whether a tensor of shape/dtype can be fed to a data var made from spec."""
    return (spec.dtype is dtype and len(spec.shape) == len(shape)
            and all(s < 0 or s == d for s, d in zip(spec.shape, shape)))


def spec_key(named_specs):
    """A hashable key of bound InputSpec arguments (shapes, dtypes, names, constants)."""
    parts = []
    for name, _, value in named_specs:
        leaves, template = nest.flatten(value)
        parts.append((name, repr(template), tuple(_leaf_key(x) for x in leaves)))
    return tuple(parts)


def _leaf_key(x):
    """The cache-key part of one argument leaf: a spec's shape/dtype/name, or a constant's value."""
    if isinstance(x, InputSpec):
        return ("spec", tuple(x.shape), x.dtype.name, x.name)
    try:
        hash(x)
    except TypeError:
        return ("id", id(x))
    return ("const", type(x).__name__, x)


def trace(function, named_specs, layers=()):
    """Run `function` in static mode on data vars made from the InputSpec leaves of `named_specs`.

    `named_specs` is arg_specs' binding; `layers` are the Layers whose parameter/buffer tables are
    restored after the trace. Returns a ConcreteProgram.
    """
    main, startup = Program(), Program()
    block = main.global_block()
    capture = _Capture(block)
    inputs = []
    call_args, call_kwargs = [], {}
    with _tracing(capture, main, startup, layers):
        for i, (name, kind, value) in enumerate(named_specs):
            leaves, template = nest.flatten(value)
            new = []
            for j, leaf in enumerate(leaves):
                if isinstance(leaf, InputSpec):
                    var = _data_var(block, leaf.name or f"_jst.{i}.{name}.{j}", leaf)
                    inputs.append(var)
                    new.append(var)
                else:
                    new.append(leaf)
            arg = nest.pack(template, new)
            if kind is inspect.Parameter.VAR_POSITIONAL:
                call_args.extend(arg)
            elif kind is inspect.Parameter.VAR_KEYWORD:
                call_kwargs.update(arg)
            elif kind is inspect.Parameter.KEYWORD_ONLY:
                call_kwargs[name] = arg
            else:
                call_args.append(arg)
        result = function(*call_args, **call_kwargs)
        outputs, consts, template = _outputs(result, capture, block)
    return ConcreteProgram(main, startup, inputs, outputs, list(capture.tensors),
                           [capture.vars[id(t)].name for t in capture.tensors], function, template, consts)


def _data_var(block, name, spec):
    """The data var (feed target) for one InputSpec leaf; float inputs can take gradients."""
    if name in block.vars:
        raise ValueError(f"paddle.jit.to_static: two inputs are named '{name}'; give the InputSpecs distinct names")
    dtype = spec.dtype
    # need_check_feed=False, as Paddle's to_static data vars (and so its jit.save files) have: a
    # loaded model then takes any batch size, and to_static's own calls match the spec by the cache key
    return block.create_var(name=name, shape=list(spec.shape), dtype=dtype, is_data=True, need_check_feed=False,
                            stop_gradient=not (dtype.is_floating or dtype.is_complex), persistable=False)


def _outputs(result, capture, block):
    """Flat output Variables (each made by an op of its own), the constant leaves, the template."""
    from ..tensor.creation.fill import assign
    leaves, template = nest.flatten(result)
    made = set(n for op in block.ops for n in op.output_arg_names)
    outputs, consts, seen = [], [], set()
    for leaf in leaves:
        if isinstance(leaf, UndefinedVar):
            leaf.fail()  # a name the converted function returns has no value on some path
        if isinstance(leaf, Tensor):
            leaf = capture.var(leaf)  # a captured tensor returned as is
        if not isinstance(leaf, Variable):
            consts.append(leaf)
            continue
        if leaf.name in seen or leaf.name not in made or leaf.persistable:
            # outputs are fetched by name and get their own gradient: give each its own var
            leaf = assign(leaf)
        seen.add(leaf.name)
        outputs.append(leaf)
        consts.append(_OUT)
    return outputs, consts, template
