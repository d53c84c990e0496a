"""Join, split and rearranging ops: concat, stack, split, unbind, unstack, tile, flip, roll,
repeat_interleave, crop_tensor, pad, pad3d."""
import numpy as np

from ..._core.dispatch import apply
from ..._core.op import Op, TensorMeta, register
from .indexing import SliceGrad
from .shape import ShapeOnly, Squeeze, known, zeros_like_shape


def _axis(attrs, ndim, tensor=None):
    a = int(tensor.reshape(-1)[0]) if tensor is not None else attrs["axis"]
    return a + ndim if a < 0 else a


@register("concat")
class Concat(ShapeOnly):
    """Join the tensors of X along attr axis (or the 1-element AxisTensor)."""

    inputs, outputs = ("X", "AxisTensor"), ("Out",)
    duplicable = ("X",)
    saves = ("X", "AxisTensor")
    shape_only = ("X",)

    def forward(self, xp, xs, axis_t=None):
        axis = _axis(self.attrs, xs[0].ndim, axis_t)
        try:
            return xp.concatenate(xs, axis=axis)
        except ValueError:
            raise _concat_error(xs, axis) from None

    def infer_meta(self, xs, axis_t=None):
        n = len(xs[0].shape)
        axis = _axis(self.attrs, n)
        shape = list(xs[0].shape)
        sizes = [x.shape[axis] for x in xs]
        shape[axis] = -1 if -1 in sizes else int(sum(sizes))
        for j in range(n):
            if j != axis and shape[j] == -1:
                shape[j] = max(x.shape[j] for x in xs)
        return TensorMeta(shape, xs[0].dtype)

    def backward(self, out_grad):
        xs, axis_t = self.saved
        if axis_t is not None:
            grads = apply(ConcatGrad, xs, out_grad, axis_t, axis=0)[0]
            return [g if self.need(i) else None for i, g in enumerate(grads)], None
        axis = _axis(self.attrs, len(xs[0].shape))
        sizes = [x.shape[axis] for x in xs]
        if known(sizes):
            grads = apply(Split, out_grad, sections=sizes, num=0, axis=axis)[0]
        else:
            grads = apply(ConcatGrad, xs, out_grad, axis=axis)[0]
        return [g if self.need(i) else None for i, g in enumerate(grads)], None


def _concat_error(xs, axis):
    s0 = list(xs[0].shape)
    for i, x in enumerate(xs[1:], 1):
        if x.ndim != xs[0].ndim:
            return ValueError(
                f"(InvalidArgument) The shape of input[0] and input[{i}] is expected to be equal.But received "
                f"input[0]'s shape = {s0}, input[{i}]'s shape = {list(x.shape)}.")
        for j in range(x.ndim):
            if j != axis and x.shape[j] != xs[0].shape[j]:
                return ValueError(
                    f"(InvalidArgument) The {j}-th dimension of input[0] and input[{i}] is expected to be equal."
                    f"But received input[0]'s shape = {s0}, input[{i}]'s shape = {list(x.shape)}.")
    return ValueError(f"(InvalidArgument) concat failed for shapes {[list(x.shape) for x in xs]} on axis {axis}")


@register("concat_grad")
class ConcatGrad(ShapeOnly):
    """Split a concat gradient by the runtime sizes of the inputs X (static graphs with -1 dims)."""

    inputs, outputs = ("X", "Out@GRAD", "AxisTensor"), ("X@GRAD",)
    duplicable = ("X", "X@GRAD")
    saves = ("AxisTensor",)
    shape_only = ()

    def forward(self, xp, xs, g, axis_t=None):
        axis = _axis(self.attrs, g.ndim, axis_t)
        return (_pieces(g, [x.shape[axis] for x in xs], axis),)

    def infer_meta(self, xs, g, axis_t=None):
        return ([TensorMeta(x.shape, g.dtype) for x in xs],)

    def backward(self, ggs):
        (axis_t,) = self.saved
        return [None] * len(ggs), apply(Concat, ggs, axis_t, axis=self.attrs["axis"]), None


@register("stack")
class Stack(ShapeOnly):
    """Stack the same-shaped tensors of X along a new dim attr axis."""

    inputs, outputs = ("X",), ("Y",)
    duplicable = ("X",)
    saves = ("X",)

    def forward(self, xp, xs):
        try:
            return xp.stack(xs, axis=self.attrs["axis"])
        except ValueError:
            raise _concat_error(xs, -1) from None

    def backward(self, out_grad):
        n = len(self.saved[0])
        grads = apply(Unstack, out_grad, axis=self.attrs["axis"], num=n)[0]
        return [g if self.need(i) else None for i, g in enumerate(grads)]


def _split_points(size, sections, num, axis, shape):
    if num > 0:
        if size % num:
            raise ValueError(
                "(InvalidArgument) The input's size along the split dimension must be evenly divisible by "
                f"Attr(num_or_sections). But received Attr(num_or_sections) = {num}, input(X)'s shape = "
                f"{list(shape)}, Attr(dim) = {axis}.")
        return [size // num] * num
    sections = list(sections)
    if sections.count(-1) > 1:
        raise ValueError("(InvalidArgument) Only one dimension value of Attr(num_or_sections) in SplitOp can be "
                         f"-1. But received Attr(num_or_sections) = {sections}.")
    if -1 in sections:
        rest = size - sum(s for s in sections if s != -1)
        if rest < 0:
            raise ValueError(
                "(InvalidArgument) Sum of Attr(num_or_sections) other than unknown section must be less than the "
                f"input's size along the split dimension. But received Attr(num_or_sections) = {sections}, input(X)'s shape = "
                f"{list(shape)}, Attr(dim) = {axis}.")
        sections[sections.index(-1)] = rest
    if sum(sections) != size:
        raise ValueError(
            "(InvalidArgument) Sum of Attr(num_or_sections) must be equal to the input's size along the split "
            f"dimension. But received Attr(num_or_sections) = {sections}, input(X)'s shape = {list(shape)}, "
            f"Attr(dim) = {axis}.")
    return sections


def _pieces(x, sizes, axis):
    """Copies of consecutive pieces of x along axis with the given sizes."""
    lead = (slice(None),) * axis
    out, start = [], 0
    for n in sizes:
        out.append(x[lead + (slice(start, start + n),)].copy())
        start += n
    return out


@register("split")
class Split(ShapeOnly):
    """Split X along attr axis into attr num equal parts, or parts of attr sections (one may be -1)."""

    inputs, outputs = ("X", "AxisTensor"), ("Out",)
    duplicable = ("Out",)
    saves = ("AxisTensor",)
    shape_only = ()

    def forward(self, xp, x, axis_t=None):
        a = self.attrs
        axis = _axis(a, x.ndim, axis_t)
        sizes = _split_points(x.shape[axis], a["sections"], a["num"], axis, x.shape)
        return (_pieces(x, sizes, axis),)

    def infer_meta(self, x, axis_t=None):
        a = self.attrs
        axis = _axis(a, len(x.shape))
        size = x.shape[axis]
        if size < 0:
            n = a["num"] or len(a["sections"])
            sizes = list(a["sections"]) if not a["num"] else [-1] * n
            sizes = [-1 if s == -1 else s for s in sizes]
        else:
            sizes = _split_points(size, a["sections"], a["num"], axis, x.shape)
        outs = []
        for s in sizes:
            shape = list(x.shape)
            shape[axis] = s
            outs.append(TensorMeta(shape, x.dtype))
        return (outs,)

    def backward(self, out_grads):
        (axis_t,) = self.saved
        return apply(Concat, list(out_grads), axis_t, axis=self.attrs["axis"]), None


@register("unbind")
class Unbind(Op):
    """Remove dim attr axis, returning each slice along it (views, as in Paddle)."""

    inputs, outputs = ("X",), ("Out",)
    duplicable = ("Out",)

    def forward(self, xp, x):
        axis = _axis(self.attrs, x.ndim)
        lead = (slice(None),) * axis
        return ([x[lead + (i,)] for i in range(x.shape[axis])],)

    def infer_meta(self, x):
        axis = _axis(self.attrs, len(x.shape))
        shape = [d for i, d in enumerate(x.shape) if i != axis]
        return ([TensorMeta(shape, x.dtype) for _ in range(max(x.shape[axis], 0))],)

    def backward(self, out_grads):
        return apply(Stack, list(out_grads), axis=self.attrs["axis"])


@register("unstack")
class Unstack(Op):
    """Split X along attr axis into attr num tensors with that dim removed (copies)."""

    inputs, outputs = ("X",), ("Y",)
    duplicable = ("Y",)

    def forward(self, xp, x):
        axis = _axis(self.attrs, x.ndim)
        lead = (slice(None),) * axis
        return ([x[lead + (i,)].copy() for i in range(x.shape[axis])],)

    def infer_meta(self, x):
        axis = _axis(self.attrs, len(x.shape))
        shape = [d for i, d in enumerate(x.shape) if i != axis]
        return ([TensorMeta(shape, x.dtype) for _ in range(self.attrs["num"])],)

    def backward(self, out_grads):
        return apply(Stack, list(out_grads), axis=self.attrs["axis"])


@register("tile")
class Tile(ShapeOnly):
    """Repeat X along each dim by attr repeat_times or the RepeatTimes tensor (numpy.tile rank rules)."""

    inputs, outputs = ("X", "RepeatTimes"), ("Out",)
    saves = ("X", "RepeatTimes")
    shape_only = ("X",)

    def forward(self, xp, x, repeat_times=None):
        reps = self.attrs["repeat_times"] if repeat_times is None else repeat_times.tolist()
        for r in reps:
            if r < 0:
                raise ValueError("(InvalidArgument) All elements of the input 'repeat_times' for tile op must be "
                                 f"positive integers, but the value received is {r}.")
        return xp.tile(x, reps)

    def backward(self, out_grad):
        x, reps_t = self.saved
        reps = list(self.attrs["repeat_times"])
        nreps = len(reps) if reps_t is None else reps_t.shape[0]
        if nreps < 0:
            raise NotImplementedError("tile: the gradient needs the number of repeat_times known when built")
        if 0 in reps:
            return zeros_like_shape(x, out_grad.dtype), None
        g = apply(TileGrad, out_grad, reps_t, repeat_times=reps)
        n = max(nreps, len(x.shape))
        if n > len(x.shape):
            g = apply(Squeeze, g, axes=list(range(n - len(x.shape))))
        return g, None


@register("tile_grad")
class TileGrad(ShapeOnly):
    """Sum the tiles of a gradient back onto one tile (repeat_times padded with leading 1s to the rank)."""

    inputs, outputs = ("Out@GRAD", "RepeatTimes"), ("X@GRAD",)
    saves = ("RepeatTimes",)
    shape_only = ()

    def _reps(self, ndim, reps_t=None):
        reps = self.attrs["repeat_times"] if reps_t is None else reps_t.tolist()
        return [1] * (ndim - len(reps)) + list(reps)

    def forward(self, xp, g, reps_t=None):
        reps = self._reps(g.ndim, reps_t)
        inter = []
        for r, s in zip(reps, g.shape):
            inter += [r, s // r]
        return g.reshape(inter).sum(axis=tuple(range(0, 2 * len(reps), 2)))

    def infer_meta(self, g, reps_t=None):
        if reps_t is not None:
            return TensorMeta([-1] * len(g.shape), g.dtype)
        reps = self._reps(len(g.shape))
        return TensorMeta([-1 if s < 0 else s // r for r, s in zip(reps, g.shape)], g.dtype)

    def backward(self, gg):
        (reps_t,) = self.saved
        return apply(Tile, gg, reps_t, repeat_times=list(self.attrs["repeat_times"])), None


@register("flip")
class Flip(Op):
    """Reverse the order of elements along attr `axis` (a list)."""

    def forward(self, xp, x):
        axis = self.attrs["axis"]
        if not axis:
            return x.copy()
        return xp.flip(x, axis=tuple(axis)).copy()

    def infer_meta(self, x):
        return TensorMeta(x.shape, x.dtype)

    def backward(self, out_grad):
        return apply(Flip, out_grad, axis=list(self.attrs["axis"]))


@register("roll")
class Roll(Op):
    """Roll elements by attr shifts along attr axis (the flattened tensor when axis is empty)."""

    inputs, outputs = ("X", "ShiftsTensor"), ("Out",)

    def forward(self, xp, x, shifts=None):
        s = self.attrs["shifts"] if shifts is None else shifts.tolist()
        axis = self.attrs["axis"]
        if not axis:
            return xp.roll(x.reshape(-1), s[0]).reshape(x.shape)
        return xp.roll(x, s, axis=axis)

    def infer_meta(self, x, shifts=None):
        return TensorMeta(x.shape, x.dtype)

    def backward(self, out_grad):
        a = self.attrs
        return apply(Roll, out_grad, shifts=[-s for s in a["shifts"]], axis=list(a["axis"])), None


@register("repeat_interleave")
class RepeatInterleave(ShapeOnly):
    """Repeat each slice along attr dim: attr Repeats times, or RepeatsTensor[i] times for slice i."""

    inputs, outputs = ("X", "RepeatsTensor"), ("Out",)
    saves = ("RepeatsTensor",)
    shape_only = ()

    def forward(self, xp, x, repeats=None):
        a = self.attrs
        dim = a["dim"]
        if repeats is None:
            return xp.repeat(x, a["Repeats"], axis=dim)
        if repeats.ndim != 1 or repeats.shape[0] != x.shape[dim]:
            raise ValueError(
                "(InvalidArgument) The length of Input(RepeatsTensor) must be the same as length of Input(X) in "
                f"axis. But received: [{repeats.size}], required: [{x.shape[dim]}].")
        return xp.repeat(x, repeats, axis=dim)

    def infer_meta(self, x, repeats=None):
        a = self.attrs
        shape = list(x.shape)
        d = a["dim"] % len(shape)
        if repeats is not None or shape[d] < 0:
            shape[d] = -1
        else:
            shape[d] *= a["Repeats"]
        return TensorMeta(shape, x.dtype)

    def backward(self, out_grad):
        (repeats,) = self.saved
        a = self.attrs
        return apply(RepeatInterleaveGrad, out_grad, repeats, Repeats=a["Repeats"], dim=a["dim"]), None


@register("repeat_interleave_grad")
class RepeatInterleaveGrad(ShapeOnly):
    """Sum each run of repeated slices of the gradient back onto its source slice."""

    inputs, outputs = ("Out@GRAD", "RepeatsTensor"), ("X@GRAD",)
    saves = ("RepeatsTensor",)
    shape_only = ()

    def forward(self, xp, g, repeats=None):
        a = self.attrs
        dim = a["dim"] % g.ndim
        if repeats is None:
            r = a["Repeats"]
            shape = list(g.shape)
            return g.reshape(shape[:dim] + [shape[dim] // r, r] + shape[dim + 1:]).sum(axis=dim + 1)
        n = repeats.shape[0]
        src = xp.repeat(xp.arange(n), repeats)
        moved = xp.moveaxis(g, dim, 0)
        out = xp.zeros((n,) + moved.shape[1:], dtype=g.dtype)
        xp.add.at(out, src, moved)
        return xp.moveaxis(out, 0, dim)

    def infer_meta(self, g, repeats=None):
        shape = list(g.shape)
        d = self.attrs["dim"] % len(shape)
        if repeats is not None:
            shape[d] = repeats.shape[0]
        elif shape[d] >= 0:
            shape[d] //= self.attrs["Repeats"]
        return TensorMeta(shape, g.dtype)

    def backward(self, gg):
        (repeats,) = self.saved
        return apply(RepeatInterleave, gg, repeats, Repeats=self.attrs["Repeats"], dim=self.attrs["dim"]), None


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
