"""Gradients at special values (NaN, +-inf, 0) as Paddle's kernels give them."""
import numpy as np

import purepaddle as paddle


def _dswish(x):
    s = 1 / (1 + np.exp(-x))
    return s * (1 + x * (1 - s))


def test_special_value_gradients_follow_paddles_kernels():
    # real Paddle 3.3.1: abs' is x/|x| (0 at 0, NaN at +-inf), so logaddexp (log1p(exp(-|x-y|)) + max) and
    # l1_loss are NaN where x - y is infinite; smooth_l1_loss takes a NaN residual as -delta
    v = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 1e38, -1e38, 2.0, -3.0])
    w = np.array([1.0, -1.0, np.nan, np.inf, 0.0, -0.0, 2.0, -np.inf, 3.0])
    cases = [
        (paddle.nn.functional.swish, [v], [[np.nan, np.nan, np.nan, .5, .5, 0, 0, _dswish(2.0), _dswish(-3.0)]]),
        # float64 exp below -709.78 (-inf too) is the subnormal 5.56e-309 in Eigen's 4-double packets
        (paddle.nn.functional.celu, [v], [[np.nan, np.nan, 5.55552948377339e-309, 1, 1, np.nan, 5.55552948377339e-309,
                                           1, np.exp(-3.0)]]),
        (paddle.abs, [v], [[np.nan, np.nan, np.nan, 0, 0, 1, -1, 1, -1]]),
        (paddle.logaddexp, [v, w], [[np.nan, np.nan, np.nan, np.nan, .5, 1, 5.55552948377339e-309, np.nan,
                                     0.0024726231566347743]]),
        (lambda a, b: paddle.nn.functional.l1_loss(a, b, reduction="sum"), [v, w],
         [[np.nan, np.nan, np.nan, np.nan, 0, 1, -1, np.nan, -1]]),
        (lambda a, b: paddle.nn.functional.smooth_l1_loss(a, b, reduction="sum"), [v, w],
         [[1, 1, 1, -1, 0, 1, -1, 1, -1], [-1, -1, -1, 1, 0, -1, 1, -1, 1]]),
    ]
    for fn, arrays, want in cases:
        ts = [paddle.to_tensor(a, stop_gradient=False) for a in arrays]
        out = fn(*ts)
        out.backward(paddle.ones_like(out))
        for t, wg in zip(ts, want):
            np.testing.assert_allclose(t.grad.numpy(), wg, rtol=1e-9, atol=0)
