"""Ops that combine a list of tensors: sum (paddle.add_n and static grad accumulation), multiplex."""
from ..._core.dispatch import apply
from ..._core.op import Op, TensorMeta, register
from ..creation.fill import FillConstant
from ..manipulation.join import Concat
from ..manipulation.shape import ShapeOnly
from .unary import as_float


# -- list inputs -----------------------------------------------------------------------------
@register("multiplex")
class Multiplex(ShapeOnly):
    """Row i of the result is row i of X[Ids[i, 0]] (backward keeps only the shapes of X)."""

    inputs, outputs = ("X", "Ids"), ("Out",)
    duplicable = ("X",)
    saves = ("X", "Ids")
    shape_only = ("X",)

    def forward(self, xp, xs, ids):
        k = ids.reshape(-1)
        n = k.shape[0]
        if n and (int(k.max()) >= len(xs) or int(k.min()) < 0):
            bad = int(k.max()) if int(k.max()) >= len(xs) else int(k.min())
            raise RuntimeError(
                "(PreconditionNotMet) index exceeds the number of candidate tensors.\n  [Hint: Expected "
                f"static_cast<size_t>(k) < ins.size(), but received static_cast<size_t>(k):{bad} >= "
                f"ins.size():{len(xs)}.]")
        out = xp.empty((n,) + xs[0].shape[1:], dtype=xs[0].dtype)
        for j, x in enumerate(xs):
            sel = k == j
            out[sel] = x[:n][sel]
        return out

    def infer_meta(self, xs, ids):
        return TensorMeta([ids.shape[0]] + list(xs[0].shape[1:]), xs[0].dtype)

    def backward(self, out_grad):
        xs, ids = self.saved
        nd = len(out_grad.shape)
        col = ids.reshape([-1] + [1] * (nd - 1))
        grads = []
        for j, x in enumerate(xs):
            if not self.need(j):
                grads.append(None)
                continue
            g = out_grad * as_float(col == j, out_grad)
            extra = x.shape[0] - ids.shape[0] if -1 not in (x.shape[0], ids.shape[0]) else 0
            if extra > 0:
                pad = apply(FillConstant, shape=[extra] + list(x.shape[1:]), value=0.0, dtype=x.dtype.proto)
                g = apply(Concat, [g, pad], None, axis=0)
            grads.append(g)
        return grads, None


@register("sum")
class AddN(Op):
    """The elementwise sum of the list X: paddle.add_n, and the static grad accumulation of append_backward."""

    inputs, outputs = ("X",), ("Out",)
    duplicable = ("X",)

    def forward(self, xp, xs):
        out = xs[0].copy()
        for x in xs[1:]:
            out += x
        return out

    def infer_meta(self, xs):
        return TensorMeta(xs[0].shape, xs[0].dtype)

    def backward(self, out_grad):
        return [out_grad if self.need(i) else None for i in range(len(self.next))]
