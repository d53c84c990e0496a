"""Mask- and index-driven selecting ops: where, where_index, masked_select, masked_fill,
index_sample (+ grads)."""
import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import apply
from ..._core.op import Op, TensorMeta, register
from .._errors import InvalidArgument, PreconditionNotMet
from ..manipulation.gathering import _bounds, along_axis_index, zeros_const
from ..math.elementwise import broadcast_shape, sum_to


def _sample_check(x, index):
    n = x.shape[1]
    if index.size:
        lo, hi = _bounds(index)
        if lo < 0 or hi >= n:
            bad = lo if lo < 0 else hi
            hint = (f"index_vec[i] >= 0, but received index_vec[i]:{bad} < 0:0" if bad < 0
                    else f"index_vec[i] < value_length, but received index_vec[i]:{bad} >= value_length:{n}")
            raise InvalidArgument(
                f"(InvalidArgument) Variable value (index) of OP(index_sample) expected >= 0 and < {n}, but got "
                f"{bad}. Please check input value.\n  [Hint: Expected {hint}.]")


@register("index_sample")
class IndexSample(Op):
    """out[i, j] = x[i, index[i, j]] for 2-D x and index with the same rows."""

    inputs, outputs = ("X", "Index"), ("Out",)
    saves = ("X", "Index")

    def forward(self, xp, x, index):
        _sample_check(x, index)
        return xp.take_along_axis(x, index, axis=1)

    def infer_meta(self, x, index):
        return TensorMeta(index.shape, x.dtype)

    def backward(self, out_grad):
        x, index = self.saved
        return apply(IndexSampleGrad, x, index, out_grad), None


@register("index_sample_grad")
class IndexSampleGrad(Op):
    inputs, outputs = ("X", "Index", "Out@GRAD"), ("X@GRAD",)
    saves = ("Index",)

    def forward(self, xp, x, index, g):
        out = xp.zeros(x.shape, dtype=g.dtype)
        xp.add.at(out, along_axis_index(index, 1), g)
        return out

    def infer_meta(self, x, index, g):
        return TensorMeta(x.shape, g.dtype)

    def backward(self, gg):
        (index,) = self.saved
        return None, None, apply(IndexSample, gg, index)


# -- masked_select -----------------------------------------------------------------------
def _mask_shapes(xs, ms):
    try:
        return np.broadcast_shapes(xs, ms)
    except ValueError:
        n = max(len(xs), len(ms))
        a = (1,) * (n - len(xs)) + tuple(xs)
        b = (1,) * (n - len(ms)) + tuple(ms)
        i = next(k for k in range(n) if a[k] != b[k] and a[k] != 1 and b[k] != 1)
        raise PreconditionNotMet(
            f"(PreconditionNotMet) The size of tensor x ({a[i]}) must match the size of tensor y ({b[i]}) at "
            f"non-singleton dimension {i}.") from None


@register("masked_select")
class MaskedSelect(Op):
    """Y = the elements of X where Mask is True (X and Mask broadcast), as a 1-D tensor."""

    inputs, outputs = ("X", "Mask"), ("Y",)
    saves = ("X", "Mask")

    def forward(self, xp, x, mask):
        if x.shape != mask.shape:
            shape = _mask_shapes(x.shape, mask.shape)
            x, mask = xp.broadcast_to(x, shape), xp.broadcast_to(mask, shape)
        return x[mask]

    def infer_meta(self, x, mask):
        return TensorMeta([-1], x.dtype)

    def backward(self, out_grad):
        x, mask = self.saved
        return apply(MaskedSelectGrad, x, mask, out_grad), None


@register("masked_select_grad")
class MaskedSelectGrad(Op):
    inputs, outputs = ("X", "Mask", "Y@GRAD"), ("X@GRAD",)
    saves = ("Mask",)

    def forward(self, xp, x, mask, g):
        shape = x.shape if x.shape == mask.shape else np.broadcast_shapes(x.shape, mask.shape)
        out = xp.zeros(shape, dtype=g.dtype)
        out[xp.broadcast_to(mask, shape)] = g
        if shape != x.shape:
            lead = len(shape) - x.ndim
            axes = tuple(range(lead)) + tuple(i + lead for i, d in enumerate(x.shape)
                                              if d == 1 and shape[i + lead] != 1)
            out = out.sum(axis=axes, keepdims=True).reshape(x.shape)
        return out

    def infer_meta(self, x, mask, g):
        return TensorMeta(x.shape, g.dtype)

    def backward(self, gg):
        (mask,) = self.saved
        return None, None, apply(MaskedSelect, gg, mask)


# -- where / masked_fill / where_index ---------------------------------------------------
@register("where")
class Where(Op):
    """Out = X where Condition else Y (the three broadcast together)."""

    inputs, outputs = ("Condition", "X", "Y"), ("Out",)
    saves = ("Condition", "X", "Y")

    def forward(self, xp, cond, x, y):
        return xp.where(cond, x, y)

    def infer_meta(self, cond, x, y):
        return TensorMeta(broadcast_shape(broadcast_shape(cond.shape, x.shape, "where"), y.shape, "where"), x.dtype)

    def backward(self, out_grad):
        cond, x, y = self.saved
        zero = zeros_const(out_grad.dtype)
        gx = sum_to(apply(Where, cond, out_grad, zero), x) if self.need(1) else None
        gy = sum_to(apply(Where, cond, zero, out_grad), y) if self.need(2) else None
        return None, gx, gy


@register("masked_fill")
class MaskedFill(Op):
    """out = value where mask else x (x and mask broadcast; value is a 0-D or 1-element tensor)."""

    inputs, outputs = ("x", "mask", "value"), ("out",)
    saves = ("x", "mask", "value")

    def forward(self, xp, x, mask, value):
        return xp.where(mask, value.reshape(()), x)

    def infer_meta(self, x, mask, value):
        return TensorMeta(broadcast_shape(x.shape, mask.shape, "masked_fill"), x.dtype)

    def backward(self, out_grad):
        x, mask, value = self.saved
        zero = zeros_const(out_grad.dtype)
        gx = sum_to(apply(Where, mask, zero, out_grad), x) if self.need(0) else None
        gv = sum_to(apply(Where, mask, out_grad, zero), value) if self.need(2) else None
        return gx, None, gv


@register("where_index")
class WhereIndex(Op):
    """Out = the coordinates of the nonzero elements of Condition, int64 [N, rank]."""

    inputs, outputs = ("Condition",), ("Out",)
    differentiable = False

    def forward(self, xp, cond):
        return xp.argwhere(cond).astype(np.int64, copy=False)

    def infer_meta(self, cond):
        return TensorMeta([-1, len(cond.shape)], _dt.int64)
