"""paddle.incubate against values real Paddle 3.3.1 wrote (tests/fixtures/incubate/), plus the math of the fused
ops Paddle's CPU build can't run, and numerical gradients of the segment reductions."""
import json
import pathlib

import numpy as np
import pytest

import purepaddle as paddle
from purepaddle import incubate as I
from purepaddle.incubate import autograd as A
from purepaddle.incubate.nn import functional as FF

FIX = json.loads((pathlib.Path(__file__).resolve().parent.parent / "fixtures" / "incubate" / "incubate.json")
                 .read_text())


def T(a, dtype=None):
    return paddle.to_tensor(np.asarray(a, dtype=dtype))


@pytest.mark.parametrize("name", ["segment_sum", "segment_mean", "segment_max", "segment_min"])
def test_segment_matches_paddle(name):
    inp = FIX["segment_in"]
    out = getattr(I, name)(T(inp["data"], "float32"), T(inp["ids"], "int64"))
    assert out.dtype == paddle.float32
    np.testing.assert_allclose(out.numpy(), FIX[name], rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("pool", ["sum", "mean", "max", "min"])
def test_graph_send_recv_matches_paddle(pool):
    g = FIX["graph_in"]
    out = I.graph_send_recv(T(g["x"], "float32"), T(g["src"], "int64"), T(g["dst"], "int64"), pool, out_size=5)
    np.testing.assert_allclose(out.numpy(), FIX["graph_" + pool], rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("name", ["segment_sum", "segment_mean", "segment_max", "segment_min"])
def test_segment_gradient_numerical(name):
    rng = np.random.default_rng(1)
    data = rng.standard_normal((5, 3))
    ids = T([0, 0, 2, 3, 3], "int64")
    up = rng.standard_normal((4, 3))
    x = paddle.to_tensor(data, stop_gradient=False)
    f = getattr(I, name)
    (f(x, ids) * paddle.to_tensor(up)).sum().backward()
    num = np.zeros_like(data)
    eps = 1e-6
    for idx in np.ndindex(*data.shape):
        d = np.zeros_like(data)
        d[idx] = eps
        num[idx] = ((f(T(data + d), ids).numpy() - f(T(data - d), ids).numpy()) * up).sum() / (2 * eps)
    np.testing.assert_allclose(x.grad.numpy(), num, rtol=1e-5, atol=1e-7)


def test_segment_errors():
    with pytest.raises(ValueError, match="sorted"):
        I.segment_sum(paddle.ones([3, 2]), T([1, 0, 0], "int64"))
    with pytest.raises(ValueError, match="same size as dimension 0"):
        I.segment_sum(paddle.ones([3, 2]), T([0, 0], "int64"))


def test_softmax_mask_fuse_matches_paddle():
    inp = FIX["softmax_mask_in"]
    out = I.softmax_mask_fuse(T(inp["x"], "float32"), T(inp["mask"], "float32"))
    np.testing.assert_allclose(out.numpy(), FIX["softmax_mask_fuse"], rtol=1e-6, atol=1e-7)


def test_softmax_mask_fuse_upper_triangle_is_causal_softmax():
    x = np.random.default_rng(2).standard_normal((2, 1, 3, 3)).astype("float32")
    out = I.softmax_mask_fuse_upper_triangle(T(x)).numpy()
    masked = np.where(np.triu(np.ones((3, 3), bool), 1), -np.inf, x)
    want = np.exp(masked - masked.max(-1, keepdims=True))
    np.testing.assert_allclose(out, want / want.sum(-1, keepdims=True), rtol=1e-6)


def test_identity_loss():
    x = T([1.0, 2.0, 3.0], "float32")
    assert float(I.identity_loss(x, "sum")) == 6.0
    assert float(I.identity_loss(x, 1)) == 2.0
    assert I.identity_loss(x, "none").numpy().tolist() == [1.0, 2.0, 3.0]
    with pytest.raises(TypeError):
        I.identity_loss(x, "foo")
    with pytest.raises(ValueError):
        I.identity_loss(x, 5)


def _f(p, q):
    return paddle.tanh(p) * q + p * p


def test_vjp_jvp_jacobian_hessian_match_paddle():
    ad = FIX["ad_in"]
    a, b, v = T(ad["a"]), T(ad["b"]), T(ad["v"])
    _, g = A.vjp(_f, [a, b], v)
    for got, want in zip(g, FIX["vjp"]):
        np.testing.assert_allclose(got.numpy(), want, rtol=1e-12)
    _, t = A.jvp(_f, [a, b], [v, v])
    np.testing.assert_allclose(t.numpy(), FIX["jvp"], rtol=1e-12)
    J = A.Jacobian(_f, [a, b])
    assert J.shape == (6, 12)
    np.testing.assert_allclose(J[:].numpy(), FIX["jacobian"], rtol=1e-12)
    np.testing.assert_allclose(A.Jacobian(paddle.tanh, a, is_batched=True)[:].numpy(), FIX["jacobian_batched"],
                               rtol=1e-12)
    H = A.Hessian(lambda p: (paddle.sin(p) * p).sum(), a)
    np.testing.assert_allclose(H[:].numpy(), FIX["hessian"], rtol=1e-12, atol=1e-15)


def test_vjp_single_input_gives_tensor_and_leaves_inputs_alone():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    out, g = A.vjp(lambda t: t * t, x)
    assert isinstance(g, paddle.Tensor) and g.numpy().tolist() == [2.0, 4.0]
    assert x.grad is None


def test_grad_and_forward_grad():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    y = x * x * x
    assert A.grad(y, x).numpy().tolist() == [3.0, 12.0]
    assert A.forward_grad(y, x, paddle.to_tensor([1.0, 0.0])).numpy().tolist() == [3.0, 0.0]
    A.enable_prim()
    assert A.prim_enabled()
    A.disable_prim()
    assert not A.prim_enabled()


def test_lookahead_matches_paddle():
    inp = FIX["lookahead_in"]
    lin = paddle.nn.Linear(3, 2, bias_attr=False)
    lin.weight.set_value(np.asarray(inp["w0"], dtype="float32"))
    opt = I.LookAhead(paddle.optimizer.SGD(learning_rate=0.1, parameters=lin.parameters()), alpha=0.3, k=2)
    for want in FIX["lookahead"]:
        (lin(T(inp["inp"], "float32")) ** 2).mean().backward()
        opt.step()
        opt.clear_grad()
        np.testing.assert_allclose(lin.weight.numpy(), want, rtol=1e-6, atol=1e-7)


def test_fused_ops_are_their_compositions():
    rng = np.random.default_rng(3)
    x = rng.standard_normal((2, 3, 4)).astype("float32")
    w = rng.standard_normal((4, 5)).astype("float32")
    bias = rng.standard_normal(5).astype("float32")
    np.testing.assert_allclose(FF.fused_matmul_bias(T(x), T(w), T(bias)).numpy(), x @ w + bias, rtol=1e-5)
    np.testing.assert_allclose(FF.fused_linear(T(x), T(w.T.copy()), T(bias), transpose_weight=True).numpy(),
                               x @ w + bias, rtol=1e-5)
    np.testing.assert_allclose(FF.fused_linear_activation(T(x[0]), T(w), T(bias), activation="relu").numpy(),
                               np.maximum(x[0] @ w + bias, 0), rtol=1e-5)
    r = rng.standard_normal((2, 3, 4)).astype("float32")
    h = x + r
    ln = (h - h.mean(-1, keepdims=True)) / np.sqrt(h.var(-1, keepdims=True) + 1e-5)
    np.testing.assert_allclose(FF.fused_bias_dropout_residual_layer_norm(T(x), T(r), dropout_rate=0.0).numpy(), ln,
                               rtol=1e-4, atol=1e-5)
    g = rng.standard_normal(4).astype("float32")
    out, res, inv = FF.fused_rms_norm(T(x), T(g), None, 1e-6, begin_norm_axis=2, residual=T(r))
    want_inv = 1 / np.sqrt((h * h).mean(-1) + 1e-6)
    np.testing.assert_allclose(out.numpy(), h * want_inv[..., None] * g, rtol=1e-5)
    np.testing.assert_allclose(res.numpy(), h, rtol=1e-6)
    np.testing.assert_allclose(inv.numpy(), want_inv, rtol=1e-5)
    out, _, mean, var = FF.fused_layer_norm(T(x), T(g), T(np.zeros(4, "float32")), 1e-5, begin_norm_axis=1)
    flat = x.reshape(2, -1)
    np.testing.assert_allclose(mean.numpy(), flat.mean(1), rtol=1e-5)
    np.testing.assert_allclose(var.numpy(), flat.var(1), rtol=1e-4)
    w2 = rng.standard_normal((5, 4)).astype("float32")
    ff = FF.fused_feedforward(T(x), T(w), T(w2), dropout1_rate=0.0, dropout2_rate=0.0, pre_layer_norm=True,
                              add_residual=True)
    hn = (x - x.mean(-1, keepdims=True)) / np.sqrt(x.var(-1, keepdims=True) + 1e-5)
    np.testing.assert_allclose(ff.numpy(), x + np.maximum(hn @ w, 0) @ w2, rtol=1e-4, atol=1e-5)


def test_rotary_embedding_rotates_pairs():
    q = np.random.default_rng(4).standard_normal((1, 3, 2, 4)).astype("float64")
    out, k, v = FF.fused_rotary_position_embedding(T(q))
    assert k is None and v is None
    inv = 1.0 / 10000 ** (np.arange(0, 4, 2) / 4)
    ang = np.arange(3)[:, None] * inv
    ang = np.concatenate([ang, ang], -1)[None, :, None, :]
    rot = np.concatenate([-q[..., 2:], q[..., :2]], -1)
    np.testing.assert_allclose(out.numpy(), q * np.cos(ang) + rot * np.sin(ang), rtol=1e-12)
    # the rotation keeps each pair's norm
    np.testing.assert_allclose(np.linalg.norm(out.numpy(), axis=-1), np.linalg.norm(q, axis=-1), rtol=1e-12)


def test_layers_and_optimizer_namespace():
    layer = I.nn.FusedLinear(3, 2)
    assert list(layer(paddle.ones([4, 3])).shape) == [4, 2]
    ffn = I.nn.FusedFeedForward(4, 8, dropout_rate=0.0)
    assert len(ffn.parameters()) == 6
    assert I.optimizer.LBFGS is paddle.optimizer.LBFGS


def test_graph_reindex_matches_paddle():
    # values from Paddle 3.3.1: paddle.incubate.graph_reindex on these inputs
    src, dst, nodes = I.graph_reindex(T([5, 1], "int32"), T([1, 3, 5, 3], "int32"), T([1, 3], "int32"))
    assert src.numpy().tolist() == [1, 2, 0, 2] and dst.numpy().tolist() == [0, 1, 1, 1]
    assert nodes.numpy().tolist() == [5, 1, 3] and src.dtype == paddle.int32
