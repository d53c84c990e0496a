"""OpSpec table: creation ops (to_tensor, full, zeros, arange, linspace, eye, assign, clone, cast, ...)."""
import numpy as np

import purepaddle as paddle
from tests.opspec import OpSpec, parametrize, rand

F32 = np.float32


def _seeded_uniform(shape, lo, hi, seed):
    """The documented stream of an op-level seed: PCG64(seed), float32 uniforms scaled to [lo, hi)."""
    u = np.random.Generator(np.random.PCG64(seed)).random(shape, dtype=F32)
    return u * F32(hi - lo) + F32(lo)


def _spaced(a, b, n, dt=F32):
    """Paddle's linspace: computed in the output dtype, filled from both ends."""
    a, b = dt(a), dt(b)
    step = (b - a) / dt(n - 1)
    i = np.arange(n)
    return np.where(i < n // 2, a + step * i.astype(dt), b - step * (n - 1 - i).astype(dt))


def const(name, fn, ref, **kw):
    """A spec for a function without tensor inputs (nothing to differentiate)."""
    return OpSpec(name, fn, ref, grad=(), **kw)


SPECS = [
    # -- constants -------------------------------------------------------------------------
    OpSpec("to_tensor", lambda x: paddle.to_tensor(x), lambda x: x, [rand(2, 3)], grad=()),
    const("zeros", lambda: paddle.zeros([2, 3]), lambda: np.zeros((2, 3), F32)),
    const("ones_int", lambda: paddle.ones([3], dtype="int32"), lambda: np.ones(3, np.int32)),
    const("full", lambda: paddle.full([2, 2], 1.5), lambda: np.full((2, 2), 1.5, F32)),
    const("full_int64_exact", lambda: paddle.full([2], 2**53 + 1, "int64"),
          lambda: np.full(2, 2**53 + 1, np.int64), atol=0, rtol=0),
    const("full_bool", lambda: paddle.full([3], True), lambda: np.ones(3, bool)),
    const("empty_shape", lambda: paddle.zeros_like(paddle.empty([2, 3])), lambda: np.zeros((2, 3), F32)),
    OpSpec("zeros_like", paddle.zeros_like, np.zeros_like, [rand(2, 3)], grad=()),
    OpSpec("ones_like", lambda x: paddle.ones_like(x, dtype="int64"), lambda x: np.ones(x.shape, np.int64),
           [rand(4)], grad=()),
    OpSpec("full_like", lambda x: paddle.full_like(x, 7.0), lambda x: np.full_like(x, 7.0), [rand(3, 2)], grad=()),
    OpSpec("empty_like", lambda x: paddle.zeros_like(paddle.empty_like(x)), np.zeros_like, [rand(3, 2)], grad=()),
    # -- ranges ----------------------------------------------------------------------------
    const("arange_int", lambda: paddle.arange(1, 10, 3), lambda: np.arange(1, 10, 3)),
    const("arange_float", lambda: paddle.arange(0, 1, 0.3), lambda: np.arange(F32(0), F32(1), F32(0.3), dtype=F32)),
    const("arange_neg_step", lambda: paddle.arange(5, 0, -2, dtype="float64"), lambda: np.arange(5.0, 0, -2)),
    const("linspace", lambda: paddle.linspace(0.1, 2.3, 11), lambda: _spaced(0.1, 2.3, 11), atol=0, rtol=0),
    const("linspace_int", lambda: paddle.linspace(0, 10, 5, dtype="int32"), lambda: np.array([0, 2, 5, 7, 10])),
    const("logspace", lambda: paddle.logspace(0, 2, 5, base=2.0), lambda: np.logspace(0, 2, 5, base=2.0)),
    const("eye", lambda: paddle.eye(3, 4), lambda: np.eye(3, 4, dtype=F32)),
    const("tril_indices", lambda: paddle.tril_indices(4, 3, -1), lambda: np.array(np.tril_indices(4, -1, 3))),
    const("triu_indices", lambda: paddle.triu_indices(3, 4, 1), lambda: np.array(np.triu_indices(3, 1, 4))),
    # -- copies and casts (differentiable) ---------------------------------------------------
    OpSpec("assign", paddle.assign, lambda x: x, [rand(2, 3)]),
    const("assign_ndarray", lambda: paddle.assign(np.arange(6.0).reshape(2, 3)),
          lambda: np.arange(6.0).reshape(2, 3)),
    OpSpec("clone", paddle.clone, lambda x: x, [rand(3, 4)]),
    OpSpec("clone_method", lambda x: (x * x).clone(), lambda x: x * x, [rand(3)], double=True),
    OpSpec("cast_f64", lambda x: paddle.cast(x * x, "float64"), lambda x: (x * x).astype(np.float64), [rand(2, 3)],
           double=True),
    OpSpec("cast_int", lambda x: paddle.cast(x * 5, "int32"), lambda x: (x * 5).astype(np.int32), [rand(2, 3)],
           grad=()),
    OpSpec("astype_f64", lambda x: x.astype("float64") * 2, lambda x: x * 2, [rand(4)]),
    OpSpec("fill_", lambda x: (x * 1).fill_(2.5), lambda x: np.full_like(x, 2.5), [rand(3)]),
    OpSpec("zero_", lambda x: (x * 3).zero_(), np.zeros_like, [rand(2, 2)]),
    # -- a random op with its own seed is deterministic: static == eager -----------------------
    const("uniform_seed", lambda: paddle.uniform([2, 3], min=-2.0, max=3.0, seed=7),
          lambda: _seeded_uniform((2, 3), -2.0, 3.0, 7)),
]

test_forward, test_grad, test_static, test_static_grad, test_double = parametrize(SPECS)
