"""The seeds' v2 clipping knobs through the 2.x API (PADDLE_REFERENCE rows 74-75): gradient_clipping_threshold
and error_clipping_threshold."""
import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.nn.legacy_clip import (ClipGradByThreshold, L2Regularization, error_clip, set_error_clip,
                                       v2_optimizer_args)


def test_gradient_clipping_threshold_clips_elementwise_with_per_parameter_override():
    a = paddle.create_parameter([3], "float32")
    b = paddle.create_parameter([3], "float32")
    b.gradient_clipping_threshold = 0.5  # v2: a parameter's own threshold wins
    g = paddle.to_tensor([-20.0, 3.0, 20.0])
    out = dict((p.name, q.numpy()) for p, q in ClipGradByThreshold(10.0)([(a, g), (b, g)]))
    np.testing.assert_array_equal(out[a.name], [-10.0, 3.0, 10.0])
    np.testing.assert_array_equal(out[b.name], [-0.5, 0.5, 0.5])
    with pytest.raises(ValueError, match="gradient_clipping_threshold must be > 0"):
        ClipGradByThreshold(0)


def test_v2_rmsprop_arguments_map_to_grad_clip_and_weight_decay():
    fc = paddle.nn.Linear(2, 1, bias_attr=False)
    with pytest.raises(TypeError):  # the 2.x optimizer itself rejects the v2 keyword, as Paddle 2.x does
        paddle.optimizer.RMSProp(learning_rate=1e-3, parameters=fc.parameters(), gradient_clipping_threshold=10.0)
    args = v2_optimizer_args(learning_rate=0.1, gradient_clipping_threshold=0.01,
                             regularization=L2Regularization(rate=8e-4))
    opt = paddle.optimizer.SGD(parameters=fc.parameters(), **args)
    w0 = fc.weight.numpy().copy()
    (fc(paddle.to_tensor([[100.0, -100.0]])) * 1000).sum().backward()
    opt.step()
    # the raw gradient is clipped first, then the weight-decay term is added (Optimizer._apply_optimize)
    g = np.clip(np.array([[100.0], [-100.0]]) * 1000, -0.01, 0.01) + 8e-4 * w0
    np.testing.assert_allclose(fc.weight.numpy(), w0 - 0.1 * g, rtol=1e-5)


def _net():
    paddle.seed(3)
    return paddle.nn.Linear(2, 3), paddle.nn.Linear(3, 1)


def test_error_clipping_threshold_clips_the_gradient_sent_back():
    fc1, fc2 = _net()
    handle = set_error_clip(fc2, 0.5)
    x = paddle.to_tensor([[1.0, 2.0]])
    h = fc1(x)
    out = fc2(h)
    (out * 100).sum().backward()
    w2 = fc2.weight.numpy()
    clipped = np.clip(np.full([1, 1], 100.0), -0.5, 0.5)   # d loss / d out, clipped at fc2's output
    np.testing.assert_allclose(fc2.weight.grad.numpy(), h.numpy().T @ clipped, rtol=1e-6)
    np.testing.assert_allclose(fc1.weight.grad.numpy(), x.numpy().T @ (clipped @ w2.T), rtol=1e-6)
    handle.remove()
    fc1.clear_gradients()
    fc2.clear_gradients()
    h = fc1(x)
    (fc2(h) * 100).sum().backward()
    np.testing.assert_allclose(fc2.weight.grad.numpy(), h.numpy().T * 100, rtol=1e-6)  # no clip once the hook is gone


def test_error_clip_in_a_static_program_matches_eager():
    fc1, fc2 = _net()
    set_error_clip(fc2, 0.5)
    x = np.array([[1.0, 2.0]], "float32")
    (fc2(fc1(paddle.to_tensor(x))) * 100).sum().backward()
    eager = fc1.weight.grad.numpy()
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            xv = paddle.static.data("x", [1, 2], "float32")
            a, b = paddle.nn.Linear(2, 3), paddle.nn.Linear(3, 1)
            set_error_clip(b, 0.5)
            loss = paddle.sum(b(a(xv)) * 100)
            paddle.static.append_backward(loss)
        assert "error_clip" in [op.type for op in main.global_block().ops]
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        scope = paddle.static.global_scope()
        scope.find_var(a.weight.name).get_tensor().set(fc1.weight.numpy(), paddle.CPUPlace())
        scope.find_var(a.bias.name).get_tensor().set(fc1.bias.numpy(), paddle.CPUPlace())
        scope.find_var(b.weight.name).get_tensor().set(fc2.weight.numpy(), paddle.CPUPlace())
        scope.find_var(b.bias.name).get_tensor().set(fc2.bias.numpy(), paddle.CPUPlace())
        (g,) = exe.run(main, feed={"x": x}, fetch_list=[a.weight.name + "@GRAD"])
    finally:
        paddle.disable_static()
    np.testing.assert_allclose(g, eager, rtol=1e-6)


def test_error_clip_arguments():
    x = paddle.to_tensor([1.0], stop_gradient=False)
    with pytest.raises(ValueError, match="need finite min <= max"):
        error_clip(x, 1.0, 2.0)
    with pytest.raises(ValueError, match="error_clipping_threshold must be > 0"):
        set_error_clip(paddle.nn.Linear(1, 1), -1)
