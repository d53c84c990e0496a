"""binomial, standard_gamma, log_normal(_), random_, cauchy_, geometric_, gaussian_, uniform_random_batch_size_like."""
import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.tensor import random as R


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
    assert paddle.standard_gamma(paddle.to_tensor([-1., 0.])).tolist() == [0., 0.]
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


def test_dygraph_only():
    paddle.enable_static()
    try:
        with pytest.raises(RuntimeError, match="dynamic graph mode"):
            paddle.log_normal_(paddle.static.data("q", [2], "float32"))
    finally:
        paddle.disable_static()
