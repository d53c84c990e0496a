"""Join and split ops: concat, stack, split, unbind, unstack (duplicable X or Out slots)."""
from .._core.dispatch import apply
from .._core.op import Op, TensorMeta, register
from .shape import ShapeOnly, known


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
