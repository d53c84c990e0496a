"""OpSpec table: batch_norm, layer_norm, group_norm, instance_norm (ops/norm.py), normalize,
local_response_norm, rms_norm; plus running statistics and the static op slots."""
import numpy as np
import pytest

import purepaddle as paddle
import purepaddle.nn.functional as F
from tests.opspec import OpSpec, parametrize, rand


def _norm(x, axes, eps=1e-5):
    m = x.mean(axis=axes, keepdims=True)
    v = x.var(axis=axes, keepdims=True)
    return (x - m) / np.sqrt(v + eps)


def _bn_train(x, w, b, layout="NCHW"):
    if layout == "NCHW":
        axes = (0,) + tuple(range(2, x.ndim))
        shape = [1, -1] + [1] * (x.ndim - 2)
    else:
        axes = tuple(range(x.ndim - 1))
        shape = [1] * (x.ndim - 1) + [-1]
    return _norm(x, axes) * w.reshape(shape) + b.reshape(shape)


def _bn(x, w, b, training=True, layout="NCHW"):
    c = x.shape[1] if layout[1] == "C" else x.shape[-1]
    return F.batch_norm(x, paddle.zeros([c], dtype=x.dtype), paddle.ones([c], dtype=x.dtype), w, b,
                        training=training, data_format=layout)


def _bn_eval(x, m, v, w, b):
    shape = [1, -1] + [1] * (x.ndim - 2)
    return (x - m.reshape(shape)) / np.sqrt(v.reshape(shape) + 1e-5) * w.reshape(shape) + b.reshape(shape)


def _gn(x, g, w, b, eps=1e-5):
    n, c = x.shape[:2]
    y = _norm(x.reshape(n, g, -1), (2,), eps).reshape(x.shape)
    shape = [1, c] + [1] * (x.ndim - 2)
    return y * w.reshape(shape) + b.reshape(shape)


def _lrn(x, size, alpha=1e-4, beta=0.75, k=1.0):
    c = x.shape[1]
    sq = np.pad(x * x, [(0, 0), (size // 2, (size - 1) // 2)] + [(0, 0)] * (x.ndim - 2))
    win = sum(sq[:, s:s + c] for s in range(size))
    return x / (k + alpha * win / size) ** beta


SPECS = [
    OpSpec("batch_norm_train", _bn, _bn_train, [rand(4, 3, 2, 2), rand(3), rand(3)], double=True, atol=1e-4,
           grad_atol=2e-4),
    OpSpec("batch_norm_train_nc", _bn, _bn_train, [rand(6, 3), rand(3), rand(3)]),
    OpSpec("batch_norm_train_nhwc", lambda x, w, b: _bn(x, w, b, layout="NHWC"),
           lambda x, w, b: _bn_train(x, w, b, "NHWC"), [rand(2, 3, 2, 4), rand(4), rand(4)]),
    OpSpec("batch_norm_train_ncdhw", lambda x, w, b: _bn(x, w, b, layout="NCDHW"), _bn_train,
           [rand(2, 2, 2, 2, 3), rand(2), rand(2)], atol=1e-4),
    OpSpec("batch_norm_eval", lambda x, m, v, w, b: F.batch_norm(x, m, v, w, b), _bn_eval,
           [rand(2, 3, 4), rand(3), rand(3, low=0.5, high=2), rand(3), rand(3)], grad=[0, 3, 4], double=True),
    OpSpec("batch_norm_no_affine", lambda x: _bn(x, None, None), lambda x: _norm(x, (0, 2)), [rand(4, 3, 5)],
           atol=1e-4),
    OpSpec("layer_norm", lambda x, w, b: F.layer_norm(x, [4], w, b), lambda x, w, b: _norm(x, (-1,)) * w + b,
           [rand(3, 4), rand(4), rand(4)], double=True, atol=1e-4),
    OpSpec("layer_norm_2d_shape", lambda x, w, b: F.layer_norm(x, [3, 4], w, b),
           lambda x, w, b: _norm(x, (-2, -1)) * w.reshape(3, 4) + b.reshape(3, 4),
           [rand(2, 3, 4), rand(12), rand(12)], atol=1e-4),
    OpSpec("layer_norm_no_affine", lambda x: F.layer_norm(x, 5), lambda x: _norm(x, (-1,)), [rand(2, 3, 5)],
           atol=1e-4),
    OpSpec("group_norm", lambda x, w, b: F.group_norm(x, 2, weight=w, bias=b), lambda x, w, b: _gn(x, 2, w, b),
           [rand(2, 4, 3, 2), rand(4), rand(4)], double=True, atol=1e-4),
    OpSpec("group_norm_nhwc", lambda x, w, b: F.group_norm(x, 3, weight=w, bias=b, data_format="NHWC"),
           lambda x, w, b: _gn(x.transpose(0, 3, 1, 2), 3, w, b).transpose(0, 2, 3, 1),
           [rand(2, 2, 2, 6), rand(6), rand(6)], atol=1e-4),
    OpSpec("group_norm_torch_order", lambda x, w, b: F.group_norm(x, 2, w, b, 1e-3),
           lambda x, w, b: _gn(x, 2, w, b, 1e-3), [rand(2, 4, 3), rand(4), rand(4)], atol=1e-4),
    OpSpec("instance_norm", lambda x, w, b: F.instance_norm(x, weight=w, bias=b),
           lambda x, w, b: _norm(x, (2, 3)) * w.reshape(1, -1, 1, 1) + b.reshape(1, -1, 1, 1),
           [rand(2, 3, 2, 3), rand(3), rand(3)], double=True, atol=1e-4),
    OpSpec("instance_norm_no_affine", F.instance_norm, lambda x: _norm(x, (2,)), [rand(2, 3, 5)], atol=1e-4),
    OpSpec("normalize", F.normalize, lambda x: x / np.linalg.norm(x, axis=1, keepdims=True), [rand(3, 4)]),
    OpSpec("normalize_p1_axis0", lambda x: F.normalize(x, p=1, axis=0),
           lambda x: x / np.abs(x).sum(0, keepdims=True), [rand(3, 4)]),
    OpSpec("local_response_norm", lambda x: F.local_response_norm(x, 3, alpha=0.5), lambda x: _lrn(x, 3, 0.5),
           [rand(2, 5, 2, 2)]),
    OpSpec("rms_norm", lambda x, w: F.rms_norm(x, [4], w)[0],
           lambda x, w: x / np.sqrt((x * x).mean(-1, keepdims=True) + 1e-5) * w, [rand(3, 4), rand(4)]),
]

test_forward, test_grad, test_static, test_static_grad, test_double = parametrize(SPECS)


def test_batch_norm_running_stats_move_by_momentum_with_biased_variance():
    x = np.random.default_rng(0).standard_normal((6, 3, 2)).astype("float32") * 3 + 1
    mean, var = paddle.zeros([3]), paddle.ones([3])
    F.batch_norm(paddle.to_tensor(x), mean, var, training=True, momentum=0.8)
    np.testing.assert_allclose(mean.numpy(), 0.2 * x.mean((0, 2)), rtol=1e-5)
    np.testing.assert_allclose(var.numpy(), 0.8 + 0.2 * x.var((0, 2)), rtol=1e-5)
    # eval: the running statistics normalise and stay put
    before = mean.numpy().copy()
    F.batch_norm(paddle.to_tensor(x), mean, var, training=False)
    np.testing.assert_array_equal(mean.numpy(), before)


def test_batch_norm_use_global_stats_false_in_eval_uses_batch_stats():
    x = paddle.to_tensor(np.arange(12, dtype="float32").reshape(4, 3))
    y = F.batch_norm(x, paddle.zeros([3]), paddle.ones([3]), training=False, use_global_stats=False)
    np.testing.assert_allclose(y.numpy(), _norm(x.numpy(), (0,)), atol=1e-5)


@pytest.mark.filterwarnings("ignore:When training, we now always track")
def test_batch_norm_static_op_interchanges_with_paddle(static_mode):
    main = paddle.static.Program()
    with paddle.static.program_guard(main, paddle.static.Program()):
        x = paddle.static.data("x", [-1, 3, 4, 4], "float32")
        paddle.nn.BatchNorm2D(3)(x)
    op = [o for o in main.global_block().ops if o.type == "batch_norm"][0]
    assert sorted(op.inputs) == ["Bias", "Mean", "Scale", "Variance", "X"]
    assert sorted(op.outputs) == ["MeanOut", "ReserveSpace", "SavedMean", "SavedVariance", "VarianceOut", "Y"]
    assert op.output("MeanOut") == op.input("Mean") and op.output("VarianceOut") == op.input("Variance")
    for k in ("momentum", "epsilon", "is_test", "data_layout", "use_global_stats", "trainable_statistics"):
        assert k in op.attrs


def test_layer_norm_saves_mean_and_variance():
    x = paddle.to_tensor(np.random.default_rng(1).standard_normal((2, 3, 4)).astype("float32"))
    from purepaddle._core.dispatch import apply
    from purepaddle.ops.norm import LayerNorm
    y, m, v = apply(LayerNorm, x, None, None, epsilon=1e-5, begin_norm_axis=1)
    np.testing.assert_allclose(m.numpy(), x.numpy().reshape(2, -1).mean(1), rtol=1e-5)
    np.testing.assert_allclose(v.numpy(), x.numpy().reshape(2, -1).var(1), rtol=1e-5)


def test_layer_norm_shape_error():
    with pytest.raises(ValueError, match=r"Given normalized_shape is \[5\], expected input with shape \[\*, 5\]"):
        F.layer_norm(paddle.ones([2, 4]), 5)


def test_layer_norm_large_input_runs_in_row_blocks():
    from purepaddle.ops._blocking import BLOCK
    rng = np.random.default_rng(2)
    x = rng.standard_normal((2 * BLOCK // 64 + 3, 64))
    w, b, g = rng.standard_normal(64), rng.standard_normal(64), rng.standard_normal(x.shape)
    xt, wt, bt = (paddle.to_tensor(a, stop_gradient=False) for a in (x, w, b))
    y = F.layer_norm(xt, 64, wt, bt)
    xh = _norm(x, (-1,))
    np.testing.assert_allclose(y.numpy(), xh * w + b, rtol=1e-9, atol=1e-9)
    (y * paddle.to_tensor(g)).sum().backward()
    gs = g * w
    inv = 1 / np.sqrt(x.var(-1, keepdims=True) + 1e-5)
    dx = inv * (gs - gs.mean(-1, keepdims=True) - xh * (gs * xh).mean(-1, keepdims=True))
    np.testing.assert_allclose(xt.grad.numpy(), dx, rtol=1e-7, atol=1e-9)
    np.testing.assert_allclose(wt.grad.numpy(), (g * xh).sum(0), rtol=1e-7)
    np.testing.assert_allclose(bt.grad.numpy(), g.sum(0), rtol=1e-9)
