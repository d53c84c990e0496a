"""Double backward through a to_static function and a loaded (TranslatedLayer) model: paddle.grad with
create_graph=True through run_program gives gradients that are differentiable again, with the numbers of
the eager function (and of finite differences)."""
import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.static import InputSpec


@pytest.fixture(autouse=True)
def _legacy_files():
    """These checks are on the legacy `.pdmodel` files (FLAGS_enable_pir_api=0; conftest restores the flag)."""
    paddle.set_flags({"FLAGS_enable_pir_api": False})


def _f(x, w):
    return paddle.tanh(paddle.matmul(x, w)) ** 3 + paddle.sin(x).sum()


def _second_order(fn, xa, wa):
    x = paddle.to_tensor(xa, stop_gradient=False)
    w = paddle.to_tensor(wa, stop_gradient=False)
    y = fn(x, w)
    gx, gw = paddle.grad(y.sum(), [x, w], create_graph=True)
    assert not gx.stop_gradient and not gw.stop_gradient
    ggx, ggw = paddle.grad((gx ** 2).sum() + (gw * gw).sum(), [x, w])
    return [t.numpy() for t in (y, gx, gw, ggx, ggw)]


def test_paddle_grad_create_graph_through_a_to_static_function():
    rng = np.random.default_rng(0)
    xa, wa = rng.standard_normal((3, 4)), rng.standard_normal((4, 2))
    eager = _second_order(_f, xa, wa)
    static = _second_order(paddle.jit.to_static(_f), xa, wa)
    for a, b in zip(eager, static):
        np.testing.assert_allclose(b, a, rtol=1e-12, atol=1e-12)


def test_second_derivative_matches_finite_differences():
    f = paddle.jit.to_static(lambda x: paddle.exp(paddle.sin(x)) * x)
    xa = np.array([0.3, -1.2, 2.0])
    x = paddle.to_tensor(xa, stop_gradient=False)
    (g,) = paddle.grad(f(x).sum(), [x], create_graph=True)
    (gg,) = paddle.grad(g.sum(), [x])

    def d1(v):  # d/dx of exp(sin x) * x
        return np.exp(np.sin(v)) * (np.cos(v) * v + 1)

    eps = 1e-6
    np.testing.assert_allclose(g.numpy(), d1(xa), rtol=1e-10)
    np.testing.assert_allclose(gg.numpy(), (d1(xa + eps) - d1(xa - eps)) / (2 * eps), rtol=1e-6)


class _Critic(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.l1 = paddle.nn.Linear(4, 8)
        self.l2 = paddle.nn.Linear(8, 1)

    def forward(self, x):
        return self.l2(paddle.nn.functional.tanh(self.l1(x)))


def _gradient_penalty_grads(net, xa):
    """A WGAN-GP step: the penalty on d(out)/dx, backpropagated into the parameters."""
    x = paddle.to_tensor(xa, stop_gradient=False)
    (gx,) = paddle.grad(net(x).sum(), [x], create_graph=True)
    gp = ((paddle.sqrt((gx ** 2).sum(axis=1)) - 1) ** 2).mean()
    gp.backward()
    # l2's bias does not reach d(out)/dx: it gets no gradient
    out = {n: p.grad.numpy().copy() for n, p in net.named_parameters() if p.grad is not None}
    net.clear_gradients()
    return float(gp), out


def test_gradient_penalty_reaches_the_parameters_of_a_to_static_layer():
    paddle.seed(3)
    net = _Critic()
    xa = np.random.default_rng(1).standard_normal((5, 4)).astype("float32")
    gp_eager, eager = _gradient_penalty_grads(net, xa)
    static_net = paddle.jit.to_static(net)
    gp_static, static = _gradient_penalty_grads(static_net, xa)
    assert gp_static == pytest.approx(gp_eager, rel=1e-6)
    assert sorted(static) == sorted(eager) and len(eager) == 3
    for n in eager:
        np.testing.assert_allclose(static[n], eager[n], rtol=1e-5, atol=1e-7)


def test_double_backward_through_a_loaded_model(tmp_path):
    paddle.seed(4)
    net = _Critic()
    xa = np.random.default_rng(2).standard_normal((5, 4)).astype("float32")
    _, eager = _gradient_penalty_grads(net, xa)
    paddle.jit.save(net, str(tmp_path / "critic"), input_spec=[InputSpec([None, 4], "float32", "x")])
    loaded = paddle.jit.load(str(tmp_path / "critic"))
    loaded.train()
    _, ours = _gradient_penalty_grads(loaded, xa)
    by_shape = {v.shape: v for v in eager.values()}  # the loaded parameters are renamed
    assert len(ours) == len(eager)
    for v in ours.values():
        np.testing.assert_allclose(v, by_shape[v.shape], rtol=1e-5, atol=1e-7)


class _WithStats(paddle.nn.Layer):
    """A forward that moves BatchNorm's running statistics on a branch the gradients do not cross."""

    def __init__(self):
        super().__init__()
        self.fc = paddle.nn.Linear(4, 3)
        self.bn = paddle.nn.BatchNorm1D(4)

    def forward(self, x):
        return paddle.tanh(self.fc(x)) + self.bn(x.detach()).mean()


def test_double_backward_moves_running_statistics_once():
    paddle.seed(5)
    net = _WithStats()
    for p in net.bn.parameters():  # (batch_norm_grad has no double-grad rule; its weights take no gradient here)
        p.stop_gradient = True
    static_net = paddle.jit.to_static(net)
    x = paddle.to_tensor(np.random.default_rng(3).standard_normal((6, 4)).astype("float32"), stop_gradient=False)
    before = net.bn._mean.numpy().copy()
    out = static_net(x)
    after_call = net.bn._mean.numpy().copy()
    assert not np.allclose(before, after_call)
    (gx,) = paddle.grad(out.sum(), [x], create_graph=True)  # its grad program recomputes the forward
    (gx ** 2).sum().backward()
    np.testing.assert_array_equal(net.bn._mean.numpy(), after_call)
    assert net.fc.weight.grad is not None
