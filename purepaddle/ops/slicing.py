"""Slicing ops: slice, strided_slice (+ grads), set_value, index_put, crop_tensor, pad, pad3d."""
import numpy as np

from .._core.dispatch import apply, constant
from .._core.op import OPS, Op, TensorMeta, register
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


def _last_writer_mask(xp, idx, shape):
    """For int advanced indices with duplicates: True where an element is the last write of its target."""
    if any(i.dtype == np.bool_ for i in idx):
        return None
    arrs = xp.broadcast_arrays(*[i % shape[k] if shape[k] else i for k, i in enumerate(idx)])
    flat = xp.ravel_multi_index(arrs, shape[:len(arrs)]).ravel()
    if flat.size < 2:
        return None
    rev = flat[::-1]
    uniq, first = xp.unique(rev, return_index=True)
    if uniq.size == flat.size:
        return None
    mask = xp.zeros(flat.size, dtype=bool)
    mask[flat.size - 1 - first] = True
    return mask.reshape(arrs[0].shape)


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
    """The gradient of index_put's value: out_grad[indices], zero where a later duplicate overwrote."""

    inputs, outputs = ("indices", "Out@GRAD"), ("value@GRAD",)
    duplicable = ("indices",)
    saves = ("indices", "Out@GRAD")
    shape_only = ("Out@GRAD",)

    def forward(self, xp, indices, g):
        idx = _index_tuple(indices)
        r = g[idx]
        if not self.attrs["accumulate"]:
            mask = _last_writer_mask(xp, idx, g.shape)
            if mask is not None:
                r = r * mask.reshape(mask.shape + (1,) * (r.ndim - mask.ndim))
        return r

    def backward(self, gg):
        indices, g = self.saved
        z = zeros_like_shape(g, gg.dtype)
        return [None] * len(indices), apply(IndexPut, z, list(indices), gg, accumulate=self.attrs["accumulate"])


# -- crop, pad ------------------------------------------------------------------------------
def crop_window(in_shape, shape, offsets):
    """(offsets, out_shape) of crop_tensor: -1 in shape means 'to the end of the dim'."""
    n = len(in_shape)
    if len(shape) != n:
        raise ValueError(
            f"(InvalidArgument) The number of elements ({len(shape)}) of attribute 'shape' for CropTensor must be "
            f"equal to the number of dimensions ({n}) of the input.")
    offsets = list(offsets) if offsets else [0] * n
    if len(offsets) != n:
        raise ValueError(
            f"(InvalidArgument) The number of elements ({len(offsets)}) of attribute 'offsets' for CropTensor must be "
            f"equal to the number of dimensions ({n}) of the input.")
    out = []
    for i in range(n):
        o, s = offsets[i], shape[i]
        if o < 0:
            raise ValueError(f"(InvalidArgument) The offsets ({o}) of the {i}th elements of Op(crop_tensor) "
                             "should be greater than or equal to 0.")
        if s == -1:
            s = in_shape[i] - o
        if in_shape[i] >= 0 and o + s > in_shape[i]:
            raise ValueError(
                f"(InvalidArgument) The sum of the {i}th elements of offsets ({o}) and shape ({s}) of "
                f"Op(crop_tensor) should be less than or equal to the size of {i}th dimension of the input.")
        out.append(s)
    return offsets, out


@register("crop_tensor")
class CropTensor(ShapeOnly):
    """The window of X at attr offsets with attr shape (-1: to the end of the dim)."""

    inputs, outputs = ("X", "Shape", "Offsets"), ("Out",)
    saves = ("X",)

    def forward(self, xp, x, shape=None, offsets=None):
        a = self.attrs
        sh = a["shape"] if shape is None else shape.tolist()
        of = a["offsets"] if offsets is None else offsets.tolist()
        of, sh = crop_window(x.shape, sh, of)
        return x[tuple(slice(o, o + s) for o, s in zip(of, sh))].copy()

    def backward(self, out_grad):
        (x,) = self.saved
        a = self.attrs
        if len(a["shape"]) != len(x.shape) or len(a["offsets"]) != len(x.shape):
            raise NotImplementedError("crop: the gradient needs shape and offsets known when the program is built")
        of, sh = crop_window(x.shape, a["shape"], a["offsets"])
        n = len(of)
        return apply(SliceGrad, None, out_grad, input_shape=list(x.shape), axes=list(range(n)), starts=of,
                     ends=[o + s for o, s in zip(of, sh)], infer_flags=[1] * n, decrease_axis=[]), None, None


def pad_constant(xp, x, paddings, value):
    """Pad (or crop, for negative entries) every dim by paddings [before0, after0, before1, ...]."""
    shape = [d + paddings[2 * i] + paddings[2 * i + 1] for i, d in enumerate(x.shape)]
    if min(shape, default=0) < 0:
        raise ValueError(f"(InvalidArgument) pad: paddings {list(paddings)} give a negative size for input shape "
                         f"{list(x.shape)}")
    out = xp.full(shape, value, dtype=x.dtype)
    src, dst = [], []
    for i, d in enumerate(x.shape):
        b, a = paddings[2 * i], paddings[2 * i + 1]
        src.append(slice(max(0, -b), d - max(0, -a)))
        dst.append(slice(max(0, b), max(0, b) + max(0, d - max(0, -b) - max(0, -a))))
    out[tuple(dst)] = x[tuple(src)]
    return out


@register("pad")
class Pad(Op):
    """Constant padding of every dim (attr paddings [before0, after0, ...], pad_value); negative crops."""

    def forward(self, xp, x):
        return pad_constant(xp, x, self.attrs["paddings"], self.attrs["pad_value"])

    def backward(self, out_grad):
        return apply(Pad, out_grad, paddings=[-p for p in self.attrs["paddings"]], pad_value=0.0)


def _pad3d_layout(a, ndim):
    """Spatial axes (D, H, W) of a 5-D pad3d input and the paddings per axis as (before, after)."""
    p = a["paddings"]
    axes = (2, 3, 4) if a.get("data_format", "NCDHW") == "NCDHW" else (1, 2, 3)
    # paddings are [left, right, top, bottom, front, back]: W first, then H, then D
    return list(zip(axes, [(p[4], p[5]), (p[2], p[3]), (p[0], p[1])]))


def pad_index(mode, n, before, after):
    """Source positions of each output position along one axis for reflect/replicate/circular padding."""
    pos = np.arange(-before, n + after)
    if mode == "reflect":
        period = 2 * (n - 1) if n > 1 else 1
        pos = np.abs(pos) % period
        return np.where(pos >= n, period - pos, pos)
    if mode == "replicate":
        return np.clip(pos, 0, n - 1)
    return pos % n


_NAMES = {2: ("depth", "front", "back"), 3: ("height", "top", "bottom"), 4: ("width", "left", "right")}


def check_pad3d(shape, attrs):
    """Paddle's errors for reflect padding wider than the dim, or padding an empty dim."""
    mode = attrs["mode"]
    if mode == "constant":
        return
    for ax, (b, e) in _pad3d_layout(attrs, len(shape)):
        n = shape[ax]
        if n < 0:
            continue
        if mode == "reflect" and (b >= n or e >= n):
            k = ax if attrs.get("data_format", "NCDHW") == "NCDHW" else ax + 1
            name, side = _NAMES[k][0], (_NAMES[k][1] if b >= n else _NAMES[k][2])
            raise ValueError(
                f"(InvalidArgument) The {name} of Input(X)'s dimension should be greater than pad_{side} in "
                f"reflect mode, but received {name}({n}) and pad_{side}({b if b >= n else e}).")
        if n == 0 and (b or e):
            raise ValueError(f"(InvalidArgument) pad3d: cannot pad an empty dim in {mode} mode")


@register("pad3d")
class Pad3d(Op):
    """Pad the D, H, W dims of a 5-D tensor: mode constant/reflect/replicate/circular, data_format NCDHW/NDHWC."""

    inputs, outputs = ("X", "Paddings"), ("Out",)

    def forward(self, xp, x, paddings=None):
        a = dict(self.attrs)
        if paddings is not None:
            a["paddings"] = paddings.tolist()
        mode = a["mode"]
        layout = _pad3d_layout(a, x.ndim)
        if mode == "constant":
            p = [0] * (2 * x.ndim)
            for ax, (b, e) in layout:
                p[2 * ax], p[2 * ax + 1] = b, e
            return pad_constant(xp, x, p, a["value"])
        check_pad3d(x.shape, a)
        out = x
        for ax, (b, e) in layout:
            n = x.shape[ax]
            if b or e:
                out = out.take(pad_index(mode, n, b, e), axis=ax)
        return out if out is not x else x.copy()

    def infer_meta(self, x, paddings=None):
        shape = list(x.shape)
        if paddings is not None:
            return TensorMeta([-1 if i in (2, 3, 4) else d for i, d in enumerate(shape)], x.dtype)
        for ax, (b, e) in _pad3d_layout(self.attrs, len(shape)):
            if shape[ax] >= 0:
                shape[ax] += b + e
        return TensorMeta(shape, x.dtype)

    def backward(self, out_grad):
        a = self.attrs
        if a["mode"] == "constant":
            return apply(Pad3d, out_grad, paddings=[-p for p in a["paddings"]], mode="constant", value=0.0,
                         data_format=a["data_format"]), None
        return apply(Pad3dGrad, out_grad, **a), None


@register("pad3d_grad")
class Pad3dGrad(Op):
    """Fold a reflect/replicate/circular pad3d gradient back onto the source positions."""

    inputs, outputs = ("Out@GRAD",), ("X@GRAD",)

    def forward(self, xp, g):
        a = self.attrs
        for ax, (b, e) in _pad3d_layout(a, g.ndim):
            if not (b or e):
                continue
            n = g.shape[ax] - b - e
            src = pad_index(a["mode"], n, b, e)
            moved = xp.moveaxis(g, ax, 0)
            out = xp.zeros((n,) + moved.shape[1:], dtype=g.dtype)
            xp.add.at(out, src, moved)
            g = xp.moveaxis(out, 0, ax)
        return g

    def backward(self, gg):
        return apply(Pad3d, gg, **self.attrs)


def op(op_type):
    """The registered op class of a Paddle op type owned by another family (gather_nd, where_index, ...)."""
    return OPS[op_type]
