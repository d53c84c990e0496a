"""Unary elementwise math ops: scale, exp, log, tanh, sigmoid, abs, ... (one class each)."""
from .._core.op import Op, TensorMeta, register


class _Unary(Op):
    """Same shape and dtype in as out."""

    inputs, outputs = ("X",), ("Out",)

    def infer_meta(self, x):
        return TensorMeta(x.shape, x.dtype)


@register("scale")
class Scale(_Unary):
    """out = scale * x + bias (bias_after_scale) or scale * (x + bias)."""

    def forward(self, xp, x):
        a = self.attrs
        s, b = a["scale"], a["bias"]
        if b == 0:
            out = x * s if s != 1 else x.copy()
        elif s == 1:
            out = x + b
        elif a["bias_after_scale"]:
            out = x * s + b
        else:
            out = (x + b) * s
        if out.dtype != x.dtype:
            out = out.astype(x.dtype)
        return out

    def backward(self, out_grad):
        s = self.attrs["scale"]
        return out_grad if s == 1 else apply_scale(out_grad, s)


def apply_scale(x, s, bias=0.0, bias_after_scale=True):
    """x * s + bias through the scale op."""
    from .._core.dispatch import apply
    return apply(Scale, x, scale=float(s), bias=float(bias), bias_after_scale=bias_after_scale)
