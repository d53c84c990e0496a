"""The pooling ops pool2d / pool3d (max, avg, adaptive) with their grad and double-grad ops
(window kernels in _windows.py).
"""
import numpy as np

from ..._core.dispatch import apply
from ..._core.dtype import kind_of
from ..._core.op import Op, TensorMeta, register
from ..conv.conv import _from_first, _spatial, _to_first
from ..conv._kernels import channel_last
from .._max_rules import first_max, has_nan, scan_reduce
from ._windows import (_outer, adaptive_bounds, avg_divisor, bins_max, bins_sum, bins_sum_grad, geometry, max_sweep,
                       max_sweep_gather, max_sweep_grad, regular_bins, scatter_flat, scatter_sweep, sum_sweep)


# -- pool2d / pool3d -------------------------------------------------------------------------
def _pool_forward(x, a):
    """pool2d/pool3d on a channel-first array."""
    in_sp = x.shape[2:]
    kind = a.get("pooling_type", "max")
    if kind != "max" and x.dtype.itemsize == 2 and kind_of(x.dtype) == "f":
        # float16/bfloat16 averages: Paddle's kernels sum and divide in float32 (MPType), rounding once at the end
        return _pool_forward(x.astype(np.float32), a).astype(x.dtype)
    geo = geometry(in_sp, a)
    if geo is None:  # adaptive: ksize is the output size
        out_sp = list(a["ksize"])
        if all(n % o == 0 for n, o in zip(in_sp, out_sp)):
            ks = [n // o for n, o in zip(in_sp, out_sp)]
            geo = (ks, ks, [(0, 0)] * len(ks), out_sp)
        else:
            starts, ends = zip(*[adaptive_bounds(n, o) for n, o in zip(in_sp, out_sp)])
            if kind == "max":
                return bins_max(x, starts, ends)[0]
            div = _outer([e - s for s, e in zip(starts, ends)])
            return (bins_sum(x, starts, ends) / div).astype(x.dtype)
    ks, ss, pads, out_sp = geo
    adaptive = a.get("adaptive", False)  # Paddle's adaptive max compares with an index: a NaN never wins
    if all(k == n for k, n in zip(ks, in_sp)) and not any(b or e for b, e in pads) and out_sp == [1] * len(ks):
        flat = x.reshape(x.shape[:2] + (-1,))  # global pooling: one reduction over the whole map
        red = flat.max(axis=-1) if kind == "max" else flat.mean(axis=-1, dtype=x.dtype)
        if kind == "max" and has_nan(red):
            red = first_max(flat)[0] if adaptive else scan_reduce(flat)
        return red.reshape(x.shape[:2] + (1,) * len(ks))
    if kind == "max":
        return max_sweep(x, ks, ss, pads, out_sp, ignore_nan=adaptive)
    with np.errstate(divide="ignore", invalid="ignore"):
        out = sum_sweep(x, ks, ss, pads, out_sp)
        out /= avg_divisor(in_sp, ks, ss, pads, out_sp, a.get("exclusive", True) or a.get("adaptive", False)) \
            .astype(x.dtype)
    return out


def _pool_meta(x, a):
    last = channel_last(a)
    sp = _spatial(x.shape, last)
    if a.get("adaptive", False):
        out_sp = list(a["ksize"])
    elif -1 in sp and not a.get("global_pooling", False):
        out_sp = [-1 if n < 0 else o for n, o in zip(sp, geometry([max(n, 1) for n in sp], a)[3])]
    else:
        out_sp = [1] * len(sp) if a.get("global_pooling", False) else geometry(sp, a)[3]
    c = x.shape[-1] if last else x.shape[1]
    return [x.shape[0]] + out_sp + [c] if last else [x.shape[0], c] + out_sp


class _Pool(Op):
    """pool2d / pool3d: max or average over windows (attr pooling_type), optionally adaptive or global."""

    saves = ("X", "Out")
    grad_op = None

    def forward(self, xp, x):
        last = channel_last(self.attrs)
        return _from_first(_pool_forward(_to_first(x, last), self.attrs), last)

    def infer_meta(self, x):
        return TensorMeta(_pool_meta(x, self.attrs), x.dtype)

    def backward(self, g):
        x, out = self.saved
        return apply(self.grad_op, x, out, g, **self.attrs)


def _pool_grad(x, out, g, a):
    """pool2d_grad on channel-first arrays."""
    in_sp = x.shape[2:]
    kind = a.get("pooling_type", "max")
    geo = geometry(in_sp, a)
    if geo is None:
        out_sp = list(a["ksize"])
        if all(n % o == 0 for n, o in zip(in_sp, out_sp)):
            ks = [n // o for n, o in zip(in_sp, out_sp)]
            geo = (ks, ks, [(0, 0)] * len(ks), out_sp)
        else:
            starts, ends = zip(*[adaptive_bounds(n, o) for n, o in zip(in_sp, out_sp)])
            if kind == "max":
                return scatter_flat(g, bins_max(x, starts, ends)[1], x.shape)
            div = _outer([e - s for s, e in zip(starts, ends)])
            return bins_sum_grad((g * _scale(div, g.dtype)).astype(g.dtype), starts, ends, x.shape)
    ks, ss, pads, out_sp = geo
    if kind == "max" and a.get("adaptive", False) and has_nan(out):  # an all-NaN bin: its first member
        return scatter_flat(g, bins_max(x, *regular_bins(in_sp, ks, ss, pads, out_sp))[1], x.shape)
    if kind == "max":
        return max_sweep_grad(x, out, g, ks, ss, pads, out_sp)
    div = avg_divisor(in_sp, ks, ss, pads, out_sp, a.get("exclusive", True) or a.get("adaptive", False))
    with np.errstate(divide="ignore", invalid="ignore"):
        gd = g * _scale(div, g.dtype)
    return scatter_sweep(gd, x.shape, ks, ss, pads, out_sp)


def _scale(div, dtype):
    """1 / window size as Paddle's average-pool gradient kernels take it: a float32 reciprocal, also for
    float64 gradients (so 1/3 is 0.3333333432674408 there)."""
    with np.errstate(divide="ignore"):
        return (np.float32(1) / np.asarray(div, dtype=np.float32)).astype(dtype)


class _PoolGrad(Op):
    """X@GRAD of pool2d/pool3d from X, Out and Out@GRAD."""

    inputs, outputs = ("X", "Out", "Out@GRAD"), ("X@GRAD",)
    saves = ("X", "Out")
    fwd = None
    double = None

    def forward(self, xp, x, out, g):
        last = channel_last(self.attrs)
        dx = _pool_grad(_to_first(x, last), _to_first(out, last), _to_first(g, last), self.attrs)
        return _from_first(dx, last)

    def infer_meta(self, x, out, g):
        return TensorMeta(x.shape, g.dtype)

    def backward(self, gg):
        x, out = self.saved
        if self.attrs.get("pooling_type", "max") != "max":  # average pooling is linear: its own adjoint's adjoint
            return None, None, apply(self.fwd, gg, **self.attrs)
        return None, None, apply(self.double, x, out, gg, **self.attrs)


class _PoolDoubleGrad(Op):
    """Out@GRAD of a max pool2d_grad: the incoming grad read at each window's first max."""

    inputs, outputs = ("X", "Out", "X@GRAD@GRAD"), ("Out@GRAD@GRAD",)
    saves = ("X", "Out")
    grad = None

    def forward(self, xp, x, out, gg):
        a = self.attrs
        last = channel_last(a)
        x, out, gg = _to_first(x, last), _to_first(out, last), _to_first(gg, last)
        geo = geometry(x.shape[2:], a)
        if geo is None:
            starts, ends = zip(*[adaptive_bounds(n, o) for n, o in zip(x.shape[2:], a["ksize"])])
            mask = bins_max(x, starts, ends)[1]
            res = np.take_along_axis(gg.reshape(gg.shape[:2] + (-1,)), mask.reshape(mask.shape[:2] + (-1,)).clip(0),
                                     -1).reshape(mask.shape)
        else:
            res = max_sweep_gather(x, out, gg, *geo)
        return _from_first(res, last)

    def infer_meta(self, x, out, gg):
        return TensorMeta(out.shape, gg.dtype)

    def backward(self, h):
        x, out = self.saved
        return None, None, apply(self.grad, x, out, h, **self.attrs)


def _pool_family(fwd, grad, double, names):
    register(names[0])(fwd)
    register(names[1])(grad)
    register(names[2])(double)
    fwd.grad_op, grad.fwd, grad.double, double.grad = grad, fwd, double, grad


class Pool2d(_Pool):
    pass


class Pool2dGrad(_PoolGrad):
    pass


class Pool2dDoubleGrad(_PoolDoubleGrad):
    pass


class Pool3d(_Pool):
    pass


class Pool3dGrad(_PoolGrad):
    pass


class Pool3dDoubleGrad(_PoolDoubleGrad):
    pass


_pool_family(Pool2d, Pool2dGrad, Pool2dDoubleGrad, ("pool2d", "pool2d_grad", "pool2d_double_grad"))
_pool_family(Pool3d, Pool3dGrad, Pool3dDoubleGrad, ("pool3d", "pool3d_grad", "pool3d_double_grad"))
