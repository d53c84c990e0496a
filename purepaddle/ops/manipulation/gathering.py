"""Reading ops: gather, gather_nd, index_select, take_along_axis (+ grads)."""
import numpy as np

from ..._core.dispatch import apply
from ..._core.op import Op, TensorMeta, register
from .._errors import InvalidArgument, OutOfRange
from ..creation.fill import FillConstant


def along_axis_index(index, axis):
    """Fancy-index tuple picking arr[i0, .., index[i0, .., ik], .., ik] for every position of `index`."""
    nd = index.ndim
    tup = []
    for i, n in enumerate(index.shape):
        if i == axis:
            tup.append(index)
        else:
            shape = [1] * nd
            shape[i] = n
            tup.append(np.arange(n).reshape(shape))
    return tuple(tup)


def _flat_index(index):
    """[M, 1] -> [M]; [M] and 0-D stay."""
    return index.reshape(-1) if index.ndim == 2 else index


def _bounds(index):
    """(min, max) of a non-empty index array as Python ints."""
    return int(index.min()), int(index.max())


def zeros_const(dtype, shape=()):
    """A zero constant operand of DType `dtype` (fill_constant op in static mode)."""
    return apply(FillConstant, shape=list(shape), value=0, dtype=dtype.proto)


# -- gather ------------------------------------------------------------------------------
def _gather_oob(index, n):
    lo, hi = _bounds(index)
    bad = hi if hi >= n else lo
    pos = int(np.flatnonzero(index.reshape(-1) == bad)[0])
    if bad >= n:
        return OutOfRange(
            f"(OutOfRange) The element of Index must be less than the size of input dim size of axis which is "
            f"{n}, but received index element which is {bad} in the {pos} index.\n  [Hint: Expected "
            f"index_data[i] < input_index_dim_size, but received index_data[i]:{bad} >= input_index_dim_size:{n}.]")
    return OutOfRange(
        f"(OutOfRange) The element of Index must be greater than or equal to {-n}, but received index element "
        f"which is {bad} in the {pos} index.\n  [Hint: Expected index_data[i] >= -input_index_dim_size, but "
        f"received index_data[i]:{bad} < -input_index_dim_size:{-n}.]")


def _gather_axis(op, axis_arr):
    return int(np.asarray(axis_arr).reshape(-1)[0]) if axis_arr is not None else op.attrs["axis"]


@register("gather")
class Gather(Op):
    """out = x indexed by `Index` (1-D, [M, 1] or 0-D) along `axis` (attr, or the `Axis` tensor)."""

    inputs, outputs = ("X", "Index", "Axis"), ("Out",)
    saves = ("X", "Index", "Axis")

    def forward(self, xp, x, index, axis=None):
        ax = _gather_axis(self, axis)
        if index.ndim == 2:
            index = index.reshape(-1)
        try:
            return xp.take(x, index, axis=ax)
        except IndexError:
            raise _gather_oob(index, x.shape[ax % x.ndim]) from None

    def infer_meta(self, x, index, axis=None):
        shape = list(x.shape)
        if axis is not None:
            return TensorMeta([-1] * (len(shape) - (len(index.shape) == 0)), x.dtype)
        ax = self.attrs["axis"] % max(len(shape), 1)
        if len(index.shape) == 0:
            del shape[ax]
        else:
            shape[ax] = index.shape[0]
        return TensorMeta(shape, x.dtype)

    def backward(self, out_grad):
        x, index, axis = self.saved
        return apply(GatherGrad, x, index, axis, out_grad, axis=self.attrs.get("axis", 0)), None, None


@register("gather_grad")
class GatherGrad(Op):
    """Scatter-add Out@GRAD back into zeros shaped like X along `axis` (duplicates accumulate)."""

    inputs, outputs = ("X", "Index", "Axis", "Out@GRAD"), ("X@GRAD",)
    saves = ("Index", "Axis")

    def forward(self, xp, x, index, axis, g):
        ax = _gather_axis(self, axis)
        out = xp.zeros(x.shape, dtype=g.dtype)
        index = _flat_index(index)
        if index.ndim == 0:
            g = xp.expand_dims(g, ax)
            index = index.reshape(1)
        xp.add.at(out, (slice(None),) * ax + (index,), g)
        return out

    def infer_meta(self, x, index, axis, g):
        return TensorMeta(x.shape, g.dtype)

    def backward(self, gg):
        index, axis = self.saved
        return None, None, None, apply(Gather, gg, index, axis, axis=self.attrs["axis"], overwrite=False)


# -- gather_nd ---------------------------------------------------------------------------
def _nd_tuple(index):
    return tuple(index[..., k] for k in range(index.shape[-1]))


def _gather_nd_oob(x, index):
    k = index.shape[-1]
    flat = index.reshape(-1, k)
    for j in range(k):
        n = x.shape[j]
        col = flat[:, j]
        bad = col[(col >= n) | (col < -n)]
        if bad.size:
            v = int(bad[0])
            return InvalidArgument(
                f"(InvalidArgument) Input(index[-1)] has wrong value, it is [{v}]\n  [Hint: Expected index_value < "
                f"input_dims[j], but received index_value:{v} >= input_dims[j]:{n}.]")
    return None


@register("gather_nd")
class GatherNd(Op):
    """out[i..] = x[index[i.., 0], .., index[i.., k-1]]: the last dim of Index addresses the first k dims of X."""

    inputs, outputs = ("X", "Index"), ("Out",)
    saves = ("X", "Index")

    def forward(self, xp, x, index):
        k = index.shape[-1]
        if k == 0:
            return xp.broadcast_to(x, index.shape[:-1] + x.shape).copy()
        try:
            return x[_nd_tuple(index)]
        except IndexError:
            raise _gather_nd_oob(x, index) from None

    def infer_meta(self, x, index):
        k = index.shape[-1]
        if k < 0:
            return TensorMeta([-1] * (len(index.shape) - 1), x.dtype)
        return TensorMeta(list(index.shape[:-1]) + list(x.shape[k:]), x.dtype)

    def backward(self, out_grad):
        x, index = self.saved
        return apply(GatherNdGrad, x, index, out_grad), None


@register("gather_nd_grad")
class GatherNdGrad(Op):
    inputs, outputs = ("X", "Index", "Out@GRAD"), ("X@GRAD",)
    saves = ("Index",)

    def forward(self, xp, x, index, g):
        out = xp.zeros(x.shape, dtype=g.dtype)
        if index.shape[-1] == 0:
            out += g.reshape((-1,) + x.shape).sum(0)
        else:
            xp.add.at(out, _nd_tuple(index), g)
        return out

    def infer_meta(self, x, index, g):
        return TensorMeta(x.shape, g.dtype)

    def backward(self, gg):
        (index,) = self.saved
        return None, None, apply(GatherNd, gg, index)


# -- index_select / index_sample ---------------------------------------------------------
def _select_oob(index, n, op_type):
    lo, hi = _bounds(index)
    bad = hi if hi >= n else lo
    hint = (f"index_data[i] < input_dim[dim], but received index_data[i]:{bad} >= input_dim[dim]:{n}" if bad >= n
            else f"index_data[i] >= -input_dim[dim], but received index_data[i]:{bad} < -input_dim[dim]:{-n}")
    return InvalidArgument(
        f"(InvalidArgument) Variable value (index) of OP({op_type}) expected >= {-n} and < {n}, but got {bad}. "
        f"Please check input value.\n  [Hint: Expected {hint}.]")


@register("index_select")
class IndexSelect(Op):
    """out = x.take(index, axis=dim); index is 1-D (or [M, 1])."""

    inputs, outputs = ("X", "Index"), ("Out",)
    saves = ("X", "Index")

    def forward(self, xp, x, index):
        dim = self.attrs["dim"]
        try:
            return xp.take(x, _flat_index(index), axis=dim)
        except IndexError:
            raise _select_oob(index, x.shape[dim], "index_select") from None

    def infer_meta(self, x, index):
        shape = list(x.shape)
        shape[self.attrs["dim"] % max(len(shape), 1)] = index.shape[0]
        return TensorMeta(shape, x.dtype)

    def backward(self, out_grad):
        x, index = self.saved
        return apply(IndexSelectGrad, x, index, out_grad, dim=self.attrs["dim"]), None


@register("index_select_grad")
class IndexSelectGrad(Op):
    inputs, outputs = ("X", "Index", "Out@GRAD"), ("X@GRAD",)
    saves = ("Index",)

    def forward(self, xp, x, index, g):
        out = xp.zeros(x.shape, dtype=g.dtype)
        xp.add.at(out, (slice(None),) * (self.attrs["dim"] % x.ndim) + (_flat_index(index),), g)
        return out

    def infer_meta(self, x, index, g):
        return TensorMeta(x.shape, g.dtype)

    def backward(self, gg):
        (index,) = self.saved
        return None, None, apply(IndexSelect, gg, index, dim=self.attrs["dim"])


# -- take_along_axis ---------------------------------------------------------------------
def _crop_to(arr, index, axis):
    """arr cut down to index's extent in every dim but `axis` (take/put_along_axis without broadcast)."""
    if all(a == b for i, (a, b) in enumerate(zip(arr.shape, index.shape)) if i != axis):
        return arr
    return arr[tuple(slice(None) if i == axis else slice(0, n) for i, n in enumerate(index.shape))]


def along_axis_oob(index, n, kernel="gather"):
    """Paddle's error for an index outside [-n, n) in take/put_along_axis."""
    lo, hi = _bounds(index)
    bad = hi if hi >= n else lo
    return OutOfRange(
        f"(OutOfRange) Variable value (index) of {kernel} cpu kernel, expected >= {-n} and < {n}, but got {bad}."
        "Please check the input value.")


@register("take_along_axis")
class TakeAlongAxis(Op):
    """Result[.., i, ..] = Input[.., Index[.., i, ..], ..] along `Axis`; Index may be smaller than Input."""

    inputs, outputs = ("Input", "Index"), ("Result",)
    saves = ("Input", "Index")

    def forward(self, xp, arr, index):
        axis = self.attrs["Axis"]
        try:
            return _crop_to(arr, index, axis)[along_axis_index(index, axis)]
        except IndexError:
            raise along_axis_oob(index, arr.shape[axis]) from None

    def infer_meta(self, arr, index):
        return TensorMeta(index.shape, arr.dtype)

    def backward(self, out_grad):
        arr, index = self.saved
        return apply(TakeAlongAxisGrad, arr, index, out_grad, Axis=self.attrs["Axis"]), None


@register("take_along_axis_grad")
class TakeAlongAxisGrad(Op):
    inputs, outputs = ("Input", "Index", "Result@GRAD"), ("Input@GRAD",)
    saves = ("Index",)

    def forward(self, xp, arr, index, g):
        out = xp.zeros(arr.shape, dtype=g.dtype)
        xp.add.at(out, along_axis_index(index, self.attrs["Axis"]), g)
        return out

    def infer_meta(self, arr, index, g):
        return TensorMeta(arr.shape, g.dtype)

    def backward(self, gg):
        (index,) = self.saved
        return None, None, apply(TakeAlongAxis, gg, index, Axis=self.attrs["Axis"])
