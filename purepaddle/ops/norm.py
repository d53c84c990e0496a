"""Normalisation ops: batch_norm, layer_norm, group_norm, instance_norm and their grad ops.

Every one normalises a reshaped view of X over some axes R and applies a per-feature affine:
a layout gives (view shape, R, affine shape). Forward keeps only the mean and the variance or
inverse standard deviation (the ops' Saved*/Mean/Variance outputs, as Paddle names them); the
backward recomputes x_hat from them in one fused, vectorised grad op. With create_graph the
backward is instead composed of framework ops (recomputing the statistics from X), so it can be
differentiated again.
"""
import functools

import numpy as np

from .._core import jit
from .._core.dispatch import apply, differentiable_backward
from .._core.op import Op, TensorMeta, register
from ._blocking import row_blocks
from .math.reduction import ReduceSum
from .math.unary import Rsqrt


def _prod(dims):
    n = 1
    for d in dims:
        n *= d
    return n


def _channel_last(layout):
    return layout in ("NHWC", "NLC", "NDHWC", "NWC")


# -- layouts: (view shape, reduce axes, affine shape) for an input shape ------------------------------
def batch_norm_layout(shape, layout):
    """Per-channel statistics over the batch and spatial dims."""
    if _channel_last(layout):
        c = shape[-1]
        return (_prod(shape[:-1]), c), (0,), (1, c)
    c = shape[1]
    return (shape[0], c, _prod(shape[2:])), (0, 2), (1, c, 1)


def layer_norm_layout(shape, begin):
    """Statistics per row of x flattened to [prod(shape[:begin]), prod(shape[begin:])]."""
    n = _prod(shape[begin:])
    return (_prod(shape[:begin]), n), (1,), (1, n)


def instance_norm_layout(shape):
    """Statistics per (sample, channel) over the spatial dims."""
    c = shape[1]
    return (shape[0], c, _prod(shape[2:])), (2,), (1, c, 1)


def group_norm_layout(shape, groups, layout):
    """Statistics per (sample, group of channels) over the group's channels and the spatial dims."""
    if _channel_last(layout):
        c = shape[-1]
        return (shape[0], _prod(shape[1:-1]), groups, c // groups), (1, 3), (1, 1, groups, c // groups)
    c = shape[1]
    return (shape[0], groups, c // groups, _prod(shape[2:])), (2, 3), (1, groups, c // groups, 1)


def _stats_shape(view, axes):
    return tuple(1 if i in axes else d for i, d in enumerate(view))


def _affine_axes(affine):
    return tuple(i for i, d in enumerate(affine) if d == 1)


# -- array kernels -------------------------------------------------------------------------------------
_LETTERS = "abcdefgh"


@functools.lru_cache(maxsize=None)
def _rsum_spec(nd, axes, n):
    sub = _LETTERS[:nd]
    return ",".join([sub] * n) + "->" + "".join(c for i, c in enumerate(sub) if i not in axes)


def _rsum(axes, *arrays):
    """sum over axes (keepdims) of the product of the arrays, by einsum: one pass, no full-size
    temporary, and several times faster than ndarray.sum over non-trailing axes."""
    a = arrays[0]
    r = np.einsum(_rsum_spec(a.ndim, axes, len(arrays)), *arrays)
    return r.reshape(tuple(1 if i in axes else d for i, d in enumerate(a.shape)))


def _mean_sq(xc, axes):
    """mean of xc * xc over axes (keepdims)."""
    r = _rsum(axes, xc, xc)
    r /= max(_prod(xc.shape[i] for i in axes), 1)
    return r


def _scale_in_place(y, inv, scale):
    """y *= inv * scale, folding the two factors when both are per-channel (small)."""
    if scale is not None and scale.shape == inv.shape:
        y *= inv * scale
        return
    y *= inv
    if scale is not None:
        y *= scale


def normalize(xv, axes, scale, bias, eps):
    """(y, mean, var) of the view xv normalised over axes; scale/bias already in the affine shape."""
    mean = _rsum(axes, xv)
    mean /= max(_prod(xv.shape[i] for i in axes), 1)
    xc = xv - mean
    var = _mean_sq(xc, axes)
    _scale_in_place(xc, 1.0 / np.sqrt(var + eps), scale)
    if bias is not None:
        xc += bias
    return xc, mean, var


def fold_affine(mean, inv_std, scale, bias):
    """(k, shift) with (x - mean) * inv_std * scale + bias = x * k + shift: per-channel k = inv_std * scale,
    shift = bias - mean * k (Paddle's CPU kernel folds the statistics the same way)."""
    k = inv_std if scale is None else inv_std * scale
    shift = mean * k
    np.negative(shift, out=shift)
    if bias is not None:
        shift += bias
    return k, shift


def affine_only(xv, mean, inv_std, scale, bias):
    """y = (xv - mean) * inv_std * scale + bias with given statistics, as y = xv * k + shift (fold_affine):
    two passes over xv instead of three."""
    k, shift = fold_affine(mean, inv_std, scale, bias)
    y = xv * k
    y += shift
    return y


def batch_norm_eval_affine(x_shape, x_dtype, layout, scale, bias, mean, var, eps):
    """(view, k, shift): batch_norm with running statistics is x.reshape(view) * k + shift, exactly as
    the batch_norm op computes it (its eval path and the fused conv epilogue share this)."""
    view, axes, affine = batch_norm_layout(x_shape, layout)
    inv = (1.0 / np.sqrt(var + eps)).astype(x_dtype, copy=False)
    st = _stats_shape(view, axes)
    k, shift = fold_affine(mean.reshape(st).astype(x_dtype, copy=False), inv.reshape(st), _aff(scale, affine),
                           _aff(bias, affine))
    return view, k, shift


def _batch_norm_kernels(xv, gv, mean, inv, scale, axes, aff_axes, batch_stats):
    """ops/_norm_jit when it serves batch norm with batch statistics on contiguous (N, C, M) float32 or float64
    views, every per-channel operand of their dtype (a wider one would change the in-place products'
    rounding); else None."""
    if not (batch_stats and aff_axes == axes == (0, 2) and xv.ndim == 3 and xv.size and jit.enabled()
            and xv.dtype in jit.FLOATS and gv.dtype == xv.dtype and xv.flags.c_contiguous and gv.flags.c_contiguous
            and all(p is None or p.dtype == xv.dtype for p in (mean, inv, scale))):
        return None
    from . import _norm_jit  # imports numba: only here, on first use
    return _norm_jit


def normalize_grad(xv, gv, mean, inv, scale, axes, affine, batch_stats):
    """(dx, dscale, dbias) in view shape / flat affine size, from saved mean and inverse std.

    With batch statistics dx = inv * (gs - mean_R(gs) - x_hat * mean_R(gs * x_hat)), gs = g * scale;
    three full-size temporaries, the rest in place; the sums are einsums (no product temporaries).
    """
    aff_axes = _affine_axes(affine)
    axes = tuple(axes)
    kern = _batch_norm_kernels(xv, gv, mean, inv, scale, axes, aff_axes, batch_stats)
    if kern is not None:
        xhat = kern.xhat(xv, mean.reshape(-1), inv.reshape(-1), np.empty_like(xv))
    else:
        xhat = xv - mean
        xhat *= inv
    dscale = _rsum(aff_axes, gv, xhat)
    dbias = _rsum(aff_axes, gv)
    tmp = np.empty_like(xhat)
    if not batch_stats:
        np.multiply(gv, inv, out=tmp)
        if scale is not None:
            tmp *= scale
        return tmp, dscale.reshape(-1), dbias.reshape(-1)
    m = _prod(xv.shape[i] for i in axes)
    if aff_axes == axes:  # batch norm: the per-channel sums are the affine grads already
        k = inv if scale is None else inv * scale
        c1, c2 = k * (dscale / m), k * (dbias / m)
        if kern is not None and c1.dtype == c2.dtype == xv.dtype:  # dx in one pass, into x_hat's buffer
            return kern.dx(gv, xhat, k.reshape(-1), c1.reshape(-1), c2.reshape(-1), xhat), dscale.reshape(-1), \
                dbias.reshape(-1)
        xhat *= c1
        np.multiply(gv, k, out=tmp)
        tmp -= xhat
        tmp -= c2
        return tmp, dscale.reshape(-1), dbias.reshape(-1)
    gs = gv if scale is None else gv * scale
    s1 = _rsum(axes, gs)
    s2 = _rsum(axes, gs, xhat)
    xhat *= s2 / m
    np.subtract(gs, xhat, out=tmp)
    tmp -= s1 / m
    tmp *= inv
    return tmp, dscale.reshape(-1), dbias.reshape(-1)


def normalize_grad_graph(x, g, mean, inv_std, scale, view, axes, affine, batch_stats, eps):
    """normalize_grad written with framework ops (for create_graph): recomputes batch statistics
    from x so that the result is differentiable in x as well as g."""
    xv = x.reshape(list(view))
    gv = g.reshape(list(view))
    st = list(_stats_shape(view, axes))
    if batch_stats:
        m = _prod(view[i] for i in axes)
        mu = apply(ReduceSum, xv, dim=list(axes), keep_dim=True, reduce_all=False) * (1.0 / m)
        xc = xv - mu
        var = apply(ReduceSum, xc * xc, dim=list(axes), keep_dim=True, reduce_all=False) * (1.0 / m)
        k = apply(Rsqrt, var + eps)
        xhat = xc * k
    else:  # running statistics: constants (the saved outputs would link back to the forward node)
        k = inv_std.detach().reshape(st)
        xhat = (xv - mean.detach().reshape(st)) * k
    aff_axes = list(_affine_axes(affine))
    dbias = apply(ReduceSum, gv, dim=aff_axes, keep_dim=False, reduce_all=False).reshape([-1])
    dscale = apply(ReduceSum, gv * xhat, dim=aff_axes, keep_dim=False, reduce_all=False).reshape([-1])
    gs = gv if scale is None else gv * scale.reshape(list(affine))
    if batch_stats:
        s1 = apply(ReduceSum, gs, dim=list(axes), keep_dim=True, reduce_all=False) * (1.0 / m)
        s2 = apply(ReduceSum, gs * xhat, dim=list(axes), keep_dim=True, reduce_all=False) * (1.0 / m)
        dx = (gs - s1 - xhat * s2) * k
    else:
        dx = gs * k
    return dx.reshape(list(x.shape)), dscale, dbias


def _aff(a, affine):
    return None if a is None else a.reshape(affine)


# -- ops -------------------------------------------------------------------------------------------------
@register("batch_norm")
class BatchNorm(Op):
    """Batch normalisation with running statistics.

    Training (batch statistics): MeanOut/VarianceOut are the running stats moved by momentum
    towards the batch mean and biased batch variance; SavedMean/SavedVariance are the batch mean
    and inverse std. is_test (without trainable_statistics) or use_global_stats: the running
    statistics normalise and pass through unchanged. ReserveSpace is an empty placeholder.
    """

    inputs = ("X", "Scale", "Bias", "Mean", "Variance")
    outputs = ("Y", "MeanOut", "VarianceOut", "SavedMean", "SavedVariance", "ReserveSpace")
    nondiff_outputs = ("MeanOut", "VarianceOut", "SavedMean", "SavedVariance", "ReserveSpace")
    materialize_grads = False  # backward reads only the first output's grad
    saves = ("X", "Scale", "SavedMean", "SavedVariance")

    def batch_stats(self):
        a = self.attrs
        test = a["is_test"] and not a.get("trainable_statistics", False)
        return not (test or a.get("use_global_stats", False))

    def forward(self, xp, x, scale, bias, mean, var):
        a = self.attrs
        view, axes, affine = batch_norm_layout(x.shape, a["data_layout"])
        xv = x.reshape(view)
        eps = a["epsilon"]
        s, b = _aff(scale, affine), _aff(bias, affine)
        empty = xp.zeros((0,), dtype=x.dtype)
        if self.batch_stats():
            y, bm, bv = normalize(xv, axes, s, b, eps)
            bm, bv = bm.reshape(-1), bv.reshape(-1)
            mom = a["momentum"]
            mean_out = (mean * mom + bm * (1.0 - mom)).astype(mean.dtype, copy=False)
            var_out = (var * mom + bv * (1.0 - mom)).astype(var.dtype, copy=False)
            inv = (1.0 / np.sqrt(bv + eps)).astype(x.dtype, copy=False)
            return y.reshape(x.shape), mean_out, var_out, bm.astype(x.dtype, copy=False), inv, empty
        inv = (1.0 / np.sqrt(var + eps)).astype(x.dtype, copy=False)
        st = _stats_shape(view, axes)
        y = affine_only(xv, mean.reshape(st).astype(x.dtype, copy=False), inv.reshape(st), s, b)
        return y.reshape(x.shape), mean.copy(), var.copy(), mean.astype(x.dtype), inv, empty

    def infer_meta(self, x, scale, bias, mean, var):
        c = [x.shape[-1] if _channel_last(self.attrs["data_layout"]) else x.shape[1]]
        m = TensorMeta(c, mean.dtype)
        return (TensorMeta(x.shape, x.dtype), m, TensorMeta(c, var.dtype), TensorMeta(c, x.dtype),
                TensorMeta(c, x.dtype), TensorMeta([0], x.dtype))

    def backward(self, g, *_):
        if g is None:  # only the statistics outputs were used (they carry no gradient)
            return None, None, None, None, None
        x, scale, mean, inv = self.saved
        a = self.attrs
        bs = self.batch_stats()
        if differentiable_backward():  # create_graph: a differentiable composition
            view, axes, affine = batch_norm_layout(list(x.shape), a["data_layout"])
            dx, ds, db = normalize_grad_graph(x, g, mean, inv, scale, view, axes, affine, bs, a["epsilon"])
        else:
            dx, ds, db = apply(BatchNormGrad, x, scale, mean, inv, g, **a)
        return (dx if self.need(0) else None, ds if self.need(1) else None, db if self.need(2) else None,
                None, None)


class _NormGrad(Op):
    """Shared grad op: X@GRAD, Scale@GRAD, Bias@GRAD from X, Scale, the saved statistics and Y@GRAD."""

    inputs = ("X", "Scale", "SavedMean", "SavedVariance", "Y@GRAD")
    outputs = ("X@GRAD", "Scale@GRAD", "Bias@GRAD")

    def layout(self, shape):
        raise NotImplementedError

    def inv_std(self, saved_var):
        return saved_var  # batch/instance norm save 1/sqrt(var + eps) already

    def batch_stats(self):
        return True

    def forward(self, xp, x, scale, mean, saved_var, g):
        view, axes, affine = self.layout(x.shape)
        st = _stats_shape(view, axes)
        inv = self.inv_std(saved_var).reshape(st)
        dx, ds, db = normalize_grad(x.reshape(view), g.reshape(view), mean.reshape(st), inv,
                                    _aff(scale, affine), axes, affine, self.batch_stats())
        return (dx.reshape(x.shape).astype(x.dtype, copy=False), ds.astype(x.dtype, copy=False),
                db.astype(x.dtype, copy=False))

    def infer_meta(self, x, scale, mean, var, g):
        view, axes, affine = self.layout(x.shape)
        n = [-1 if min(affine) < 0 else _prod(affine)]
        return TensorMeta(x.shape, x.dtype), TensorMeta(n, x.dtype), TensorMeta(n, x.dtype)


@register("batch_norm_grad")
class BatchNormGrad(_NormGrad):
    def layout(self, shape):
        return batch_norm_layout(shape, self.attrs["data_layout"])

    def batch_stats(self):
        return BatchNorm.batch_stats(self)


@register("layer_norm")
class LayerNorm(Op):
    """Normalise over the dims from begin_norm_axis on; Mean and Variance (the variance itself) have
    one entry per leading position."""

    inputs, outputs = ("X", "Scale", "Bias"), ("Y", "Mean", "Variance")
    nondiff_outputs = ("Mean", "Variance")
    materialize_grads = False  # backward reads only the first output's grad
    saves = ("X", "Scale", "Mean", "Variance")

    def forward(self, xp, x, scale, bias):
        a = self.attrs
        view, axes, affine = layer_norm_layout(x.shape, a["begin_norm_axis"])
        xv, s, b, eps = x.reshape(view), _aff(scale, affine), _aff(bias, affine), a["epsilon"]
        blocks = row_blocks(*view)
        if len(blocks) == 1:
            y, mean, var = normalize(xv, axes, s, b, eps)
        else:  # rows are independent: normalise a cache-sized block of rows at a time
            y = np.empty(view, dtype=x.dtype)
            mean = np.empty((view[0], 1), dtype=x.dtype)
            var = np.empty((view[0], 1), dtype=x.dtype)
            for sl in blocks:
                y[sl], mean[sl], var[sl] = normalize(xv[sl], axes, s, b, eps)
        return y.reshape(x.shape), mean.reshape(-1), var.reshape(-1)

    def infer_meta(self, x, scale, bias):
        b = self.attrs["begin_norm_axis"]
        lead = x.shape[:b]
        m = [-1 if -1 in lead else _prod(lead)]
        return TensorMeta(x.shape, x.dtype), TensorMeta(m, x.dtype), TensorMeta(m, x.dtype)

    def backward(self, g, *_):
        if g is None:
            return None, None, None
        x, scale, mean, var = self.saved
        a = self.attrs
        if differentiable_backward():
            view, axes, affine = layer_norm_layout(list(x.shape), a["begin_norm_axis"])
            dx, ds, db = normalize_grad_graph(x, g, mean, None, scale, view, axes, affine, True, a["epsilon"])
        else:
            dx, ds, db = apply(LayerNormGrad, x, scale, mean, var, g, **a)
        return dx if self.need(0) else None, ds if self.need(1) else None, db if self.need(2) else None


@register("layer_norm_grad")
class LayerNormGrad(_NormGrad):
    inputs = ("X", "Scale", "Mean", "Variance", "Y@GRAD")

    def layout(self, shape):
        return layer_norm_layout(shape, self.attrs["begin_norm_axis"])

    def inv_std(self, var):
        return 1.0 / np.sqrt(var + self.attrs["epsilon"])

    def forward(self, xp, x, scale, mean, var, g):
        view, axes, affine = self.layout(x.shape)
        blocks = row_blocks(*view)
        if len(blocks) == 1:
            return _NormGrad.forward(self, xp, x, scale, mean, var, g)
        xv, gv, s = x.reshape(view), g.reshape(view), _aff(scale, affine)
        mean, inv = mean.reshape(-1, 1), self.inv_std(var).reshape(-1, 1)
        dx = np.empty(view, dtype=x.dtype)
        ds = db = 0
        for sl in blocks:  # a cache-sized block of rows at a time; the affine grads are sums over rows
            dx[sl], ds_k, db_k = normalize_grad(xv[sl], gv[sl], mean[sl], inv[sl], s, axes, affine, True)
            ds = ds + ds_k
            db = db + db_k
        return dx.reshape(x.shape), ds.astype(x.dtype, copy=False), db.astype(x.dtype, copy=False)


@register("instance_norm")
class InstanceNorm(Op):
    """Normalise each (sample, channel) over its spatial dims; SavedMean/SavedVariance (the inverse
    std) have N * C entries."""

    inputs, outputs = ("X", "Scale", "Bias"), ("Y", "SavedMean", "SavedVariance")
    nondiff_outputs = ("SavedMean", "SavedVariance")
    materialize_grads = False  # backward reads only the first output's grad
    saves = ("X", "Scale", "SavedMean", "SavedVariance")

    def forward(self, xp, x, scale, bias):
        eps = self.attrs["epsilon"]
        view, axes, affine = instance_norm_layout(x.shape)
        y, mean, var = normalize(x.reshape(view), axes, _aff(scale, affine), _aff(bias, affine), eps)
        inv = (1.0 / np.sqrt(var + eps)).astype(x.dtype, copy=False)
        return y.reshape(x.shape), mean.reshape(-1), inv.reshape(-1)

    def infer_meta(self, x, scale, bias):
        n = -1 if -1 in x.shape[:2] else x.shape[0] * x.shape[1]
        return TensorMeta(x.shape, x.dtype), TensorMeta([n], x.dtype), TensorMeta([n], x.dtype)

    def backward(self, g, *_):
        if g is None:
            return None, None, None
        x, scale, mean, inv = self.saved
        if differentiable_backward():
            view, axes, affine = instance_norm_layout(list(x.shape))
            dx, ds, db = normalize_grad_graph(x, g, mean, inv, scale, view, axes, affine, True,
                                              self.attrs["epsilon"])
        else:
            dx, ds, db = apply(InstanceNormGrad, x, scale, mean, inv, g, **self.attrs)
        return dx if self.need(0) else None, ds if self.need(1) else None, db if self.need(2) else None


@register("instance_norm_grad")
class InstanceNormGrad(_NormGrad):
    def layout(self, shape):
        return instance_norm_layout(shape)


@register("group_norm")
class GroupNorm(Op):
    """Normalise each (sample, group of channels); Mean and Variance are [N, groups]."""

    inputs, outputs = ("X", "Scale", "Bias"), ("Y", "Mean", "Variance")
    nondiff_outputs = ("Mean", "Variance")
    materialize_grads = False  # backward reads only the first output's grad
    saves = ("X", "Scale", "Mean", "Variance")

    def forward(self, xp, x, scale, bias):
        a = self.attrs
        view, axes, affine = group_norm_layout(x.shape, a["groups"], a["data_layout"])
        y, mean, var = normalize(x.reshape(view), axes, _aff(scale, affine), _aff(bias, affine), a["epsilon"])
        n = x.shape[0]
        return y.reshape(x.shape), mean.reshape(n, -1), var.reshape(n, -1)

    def infer_meta(self, x, scale, bias):
        m = [x.shape[0], self.attrs["groups"]]
        return TensorMeta(x.shape, x.dtype), TensorMeta(m, x.dtype), TensorMeta(m, x.dtype)

    def backward(self, g, *_):
        if g is None:
            return None, None, None
        x, scale, mean, var = self.saved
        a = self.attrs
        if differentiable_backward():
            view, axes, affine = group_norm_layout(list(x.shape), a["groups"], a["data_layout"])
            dx, ds, db = normalize_grad_graph(x, g, mean, None, scale, view, axes, affine, True, a["epsilon"])
        else:
            dx, ds, db = apply(GroupNormGrad, x, scale, mean, var, g, **a)
        return dx if self.need(0) else None, ds if self.need(1) else None, db if self.need(2) else None


@register("group_norm_grad")
class GroupNormGrad(_NormGrad):
    inputs = ("X", "Scale", "Mean", "Variance", "Y@GRAD")

    def layout(self, shape):
        return group_norm_layout(shape, self.attrs["groups"], self.attrs["data_layout"])

    def inv_std(self, var):
        return 1.0 / np.sqrt(var + self.attrs["epsilon"])
