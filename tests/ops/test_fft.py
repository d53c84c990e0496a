"""OpSpec table: the fft ops (fft_c2c, fft_r2c, fft_c2r) and paddle.signal's frame / overlap_add, through real
outputs (the complex results through real/imag), so the forward, gradient, static and double-backward checks
apply; complex upstream gradients are checked in tests/fft/test_fft.py."""
import numpy as np

import purepaddle as paddle
from purepaddle.signal import frame, overlap_add
from tests.opspec import OpSpec, parametrize, rand


def _frames(x, fl, hop):
    n = 1 + (x.shape[-1] - fl) // hop
    return np.stack([x[..., i * hop:i * hop + fl] for i in range(n)], axis=-1)


def _ola(x, hop):
    fl, n = x.shape[-2], x.shape[-1]
    out = np.zeros(x.shape[:-2] + ((n - 1) * hop + fl,), x.dtype)
    for i in range(n):
        out[..., i * hop:i * hop + fl] += x[..., i]
    return out


SPECS = [
    OpSpec("fft_r2c[real(fft)]", lambda x: paddle.real(paddle.fft.fft(x, norm="ortho")),
           lambda x: np.real(np.fft.fft(x, norm="ortho")), [rand(3, 6)], double=True),
    OpSpec("fft_r2c[imag(rfftn)]", lambda x: paddle.imag(paddle.fft.rfftn(x)),
           lambda x: np.imag(np.fft.rfftn(x)), [rand(3, 5)], rtol=1e-4, atol=1e-4),
    OpSpec("fft_c2r[irfft(rfft)]", lambda x: paddle.fft.irfft(paddle.fft.rfft(x) * 2.0, n=7),
           lambda x: 2.0 * x, [rand(2, 7)], double=True),
    OpSpec("fft_c2c[real(ifft(fft))]", lambda x: paddle.real(paddle.fft.ifft(paddle.fft.fft(x) * paddle.fft.fft(x))),
           lambda x: np.real(np.fft.ifft(np.fft.fft(x) ** 2)), [rand(4)], rtol=1e-4, atol=1e-4),
    OpSpec("fft_c2r[hfft]", lambda x: paddle.fft.hfft(paddle.fft.ihfft(x), n=6, norm="forward"),
           lambda x: np.fft.hfft(np.fft.ihfft(x), n=6, norm="forward"), [rand(2, 6)], rtol=1e-4, atol=1e-4),
    OpSpec("frame", lambda x: frame(x, 4, 3), lambda x: _frames(x, 4, 3), [rand(2, 12)], double=True),
    OpSpec("frame[axis0]", lambda x: frame(x, 3, 2, axis=0),
           lambda x: np.moveaxis(_frames(np.moveaxis(x, 0, -1), 3, 2), (-2, -1), (1, 0)), [rand(9, 2)]),
    OpSpec("overlap_add", lambda x: overlap_add(x, 2), lambda x: _ola(x, 2), [rand(2, 4, 3)], double=True),
]

test_forward, test_grad, test_static, test_static_grad, test_double = parametrize(SPECS)
