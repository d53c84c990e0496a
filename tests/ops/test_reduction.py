"""OpSpec table: reductions and statistics (mean, max, min, amax, amin, prod, logsumexp, cumsum, cumprod,
var, std, median, nansum, nanmean, allclose, isclose, equal_all)."""
import numpy as np

import purepaddle as paddle
from tests.opspec import OpSpec, ints, parametrize, positive, rand


def with_nans(*shape):
    """Input factory: floats with a few NaNs."""
    def make(rng):
        a = rng.uniform(-1, 1, size=shape)
        a.reshape(-1)[[0, 3]] = np.nan
        return a
    return make


def with_zeros(*shape):
    """Input factory: floats with zeros (cumprod's gradient must stay exact there)."""
    def make(rng):
        a = rng.uniform(0.5, 1.5, size=shape) * rng.choice([-1.0, 1.0], size=shape)
        a.reshape(-1)[[1, 6, 7]] = 0.0
        return a
    return make


def ties(*shape):
    """Input factory: small integer-valued floats, so extremes are tied."""
    return lambda rng: rng.integers(0, 3, size=shape).astype("float64")


def _median_avg(x, axis=None, keepdims=False):
    return np.median(x, axis=axis, keepdims=keepdims)


def _median_low(x, axis):
    s = np.sort(x, axis=axis)
    k = (x.shape[axis] - 1) // 2
    return np.take(s, k, axis=axis)


def _close(x, y):
    return x, x + y * 1e-7


SPECS = [
    OpSpec("mean", paddle.mean, np.mean, [rand(3, 4)], double=True),
    OpSpec("mean_axis", lambda x: paddle.mean(x, axis=[0, 2]), lambda x: x.mean((0, 2)), [rand(2, 3, 4)]),
    OpSpec("mean_keepdim", lambda x: paddle.mean(x, axis=-1, keepdim=True), lambda x: x.mean(-1, keepdims=True),
           [rand(3, 4)], double=True),
    OpSpec("mean_method", lambda x: x.mean(1), lambda x: x.mean(1), [rand(3, 4)]),
    OpSpec("max", paddle.max, np.max, [rand(3, 4)]),
    OpSpec("max_axis_keepdim", lambda x: paddle.max(x, axis=1, keepdim=True), lambda x: x.max(1, keepdims=True),
           [rand(3, 4)]),
    OpSpec("min_axis", lambda x: paddle.min(x, axis=[0, 1]), lambda x: x.min((0, 1)), [rand(3, 4, 2)]),
    OpSpec("amax", lambda x: paddle.amax(x, axis=0), lambda x: x.amax(0) if hasattr(x, "amax") else x.max(0),
           [rand(3, 4)]),
    OpSpec("amin", lambda x: paddle.amin(x, axis=-1), lambda x: x.min(-1), [rand(3, 4)]),
    OpSpec("max_method", lambda x: x.max(0), lambda x: x.max(0), [rand(3, 4)]),
    OpSpec("prod", paddle.prod, np.prod, [positive(2, 3)], double=True),
    OpSpec("prod_axis", lambda x: paddle.prod(x, axis=1, keepdim=True), lambda x: x.prod(1, keepdims=True),
           [rand(3, 4)]),
    OpSpec("logsumexp", paddle.logsumexp, lambda x: np.log(np.exp(x).sum()), [rand(3, 4)], double=True),
    OpSpec("logsumexp_axis", lambda x: paddle.logsumexp(x, axis=1, keepdim=True),
           lambda x: np.log(np.exp(x).sum(1, keepdims=True)), [rand(3, 4, low=-30, high=30)]),
    OpSpec("cumsum", paddle.cumsum, lambda x: np.cumsum(x), [rand(3, 4)]),
    OpSpec("cumsum_axis", lambda x: paddle.cumsum(x, axis=1), lambda x: np.cumsum(x, 1), [rand(3, 4)], double=True),
    OpSpec("cumsum_int", lambda x: paddle.cumsum(x, axis=0), lambda x: np.cumsum(x, 0), [ints(3, 4, dtype="int32")]),
    OpSpec("cumprod", lambda x: paddle.cumprod(x, dim=1), lambda x: np.cumprod(x, 1), [rand(3, 4)], double=True),
    OpSpec("cumprod_flat", paddle.cumprod, lambda x: np.cumprod(x), [rand(2, 3)]),
    OpSpec("cumprod_zeros", lambda x: paddle.cumprod(x, dim=-1), lambda x: np.cumprod(x, -1), [with_zeros(2, 5)]),
    OpSpec("var", paddle.var, lambda x: np.var(x, ddof=1), [rand(3, 4)], double=True),
    OpSpec("var_axis_biased", lambda x: paddle.var(x, axis=0, unbiased=False, keepdim=True),
           lambda x: np.var(x, 0, keepdims=True), [rand(3, 4)]),
    OpSpec("std", lambda x: paddle.std(x, axis=1), lambda x: np.std(x, 1, ddof=1), [rand(3, 4)], double=True),
    OpSpec("median", paddle.median, np.median, [rand(3, 4)]),
    OpSpec("median_axis", lambda x: paddle.median(x, axis=1), lambda x: np.median(x, 1), [rand(3, 5)]),
    OpSpec("median_keepdim", lambda x: paddle.median(x, axis=0, keepdim=True),
           lambda x: np.median(x, 0, keepdims=True), [rand(4, 3)]),
    OpSpec("median_min", lambda x: paddle.median(x, axis=1, mode="min"),
           lambda x: (_median_low(x, 1), np.argsort(x, 1, kind="stable")[:, (x.shape[1] - 1) // 2]), [rand(3, 4)]),
    OpSpec("median_min_all", lambda x: paddle.median(x, mode="min"), lambda x: _median_low(x.reshape(-1), 0),
           [rand(3, 4)]),
    OpSpec("nansum", lambda x: paddle.nansum(x, axis=1), lambda x: np.nansum(x, 1), [with_nans(3, 4)]),
    OpSpec("nanmean", paddle.nanmean, np.nanmean, [with_nans(3, 4)]),
    OpSpec("nanmean_axis", lambda x: paddle.nanmean(x, axis=0, keepdim=True),
           lambda x: np.nanmean(x, 0, keepdims=True), [with_nans(3, 4)]),
    OpSpec("allclose", lambda x, y: paddle.allclose(*_close(x, y)), lambda x, y: np.asarray(True),
           [rand(3, 4), rand(3, 4)], grad=()),
    OpSpec("allclose_false", lambda x, y: paddle.allclose(x, y), lambda x, y: np.asarray(np.allclose(x, y)),
           [rand(3, 4), rand(3, 4)], grad=()),
    OpSpec("isclose", lambda x, y: paddle.isclose(x, y, atol=0.3), lambda x, y: np.isclose(x, y, atol=0.3),
           [rand(3, 4), rand(3, 4)], grad=()),
    OpSpec("equal_all", lambda x: paddle.equal_all(x, x), lambda x: np.asarray(True), [ints(3, 4)], grad=()),
    OpSpec("equal_all_false", paddle.equal_all, lambda x, y: np.asarray((x == y).all()), [ints(3, 4), ints(3, 4)],
           grad=()),
]

test_forward, test_grad, test_static, test_static_grad, test_double = parametrize(SPECS)


def test_extreme_grad_shared_among_ties():
    """max/min/amax/amin split the gradient evenly among tied extremes (Paddle's rule)."""
    for fn in (paddle.max, paddle.min, paddle.amax, paddle.amin):
        x = paddle.to_tensor([[1.0, 3.0, 3.0], [2.0, 2.0, 0.0]], stop_gradient=False)
        fn(x, axis=1).sum().backward()
        want = [[0, .5, .5], [.5, .5, 0]] if fn in (paddle.max, paddle.amax) else [[1, 0, 0], [0, 0, 1]]
        np.testing.assert_allclose(x.grad.numpy(), want)


def test_median_grad_halves_the_middle_pair():
    x = paddle.to_tensor([[1.0, 3.0, 3.0, 5.0], [2.0, 2.0, 0.0, 7.0]], stop_gradient=False)
    paddle.median(x, axis=1).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [[0, .5, .5, 0], [.5, .5, 0, 0]])
    x = paddle.to_tensor([1.0, 3.0, 3.0, 5.0, 2.0, 2.0, 0.0, 7.0], stop_gradient=False)
    paddle.median(x, mode="min").backward()  # over all elements: shared among the ties of the median
    np.testing.assert_allclose(x.grad.numpy(), [0, 0, 0, 0, .5, .5, 0, 0])


def test_cumprod_grad_with_zeros_matches_paddle():
    x = paddle.to_tensor([2.0, 0.0, 3.0], stop_gradient=False)
    paddle.cumprod(x, 0).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [1.0, 8.0, 0.0])


def test_static_mean_with_unknown_batch():
    """reduce_mean's gradient counts elements at run time when the static shape has -1."""
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [None, 3], "float32")
            x.stop_gradient = False
            loss = paddle.mean(x)
            paddle.static.append_backward(loss)
        exe = paddle.static.Executor(paddle.CPUPlace())
        (g,) = exe.run(main, feed={"x": np.ones((4, 3), "float32")}, fetch_list=[x.name + "@GRAD"])
    finally:
        paddle.disable_static()
    np.testing.assert_allclose(g, np.full((4, 3), 1 / 12), rtol=1e-6)
