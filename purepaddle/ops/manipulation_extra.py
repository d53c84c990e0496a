"""Extra manipulation / statistics ops: fill_diagonal, fill_diagonal_tensor, as_complex, as_real,
view_dtype, shard_index, size, nanmedian (+ grads)."""
import numpy as np

from .._core import dtype as _dt
from .._core.dispatch import apply
from .._core.op import Op, TensorMeta, register
from .creation import FillAnyLike
from .linalg import Diagonal, _diag_index, _moved
from .shape import ShapeOnly, reshape_like, zeros_like_shape


def _invalid(msg):
    e = ValueError(f"(InvalidArgument) {msg}")
    e.paddle_kernel = True
    return e


# -- fill_diagonal ---------------------------------------------------------------------------
def fill_diagonal_positions(shape, offset, wrap):
    """Flat positions Paddle's fill_diagonal writes: every sum(strides)-th element from 0 (only the
    first d1*d1 elements unless a 2-D x wraps), shifted by offset while inside its row of width d1."""
    shape = list(shape)
    n = int(np.prod(shape))
    d1 = shape[1]
    step = 0
    for i in range(len(shape)):
        step += int(np.prod(shape[i + 1:]))
    size = n if (len(shape) == 2 and wrap) or len(shape) != 2 else min(n, d1 * d1)
    if step <= 0 or d1 <= 0:
        return np.zeros([0], dtype=np.int64)
    i = np.arange(0, size, step, dtype=np.int64)
    col = i % d1 + offset
    i = i[(col >= 0) & (col < d1)]
    return i + offset


@register("fill_diagonal")
class FillDiagonal(Op):
    """Out = X with attr value written at fill_diagonal_positions (attrs value, offset, wrap)."""

    def forward(self, xp, x):
        a = self.attrs
        out = x.copy()
        out.reshape(-1)[fill_diagonal_positions(x.shape, a["offset"], a["wrap"])] = a["value"]
        return out

    def infer_meta(self, x):
        return TensorMeta(x.shape, x.dtype)

    def backward(self, out_grad):
        a = self.attrs
        return apply(FillDiagonal, out_grad, value=0.0, offset=a["offset"], wrap=a["wrap"])


@register("fill_diagonal_tensor")
class FillDiagonalTensor(ShapeOnly):
    """Out = X with its `offset` diagonal over (dim1, dim2) replaced by Y (Y's last dim runs along it)."""

    inputs, outputs = ("X", "Y"), ("Out",)
    saves = ("Y",)

    def forward(self, xp, x, y):
        a = self.attrs
        out = x.copy()
        m = _moved(out, a["dim1"], a["dim2"])
        r, c = _diag_index(m.shape[-2], m.shape[-1], a["offset"])
        m[..., r, c] = y.reshape(m.shape[:-2] + (len(r),))
        return out

    def infer_meta(self, x, y):
        return TensorMeta(x.shape, x.dtype)

    def backward(self, out_grad):
        (y,) = self.saved
        a = self.attrs
        gx = gy = None
        if self.need(0):
            gx = apply(FillDiagonalTensor, out_grad, zeros_like_shape(y, out_grad.dtype), **a)
        if self.need(1):
            gy = reshape_like(apply(Diagonal, out_grad, offset=a["offset"], axis1=a["dim1"], axis2=a["dim2"]), y)
        return gx, gy


# -- complex <-> real pairs ------------------------------------------------------------------
@register("as_complex")
class AsComplex(Op):
    """[..., 2] float32/float64 -> [...] complex64/complex128 (real, imag) pairs."""

    def forward(self, xp, x):
        if x.ndim == 0 or x.shape[-1] != 2:
            raise _invalid("The size of the last dimension of input(X)does not equals 2.Expected the size of last "
                           f"dimension of input(X) to be 2.But received {x.shape[-1] if x.ndim else 0}")
        c = np.complex64 if x.dtype == np.float32 else np.complex128
        return (x[..., 0] + 1j * x[..., 1]).astype(c)

    def backward(self, out_grad):
        return apply(AsReal, out_grad)


@register("as_real")
class AsReal(Op):
    """[...] complex -> [..., 2] float (real, imag)."""

    def forward(self, xp, x):
        return xp.stack([x.real, x.imag], axis=-1)

    def backward(self, out_grad):
        return apply(AsComplex, out_grad)


@register("view_dtype")
class ViewDtype(Op):
    """The bytes of X read as attr dtype: the last dim scales by the item-size ratio."""

    differentiable = False

    def forward(self, xp, x):
        src, dst = _dt.from_numpy(x.dtype), _dt.from_proto(self.attrs["dtype"])
        a, b = x.dtype.itemsize, np.dtype(dst.np_dtype).itemsize
        if x.ndim == 0 and a != b:
            raise _invalid(f"input.strides[-1] must be 1 to view {src.name} as {dst.name}, but got 0")
        if a < b and x.shape[-1] % (b // a):
            raise _invalid(f"input.shape[{x.ndim - 1}]({x.shape[-1]}) must be multiple of {b // a} to view "
                           f"{src.name} as {dst.name}")
        return np.ascontiguousarray(x).view(dst.np_dtype)


# -- shard_index, size -------------------------------------------------------------------------
@register("shard_index")
class ShardIndex(Op):
    """Shard-local ids: v - shard_id * shard_size inside this shard's range, else ignore_value."""

    differentiable = False

    def forward(self, xp, x):
        a = self.attrs
        n, k, sid = a["index_num"], a["nshards"], a["shard_id"]
        if k <= 0:
            raise _invalid(f"The value 'nshards' for Op(shard_index) must be greater than 0, but the value given "
                           f"is {k}.")
        if sid < 0:
            raise _invalid(f"The value 'shard_id' for Op(shard_index) must be greater or equal to 0, but the value "
                           f"given is {sid}.")
        if sid >= k:
            raise _invalid(f"The value 'shard_id' for Op(shard_index) must be less than nshards ({k}), but the "
                           f"value given is {sid}.")
        if x.size and x.min() < 0:
            raise _invalid(f"The input_index for Op(shard_index) must be greater or equal to 0, but the value given "
                           f"is {x.min()}.")
        if x.size and x.max() >= n:
            raise _invalid(f"The input_index for Op(shard_index) must be less than index_num ({n}), but the value "
                           f"given is {x.max()}.")
        size = (n + k - 1) // k
        lo = sid * size
        inside = (x >= lo) & (x < lo + size)
        return xp.where(inside, x - lo, a["ignore_value"]).astype(x.dtype)


@register("size")
class Size(Op):
    """The number of elements of Input (a 0-D int64)."""

    inputs, outputs = ("Input",), ("Out",)
    differentiable = False

    def forward(self, xp, x):
        return np.asarray(x.size, dtype=np.int64)

    def infer_meta(self, x):
        return TensorMeta([], _dt.int64)


# -- nanmedian ----------------------------------------------------------------------------------
def _nan_layout(x, axes):
    """x with the reduced axes moved last and merged: (rows array [..., n], kept shape, keepdim shape)."""
    nd = x.ndim
    axes = sorted(a % nd for a in axes) if axes and nd else list(range(nd))
    rest = [i for i in range(nd) if i not in axes]
    xx = np.transpose(x, rest + axes) if nd else x
    kept = [x.shape[i] for i in rest]
    keepdim = [1 if i in axes else x.shape[i] for i in range(nd)]
    return xx.reshape(kept + [-1] if xx.size else kept + [int(np.prod([x.shape[i] for i in axes]))]), kept, keepdim


def _nan_parts(x, axes):
    """Rows, stable order (NaN last), non-NaN counts and the lower/upper middle positions per row."""
    xx, kept, keepdim = _nan_layout(x, axes)
    nan = np.isnan(xx) if xx.dtype.kind == "f" else np.zeros(xx.shape, bool)
    cnt = xx.shape[-1] - nan.sum(-1, keepdims=True)
    order = np.argsort(xx, axis=-1, kind="stable")
    lo, hi = np.maximum(cnt - 1, 0) // 2, cnt // 2
    if xx.shape[-1] == 0:
        raise _invalid("nanmedian of an empty axis is undefined")
    return xx, kept, keepdim, order, cnt, lo, hi


@register("nanmedian")
class NanMedian(Op):
    """Median of the non-NaN values over attr axis (all when empty); NaN where all are NaN. mode 'avg'
    averages an even count's middle pair, 'min' takes the lower one (MedianIndex: its index, -1 if none)."""

    outputs = ("Out", "MedianIndex")
    saves = ("X",)
    nondiff_outputs = ("MedianIndex",)

    def forward(self, xp, x):
        a = self.attrs
        xx, kept, keepdim, order, cnt, lo, hi = _nan_parts(x, a["axis"])
        i_lo = np.take_along_axis(order, lo, -1)
        v_lo = np.take_along_axis(xx, i_lo, -1)
        val = v_lo
        if a["mode"] == "avg":
            v_hi = np.take_along_axis(xx, np.take_along_axis(order, hi, -1), -1)
            if xx.dtype.kind == "f":
                val = ((v_lo + v_hi) / 2).astype(xx.dtype)
            else:
                s = v_lo.astype(np.int64) + v_hi
                val = (np.abs(s) // 2 * np.sign(s)).astype(xx.dtype)  # C++ division truncates
        empty = cnt == 0
        if empty.any():
            val = np.where(empty, np.nan, val).astype(val.dtype)
            i_lo = np.where(empty, -1, i_lo)
        shape = keepdim if a["keepdim"] else kept
        return val.reshape(shape), i_lo.astype(np.int64).reshape(shape)

    def infer_meta(self, x):
        a = self.attrs
        nd = len(x.shape)
        axes = [i % nd for i in a["axis"]] if a["axis"] and nd else list(range(nd))
        shape = [1 if i in axes else d for i, d in enumerate(x.shape)] if a["keepdim"] else \
            [d for i, d in enumerate(x.shape) if i not in axes]
        return TensorMeta(shape, x.dtype), TensorMeta(shape, _dt.int64)

    def backward(self, out_grad, idx_grad=None):
        (x,) = self.saved
        return apply(NanMedianGrad, x, out_grad, **self.attrs)


@register("nanmedian_grad")
class NanMedianGrad(Op):
    """Out@GRAD scattered as Paddle does: mode 'min' with one int axis sends it to the lower middle;
    otherwise a single median value (odd count, equal middle pair, or 'min') shares it evenly among
    the elements equal to it, and an unequal middle pair gets half each. All-NaN rows get none."""

    inputs, outputs = ("X", "Out@GRAD"), ("X@GRAD",)
    saves = ("X", "Out@GRAD")

    def forward(self, xp, x, g):
        a = self.attrs
        xx, kept, keepdim, order, cnt, lo, hi = _nan_parts(x, a["axis"])
        gk = g.reshape(kept + [1])
        i_lo = np.take_along_axis(order, lo, -1)
        v_lo = np.take_along_axis(xx, i_lo, -1)
        if a["mode"] == "min" and len(a["axis"]) == 1:
            w = np.zeros(xx.shape, dtype=g.dtype)
            np.put_along_axis(w, i_lo, 1.0, axis=-1)
        else:
            tie = xx == v_lo
            w = tie / np.maximum(tie.sum(-1, keepdims=True), 1)
            if a["mode"] == "avg":
                i_hi = np.take_along_axis(order, hi, -1)
                v_hi = np.take_along_axis(xx, i_hi, -1)
                pair = np.zeros(xx.shape, dtype=w.dtype)
                np.put_along_axis(pair, i_lo, 0.5, axis=-1)
                np.put_along_axis(pair, i_hi, 0.5, axis=-1)
                w = np.where(v_lo == v_hi, w, pair)
        w = np.where(cnt == 0, 0.0, w)
        gx = np.where(w == 0, 0.0, w * gk).astype(g.dtype)  # no -0.0 where nothing flows
        return _nan_unlayout(gx, x.shape, a["axis"])

    def infer_meta(self, x, g):
        return TensorMeta(x.shape, g.dtype)

    def backward(self, out_grad):
        x, g = self.saved
        a = self.attrs
        # linear in Out@GRAD: its transpose is a weighted sum with the same weights
        ones = apply(FillAnyLike, g, value=1.0, dtype=-1)
        w = apply(NanMedianGrad, x, ones, **a)
        nd = len(x.shape)
        axes = [i % nd for i in a["axis"]] if a["axis"] and nd else list(range(nd))
        s = (out_grad * w).sum(axis=axes or None, keepdim=a["keepdim"])
        return None, s


def _nan_unlayout(gx, shape, axes):
    """Inverse of _nan_layout for a gradient laid out as [kept..., n]."""
    nd = len(shape)
    axes = sorted(a % nd for a in axes) if axes and nd else list(range(nd))
    rest = [i for i in range(nd) if i not in axes]
    perm = rest + axes
    moved = gx.reshape([shape[i] for i in perm])
    return np.transpose(moved, np.argsort(perm)) if nd else moved.reshape(shape)

