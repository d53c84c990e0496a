"""paddle.static.nn layers built on legacy ops (conv3d, conv transposes, deformable conv, instance/group/spectral norm,
bilinear_tensor_product, cvm, nce, py_func, static_pylayer, ConditionalBlock/If/Assert, ExponentialMovingAverage),
save_vars/load_vars, Program.desc/parse_from_string and SelectedRows scope values.

Programs and op results are checked against real Paddle (tests/fixtures/static_nn_layers/, made by
tests/fixtures/make_static_nn_layers_fixtures.py) and gradients numerically."""
import json
import sys

import numpy as np
import pytest

import purepaddle as paddle
from purepaddle._core.dispatch import apply
from purepaddle._core.op import OPS
from tests.opspec import OpSpec, check_grad, check_static_grad, rand
from tests.checkout import FIXTURES

FIX = FIXTURES / "static_nn_layers"
sys.path.insert(0, str(FIX))
import nn_layers_cases  # noqa: E402

EXPECTED = np.load(FIX / "expected.npz")
PROGRAMS = json.loads((FIX / "programs.json").read_text())
static = paddle.static


@pytest.fixture(autouse=True)
def fresh_programs():
    """Each test builds into its own default programs and scope (it enables static mode where it needs it)."""
    with static.program_guard(static.Program(), static.Program()), static.scope_guard(static.Scope()):
        yield


def T(a, stop_gradient=True):
    return paddle.to_tensor(a, stop_gradient=stop_gradient)


# -- programs: op types, variable names, parameters and initialisers as Paddle builds them -------------
def _without_bias_reshape(desc):
    """purepaddle feeds a layer's [C] bias to elementwise_add through a reshape2 (its elementwise ops align
    trailing dims); map that reshape's output back to the bias so the rest compares as is."""
    alias, ops = {}, []
    for op in desc["ops"]:
        if op["type"] == "reshape2" and op["inputs"]["X"][0] in desc["params"]:
            alias[op["outputs"]["Out"][0]] = op["inputs"]["X"][0]
            continue
        ops.append(dict(op, inputs={k: [alias.get(n, n) for n in v] for k, v in op["inputs"].items()}))
    return dict(desc, ops=ops)


@pytest.mark.parametrize("case", sorted(nn_layers_cases.CASES))
def test_program_matches_paddle(case):
    paddle.enable_static()
    got = _without_bias_reshape(nn_layers_cases.describe(paddle, nn_layers_cases.CASES[case]))
    want = PROGRAMS[case]
    assert got["params"] == want["params"]
    assert got["init"] == want["init"]
    strip = lambda ops: [{k: v for k, v in op.items() if k != "attrs"} for op in ops]  # noqa: E731
    assert strip(got["ops"]) == strip(want["ops"])
    for g, w in zip(got["ops"], want["ops"]):  # the attrs both name (Paddle's ops carry more: mkldnn, ...)
        for k in sorted(set(g["attrs"]) & set(w["attrs"])):
            a, b = g["attrs"][k], w["attrs"][k]
            assert a == (pytest.approx(b, rel=1e-6) if isinstance(b, float) else b), (g["type"], k, a, b)
    for name, values in want["values"].items():
        np.testing.assert_allclose(got["values"][name], values, rtol=1e-6)


def test_conv_layers_run_with_their_shapes():
    paddle.enable_static()
    main, startup = static.Program(), static.Program()
    with static.program_guard(main, startup):
        x3 = static.data("x3", [None, 2, 4, 5, 5], "float32")
        x2 = static.data("x2", [None, 2, 5, 5], "float32")
        a = static.nn.conv3d(x3, num_filters=3, filter_size=2, act="relu")
        b = static.nn.conv3d_transpose(x3, num_filters=2, filter_size=2, stride=2)
        c = static.nn.conv2d_transpose(x2, num_filters=4, output_size=[10, 10], stride=2, data_format="NCHW")
    assert (a.shape, b.shape, c.shape) == ((-1, 3, 3, 4, 4), (-1, 2, 8, 10, 10), (-1, 4, 10, 10))
    exe = static.Executor()
    exe.run(startup)
    rng = np.random.default_rng(0)
    ra, rb, rc = exe.run(main, feed={"x3": rng.random((2, 2, 4, 5, 5), "float32"),
                                     "x2": rng.random((1, 2, 5, 5), "float32")}, fetch_list=[a, b, c])
    assert ra.shape == (2, 3, 3, 4, 4) and (ra >= 0).all()
    assert rb.shape == (2, 2, 8, 10, 10) and rc.shape == (1, 4, 10, 10)


def test_layer_argument_errors():
    paddle.enable_static()
    x = static.data("x", [2, 3, 4, 4], "float32")
    with pytest.raises(ValueError, match="5D"):
        static.nn.conv3d(x, num_filters=2, filter_size=3)
    with pytest.raises(ValueError, match="output_size must be set"):
        static.nn.conv2d_transpose(x, num_filters=2)
    with pytest.raises(ValueError, match=r"`dim` must be 0 .* or 1"):
        static.nn.spectral_norm(x, dim=2)
    with pytest.raises(ValueError, match="2D tensor"):
        static.nn.bilinear_tensor_product(x, x, size=3)
    paddle.disable_static()
    with pytest.raises(AssertionError, match="static graph mode"):
        static.nn.conv3d(T(np.zeros([1, 1, 2, 2, 2], "float32")), num_filters=1, filter_size=1)


# -- deformable_conv / deformable_conv_v1 --------------------------------------------------------------
def _deform_attrs(case):
    a = EXPECTED[f"{case}.attrs"].tolist()
    return dict(strides=a[0:2], paddings=a[2:4], dilations=a[4:6], deformable_groups=a[6], groups=a[7],
                im2col_step=1)


@pytest.mark.parametrize("case", ["deform_v2", "deform_v1"])
def test_deformable_conv_matches_paddle(case):
    e = {k.split(".", 1)[1]: EXPECTED[k] for k in EXPECTED.files if k.startswith(case + ".")}
    ins = [T(e["x"], False), T(e["offset"], False)] + ([T(e["mask"], False)] if "mask" in e else []) + \
        [T(e["weight"], False)]
    op = OPS["deformable_conv" if "mask" in e else "deformable_conv_v1"]
    out = apply(op, *ins, **_deform_attrs(case))
    np.testing.assert_allclose(out.numpy(), e["out"], rtol=1e-10, atol=1e-12)
    grads = paddle.grad((out * T(e["g"])).sum(), ins)
    names = ["dx", "doffset"] + (["dmask"] if "mask" in e else []) + ["dweight"]
    for name, g in zip(names, grads):
        np.testing.assert_allclose(g.numpy(), e[name], rtol=1e-9, atol=1e-12, err_msg=name)


_DEFORM = dict(strides=[1, 2], paddings=[1, 0], dilations=[1, 1], groups=2, deformable_groups=2, im2col_step=1)
DEFORM_SPECS = [
    OpSpec("deformable_conv", lambda x, o, m, w: apply(OPS["deformable_conv"], x, o, m, w, **_DEFORM),
           inputs=[rand(1, 4, 4, 5), rand(1, 16, 5, 2, low=-1.3, high=1.3), rand(1, 8, 5, 2, low=0.2, high=1.0),
                   rand(2, 2, 2, 2)]),
    OpSpec("deformable_conv_v1", lambda x, o, w: apply(OPS["deformable_conv_v1"], x, o, w, **_DEFORM),
           inputs=[rand(1, 4, 4, 5), rand(1, 16, 5, 2, low=-1.3, high=1.3), rand(2, 2, 2, 2)]),
]


@pytest.mark.parametrize("spec", DEFORM_SPECS, ids=str)
def test_deformable_conv_gradients(spec):
    check_grad(spec)
    check_static_grad(spec)


def test_deformable_conv_shape_errors():
    x, w = T(np.zeros([1, 3, 4, 4])), T(np.zeros([2, 3, 3, 3]))
    with pytest.raises(ValueError, match="Offset should be of shape"):
        apply(OPS["deformable_conv_v1"], x, T(np.zeros([1, 9, 2, 2])), w, strides=[1, 1], paddings=[0, 0],
              dilations=[1, 1], groups=1, deformable_groups=1)


# -- spectral_norm, cvm, nce ---------------------------------------------------------------------------
def test_spectral_norm_matches_paddle():
    e = {k.split(".", 1)[1]: EXPECTED[k] for k in EXPECTED.files if k.startswith("spectral.")}
    w, u, v = T(e["w"], False), T(e["u"]), T(e["v"])
    out = apply(OPS["spectral_norm"], w, u, v, dim=1, power_iters=3, eps=1e-12)
    np.testing.assert_allclose(out.numpy(), e["out"], rtol=1e-12)
    # Paddle's rule (G * (1 - u v^T sum(W / sigma)) / sigma), not the derivative: compared with Paddle
    (gw,) = paddle.grad((out * T(e["g"])).sum(), [w])
    np.testing.assert_allclose(gw.numpy(), e["dw"], rtol=1e-10, atol=1e-12)
    np.testing.assert_array_equal(u.numpy(), e["u_after"])  # U and V are not updated


@pytest.mark.parametrize("case,use_cvm", [("cvm_on", True), ("cvm_off", False)])
def test_cvm_matches_paddle(case, use_cvm):
    x = T(EXPECTED[f"{case}.x"], False)
    y = apply(OPS["cvm"], x, T(EXPECTED[f"{case}.c"]), use_cvm=use_cvm)
    np.testing.assert_allclose(y.numpy(), EXPECTED[f"{case}.y"], rtol=1e-12)
    (gx,) = paddle.grad((y * T(EXPECTED[f"{case}.g"])).sum(), [x])
    np.testing.assert_allclose(gx.numpy(), EXPECTED[f"{case}.dx"], rtol=1e-12)
    # the columns past show/click carry the upstream gradient: d y[:, j] / d x[:, j] = 1
    np.testing.assert_array_equal(gx.numpy()[:, 2:], EXPECTED[f"{case}.g"][:, 2:] if use_cvm
                                  else EXPECTED[f"{case}.g"])


def _nce(case, x, w, b, sw=None):
    e = lambda k: EXPECTED[f"{case}.{k}"]  # noqa: E731
    return apply(OPS["nce"], x, T(e("label")), w, b, sw, None, None, None, num_total_classes=7,
                 num_neg_samples=3, seed=0, sampler=int(e("sampler")), is_sparse=False, remote_prefetch=False,
                 custom_neg_classes=e("neg").tolist())


@pytest.mark.parametrize("case", ["nce_uniform", "nce_log"])
def test_nce_matches_paddle(case):
    e = lambda k: EXPECTED[f"{case}.{k}"]  # noqa: E731
    x, w, b = T(e("x"), False), T(e("w"), False), T(e("bias"), False)
    cost, logits, labels = _nce(case, x, w, b, T(e("sw")) if e("with_weight") else None)
    np.testing.assert_allclose(cost.numpy(), e("cost"), rtol=1e-12)
    np.testing.assert_allclose(logits.numpy(), e("logits"), rtol=1e-12)
    np.testing.assert_array_equal(labels.numpy(), e("labels"))
    grads = paddle.grad((cost * T(e("g"))).sum(), [x, w, b])
    for name, g in zip(("dx", "dw", "dbias"), grads):
        np.testing.assert_allclose(g.numpy(), e(name), rtol=1e-10, atol=1e-14, err_msg=name)


def test_nce_gradient_numerically():
    spec = OpSpec("nce", lambda x, w, b, sw: _nce("nce_log", x, w, b, sw)[0],
                  inputs=[rand(4, 3), rand(7, 3), rand(7, 1), rand(4, 1, low=0.5, high=2.0)], grad=(0, 1, 2))
    check_grad(spec)


def test_nce_layer_trains_and_samples_in_range():
    paddle.enable_static()
    main, startup = static.Program(), static.Program()
    with static.program_guard(main, startup):
        x = static.data("x", [-1, 4], "float32")
        label = static.data("label", [-1, 1], "int64")
        loss = static.nn.nce(input=x, label=label, num_total_classes=5, num_neg_samples=3, sampler="custom_dist",
                             custom_dist=[0.05, 0.5, 0.1, 0.3, 0.05], seed=3)
        avg = paddle.mean(loss)
        paddle.optimizer.SGD(0.5).minimize(avg)
    exe = static.Executor()
    scope = static.Scope()
    with static.scope_guard(scope):
        exe.run(startup)
        feed = {"x": np.ones([6, 4], "float32"), "label": np.full([6, 1], 2, "int64")}
        first = exe.run(main, feed=feed, fetch_list=[avg])[0]
        for _ in range(5):
            last = exe.run(main, feed=feed, fetch_list=[avg])[0]
        labels = exe.run(main, feed=feed, fetch_list=[main.global_block().ops[0].output("SampleLabels")[0]])[0]
    assert last < first
    assert labels.shape == (6, 4) and (labels[:, 0] == 2).all() and labels.min() >= 0 and labels.max() < 5


def test_nce_alias_table():
    from purepaddle.static.nn.loss import alias_table
    alias, probs = alias_table([0.05, 0.5, 0.1, 0.3, 0.05])
    assert alias == [1, -1, 3, -1, 1]
    np.testing.assert_allclose(probs, [0.25, 1.0, 0.5, 1.0, 0.25])


# -- py_func ---------------------------------------------------------------------------------------------
def test_py_func_forward_and_backward_match_paddle():
    paddle.enable_static()
    main, startup = static.Program(), static.Program()
    with static.program_guard(main, startup):
        x = static.data("x", [2, 3], "float32")
        x.stop_gradient = False
        g = static.data("g", [2, 3], "float32")
        out = main.current_block().create_var(name="out", dtype="float32", shape=[2, 3])
        static.py_func(func=lambda t: np.tanh(t), x=x, out=out,
                       backward_func=lambda y, dy: np.array(dy) * (1 - np.square(np.array(y))),
                       skip_vars_in_backward_input=x)
        (dx,) = static.gradients([out], [x], target_gradients=[g])
    assert [op.type for op in main.global_block().ops] == EXPECTED["py_func.types"].tolist()
    got = static.Executor().run(main, feed={"x": EXPECTED["py_func.x"], "g": EXPECTED["py_func.g"]},
                                fetch_list=[out, dx])
    np.testing.assert_allclose(got[0], EXPECTED["py_func.out"], rtol=1e-6)
    np.testing.assert_allclose(got[1], EXPECTED["py_func.dx"], rtol=1e-6)


def test_py_func_without_output_and_errors():
    paddle.enable_static()
    seen = []
    main = static.Program()
    with static.program_guard(main, static.Program()):
        x = static.data("x", [2], "float32")
        assert static.py_func(func=lambda t: seen.append(np.array(t).sum()), x=x, out=None) is None
        y = main.current_block().create_var(name="y", dtype="float32", shape=[2])
        with pytest.raises(ValueError, match="not found in forward inputs"):
            static.py_func(func=np.abs, x=x, out=y, backward_func=np.abs,
                           skip_vars_in_backward_input=static.data("z", [2], "float32"))
    static.Executor().run(main, feed={"x": np.array([1.0, 2.0], "float32")})
    assert seen == [3.0]


# -- static_pylayer --------------------------------------------------------------------------------------
def test_static_pylayer_uses_the_backward_function():
    paddle.enable_static()
    main, startup = static.Program(), static.Program()
    with static.program_guard(main, startup):
        data = static.data("X", [None, 5], "float32")
        data.stop_gradient = False
        ret = static.nn.static_pylayer(paddle.exp, [data], lambda dy: 2 * paddle.exp(dy))
        (grad,) = static.gradients([ret], data)
    x = np.array([[1.0, 2.0, 3.0, 4.0, 5.0]], "float32")
    y, gx = static.Executor().run(main, feed={"X": x}, fetch_list=[ret, grad])
    np.testing.assert_allclose(y, np.exp(x), rtol=1e-6)
    np.testing.assert_allclose(gx, np.full_like(x, 2 * np.e), rtol=1e-6)  # 2 * exp(dy) with dy = 1
    types = [op.type for op in main.global_block().ops]
    assert "pylayer" in types and "pylayer_grad" in types


def test_static_pylayer_trains_parameters_and_survives_clone_and_serialization():
    paddle.enable_static()
    main, startup = static.Program(), static.Program()
    with static.program_guard(main, startup):
        x = static.data("X", [None, 4], "float32")
        h = static.nn.fc(x, 3)
        w = static.create_parameter([3], "float32", name="pl_w")
        y = static.nn.static_pylayer(lambda a, b: paddle.tanh(a) * b, [h, w],
                                     lambda dy: (dy * 2.0, paddle.sum(dy, axis=0) * 0.5))
        loss = paddle.mean(y)
        static.append_backward(loss)
    exe = static.Executor()
    scope = static.Scope()
    xv = np.random.default_rng(0).random((2, 4)).astype("float32")
    with static.scope_guard(scope):
        exe.run(startup)
        out, gw, gh = exe.run(main, feed={"X": xv}, fetch_list=[y, "pl_w@GRAD", h.name + "@GRAD"])
        np.testing.assert_allclose(gw, np.full(3, 2 * 0.5 / 6), rtol=1e-6)  # dy = 1/6 everywhere
        np.testing.assert_allclose(gh, np.full((2, 3), 2 / 6), rtol=1e-6)
        test = main.clone(for_test=True)
        np.testing.assert_allclose(exe.run(test, feed={"X": xv}, fetch_list=[y])[0], out, rtol=1e-6)
        again = static.Program.parse_from_string(main.desc.serialize_to_string())
        np.testing.assert_allclose(exe.run(again, feed={"X": xv}, fetch_list=["pl_w@GRAD"])[0], gw, rtol=1e-6)


def test_static_pylayer_checks():
    paddle.enable_static()
    x = static.data("x", [2], "float32")
    x.stop_gradient = False
    with pytest.raises(ValueError, match="stop_gradient"):
        static.nn.static_pylayer(paddle.exp, [x])
    with pytest.raises(ValueError, match="number of inputs"):
        static.nn.static_pylayer(paddle.exp, [x], lambda dy: (dy, dy))


# -- ConditionalBlock, If, Assert ------------------------------------------------------------------------
@pytest.mark.parametrize("value,want", [(3.0, 6.0), (7.0, 0.0)])
def test_conditional_block_runs_only_when_the_condition_holds(value, want):
    from purepaddle.static.nn.control_flow import ConditionalBlock
    paddle.enable_static()
    main = static.Program()
    with static.program_guard(main, static.Program()):
        x = static.data("x", [1], "float32")
        out = paddle.full([1], 0.0)
        cb = ConditionalBlock([paddle.less_than(x, paddle.full([1], 5.0))], is_scalar_condition=True)
        with cb.block():
            paddle.assign(x * 2, output=out)
    got = static.Executor().run(main, feed={"x": np.array([value], "float32")}, fetch_list=[out])[0]
    np.testing.assert_allclose(got, [want])


@pytest.mark.parametrize("value,want", [(3.0, 4.0), (7.0, 6.0)])
def test_if_true_and_false_blocks(value, want):
    from purepaddle.static.nn.control_flow import If
    paddle.enable_static()
    main = static.Program()
    with static.program_guard(main, static.Program()):
        x = static.data("x", [1], "float32")
        out = paddle.full([1], 0.0)
        if_op = If(paddle.less_than(x, paddle.full([1], 5.0)))
        with if_op.true_block():
            paddle.assign(x + 1, output=out)
        with if_op.false_block():
            paddle.assign(x - 1, output=out)
    got = static.Executor().run(main, feed={"x": np.array([value], "float32")}, fetch_list=[out])[0]
    np.testing.assert_allclose(got, [want])


def test_assert_prints_and_raises(capsys):
    from purepaddle.static.nn.control_flow import Assert
    paddle.enable_static()
    main = static.Program()
    with static.program_guard(main, static.Program()):
        x = static.data("x", [2], "float32")
        op = Assert(paddle.max(x) < 1.0, [x], 1)
    assert op.type == "assert" and op.attr("summarize") == 1
    exe = static.Executor()
    exe.run(main, feed={"x": np.array([0.5, 0.25], "float32")})
    assert capsys.readouterr().out == ""
    with pytest.raises(ValueError, match="condition variable .* of AssertOp must be true"):
        exe.run(main, feed={"x": np.array([2.0, 3.0], "float32")})
    assert capsys.readouterr().out == ("Variable: x\n  - lod: {}\n  - place: Place(cpu)\n  - shape: [2]\n"
                                       "  - layout: NCHW\n  - dtype: float32\n  - data: [2.000000]\n")
    paddle.disable_static()
    with pytest.raises(ValueError, match="must be true"):
        Assert(T(np.array([False])), [T(np.ones(2, "float32"))])
    capsys.readouterr()


# -- ExponentialMovingAverage ----------------------------------------------------------------------------
def test_exponential_moving_average_apply_and_restore():
    paddle.enable_static()
    main, startup = static.Program(), static.Program()
    scope = static.Scope()
    with static.program_guard(main, startup), static.scope_guard(scope):
        data = static.data("x", [-1, 5], "float32")
        hidden = static.nn.fc(x=data, size=2)
        cost = paddle.mean(hidden)
        test_program = main.clone(for_test=True)
        paddle.optimizer.SGD(learning_rate=0.1).minimize(cost)
        ema = static.ExponentialMovingAverage(0.9)
        ema.update()
        exe = static.Executor()
        exe.run(startup)
        weight = lambda: np.array(scope.find_var("fc_0.w_0").get_tensor()).copy()  # noqa: E731
        avg = np.zeros((5, 2))
        for i in range(3):
            exe.run(main, feed={"x": np.full((4, 5), i + 1.0, "float32")}, fetch_list=[cost])
            avg = avg * 0.9 + weight() * 0.1
        trained = weight()
        with ema.apply(exe):
            np.testing.assert_allclose(weight(), avg / (1 - 0.9 ** 3), rtol=1e-5)
            out = exe.run(test_program, feed={"x": np.ones((1, 5), "float32")}, fetch_list=[hidden])[0]
        np.testing.assert_array_equal(weight(), trained)
        with ema.apply(exe, need_restore=False):
            pass
        assert not np.array_equal(weight(), trained)
        ema.restore(exe)
        np.testing.assert_array_equal(weight(), trained)
    assert out.shape == (1, 2)


# -- save_vars / load_vars / get_program_persistable_vars ------------------------------------------------
@pytest.mark.parametrize("filename", [None, "vars_file"])
def test_save_vars_load_vars_round_trip(tmp_path, filename):
    paddle.enable_static()
    main, startup = static.Program(), static.Program()
    scope = static.Scope()
    with static.program_guard(main, startup), static.scope_guard(scope):
        w = paddle.create_parameter(shape=[3, 2], dtype="float32", name="fc_w")
        b = paddle.create_parameter(shape=[2], dtype="float32", name="fc_b")
        exe = static.Executor()
        exe.run(startup)
        before = {n: np.array(scope.find_var(n).get_tensor()).copy() for n in ("fc_w", "fc_b")}
        static.io.save_vars(exe, str(tmp_path), main_program=main, vars=[w, b], filename=filename)
        assert sorted(p.name for p in tmp_path.iterdir()) == (["fc_b", "fc_w"] if filename is None else [filename])
        for n in before:
            scope.find_var(n).get_tensor().set(np.zeros_like(before[n]))
        static.io.load_vars(exe, str(tmp_path), main_program=main, predicate=lambda v: "fc" in v.name,
                            filename=filename)
        for n, v in before.items():
            np.testing.assert_array_equal(np.array(scope.find_var(n).get_tensor()), v)


def test_save_vars_to_memory_and_shape_check():
    paddle.enable_static()
    main, startup = static.Program(), static.Program()
    scope = static.Scope()
    with static.program_guard(main, startup), static.scope_guard(scope):
        w = paddle.create_parameter(shape=[3, 2], dtype="float32", name="w")
        exe = static.Executor()
        exe.run(startup)
        data = static.io.save_vars(exe, None, vars=[w])
        assert isinstance(data, bytes)
        other = static.Program()
        with static.program_guard(other, static.Program()):
            w2 = paddle.create_parameter(shape=[2, 3], dtype="float32", name="w")
        kept = np.array(scope.find_var("w").get_tensor()).copy()
        with pytest.raises(RuntimeError, match="shape does not match"):
            static.io.load_vars(exe, None, main_program=other, vars=[w2], filename=data)
        np.testing.assert_array_equal(np.array(scope.find_var("w").get_tensor()), kept)
        names = [v.name for v in static.io.get_program_persistable_vars(main)]
    assert names == ["w"]


# -- Program.desc, SelectedRows, error clip ------------------------------------------------------------
def test_program_desc_round_trip():
    paddle.enable_static()
    prog = static.Program()
    with static.program_guard(prog):
        x = static.data("X", [4, 3], "float32")
        y = static.data("Y", [3, 2], "float32")
        z = paddle.matmul(x=x, y=y)
    assert prog.desc.num_blocks() == 1
    restored = prog.parse_from_string(prog.desc.serialize_to_string())
    assert [op.type for op in restored.global_block().ops] == ["matmul_v2"]
    xv, yv = np.ones([4, 3], "float32"), np.ones([3, 2], "float32")
    np.testing.assert_allclose(static.Executor().run(restored, feed={"X": xv, "Y": yv}, fetch_list=[z.name])[0],
                               xv @ yv)


def test_selected_rows_in_a_scope():
    from purepaddle.base import core
    paddle.enable_static()
    scope = core.Scope()
    rows = scope.var("X").get_selected_rows()
    rows.set_rows([0, 5, 5, 4])
    rows.set_height(20)
    values = np.arange(8, dtype="float32").reshape(4, 2)
    rows.get_tensor().set(values, core.CPUPlace())
    assert (rows.rows(), rows.height(), rows.numel()) == ([0, 5, 5, 4], 20, 8)
    main = static.Program()
    with static.program_guard(main, static.Program()):
        x = main.global_block().create_var(name="X", dtype="float32", persistable=True,
                                           type=core.VarDesc.VarType.SELECTED_ROWS)
        z = paddle.nn.clip.get_tensor_from_selected_rows(x)
        m = paddle.nn.clip.merge_selected_rows(x)
        with pytest.raises(TypeError, match="SELECTED_ROWS"):
            paddle.nn.clip.get_tensor_from_selected_rows(static.data("d", [2], "float32"))
    assert z.name == "get_tensor_from_selected_rows_0.tmp_0"
    with static.scope_guard(scope):
        got, merged = static.Executor().run(main, fetch_list=[z, m])
    np.testing.assert_array_equal(got, values)
    np.testing.assert_array_equal(merged, [values[0], values[3], values[1] + values[2]])  # rows 0, 4, 5


def test_set_error_clip_is_kept_by_clone():
    paddle.enable_static()
    prog = static.Program()
    with static.program_guard(prog, static.Program()):
        h = static.nn.fc(static.data("x", [None, 4], "float32"), size=3, activation="relu")
    clone = prog.clone()
    clip = paddle.nn.clip.ErrorClipByValue(max=2e-6, min=-1e-6)
    clone.block(0).var(h.name)._set_error_clip(clip)
    assert clone.block(0).var(h.name).error_clip is clip
    assert prog.block(0).var(h.name).error_clip is None
    assert str(clone.clone().block(0).var(h.name).error_clip) == "ByValue, min=-0.000001, max=0.000002"


def test_error_clip_bounds_the_gradient_flowing_back_through_a_var(static_mode):
    main, start = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, start):
        x = paddle.static.data("x", [4, 3])
        h = paddle.static.nn.fc(x, 5, name="ec_fc1")
        h._set_error_clip(paddle.nn.clip.ErrorClipByValue(max=0.01))
        loss = paddle.mean(paddle.static.nn.fc(h, 1, name="ec_fc2") * 100)
        paddle.optimizer.SGD(0.1).minimize(loss)
    assert [op.type for op in main.global_block().ops].count("clip") == 1
    exe = paddle.static.Executor()
    exe.run(start)
    g, = exe.run(main, feed={"x": np.ones((4, 3), "float32")}, fetch_list=[h.name + "@GRAD"])
    assert np.abs(g).max() <= 0.01 + 1e-7 and np.abs(g).max() > 0.009
    with paddle.static.program_guard(paddle.static.Program(), paddle.static.Program()):
        y = paddle.static.data("y", [2])
        with pytest.raises(NotImplementedError, match="error_clip_callback"):
            paddle.static.append_backward(paddle.mean(y * 2), callbacks=[print])
