"""paddle.jit.to_static: traced Programs run eagerly, same outputs and gradients as dygraph, trainable."""
import inspect

import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.jit.api import StaticFunction
from purepaddle.static import InputSpec


def mlp(seed=0, bn=False):
    paddle.seed(seed)
    layers = [paddle.nn.Linear(4, 8)]
    if bn:
        layers.append(paddle.nn.BatchNorm1D(8))
    layers += [paddle.nn.Tanh(), paddle.nn.Linear(8, 3)]
    return paddle.nn.Sequential(*layers)


def t(a, stop_gradient=True):
    return paddle.to_tensor(np.asarray(a), stop_gradient=stop_gradient)


# -- forward ----------------------------------------------------------------------------------
def test_function_decorator_matches_eager_and_caches_per_signature():
    def f(x, y, scale=2.0):
        return paddle.tanh(x @ y) * scale, x.shape[0]

    sf = paddle.jit.to_static(f)
    assert isinstance(sf, StaticFunction) and sf.__name__ == "f"
    rng = np.random.default_rng(0)
    x, y = rng.standard_normal((3, 4)).astype("float32"), rng.standard_normal((4, 2)).astype("float32")
    out, n = sf(t(x), t(y))
    ref, _ = f(t(x), t(y))
    np.testing.assert_allclose(out.numpy(), ref.numpy(), rtol=1e-6)
    assert n == 3 and isinstance(out, paddle.Tensor) and out.stop_gradient
    sf(t(x), t(y))                      # same signature: no new trace
    assert len(sf._cache) == 1
    out3, _ = sf(t(x), t(y), scale=3.0)  # a Python constant is part of the signature
    np.testing.assert_allclose(out3.numpy(), ref.numpy() * 1.5, rtol=1e-6)
    sf(t(x[:2]), t(y))                  # a new shape without input_spec: a new program
    assert len(sf._cache) == 3


def test_decorator_with_arguments_and_numpy_inputs():
    @paddle.jit.to_static(input_spec=[InputSpec([None, 3], "float32", "x")])
    def f(x):
        return x * 2 + 1

    a = np.arange(6, dtype="float32").reshape(2, 3)
    np.testing.assert_array_equal(f(a).numpy(), a * 2 + 1)
    np.testing.assert_array_equal(f(t(a[:1])).numpy(), a[:1] * 2 + 1)
    assert len(f._cache) == 1  # the None dim serves both batch sizes
    assert [v.name for v in f.concrete_program.inputs] == ["x"]
    assert f.main_program is f.concrete_program.main_program


def test_layer_outputs_and_gradients_match_eager():
    net = mlp()
    x = np.random.default_rng(1).standard_normal((5, 4)).astype("float32")
    ref = net(t(x))
    ref.sum().backward()
    ref_grads = [p.grad.numpy().copy() for p in net.parameters()]
    net.clear_gradients()
    static = paddle.jit.to_static(net)
    assert static is net and isinstance(net.forward, StaticFunction)
    out = net(t(x))
    assert not out.stop_gradient
    np.testing.assert_allclose(out.numpy(), ref.numpy(), rtol=1e-6)
    out.sum().backward()
    for p, g in zip(net.parameters(), ref_grads):
        np.testing.assert_allclose(p.grad.numpy(), g, rtol=1e-5, atol=1e-6)


def test_gradients_numerically_float64():
    rng = np.random.default_rng(2)
    w = paddle.create_parameter([3, 2], "float64")
    w.set_value(rng.standard_normal((3, 2)))

    @paddle.jit.to_static
    def f(x):
        return paddle.tanh(x @ w) * x.sum(axis=1, keepdim=True)

    x0 = rng.standard_normal((4, 3))
    up = rng.standard_normal((4, 2))
    x = t(x0, stop_gradient=False)
    (f(x) * t(up)).sum().backward()

    def loss(xv, wv):
        return float((np.tanh(xv @ wv) * xv.sum(axis=1, keepdims=True) * up).sum())

    eps = 1e-6
    for arr, grad, other in ((x0, x.grad.numpy(), "x"), (w.numpy(), w.grad.numpy(), "w")):
        num = np.zeros_like(arr)
        for i in np.ndindex(arr.shape):
            d = np.zeros_like(arr)
            d[i] = eps
            if other == "x":
                num[i] = (loss(x0 + d, w.numpy()) - loss(x0 - d, w.numpy())) / (2 * eps)
            else:
                num[i] = (loss(x0, w.numpy() + d) - loss(x0, w.numpy() - d)) / (2 * eps)
        np.testing.assert_allclose(grad, num, rtol=1e-6, atol=1e-8)


def test_training_matches_eager_twin_and_loss_decreases():
    eager, static = mlp(bn=True), paddle.jit.to_static(mlp(bn=True))
    opt_e = paddle.optimizer.SGD(0.1, parameters=eager.parameters())
    opt_s = paddle.optimizer.SGD(0.1, parameters=static.parameters())
    rng = np.random.default_rng(3)
    x, y = rng.standard_normal((16, 4)).astype("float32"), rng.standard_normal((16, 3)).astype("float32")
    losses = []
    for _ in range(3):
        for net, opt in ((eager, opt_e), (static, opt_s)):
            loss = ((net(t(x)) - t(y)) ** 2).mean()
            loss.backward()
            opt.step()
            opt.clear_grad()
            if net is static:
                losses.append(float(loss))
    assert losses[2] < losses[0]
    sd_e, sd_s = eager.state_dict(), static.state_dict()
    assert list(sd_e) == list(sd_s)
    for k in sd_e:  # parameters and the BatchNorm running statistics
        np.testing.assert_allclose(sd_s[k].numpy(), sd_e[k].numpy(), rtol=1e-5, atol=1e-6, err_msg=k)


def test_train_and_eval_are_separate_programs():
    net = paddle.jit.to_static(mlp(bn=True))
    x = t(np.random.default_rng(4).standard_normal((6, 4)).astype("float32"))
    net(x)
    net.eval()
    out = net(x)
    assert len(net.forward._cache) == 2
    assert not out.stop_gradient  # eval() does not stop gradients, as in dygraph
    net.forward.rollback()
    np.testing.assert_allclose(out.numpy(), net(x).numpy(), rtol=1e-6)


def test_no_grad_and_input_gradients():
    net = paddle.jit.to_static(mlp())
    x = t(np.ones((2, 4), "float32"), stop_gradient=False)
    with paddle.no_grad():
        assert net(x).stop_gradient
    out = net(x)
    out.mean().backward()
    assert x.grad is not None and x.grad.shape == [2, 4]


def test_backward_twice_needs_retain_graph():
    net = paddle.jit.to_static(mlp())
    out = net(t(np.ones((2, 4), "float32"))).sum()
    out.backward(retain_graph=True)
    g1 = net.parameters()[0].grad.numpy().copy()
    out.backward()
    np.testing.assert_allclose(net.parameters()[0].grad.numpy(), 2 * g1, rtol=1e-6)
    with pytest.raises(RuntimeError, match="retain_graph"):
        out.backward()


def test_frozen_parameter_gets_no_gradient_and_retraces_when_unfrozen():
    net = paddle.jit.to_static(mlp())
    w = net[0].weight
    w.stop_gradient = True
    net(t(np.ones((2, 4), "float32"))).sum().backward()
    assert w.grad is None and net[2].weight.grad is not None
    w.stop_gradient = False
    net(t(np.ones((2, 4), "float32"))).sum().backward()
    assert w.grad is not None


# -- control flow ---------------------------------------------------------------------------
def test_bool_of_a_tensor_value_names_the_line():
    @paddle.jit.to_static
    def f(x):
        if bool(x.mean() > 0):  # an explicit bool() is not converted (an `if` on a Tensor is: test_dy2static.py)
            return x + 1
        return x - 1

    line = inspect.getsourcelines(f.__wrapped__)[1] + 2
    with pytest.raises(TypeError) as info:
        f(paddle.ones([2]))
    msg = str(info.value)
    assert f"{__file__}:{line}" in msg and "paddle.static.nn.cond" in msg and "bool(x.mean() > 0)" in msg
    assert paddle.in_dynamic_mode()  # the failed trace left static mode and the builder as they were
    np.testing.assert_array_equal((paddle.ones([2]) + 1).numpy(), [2, 2])


def test_cond_on_a_tensor_value_takes_the_branch_at_run_time_with_gradients():
    w = paddle.create_parameter([2], "float32")
    w.set_value(np.array([1.5, -2.0], "float32"))

    @paddle.jit.to_static
    def f(x):
        return paddle.static.nn.cond(x.mean() > 0, lambda: x * w, lambda: x - w)

    for sign, out, gx, gw in ((1.0, [1.5, -4.0], [1.5, -2.0], [1.0, 2.0]), (-1.0, [-2.5, 0.0], [1, 1], [-1, -1])):
        x = t(np.array([1.0, 2.0], "float32") * sign, stop_gradient=False)
        y = f(x)
        y.sum().backward()
        np.testing.assert_allclose(y.numpy(), out)
        np.testing.assert_allclose(x.grad.numpy(), gx)
        np.testing.assert_allclose(w.grad.numpy(), gw)
        w.clear_gradient()
    assert len(f._cache) == 1  # one program holds both branches


def test_while_loop_runs_at_run_time_with_gradients():
    @paddle.jit.to_static
    def f(x, n):
        i = paddle.zeros([1], "int64")
        _, y = paddle.static.nn.while_loop(lambda i, v: i < n, lambda i, v: (i + 1, v * 2), [i, x])
        return y

    x = t([1.0, 2.0], stop_gradient=False)
    y = f(x, t(np.array([3], "int64")))
    np.testing.assert_allclose(y.numpy(), [8.0, 16.0])
    (y * t([1.0, -1.0])).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [8.0, -8.0])
    np.testing.assert_allclose(f(x, t(np.array([1], "int64"))).numpy(), [2.0, 4.0])  # same program, 1 step


def test_len_of_unknown_dim_is_refused_and_known_dim_is_a_constant():
    @paddle.jit.to_static(input_spec=[InputSpec([None, 3])])
    def f(x):
        return x * len(x)

    with pytest.raises(TypeError, match="len()"):
        f(paddle.ones([2, 3]))

    @paddle.jit.to_static
    def g(x):
        return x * len(x)

    np.testing.assert_array_equal(g(paddle.ones([2, 3])).numpy(), np.full((2, 3), 2.0))


def test_control_flow_on_shapes_and_constants_runs_at_trace_time():
    @paddle.jit.to_static
    def f(x, n, mode="double"):
        for _ in range(n):
            x = x * 2 if mode == "double" else x + 1
        if x.shape[-1] > 2:
            x = x[:, :2]
        return {"out": x, "rows": x.shape[0]}

    r = f(paddle.ones([2, 3]), 2)
    assert r["rows"] == 2
    np.testing.assert_array_equal(r["out"].numpy(), np.full((2, 2), 4.0))
    np.testing.assert_array_equal(f(paddle.ones([1, 2]), 1, mode="add")["out"].numpy(), [[2.0, 2.0]])


def test_returning_an_input_or_parameter_unchanged():
    lin = paddle.nn.Linear(2, 2)

    @paddle.jit.to_static
    def f(x):
        return x, lin.weight, x

    x = t(np.ones((1, 2), "float32"), stop_gradient=False)
    a, w, b = f(x)
    np.testing.assert_array_equal(w.numpy(), lin.weight.numpy())
    (a.sum() + 2 * b.sum() + w.sum()).backward()
    np.testing.assert_array_equal(x.grad.numpy(), [[3.0, 3.0]])
    np.testing.assert_array_equal(lin.weight.grad.numpy(), np.ones((2, 2)))


# -- switches, markers, inspection -----------------------------------------------------------
def test_enable_to_static_false_runs_eagerly():
    calls = []

    @paddle.jit.to_static
    def f(x):
        calls.append(paddle.in_dynamic_mode())
        return x + 1

    paddle.jit.enable_to_static(False)
    assert f(paddle.ones([1])).numpy()[0] == 2 and calls == [True] and not f._cache
    paddle.jit.enable_to_static(True)
    f(paddle.ones([1]))
    assert calls == [True, False]
    with pytest.raises(TypeError, match="enable_to_static_bool"):
        paddle.jit.enable_to_static(1)


def test_not_to_static_and_ignore_module_mark():
    import json

    def helper(x):
        return x - 1

    assert paddle.jit.not_to_static(helper) is helper and helper._jst_not_to_static
    assert paddle.jit.not_to_static()(helper) is helper
    paddle.jit.ignore_module([json])
    with pytest.raises(TypeError):
        paddle.jit.ignore_module(json)

    @paddle.jit.to_static
    def f(x):
        return helper(x) * 2

    np.testing.assert_array_equal(f(paddle.ones([2])).numpy(), [0.0, 0.0])


def test_class_decorator_binds_per_instance_and_rolls_back():
    class Net(paddle.nn.Layer):
        def __init__(self, k):
            super().__init__()
            self.k = k

        @paddle.jit.to_static
        def forward(self, x):
            return x * self.k

    a, b = Net(2.0), Net(3.0)
    np.testing.assert_array_equal(a(paddle.ones([1])).numpy(), [2.0])
    np.testing.assert_array_equal(b(paddle.ones([1])).numpy(), [3.0])
    assert a.forward is a.forward and a.forward is not b.forward
    assert "return x * self.k" in a.forward.code
    assert isinstance(Net.forward, StaticFunction)
    eager = a.forward.rollback()
    assert not isinstance(a.forward, StaticFunction) and eager(paddle.ones([1])).numpy()[0] == 2.0


def test_concrete_program_errors_before_any_call():
    sf = paddle.jit.to_static(lambda x: x + 1)
    with pytest.raises(ValueError, match="No valid transformed program"):
        sf.concrete_program
    with pytest.raises(TypeError, match="input_spec"):
        paddle.jit.to_static(lambda x: x, input_spec=InputSpec([1]))
    with pytest.raises(TypeError, match="BuildStrategy"):
        paddle.jit.to_static(lambda x: x, build_strategy=1)


def test_in_static_mode_the_function_appends_its_ops():
    @paddle.jit.to_static
    def f(x):
        return paddle.nn.functional.relu(x) + 1

    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main, paddle.static.Program()):
        x = paddle.static.data("x", [2], "float32")
        y = f(x)
    types = [op.type for op in main.global_block().ops]
    assert "relu" in types and "run_program" not in types
    out = paddle.static.Executor().run(main, feed={"x": np.array([-1.0, 2.0], "float32")}, fetch_list=[y])[0]
    np.testing.assert_array_equal(out, [1.0, 3.0])


def test_set_code_level_prints_each_new_trace(capsys):
    @paddle.jit.to_static
    def f(x):
        return paddle.exp(x)

    paddle.jit.set_code_level(100, also_to_stdout=True)
    try:
        f(paddle.ones([2]))
        f(paddle.ones([2]))  # cached: nothing more printed
    finally:
        paddle.jit.set_code_level(0)
    out = capsys.readouterr().out
    assert out.count("The Program traced from 'test_set_code_level_prints_each_new_trace.<locals>.f'") == 1
    assert "exp(inputs={X=['_jst.0.x.0']}" in out
    with pytest.raises(TypeError, match="level"):
        paddle.jit.set_verbosity("1")
