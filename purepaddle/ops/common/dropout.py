"""dropout (and its grad op) of paddle.nn.functional.common's dropouts."""
import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import apply
from ..._core.generator import numpy_rng
from ..._core.op import Op, TensorMeta, register


# -- dropout ---------------------------------------------------------------------------------------
def _dropout_scale(a):
    """The factor kept values are multiplied by while training."""
    p = a["dropout_prob"]
    if a["dropout_implementation"] == "upscale_in_train":
        return 0.0 if p >= 1.0 else 1.0 / (1.0 - p)
    return 1.0


def keep_mask(r, shape, p):
    """A bool mask, True with probability 1 - p, from NumPy Generator r: uniform 32-bit integers
    (raw PCG64 output, twice as fast as drawing floats) compared with p * 2**32."""
    n = 1
    for d in shape:
        n *= d
    raw = r.bit_generator.random_raw((n + 1) // 2).view(np.uint32)[:n]
    return (raw >= np.uint32(min(int(round(p * 4294967296.0)), 4294967295))).reshape(shape)


@register("dropout")
class Dropout(Op):
    """Zero each element with probability dropout_prob (mask from the global generator, or a fixed
    stream when fix_seed); upscale_in_train scales the kept ones by 1/(1-p), downscale_in_infer
    scales by (1-p) at test time instead. Mask (uint8) is the only thing backward keeps."""

    inputs, outputs = ("X", "Seed"), ("Out", "Mask")
    nondiff_outputs = ("Mask",)
    materialize_grads = False  # backward reads only the first output's grad
    saves = ("Mask",)

    def forward(self, xp, x, seed):
        a = self.attrs
        p = a["dropout_prob"]
        if a["is_test"]:
            if a["dropout_implementation"] == "upscale_in_train":
                return x.copy(), xp.zeros((0,), dtype=np.uint8)
            return (x * (1.0 - p)).astype(x.dtype, copy=False), xp.zeros((0,), dtype=np.uint8)
        if seed is not None:
            r = numpy_rng(int(seed.reshape(-1)[0]) or 1)
        else:
            r = numpy_rng(a.get("seed", 0) if a.get("fix_seed") else 0)
        if p <= 0.0:
            keep = xp.ones(x.shape, dtype=bool)
        elif p >= 1.0:
            keep = xp.zeros(x.shape, dtype=bool)
        else:
            keep = keep_mask(r, x.shape, p)
        s = _dropout_scale(a)
        out = x * s if s != 1.0 else x.copy()
        out *= keep
        return out.astype(x.dtype, copy=False), keep.view(np.uint8)

    def infer_meta(self, x, seed):
        return TensorMeta(x.shape, x.dtype), TensorMeta(x.shape, _dt.uint8)

    def backward(self, g, _g_mask):
        if g is None:
            return None, None
        a = self.attrs
        if a["is_test"]:
            p = a["dropout_prob"]
            return (g if a["dropout_implementation"] == "upscale_in_train" else g * (1.0 - p)), None
        (mask,) = self.saved
        return apply(DropoutGrad, mask, g, scale=_dropout_scale(a)), None


@register("dropout_grad")
class DropoutGrad(Op):
    """X@GRAD = Out@GRAD * Mask * scale."""

    inputs, outputs = ("Mask", "Out@GRAD"), ("X@GRAD",)
    saves = ("Mask",)

    def forward(self, xp, mask, g):
        s = self.attrs["scale"]
        out = g * s if s != 1.0 else g.copy()
        out *= mask.view(bool) if mask.dtype == np.uint8 else mask
        return out.astype(g.dtype, copy=False)

    def infer_meta(self, mask, g):
        return TensorMeta(g.shape, g.dtype)

    def backward(self, gg):
        (mask,) = self.saved
        return None, apply(DropoutGrad, mask, gg, scale=self.attrs["scale"])
