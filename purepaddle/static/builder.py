"""The static builder: dispatch.apply in static mode appends an op to the current Program."""
import dis
import sys

import numpy as np

from .._core import dtype as _dt
from .._core.dispatch import BUILDER, CONST_BUILDER
from .._core.op import OPS, Op, _restructure
from .._core.tensor import Tensor
from .program import Operator, Variable, default_main_program

# API-level name keys: paddle.mean's output is `mean_0.tmp_0`, not `reduce_mean_0.tmp_0`
NAME_KEYS = {"reduce_mean": "mean", "reduce_sum": "sum", "reduce_max": "max", "reduce_min": "min",
             "reduce_prod": "prod", "reduce_all": "all", "reduce_any": "any", "assign_value": "assign"}

# attributes Paddle's OpProto declares with a default (core.get_op_attrs_default_value) that its ProgramDesc
# carries even where a call leaves them out: readers of the files look them up (paddle2onnx needs the reduce
# ops' in_dtype and fill_constant's str_value)
_REDUCE_DTYPES = {"in_dtype": -1, "out_dtype": -1}
DECLARED_DEFAULTS = {t: _REDUCE_DTYPES for t in ("reduce_mean", "reduce_sum", "reduce_max", "reduce_min",
                                                 "reduce_prod", "reduce_amax", "reduce_amin", "reduce_all",
                                                 "reduce_any", "frobenius_norm")}
DECLARED_DEFAULTS["fill_constant"] = {"str_value": "", "force_cpu": False, "place_type": -1}


class _Ctx:
    """Builder state: `helper` fixes the output-name prefix (set while building grad ops)."""

    __slots__ = ("helper",)

    def __init__(self):
        self.helper = None


CTX = _Ctx()

_LOW_FLOORS = ("purepaddle._core", "purepaddle.static", "purepaddle.ops", "purepaddle.tensor")
_OPERATOR_OPCODES = frozenset(
    code for name, code in dis.opmap.items()
    if (name.startswith(("BINARY_", "INPLACE_")) and name not in ("BINARY_SUBSCR", "BINARY_SLICE"))
    or name in ("COMPARE_OP", "UNARY_NEGATIVE", "UNARY_INVERT", "UNARY_POSITIVE"))


def _operator_call():
    """Whether the op is being built for a Python operator (`x + y`) or `x.astype`.

    Paddle names those outputs `tmp_N` rather than `<api>_N.tmp_0`; we look at the caller
    of the tensor floor: it is executing a BINARY_OP/COMPARE_OP instruction.
    """
    f = sys._getframe(2)
    last = None
    while f is not None and f.f_globals.get("__name__", "").startswith(_LOW_FLOORS):
        last, f = f, f.f_back
    if f is None or last is None:
        return False
    if last.f_code.co_name == "astype":
        return True
    code = f.f_code.co_code
    i = f.f_lasti
    return 0 <= i < len(code) and code[i] in _OPERATOR_OPCODES


def _as_var(t):
    """An operand of a static op: Variables pass, eager Tensors and arrays become constants."""
    if isinstance(t, Variable):
        return t
    if isinstance(t, Tensor):
        return const_build(t._data)
    return const_build(np.asarray(t))


def _out_names(program, n, op_type):
    gen = program._name_generator
    helper = CTX.helper
    if helper is None:
        if _operator_call():
            return [gen.generate_with_ignorable_key("tmp") for _ in range(n)]
        helper = gen.generate(NAME_KEYS.get(op_type, op_type))
    key = helper + ".tmp"
    return [gen.generate_with_ignorable_key(key) for _ in range(n)]


def build(op_cls, inputs, attrs):
    """The static_builder hook: append an op_cls op to the current block and return its output Variable(s)."""
    program = default_main_program()
    block = program.current_block()
    dup = op_cls.duplicable
    in_vars, ins, all_stop = [], {}, True
    n_in = len(inputs)
    for i, slot in enumerate(op_cls.inputs):
        t = inputs[i] if i < n_in else None
        if t is None:
            in_vars.append(None)
            ins[slot] = []
            continue
        if slot in dup or type(t) is list:
            vs = [_as_var(x) for x in t]
            in_vars.append(vs)
            ins[slot] = [v._name for v in vs]
            for v in vs:
                if not v.stop_gradient:
                    all_stop = False
        else:
            v = t if isinstance(t, Variable) else _as_var(t)
            in_vars.append(v)
            ins[slot] = [v._name]
            if not v.stop_gradient:
                all_stop = False
    declared = DECLARED_DEFAULTS.get(op_cls.type)
    if declared is not None:
        attrs = {**declared, **attrs}
    op = op_cls(attrs)
    meta = _infer(op, op_cls, in_vars)
    multi = op_cls._multi
    metas = meta if multi else (meta,)
    # one entry per output slot: a list of metas for duplicable slots
    flat_meta, struct = [], []
    for slot, m in zip(op_cls.outputs, metas):
        if slot in dup and isinstance(m, (list, tuple)):
            struct.append(len(m))
            flat_meta.extend((slot, x) for x in m)
        else:
            struct.append(None)
            flat_meta.append((slot, m))
    names = _out_names(program, sum(1 for _, m in flat_meta if m is not None), op_cls.type)
    diff = op_cls.differentiable
    nondiff = op_cls.nondiff_outputs
    outs, flat_out, k = {slot: [] for slot in op_cls.outputs}, [], 0
    for slot, m in flat_meta:
        if m is None:
            flat_out.append(None)
            continue
        d = m.dtype
        stop = all_stop or not diff or slot in nondiff or (multi and not (d.is_floating or d.is_complex))
        v = Variable(block, name=names[k], shape=m.shape, dtype=d, stop_gradient=stop)
        k += 1
        outs[slot].append(v._name)
        flat_out.append(v)
    block.ops.append(Operator(block, op_cls.type, ins, outs, attrs))
    program._version += 1
    if not multi:
        return flat_out[0]
    return _restructure(flat_out, struct)


class _MetaView:
    """A Variable as infer_meta sees it: `shape` a list (Variable.shape is Paddle's tuple), the rest as is."""

    __slots__ = ("_var", "shape")

    def __init__(self, var):
        self._var = var
        self.shape = list(var.shape)

    def __getattr__(self, name):
        return getattr(self._var, name)


def _metas(in_vars):
    """The infer_meta arguments for a list of input Variables (lists for duplicable slots, None kept)."""
    out = []
    for v in in_vars:
        if v is None:
            out.append(None)
        elif isinstance(v, list):
            out.append([None if x is None else _MetaView(x) for x in v])
        else:
            out.append(_MetaView(v))
    return out


def _infer(op, op_cls, in_vars):
    if op_cls.infer_meta is not Op.infer_meta:
        return op.infer_meta(*_metas(in_vars))
    try:
        return op.infer_meta(*in_vars)
    except (ValueError, TypeError, IndexError, ZeroDivisionError, AttributeError) as e:
        parts = ", ".join(f"{s}={_desc(v)}" for s, v in zip(op_cls.inputs, in_vars))
        a = ", ".join(f"{k}={v!r}" for k, v in op.attrs.items())
        cls = type(e) if isinstance(e, (ValueError, TypeError, IndexError)) else RuntimeError
        raise cls(f"(InvalidArgument) op '{op_cls.type}' failed on inputs {parts}"
                  + (f" with attrs {a}" if a else "") + f": {e}") from e


def _desc(v):
    if v is None:
        return "None"
    if isinstance(v, list):
        return "[" + ", ".join(_desc(x) for x in v) + "]"
    return f"Variable(name={v.name}, shape={v.shape}, dtype={v.dtype.name})"


def const_build(array):
    """The const_builder hook: an `assign_value` op holding the constant; returns its Variable."""
    arr = np.asarray(array)
    d = _dt.from_numpy(arr.dtype)
    cls = ensure_op("assign_value")
    return build(cls, (), {"dtype": d.proto, "shape": list(arr.shape), "values": arr.ravel().tolist()})


def append_simple(block, op_type, inputs, outputs, attrs, fw=None):
    """Append an op given {slot: [names]} directly (no inference, no naming)."""
    op = Operator(block, op_type, inputs, outputs, attrs, fw)
    block.ops.append(op)
    block.program._version += 1
    return op


def ensure_op(op_type):
    """The registered op class for op_type (the ops floor registers every op; static defines none)."""
    cls = OPS.get(op_type)
    if cls is None:
        raise RuntimeError(f"op '{op_type}' is not registered: import purepaddle (which registers every op) "
                           "before building static programs")
    return cls


BUILDER.install(build)
CONST_BUILDER.install(const_build)
