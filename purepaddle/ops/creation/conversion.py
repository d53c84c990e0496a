"""Conversion ops: complex (from real and imaginary parts) and resize (Tensor.resize_)."""
import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import apply, constant
from ..._core.op import Op, TensorMeta, register
from ..math.elementwise import broadcast_shape, sum_to
from .fill import Cast


def _complex_dtype(real_dt):
    return np.complex128 if real_dt == np.float64 else np.complex64


@register("complex")
class Complex(Op):
    """X + 1j * Y (broadcast; float32 -> complex64, float64 -> complex128)."""

    inputs, outputs = ("X", "Y"), ("Out",)
    saves = ("X", "Y")

    def forward(self, xp, x, y):
        out = xp.empty(xp.broadcast_shapes(x.shape, y.shape), dtype=_complex_dtype(x.dtype))
        out.real, out.imag = x, y
        return out

    def infer_meta(self, x, y):
        c = _dt.complex128 if x.dtype is _dt.float64 else _dt.complex64
        return TensorMeta(broadcast_shape(x.shape, y.shape, "complex"), c)

    def backward(self, out_grad):
        x, y = self.saved
        gx = gy = None
        if self.need(0):  # the real part of the grad
            gx = sum_to(apply(Cast, out_grad, in_dtype=out_grad.dtype.proto, out_dtype=x.dtype.proto), x)
        if self.need(1):  # the imaginary part: real(-1j * g)
            g = out_grad * constant(np.asarray(-1j, dtype=out_grad.dtype.np_dtype))
            gy = sum_to(apply(Cast, g, in_dtype=g.dtype.proto, out_dtype=y.dtype.proto), y)
        return gx, gy


class Resize(Op):
    """X flattened, cut or zero-padded to prod(shape) elements and reshaped (Tensor.resize_)."""

    type = "resize_"

    def forward(self, xp, x):
        shape = self.attrs["shape"]
        n = int(np.prod(shape, dtype=np.int64))
        flat = x.reshape(-1)
        if n <= flat.size:
            return flat[:n].reshape(shape).copy()
        out = xp.zeros(n, dtype=x.dtype)
        out[:flat.size] = flat
        return out.reshape(shape)

    def infer_meta(self, x):
        return TensorMeta(self.attrs["shape"], x.dtype)

    def backward(self, out_grad):
        return apply(Resize, out_grad, shape=list(self.attrs["in_shape"]))
