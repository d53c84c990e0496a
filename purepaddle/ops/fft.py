"""The discrete Fourier transform ops: fft_c2c, fft_r2c and fft_c2r (Paddle's op types, slots and attrs).

Each op transforms over `axes` with Paddle's `normalization` ("backward", "forward", "ortho"): the scaling
belongs to the transform's direction as in numpy.fft, so the forward transform with "backward" is unscaled
and the inverse one divides by n. `forward=False` runs the inverse direction. fft_r2c of a real signal keeps
the last axis' first n//2 + 1 bins when `onesided`; fft_c2r takes such a half spectrum back to a real signal
of `last_dim_size` samples (0: 2 * (m - 1)). Its forward direction is the Hermitian transform (hfft).

The kernels run numpy.fft, which (NumPy 2) transforms single precision in single precision as Paddle does
(its inverse transforms agree bit for bit); the result keeps the input's precision (float32 -> complex64,
float64 -> complex128). Every transform is linear, so each backward is again one of
these ops: the adjoint runs the other direction with the same scale factor (the swapped norm name).
"""
import numpy as np

from .._core.dispatch import apply
from .._core.dtype import kind_of
from .._core.op import Op, register
from .math.unary import Real

__all__ = ["FftC2C", "FftR2C", "FftC2R"]

_SWAP = {"backward": "forward", "forward": "backward", "ortho": "ortho"}


def _complex_of(dtype):
    """The complex dtype that keeps `dtype`'s precision (float32/complex64 -> complex64)."""
    return np.complex64 if np.dtype(dtype) in (np.float32, np.complex64, np.float16) else np.complex128


def _real_of(dtype):
    return np.float32 if np.dtype(dtype) in (np.float32, np.complex64, np.float16) else np.float64


def _empty(xp, x, axes, sizes, dtype):
    """Zeros of the output shape when a transformed axis or the input is empty (numpy.fft refuses them)."""
    shape = list(x.shape)
    for ax, n in zip(axes, sizes):
        shape[ax] = n
    if x.size and all(sizes):
        return None
    return xp.zeros(shape, dtype=dtype)


def _transform(xp, x, axes, norm, forward):
    """The full complex transform of x over axes in the given direction."""
    fn = xp.fft.fftn if forward else xp.fft.ifftn
    return fn(x, axes=axes, norm=norm) if axes else x.astype(_complex_of(x.dtype))


@register("fft_c2c")
class FftC2C(Op):
    """Complex-to-complex transform over `axes`."""

    inputs, outputs = ("X",), ("Out",)

    def forward(self, xp, x):
        a = self.attrs
        axes = list(a["axes"])
        empty = _empty(xp, x, axes, [x.shape[ax] for ax in axes], _complex_of(x.dtype))
        if empty is not None:
            return empty
        out = _transform(xp, x, axes, a["normalization"], a["forward"])
        return xp.asarray(out, dtype=_complex_of(x.dtype))

    def backward(self, out_grad):
        a = self.attrs
        return apply(FftC2C, out_grad, axes=list(a["axes"]), normalization=_SWAP[a["normalization"]],
                     forward=not a["forward"])


def _inverse_r2c(xp, x, axes, norm):
    """The inverse transform of a real signal: over the last axis the conjugate of its forward half spectrum (scaled
    as the inverse), then the inverse complex transform over the other axes. As in Paddle (pocketfft's backward
    r2c) only the bins with an imaginary part are conjugated: the DC and Nyquist bins keep their +0 imaginary part."""
    last, n = axes[-1], x.shape[axes[-1]]
    half = xp.fft.rfft(x, axis=last, norm=_SWAP[norm])
    inner = [slice(None)] * half.ndim
    inner[last] = slice(1, (n + 1) // 2)
    half[tuple(inner)] = xp.conj(half[tuple(inner)])
    return xp.fft.ifftn(half, axes=axes[:-1], norm=norm) if len(axes) > 1 else half


def _fill_conj(xp, half, axes, n):
    """The full spectrum from a real signal's half one, as Paddle builds it: bin k of the last axis past the half
    is the conjugate of the bin at the mirrored index (-k mod size on every transformed axis). Computing the bins
    this way, not by a complex transform, gives Paddle's signed zeros (conj(0+0j) prints "+-0" in Paddle)."""
    last, m = axes[-1], half.shape[axes[-1]]
    mirrored = half
    for ax in axes[:-1]:  # index i -> (-i) mod size: flip, then roll the zero bin back to the front
        mirrored = xp.roll(xp.flip(mirrored, axis=ax), 1, axis=ax)
    idx = [slice(None)] * half.ndim
    idx[last] = slice(n - m, 0, -1)  # bins m..n-1 mirror bins n-m..1
    return xp.concatenate([half, xp.conj(mirrored[tuple(idx)])], axis=last)


@register("fft_r2c")
class FftR2C(Op):
    """Real-to-complex transform over `axes`; `onesided` keeps the last axis' first n//2 + 1 bins."""

    inputs, outputs = ("X",), ("Out",)
    saves = ("X",)

    def forward(self, xp, x):
        a = self.attrs
        axes, norm = list(a["axes"]), a["normalization"]
        sizes = [x.shape[ax] for ax in axes]
        if a["onesided"] and axes:
            sizes[-1] = sizes[-1] // 2 + 1
        empty = _empty(xp, x, axes, sizes, _complex_of(x.dtype))
        if empty is not None:
            return empty
        if not axes:
            return _transform(xp, x, axes, norm, a["forward"])
        if a["forward"]:
            out = xp.fft.rfftn(x, axes=axes, norm=norm)
        else:
            out = _inverse_r2c(xp, x, axes, norm)
        if not a["onesided"]:
            out = _fill_conj(xp, out, axes, x.shape[axes[-1]])
        return xp.asarray(out, dtype=_complex_of(x.dtype))

    def backward(self, out_grad):
        a = self.attrs
        (x,) = self.saved
        axes = list(a["axes"])
        g = out_grad
        if a["onesided"] and axes:  # the dropped bins had no gradient: zeros back to the full length
            last = axes[-1]
            paddings = [0] * (2 * len(g.shape))
            paddings[2 * last + 1] = x.shape[last] - g.shape[last]
            from .manipulation.join import Pad
            g = apply(Pad, g, paddings=paddings, pad_value=0.0)
        full = apply(FftC2C, g, axes=axes, normalization=_SWAP[a["normalization"]], forward=not a["forward"])
        return apply(Real, full)


@register("fft_c2r")
class FftC2R(Op):
    """Half spectrum (last axis n//2 + 1 bins) to a real signal of `last_dim_size` samples over `axes`."""

    inputs, outputs = ("X",), ("Out",)

    def _last_size(self, x_shape):
        n = int(self.attrs.get("last_dim_size", 0) or 0)
        return n if n > 0 else 2 * (x_shape[self.attrs["axes"][-1]] - 1)

    def forward(self, xp, x):
        a = self.attrs
        axes, norm = list(a["axes"]), a["normalization"]
        if not axes:
            return xp.asarray(xp.real(x), dtype=_real_of(x.dtype))
        s = [x.shape[ax] for ax in axes[:-1]] + [self._last_size(x.shape)]
        empty = _empty(xp, x, axes, s, _real_of(x.dtype))
        if empty is not None:
            return empty
        if a["forward"]:  # the Hermitian transform: the inverse of the conjugate, scaled as a forward one
            out = xp.fft.irfftn(xp.conj(x), s=s, axes=axes, norm=_SWAP[norm])
        else:
            out = xp.fft.irfftn(x, s=s, axes=axes, norm=norm)
        return xp.asarray(out, dtype=_real_of(x.dtype))

    def backward(self, out_grad):
        a = self.attrs
        axes = list(a["axes"])
        n = out_grad.shape[axes[-1]]
        g = apply(FftR2C, out_grad, axes=axes, normalization=_SWAP[a["normalization"]],
                  forward=not a["forward"], onesided=True)
        # every bin but DC (and Nyquist for even n) stands for itself and its mirror image: twice the weight
        m = n // 2 + 1
        w = np.full(m, 2.0)
        w[0] = 1.0
        if n % 2 == 0:
            w[-1] = 1.0
        shape = [1] * len(g.shape)
        shape[axes[-1]] = m
        from .._core.dispatch import constant
        weight = constant(w.reshape(shape).astype(_real_of(out_grad.dtype.np_dtype)))
        g = g * weight
        return g
