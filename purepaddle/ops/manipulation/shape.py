"""Shape ops: shape, shape64, reshape2, squeeze2, unsqueeze2, transpose2, flatten, expand_v2, expand_as_v2,
broadcast_tensors."""
import math

import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import apply
from ..._core.op import Op, TensorMeta, register
from ..math.reduction import ReduceSum


# -- backward helpers shared by the shape, join and slicing families ------------------------
class ShapeOf:
    """What backward keeps of an input whose values it never reads: its shape (no data, no version)."""

    __slots__ = ("shape", "_version")

    def __init__(self, shape):
        self.shape = list(shape)
        self._version = None


class _ShapeList(list):
    """A list of ShapeOf for a duplicable input slot (carries `_version` like a saved tensor)."""

    _version = None


class RefList(list):
    """A saved list of tensors kept by reference without an in-place check (index inputs)."""

    _version = None


def _shape_of(t):
    if t is None:
        return None
    if type(t) is list:
        return _ShapeList(ShapeOf(x._data.shape) for x in t)
    return ShapeOf(t._data.shape)


class ShapeOnly(Op):
    """Base of ops whose backward needs only the shapes of (some of) the saved inputs.

    Eagerly it keeps no reference to that input's data (no memory held, no false in-place
    error); in static mode `self.saved` holds the Variables, whose runtime shape backward
    may read through ops when it has unknown (-1) dims. `shape_only` names the saved slots
    kept by shape (None: all); the others are kept by reference. Optional inputs that were
    not passed are saved as None.
    """

    shape_only = None

    def save(self, inputs, outs):
        saved = []
        only = self.shape_only
        n = len(inputs)
        for _, i in self._save_plan:
            t = inputs[i] if i < n else None
            if only is None or self.inputs[i] in only:
                saved.append((_shape_of(t), None, None, -1))
            elif type(t) is list:
                saved.append((RefList(t), None, None, -1))
            else:
                saved.append((t, None, None if t is None else t._version, -1))
        self._saved = saved


def known(shape):
    """Whether a (static) shape has no unknown dims."""
    return -1 not in shape


def reshape_like(g, like):
    """g reshaped to the shape of `like` (a runtime shape op when static dims are unknown)."""
    shape = list(like.shape)
    if list(g.shape) == shape and known(shape):
        return g
    if shape.count(-1) <= 1:
        return apply(Reshape, g, shape=shape)
    return apply(Reshape, g, apply(Shape, like), shape=[])


def sum_to_shape(g, like):
    """Sum a broadcast gradient g back to the shape of `like` (Tensor, Variable or ShapeOf)."""
    ls, gs = list(like.shape), list(g.shape)
    if gs == ls and known(ls):
        return g
    if not (known(ls) and known(gs)):
        from ..math.elementwise import ReduceAs
        return apply(ReduceAs, g, like)
    lead = len(gs) - len(ls)
    axes = list(range(lead)) + [i + lead for i, d in enumerate(ls) if d == 1 and gs[i + lead] != 1]
    if axes:
        g = apply(ReduceSum, g, dim=axes, keep_dim=True, reduce_all=False, out_dtype=-1)
    return g if list(g.shape) == ls else apply(Reshape, g, shape=ls)


def zeros_like_shape(like, dtype):
    """A zero tensor of `like`'s shape (a constant when known, else from the runtime shape)."""
    from ..creation.fill import FillConstant
    shape = list(like.shape)
    if known(shape):
        return apply(FillConstant, shape=shape, value=0.0, dtype=dtype.proto)
    from .indexing import SetValue
    return apply(SetValue, like, dtype=dtype.proto, axes=[], starts=[], ends=[], steps=[], decrease_axes=[],
                 none_axes=[], values=[0], shape=[1])


# -- shape --------------------------------------------------------------------------------
@register("shape")
class Shape(Op):
    """The shape of Input as a 1-D int32 tensor."""

    inputs, outputs = ("Input",), ("Out",)
    differentiable = False

    def forward(self, xp, x):
        return xp.array(x.shape, dtype=np.int32)

    def infer_meta(self, x):
        return TensorMeta([len(x.shape)], _dt.int32)



@register("shape64")
class Shape64(Op):
    """The shape of input as a 1-D int64 tensor (what paddle.shape gives in Paddle 3)."""

    inputs, outputs = ("input",), ("out",)
    differentiable = False

    def forward(self, xp, x):
        return xp.array(x.shape, dtype=np.int64)

    def infer_meta(self, x):
        return TensorMeta([len(x.shape)], _dt.int64)

def _reshape_error(in_shape, shape):
    shape = [int(d) for d in shape]
    size = int(np.prod(in_shape))
    if shape.count(-1) > 1:
        second = [i for i, d in enumerate(shape) if d == -1][1]
        return ValueError(
            f"(InvalidArgument) Only one dimension value of 'shape' in ReshapeOp can be -1. But received "
            f"shape = {shape}, shape[{second}] is also -1.")
    for i, d in enumerate(shape):
        if d < -1:
            return ValueError(
                f"(InvalidArgument) Each dimension value of 'shape' in ReshapeOp must not be negative except "
                f"one unknown dimension. But received shape = {shape}, shape[{i}] = {d}.")
        if d == 0 and i >= len(in_shape) and size != 0:
            return ValueError(
                f"(InvalidArgument) The index of 0 in `shape` ({i}) >= the input tensor X's dimensions "
                f"({len(in_shape)}) is only allowed for a zero-sized input, but X's shape = {list(in_shape)}.")
    resolved = [in_shape[i] if d == 0 and i < len(in_shape) else d for i, d in enumerate(shape)]
    cap = int(np.prod(resolved))
    if -1 in resolved:
        return ValueError(
            "(InvalidArgument) The 'shape' attribute in ReshapeOp is invalid. The input tensor X'size must be "
            f"divisible by known capacity of 'shape'. But received X's shape = {list(in_shape)}, X's size = {size}, "
            f"'shape' is {shape}, known capacity of 'shape' is {-cap}.")
    return ValueError(
        f"(InvalidArgument) The 'shape' in ReshapeOp is invalid. The input tensor X'size must be equal to the "
        f"capacity of 'shape'. But received X's shape = {list(in_shape)}, X's size = {size}, 'shape' is "
        f"{shape}, the capacity of 'shape' is {cap}.")


def reshape_target(in_shape, shape):
    """Paddle's reshape target: 0 copies the input dim at the same index, -1 is inferred."""
    if 0 in shape and 0 in in_shape and min(in_shape) == 0:
        return _empty_target(in_shape, shape)
    if 0 in shape:
        n = len(in_shape)
        shape = [in_shape[i] if d == 0 and i < n else d for i, d in enumerate(shape)]
    return shape


def _empty_target(in_shape, shape):
    """The target for a zero-size input, as Paddle resolves it: a 0 stays 0 (nothing to copy), and a
    -1 is the product of the input's non-zero dims over that of the target's known non-zero dims."""
    out = list(shape)
    if -1 in out:
        known = math.prod(d for d in out if d not in (0, -1))
        rest = math.prod(d for d in in_shape if d)
        out[out.index(-1)] = rest // known if known and rest % known == 0 else -2  # -2: no fit
    return out


@register("reshape2")
class Reshape(ShapeOnly):
    """Change the shape (attr `shape`, or the 1-D int tensor `Shape` when given)."""

    inputs, outputs = ("X", "Shape"), ("Out",)
    saves = ("X",)

    def forward(self, xp, x, shape=None):
        target = self.attrs["shape"] if shape is None else shape.tolist()
        try:
            if 0 in target or min(target, default=0) < -1:
                return x.reshape(reshape_target(x.shape, _check_target(x.shape, target)))
            return x.reshape(target)
        except ValueError:
            raise _reshape_error(x.shape, target) from None

    def infer_meta(self, x, shape=None):
        if shape is not None:
            n = shape.shape[0] if shape.shape and shape.shape[0] >= 0 else len(self.attrs["shape"])
            attr = self.attrs["shape"]
            return TensorMeta(attr if len(attr) == n and attr else [-1] * max(n, 0), x.dtype)
        target = reshape_target(x.shape, self.attrs["shape"])
        if target.count(-1) == 1 and known(x.shape):
            known_part = int(np.prod([d for d in target if d != -1]))
            total = int(np.prod(x.shape))
            if known_part and total % known_part == 0:
                target[target.index(-1)] = total // known_part
        return TensorMeta(target, x.dtype)

    def backward(self, out_grad):
        (x,) = self.saved
        return reshape_like(out_grad, x), None


def _check_target(in_shape, target):
    """Raise Paddle's error for a reshape target that cannot fit a tensor of shape in_shape."""
    if target.count(-1) > 1 or min(target, default=0) < -1:
        raise _reshape_error(in_shape, target)
    size = math.prod(in_shape)
    if size == 0 and 0 in target and min(in_shape) == 0:
        if min(reshape_target(list(in_shape), list(target))) < 0:
            raise _reshape_error(in_shape, target)
        return target
    for i, d in enumerate(target):
        if d == 0 and i >= len(in_shape) and size != 0:
            raise _reshape_error(in_shape, target)
    resolved = reshape_target(list(in_shape), list(target))
    known_part = math.prod([d for d in resolved if d != -1])
    if (-1 in resolved and known_part and size % known_part) or (-1 not in resolved and known_part != size):
        raise _reshape_error(in_shape, target)
    return target


def squeeze_shape(shape, axes):
    """Output shape of squeeze2: drop the listed size-1 dims (all size-1 dims when axes is empty)."""
    n = len(shape)
    if not axes:
        return [d for d in shape if d != 1]
    drop = {a + n if a < 0 else a for a in axes}
    return [d for i, d in enumerate(shape) if not (i in drop and d == 1)]


@register("squeeze2")
class Squeeze(ShapeOnly):
    """Remove size-1 dims (attr `axes`; dims in axes that are not 1 are kept, as in Paddle)."""

    saves = ("X",)

    def forward(self, xp, x):
        axes = self.attrs["axes"]
        n = x.ndim
        for a in axes:
            if not -max(n, 1) <= a < max(n, 1):
                raise ValueError(
                    f"(InvalidArgument) Each axis in Attr(axes) should be in the range of [{-n}, {n - 1}]But "
                    f"current axis is:{a}, input tensor's shape = {list(x.shape)}.")
        return x.reshape(squeeze_shape(x.shape, axes))

    def infer_meta(self, x):
        return TensorMeta(squeeze_shape(x.shape, self.attrs["axes"]), x.dtype)

    def backward(self, out_grad):
        (x,) = self.saved
        return reshape_like(out_grad, x)


def unsqueeze_shape(shape, axes):
    """Output shape of unsqueeze2: insert size-1 dims one axis at a time (negative counts from the end)."""
    out = list(shape)
    for a in axes:
        cur = a + len(out) + 1 if a < 0 else a
        if cur < 0:
            raise ValueError("(InvalidArgument) The insert dimension value should not be less than 0, but "
                             f"received axis {a} for a tensor of shape {list(shape)}")
        if cur > len(out):
            raise ValueError("(InvalidArgument) The insert dimension value should not be larger than the "
                             f"dimension size of input tensor: axis {a} for a tensor of shape {list(shape)}")
        out.insert(cur, 1)
    return out


@register("unsqueeze2")
class Unsqueeze(ShapeOnly):
    """Insert size-1 dims at attr `axes`."""

    saves = ("X",)

    def forward(self, xp, x):
        return x.reshape(unsqueeze_shape(x.shape, self.attrs["axes"]))

    def infer_meta(self, x):
        return TensorMeta(unsqueeze_shape(x.shape, self.attrs["axes"]), x.dtype)

    def backward(self, out_grad):
        (x,) = self.saved
        return reshape_like(out_grad, x)


@register("transpose2")
class Transpose(Op):
    """Permute dims by attr `axis` (a view, as in Paddle)."""

    def forward(self, xp, x):
        return x.transpose(self.attrs["axis"])

    def infer_meta(self, x):
        return TensorMeta([x.shape[a] for a in self.attrs["axis"]], x.dtype)

    def backward(self, out_grad):
        perm = self.attrs["axis"]
        n = len(perm)
        inv = [0] * n
        for i, a in enumerate(perm):
            inv[a % n] = i
        return apply(Transpose, out_grad, axis=inv)


def flatten_shape(shape, start, stop):
    """Output shape of flatten_contiguous_range."""
    if not shape:
        return [1]
    n = len(shape)
    start, stop = start % n, stop % n
    mid = shape[start:stop + 1]
    size = -1 if -1 in mid else int(np.prod(mid))
    return list(shape[:start]) + [size] + list(shape[stop + 1:])


@register("flatten_contiguous_range")
class Flatten(ShapeOnly):
    """Merge dims start_axis..stop_axis into one."""

    saves = ("X",)

    def forward(self, xp, x):
        a = self.attrs
        return x.reshape(flatten_shape(x.shape, a["start_axis"], a["stop_axis"]))

    def infer_meta(self, x):
        a = self.attrs
        return TensorMeta(flatten_shape(x.shape, a["start_axis"], a["stop_axis"]), x.dtype)

    def backward(self, out_grad):
        (x,) = self.saved
        return reshape_like(out_grad, x)


# -- broadcasting ---------------------------------------------------------------------------
def expand_target(in_shape, shape, op="expand_v2"):
    """Paddle's expand rule: `shape` may add leading dims; -1 keeps the input dim."""
    n, m = len(shape), len(in_shape)
    if n < m:
        raise ValueError(
            f"(InvalidArgument) The number of elements ({n}) of 'shape' for {op} op must be greater than or "
            f"equal to the rank ({m}) of the input.")
    if n > 8:
        raise ValueError(f"(InvalidArgument) The number of elements ({n}) of 'shape' for must not be greater than 8.")
    lead = n - m
    out = []
    for i, d in enumerate(shape):
        if i < lead:
            if d < 0:
                raise ValueError(f"(InvalidArgument) The expanded size ({d}) for non-existing dimensions must "
                                 f"be positive for {op} op.")
            out.append(d)
            continue
        s = in_shape[i - lead]
        if d == -1 or d == s:
            out.append(s)
        elif s == 1 or s == -1:
            out.append(d)
        else:
            raise ValueError(
                f"(InvalidArgument) The value ({s}) of the non-singleton dimension does not match the "
                f"corresponding value ({d}) in shape for {op} op.")
    return out


def _broadcast_copy(xp, x, shape):
    out = xp.empty(shape, dtype=x.dtype)
    out[...] = x  # a real (writable) copy, cheaper than broadcast_to(...).copy() for small arrays
    return out


@register("expand_v2")
class Expand(ShapeOnly):
    """Broadcast X to attr `shape` (or the 1-D int tensor `Shape`); -1 keeps a dim."""

    inputs, outputs = ("X", "Shape"), ("Out",)
    saves = ("X",)

    def forward(self, xp, x, shape=None):
        target = self.attrs["shape"] if shape is None else shape.tolist()
        return _broadcast_copy(xp, x, expand_target(x.shape, target))

    def infer_meta(self, x, shape=None):
        if shape is not None:
            return TensorMeta([-1] * max(shape.shape[0], 0), x.dtype)
        return TensorMeta(expand_target(x.shape, self.attrs["shape"]), x.dtype)

    def backward(self, out_grad):
        (x,) = self.saved
        return sum_to_shape(out_grad, x), None


@register("expand_as_v2")
class ExpandAs(ShapeOnly):
    """Broadcast X to the shape of Y (runtime shape, so static -1 dims work) or attr target_shape."""

    inputs, outputs = ("X", "Y"), ("Out",)
    saves = ("X",)

    def forward(self, xp, x, y=None):
        if y is not None:  # runtime shape: numpy's broadcast check is Paddle's rule here
            out = xp.empty(y.shape, dtype=x.dtype)
            out[...] = x
            return out
        return _broadcast_copy(xp, x, expand_target(x.shape, list(self.attrs["target_shape"]), "expand_as_v2"))

    def infer_meta(self, x, y=None):
        return TensorMeta(list(y.shape) if y is not None else list(self.attrs["target_shape"]), x.dtype)

    def backward(self, out_grad):
        (x,) = self.saved
        return sum_to_shape(out_grad, x), None


@register("broadcast_tensors")
class BroadcastTensors(ShapeOnly):
    """Broadcast every tensor of X to their common shape."""

    inputs, outputs = ("X",), ("Out",)
    duplicable = ("X", "Out")
    saves = ("X",)

    def forward(self, xp, xs):
        shape = xp.broadcast_shapes(*[x.shape for x in xs])
        return ([_broadcast_copy(xp, x, shape) for x in xs],)

    def backward(self, out_grads):
        (xs,) = self.saved
        return [None if g is None or not self.need(i) else sum_to_shape(g, x)
                for i, (g, x) in enumerate(zip(out_grads, xs))]
