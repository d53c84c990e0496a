"""Static append_backward / gradients: X@GRAD values vs eager, accumulation, pruning, naming, errors."""
import numpy as np
import pytest

import purepaddle as paddle
from purepaddle._core.dispatch import apply
from purepaddle._core.op import OPS

import tests.static.test_program  # noqa: F401  (registers the test-only multi-output op)

static = paddle.static


pytestmark = pytest.mark.usefixtures("static_mode")  # every test here builds static programs


def mlp(x, w1, b1, w2):
    h = paddle.add(paddle.matmul(x, w1), b1)
    h2 = paddle.multiply(h, h)
    return paddle.sum(paddle.matmul(h2, w2))


def eager_grads(fn, arrays, wrt):
    paddle.disable_static()
    try:
        ts = [paddle.to_tensor(a, stop_gradient=(i not in wrt)) for i, a in enumerate(arrays)]
        loss = fn(*ts)
        grads = paddle.grad(loss, [ts[i] for i in wrt])
        return float(loss.numpy()), [g.numpy() for g in grads]
    finally:
        paddle.enable_static()


@pytest.mark.parametrize("batch", [4, None])
def test_mlp_grads_match_eager(batch):
    rng = np.random.default_rng(0)
    arrays = [rng.standard_normal(s).astype("float64") for s in ([4, 3], [3, 5], [5], [5, 1])]
    main, startup = static.Program(), static.Program()
    with static.program_guard(main, startup):
        x = static.data("x", [batch, 3], "float64")
        w1 = static.create_parameter([3, 5], "float64", name="w1")
        b1 = static.create_parameter([5], "float64", name="b1", is_bias=True)
        w2 = static.create_parameter([5, 1], "float64", name="w2")
        loss = mlp(x, w1, b1, w2)
        pairs = static.append_backward(loss)
    assert [(p.name, g.name) for p, g in pairs] == [("w1", "w1@GRAD"), ("b1", "b1@GRAD"), ("w2", "w2@GRAD")]
    assert not main.global_block().has_var("x@GRAD")          # data vars stop gradient
    scope = static.Scope()
    exe = static.Executor()
    exe.run(startup, scope=scope)
    for name, a in zip(["w1", "b1", "w2"], arrays[1:]):
        scope.var(name).get_tensor().set(a)
    got = exe.run(main, feed={"x": arrays[0]}, fetch_list=[loss, loss.name + "@GRAD", "w1@GRAD", "b1@GRAD",
                                                          "w2@GRAD"], scope=scope)
    ref_loss, ref = eager_grads(mlp, arrays, [1, 2, 3])
    np.testing.assert_allclose(got[0], ref_loss, rtol=1e-10)
    assert got[1] == 1.0
    for g, r in zip(got[2:], ref):
        np.testing.assert_allclose(g, r, rtol=1e-10, atol=1e-12)


def test_repeated_uses_are_summed():
    main = static.Program()
    with static.program_guard(main, static.Program()):
        x = static.data("x", [3], "float64")
        x.stop_gradient = False
        w = static.create_parameter([3], "float64", name="w")
        a = paddle.add(x, w)
        b = paddle.multiply(a, x)
        c = paddle.add(b, a)
        loss = paddle.sum(c)
        static.append_backward(loss)
    blk = main.global_block()
    for n in ("x@GRAD@RENAME@block0@0", "x@GRAD@RENAME@block0@1", a.name + "@GRAD@RENAME@block0@0",
              a.name + "@GRAD@RENAME@block0@1", "x@GRAD", "w@GRAD", a.name + "@GRAD"):
        assert blk.has_var(n), n
    sums = [op for op in blk.ops if op.type == "sum"]
    assert [op.output("Out") for op in sums] == [[a.name + "@GRAD"], ["x@GRAD"]]
    scope = static.Scope()
    xv = np.array([1.0, 2.0, 3.0])
    scope.var("w").get_tensor().set(np.array([0.5, -1.0, 2.0]))
    gx, gw = static.Executor().run(main, feed={"x": xv}, fetch_list=["x@GRAD", "w@GRAD"], scope=scope)
    wv = np.array([0.5, -1.0, 2.0])
    # c = (x + w) * x + x + w: dc/dx = 2x + w + 1, dc/dw = x + 1
    np.testing.assert_allclose(gx, 2 * xv + wv + 1)
    np.testing.assert_allclose(gw, xv + 1)
    # grad vars follow the forward vars, sorted by name (as Paddle lists them)
    names = list(blk.vars)
    k = names.index(loss.name) + 1
    assert names[k:] == sorted(names[k:])


def test_stop_gradient_prunes_upstream_layers():
    """FAQ semantics: a stop_gradient=True var in the middle blocks every layer before it."""
    main, startup = static.Program(), static.Program()
    with static.program_guard(main, startup):
        x = static.data("x", [2, 3])
        w1 = static.create_parameter([3, 3], "float32", name="w1")
        w2 = static.create_parameter([3, 3], "float32", name="w2")
        h = paddle.matmul(x, w1)
        h.stop_gradient = True
        out = paddle.matmul(h, w2)
        loss = paddle.sum(out)
        n_fwd = len(main.global_block().ops)
        pairs = static.append_backward(loss)
    blk = main.global_block()
    assert [p.name for p, _ in pairs] == ["w2"]
    assert not blk.has_var("w1@GRAD") and not blk.has_var(h.name + "@GRAD")
    for op in blk.ops[n_fwd:]:
        assert "w1" not in op.input_arg_names and h.name + "@GRAD" not in op.output_arg_names
    exe = static.Executor()
    scope = static.Scope()
    exe.run(startup, scope=scope)
    with pytest.raises(RuntimeError, match="w1@GRAD not in VariableScope"):
        exe.run(main, feed={"x": np.ones([2, 3], "float32")}, fetch_list=["w1@GRAD"], scope=scope)
    (gw2,) = exe.run(main, feed={"x": np.ones([2, 3], "float32")}, fetch_list=["w2@GRAD"], scope=scope)
    hv = np.ones([2, 3], "float32") @ np.array(scope.find_var("w1").get_tensor())
    np.testing.assert_allclose(gw2, hv.T @ np.ones([2, 3], "float32"), rtol=1e-5)


def test_no_grad_set_and_parameter_list():
    main = static.Program()
    with static.program_guard(main, static.Program()):
        x = static.data("x", [2])
        w1 = static.create_parameter([2], "float32", name="w1")
        w2 = static.create_parameter([2], "float32", name="w2")
        w3 = static.create_parameter([2], "float32", name="w3")
        loss = paddle.sum(paddle.multiply(paddle.add(paddle.multiply(x, w1), w2), w3))
        pairs = static.append_backward(loss, parameter_list=["w3", w1], no_grad_set={"w2"})
    blk = main.global_block()
    assert [(p.name, g.name) for p, g in pairs] == [("w3", "w3@GRAD"), ("w1", "w1@GRAD")]
    assert not blk.has_var("w2@GRAD")
    op = next(o for o in blk.ops if "w3@GRAD" in o.output_arg_names)
    assert op.attr("op_role_var") == ["w3", "w3@GRAD"]


def test_op_roles_and_loss_grad():
    main = static.Program()
    with static.program_guard(main, static.Program()):
        x = static.data("x", [2, 3])
        w = static.create_parameter([2, 3], "float32", name="w")
        loss = paddle.sum(paddle.multiply(x, w))
        static.append_backward(loss)
    ops = main.global_block().ops
    assert ops[1].attr("op_role") == 256                        # the loss op
    fill = ops[2]
    assert fill.type == "fill_constant" and fill.output("Out") == [loss.name + "@GRAD"]
    assert fill.attr("op_role") == 257 and fill.attr("value") == 1.0 and fill.attr("shape") == []
    assert all(op.attr("op_role") == 1 for op in ops[3:])
    assert main.global_block().var(loss.name + "@GRAD").shape == ()


def test_loss_with_unknown_dims_uses_fill_any_like():
    main = static.Program()
    with static.program_guard(main, static.Program()):
        x = static.data("x", [None, 2], "float64")
        x.stop_gradient = False
        y = paddle.multiply(x, x)
        static.append_backward(y)
    fill = main.global_block().ops[1]
    assert fill.type == "fill_any_like" and fill.input("X") == [y.name]
    xv = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    (g,) = static.Executor().run(main, feed={"x": xv}, fetch_list=["x@GRAD"])
    np.testing.assert_allclose(g, 2 * xv)


def test_gradients_api():
    main = static.Program()
    with static.program_guard(main, static.Program()):
        x = static.data("x", [2], "float64")
        x.stop_gradient = False
        z = static.data("z", [2], "float64")
        y = paddle.multiply(x, x)
        (gx,) = static.gradients([y], [x])
        assert gx.name == "x@GRAD"
        assert static.gradients(y, z) == []                                  # stop-gradient input: no grad
        tg = static.data("tg", [2], "float64")
        (gx2,) = static.gradients(y, x, target_gradients=[tg])
        assert gx2.name == "grad/grad/grad/x@GRAD"                           # names taken: Paddle's prefix
    xv = np.array([1.0, -2.0])
    a, b = static.Executor().run(main, feed={"x": xv, "z": xv, "tg": np.array([3.0, 5.0])}, fetch_list=[gx, gx2])
    np.testing.assert_allclose(a, 2 * xv)
    np.testing.assert_allclose(b, 2 * xv * [3.0, 5.0])


def test_second_append_backward_prefixes_names():
    main = static.Program()
    with static.program_guard(main, static.Program()):
        x = static.data("x", [2])
        w = static.create_parameter([2], "float32", name="w")
        loss = paddle.sum(paddle.multiply(x, w))
        static.append_backward(loss)
        pairs = static.append_backward(loss)
    assert pairs[0][1].name == "grad/grad/w@GRAD"
    assert main.global_block().has_var(loss.name + "@GRAD_0")


def test_multi_output_missing_grads_are_zero_filled():
    main = static.Program()
    with static.program_guard(main, static.Program()):
        x = static.data("x", [2, 3], "float64")
        x.stop_gradient = False
        out, idx = apply(OPS["test_static_minmax"], x)
        a, b = apply(OPS["test_static_pair"], x)
        loss = paddle.add(paddle.sum(out), paddle.sum(a))
        static.append_backward(loss)
    types = [op.type for op in main.global_block().ops]
    assert types.count("fill_zeros_like") == 1        # B's missing grad; Index's zeros were unused and pruned
    xv = np.array([[1.0, 5.0, 2.0], [7.0, 0.0, 3.0]])
    (g,) = static.Executor().run(main, feed={"x": xv}, fetch_list=["x@GRAD"])
    np.testing.assert_allclose(g, np.array([[0, 1, 0], [1, 0, 0]]) + 2.0)


def test_backward_emits_only_ops_the_ops_floor_registers():
    # static defines no ops of its own: the zeros of a missing grad and the alias of a pass-through grad
    # are creation ops, and a type no family registered is a clear error
    from purepaddle.static.builder import ensure_op
    assert OPS["fill_zeros_like"].__module__ == OPS["fill_any_like"].__module__ == "purepaddle.ops.creation.fill"
    assert OPS["share_data"].__module__ == OPS["assign"].__module__
    with pytest.raises(RuntimeError, match="op 'no_such_op' is not registered: import purepaddle"):
        ensure_op("no_such_op")


def test_unused_grad_computations_are_pruned():
    main = static.Program()
    with static.program_guard(main, static.Program()):
        x = static.data("x", [2, 3])
        w = static.create_parameter([3, 1], "float32", name="w")
        loss = paddle.sum(paddle.matmul(x, w))
        n = len(main.global_block().ops)
        static.append_backward(loss)
    for op in main.global_block().ops[n:]:
        assert any("@GRAD" in o for o in op.output_arg_names), op   # no op computing the unneeded x grad


def test_integer_inputs_get_a_grad_through_a_cast():
    # Paddle 3.3.1's legacy append_backward: an int var that does not stop gradient gets an int64 i@GRAD (the
    # cast's gradient cast back to its dtype), as eager mode passes the gradient through casts
    main = static.Program()
    with static.program_guard(main, static.Program()):
        i = static.data("i", [2], "int64")
        i.stop_gradient = False
        w = static.create_parameter([2], "float32", name="w")
        loss = paddle.sum(paddle.multiply(w, i.astype("float32")))
        static.append_backward(loss)
    block = main.global_block()
    assert block.has_var("w@GRAD") and block.var("i@GRAD").dtype == paddle.int64


def test_gradient_through_an_integer_cast_is_truncated():
    # Paddle 3.3.1 legacy static.gradients: x -> int32 -> float32 * 2 -> mean gives x@GRAD [0, 0, 0] (2/3 is
    # truncated to 0 by the cast of the gradient to int32)
    main, startup = static.Program(), static.Program()
    with static.program_guard(main, startup):
        x = static.data("x", [3], "float32")
        x.stop_gradient = False
        y = paddle.mean(x.astype("int32").astype("float32") * 2)
        (g,) = static.gradients([y], [x])
    exe = static.Executor(paddle.CPUPlace())
    exe.run(startup)
    (gv,) = exe.run(main, feed={"x": np.array([1.5, 2.7, -0.3], "float32")}, fetch_list=[g])
    np.testing.assert_array_equal(gv, [0.0, 0.0, 0.0])


def test_errors():
    with pytest.raises(TypeError, match="The type of 'loss' in paddle.static.append_backward must be"):
        static.append_backward(1)
    with pytest.raises(TypeError, match="'targets' in paddle.static.gradients"):
        static.gradients(1, [])


def test_double_grad_through_gradients():
    main = static.Program()
    with static.program_guard(main, static.Program()):
        x = static.data("x", [3], "float64")
        x.stop_gradient = False
        y = paddle.multiply(paddle.multiply(x, x), x)
        (g,) = static.gradients(y, x)
        (gg,) = static.gradients(g, x)
    xv = np.array([1.0, 2.0, 3.0])
    a, b = static.Executor().run(main, feed={"x": xv}, fetch_list=[g, gg])
    np.testing.assert_allclose(a, 3 * xv ** 2)
    np.testing.assert_allclose(b, 6 * xv)
