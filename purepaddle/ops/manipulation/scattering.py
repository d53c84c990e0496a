"""Writing ops: scatter, scatter_nd_add, put_along_axis, index_add, fill_diagonal,
fill_diagonal_tensor (and their grad ops)."""
import numpy as np

from ..._core.dispatch import apply
from ..._core.dtype import kind_of
from ..._core.op import Op, TensorMeta, register
from ..linalg.product import Diagonal, _diag_index, _moved
from .._errors import OutOfRange
from .gathering import (GatherNd, IndexSelect, _crop_to, _flat_index, _gather_nd_oob, _nd_tuple, _select_oob,
                        along_axis_index, along_axis_oob)
from .shape import ShapeOnly, reshape_like, zeros_like_shape


def last_writers(flat_positions):
    """Mask of the entries that write last to their position (sequential 'assign' semantics)."""
    n = flat_positions.size
    if n < 2:
        return np.ones(n, dtype=bool)
    _, first_in_reversed = np.unique(flat_positions[::-1], return_index=True)
    mask = np.zeros(n, dtype=bool)
    mask[n - 1 - first_in_reversed] = True
    return mask


# -- scatter -----------------------------------------------------------------------------
def _scatter_prep(ids, updates):
    ids = _flat_index(ids)
    if ids.ndim == 0:
        return ids.reshape(1), updates[None]
    return ids, updates[:ids.shape[0]]


def _scatter_oob(ids, n):
    bad = int(ids[(ids >= n) | (ids < -n)][0])
    return OutOfRange(
        "(OutOfRange) The index is out of bounds, please check whether the values of index and dimensions of "
        f"input meet the requirements. each index should be less than 1st-dim size ({n}) of input, but received "
        f"[{bad}]\n  [Hint: Expected index_ < dst_dims[0], but received index_:{bad} >= dst_dims[0]:{n}.]")


@register("scatter")
class Scatter(Op):
    """Out = X with rows Ids replaced by Updates (overwrite) or zeroed then summed into (accumulate)."""

    inputs, outputs = ("X", "Ids", "Updates"), ("Out",)
    saves = ("Ids", "Updates")

    def forward(self, xp, x, ids, updates):
        ids, upd = _scatter_prep(ids, updates)
        n = x.shape[0]
        if ids.size and (ids.max() >= n or ids.min() < -n):
            raise _scatter_oob(ids, n)
        out = x.copy()
        if self.attrs["overwrite"]:
            if ids.size > 1:
                keep = last_writers(ids % n)
                ids, upd = ids[keep], upd[keep]
            out[ids] = upd
        else:
            out[ids] = 0
            xp.add.at(out, ids, upd)
        return out

    def infer_meta(self, x, ids, updates):
        return TensorMeta(x.shape, x.dtype)

    def backward(self, out_grad):
        ids, updates = self.saved
        gx, gu = apply(ScatterGrad, ids, updates, out_grad, overwrite=self.attrs["overwrite"])
        return (gx if self.need(0) else None), None, (gu if self.need(2) else None)


@register("scatter_grad")
class ScatterGrad(Op):
    """X@GRAD = Out@GRAD with the scattered rows zeroed; Updates@GRAD = Out@GRAD gathered at Ids."""

    inputs, outputs = ("Ids", "Updates", "Out@GRAD"), ("X@GRAD", "Updates@GRAD")
    saves = ("Ids",)

    def forward(self, xp, ids, updates, g):
        gx = g.copy()
        flat = _flat_index(ids)
        gx[flat] = 0
        gu = xp.zeros(updates.shape, dtype=g.dtype)
        if flat.ndim == 0:
            gu[...] = g[flat]
        else:
            gu[:flat.shape[0]] = g[flat]
        return gx, gu

    def infer_meta(self, ids, updates, g):
        return TensorMeta(g.shape, g.dtype), TensorMeta(updates.shape, g.dtype)

    def backward(self, ggx, ggu):
        # the grad is linear in Out@GRAD: its adjoint is the accumulating scatter
        (ids,) = self.saved
        return None, None, apply(Scatter, ggx, ids, ggu, overwrite=False)


# -- scatter_nd_add ----------------------------------------------------------------------
def _scatter_nd_oob(x, index):
    k = index.shape[-1]
    flat = index.reshape(-1, k)
    for j in range(k):
        n = x.shape[j]
        col = flat[:, j]
        bad = col[(col >= n) | (col < -n)]
        if bad.size:
            v = int(bad[0])
            return OutOfRange(
                "(OutOfRange) The index is out of bounds, please check whether the dimensions of index and input "
                f"meet the requirements. It should be less than [{n}] and greater or equal to [{-n}], but received "
                f"[{v}]")
    return _gather_nd_oob(x, index)


@register("scatter_nd_add")
class ScatterNdAdd(Op):
    """Out = X with Updates summed in at the (partial) coordinates in the last dim of Index."""

    inputs, outputs = ("X", "Index", "Updates"), ("Out",)
    saves = ("Index",)

    def forward(self, xp, x, index, updates):
        out = x.copy()
        if index.shape[-1] == 0:
            out += updates.reshape((-1,) + x.shape).sum(0).astype(x.dtype, copy=False)
            return out
        try:
            xp.add.at(out, _nd_tuple(index), updates)
        except IndexError:
            raise _scatter_nd_oob(x, index) from None
        return out

    def infer_meta(self, x, index, updates):
        return TensorMeta(x.shape, x.dtype)

    def backward(self, out_grad):
        (index,) = self.saved
        return out_grad, None, (apply(GatherNd, out_grad, index) if self.need(2) else None)


# -- index_add ---------------------------------------------------------------------------
@register("index_add")
class IndexAdd(Op):
    """Out = X with AddValue summed in at positions Index along `axis`."""

    inputs, outputs = ("X", "Index", "AddValue"), ("Out",)
    saves = ("Index",)

    def forward(self, xp, x, index, value):
        axis = self.attrs["axis"] % x.ndim
        n = x.shape[axis]
        if index.size and (index.max() >= n or index.min() < -n):
            raise _select_oob(index, n, "index_add")
        out = x.copy()
        xp.add.at(out, (slice(None),) * axis + (index,), value)
        return out

    def infer_meta(self, x, index, value):
        return TensorMeta(x.shape, x.dtype)

    def backward(self, out_grad):
        (index,) = self.saved
        gv = apply(IndexSelect, out_grad, index, dim=self.attrs["axis"]) if self.need(2) else None
        return out_grad, None, gv


# -- put_along_axis ----------------------------------------------------------------------
_REDUCES = ("assign", "add", "mul", "multiply", "mean", "amin", "amax")


def _put_positions(arr_shape, index, axis):
    """Fancy tuple into arr for every index entry, and each entry's flat position in arr."""
    tup = along_axis_index(index, axis)
    n = arr_shape[axis]
    if index.size and (index.max() >= n or index.min() < -n):
        raise along_axis_oob(index, n, "scatter")
    full = tuple(np.broadcast_to(t, index.shape) for t in tup)
    full = full[:axis] + (full[axis] % n,) + full[axis + 1:]
    flat = np.ravel_multi_index(tuple(t.reshape(-1) for t in full), arr_shape) if index.size else np.zeros(0, np.intp)
    return full, flat


def _extreme(dtype, high):
    if kind_of(dtype) == "f":
        return np.inf if high else -np.inf
    info = np.iinfo(dtype)
    return info.max if high else info.min


def put_along_axis_forward(arr, index, values, axis, reduce, include_self):
    """The numpy kernel of put_along_axis (also used by its grad op)."""
    tup, flat = _put_positions(arr.shape, index, axis)
    v = _crop_to(values, index, axis)
    out = arr.copy()
    if reduce == "assign":
        keep = last_writers(flat)
        out.reshape(-1)[flat[keep]] = v.reshape(-1)[keep]
        return out
    if reduce == "add":
        if not include_self:
            out[tup] = 0
        np.add.at(out, tup, v)
    elif reduce in ("mul", "multiply"):
        if not include_self:
            out[tup] = 1
        np.multiply.at(out, tup, v)
    elif reduce == "mean":
        cnt = np.zeros(arr.shape, dtype=np.int64)
        np.add.at(cnt, tup, 1)
        if not include_self:
            out[tup] = 0
        else:
            cnt = cnt + (cnt > 0)  # the touched positions count themselves once
        np.add.at(out, tup, v)
        touched = cnt > 0
        if kind_of(out.dtype) == "f" or kind_of(out.dtype) == "c":
            out[touched] = out[touched] / cnt[touched]
        else:
            out[touched] = out[touched] // cnt[touched]  # Paddle's integer mean rounds toward -inf
    elif reduce in ("amin", "amax"):
        if not include_self:
            out[tup] = _extreme(out.dtype, reduce == "amin")
        (np.minimum if reduce == "amin" else np.maximum).at(out, tup, v)
    return out


@register("put_along_axis")
class PutAlongAxis(Op):
    """Result = Input with Value put (or reduced: add/mul/mean/amin/amax) at Index along `Axis`."""

    inputs, outputs = ("Input", "Index", "Value"), ("Result",)
    saves = ("Input", "Index", "Value", "Result")

    def forward(self, xp, arr, index, values):
        a = self.attrs
        return put_along_axis_forward(arr, index, values, a["Axis"], a["Reduce"], a["Include_self"])

    def infer_meta(self, arr, index, values):
        return TensorMeta(arr.shape, arr.dtype)

    def backward(self, out_grad):
        arr, index, values, result = self.saved
        gx, gv = apply(PutAlongAxisGrad, arr, index, values, result, out_grad, **self.attrs)
        return (gx if self.need(0) else None), None, (gv if self.need(2) else None)


@register("put_along_axis_grad")
class PutAlongAxisGrad(Op):
    """Input@GRAD and Value@GRAD of put_along_axis for every reduce mode (ties of amin/amax share evenly)."""

    inputs = ("Input", "Index", "Value", "Result", "Result@GRAD")
    outputs = ("Input@GRAD", "Value@GRAD")
    saves = ("Index",)

    def forward(self, xp, arr, index, values, result, g):
        a = self.attrs
        axis, reduce, inc = a["Axis"], a["Reduce"], a["Include_self"]
        tup, flat = _put_positions(arr.shape, index, axis)
        gx = g.copy()
        gv = xp.zeros(values.shape, dtype=g.dtype)
        region = tuple(slice(0, n) for n in index.shape)
        g_at = g[tup]
        if reduce == "assign":
            gx[tup] = 0
            gv[region] = (g_at.reshape(-1) * last_writers(flat)).reshape(index.shape)
        elif reduce == "add":
            if not inc:
                gx[tup] = 0
            gv[region] = g_at
        elif reduce == "mean":
            cnt = np.zeros(arr.shape, dtype=g.dtype)
            np.add.at(cnt, tup, 1)
            if inc:
                cnt = cnt + (cnt > 0)
                touched = cnt > 0
                gx[touched] = gx[touched] / cnt[touched]
            else:
                gx[tup] = 0
            gv[region] = g_at / cnt[tup]
        elif reduce in ("mul", "multiply"):
            # Paddle's rule divides the result by each factor: g * result / x and g * result / value (so a zero
            # or infinite factor gives NaN, as its kernel does)
            v = _crop_to(values, index, axis).astype(g.dtype, copy=False)
            with np.errstate(divide="ignore", invalid="ignore"):
                if inc:
                    gx[tup] = (g * (result.astype(g.dtype, copy=False) / arr.astype(g.dtype, copy=False)))[tup]
                else:
                    gx[tup] = 0
                gv[region] = g_at * (result[tup].astype(g.dtype, copy=False) / v)
        else:  # amin / amax: the grad goes to the elements equal to the result, shared among ties
            v = _crop_to(values, index, axis)
            hit_v = v == result[tup]
            cnt = np.zeros(arr.shape, dtype=g.dtype)
            np.add.at(cnt, tup, hit_v.astype(g.dtype))
            touched = np.zeros(arr.shape, dtype=bool)
            touched[tup] = True
            if inc:
                hit_x = touched & (arr == result)
                cnt = cnt + hit_x
                gx[touched] = np.where(hit_x[touched], gx[touched] / np.maximum(cnt[touched], 1), 0)
            else:
                gx[touched] = 0
            gv[region] = np.where(hit_v, g_at / np.maximum(cnt[tup], 1), 0)
        return gx, gv

    def infer_meta(self, arr, index, values, result, g):
        return TensorMeta(arr.shape, g.dtype), TensorMeta(values.shape, g.dtype)

    def backward(self, ggx, ggv):
        a = self.attrs
        if a["Reduce"] not in ("assign", "add", "mean"):
            raise NotImplementedError(
                f"double backward of put_along_axis with reduce='{a['Reduce']}' is not supported "
                "(it is supported for 'assign', 'add' and 'mean')")
        # linear in Result@GRAD: the adjoint is put_along_axis itself (it crops Value to Index)
        (index,) = self.saved
        return None, None, None, None, apply(PutAlongAxis, ggx, index, ggv, **a)


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
