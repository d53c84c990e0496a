"""Random functions: shapes, dtypes, ranges, seeding, rng state round trips, loose statistics, errors; and the
distribution samplers (binomial, standard_gamma, log_normal(_), random_, cauchy_, geometric_, gaussian_,
uniform_random_batch_size_like)."""
import copy
import pickle

import numpy as np
import pytest

import purepaddle as paddle
from purepaddle._core import generator as G
from purepaddle.framework import get_cuda_rng_state, get_rng_state, seed, set_cuda_rng_state, set_rng_state
from purepaddle.tensor import random as R


# -- shapes, dtypes, ranges -------------------------------------------------------------------
@pytest.mark.parametrize("fn", [paddle.rand, paddle.randn, paddle.standard_normal, paddle.uniform])
def test_float_samplers_shape_and_default_dtype(fn):
    x = fn([2, 3])
    assert x.shape == [2, 3] and x.dtype == paddle.float32 and x.stop_gradient
    assert fn([2], dtype="float64").dtype == paddle.float64
    assert fn([]).shape == []
    paddle.set_default_dtype("float64")
    assert fn([1]).dtype == paddle.float64


def test_size_args():
    assert paddle.rand(2, 3).shape == [2, 3]
    assert paddle.randn(size=[4]).shape == [4]
    assert paddle.rand(5).shape == [5]


def test_uniform_range_and_seeded_stream():
    x = paddle.uniform([1000], min=-2, max=3).numpy()
    assert x.min() >= -2 and x.max() < 3
    a = paddle.uniform([5], seed=11).numpy()
    b = paddle.uniform([5], seed=11).numpy()
    np.testing.assert_array_equal(a, b)  # an op-level seed is its own fixed stream
    assert paddle.uniform([2], min=paddle.to_tensor(1.0), max=2.0).numpy().min() >= 1


def test_float16_and_complex_samplers():
    assert paddle.rand([3], dtype="float16").dtype == paddle.float16
    z = paddle.randn([20000], dtype="complex64")
    assert z.dtype == paddle.complex64
    zn = z.numpy()
    assert abs(zn.real.std() - np.sqrt(0.5)) < 0.03 and abs(zn.imag.std() - np.sqrt(0.5)) < 0.03


def test_randint():
    x = paddle.randint(0, 5, [4000])
    assert x.dtype == paddle.int64 and x.shape == [4000]
    v = x.numpy()
    assert v.min() == 0 and v.max() == 4
    assert paddle.randint(3).shape == [1]
    assert paddle.randint(-3, 3, [2], dtype="int32").dtype == paddle.int32
    y = paddle.randint(7, shape=[100]).numpy()
    assert y.min() >= 0 and y.max() < 7


def test_randint_like():
    x = paddle.zeros([2, 3])
    y = paddle.randint_like(x, 4)
    assert y.shape == [2, 3] and y.dtype == paddle.float32
    assert y.numpy().max() < 4
    assert paddle.randint_like(x, 0, 5, dtype="int32").dtype == paddle.int32
    assert paddle.randint_like(paddle.to_tensor([1, 2]), 5).dtype == paddle.int64


def test_randperm():
    p = paddle.randperm(10)
    assert p.dtype == paddle.int64 and sorted(p.tolist()) == list(range(10))
    assert paddle.randperm(4, "float32").dtype == paddle.float32
    assert paddle.randperm(0).shape == [0]


def test_normal_variants():
    x = paddle.normal(shape=[3])
    assert x.shape == [3] and x.dtype == paddle.float32
    m = paddle.to_tensor([0.0, 100.0])
    np.testing.assert_allclose(paddle.normal(m, 0.0).numpy(), [0, 100])
    y = paddle.normal(m, paddle.to_tensor([[1.0], [2.0]]))  # std is reshaped to mean's shape, as in Paddle
    assert y.shape == [2]
    assert paddle.normal(paddle.to_tensor([0.0], dtype="float64"), 1.0).dtype == paddle.float64
    assert paddle.normal(0.0, paddle.to_tensor([1.0, 2.0])).shape == [2]
    c = paddle.normal(1 + 1j, 1.0, [4])
    assert c.dtype == paddle.complex64
    big = paddle.normal(3.0, 2.0, [20000]).numpy()
    assert abs(big.mean() - 3) < 0.1 and abs(big.std() - 2) < 0.1


def test_normal_mean_gradient_flows():
    m = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    out = paddle.normal(m, 1.0)
    assert not out.stop_gradient
    out.sum().backward()
    np.testing.assert_allclose(m.grad.numpy(), [1, 1])


def test_rand_like_randn_like():
    x = paddle.zeros([2, 2], dtype="float64")
    assert paddle.rand_like(x).dtype == paddle.float64
    assert paddle.randn_like(x, dtype="float32").dtype == paddle.float32
    assert paddle.randn_like(x).shape == [2, 2]


def test_bernoulli_poisson_multinomial():
    p = paddle.to_tensor([0.0, 1.0, 0.0, 1.0])
    np.testing.assert_array_equal(paddle.bernoulli(p).numpy(), [0, 1, 0, 1])
    assert paddle.bernoulli(paddle.zeros([3]), p=1.0).numpy().tolist() == [1, 1, 1]
    b = paddle.bernoulli(paddle.full([20000], 0.3)).numpy()
    assert abs(b.mean() - 0.3) < 0.02 and b.dtype == np.float32
    lam = paddle.full([20000], 4.0, dtype="float64")
    s = paddle.poisson(lam).numpy()
    assert s.dtype == np.float64 and abs(s.mean() - 4) < 0.1 and abs(s.var() - 4) < 0.3
    assert paddle.poisson(paddle.to_tensor([-1.0, 0.0])).numpy().tolist() == [0, 0]
    m = paddle.multinomial(paddle.to_tensor([0.2, 0.8]), 4000, replacement=True).numpy()
    assert m.dtype == np.int64 and abs(m.mean() - 0.8) < 0.04
    rows = paddle.multinomial(paddle.to_tensor([[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]]), 2, replacement=True)
    assert rows.numpy().tolist() == [[1, 1], [0, 0]]
    perm = paddle.multinomial(paddle.to_tensor([1.0, 2.0, 3.0, 4.0]), 4)
    assert sorted(perm.tolist()) == [0, 1, 2, 3]  # without replacement: all distinct
    first = [paddle.multinomial(paddle.to_tensor([1.0, 9.0]), 1).item() for _ in range(300)]
    assert np.mean(first) > 0.8


def test_random_outputs_stop_gradient_poisson_has_zero_grad():
    x = paddle.to_tensor([0.3, 0.7], stop_gradient=False)
    assert paddle.bernoulli(x).stop_gradient and paddle.multinomial(x).stop_gradient
    y = paddle.poisson(x)
    assert not y.stop_gradient  # Paddle: poisson has a (zero) gradient
    y.sum().backward()
    np.testing.assert_array_equal(x.grad.numpy(), [0, 0])


# -- in-place samplers ------------------------------------------------------------------------
def test_inplace_samplers():
    x = paddle.zeros([500])
    assert x.uniform_(2.0, 3.0) is x
    assert x.numpy().min() >= 2 and x.numpy().max() < 3
    x.normal_(5.0, 0.1)
    assert abs(x.numpy().mean() - 5) < 0.05
    x.exponential_(2.0)
    assert x.numpy().min() >= 0 and abs(x.numpy().mean() - 0.5) < 0.15
    x.bernoulli_(1.0)
    assert x.numpy().tolist() == [1.0] * 500
    y = paddle.zeros([2, 3]).bernoulli_(paddle.to_tensor([[0.0], [1.0]]))
    assert y.numpy().tolist() == [[0, 0, 0], [1, 1, 1]]
    assert paddle.normal_(paddle.zeros([2])).shape == [2]
    assert paddle.bernoulli_(paddle.zeros([2]), 0.0).numpy().tolist() == [0, 0]


def test_inplace_samplers_gradient_and_leaf_error():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    for m in ("uniform_", "normal_", "exponential_", "bernoulli_"):
        x.clear_grad()
        w = x * 1
        getattr(w, m)()
        assert not w.stop_gradient
        (w * x).sum().backward()  # the sampler path contributes zero: grad is w's values
        np.testing.assert_allclose(x.grad.numpy(), w.numpy(), err_msg=m)
    with pytest.raises(ValueError, match="Leaf Var"):
        x.uniform_()


# -- seeding and states -----------------------------------------------------------------------
def test_seed_returns_generator_and_repeats_draws():
    g = paddle.seed(2024) if hasattr(paddle, "seed") else seed(2024)
    assert g is G.default_generator() and g.initial_seed() == 2024
    a = paddle.rand([4]).numpy()
    seed(2024)
    np.testing.assert_array_equal(paddle.rand([4]).numpy(), a)
    seed(2025)
    assert not np.array_equal(paddle.rand([4]).numpy(), a)


def test_rng_state_round_trip_all_samplers():
    seed(7)
    state = get_rng_state()
    assert isinstance(state, list) and len(state) == 1

    def draw():
        return [paddle.rand([3]).numpy(), paddle.randn([3]).numpy(), paddle.randint(0, 100, [3]).numpy(),
                paddle.randperm(6).numpy(), paddle.bernoulli(paddle.full([5], 0.5)).numpy(),
                paddle.multinomial(paddle.ones([6]), 3).numpy(), paddle.poisson(paddle.full([3], 3.0)).numpy()]

    first = draw()
    set_rng_state(state)
    for a, b in zip(first, draw()):
        np.testing.assert_array_equal(a, b)


def test_generator_state_object():
    g = G.default_generator()
    s = g.get_state()
    assert s.current_seed() == g.initial_seed()
    a = paddle.rand([3]).numpy()
    g.set_state(copy.deepcopy(s))
    np.testing.assert_array_equal(paddle.rand([3]).numpy(), a)
    g.set_state(pickle.loads(pickle.dumps(s)))
    np.testing.assert_array_equal(paddle.rand([3]).numpy(), a)
    g.set_state(s.clone())
    np.testing.assert_array_equal(paddle.rand([3]).numpy(), a)
    assert g.manual_seed(9) is g and g.initial_seed() == 9
    new = g.seed()
    assert g.initial_seed() == new
    assert 0 <= g.random() < 2**64


def test_generator_factory_and_cuda_state():
    from purepaddle.framework import Generator
    assert Generator() is G.default_generator()
    assert get_cuda_rng_state() == []
    set_cuda_rng_state([])
    with pytest.raises(ValueError):
        set_cuda_rng_state(get_rng_state())


def test_seed_and_state_errors():
    with pytest.raises(TypeError):
        seed(-1)
    with pytest.raises(TypeError):
        seed(2**64 + 1)
    with pytest.raises(ValueError, match="Length of cpu state list should be equal to 1"):
        set_rng_state([])
    with pytest.raises(ValueError, match="not compiled with CUDA"):
        get_rng_state("gpu")
    with pytest.raises(TypeError):
        G.default_generator().set_state("state")
    seed(1.9)  # Paddle takes int(seed)
    assert G.default_generator().initial_seed() == 1


# -- argument errors (types checked against Paddle 3.3.1) -----------------------------------------
@pytest.mark.parametrize("call, exc, match", [
    (lambda: paddle.randint(5, 5, [2]), ValueError, "low must less then high, but received: low = 5, high = 5"),
    (lambda: paddle.randint(6, 5, [2]), ValueError, "low = 6, high = 5"),
    (lambda: paddle.randint(-5), ValueError, "If high is None, low must be greater than 0, but received low = -5"),
    (lambda: paddle.randint(0.5, 5, [2]), TypeError, "must be int, but got float"),
    (lambda: paddle.randint(0, 5, [2], dtype="float32"), RuntimeError, "randint"),
    (lambda: paddle.randint_like(paddle.zeros([2]), 5, 3), ValueError, "randint_like's low must less then high"),
    (lambda: paddle.rand([-1]), ValueError, "no less than 0"),
    (lambda: paddle.rand([2], dtype="foo"), TypeError, "data type 'foo' not understood"),
    (lambda: paddle.rand([2], dtype="int32"), RuntimeError, "uniform"),
    (lambda: paddle.randn([2], dtype="int64"), RuntimeError, "gaussian"),
    (lambda: paddle.randperm(5, "int8"), RuntimeError, "randperm"),
    (lambda: paddle.bernoulli(paddle.to_tensor([2.0, 0.0])), IndexError, "should be <= 1, but got 2"),
    (lambda: paddle.bernoulli(paddle.to_tensor([0.5]), -0.5), IndexError, "should be >= 0"),
    (lambda: paddle.bernoulli(paddle.to_tensor([1, 0])), RuntimeError, "bernoulli"),
    (lambda: paddle.bernoulli([0.5]), ValueError, "must be Tensor, but got list"),
    (lambda: paddle.multinomial(paddle.to_tensor([0.2, 0.8]), 3), ValueError, "When replacement is False"),
    (lambda: paddle.multinomial(paddle.to_tensor([-0.2, 0.8])), ValueError, "should be >= 0"),
    (lambda: paddle.multinomial(paddle.to_tensor([0.0, 0.0])), ValueError, "should be > 0"),
    (lambda: paddle.multinomial(paddle.rand([2, 2, 2])), ValueError, "should be > 0 and <= 2, but got 3"),
    (lambda: paddle.multinomial(paddle.to_tensor([0.5]), 0), ValueError, "should be > 0, but got 0"),
    (lambda: paddle.poisson(paddle.to_tensor([1, 5])), RuntimeError, "poisson"),
    (lambda: paddle.normal(1 + 2j, 1.0, [2]), ValueError, "real part equal imaginary part"),
    (lambda: paddle.normal(paddle.to_tensor([1, 2]), 1.0), RuntimeError, "gaussian"),
    (lambda: paddle.zeros([2], dtype="int64").uniform_(), RuntimeError, "uniform_inplace"),
])
def test_errors(call, exc, match):
    with pytest.raises(exc, match=match):
        call()


# -- static programs draw at run time -------------------------------------------------------------
def test_static_random_ops_draw_per_run_and_follow_seed():
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            u = paddle.rand([3, 2])
            r = paddle.randint(0, 4, [5])
            n = paddle.normal(shape=[4])
            p = paddle.randperm(6)
            fixed = paddle.uniform([3], seed=5)
        types = [op.type for op in main.global_block().ops]
        assert {"uniform_random", "randint", "gaussian_random", "randperm"} <= set(types)
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        seed(3)
        a = exe.run(main, fetch_list=[u, r, n, p, fixed])
        b = exe.run(main, fetch_list=[u, r, n, p, fixed])
        seed(3)
        c = exe.run(main, fetch_list=[u, r, n, p, fixed])
    finally:
        paddle.disable_static()
    assert a[0].shape == (3, 2) and a[0].dtype == np.float32 and a[1].dtype == np.int64
    assert sorted(a[3].tolist()) == list(range(6))
    assert not np.array_equal(a[0], b[0])  # a new draw on every run
    for x, y in zip(a, c):
        np.testing.assert_array_equal(x, y)  # paddle.seed before run repeats the draws
    np.testing.assert_array_equal(a[4], b[4])  # an op-level seed is fixed


# -- distribution samplers -------------------------------------------------------------------
def test_binomial():
    out = paddle.binomial(paddle.to_tensor([10., 50.]), paddle.to_tensor([0.2, 0.6]))
    assert out.dtype == paddle.int64 and out.shape == [2] and out.stop_gradient
    v = paddle.binomial(paddle.full([4000], 10.), paddle.full([4000], 0.3)).numpy()
    assert v.min() >= 0 and v.max() <= 10 and abs(v.mean() - 3) < 0.15
    edge = paddle.binomial(paddle.to_tensor([10, -5, 7]), paddle.to_tensor([1.5, 0.5, 0.0]))
    assert edge.tolist() == [10, 0, 0]  # p clipped to 1, negative counts give 0
    assert paddle.binomial(paddle.to_tensor([10., 50.]), paddle.to_tensor([0.2])).shape == [2]
    with pytest.raises(RuntimeError, match="binomial"):
        paddle.binomial(paddle.to_tensor([10.]), paddle.to_tensor([1]))


def test_standard_gamma():
    x = paddle.uniform([2, 3], min=1.0, max=5.0)
    out = paddle.standard_gamma(x)
    assert out.shape == [2, 3] and out.dtype == paddle.float32 and (out.numpy() > 0).all()
    big = paddle.standard_gamma(paddle.full([20000], 3.0, dtype="float64")).numpy()
    assert abs(big.mean() - 3) < 0.1 and abs(big.var() - 3) < 0.3
    # Paddle's kernel: alpha 0 gives float32's smallest normal number; alpha <= -2/3 never returns there
    assert paddle.standard_gamma(paddle.to_tensor([0.])).numpy().tolist() == [np.finfo(np.float32).tiny]
    with pytest.raises(ValueError, match="never returns"):
        paddle.standard_gamma(paddle.to_tensor([-1.]))
    with pytest.raises(RuntimeError, match="standard_gamma"):
        paddle.standard_gamma(paddle.to_tensor([1, 2]))


def test_log_normal():
    out = paddle.log_normal(shape=[2, 3])
    assert out.shape == [2, 3] and out.dtype == paddle.float32 and (out.numpy() > 0).all()
    m = paddle.to_tensor([1.0, 2.0, 3.0])
    assert paddle.log_normal(mean=m).shape == [3]
    assert paddle.log_normal(mean=m, std=paddle.to_tensor([1.0, 2.0, 3.0])).shape == [3]
    assert paddle.log_normal(std=paddle.to_tensor([1., 2.], dtype="float64")).dtype == paddle.float64
    np.testing.assert_allclose(paddle.log_normal(mean=m, std=0.0).numpy(), np.exp([1, 2, 3]), rtol=1e-6)
    logs = np.log(paddle.log_normal(0.5, 0.25, [20000]).numpy())
    assert abs(logs.mean() - 0.5) < 0.01 and abs(logs.std() - 0.25) < 0.01
    with pytest.raises(TypeError, match="shape"):
        paddle.log_normal()


def test_log_normal_inplace():
    x = paddle.randn([3, 4])
    assert x.log_normal_() is x and (x.numpy() > 0).all()
    assert paddle.log_normal_(paddle.zeros([2], dtype="float64"), 0., 0.).tolist() == [1., 1.]
    with pytest.raises(RuntimeError, match="gaussian_inplace"):
        paddle.zeros([2], dtype="int32").log_normal_()


def test_random_():
    x = paddle.zeros([2000], dtype=paddle.int32)
    v = x.random_(0, 10).numpy()
    assert v.min() == 0 and v.max() == 9 and x.dtype == paddle.int32
    v = x.random_(5).numpy()
    assert v.min() == 0 and v.max() == 4
    v = paddle.zeros([2000], dtype="float32").random_().numpy()
    assert v.min() >= 0 and v.max() <= 2 ** 24 and v.max() > 2 ** 20 and (v == np.floor(v)).all()
    v = paddle.zeros([200], dtype="int64").random_().numpy()
    assert v.min() >= 0 and v.max() > 2 ** 60
    assert paddle.zeros([3], dtype="float64").random_(-3, -1).numpy().max() < -1
    with pytest.raises(ValueError, match="less than 'to'"):
        paddle.zeros([3]).random_(-3)
    with pytest.raises(RuntimeError, match="random"):
        paddle.zeros([3], dtype="uint8").random_()


def test_cauchy_and_geometric():
    x = paddle.randn([3, 4])
    assert x.cauchy_(1, 2) is x and x.shape == [3, 4]
    c = paddle.cauchy_(paddle.zeros([20000], dtype="float64"), 1.0, 2.0).numpy()
    assert abs(np.median(c) - 1) < 0.1 and abs(np.median(np.abs(c - 1)) - 2) < 0.15
    g = paddle.zeros([20000], dtype="float64").geometric_(0.3).numpy()
    assert g.min() >= 0 and abs(g.mean() + 1 / np.log(0.7)) < 0.1
    assert np.isnan(paddle.zeros([2]).geometric_(1.5).numpy()).all()
    assert paddle.zeros([3]).geometric_(paddle.to_tensor(0.3)).shape == [3]
    with pytest.raises(RuntimeError, match="cauchy_"):
        paddle.zeros([3], dtype="int32").cauchy_()
    with pytest.raises(ValueError, match="floating"):
        paddle.zeros([3], dtype="int32").geometric_(0.3)
    with pytest.raises(ValueError, match="inplace"):
        paddle.to_tensor([1.], stop_gradient=False).cauchy_()


def test_gaussian_():
    x = paddle.randn([3, 4])
    assert R.gaussian_(x, 5.0, 0.0) is x and x.tolist() == [[5.0] * 4] * 3
    z = R.gaussian_(paddle.zeros([2], dtype="complex64"), 5 + 5j, 0.0)
    assert z.numpy().tolist() == [5 + 5j, 5 + 5j]
    with pytest.raises(ValueError, match="real part equal imaginary part"):
        R.gaussian_(paddle.zeros([2], dtype="complex64"), 5 + 4j)
    with pytest.raises(RuntimeError, match="gaussian_inplace"):
        R.gaussian_(paddle.zeros([2], dtype="int32"))


def test_uniform_random_batch_size_like():
    out = R.uniform_random_batch_size_like(paddle.zeros([3, 2]), [2, 4])
    assert out.shape == [3, 4] and out.dtype == paddle.float32
    v = out.numpy()
    assert v.min() >= -1 and v.max() < 1
    out = R.uniform_random_batch_size_like(paddle.zeros([3, 2]), [5, 4], dtype="float64", input_dim_idx=1,
                                           output_dim_idx=1, min=2.0, max=3.0)
    assert out.shape == [5, 2] and out.dtype == paddle.float64 and out.numpy().min() >= 2
    with pytest.raises(TypeError, match="'dtype'"):
        R.uniform_random_batch_size_like(paddle.zeros([3, 2]), [2, 4], dtype="int32")
    with pytest.raises(TypeError, match="'shape'"):
        R.uniform_random_batch_size_like(paddle.zeros([3, 2]), 3)
    with pytest.raises(ValueError, match="input dimension index"):
        R.uniform_random_batch_size_like(paddle.zeros([3, 2]), [2, 4], input_dim_idx=3)
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main):
            i = paddle.static.data(name="input", shape=[-1, 3], dtype="float32")
            o = R.uniform_random_batch_size_like(i, [2, 4])
        assert list(o.shape) == [-1, 4] and main.global_block().ops[-1].type == "uniform_random_batch_size_like"
        exe = paddle.static.Executor()
        (r,) = exe.run(main, feed={"input": np.zeros([5, 3], "float32")}, fetch_list=[o])
        assert r.shape == (5, 4)
    finally:
        paddle.disable_static()


def test_dygraph_only(static_mode):
    with pytest.raises(RuntimeError, match="dynamic graph mode"):
        paddle.log_normal_(paddle.static.data("q", [2], "float32"))
