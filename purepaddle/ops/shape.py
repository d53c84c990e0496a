"""Shape ops: reshape2, expand_as_v2, squeeze2, unsqueeze2, transpose2, ... (no data change)."""
import numpy as np

from .._core.op import Op, TensorMeta, register


def reshape_target(in_shape, shape, op_type="reshape2"):
    """Resolve Paddle's reshape target (0 copies the input dim, -1 is inferred)."""
    out = []
    for i, d in enumerate(shape):
        if d == 0:
            if i >= len(in_shape):
                raise ValueError(f"(InvalidArgument) {op_type}: 0 at position {i} of shape {list(shape)} has no "
                                 f"input dim to copy (input shape {list(in_shape)})")
            out.append(in_shape[i])
        else:
            out.append(d)
    return out


@register("reshape2")
class Reshape(Op):
    inputs, outputs = ("X",), ("Out",)
    saves = ("X",)

    def forward(self, xp, x):
        target = reshape_target(x.shape, self.attrs["shape"])
        try:
            return x.reshape(target)
        except ValueError:
            raise ValueError(
                f"(InvalidArgument) The 'shape' attribute in ReshapeOp is invalid. The input tensor X's size "
                f"is {x.size}, but the target shape {list(self.attrs['shape'])} (resolved {target}) does not "
                f"match it (input shape {list(x.shape)}).") from None

    def infer_meta(self, x):
        target = reshape_target(x.shape, self.attrs["shape"])
        if target.count(-1) == 1 and -1 not in x.shape:
            known = int(np.prod([d for d in target if d != -1]))
            total = int(np.prod(x.shape))
            if known and total % known == 0:
                target[target.index(-1)] = total // known
        return TensorMeta(target, x.dtype)

    def backward(self, out_grad):
        (x,) = self.saved
        return out_grad.reshape_as(x) if -1 in x.shape else out_grad.reshape(list(x.shape))


@register("expand_as_v2")
class ExpandAs(Op):
    """Broadcast X to the shape of Y (runtime shape, so static -1 dims work)."""

    inputs, outputs = ("X", "Y"), ("Out",)
    saves = ("X",)

    def forward(self, xp, x, y):
        out = xp.empty(y.shape, dtype=x.dtype)
        out[...] = x  # cheaper than broadcast_to(...).copy() for small arrays
        return out

    def infer_meta(self, x, y):
        return TensorMeta(y.shape, x.dtype)

    def backward(self, out_grad):
        from .elementwise import sum_to
        (x,) = self.saved
        return sum_to(out_grad, x), None
