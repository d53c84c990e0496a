"""Pooling ops that produce or consume argmax indices: max_pool2d/3d_with_index,
fractional_max_pool2d/3d and unpool / unpool3d (max_unpool), with their grad ops.
"""
import math

import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import apply
from ..._core import distribution as _dist
from ..._core.generator import engine
from ..._core.op import Op, TensorMeta, register
from ..conv.conv import _from_first, _to_first
from ..conv._kernels import channel_last
from ..manipulation.gathering import TakeAlongAxis
from ._windows import _kernel_error, adaptive_bounds, bins_max, geometry, regular_bins, scatter_flat
from ..manipulation.shape import Reshape


def _index_bins(x_sp, a):
    """Bins of max_pool*_with_index: adaptive bins or clamped regular windows."""
    if a.get("adaptive", False):
        return list(zip(*[adaptive_bounds(n, o) for n, o in zip(x_sp, a["ksize"])]))
    ks, ss, pads, out_sp = geometry(x_sp, a)
    return list(regular_bins(x_sp, ks, ss, pads, out_sp))


def _gather_at(gg, mask):
    """gg (N, C, *in) read at the flat spatial positions `mask` (N, C, *out), with framework ops."""
    flat = apply(Reshape, gg, shape=[0, 0, -1])
    idx = apply(Reshape, mask, shape=[0, 0, -1])
    return apply(Reshape, apply(TakeAlongAxis, flat, idx, Axis=2), shape=list(mask.shape))


class _MaxPoolWithIndex(Op):
    """Max pooling that also returns the flat spatial index of each max (Mask, int32; NC* layout)."""

    inputs, outputs = ("X",), ("Out", "Mask")
    saves = ("X", "Mask")
    nondiff_outputs = ("Mask",)
    grad_op = None

    def forward(self, xp, x):
        starts, ends = _index_bins(x.shape[2:], self.attrs)
        return bins_max(x, starts, ends)

    def infer_meta(self, x):
        a = self.attrs
        sp = list(x.shape[2:])
        if a.get("adaptive", False):
            out_sp = list(a["ksize"])
        else:
            out_sp = [-1 if n < 0 else o for n, o in zip(sp, geometry([max(n, 1) for n in sp], a)[3])]
        shape = list(x.shape[:2]) + out_sp
        return TensorMeta(shape, x.dtype), TensorMeta(shape, _dt.int32)

    def backward(self, g, _gm=None):
        x, mask = self.saved
        return apply(self.grad_op, x, mask, g, **self.attrs)


class _MaxPoolWithIndexGrad(Op):
    """X@GRAD of max_pool*_with_index: Out@GRAD added at the Mask positions."""

    inputs, outputs = ("X", "Mask", "Out@GRAD"), ("X@GRAD",)
    saves = ("Mask",)

    def forward(self, xp, x, mask, g):
        return scatter_flat(g, mask, x.shape)

    def infer_meta(self, x, mask, g):
        return TensorMeta(x.shape, g.dtype)

    def backward(self, gg):
        (mask,) = self.saved
        return None, None, _gather_at(gg, mask)


@register("max_pool2d_with_index")
class MaxPool2dWithIndex(_MaxPoolWithIndex):
    pass


@register("max_pool3d_with_index")
class MaxPool3dWithIndex(_MaxPoolWithIndex):
    pass


@register("max_pool2d_with_index_grad")
class MaxPool2dWithIndexGrad(_MaxPoolWithIndexGrad):
    pass


@register("max_pool3d_with_index_grad")
class MaxPool3dWithIndexGrad(_MaxPoolWithIndexGrad):
    pass


MaxPool2dWithIndex.grad_op = MaxPool2dWithIndexGrad
MaxPool3dWithIndex.grad_op = MaxPool3dWithIndexGrad


# -- fractional max pooling ------------------------------------------------------------------
def fractional_bins(n, o, k, u):
    """Pseudo-random pooling regions along one dim (Graham's fractional max pooling, as Paddle draws them).

    With kernel k the regions start at floor((i + u) a) - floor(u a), a = (n - k) / (o - 1). Without
    one they are disjoint: [ceil(a (i + u') - 1), ceil(a (i + 1 + u') - 1)), a = n / o, where u is
    scaled into the range that keeps regions non-empty and, past the point where the last region
    would overrun the input, wrapped back by that amount. u is the float32 attribute; the rest is
    double arithmetic (the boundaries land exactly where Paddle's do).
    """
    u = float(np.float32(u))
    i = np.arange(o)
    if k > 0:
        alpha = (n - k) / (o - 1) if o > 1 else 0.0
        starts = np.floor((i + u) * alpha).astype(np.int64) - int(math.floor(u * alpha))
        return np.maximum(starts, 0), np.minimum(starts + k, n)
    alpha = n / o
    base = n // o
    uu = u * min((base + 2) / alpha - 1, (n + 1 - base) / alpha - (o - 1))
    overrun = (n + 1) / alpha - o
    if uu > overrun:
        uu -= overrun
    starts = np.ceil(alpha * (i + uu) - 1).astype(np.int64)
    ends = np.ceil(alpha * (i + 1 + uu) - 1).astype(np.int64)
    return np.maximum(starts, 0), np.minimum(ends, n)


class _FractionalMaxPool(Op):
    """Max over pseudo-random regions (attrs output_size, kernel_size ([0, ...] = disjoint), random_u)."""

    inputs, outputs = ("x",), ("out", "mask")
    saves = ("x", "mask")
    nondiff_outputs = ("mask",)
    grad_op = None

    def forward(self, xp, x):
        a = self.attrs
        u = a.get("random_u", 0.0)
        if not u:  # Paddle's kernel: one uniform_real<float> draw of the global engine
            u = float(_dist.canonical(engine(), 1, np.float32)[0])
        ks = list(a.get("kernel_size") or [0] * (x.ndim - 2))
        for n, o, k in zip(x.shape[2:], a["output_size"], ks):
            if (k and o + k - 1 > n) or o > n:
                raise _kernel_error(f"(InvalidArgument) fractional_max_pool: output_size {a['output_size']} (with "
                                    f"kernel_size {ks}) does not fit the input size {list(x.shape[2:])}.")
        starts, ends = zip(*[fractional_bins(n, o, k, u) for n, o, k in zip(x.shape[2:], a["output_size"], ks)])
        return bins_max(x, starts, ends)

    def infer_meta(self, x):
        shape = list(x.shape[:2]) + list(self.attrs["output_size"])
        return TensorMeta(shape, x.dtype), TensorMeta(shape, _dt.int32)

    def backward(self, g, _gm=None):
        x, mask = self.saved
        return apply(self.grad_op, x, mask, g, **self.attrs)


@register("fractional_max_pool2d")
class FractionalMaxPool2d(_FractionalMaxPool):
    pass


@register("fractional_max_pool3d")
class FractionalMaxPool3d(_FractionalMaxPool):
    pass


class _FractionalGrad(_MaxPoolWithIndexGrad):
    inputs, outputs = ("x", "mask", "out@GRAD"), ("x@GRAD",)
    saves = ("mask",)


@register("fractional_max_pool2d_grad")
class FractionalMaxPool2dGrad(_FractionalGrad):
    pass


@register("fractional_max_pool3d_grad")
class FractionalMaxPool3dGrad(_FractionalGrad):
    pass


FractionalMaxPool2d.grad_op = FractionalMaxPool2dGrad
FractionalMaxPool3d.grad_op = FractionalMaxPool3dGrad


# -- max unpooling -------------------------------------------------------------------------------
class _Unpool(Op):
    """Scatter X into zeros of spatial size output_size at the flat positions Indices (max_unpool)."""

    inputs, outputs = ("X", "Indices"), ("Out",)
    saves = ("Indices",)
    grad_op = None

    def forward(self, xp, x, idx):
        a = self.attrs
        last = channel_last(a)
        x, idx = _to_first(x, last), _to_first(idx, last)
        out_sp = list(a["output_size"])
        hw = math.prod(out_sp)
        n, c = x.shape[:2]
        m = idx.reshape(n * c, -1).astype(np.int64)
        if m.size and (m.min() < 0 or m.max() >= hw):
            raise _kernel_error(f"(InvalidArgument) index should less than output tensor height * output tensor "
                                f"width. Expected {m.max() if m.max() >= hw else m.min()} in [0, {hw}), but got "
                                "an index out of range.")
        out = np.zeros((n * c, hw), dtype=x.dtype)
        out[np.arange(n * c)[:, None], m] = x.reshape(n * c, -1)
        return _from_first(out.reshape((n, c) + tuple(out_sp)), last)

    def infer_meta(self, x, idx):
        last = channel_last(self.attrs)
        out_sp = list(self.attrs["output_size"])
        c = x.shape[-1] if last else x.shape[1]
        return TensorMeta([x.shape[0]] + out_sp + [c] if last else [x.shape[0], c] + out_sp, x.dtype)

    def backward(self, g):
        (idx,) = self.saved
        return apply(self.grad_op, idx, g, **self.attrs), None


class _UnpoolGrad(Op):
    """X@GRAD of unpool: Out@GRAD read at Indices."""

    inputs, outputs = ("Indices", "Out@GRAD"), ("X@GRAD",)
    saves = ("Indices",)
    fwd = None

    def forward(self, xp, idx, g):
        last = channel_last(self.attrs)
        idx, g = _to_first(idx, last), _to_first(g, last)
        n, c = g.shape[:2]
        flat = g.reshape(n * c, -1)
        res = np.take_along_axis(flat, idx.reshape(n * c, -1).astype(np.int64), axis=1)
        return _from_first(res.reshape(idx.shape), last)

    def infer_meta(self, idx, g):
        return TensorMeta(idx.shape, g.dtype)

    def backward(self, gg):
        (idx,) = self.saved
        return None, apply(self.fwd, gg, idx, **self.attrs)


@register("unpool")
class Unpool(_Unpool):
    pass


@register("unpool3d")
class Unpool3d(_Unpool):
    pass


@register("unpool_grad")
class UnpoolGrad(_UnpoolGrad):
    pass


@register("unpool3d_grad")
class Unpool3dGrad(_UnpoolGrad):
    pass


Unpool.grad_op, UnpoolGrad.fwd = UnpoolGrad, Unpool
Unpool3d.grad_op, Unpool3dGrad.fwd = Unpool3dGrad, Unpool3d
