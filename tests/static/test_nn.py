"""paddle.static.nn layers, accuracy/auc, optimizers' minimize, stop_gradient and clone(for_test) in
static programs, checked against real Paddle (tests/fixtures/static/expected.json) and numerically."""
import json
import sys

import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.ops.fluid.mul import Mul, MulGrad
from tests.checkout import FIXTURES

FIX = FIXTURES / "static"
sys.path.insert(0, str(FIX))
import cases  # noqa: E402

EXPECTED = json.loads((FIX / "expected.json").read_text())
static = paddle.static


def grad_check(main, out, feeds, wrt, rng, eps=1e-6):
    """d(sum(out * g))/d(wrt) from static.gradients vs central differences (every wrt is fed)."""
    g = static.data("upstream_g", out.shape, out.dtype)
    grads = static.gradients([out], [main.global_block().var(n) for n in wrt], target_gradients=[g])
    gv = rng.standard_normal(out.shape)
    exe = static.Executor()
    feed = dict(feeds, upstream_g=gv)
    analytic = exe.run(main, feed=feed, fetch_list=grads)

    def f(fd):
        (o,) = exe.run(main, feed=fd, fetch_list=[out])
        return float((o * gv).sum())
    for name, a in zip(wrt, analytic):
        base = feeds[name]
        num = np.zeros_like(base)
        for i in np.ndindex(base.shape):
            for sign in (1, -1):
                p = base.copy()
                p[i] += sign * eps
                num[i] += sign * f(dict(feed, **{name: p})) / (2 * eps)
        np.testing.assert_allclose(a, num, rtol=1e-5, atol=1e-7, err_msg=name)


# -- structure vs Paddle -------------------------------------------------------------------------
def test_layer_names_shapes_and_initializers_match_paddle():
    got = json.loads(json.dumps(cases.layers_structure(paddle)))
    exp = EXPECTED["layers_structure"]
    # conv2d's bias is added through a [1, C, 1, 1] view (elementwise_add here broadcasts numpy-style)
    assert [v for v in got["vars"] if not v[0].startswith("reshape2_")] == exp["vars"]
    assert got["startup_ops"] == exp["startup_ops"]


def test_fc_ops_and_names(progs):
    main, startup = progs
    x = static.data("x", [4, 3, 2])
    out = static.nn.fc(x, 5, num_flatten_dims=2, activation="relu", name="fc")
    ops = main.global_block().ops
    assert [op.type for op in ops] == ["mul", "elementwise_add", "relu"]
    assert ops[0].attr("x_num_col_dims") == 2 and ops[1].attr("axis") == 2
    assert out.name == "fc.tmp_2" and out.shape == (4, 3, 5)
    w = main.global_block().var("fc.w_0")
    assert w.persistable and w.shape == (2, 5) and not w.stop_gradient
    assert [op.type for op in startup.global_block().ops] == ["uniform_random", "fill_constant"]
    out2 = static.nn.fc([x, out], 2, bias_attr=False)
    assert [op.type for op in main.global_block().ops[3:]] == ["mul", "mul", "sum"]
    assert out2.name == "fc_0.tmp_2" and [p.name for p in main.all_parameters()][2:] == ["fc_0.w_0", "fc_0.w_1"]


def test_fc_values_and_gradients(progs):
    main, _ = progs
    rng = np.random.default_rng(0)
    x = static.data("x", [2, 3, 2], "float64")
    x.stop_gradient = False
    out = static.nn.fc(x, 4, num_flatten_dims=1, activation="tanh")
    xv, wv, bv = rng.standard_normal((2, 3, 2)), rng.standard_normal((6, 4)), rng.standard_normal(4)
    feeds = {"x": xv, "fc_0.w_0": wv, "fc_0.b_0": bv}
    (got,) = static.Executor().run(main, feed=feeds, fetch_list=[out])
    np.testing.assert_allclose(got, np.tanh(xv.reshape(2, 6) @ wv + bv), rtol=1e-12)
    grad_check(main, out, feeds, ["x", "fc_0.w_0", "fc_0.b_0"], rng)


def test_mul_grad_skips_unneeded_input_grad(progs):
    main, _ = progs
    x = static.data("x", [3, 2])
    loss = paddle.mean(static.nn.fc(x, 2))
    static.append_backward(loss)
    (op,) = [op for op in main.global_block().ops if op.type == "mul_grad"]
    assert op.output("X@GRAD") == [] and op.output("Y@GRAD") == ["fc_0.w_0@GRAD"]
    assert MulGrad.variants[(False, True)].want == (False, True)


def test_mul_double_backward_eager():
    rng = np.random.default_rng(1)
    x = paddle.to_tensor(rng.standard_normal((2, 3)), stop_gradient=False)
    y = paddle.to_tensor(rng.standard_normal((3, 2)), stop_gradient=False)
    from purepaddle._core.dispatch import apply
    out = apply(Mul, x, y, x_num_col_dims=1, y_num_col_dims=1)
    (gx,) = paddle.grad([out.sum()], [x], create_graph=True)
    (gy,) = paddle.grad([(gx * gx).sum()], [y])
    ones = np.ones((2, 2))
    gxv = ones @ y.numpy().T  # gx = G @ y^T with G = ones; d(sum gx^2)/dy = (2 gx)^T @ G
    np.testing.assert_allclose(gx.numpy(), gxv, rtol=1e-12)
    np.testing.assert_allclose(gy.numpy(), 2 * gxv.T @ ones, rtol=1e-12)


def test_embedding_and_sparse_embedding(progs):
    main, startup = progs
    ids = static.data("ids", [4, 1], "int64")
    table = np.arange(30, dtype="float32").reshape(10, 3)
    init = paddle.ParamAttr(initializer=paddle.nn.initializer.Assign(table))
    e = static.nn.embedding(ids, (10, 3), padding_idx=2, param_attr=init)
    s = static.nn.sparse_embedding(ids, (10, 3), param_attr=paddle.ParamAttr(
        initializer=paddle.nn.initializer.Assign(table)))
    assert e.shape == (4, 1, 3) and s.shape == (4, 3)
    assert main.global_block().var("sparse_embedding_0.w_0").type == static.program.VarType.SELECTED_ROWS
    loss = paddle.mean(e) + paddle.mean(s)
    paddle.optimizer.SGD(1.0).minimize(loss)
    exe = static.Executor()
    exe.run(startup)
    idv = np.array([[1], [2], [1], [9]])
    ev, sv = exe.run(main, feed={"ids": idv}, fetch_list=[e, s])
    np.testing.assert_array_equal(ev[:, 0], np.where(idv == 2, 0, table[idv[:, 0]]))
    np.testing.assert_array_equal(sv, table[idv[:, 0]])
    new_e = np.array(static.global_scope().find_var("embedding_0.w_0").get_tensor())
    new_s = np.array(static.global_scope().find_var("sparse_embedding_0.w_0").get_tensor())
    step = np.zeros_like(table)
    np.add.at(step, idv[:, 0], 1.0 / 12)  # d mean / d row, per lookup
    np.testing.assert_allclose(new_s, table - step, rtol=1e-6)
    step[2] = 0  # the padding row gets no gradient
    np.testing.assert_allclose(new_e, table - step, rtol=1e-6)


def test_conv2d_batch_norm_layer_norm_values(progs):
    main, startup = progs
    rng = np.random.default_rng(2)
    img = static.data("img", [2, 3, 6, 6])
    c = static.nn.conv2d(img, 4, 3, padding=1, stride=2)
    b = static.nn.batch_norm(c, momentum=0.8)
    ln = static.nn.layer_norm(b, begin_norm_axis=2)
    exe = static.Executor()
    exe.run(startup)
    iv = rng.standard_normal((2, 3, 6, 6)).astype("float32")
    cv, bv, lv = exe.run(main, feed={"img": iv}, fetch_list=[c, b, ln])
    scope = static.global_scope()
    w = np.array(scope.find_var("conv2d_0.w_0").get_tensor())
    assert w.std() == pytest.approx((2.0 / 27) ** 0.5, rel=0.3)  # N(0, sqrt(2 / fan_in))
    paddle.disable_static()
    ref = paddle.nn.functional.conv2d(paddle.to_tensor(iv), paddle.to_tensor(w), stride=2, padding=1).numpy()
    paddle.enable_static()
    np.testing.assert_allclose(cv, ref, rtol=1e-5, atol=1e-6)
    mean, var = cv.mean(axis=(0, 2, 3)), cv.var(axis=(0, 2, 3))
    np.testing.assert_allclose(bv, (cv - mean[:, None, None]) / np.sqrt(var[:, None, None] + 1e-5), rtol=1e-4,
                               atol=1e-5)
    np.testing.assert_allclose(np.array(scope.find_var("batch_norm_0.w_1").get_tensor()), 0.2 * mean, rtol=1e-5,
                               atol=1e-6)
    flat = bv.reshape(2, 4, -1)
    np.testing.assert_allclose(lv, ((flat - flat.mean(-1, keepdims=True)) / np.sqrt(flat.var(-1, keepdims=True)
                                                                                    + 1e-5)).reshape(bv.shape),
                               rtol=1e-4, atol=1e-5)


def test_layers_are_static_only_and_check_inputs():
    with pytest.raises(AssertionError, match="'fc\\(\\)' is only supported in static graph mode"):
        static.nn.fc(paddle.ones([2, 3]), 2)
    paddle.enable_static()
    with static.program_guard(static.Program(), static.Program()):
        with pytest.raises(TypeError, match="fc"):
            static.nn.fc(np.ones((2, 3)), 2)
        x = static.data("x", [2, 3], "int64")
        with pytest.raises(TypeError, match="data type of 'input' in fc"):
            static.nn.fc(x, 2)
        with pytest.raises(TypeError, match="embedding"):
            static.nn.embedding(static.data("f", [2, 1]), (4, 2))
        with pytest.raises(ValueError, match="divisible by groups"):
            static.nn.conv2d(static.data("i", [1, 3, 4, 4]), 2, 3, groups=2)


# -- metrics -------------------------------------------------------------------------------------------
def test_accuracy_and_auc_match_paddle():
    got = json.loads(json.dumps(cases.metrics_case(paddle)))
    exp = EXPECTED["metrics_case"]
    assert got["names"][0] == exp["names"][0] == "accuracy_0.tmp_2"
    for g_run, e_run in zip(got["runs"], exp["runs"]):
        for g, e in zip(g_run, e_run):
            np.testing.assert_allclose(g, e, rtol=1e-6)


def test_accuracy_and_auc_dygraph():
    pred = paddle.to_tensor([[0.1, 0.9], [0.8, 0.2], [0.3, 0.7]])
    label = paddle.to_tensor([[1], [1], [0]])
    assert float(static.accuracy(pred, label)) == pytest.approx(1 / 3)
    glob, batch, stats = static.auc(pred, label)
    assert float(glob) == pytest.approx(0.5) and float(batch) == pytest.approx(0.5)
    assert stats[2].shape == [1, 4096] and int(stats[2].numpy().sum()) == 2


# -- optimizers: static minimize == real Paddle == eager step ---------------------------------------
@pytest.mark.parametrize("name", sorted(EXPECTED["optimizers"]))
def test_static_minimize_matches_paddle(name):
    got = cases.train_static(paddle, cases.optimizers(paddle)[name])
    for k, v in EXPECTED["optimizers"][name].items():
        np.testing.assert_allclose(got[k], v, rtol=1e-5, atol=1e-6, err_msg=k)


def _train_eager(make_opt, steps=3):
    nn = paddle.nn
    l1, l2 = nn.Linear(4, 3), nn.Linear(3, 2)
    for layer, w, b in ((l1, cases.W1, cases.B1), (l2, cases.W2, cases.B2)):
        layer.weight.set_value(w)
        layer.bias.set_value(b)
    params = [l1.weight, l1.bias, l2.weight, l2.bias]
    opt = make_opt(params)
    for xb, yb in cases.batches(steps):
        d = l2(paddle.nn.functional.relu(l1(paddle.to_tensor(xb)))) - paddle.to_tensor(yb)
        paddle.mean(d * d).backward()
        opt.step()
        opt.clear_grad()
    return dict(zip(["fc_0.w_0", "fc_0.b_0", "fc_1.w_0", "fc_1.b_0"], [p.numpy().tolist() for p in params]))


@pytest.mark.parametrize("name", sorted(EXPECTED["optimizers"]))
def test_static_minimize_equals_eager_step(name):
    factory = cases.optimizers(paddle)[name]
    static_res = cases.train_static(paddle, factory)
    eager_res = _train_eager(factory)
    for k in static_res:
        np.testing.assert_allclose(static_res[k], eager_res[k], rtol=1e-5, atol=1e-6, err_msg=k)


# -- stop_gradient in the middle, clone(for_test) ---------------------------------------------------
def test_stop_gradient_in_the_middle_matches_paddle():
    got = json.loads(json.dumps(cases.stop_gradient_case(paddle)))
    exp = EXPECTED["stop_gradient_case"]
    for key in ("grad_vars", "sgd_params", "params_grads", "forward_ops"):
        assert got[key] == exp[key], key
    for k, v in exp["params"].items():
        np.testing.assert_allclose(got["params"][k], v, rtol=1e-6)
    np.testing.assert_array_equal(got["params"]["fc_0.w_0"], cases.W1)  # layer 1 never updated


def test_stop_gradient_prunes_grad_ops(progs):
    main, _ = progs
    x = static.data("x", [5, 4])
    h = static.nn.fc(x, 3)
    h.stop_gradient = True
    loss = paddle.mean(static.nn.fc(h, 2))
    n_forward = len(main.global_block().ops)
    static.append_backward(loss)
    grad_ops = main.global_block().ops[n_forward:]
    written = {n for op in grad_ops for n in op.output_arg_names}
    read = {n for op in grad_ops for n in op.input_arg_names}
    assert "fc_1.w_0@GRAD" in written and "fc_1.b_0@GRAD" in written
    # nothing flows into layer 1: no gradient of its output, weights or input, and its weights are never read
    assert not any(n.startswith(("fc_0.", "x@")) for n in written)
    assert "fc_0.w_0" not in read and "fc_0.b_0" not in read


def test_clone_for_test(progs):
    main, startup = progs
    x = static.data("x", [4, 3])
    h = paddle.nn.functional.dropout(static.nn.fc(x, 3), 0.5)
    h = static.nn.batch_norm(h)
    loss = paddle.mean(h)
    paddle.optimizer.Momentum(0.1).minimize(loss)
    test = main.clone(for_test=True)
    ops = test.global_block().ops
    assert [op.type for op in ops] == ["mul", "elementwise_add", "dropout", "batch_norm", "reduce_mean"]
    assert ops[2].attr("is_test") is True and ops[3].attr("is_test") is True
    assert main.global_block().ops[2].attr("is_test") is False
    names = {v.name for v in test.list_vars()}
    assert not any("@GRAD" in n or n.startswith("learning_rate") or "velocity" in n for n in names)
    exe = static.Executor()
    exe.run(startup)
    xv = np.random.default_rng(3).standard_normal((4, 3)).astype("float32")
    a, = exe.run(test, feed={"x": xv}, fetch_list=[h])
    b, = exe.run(test, feed={"x": xv}, fetch_list=[h])
    np.testing.assert_array_equal(a, b)  # dropout off, running statistics: deterministic
    mean = np.array(static.global_scope().find_var("batch_norm_0.w_1").get_tensor())
    np.testing.assert_array_equal(mean, np.zeros(3, "float32"))  # inference leaves the statistics alone


def test_optimizer_ops_update_in_place_but_never_user_arrays(progs):
    main, startup = progs
    x = static.data("x", [2, 3])
    loss = paddle.mean(static.nn.fc(x, 2))
    paddle.optimizer.SGD(0.5).minimize(loss)
    exe = static.Executor()
    exe.run(startup)
    xv, w = np.ones((2, 3), "float32"), np.ones((3, 2), "float32")
    (w1,) = exe.run(main, feed={"x": xv, "fc_0.w_0": w}, fetch_list=["fc_0.w_0"])
    assert (w == 1).all()  # the fed array stays the caller's
    np.testing.assert_allclose(w1, 1 - 0.5 * 0.5)  # d mean / dw = mean over rows of x / 2 outputs
    kept = w1.copy()
    exe.run(main, feed={"x": xv})
    np.testing.assert_array_equal(w1, kept)  # a fetched parameter is a copy, not the live buffer
    held = np.array(static.global_scope().find_var("fc_0.w_0").get_tensor())
    np.testing.assert_allclose(held, 1 - 2 * 0.25)
    plan = next(iter(exe._plans[main].values()))
    assert {type(s[1]).__name__ for s in plan.steps if s[5].type == "sgd"} == {"_InPlaceUpdate"}
