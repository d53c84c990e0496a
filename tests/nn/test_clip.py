"""Gradient clipping (nn.ClipGradBy*, nn.utils.clip_grad_*) against NumPy formulas and Paddle 3.3.1 behaviour."""
import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.nn import clip as clip_mod

RS = np.random.RandomState(0)
G = [RS.randn(3, 4).astype("float32") * 3, RS.randn(4).astype("float32"), RS.randn(2, 2).astype("float32") * 10]


def pairs(need_clip_last=False):
    params = [paddle.create_parameter(list(g.shape), "float32") for g in G]
    params[2].need_clip = need_clip_last
    return [(p, paddle.to_tensor(g)) for p, g in zip(params, G)]


def test_clip_by_value():
    pg = pairs() + [(paddle.create_parameter([1], "float32"), None)]
    out = paddle.nn.ClipGradByValue(0.5)(pg)
    assert len(out) == 3  # pairs without a gradient are dropped
    np.testing.assert_array_equal(out[0][1].numpy(), np.clip(G[0], -0.5, 0.5))
    assert out[2][1] is pg[2][1]  # need_clip=False passes through untouched
    out = paddle.nn.ClipGradByValue(1.0, -0.2)(pairs())
    np.testing.assert_array_equal(out[1][1].numpy(), np.clip(G[1], -0.2, 1.0))
    assert str(paddle.nn.ClipGradByValue(1.0)) == "Clip Gradient By Value, min = -1.000000, max=1.000000"


def test_clip_by_norm():
    out = paddle.nn.ClipGradByNorm(1.0)(pairs())
    for (_, g), ref in zip(out[:2], G[:2]):
        norm = np.linalg.norm(ref)
        np.testing.assert_allclose(g.numpy(), ref * (1.0 / norm) if norm > 1 else ref, rtol=1e-6)
    np.testing.assert_array_equal(out[2][1].numpy(), G[2])
    small = paddle.nn.ClipGradByNorm(100.0)(pairs())
    np.testing.assert_array_equal(small[0][1].numpy(), G[0])
    assert str(paddle.nn.ClipGradByNorm(1.0)) == "Gradient Clip By Norm, clip_norm=1.000000"


@pytest.mark.parametrize("clip_norm, auto_skip", [(1.0, False), (100.0, False), (100.0, True), (2.0, True)])
def test_clip_by_global_norm(clip_norm, auto_skip):
    pg = pairs()
    out = paddle.nn.ClipGradByGlobalNorm(clip_norm, auto_skip_clip=auto_skip)(pg)
    global_norm = np.sqrt(sum((g.astype(np.float64) ** 2).sum() for g in G[:2]))  # need_clip=False excluded
    scale = clip_norm / max(global_norm, clip_norm)
    for (_, g), ref in zip(out[:2], G[:2]):
        np.testing.assert_allclose(g.numpy(), ref * scale, rtol=1e-5)
    np.testing.assert_array_equal(out[2][1].numpy(), G[2])
    assert all(o is i for (_, o), (_, i) in zip(out, pg))  # scaled in place: param.grad shows the clip


def test_global_norm_edge_cases():
    only_unclipped = pairs()[2:]
    assert paddle.nn.ClipGradByGlobalNorm(1.0)(only_unclipped) == only_unclipped
    assert paddle.nn.ClipGradByGlobalNorm(1.0)([]) == []
    assert str(paddle.nn.ClipGradByGlobalNorm(1.0)) == "Gradient Clip By GlobalNorm, global_norm=1.000000"


def test_clip_by_norm_function():
    x = paddle.to_tensor([[2.0, 2.0], [2.0, 2.0]])
    assert clip_mod.clip_by_norm(x, 1.0).numpy().tolist() == [[0.5, 0.5], [0.5, 0.5]]
    assert clip_mod.clip_by_norm(x, 10.0).numpy().tolist() == [[2.0, 2.0], [2.0, 2.0]]
    with pytest.raises(TypeError, match="clip_by_norm"):
        clip_mod.clip_by_norm(paddle.to_tensor([1.0], dtype="float64"), 1.0)


def test_selected_rows_gradients_stay_sparse():
    from purepaddle._core.tensor import SelectedRows
    p = paddle.create_parameter([5, 2], "float32")
    g = SelectedRows.make([1, 1, 3], np.array([[3.0, 4.0], [3.0, 4.0], [0.0, 1.0]], "float32"), 5)
    (_, out), = paddle.nn.ClipGradByValue(2.0)([(p, g)])
    assert out.is_selected_rows() and out.rows.tolist() == [1, 3]
    np.testing.assert_array_equal(out.numpy()[1], [2.0, 2.0])
    g = SelectedRows.make([1, 1, 3], np.array([[3.0, 4.0], [3.0, 4.0], [0.0, 1.0]], "float32"), 5)
    paddle.nn.ClipGradByGlobalNorm(1.0)([(p, g)])
    assert g.is_selected_rows()
    np.testing.assert_allclose(np.linalg.norm(g.numpy()), 1.0, rtol=1e-6)


def test_static_clip_ops(static_mode):
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [2, 3])
        ps = [paddle.static.create_parameter([3, 3], "float32"), paddle.static.create_parameter([3], "float32")]
        gs = [paddle.matmul(x, ps[0]), x.sum(0) * ps[1]]
        n0 = len(main.global_block().ops)
        out = paddle.nn.ClipGradByGlobalNorm(1.0)(list(zip(ps, gs)))
    types = [op.type for op in main.global_block().ops[n0:]]
    assert types.count("squared_l2_norm") == 2 and "sqrt" in types and types.count("elementwise_mul") == 2
    exe = paddle.static.Executor()
    exe.run(startup)
    xv = np.random.rand(2, 3).astype("float32")
    vals = exe.run(main, feed={"x": xv}, fetch_list=[gs[0], gs[1], out[0][1], out[1][1]])
    norm = np.sqrt(sum((v.astype(np.float64) ** 2).sum() for v in vals[:2]))
    np.testing.assert_allclose(vals[2], vals[0] / max(norm, 1.0), rtol=1e-5)
    with paddle.static.program_guard(main, startup):
        out = paddle.nn.ClipGradByNorm(0.1)(list(zip(ps, gs)))
    assert main.global_block().ops[-1].type == "clip_by_norm"


# -- nn.utils ----------------------------------------------------------------------------------
def with_grads():
    params = [paddle.create_parameter(list(g.shape), "float32") for g in G]
    for p, g in zip(params, G):
        p.grad = paddle.to_tensor(g)
    return params


@pytest.mark.parametrize("norm_type, total", [(2, 21.529081), (1, 64.651031), (0, 3.0), (float("inf"), 14.940791)])
def test_clip_grad_norm_(norm_type, total):
    params = with_grads()
    out = paddle.nn.utils.clip_grad_norm_(params, 1.0, norm_type=norm_type)
    assert out.shape == [] and out.dtype == paddle.float32
    np.testing.assert_allclose(float(out), total, rtol=1e-6)  # Paddle 3.3.1's totals for G
    coef = min(1.0 / (total + 1e-6), 1.0)
    np.testing.assert_allclose(params[0].grad.numpy(), G[0] * coef, rtol=1e-5)


def test_clip_grad_norm_errors_and_empty():
    with pytest.raises(ValueError, match=r"norm_type only support \[inf, 0, 1, 2\]"):
        paddle.nn.utils.clip_grad_norm_(with_grads(), 1.0, norm_type=3)
    assert float(paddle.nn.utils.clip_grad_norm_([paddle.create_parameter([2], "float32")], 1.0)) == 0.0
    params = with_grads()
    params[0].grad = paddle.to_tensor(np.full([3, 4], np.inf, "float32"))
    with pytest.raises(RuntimeError, match="is non-finite"):
        paddle.nn.utils.clip_grad_norm_(params, 1.0, error_if_nonfinite=True)


def test_clip_grad_value_and_vectors():
    params = with_grads()
    assert paddle.nn.utils.clip_grad_value_(params, 0.3) is None
    np.testing.assert_array_equal(params[0].grad.numpy(), np.clip(G[0], -0.3, 0.3))
    vec = paddle.nn.utils.parameters_to_vector(params)
    assert vec.shape == [20] and vec.stop_gradient is False
    np.testing.assert_array_equal(vec.numpy()[:12], params[0].numpy().ravel())
    paddle.nn.utils.vector_to_parameters(vec * 2, params)
    np.testing.assert_allclose(params[0].numpy().ravel(), vec.numpy()[:12] * 2)
    assert params[0].shape == [3, 4]
    with pytest.raises(ValueError, match="equal to or larger"):
        paddle.nn.utils.vector_to_parameters(vec[:5], params)
