"""paddle.signal beyond the fixture cases (tests/fft/test_fft.py runs those): Paddle's errors, round trips,
numeric gradients of frame/overlap_add in float64, and static programs."""
import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.signal import frame, istft, overlap_add, stft

X = paddle.randn([40])
C = paddle.randn([5, 9]).astype("complex64")


@pytest.mark.parametrize("call,exc,msg", [
    (lambda: frame(X, 50, 2), ValueError,
     "Attribute frame_length should be less equal than sequence length, but got (50) > (40)."),
    (lambda: frame(X, 4, 0), ValueError, "Unexpected hop_length: 0. It should be an positive integer."),
    (lambda: frame(X, 4, 2, axis=1), ValueError, "Unexpected axis: 1. It should be 0 or -1."),
    (lambda: overlap_add(X, 2.5), ValueError, "Unexpected hop_length: 2.5. It should be an positive integer."),
    (lambda: stft(paddle.randn([2, 2, 4]), 4), AssertionError, "x should be a 1D or 2D real tensor, but got rank"),
    (lambda: stft(X, 50), AssertionError, "n_fft should be in (0, seq_length(40)], but got 50."),
    (lambda: stft(X, 8, win_length=9), AssertionError, "win_length should be in (0, n_fft(8)], but got 9."),
    (lambda: stft(X, 8, window=paddle.ones([7])), AssertionError,
     "expected a 1D window tensor of size equal to win_length(8)"),
    (lambda: stft(X, 8, pad_mode="circular"), AssertionError,
     'pad_mode should be "reflect" or "constant", but got "circular".'),
    (lambda: stft(X.astype("complex64"), 8, onesided=True), AssertionError,
     "onesided should be False when input or window is a complex Tensor."),
    (lambda: stft(X, 8, hop_length=0), AssertionError, "hop_length should be > 0, but got 0."),
    (lambda: istft(C, 8, hop_length=9), AssertionError, "hop_length should be in (0, win_length(8)], but got 9."),
    (lambda: istft(C, 10), AssertionError,
     "fft_size should be equal to n_fft // 2 + 1(6) when onesided is True, but got 5."),
    (lambda: istft(C, 8, return_complex=True), AssertionError,
     "onesided should be False when input(output of istft) or window is a complex Tensor."),
    (lambda: istft(C, 8, window=paddle.zeros([8])), ValueError,
     "Abort istft because Nonzero Overlap Add (NOLA) condition failed."),
])
def test_errors(call, exc, msg):
    with pytest.raises(exc) as e:
        call()
    assert msg in str(e.value)


def test_istft_takes_a_real_spectrum_eagerly():
    out = istft(paddle.randn([5, 9]), 8)
    assert out.shape == [16] and out.dtype == paddle.float32


@pytest.mark.parametrize("kwargs", [dict(), dict(center=False), dict(hop_length=3, win_length=6),
                                    dict(normalized=True, pad_mode="constant")])
def test_round_trip(kwargs):
    rng = np.random.default_rng(1)
    x = rng.standard_normal((2, 64))
    win = paddle.to_tensor(np.hanning(kwargs.get("win_length", 16) + 2)[1:-1])
    spec = stft(paddle.to_tensor(x), 16, window=win, **kwargs)
    kw = {k: v for k, v in kwargs.items() if k != "pad_mode"}
    y = istft(spec, 16, window=win, length=64, **kw).numpy()
    lo = 0 if kwargs.get("center", True) else 0
    cover = y.shape[-1]
    np.testing.assert_allclose(y[:, lo:cover], x[:, lo:cover], atol=1e-10)


def _numeric(fn, x, g, eps=1e-6):
    grad = np.zeros_like(x)
    for k in range(x.size):
        a = x.copy().reshape(-1)
        a[k] += eps
        up = np.sum(g * fn(paddle.to_tensor(a.reshape(x.shape))).numpy())
        a[k] -= 2 * eps
        grad.reshape(-1)[k] = (up - np.sum(g * fn(paddle.to_tensor(a.reshape(x.shape))).numpy())) / (2 * eps)
    return grad


@pytest.mark.parametrize("fn,shape", [
    (lambda x: frame(x, 4, 3), (2, 12)),
    (lambda x: frame(x, 3, 2, axis=0), (9, 2)),
    (lambda x: overlap_add(x, 2), (2, 4, 3)),
    (lambda x: overlap_add(x, 3, axis=0), (3, 4, 2)),
    (lambda x: paddle.real(stft(x, 8, hop_length=3)) ** 2, (30,)),
])
def test_numeric_gradient(fn, shape):
    rng = np.random.default_rng(2)
    x = rng.standard_normal(shape)
    t = paddle.to_tensor(x, stop_gradient=False)
    out = fn(t)
    g = rng.standard_normal(out.shape)
    (got,) = paddle.grad([out], [t], [paddle.to_tensor(g)])
    np.testing.assert_allclose(got.numpy(), _numeric(fn, x, g), rtol=1e-6, atol=1e-8)


def test_static_stft_matches_eager():
    x = np.random.default_rng(3).standard_normal((2, 32))
    want = stft(paddle.to_tensor(x), 8).numpy()
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main, paddle.static.Program()):
            v = paddle.static.data("x", [2, 32], "float64")
            y = stft(v, 8)
        assert "frame" in [op.type for op in main.global_block().ops]
        (got,) = paddle.static.Executor().run(main, feed={"x": x}, fetch_list=[y])
    finally:
        paddle.disable_static()
    np.testing.assert_allclose(got, want, atol=1e-12)
