"""paddle.fft against real Paddle's results and gradients (tests/fixtures/fft/fft.npz), numeric gradients of the
three ops in float64 with complex upstream gradients, Paddle's argument errors, dtypes and static graphs."""
import numpy as np
import pytest

import purepaddle as paddle
from tests.fixtures.fft.make_fft_fixtures import CASES, resolve

DATA = np.load(__file__.rsplit("/tests/", 1)[0] + "/tests/fixtures/fft/fft.npz")
TOL = {np.dtype("float32"): 2e-5, np.dtype("complex64"): 2e-5}


@pytest.mark.parametrize("key,call,specs,kwargs", CASES, ids=[c[0] for c in CASES])
def test_matches_real_paddle(key, call, specs, kwargs):
    arrays = [DATA[f"in_{key}_{i}"] for i in range(len(specs))]
    ts = [paddle.to_tensor(a, stop_gradient=a.dtype.kind not in "fc") for a in arrays]
    out = resolve(paddle, call)(*ts, **kwargs)
    want = DATA[f"out_{key}"]
    assert out.numpy().dtype == want.dtype and out.shape == list(want.shape)
    tol = TOL.get(want.dtype, 1e-10)
    np.testing.assert_allclose(out.numpy(), want, rtol=tol, atol=tol * 10)
    if f"up_{key}" in DATA:
        diff = [t for t in ts if not t.stop_gradient]
        grads = paddle.grad([out], diff, [paddle.to_tensor(DATA[f"up_{key}"])])
        for i, g in enumerate(grads):
            gw = DATA[f"grad_{key}_{i}"]
            assert g.numpy().dtype == gw.dtype
            np.testing.assert_allclose(g.numpy(), gw, rtol=tol, atol=tol * 10)


def _numeric_grad(fn, x, g, eps=1e-6):
    """dL/dRe + i dL/dIm of L = Re(sum(conj(g) * fn(x))) by central differences."""
    def loss(a):
        return np.real(np.sum(np.conj(g) * fn(paddle.to_tensor(a)).numpy()))
    grad = np.zeros(x.shape, dtype=x.dtype)
    flat, gf = x.reshape(-1), grad.reshape(-1)
    steps = [1.0, 1j] if np.iscomplexobj(x) else [1.0]
    for k in range(flat.size):
        for st in steps:
            a = flat.copy()
            a[k] += eps * st
            up = loss(a.reshape(x.shape))
            a[k] -= 2 * eps * st
            gf[k] += st * (up - loss(a.reshape(x.shape))) / (2 * eps)
    return grad


GRAD_CASES = {
    "c2c": (lambda x: paddle.fft.fftn(x, axes=(0, 1), norm="ortho"), (3, 4), True),
    "c2c_inverse": (lambda x: paddle.fft.ifft(x, n=6), (2, 5), True),
    "r2c_full": (lambda x: paddle.fft.fft(x, axis=0), (4, 3), False),
    "r2c_onesided": (lambda x: paddle.fft.rfftn(x, norm="forward"), (3, 6), False),
    "r2c_inverse": (lambda x: paddle.fft.ihfft(x, n=5), (2, 5), False),
    "c2r_even": (lambda x: paddle.fft.irfft(x), (2, 4), True),
    "c2r_odd": (lambda x: paddle.fft.irfftn(x, s=(3, 5)), (3, 3), True),
    "c2r_hermitian": (lambda x: paddle.fft.hfft(x, n=6, norm="ortho"), (2, 4), True),
}


@pytest.mark.parametrize("name", sorted(GRAD_CASES))
def test_numeric_gradient_float64(name):
    fn, shape, cplx = GRAD_CASES[name]
    rng = np.random.default_rng(3)
    x = rng.standard_normal(shape) + (1j * rng.standard_normal(shape) if cplx else 0)
    t = paddle.to_tensor(x, stop_gradient=False)
    out = fn(t)
    g = rng.standard_normal(out.shape)
    if out.dtype.is_complex:
        g = g + 1j * rng.standard_normal(out.shape)
    (got,) = paddle.grad([out], [t], [paddle.to_tensor(g)])
    want = _numeric_grad(fn, x, g)
    if name.startswith("c2r"):  # irfft ignores Im of the DC (and Nyquist) bins: their gradient is 0 anyway
        pass
    np.testing.assert_allclose(got.numpy(), want, rtol=1e-6, atol=1e-7)


def test_double_backward_is_linear():
    x = paddle.to_tensor(np.arange(6.0).reshape(2, 3), stop_gradient=False)
    y = paddle.fft.rfft(x)
    (g,) = paddle.grad([paddle.abs(y).sum()], [x], create_graph=True)
    (gg,) = paddle.grad([g.sum()], [x])
    assert gg.shape == [2, 3]


@pytest.mark.parametrize("call,msg", [
    (lambda: paddle.fft.fft(paddle.to_tensor([1.0]), n=0), "Invalid FFT argument n(0), it should be positive."),
    (lambda: paddle.fft.fft(paddle.to_tensor([1.0]), n=2.0), "Invalid FFT argument n(2.0), it should be an integer."),
    (lambda: paddle.fft.fft(paddle.to_tensor([1.0]), norm="x"),
     "Unexpected norm: x. Norm should be forward, backward or ortho"),
    (lambda: paddle.fft.fft(paddle.to_tensor([1.0]), axis=1), "Invalid FFT axis (1), it should be in range [-1, 1)"),
    (lambda: paddle.fft.fft2(paddle.to_tensor([1.0])), "The rank of the input (1) should >= 2"),
    (lambda: paddle.fft.fft2(paddle.to_tensor([[1.0]]), s=3),
     "Invalid FFT argument s (3), it should be a sequence of 2 integers."),
    (lambda: paddle.fft.fftn(paddle.to_tensor([[1.0]]), s=[2], axes=[0, 1]),
     "Length of s (1) and length of axes (2) does not match."),
    (lambda: paddle.fft.fftn(paddle.to_tensor([[1.0]]), axes=[0, 0]), "repeated axis"),
    (lambda: paddle.fft.fftfreq(0), "d or n should not be 0."),
])
def test_errors(call, msg):
    with pytest.raises(ValueError) as e:
        call()
    assert msg in str(e.value)


@pytest.mark.parametrize("fn", ["fft", "rfft", "irfft", "hfft", "ihfft"])
def test_float16_has_no_kernel(fn):
    with pytest.raises(RuntimeError, match="is not registered"):
        getattr(paddle.fft, fn)(paddle.ones([4], dtype="float16"))


def test_dtypes():
    i = paddle.to_tensor([1, 2, 3])
    assert paddle.fft.fft(i).dtype == paddle.complex64
    assert paddle.fft.rfft(i).dtype == paddle.complex64
    assert paddle.fft.irfft(paddle.to_tensor([1.0, 2.0, 3.0])).dtype == paddle.float32
    assert paddle.fft.irfft(i).dtype == paddle.float32  # Paddle fails here (conformance.md)
    assert paddle.fft.irfft(paddle.to_tensor([1 + 0j])).shape == [0]
    assert paddle.fft.fftfreq(4, dtype="float64").dtype == paddle.float64
    assert paddle.fft.fftn(paddle.zeros([0])).shape == [0]


def test_aliases_and_out():
    x = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
    np.testing.assert_allclose(paddle.fft.fft(input=x, dim=0).numpy(), np.fft.fft(x.numpy(), axis=0), rtol=1e-6)
    out = paddle.zeros([2, 2], dtype="complex64")
    paddle.fft.fft2(x, out=out)
    np.testing.assert_allclose(out.numpy(), np.fft.fft2(x.numpy()), rtol=1e-6)


def test_static_program_matches_eager():
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main, paddle.static.Program()):
            x = paddle.static.data("x", [2, 6], "float64")
            y = paddle.fft.irfft(paddle.fft.rfft(x, norm="ortho"), n=6, norm="ortho")
            z = paddle.fft.fft2(x)
        types = [op.type for op in main.global_block().ops]
        assert "fft_r2c" in types and "fft_c2r" in types
        a = np.random.default_rng(0).standard_normal((2, 6))
        ry, rz = paddle.static.Executor().run(main, feed={"x": a}, fetch_list=[y, z])
    finally:
        paddle.disable_static()
    np.testing.assert_allclose(ry, a, atol=1e-12)
    np.testing.assert_allclose(rz, np.fft.fft2(a), atol=1e-12)


@pytest.mark.parametrize("key,call,specs,kwargs", [c for c in CASES if not c[0].startswith("stft")],
                         ids=[c[0] for c in CASES if not c[0].startswith("stft")])
def test_signed_zero_imaginary_parts_match_real_paddle(key, call, specs, kwargs):
    """Paddle prints a -0 imaginary part as "+-0." (its docstring examples show them): a real signal's spectrum
    gets them from the conjugate-filled half (fft) and the conjugated non-DC/Nyquist bins (inverse transforms)."""
    arrays = [DATA[f"in_{key}_{i}"] for i in range(len(specs))]
    want = DATA[f"out_{key}"]
    if not arrays or arrays[0].dtype.kind != "f" or want.dtype.kind != "c":
        pytest.skip("only transforms of a real signal")
    out = resolve(paddle, call)(*[paddle.to_tensor(a) for a in arrays], **kwargs).numpy()
    zero = want.imag == 0
    np.testing.assert_array_equal(np.signbit(out.imag)[zero], np.signbit(want.imag)[zero])


def test_signed_zeros_of_paddles_docstring_examples():
    """The signs real Paddle 3.3.1 prints in paddle.fft's examples (ifft/ifftn/ifft2 of a real signal, fft's
    conjugate-filled upper half)."""
    def imag_signs(t):
        return np.signbit(t.numpy().imag).astype(int).tolist()
    assert imag_signs(paddle.fft.fft(paddle.to_tensor([2., 3., 4., 5., 4., 3.]))) == [0, 0, 0, 0, 1, 1]
    assert imag_signs(paddle.fft.ifft(paddle.to_tensor([10., -5., 0., -1., 0., -5.]))) == [0, 1, 1, 0, 0, 0]
    assert imag_signs(paddle.fft.ifftn(paddle.eye(3), axes=(1,)))[0] == [0, 1, 0]
    arr = paddle.arange(2, dtype="float64")
    assert imag_signs(paddle.fft.ifft2(paddle.meshgrid(arr, arr)[0])) == [[0, 0], [0, 0]]
