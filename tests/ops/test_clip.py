"""OpSpec table: the gradient-clipping ops clip_by_norm (no gradient, as in Paddle) and squared_l2_norm."""
import numpy as np

from purepaddle._core.dispatch import apply
from purepaddle.nn import clip as nn_clip
from purepaddle.ops.clip import SquaredL2Norm
from tests.opspec import OpSpec, parametrize, rand


def _clip_by_norm(x, max_norm):
    n = np.sqrt((x.astype(np.float64) ** 2).sum())
    return x * (max_norm / n) if n > max_norm else x


SPECS = [
    OpSpec("clip_by_norm_scaled", lambda x: nn_clip.clip_by_norm(x, 0.5), lambda x: _clip_by_norm(x, 0.5),
           [rand(3, 4)], grad=()),
    OpSpec("clip_by_norm_kept", lambda x: nn_clip.clip_by_norm(x, 100.0), lambda x: _clip_by_norm(x, 100.0),
           [rand(3, 4)], grad=()),
    OpSpec("squared_l2_norm", lambda x: apply(SquaredL2Norm, x), lambda x: np.array([(x ** 2).sum()]),
           [rand(3, 4)], double=True),
    OpSpec("squared_l2_norm_0d", lambda x: apply(SquaredL2Norm, x), lambda x: np.array([x ** 2]),
           [np.array(0.7)]),
]

test_forward, test_grad, test_static, test_static_grad, test_double = parametrize(SPECS)
