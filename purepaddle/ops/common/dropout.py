"""dropout (and its grad op) of paddle.nn.functional.common's dropouts."""
import numpy as np

from ..._core import dtype as _dt
from ..._core import jit
from ..._core.dispatch import apply
from ..._core import distribution as _dist
from ..._core.generator import engine
from ..._core.op import Op, TensorMeta, register


# -- dropout ---------------------------------------------------------------------------------------
def _keep_divisor(a):
    """What Paddle's kernels divide kept values by while training: (1.0f - p) rounded to float32
    under upscale_in_train (1 when p is 1: everything is dropped anyway), else 1."""
    if a["dropout_implementation"] != "upscale_in_train":
        return 1.0
    d = float(np.float32(1) - np.float32(a["dropout_prob"]))
    return d or 1.0


def keep_mask(tw, shape, p):
    """A bool mask, True where Paddle's CPU kernel keeps the element: where a
    std::uniform_real_distribution<float>(0, 1) draw from engine tw is not below p (float32)."""
    n = 1
    for d in shape:
        n *= d
    return _dist.at_least(tw, n, np.float32, p).reshape(shape)


def _kept(x, keep, divisor):
    """x / divisor (in x's dtype, as the kernels divide) where keep, else 0 (a dropped NaN or inf too: Paddle's
    kernel writes 0, it does not multiply by the mask)."""
    if (x.dtype in jit.FLOATS and keep.dtype == np.bool_ and x.shape == keep.shape and x.size
            and x.flags.c_contiguous and keep.flags.c_contiguous and jit.enabled()):
        from . import _dropout_jit  # imports numba: only here, on first use
        return _dropout_jit.kept(x, keep, divisor)
    out = x / x.dtype.type(divisor) if divisor != 1.0 else x
    return np.where(keep, out, x.dtype.type(0)).astype(x.dtype, copy=False)


@register("dropout")
class Dropout(Op):
    """Zero each element with probability dropout_prob (mask from the global generator, or a fixed
    stream when fix_seed); upscale_in_train divides the kept ones by 1-p, downscale_in_infer
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
            return (x * x.dtype.type(np.float32(1) - np.float32(p))).astype(x.dtype, copy=False), \
                xp.zeros((0,), dtype=np.uint8)
        # Paddle's kernel: a Seed tensor's int, else the seed attr when fix_seed; 0 means the global engine
        if seed is not None:
            s = int(seed.reshape(-1)[0].astype(np.int32))
        else:
            s = int(np.int32(a.get("seed", 0))) if a.get("fix_seed") else 0
        if np.float32(p) == 1:  # the kernel zeroes everything without drawing
            keep = xp.zeros(x.shape, dtype=bool)
        else:
            keep = keep_mask(engine(s), x.shape, p)
        return _kept(x, keep, _keep_divisor(a)), keep.view(np.uint8)

    def infer_meta(self, x, seed):
        return TensorMeta(x.shape, x.dtype), TensorMeta(x.shape, _dt.uint8)

    def backward(self, g, _g_mask):
        if g is None:
            return None, None
        a = self.attrs
        if a["is_test"]:
            p = a["dropout_prob"]
            if a["dropout_implementation"] == "upscale_in_train":
                return g, None
            return g * float(np.float32(1) - np.float32(p)), None
        (mask,) = self.saved
        return apply(DropoutGrad, mask, g, divisor=_keep_divisor(a)), None


@register("dropout_grad")
class DropoutGrad(Op):
    """X@GRAD = Out@GRAD * Mask / divisor (attr divisor: 1 - dropout_prob in float32, or 1)."""

    inputs, outputs = ("Mask", "Out@GRAD"), ("X@GRAD",)
    saves = ("Mask",)

    def forward(self, xp, mask, g):
        return _kept(g, mask.view(bool) if mask.dtype == np.uint8 else mask, self.attrs["divisor"])

    def infer_meta(self, mask, g):
        return TensorMeta(g.shape, g.dtype)

    def backward(self, gg):
        (mask,) = self.saved
        return None, apply(DropoutGrad, mask, gg, divisor=self.attrs["divisor"])
