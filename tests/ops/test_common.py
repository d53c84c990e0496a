"""OpSpec table: linear, bilinear, embedding, one_hot, dropout, label_smooth, cosine_similarity, distances
(ops/common/, ops/input.py and the functional forms), plus dropout's randomness and embedding's sparse gradient."""
import numpy as np
import pytest

import purepaddle as paddle
import purepaddle.nn.functional as F
from tests.opspec import OpSpec, ints, parametrize, rand


def _embed(ids, w, pad=-1):
    out = w[ids]
    if pad >= 0:
        out[ids == pad] = 0
    return out


def _cos(a, b, axis=1, eps=1e-8):
    return (a * b).sum(axis) / np.sqrt(np.maximum((a * a).sum(axis) * (b * b).sum(axis), eps * eps))


SPECS = [
    OpSpec("linear", F.linear, lambda x, w, b: x @ w + b, [rand(4, 3), rand(3, 5), rand(5)], double=True),
    OpSpec("linear_3d", F.linear, lambda x, w, b: x @ w + b, [rand(2, 4, 3), rand(3, 5), rand(5)]),
    OpSpec("linear_nobias", F.linear, lambda x, w: x @ w, [rand(4, 3), rand(3, 5)]),
    OpSpec("linear_1d", F.linear, lambda x, w, b: x @ w + b, [rand(3), rand(3, 5), rand(5)]),
    OpSpec("bilinear", F.bilinear, lambda x, y, w, b: np.einsum("bi,kij,bj->bk", x, w, y) + b,
           [rand(4, 3), rand(4, 2), rand(5, 3, 2), rand(1, 5)]),
    OpSpec("embedding", F.embedding, _embed, [ints(2, 3, high=6), rand(6, 4)], grad=[1]),
    OpSpec("embedding_pad", lambda i, w: F.embedding(i, w, padding_idx=2), lambda i, w: _embed(i, w, 2),
           [ints(2, 5, high=6), rand(6, 4)], grad=[1]),
    OpSpec("embedding_pad_negative", lambda i, w: F.embedding(i, w, padding_idx=-1), lambda i, w: _embed(i, w, 5),
           [ints(7, high=6), rand(6, 4)], grad=[1]),
    OpSpec("one_hot", lambda x: F.one_hot(x, 5), lambda x: np.eye(5, dtype="float32")[x], [ints(2, 3)], grad=()),
    OpSpec("label_smooth", lambda x: F.label_smooth(x, epsilon=0.2), lambda x: 0.8 * x + 0.2 / 4,
           [lambda rng: np.eye(4)[rng.integers(0, 4, 3)]]),
    OpSpec("label_smooth_prior", lambda x, p: F.label_smooth(x, p, epsilon=0.2), lambda x, p: 0.8 * x + 0.2 * p,
           [lambda rng: np.eye(4)[rng.integers(0, 4, 3)], lambda rng: np.full((1, 4), 0.25)], grad=[0]),
    OpSpec("dropout_eval", lambda x: F.dropout(x, 0.3, training=False), lambda x: x, [rand(3, 4)]),
    OpSpec("dropout_eval_downscale", lambda x: F.dropout(x, 0.3, training=False, mode="downscale_in_infer"),
           lambda x: x * 0.7, [rand(3, 4)]),
    OpSpec("dropout_p0", lambda x: F.dropout(x, 0.0), lambda x: x, [rand(3, 4)], static=False),
    OpSpec("cosine_similarity", F.cosine_similarity, _cos, [rand(3, 4), rand(3, 4)]),
    OpSpec("cosine_similarity_axis0", lambda a, b: F.cosine_similarity(a, b, axis=0),
           lambda a, b: _cos(a, b, axis=0), [rand(3, 4), rand(3, 4)]),
    OpSpec("pairwise_distance", F.pairwise_distance, lambda x, y: np.linalg.norm(x - y + 1e-6, axis=-1),
           [rand(3, 4), rand(3, 4)]),
    OpSpec("pairwise_distance_p1", lambda x, y: F.pairwise_distance(x, y, p=1.0, keepdim=True),
           lambda x, y: np.abs(x - y + 1e-6).sum(-1, keepdims=True), [rand(3, 4), rand(3, 4)]),
    OpSpec("pdist", F.pdist, lambda x: np.array([np.linalg.norm(x[i] - x[j]) for i in range(4)
                                                 for j in range(i + 1, 4)]), [rand(4, 3)]),
]

test_forward, test_grad, test_static, test_static_grad, test_double = parametrize(SPECS)


def test_linear_static_program_uses_paddles_ops(static_mode):
    main = paddle.static.Program()
    with paddle.static.program_guard(main, paddle.static.Program()):
        x = paddle.static.data("x", [-1, 3], "float32")
        w = paddle.static.data("w", [3, 2], "float32")
        b = paddle.static.data("b", [2], "float32")
        F.linear(x, w, b)
    ops = main.global_block().ops
    assert [op.type for op in ops] == ["matmul_v2", "elementwise_add"]
    assert ops[1].attr("axis") == -1


def test_linear_eager_builds_the_static_ops():
    x = paddle.randn([4, 3])
    w = paddle.randn([3, 5])
    w.stop_gradient = False
    b = paddle.zeros([5])
    b.stop_gradient = False
    y = F.linear(x, w, b)
    assert y._node.type == "elementwise_add" and y._node.next[0][0].type == "matmul_v2"
    y.sum().backward()
    np.testing.assert_allclose(w.grad.numpy(), x.numpy().T @ np.ones((4, 5)), rtol=1e-5)
    np.testing.assert_allclose(b.grad.numpy(), np.full(5, 4.0))


def test_dropout_mask_scale_and_grad():
    paddle.seed(11)
    x = paddle.ones([200, 50])
    x.stop_gradient = False
    y = F.dropout(x, p=0.4)
    kept = y.numpy() != 0
    assert abs(kept.mean() - 0.6) < 0.03
    np.testing.assert_allclose(y.numpy()[kept], 1 / 0.6, rtol=1e-6)
    y.sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), kept / 0.6, rtol=1e-6)
    # the same seed gives the same mask (the global generator)
    paddle.seed(11)
    np.testing.assert_array_equal(F.dropout(paddle.ones([200, 50]), p=0.4).numpy() != 0, kept)


def test_dropout_downscale_and_axis():
    paddle.seed(1)
    y = F.dropout(paddle.ones([4, 6]), p=0.5, mode="downscale_in_infer").numpy()
    assert set(np.unique(y)) <= {0.0, 1.0}
    z = F.dropout(paddle.ones([8, 6]), p=0.5, axis=0).numpy()
    assert all(len(set(row)) == 1 for row in z)  # whole rows kept or dropped
    d2 = F.dropout2d(paddle.ones([2, 5, 3, 3]), p=0.5).numpy()
    assert all(len(np.unique(d2[n, c])) == 1 for n in range(2) for c in range(5))


def test_dropout_checks():
    x = paddle.ones([2, 2])
    with pytest.raises(ValueError, match="p argument should between 0 and 1"):
        F.dropout(x, 1.5)
    with pytest.raises(TypeError, match="p argument should be a number"):
        F.dropout(x, "0.5")
    with pytest.raises(ValueError, match="mode argument should be"):
        F.dropout(x, 0.5, mode="bad")
    with pytest.raises(ValueError, match="dimensions of x should be 4"):
        F.dropout2d(x)


def test_dropout_static_op_slots(static_mode):
    main = paddle.static.Program()
    with paddle.static.program_guard(main, paddle.static.Program()):
        x = paddle.static.data("x", [2, 3], "float32")
        F.dropout(x, 0.5, mode="downscale_in_infer")
    op = main.global_block().ops[-1]
    assert op.type == "dropout" and sorted(op.outputs) == ["Mask", "Out"]
    assert op.attr("dropout_implementation") == "downgrade_in_infer" and op.attr("dropout_prob") == 0.5


def test_alpha_dropout_keeps_moments():
    paddle.seed(5)
    x = paddle.randn([20000])
    y = F.alpha_dropout(x, 0.2).numpy()
    assert abs(y.mean()) < 0.05 and abs(y.std() - 1) < 0.05
    assert F.feature_alpha_dropout(paddle.ones([2, 3, 4]), 0.5).shape == [2, 3, 4]


def test_embedding_sparse_gradient_is_selected_rows():
    w = paddle.to_tensor(np.arange(12, dtype="float32").reshape(4, 3), stop_gradient=False)
    ids = paddle.to_tensor([[0, 1, 2], [1, 3, 0]])
    out = F.embedding(ids, w, padding_idx=1, sparse=True)
    np.testing.assert_array_equal(out.numpy()[0, 1], [0, 0, 0])
    (out * paddle.arange(18, dtype="float32").reshape([2, 3, 3])).sum().backward()
    g = w.grad
    assert g.is_selected_rows()
    np.testing.assert_array_equal(g.rows, [0, 1, 2, 1, 3, 0])
    np.testing.assert_array_equal(g.values, np.arange(18).reshape(6, 3))
    dense = np.zeros((4, 3))
    np.add.at(dense, [0, 1, 2, 1, 3, 0], np.arange(18).reshape(6, 3))
    np.testing.assert_array_equal(g.numpy(), dense)


def test_embedding_scale_grad_by_freq():
    w = paddle.ones([4, 2])
    w.stop_gradient = False
    F.embedding(paddle.to_tensor([1, 1, 2]), w, scale_grad_by_freq=True).sum().backward()
    np.testing.assert_allclose(w.grad.numpy(), [[0, 0], [1, 1], [1, 1], [0, 0]])


def test_embedding_and_one_hot_errors():
    w = paddle.ones([4, 2])
    with pytest.raises(ValueError, match=r"padding_idx must be within \[-4, 4\)"):
        F.embedding(paddle.to_tensor([1]), w, padding_idx=4)
    with pytest.raises(ValueError, match=r"OP\(embedding\) expected >= 0 and < 4, but got 7"):
        F.embedding(paddle.to_tensor([7]), w)
    with pytest.raises(ValueError, match=r"should be less than Input\(depth\)"):
        F.one_hot(paddle.to_tensor([1, 5]), 4)
    assert F.one_hot(paddle.to_tensor([0, 3])).shape == [2, 4]  # num_classes=-1: max + 1


def test_class_center_sample():
    paddle.seed(0)
    remapped, sampled = F.class_center_sample(paddle.to_tensor([3, 1, 3, 7], dtype="int64"), 10, 5)
    s = sampled.numpy()
    assert len(s) == 5 and len(set(s)) == 5 and set([1, 3, 7]) <= set(s)
    np.testing.assert_array_equal(s[remapped.numpy()], [3, 1, 3, 7])
