"""The compiled depthwise kernels (optional numba, ops/conv/_depthwise_jit.py) against the NumPy forms.

Every case runs the NumPy kernels with the JIT off and the compiled ones with it on, and both against a
dense convolution (the depthwise weights spread into a block-diagonal filter), so neither form can
drift; skipped where numba is not installed (the NumPy forms are then what every other test runs)."""
import numpy as np
import pytest

import purepaddle as paddle
from purepaddle._core import jit
from purepaddle.ops.conv import _kernels as K

from ..jit_forms import both_forms
from ..opspec import OpSpec, check_grad

pytest.importorskip("numba")


@pytest.fixture(params=[False, True], ids=["numpy", "compiled"])
def compiled(request):
    old = jit.set_enabled(request.param)
    yield request.param
    jit.set_enabled(old)


def _dense(w, c):
    mult = w.shape[0] // c
    dense = np.zeros((w.shape[0], c) + w.shape[2:], dtype=w.dtype)
    for oc in range(w.shape[0]):
        dense[oc, oc // mult] = w[oc, 0]
    return dense


def _cases(seed, count):
    rng = np.random.default_rng(seed)
    seen = 0
    while seen < count:
        n, c, mult = (int(v) for v in rng.integers(1, [3, 5, 4]))
        h, wd = (int(v) for v in rng.integers(1, 13, 2))
        kh, kw = (int(v) for v in rng.integers(1, 6, 2))
        if seen % 3 == 0:
            kh = kw = 3  # the 3-wide sweep
        strides = [int(v) for v in rng.integers(1, 4, 2)]
        dils = [int(v) for v in rng.integers(1, 3, 2)]
        pads = [tuple(int(p) for p in rng.integers(0, 3, 2)) for _ in range(2)]
        out_sp = K.conv_out_size((h, wd), (kh, kw), strides, pads, dils)
        if min(out_sp) <= 0:
            continue
        seen += 1
        yield rng, (n, c, mult, h, wd, kh, kw), strides, pads, dils, out_sp


@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_forward_and_gradients_match_a_dense_convolution(compiled, dtype):
    tol = dict(rtol=1e-11, atol=1e-11) if dtype == "float64" else dict(rtol=2e-5, atol=2e-5)
    for rng, (n, c, mult, h, wd, kh, kw), strides, pads, dils, out_sp in _cases(0, 30):
        x = rng.standard_normal((n, c, h, wd)).astype(dtype)
        w = rng.standard_normal((c * mult, 1, kh, kw)).astype(dtype)
        g = rng.standard_normal((n, c * mult) + tuple(out_sp)).astype(dtype)
        dense = _dense(w, c)
        got = K.conv_forward(x, w, strides, pads, dils, c)
        np.testing.assert_allclose(got, K.conv_forward(x, dense, strides, pads, dils, 1), **tol)
        assert got.dtype == np.dtype(dtype)
        np.testing.assert_allclose(K.conv_grad_input(g, w, (h, wd), strides, pads, dils, c),
                                   K.conv_grad_input(g, dense, (h, wd), strides, pads, dils, 1), **tol)
        dw_dense = K.conv_grad_filter(x, g, (kh, kw), strides, pads, dils, 1)
        want = np.stack([dw_dense[oc, oc // mult] for oc in range(c * mult)])[:, None]
        np.testing.assert_allclose(K.conv_grad_filter(x, g, (kh, kw), strides, pads, dils, c), want, **tol)


def test_non_finite_inputs_propagate_like_the_numpy_form():
    rng = np.random.default_rng(3)
    x = rng.standard_normal((1, 4, 7, 7))
    x[0, 1, 3, 3], x[0, 2, 0, 0] = np.nan, np.inf
    w = rng.standard_normal((4, 1, 3, 3))
    outs = both_forms(lambda: K.conv_forward(x, w, [1, 1], [(1, 1), (1, 1)], [1, 1], 4))
    np.testing.assert_array_equal(np.isnan(outs[0]), np.isnan(outs[1]))
    finite = np.isfinite(outs[0])
    np.testing.assert_allclose(outs[1][finite], outs[0][finite], rtol=1e-12)


@pytest.mark.parametrize("stride,padding,dilation", [(1, 1, 1), (2, 1, 1), (1, 2, 2), (2, 0, 1)])
def test_public_conv2d_gradients_numerically(compiled, stride, padding, dilation):
    spec = OpSpec(
        "conv2d_depthwise",
        lambda x, w: paddle.nn.functional.conv2d(x, w, stride=stride, padding=padding, dilation=dilation,
                                                 groups=3),
        inputs=[lambda r: r.standard_normal((2, 3, 6, 5)), lambda r: r.standard_normal((6, 1, 3, 3))])
    check_grad(spec)


def test_the_switch_reads_the_environment(monkeypatch):
    monkeypatch.setattr(jit, "_STATE", {})
    monkeypatch.setenv(jit.ENV, "0")
    assert jit.enabled() is False
    monkeypatch.setattr(jit, "_STATE", {})
    monkeypatch.delenv(jit.ENV)
    assert jit.enabled() is True  # numba is installed here (importorskip above)


def test_without_numba_the_numpy_form_runs_or_the_request_fails_clearly(monkeypatch):
    monkeypatch.setattr(jit.importlib.util, "find_spec", lambda name: None)
    monkeypatch.setattr(jit, "_STATE", {})
    monkeypatch.delenv(jit.ENV, raising=False)
    assert jit.enabled() is False
    monkeypatch.setattr(jit, "_STATE", {})
    monkeypatch.setenv(jit.ENV, "1")
    with pytest.raises(ImportError, match="PUREPADDLE_JIT=1 .*numba is not installed"):
        jit.enabled()


def test_split_over_threads_gives_the_same_bits(monkeypatch):
    # the channels are split over the intra-op threads (_core/threads.parallel_for); each element is still
    # summed by one thread in one order, so 1 and 3 threads must agree bit for bit, gradients included
    from purepaddle._core import threads
    from purepaddle.ops.conv import _depthwise_jit as J
    monkeypatch.setattr(threads, "MIN_SPLIT_WORK", 1)
    results = {}
    for n_threads in (1, 3):
        monkeypatch.setitem(threads._INTRA, "n", n_threads)
        got = []
        for rng, (n, c, mult, h, wd, kh, kw), strides, pads, dils, out_sp in _cases(5, 12):
            x = rng.standard_normal((n, c, h, wd)).astype("float32")
            w = rng.standard_normal((c * mult, 1, kh, kw)).astype("float32")
            g = rng.standard_normal((n, c * mult) + tuple(out_sp)).astype("float32")
            got += [J.conv_forward(x, w, strides, pads, dils, out_sp),
                    J.conv_grad_input(g, w, (h, wd), strides, pads, dils, c),
                    J.conv_grad_filter(x, g, (kh, kw), strides, pads, dils)]
        results[n_threads] = got
    for a, b in zip(results[1], results[3]):
        np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("pads", [[(1, 1), (1, 1)], [(0, 0), (0, 0)], [(2, 0), (1, 2)], [(0, 2), (2, 1)]])
@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_stride_one_input_gradient_as_a_turned_kernel_forward(compiled, pads, dtype):
    # the 3x3, stride-1, one-channel-per-group input gradient runs as forward3 over g with the kernel turned
    # 180 degrees: against the dense convolution's input gradient, planes of several sizes
    tol = dict(rtol=1e-11, atol=1e-11) if dtype == "float64" else dict(rtol=2e-5, atol=2e-5)
    rng = np.random.default_rng(7)
    for n, c, h, wd in [(1, 3, 7, 7), (2, 4, 14, 9), (1, 2, 3, 20)]:
        out_sp = K.conv_out_size((h, wd), (3, 3), [1, 1], pads, [1, 1])
        w = rng.standard_normal((c, 1, 3, 3)).astype(dtype)
        g = rng.standard_normal((n, c) + tuple(out_sp)).astype(dtype)
        np.testing.assert_allclose(K.conv_grad_input(g, w, (h, wd), [1, 1], pads, [1, 1], c),
                                   K.conv_grad_input(g, _dense(w, c), (h, wd), [1, 1], pads, [1, 1], 1), **tol)


def test_public_stride_one_depthwise_gradients_numerically(compiled):
    spec = OpSpec(
        "conv2d_depthwise_s1",
        lambda x, w: paddle.nn.functional.conv2d(x, w, stride=1, padding=[2, 1], groups=3),
        inputs=[lambda r: r.standard_normal((2, 3, 6, 5)), lambda r: r.standard_normal((3, 1, 3, 3))])
    check_grad(spec)
