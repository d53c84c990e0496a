"""Reinterpreting ops: as_complex, as_real, view_dtype."""
import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import apply
from ..._core.op import Op, register
from .._complex import join
from .._errors import InvalidArgument


# -- complex <-> real pairs ------------------------------------------------------------------
@register("as_complex")
class AsComplex(Op):
    """[..., 2] float32/float64 -> [...] complex64/complex128 (real, imag) pairs."""

    def forward(self, xp, x):
        if x.ndim == 0 or x.shape[-1] != 2:
            raise InvalidArgument("(InvalidArgument) "
                                  "The size of the last dimension of input(X)does not equals 2.Expected the size of "
                                  f"last dimension of input(X) to be 2.But received {x.shape[-1] if x.ndim else 0}")
        c = np.complex64 if x.dtype == np.float32 else np.complex128
        return join(x[..., 0], x[..., 1], c)

    def backward(self, out_grad):
        return apply(AsReal, out_grad)


@register("as_real")
class AsReal(Op):
    """[...] complex -> [..., 2] float (real, imag)."""

    def forward(self, xp, x):
        return xp.stack([x.real, x.imag], axis=-1)

    def backward(self, out_grad):
        return apply(AsComplex, out_grad)


@register("view_dtype")
class ViewDtype(Op):
    """The bytes of X read as attr dtype: the last dim scales by the item-size ratio."""

    differentiable = False

    def forward(self, xp, x):
        src, dst = _dt.from_numpy(x.dtype), _dt.from_proto(self.attrs["dtype"])
        a, b = x.dtype.itemsize, np.dtype(dst.np_dtype).itemsize
        if x.ndim == 0 and a != b:
            raise InvalidArgument("(InvalidArgument) "
                                  f"input.strides[-1] must be 1 to view {src.name} as {dst.name}, but got 0")
        if a < b and x.shape[-1] % (b // a):
            raise InvalidArgument("(InvalidArgument) "
                                  f"input.shape[{x.ndim - 1}]({x.shape[-1]}) must be multiple of {b // a} to view "
                                  f"{src.name} as {dst.name}")
        return np.ascontiguousarray(x).view(dst.np_dtype)
