"""Creation ops: fill_constant, cast, assign, ... (no tensor inputs, or dtype changes)."""
from .._core import dtype as _dt
from .._core.op import Op, TensorMeta, register


@register("fill_constant")
class FillConstant(Op):
    """A tensor of `shape` filled with `value` (attrs: shape, value, dtype as VarType enum)."""

    inputs, outputs = (), ("Out",)
    differentiable = False

    def forward(self, xp):
        a = self.attrs
        return xp.full(a["shape"], a["value"], dtype=_dt.from_proto(a["dtype"]).np_dtype)

    def infer_meta(self):
        a = self.attrs
        return TensorMeta(a["shape"], _dt.from_proto(a["dtype"]))


@register("cast")
class Cast(Op):
    """Change dtype (attrs in_dtype/out_dtype as VarType enums, as in Paddle programs)."""

    inputs, outputs = ("X",), ("Out",)

    def forward(self, xp, x):
        return x.astype(_dt.from_proto(self.attrs["out_dtype"]).np_dtype)

    def infer_meta(self, x):
        return TensorMeta(x.shape, _dt.from_proto(self.attrs["out_dtype"]))

    def backward(self, out_grad):
        from .._core.dispatch import apply
        a = self.attrs
        if not _dt.from_proto(a["in_dtype"]).is_floating and not _dt.from_proto(a["in_dtype"]).is_complex:
            return None
        return apply(Cast, out_grad, in_dtype=a["out_dtype"], out_dtype=a["in_dtype"])
