"""Power-average pooling: lp_pool2d and its grad op."""
import math

import numpy as np

from ..._core.dispatch import apply
from ..._core.op import Op, TensorMeta, register
from ..conv.conv import _from_first, _spatial, _to_first
from ..conv._kernels import channel_last
from ._windows import geometry, max_sweep, max_sweep_grad, scatter_sweep, sum_sweep


# -- lp pooling --------------------------------------------------------------------------------
def _lp_geometry(x, a):
    ks, ss, pads, out_sp = geometry(x.shape[2:], a, ksize_key="kernel_size")
    return ks, ss, pads, out_sp


@register("lp_pool2d")
class LpPool2d(Op):
    """(sum over the window of x ** p) ** (1 / p) (attr norm_type p; inf = max); padding adds nothing."""

    inputs, outputs = ("x",), ("out",)
    saves = ("x", "out")
    float32_attrs = ("norm_type",)

    def forward(self, xp, x):
        a = self.attrs
        last = channel_last(a)
        xf = _to_first(x, last)
        p = float(a["norm_type"])
        geo = _lp_geometry(xf, a)
        if math.isinf(p):
            return _from_first(max_sweep(xf, *geo), last)
        with np.errstate(invalid="ignore", divide="ignore"):
            s = sum_sweep(np.power(xf, x.dtype.type(p)), *geo)
            out = np.power(s, x.dtype.type(1.0 / p))
        return _from_first(out.astype(x.dtype, copy=False), last)

    def infer_meta(self, x):
        last = channel_last(self.attrs)
        sp = _spatial(x.shape, last)
        out_sp = [-1 if n < 0 else o for n, o in
                  zip(sp, geometry([max(n, 1) for n in sp], self.attrs, ksize_key="kernel_size")[3])]
        c = x.shape[-1] if last else x.shape[1]
        return TensorMeta([x.shape[0]] + out_sp + [c] if last else [x.shape[0], c] + out_sp, x.dtype)

    def backward(self, g):
        x, out = self.saved
        return apply(LpPool2dGrad, x, out, g, **self.attrs)


@register("lp_pool2d_grad")
class LpPool2dGrad(Op):
    """x@GRAD of lp_pool2d: g * (x / out) ** (p - 1) added over each window."""

    inputs, outputs = ("x", "out", "out@GRAD"), ("x@GRAD",)

    def forward(self, xp, x, out, g):
        a = self.attrs
        last = channel_last(a)
        xf, of, gf = _to_first(x, last), _to_first(out, last), _to_first(g, last)
        p = float(a["norm_type"])
        ks, ss, pads, out_sp = _lp_geometry(xf, a)
        if math.isinf(p):
            return _from_first(max_sweep_grad(xf, of, gf, ks, ss, pads, out_sp), last)
        from ._windows import _padded
        xpad = _padded(xf, ks, ss, pads, out_sp, 0)
        with np.errstate(invalid="ignore", divide="ignore"):
            scale = gf * np.power(of, xf.dtype.type(1 - p))
            scale = np.where(np.isfinite(scale), scale, 0).astype(xf.dtype)
            dx = scatter_sweep(gf, xf.shape, ks, ss, pads, out_sp,
                               lambda t, s: scale * np.power(xpad[s], xf.dtype.type(p - 1)))
        return _from_first(dx.astype(x.dtype, copy=False), last)

    def infer_meta(self, x, out, g):
        return TensorMeta(x.shape, g.dtype)
