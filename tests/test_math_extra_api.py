"""The math.py extras (special functions, scans, list ops, elementwise extras) checked against real Paddle 3.3.1:
values at special points, dtype rules, errors, in-place forms, methods and static op types."""
import math

import numpy as np
import pytest

import purepaddle as paddle

pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")


def t(data, dtype=None, stop_gradient=True):
    if dtype == "float64":  # exact float64 values (not rounded through float32 on the way)
        data = np.asarray(data, dtype=np.float64)
    return paddle.to_tensor(data, dtype=dtype, stop_gradient=stop_gradient)


def close(x, want, **kw):
    np.testing.assert_allclose(x.numpy(), np.asarray(want, dtype=np.float64), **{"rtol": 1e-6, "atol": 1e-7, **kw})


# -- special functions: values from Paddle 3.3.1 (float64) --------------------------------
def test_gamma_family_special_points():
    x = t([0., -0., -1., -2.5, 1e-10, 100., 1., 2.], "float64")
    lg = paddle.lgamma(x).numpy()
    assert lg[0] == lg[1] == lg[2] == np.inf and lg[6] == 0.0 and lg[7] == 0.0
    close(paddle.lgamma(x)[3:6], [-0.05624372, 23.02585093, 359.13420537], rtol=1e-8)
    dg = paddle.digamma(t([0., -0., -1., -2.5, 1e-300, 100.], "float64")).numpy()
    assert dg[0] == -np.inf and dg[1] == np.inf and np.isnan(dg[2])
    np.testing.assert_allclose(dg[3:], [1.10315664, -1e300, 4.60016185], rtol=1e-8)
    close(paddle.polygamma(t([-1.5, 0.5, 2., 3., 25.5], "float64"), 1),
          [9.37924664, 4.93480220, 0.64493407, 0.39493407, 0.03999467], rtol=1e-8)
    close(paddle.polygamma(t([-1.5, -0.3, -7.7], "float64"), 2), [-0.23620405, 67.6390812, -68.85236099], rtol=1e-8)
    close(paddle.polygamma(t([1.5, 0.5], "float64"), 3), [1.40909103, 97.40909103], rtol=1e-8)
    assert paddle.polygamma(t([0., -2.]), 2).numpy().tolist() == [-np.inf, -np.inf]
    assert paddle.polygamma(t([0., -2.]), 3).numpy().tolist() == [np.inf, np.inf]
    close(paddle.multigammaln(t([2.5, 0.4], "float64"), 2), [0.85704781, 3.73800409], rtol=1e-8)


def test_incomplete_gamma_values_and_edges():
    a = t([0.5, 0.5, 0.5, 0.5, 0.5, 50., 1e3, 0., 1e5, 3e4], "float64")
    y = t([0, 1, 10, 100, 1000, 50., 1e3, 1., 1e5 + 100, 3e4], "float64")
    q = paddle.gammaincc(a, y).numpy()
    np.testing.assert_allclose(q, [1., 0.157299207, 7.74421643e-06, 2.08848758e-45, 0., 0.48119168, 0.49579476, 1.,
                                   0.37555487, 0.49923224], rtol=1e-7)
    close(paddle.gammainc(a, y), 1 - q, atol=1e-15)
    # broadcasting works (Paddle 3.3.1 mis-broadcasts y of a smaller shape; this is the true value)
    close(paddle.gammainc(t([1., 2.], "float64"), t([1.], "float64")), [1 - math.exp(-1), 1 - 2 * math.exp(-1)],
          rtol=1e-12)
    with pytest.raises(ValueError, match="The input argument x must be greater than or equal to 0."):
        paddle.gammaincc(t([-1.]), t([1.]))
    with pytest.raises(ValueError, match="The input argument y must be greater than or equal to 0."):
        paddle.gammainc(t([1.]), t([-1.]))
    with pytest.raises(RuntimeError, match="kernel `gammaincc` is not registered.*float64, float32"):
        paddle.gammainc(t([1, 2]), t([1, 2]))
    with pytest.raises(ValueError, match=r"retrieve \(float64\) does not match the type of data \(float32\)"):
        paddle.gammainc(t([1.]), t([1.], "float64"))


def test_erfinv_erf_bessel_values():
    x = t([0., 0.5, -1., 1., 1.5, -0.9999999, 1e-10, 0.99999999999], "float64")
    out = paddle.erfinv(x).numpy()
    assert out[2] == -np.inf and out[3] == np.inf and np.isnan(out[4])
    np.testing.assert_allclose(out[[0, 1, 5, 6, 7]], [0., 0.476936276204470, -3.76656258, 8.86226925e-11, 4.81292406],
                               rtol=1e-8)
    e = paddle.erf(t([-6., -2.5, 0.3, 2.0000001, 30.], "float64")).numpy()
    np.testing.assert_allclose(e, [math.erf(v) for v in (-6., -2.5, 0.3, 2.0000001, 30.)], rtol=1e-15)
    v = t([0., 1., 2., -3., 100.], "float64")
    close(paddle.i0(v), [1., 1.26606588, 2.2795853, 4.88079259, 1.0737517071310738e+42], rtol=1e-8)
    close(paddle.i0e(v), [1., 0.46575961, 0.30850832, 0.24300035, 0.03994437929909668], rtol=1e-8)
    close(paddle.i1(v), [0., 0.5651591, 1.59063685, -3.95337022, 1.0683693903381625e+42], rtol=1e-8)
    close(paddle.i1e(v), [0., 0.20791042, 0.21526929, -0.19682671, 0.03974415302513025], rtol=1e-8)


def test_special_dtype_rules():
    for fn in ("lgamma", "digamma", "erfinv", "i0", "i0e", "i1", "i1e", "logit", "stanh"):
        assert getattr(paddle, fn)(t([1, 0], "int32")).dtype == paddle.float32, fn
        with pytest.raises(RuntimeError, match=f"kernel `{fn}` is not registered"):
            getattr(paddle, fn)(t([True]))
        with pytest.raises(ValueError, match=rf"\(InvalidArgument\) {fn}\(\): argument 'x' \(position 0\) must be "
                                             "Tensor, but got list"):
            getattr(paddle, fn)([1.0])
    assert paddle.lgamma(t([1.], "float64")).dtype == paddle.float64
    with pytest.raises(RuntimeError, match="kernel `gammaln` is not registered.*int64"):
        paddle.gammaln(t([1, 2]))
    with pytest.raises(TypeError, match="The input of n must be int type, but received: <class 'float'>"):
        paddle.polygamma(t([1.]), 1.0)
    with pytest.raises(ValueError, match="n must be greater than or equal to 0. But received n = -1"):
        paddle.polygamma(t([1.]), -1)
    with pytest.raises(AssertionError, match="The p must be greater than or equal to 1, But received p is 0."):
        paddle.multigammaln(t([2.5]), 0)


def test_logit_and_stanh():
    close(paddle.logit(t([0., 1., 0.5, -1.]), eps=0.1), [-2.19722462, 2.19722438, 0., -2.19722462], rtol=1e-6)
    out = paddle.logit(t([0., 1., 0.5, -1.])).numpy()
    assert out[0] == -np.inf and out[1] == np.inf and out[2] == 0 and np.isnan(out[3])
    x = t([0.1, 0.5, 0.9, 0.2], "float64", stop_gradient=False)
    (g,) = paddle.grad((paddle.logit(x, 0.2) * t([1., 2., 3., 4.], "float64")).sum(), x)
    close(g, [0., 8., 0., 25.])  # zero outside [eps, 1 - eps], the bounds included
    x = t([0.5, -0.2], "float64", stop_gradient=False)
    (g,) = paddle.grad(paddle.logit(x).sum(), x)
    assert np.isnan(g.numpy()[1])
    close(paddle.stanh(t([1., 2.]), t([1.]), 2), [1.52318835, 1.92805517])


# -- scans -----------------------------------------------------------------------------------
def test_cummax_cummin_ties_nan_and_dtypes():
    v, i = paddle.cummax(t([1., 3, 3, 2, 3]))
    assert v.numpy().tolist() == [1, 3, 3, 3, 3] and i.numpy().tolist() == [0, 1, 2, 2, 4]
    v, i = paddle.cummin(t([3., 1, 1, 2, 1]))
    assert i.numpy().tolist() == [0, 1, 2, 2, 4]
    v, i = paddle.cummax(t([1., float("nan"), float("nan"), 2., float("nan")]))
    assert np.isnan(v.numpy()[1:]).all() and i.numpy().tolist() == [0, 1, 2, 2, 4]
    v, i = paddle.cummax(t([1, 2], "int32"), dtype="int32")
    assert v.dtype == paddle.int32 and i.dtype == paddle.int32
    v, i = paddle.cummax(t(3.))
    assert v.shape == [1] and i.shape == [1]
    v, i = paddle.cummax(t(3.), axis=0)
    assert v.shape == [] and i.numpy() == 0
    with pytest.raises(ValueError, match="dtype of indices must be DataType::INT32 or DataType::INT64"):
        paddle.cummax(t([1.]), dtype="float32")
    with pytest.raises(RuntimeError, match="kernel `cummax` is not registered.*int32, int64, float64, float32"):
        paddle.cummax(t([True]))
    with pytest.raises(IndexError, match=r"expected to be in range of \[-2, 2\), but got 2"):
        paddle.cummax(t([[3.]]), axis=2)
    with pytest.raises(TypeError, match="must be int, but got float"):
        paddle.cummin(t([[3.]]), axis=1.5)
    x = t([1., 3, 3, 2, 3], "float64", stop_gradient=False)
    (g,) = paddle.grad((paddle.cummax(x)[0] * t([1., 2, 3, 4, 5], "float64")).sum(), x)
    assert g.numpy().tolist() == [1., 2., 7., 0., 5.]


def test_logcumsumexp():
    y = paddle.logcumsumexp(t([1, 2, 3]))
    assert y.dtype == paddle.float32
    close(y, [1., 2.31326175, 3.40760612])
    assert paddle.logcumsumexp(t([1, 2], "int32"), dtype="float64").dtype == paddle.float64
    assert paddle.logcumsumexp(t(3.)).shape == [1] and paddle.logcumsumexp(t(3.), axis=0).shape == []
    close(paddle.logcumsumexp(t([-1000., 0., 1000.], "float64")), [-1000., 0., 1000.])
    x = t([2., -1., 3.], "float64", stop_gradient=False)
    (g,) = paddle.grad((paddle.logcumsumexp(x) * t([1., -2., 0.5], "float64")).sum(), x)
    close(g, [-0.77245429, -0.0882453, 0.36069959], rtol=1e-7)
    with pytest.raises(IndexError, match=r"expected to be in range of \[-2, 2\), but got -3"):
        paddle.logcumsumexp(t([[3.]]), axis=-3)


def test_diff_trapezoid_vander():
    x = t([1, 4, 5, 2])
    assert paddle.diff(x, n=3, append=t([7, 9])).numpy().tolist() == [-2, 12, -11]
    assert paddle.diff(x, n=5).shape == [0]
    assert paddle.diff(t([True, False, False])).numpy().tolist() == [True, False]
    assert paddle.diff(t([[1, 2, 4]]), axis=0, prepend=t([[1, 2, 3]])).numpy().tolist() == [[0, 0, 1]]
    with pytest.raises(ValueError, match="n=0"):
        paddle.diff(x, n=0)
    with pytest.raises(ValueError, match="isn't consistent"):
        paddle.diff(t([1, 2], "int32"), prepend=t([1.]))
    assert paddle.trapezoid(t([1., 2, 3], "float64"), t([8., 6, 4], "float64")).numpy() == -8.0
    close(paddle.trapezoid(t([[1., 2], [3, 4]]), dx=t(2.)), [3., 7.])
    close(paddle.cumulative_trapezoid(t([1., 2, 5]), dx=0.5), [0.75, 2.5])
    with pytest.raises(ValueError, match="Not permitted to specify both x and dx input args."):
        paddle.trapezoid(t([1., 2]), t([1., 2]), 2.)
    with pytest.raises(TypeError, match="but got paddle.int64"):
        paddle.trapezoid(t([1, 2]))
    assert paddle.vander(t([1, 2, 3])).numpy().tolist() == [[1, 1, 1], [4, 2, 1], [9, 3, 1]]
    assert paddle.vander(t([1, 2, 3]), 0).shape == [3, 0]
    assert paddle.vander(t([True])).numpy().tolist() == [[True]]
    assert paddle.vander(t([1, 2], "int32")).dtype == paddle.int32
    out = paddle.vander(t([2 + 1j, 4 + 3j]))
    assert out.dtype == paddle.complex64 and out.numpy().tolist() == [[2 + 1j, 1], [4 + 3j, 1]]
    with pytest.raises(ValueError, match="N must be non-negative."):
        paddle.vander(t([1, 2]), -1)
    with pytest.raises(ValueError, match="expected to be a 1-D Tensor.But now the dims of Input\\(X\\) is 2."):
        paddle.vander(t([[1, 2]]))


def test_combinations_and_cartesian_prod():
    assert paddle.combinations(t([1, 2, 3]), 3).numpy().tolist() == [[1, 2, 3]]
    assert paddle.combinations(t([1, 2, 3]), 4).shape == [0, 4]
    assert paddle.combinations(t([1, 2, 3]), 0).shape == [0]
    assert paddle.combinations(t([1, 2, 3]), 2, True).shape == [6, 2]
    with pytest.raises(ValueError, match="Expect a non-negative int, but got r=-1"):
        paddle.combinations(t([1, 2, 3]), -1)
    with pytest.raises(TypeError, match="Expect a 1-D vector"):
        paddle.combinations(t([[1, 2, 3]]))
    c = t([7., 8., 9.])
    assert paddle.cartesian_prod([c]) is c
    out = paddle.cartesian_prod([paddle.empty([0], "float64"), t([1., 2.], "float64"), t([3., 4., 5.], "float64")])
    assert out.shape == [0, 3] and out.dtype == paddle.float64
    with pytest.raises(ValueError, match="the first tensor is int64, but 1th tensor is float32"):
        paddle.cartesian_prod([t([1, 2]), t([1., 2.])])


# -- list ops ------------------------------------------------------------------------------
def test_multiplex_add_n_reduce_as_errors():
    a, b = t([[1., 2], [3, 4]]), t([[5., 6], [7, 8]])
    idx = t([[1], [0]], "int32")
    assert paddle.multiplex([a, b], idx).numpy().tolist() == [[5, 6], [3, 4]]
    with pytest.raises(RuntimeError, match="index exceeds the number of candidate tensors"):
        paddle.multiplex([a, b], t([[1], [5]], "int32"))
    with pytest.raises(ValueError, match=r"retrieve \(int32\) does not match the type of data \(int64\)"):
        paddle.multiplex([a, b], t([[1], [0]]))
    with pytest.raises(ValueError, match="should have more than one candidate input tensors"):
        paddle.multiplex([a], idx)
    with pytest.raises(RuntimeError, match="must be a vector with 2 dimensions"):
        paddle.multiplex([a, b], t([1, 0], "int32"))
    assert paddle.add_n(a) is a
    assert paddle.add_n([t([1, 2]), t([1, 2])]).numpy().tolist() == [2, 4]
    with pytest.raises(ValueError, match="must be list of Tensors, but got empty list"):
        paddle.add_n([])
    with pytest.raises(ValueError, match=r"X\[0\]'s shape = \[2\], X\[1\]'s shape = \[1, 2\]"):
        paddle.add_n([t([1., 2]), t([[1., 2]])])
    with pytest.raises(RuntimeError, match="kernel `add_n` is not registered"):
        paddle.add_n([t([True]), t([False])])
    assert paddle.reduce_as(a, t([[1.], [2.]])).numpy().tolist() == [[3.], [7.]]
    r = paddle.reduce_as(t([[1, 2], [3, 4]], "int32"), t([[1., 2.]]))
    assert r.dtype == paddle.int64 and r.numpy().tolist() == [[4, 6]]
    with pytest.raises(ValueError, match=r"in_dims = \[2, 2\] and the shape of out_dims = \[1, 3\]"):
        paddle.reduce_as(a, t([[1., 2., 3.]]))


def test_renorm_baddbmm_broadcast_shapes():
    x = t([[1., 2], [3, 4]])
    close(paddle.renorm(x, 2, -1, 1.), [[0.31622776, 0.44721359], [0.94868326, 0.89442718]])
    close(paddle.renorm(x, -1, 0, 1.), [[1., 2.], [1.75000012, 2.33333349]], rtol=1e-6)
    assert paddle.renorm(x, 0, 0, 1.).numpy().tolist() == [[0, 0], [0, 0]]
    with pytest.raises(ValueError, match="the axis:2 should be less then the shape's size 2"):
        paddle.renorm(x, 2, 2, 1.)
    with pytest.raises(ValueError, match="the axis:-3 should not be less than -1 \\* length of input_shape:-2"):
        paddle.renorm(x, 2, -3, 1.)
    x = t([[1., 2], [3, 4]], "float64", stop_gradient=False)
    (g,) = paddle.grad((paddle.renorm(x, 2., 0, 1.) * t([[1., -1], [0.5, 2]], "float64")).sum(), x)
    close(g, [[0.53665631, -0.26832816], [-0.128, 0.096]], rtol=1e-6)
    out = paddle.baddbmm(t([[1., 2], [3, 4]]), paddle.ones([2, 2, 2]), paddle.ones([2, 2, 2]))
    assert out.numpy().tolist() == [[[3, 4], [3, 4]], [[5, 6], [5, 6]]]  # 2-D input: [batch, cols]
    with pytest.raises(ValueError, match="batch size of input must be equal to the batch size of x"):
        paddle.baddbmm(paddle.ones([3, 2]), paddle.ones([2, 2, 2]), paddle.ones([2, 2, 2]))
    assert paddle.baddbmm(paddle.full([2, 2, 2], float("nan")), paddle.ones([2, 2, 2]), paddle.ones([2, 2, 2]),
                          beta=0.).numpy().max() == 2.0
    with pytest.raises(ValueError, match="The dimension of input should be 3 or 2"):
        paddle.baddbmm(paddle.ones([2]), paddle.ones([2, 2, 2]), paddle.ones([2, 2, 2]))
    with pytest.raises(ValueError, match="x's width must be equal with Variable y's height"):
        paddle.baddbmm(paddle.ones([2, 2, 2]), paddle.ones([2, 2, 3]), paddle.ones([2, 2, 2]))
    with pytest.raises(RuntimeError, match="kernel `baddbmm` is not registered"):
        paddle.baddbmm(*[paddle.ones([1, 2, 2], "int32")] * 3)
    assert paddle.broadcast_shapes([2, 1, 3], [1, 3, 1]) == [2, 3, 3]
    assert paddle.broadcast_shapes() == [] and paddle.broadcast_shapes([-1, 3], [4, 1]) == [4, 3]
    assert paddle.broadcast_shapes([0, 3], [1, 1]) == [0, 3]
    with pytest.raises(ValueError, match=r"X = \[2, 1, 3\] and the shape of Y = \[3, 3, 1\]"):
        paddle.broadcast_shapes([2, 1, 3], [3, 3, 1])


# -- elementwise extras --------------------------------------------------------------------
def test_sign_and_predicates():
    assert paddle.copysign(t([1, 2]), -1.).numpy().tolist() == [-1, -2]
    assert paddle.copysign(t([1., 2, 3], "float64"), t([-0.0], "float64")).numpy().tolist() == [-1, -2, -3]
    assert paddle.copysign(t([True, False]), t([True, False])).numpy().tolist() == [True, False]
    with pytest.raises(TypeError, match="Type promotion only support"):
        paddle.copysign(t([1, 2], "int32"), t([-1., 2]))
    x = t([0., -0., 2., -3.], "float64", stop_gradient=False)
    y = t([-1., 1., -1., 1.], "float64", stop_gradient=False)
    gx, gy = paddle.grad((paddle.copysign(x, y) * t([1., 2, 3, 4], "float64")).sum(), [x, y])
    assert gx.numpy().tolist() == [0, 0, -3, -4] and gy.numpy().tolist() == [0, 0, 0, 0]
    assert paddle.signbit(t([1., -0.0, float("nan"), -float("nan")])).numpy().tolist() == [False, True, False, True]
    assert paddle.signbit(t([-5, -2, 3], "int32")).numpy().tolist() == [True, True, False]
    with pytest.raises(RuntimeError, match="kernel `sign` is not registered"):
        paddle.signbit(t([True]))
    assert paddle.isposinf(t([1, 2])).numpy().tolist() == [False, False]
    assert paddle.isneginf(t([-np.inf, np.inf])).numpy().tolist() == [True, False]
    assert paddle.isreal(t([(-0. + 1j), (-2.1 + 0j), (2.5 - 0j)])).numpy().tolist() == [False, True, True]
    assert paddle.isreal(t([True])).numpy().tolist() == [True]
    out = paddle.sgn(t([3 + 4j, 0, -2]))
    np.testing.assert_allclose(out.numpy(), [0.6 + 0.8j, 0, -1], rtol=1e-6)
    with pytest.raises(TypeError, match=r"must be one of \['float16', 'float32', 'float64', 'complex64', "):
        paddle.sgn(t([1, 2]))
    x = t([-1, 0, 1])
    assert paddle.positive(x) is x
    with pytest.raises(TypeError, match="The `\\+` operator, on a bool tensor is not supported."):
        paddle.positive(t([True]))


def test_complex_helpers():
    z = t([1 + 1j, -2 + 0.5j], stop_gradient=False)
    (g,) = paddle.grad((paddle.angle(z) * t([1., 2.])).sum(), z)
    np.testing.assert_allclose(g.numpy(), [-0.5 + 0.5j, -0.23529412 - 0.94117647j], rtol=1e-6)
    assert paddle.angle(t([1., -2, 0, -0.0])).numpy().tolist() == [0, np.float32(np.pi), 0, 0]
    assert paddle.conj(t([1, 2])).numpy().tolist() == [1, 2]
    assert paddle.conj(t([1 + 2j])).numpy().tolist() == [1 - 2j]
    with pytest.raises(RuntimeError, match="kernel `conj` is not registered"):
        paddle.conj(t([True]))
    with pytest.raises(RuntimeError, match="kernel `angle` is not registered"):
        paddle.angle(t([1, 2]))


def test_binary_extras():
    assert paddle.hypot(t([3, 5]), t([4, 12])).numpy().tolist() == [5., 13.]
    with pytest.raises(TypeError, match="y must be tensor type, but got <class 'float'>"):
        paddle.hypot(t([3.]), 4.)
    r = paddle.ldexp(t([1, 2]), t([2, 3]))
    assert r.dtype == paddle.float32 and r.numpy().tolist() == [4., 16.]
    assert paddle.ldexp(t([1., 2]), t([-2000, 3000])).numpy().tolist() == [0., np.inf]
    assert paddle.heaviside(t([1, 0, -1]), t([5])).numpy().tolist() == [1, 5, 0]
    assert paddle.heaviside(t([1., 0, -1, float("nan")]), t([5.])).numpy().tolist() == [1, 5, 0, 0]
    with pytest.raises(ValueError, match=r"retrieve \(float64\) does not match the type of data \(float32\)"):
        paddle.heaviside(t([1.]), t([5.], "float64"))
    assert paddle.nextafter(t([1., 2]), t([1.], "float64")).dtype == paddle.float64
    with pytest.raises(RuntimeError, match="kernel `nextafter` is not registered"):
        paddle.nextafter(t([1, 2]), t([3]))
    assert paddle.gcd(t([[12], [18]], "int32"), t([8, 12], "int32")).numpy().tolist() == [[4, 12], [2, 6]]
    assert paddle.lcm(t([[12], [18]], "int32"), t([8, 12], "int32")).numpy().tolist() == [[24, 12], [72, 36]]
    assert paddle.gcd(t([12.5]), t([5.])).numpy().tolist() == [2.5] and paddle.lcm(t([-12]), t([5])).item() == 60
    assert paddle.gcd(t(0), t(0)).item() == 0 and paddle.lcm(t(0), t(20)).item() == 0
    with pytest.raises(TypeError, match="Type promotion only support"):
        paddle.gcd(t([12], "int32"), t([8]))
    with pytest.raises(RuntimeError, match="kernel `abs` is not registered.*int8"):
        paddle.gcd(t([12], "int8"), t([8], "int8"))


def test_conversions():
    m, e = paddle.frexp(t([0., -3., 1024.]))
    assert m.numpy().tolist() == [0., -0.75, 0.5] and e.numpy().tolist() == [0., 2., 11.]
    with pytest.raises(TypeError, match=r"must be one of \['float32', 'float64'\], but got paddle.int64"):
        paddle.frexp(t([1, 2]))
    x = t([3., 0.7, 8.], "float64", stop_gradient=False)
    (g,) = paddle.grad((paddle.frexp(x)[0] * t([1., 2., 3.], "float64")).sum(), x)
    assert g.numpy().tolist() == [0.25, 2.0, 0.1875]
    assert paddle.frac(t([1, 2])).numpy().tolist() == [0, 0]
    assert np.isnan(paddle.frac(t([float("inf")])).numpy()).all()
    with pytest.raises(TypeError, match="but got paddle.bool"):
        paddle.frac(t([True]))
    close(paddle.sinc(t([0., 1., 0.5])), [1., 0., 0.63661975], atol=1e-7)
    x = t([0., 0.5], "float64", stop_gradient=False)
    (g,) = paddle.grad(paddle.sinc(x).sum(), x)
    close(g, [0., -1.27323954])
    r = paddle.rad2deg(t(1))
    assert r.dtype == paddle.float32 and abs(r.item() - 57.29578018) < 1e-5
    assert paddle.deg2rad(t([180.], "float64")).item() == math.pi


# -- in-place forms, methods, static ---------------------------------------------------------
def test_inplace_forms_and_methods():
    for name in ("baddbmm_", "renorm_", "gammaln_", "digamma_", "gammaincc_", "gammainc_", "lgamma_",
                 "multigammaln_", "logit_", "gcd_", "lcm_", "frac_", "i0_", "polygamma_", "ldexp_", "copysign_",
                 "hypot_", "sinc_"):
        assert hasattr(paddle, name) and hasattr(paddle.Tensor, name), name
    assert hasattr(paddle.Tensor, "erfinv_") and not hasattr(paddle, "erfinv_")
    assert not hasattr(paddle.Tensor, "positive") and not hasattr(paddle.Tensor, "cartesian_prod")
    x = t([0.5, 2.0], "float64")
    assert paddle.lgamma_(x) is x
    close(x, [math.lgamma(0.5), 0.0])
    x = t([3.0, -4.5], "float64")
    x.copysign_(-1.0)
    assert x.numpy().tolist() == [-3.0, -4.5]
    with pytest.raises(ValueError, match="cannot write a float32 result into a int64"):
        paddle.ldexp_(t([1, 2]), t([1, 1]))
    assert t([1., 2.]).cummax()[1].numpy().tolist() == [0, 1]
    leaf = t([0.5], stop_gradient=False)
    with pytest.raises(ValueError, match="Leaf Var"):
        paddle.digamma_(leaf)


def test_static_op_types_and_results():
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [None, 3], "float32")
            idx = paddle.static.data("idx", [None, 1], "int32")
            outs = [paddle.lgamma(x), paddle.digamma(x), paddle.polygamma(x, 1), paddle.erfinv(x * 0.1),
                    paddle.i0(x), paddle.i1e(x), paddle.logit(x * 0.1), paddle.stanh(x), paddle.gammaincc(x, x),
                    paddle.cummax(x, axis=1)[0], paddle.cummin(x, axis=1)[1], paddle.logcumsumexp(x, axis=0),
                    paddle.renorm(x, 2.0, 0, 1.0), paddle.multiplex([x, x * 2.0], idx), paddle.add_n([x, x]),
                    paddle.copysign(x, -x), paddle.heaviside(x, x), paddle.conj(x), paddle.angle(x),
                    paddle.frexp(x)[1], paddle.gcd(x, x), paddle.diff(x, axis=1), paddle.reduce_as(x, x[:1])]
        types = {op.type for op in main.global_block().ops}
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        arr = np.array([[0.5, 1.0, 2.0], [1.5, 3.0, 0.25]], "float32")
        res = exe.run(main, feed={"x": arr, "idx": np.array([[1], [0]], "int32")}, fetch_list=outs)
    finally:
        paddle.disable_static()
    for want in ("lgamma", "digamma", "polygamma", "erfinv", "i0", "i1e", "logit", "stanh", "gammaincc", "cummax",
                 "cummin", "logcumsumexp", "renorm", "multiplex", "sum", "copysign", "elementwise_heaviside", "conj",
                 "angle", "reduce_as"):
        assert want in types, want
    eager = [paddle.lgamma(t(arr)), paddle.cummax(t(arr), axis=1)[0], paddle.multiplex(
        [t(arr), t(arr) * 2.0], t([[1], [0]], "int32")), paddle.reduce_as(t(arr), t(arr[:1]))]
    for got, want in zip([res[0], res[9], res[13], res[22]], eager):
        np.testing.assert_allclose(got, want.numpy(), rtol=1e-6)
