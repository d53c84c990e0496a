"""Indexing ops: slice, strided_slice (+ grads), set_value, index_put, shard_index."""
import numpy as np

from ..._core.dispatch import apply, constant
from ..._core.op import OPS, Op, TensorMeta, register
from .._errors import InvalidArgument
from .shape import ShapeOnly, known, sum_to_shape, zeros_like_shape


MAX_INT = 2 ** 31 - 1
MIN_INT = -(2 ** 31)


def slice_tuple(ndim, axes, starts, ends, steps, decrease):
    """A numpy index for Paddle's slice attrs; decreased axes with an in-range start become ints."""
    idx = [slice(None)] * ndim
    for k, a in enumerate(axes):
        a = a + ndim if a < 0 else a
        st = steps[k] if steps else 1
        if st == 0:
            raise ValueError("(InvalidArgument) stride index in StridedSlice operator is 0.")
        idx[a] = slice(starts[k], ends[k], st)
    squeeze = []
    for a in decrease:
        a = a + ndim if a < 0 else a
        s = idx[a]
        if s.step == 1 and s.start is not None and (s.stop == s.start + 1 or (s.start == -1 and s.stop >= MAX_INT)):
            idx[a] = s.start
        else:
            squeeze.append(a)
    return tuple(idx), squeeze


def _drop_positions(idx, squeeze):
    """Positions of the squeezed axes among the axes left after the int indices."""
    return tuple(a - sum(1 for d in range(a) if type(idx[d]) is int) for a in squeeze)


def _apply_slice(x, idx, squeeze, decrease):
    try:
        out = x[idx + (Ellipsis,)]  # a view, also for a 0-D result
    except IndexError:
        bad = next(i for i, s in enumerate(idx) if type(s) is int and not -x.shape[i] <= s < x.shape[i])
        raise IndexError(
            f"(OutOfRange) The starting index {idx[bad]} of slice is out of bounds in tensor {bad}-th axis, it "
            f"should be in the range of [{-x.shape[bad]}, {x.shape[bad]}).") from None
    if squeeze:
        try:
            out = out.squeeze(axis=_drop_positions(idx, squeeze))
        except ValueError:
            raise ValueError(f"(InvalidArgument) the decreased axes {decrease} must have size 1 after slicing, "
                             f"but the sliced shape is {list(out.shape)}") from None
    return out


def _norm(decrease, ndim):
    return [a + ndim if a < 0 else a for a in decrease]


class _SliceBase(ShapeOnly):
    shape_only = ("Input",)
    step_key = None

    def _index(self, ndim, starts=None, ends=None, steps=None):
        a = self.attrs
        st = a["starts"] if starts is None else starts.reshape(-1).tolist()
        en = a["ends"] if ends is None else ends.reshape(-1).tolist()
        sp = (a[self.step_key] if self.step_key else None) if steps is None else steps.reshape(-1).tolist()
        dec = _norm(a.get("decrease_axis", []), ndim)
        idx, squeeze = slice_tuple(ndim, a["axes"], st, en, sp, dec)
        return idx, squeeze, dec

    def forward(self, xp, x, starts=None, ends=None, steps=None):
        idx, squeeze, dec = self._index(x.ndim, starts, ends, steps)
        return _apply_slice(x, idx, squeeze, dec)

    def infer_meta(self, x, starts=None, ends=None, steps=None):
        a = self.attrs
        n = len(x.shape)
        shape = list(x.shape)
        dynamic = starts is not None or ends is not None or steps is not None
        sp = a.get(self.step_key) if self.step_key else None
        for k, ax in enumerate(a["axes"]):
            ax = ax + n if ax < 0 else ax
            if dynamic or shape[ax] < 0:
                shape[ax] = -1
            else:
                shape[ax] = len(range(*slice(a["starts"][k], a["ends"][k], sp[k] if sp else 1).indices(shape[ax])))
        dec = set(_norm(a.get("decrease_axis", []), n))
        return TensorMeta([d for i, d in enumerate(shape) if i not in dec], x.dtype)


@register("slice")
class Slice(_SliceBase):
    """Input[starts:ends] along attr axes; decrease_axis dims are removed (a view, as in Paddle)."""

    inputs, outputs = ("Input", "StartsTensor", "EndsTensor"), ("Out",)
    saves = ("Input", "StartsTensor", "EndsTensor")

    def backward(self, out_grad):
        x, starts, ends = self.saved
        return apply(SliceGrad, None if known(x.shape) else x, out_grad, starts, ends,
                     input_shape=list(x.shape), **self.attrs), None, None


@register("strided_slice")
class StridedSlice(_SliceBase):
    """Input[starts:ends:strides] along attr axes; decrease_axis dims are removed (a view)."""

    inputs, outputs = ("Input", "StartsTensor", "EndsTensor", "StridesTensor"), ("Out",)
    saves = ("Input", "StartsTensor", "EndsTensor", "StridesTensor")
    step_key = "strides"

    def backward(self, out_grad):
        x, starts, ends, steps = self.saved
        return apply(StridedSliceGrad, None if known(x.shape) else x, out_grad, starts, ends, steps,
                     input_shape=list(x.shape), **self.attrs), None, None, None


class _SliceGradBase(ShapeOnly):
    """Scatter a slice gradient into zeros of the input's shape (attr input_shape, or Input's runtime shape)."""

    shape_only = ()

    def forward(self, xp, x, g, starts=None, ends=None, steps=None):
        shape = x.shape if x is not None else self.attrs["input_shape"]
        out = xp.zeros(shape, dtype=g.dtype)
        idx, squeeze, dec = _SliceBase._index(self, len(shape), starts, ends, steps)
        if squeeze:
            g = xp.expand_dims(g, _drop_positions(idx, squeeze))
        out[idx] = g
        return out

    def infer_meta(self, x, g, *rest):
        return TensorMeta(list(x.shape) if x is not None else list(self.attrs["input_shape"]), g.dtype)

    def _forward_attrs(self):
        return {k: v for k, v in self.attrs.items() if k != "input_shape"}


@register("slice_grad")
class SliceGrad(_SliceGradBase):
    inputs, outputs = ("Input", "Out@GRAD", "StartsTensor", "EndsTensor"), ("Input@GRAD",)
    saves = ("StartsTensor", "EndsTensor")
    step_key = None

    def backward(self, gg):
        starts, ends = self.saved
        return None, apply(Slice, gg, starts, ends, **self._forward_attrs()), None, None


@register("strided_slice_grad")
class StridedSliceGrad(_SliceGradBase):
    inputs, outputs = ("Input", "Out@GRAD", "StartsTensor", "EndsTensor", "StridesTensor"), ("Input@GRAD",)
    saves = ("StartsTensor", "EndsTensor", "StridesTensor")
    step_key = "strides"

    def backward(self, gg):
        starts, ends, steps = self.saved
        return None, apply(StridedSlice, gg, starts, ends, steps, **self._forward_attrs()), None, None, None


# -- set_value ------------------------------------------------------------------------------
def _region_with_none(region, none_axes):
    shape = list(region)
    for a in sorted(none_axes):
        shape.insert(a, 1)
    return shape


@register("set_value")
class SetValue(ShapeOnly):
    """Out = Input with Input[starts:ends:steps] (decrease_axes removed) set to ValueTensor or attr values."""

    inputs, outputs = ("Input", "ValueTensor"), ("Out",)
    saves = ("ValueTensor",)

    def _index(self, ndim):
        a = self.attrs
        return slice_tuple(ndim, a["axes"], a["starts"], a["ends"], a["steps"], _norm(a["decrease_axes"], ndim))

    def forward(self, xp, x, value=None):
        a = self.attrs
        out = x.copy()
        idx, squeeze = self._index(x.ndim)
        region = out[idx + (Ellipsis,)]  # a view even when every index is an int
        if squeeze:
            region = region.squeeze(axis=tuple(squeeze))
        if value is None:
            vals = a["values"]
            if len(vals) == 1:
                region[...] = vals[0]
                return out
            value = xp.asarray(vals).astype(x.dtype).reshape(a["shape"])
        if not a["none_axes"] and value.ndim <= region.ndim:
            try:
                region[...] = value
                return out
            except ValueError:
                pass
        target = _region_with_none(region.shape, a["none_axes"])
        while value.ndim > len(target) and value.shape[0] == 1:
            value = value.reshape(value.shape[1:])
        try:
            value = xp.broadcast_to(value, target).reshape(region.shape)
        except ValueError:
            raise ValueError(
                "(InvalidArgument) The shape of tensor assigned value must match the shape of target shape: "
                f"{list(value.shape)}, but now shape is {list(region.shape)}.") from None
        region[...] = value
        return out

    def infer_meta(self, x, value=None):
        return TensorMeta(x.shape, x.dtype)

    def backward(self, out_grad):
        (value,) = self.saved
        a = self.attrs
        gx = gv = None
        if self.need(0):
            gx = apply(SetValue, out_grad, dtype=a["dtype"], axes=a["axes"], starts=a["starts"], ends=a["ends"],
                       steps=a["steps"], decrease_axes=a["decrease_axes"], none_axes=[], values=[0], shape=[1])
        if value is not None and self.need(1):
            r = out_grad
            if a["axes"] or a["decrease_axes"]:
                r = apply(StridedSlice, out_grad, axes=a["axes"], starts=a["starts"], ends=a["ends"],
                          strides=a["steps"], infer_flags=[1] * len(a["axes"]), decrease_axis=a["decrease_axes"])
            if a["none_axes"]:
                from .shape import Unsqueeze
                r = apply(Unsqueeze, r, axes=sorted(a["none_axes"]))
            gv = sum_to_shape(r, value)
        return gx, gv


# -- index_put ------------------------------------------------------------------------------
def _index_tuple(indices):
    return tuple(indices)


def _index_put_error(x, idx, value):
    try:
        rshape = list(x[idx].shape)
    except IndexError as e:
        return IndexError(f"(OutOfRange) index_put: {e}")
    return ValueError(f"(InvalidArgument) shape mismatch: value tensor of shape {list(value.shape)} cannot be "
                      f"broadcast to indexing result of shape {rshape}.")


@register("index_put")
class IndexPut(ShapeOnly):
    """out = x with x[indices] set to (or, with accumulate, increased by) value; numpy index rules."""

    inputs, outputs = ("x", "indices", "value"), ("out",)
    duplicable = ("indices",)
    saves = ("indices", "value")
    shape_only = ("value",)

    def forward(self, xp, x, indices, value):
        out = x.copy()
        idx = _index_tuple(indices)
        try:
            if self.attrs["accumulate"]:
                xp.add.at(out, idx, value)
            else:
                out[idx] = value
        except IndexError as e:
            raise IndexError(f"(OutOfRange) index_put: {e}") from None
        except ValueError:
            raise _index_put_error(x, idx, value) from None
        return out

    def infer_meta(self, x, indices, value):
        return TensorMeta(x.shape, x.dtype)

    def backward(self, out_grad):
        indices, value = self.saved
        acc = self.attrs["accumulate"]
        n = len(indices)
        gx = gv = None
        if self.need(0):
            gx = out_grad if acc else apply(IndexPut, out_grad, list(indices),
                                            constant(np.zeros((), dtype=out_grad.dtype.np_dtype)), accumulate=False)
        if self.need(n + 1):
            gv = sum_to_shape(apply(IndexPutGrad, list(indices), out_grad, accumulate=acc), value)
        return gx, [None] * n, gv


@register("index_put_grad")
class IndexPutGrad(ShapeOnly):
    """The gradient of index_put's value: out_grad[indices], for every write. A duplicate index that a later
    write overwrote gets its target's gradient too, with or without accumulate (Paddle's index_put and
    torch's index_put_ alike)."""

    inputs, outputs = ("indices", "Out@GRAD"), ("value@GRAD",)
    duplicable = ("indices",)
    saves = ("indices", "Out@GRAD")
    shape_only = ("Out@GRAD",)

    def forward(self, xp, indices, g):
        return g[_index_tuple(indices)]

    def backward(self, gg):
        indices, g = self.saved
        z = zeros_like_shape(g, gg.dtype)
        return [None] * len(indices), apply(IndexPut, z, list(indices), gg, accumulate=self.attrs["accumulate"])


def op(op_type):
    """The registered op class of a Paddle op type owned by another family (gather_nd, where_index, ...)."""
    return OPS[op_type]


# -- shard_index, size -------------------------------------------------------------------------
@register("shard_index")
class ShardIndex(Op):
    """Shard-local ids: v - shard_id * shard_size inside this shard's range, else ignore_value."""

    differentiable = False

    def forward(self, xp, x):
        a = self.attrs
        n, k, sid = a["index_num"], a["nshards"], a["shard_id"]
        if k <= 0:
            raise InvalidArgument("(InvalidArgument) "
                                  f"The value 'nshards' for Op(shard_index) must be greater than 0, but the value "
                                  f"given is {k}.")
        if sid < 0:
            raise InvalidArgument("(InvalidArgument) "
                                  f"The value 'shard_id' for Op(shard_index) must be greater or equal to 0, but the "
                                  f"value given is {sid}.")
        if sid >= k:
            raise InvalidArgument("(InvalidArgument) "
                                  f"The value 'shard_id' for Op(shard_index) must be less than nshards ({k}), but the "
                                  f"value given is {sid}.")
        if x.size and x.min() < 0:
            raise InvalidArgument("(InvalidArgument) "
                                  f"The input_index for Op(shard_index) must be greater or equal to 0, but the value "
                                  f"given is {x.min()}.")
        if x.size and x.max() >= n:
            raise InvalidArgument("(InvalidArgument) "
                                  f"The input_index for Op(shard_index) must be less than index_num ({n}), but the "
                                  f"value given is {x.max()}.")
        size = (n + k - 1) // k
        lo = sid * size
        inside = (x >= lo) & (x < lo + size)
        return xp.where(inside, x - lo, a["ignore_value"]).astype(x.dtype)
