"""float16/bfloat16 kernels that accumulate in float32, as GPU AMP kernels do.

NumPy has no float16 BLAS: a float16 matmul or convolution runs ~100x slower than in float32, and
its sums round at every step. For the ops where that matters (products, convolutions, norms,
reductions, attention and their grad ops) AMP runs a "twin" of the op class: its forward upcasts
the low-precision input arrays to float32, runs the op's own kernel, and rounds the results back
(a forward output to the low dtype, `X@GRAD` to X's dtype, statistics such as batch_norm's
MeanOut stay float32). The numbers are those of a kernel with float16 inputs, float32
accumulation and float16 outputs. The twin's backward is the op's own backward, run while
`route` sends the heavy ops it emits to their twins as well, so gradients stay fast and rounded
the same way.
"""
import numpy as np

from .._core import dtype as _dt
from .._core.dispatch import AMP, apply
from .._core.half import astype

__all__ = ["LOW_DTYPES", "HEAVY", "EXACT", "twin", "route", "has_low", "runner"]

LOW_DTYPES = frozenset(d for d in (np.dtype(np.float16), _dt.bfloat16.np_dtype) if d is not None)
_F32 = np.dtype(np.float32)

# ops whose float16 NumPy kernels are slow or accumulate in float16: they compute in float32
HEAVY = frozenset({
    "matmul_v2", "linear", "mul", "mul_grad", "bmm", "mv", "dot", "einsum", "fc",
    "conv2d", "conv2d_grad", "depthwise_conv2d", "depthwise_conv2d_grad", "conv3d", "conv3d_grad",
    "conv2d_transpose", "conv2d_transpose_grad", "depthwise_conv2d_transpose", "depthwise_conv2d_transpose_grad",
    "conv3d_transpose", "conv3d_transpose_grad",
    "batch_norm", "batch_norm_grad", "layer_norm", "layer_norm_grad", "group_norm", "group_norm_grad",
    "instance_norm", "instance_norm_grad",
    "reduce_sum", "reduce_mean", "reduce_as", "sum", "p_norm", "squared_l2_norm", "frobenius_norm",
    "flash_attn", "flash_attn_grad", "softmax", "log_softmax", "softmax_with_cross_entropy",
    "softmax_with_cross_entropy_grad", "cumsum",
})
# ops whose NumPy float16 kernels compute each element in float32 and round it once (NumPy's half loops
# convert, compute, convert back per element): their twin gives the same bits, with the whole-array
# conversions of _core/half.py instead of NumPy's per-element ones (3-10x faster on large arrays). The one
# difference: relu(-0.0) is +0.0, as in float32 (Paddle's kernel is `x > 0 ? x : 0`), where NumPy's half
# fmax kept -0.0. Used only when every floating input is low precision (a float32 operand promotes).
EXACT = frozenset({
    "relu", "relu_grad", "elementwise_add", "elementwise_sub", "elementwise_mul", "elementwise_div",
})
# forward outputs that keep the float32 the kernel computed (running statistics, log-sum-exp)
_KEEP = {
    "batch_norm": {"MeanOut", "VarianceOut", "SavedMean", "SavedVariance"},
    "layer_norm": {"Mean", "Variance"},
    "group_norm": {"Mean", "Variance"},
    "instance_norm": {"SavedMean", "SavedVariance"},
    "flash_attn": {"softmax_lse"},
}
# a gradient output whose dtype follows another input than its name says
_GRAD_LIKE = {"Bias@GRAD": "Scale"}

_TWINS = {}


def _is_low(a):
    return a is not None and type(a) is not list and a.dtype in LOW_DTYPES


def has_low(inputs):
    """Whether some input Tensor (or list member) is float16/bfloat16."""
    for t in inputs:
        if t is None:
            continue
        if type(t) is list:
            if any(x._data.dtype in LOW_DTYPES for x in t):
                return True
        elif t._data.dtype in LOW_DTYPES:
            return True
    return False


def _all_low(inputs):
    """Whether every floating input Tensor is float16/bfloat16 (and there is one)."""
    low = False
    for t in inputs:
        for x in (() if t is None else t if type(t) is list else (t,)):
            d = x._data.dtype
            if d in LOW_DTYPES:
                low = True
            elif d.kind in "fc":
                return False
    return low


def runner(op_cls, inputs):
    """The class to run op_cls's call on inputs with: its float32 twin where that is faster or more accurate."""
    if getattr(op_cls, "fp32_acc", False):
        return op_cls
    t = op_cls.type
    if (t in HEAVY and has_low(inputs)) or (t in EXACT and _all_low(inputs)):
        return twin(op_cls)
    return op_cls


def _upcast(a):
    if a is None:
        return None, None
    if type(a) is list:
        dt = a[0].dtype if a else None
        return [astype(x, _F32) if x.dtype in LOW_DTYPES else x for x in a], dt
    if a.dtype in LOW_DTYPES:
        return astype(a, _F32), a.dtype
    return a, a.dtype


def _round(out, dtype):
    """float32 results (an array or a list of them) rounded to `dtype`."""
    if out is None or dtype is None:
        return out
    if type(out) is list:
        return [_round(o, dtype) for o in out]
    if out.dtype == _F32 and dtype != _F32:
        return astype(out, dtype)
    return out


def _make_twin(op_cls):
    base_forward, base_backward = op_cls.forward, op_cls.backward
    keep = _KEEP.get(op_cls.type, ())
    slots_in = op_cls.inputs

    def forward(self, xp, *arrays):
        ups, dts, low = [], [], None
        for a in arrays:
            u, dt = _upcast(a)
            ups.append(u)
            dts.append(dt)
            if dt is not None and dt in LOW_DTYPES:
                low = dt
        out = base_forward(self, xp, *ups)
        if low is None:
            return out
        single = not isinstance(out, tuple)
        outs = (out,) if single else out
        fixed = []
        for slot, o in zip(self.outputs, outs):
            if slot in keep:
                fixed.append(o)
                continue
            target = low
            if slot.endswith("@GRAD"):
                src = _GRAD_LIKE.get(slot, slot[:-5])
                if src in slots_in:
                    target = dts[slots_in.index(src)]
            fixed.append(_round(o, target))
        return fixed[0] if single else tuple(fixed)

    def backward(self, *out_grads):
        prev = AMP.swap(route)
        try:
            return base_backward(self, *out_grads)
        finally:
            AMP.swap(prev)

    return type(op_cls.__name__ + "Fp32Acc", (op_cls,), {"forward": forward, "backward": backward,
                                                           "fp32_acc": True, "__doc__": op_cls.__doc__})


def twin(op_cls):
    """The float32-accumulating variant of a registered op class (made once per class)."""
    t = _TWINS.get(op_cls)
    if t is None:
        t = _TWINS[op_cls] = _make_twin(op_cls)
    return t


def route(op_cls, inputs, attrs):
    """The amp hook while a twin's backward runs: heavy ops on low-precision inputs go to their twins."""
    prev = AMP.swap(None)
    try:
        return apply(runner(op_cls, inputs), *inputs, **attrs)
    finally:
        AMP.swap(prev)
