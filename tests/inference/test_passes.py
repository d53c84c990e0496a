"""paddle.inference IR passes: each one keeps the outputs (allclose vs ir_optim off) and removes ops."""
import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.inference import Config
from purepaddle.inference.passes import DEFAULT_PASSES, PASSES, optimize
from purepaddle.inference.predictor import Predictor

pytestmark = pytest.mark.filterwarnings("ignore:When training, we now always track")  # BatchNorm in static mode

static = paddle.static
nn = paddle.nn
F = paddle.nn.functional


def _build(body, in_shape, seed=0):
    """Build body(x) -> list of outputs in a fresh program; startup run in a fresh scope; BN stats randomised."""
    paddle.enable_static()
    try:
        main, startup = static.Program(), static.Program()
        with static.program_guard(main, startup), paddle.utils.unique_name.guard():
            x = static.data("x", [None] + list(in_shape), "float32")
            outs = body(x)
        scope = static.Scope()
        rng = np.random.RandomState(seed)
        with static.scope_guard(scope):
            static.Executor().run(startup)
            for v in main.list_vars():  # batch_norm running statistics and affine terms away from 0/1
                if v.persistable and v.name.startswith("batch_norm"):
                    n = v.shape[0]
                    arr = rng.uniform(0.5, 2.0, n) if v.name.endswith(("w_2", "w_0")) else rng.randn(n)
                    scope.var(v.name).get_tensor().set(arr.astype("float32"))
    finally:
        paddle.disable_static()
    return main, scope, x, outs


def _predictor(main, scope, x, outs, passes=None, ir=True):
    c = Config()
    c.disable_glog_info()
    c.switch_ir_optim(ir)
    if passes is not None:
        c.pass_builder().set_passes(passes)
    return Predictor._from_program(main, [x], outs, config=c, scope=scope)


def _run(pred, xv):
    return [t.numpy() for t in pred.run([paddle.to_tensor(xv)])]


def _types(pred):
    return [op.type for op in pred.program().global_block().ops]


def _check(main, scope, x, outs, passes, xv, test_program=None):
    """Outputs with `passes` == outputs with ir_optim off (on the for_test clone); returns both predictors."""
    ref_prog = test_program if test_program is not None else main.clone(for_test=True)
    off = _predictor(ref_prog, scope, x, outs, ir=False)
    on = _predictor(main, scope, x, outs, passes=passes)
    for a, b in zip(_run(off, xv), _run(on, xv)):
        np.testing.assert_allclose(b, a, rtol=1e-5, atol=1e-5)
    return off, on


X4 = np.random.RandomState(1).randn(3, 2, 6, 6).astype("float32")
X2 = np.random.RandomState(2).randn(5, 8).astype("float32")


def test_every_default_pass_is_registered():
    assert set(DEFAULT_PASSES) <= set(PASSES)


def test_dropout_upscale_in_train_is_removed():
    main, scope, x, outs = _build(lambda x: [nn.Linear(8, 4)(F.dropout(F.relu(x), 0.5, mode="upscale_in_train"))],
                                  [8])
    off, on = _check(main, scope, x, outs, ["is_test_pass", "simplify_with_basic_ops_pass"], X2)
    assert "dropout" in _types(off) and "dropout" not in _types(on)
    assert len(_types(on)) == len(_types(off)) - 1


def test_dropout_downscale_in_infer_becomes_scale():
    main, scope, x, outs = _build(lambda x: [F.dropout(x * 1.0, 0.25, mode="downscale_in_infer")], [8])
    off, on = _check(main, scope, x, outs, ["is_test_pass", "simplify_with_basic_ops_pass"], X2)
    ops = pred_ops = on.program().global_block().ops
    assert "dropout" not in _types(on) and any(o.type == "scale" and o.attrs["scale"] == 0.75 for o in pred_ops)
    assert len(ops) <= len(_types(off))


def test_dropout_that_is_the_output_keeps_its_name():
    main, scope, x, outs = _build(lambda x: [F.dropout(F.relu(x), 0.5)], [8])
    off, on = _check(main, scope, x, outs, ["is_test_pass", "simplify_with_basic_ops_pass"], X2)
    assert _types(on) == ["relu"] and on.get_output_names() == off.get_output_names()


def test_constant_folding_folds_parameter_only_ops():
    def body(x):
        conv = nn.Conv2D(2, 3, 3)  # its bias is reshape2'd to [1, C, 1, 1]: a parameter-only op
        w = static.create_parameter([8], "float32", name="w")
        return [conv(x), x.sum() * 0 + (w * 2.0).sum()]

    main, scope, x, outs = _build(body, [2, 6, 6])
    off, on = _check(main, scope, x, outs, ["constant_folding_pass"], X4)
    assert "reshape2" in _types(off) and "reshape2" not in _types(on)
    assert _types(on).count("scale") < _types(off).count("scale")
    assert len(_types(on)) <= len(_types(off)) - 3


@pytest.mark.parametrize("bias", [True, False])
def test_conv_bn_fuse(bias):
    def body(x):
        c = nn.Conv2D(2, 4, 3, padding=1, bias_attr=None if bias else False)
        return [F.relu(nn.BatchNorm2D(4)(c(x)))]

    main, scope, x, outs = _build(body, [2, 6, 6])
    off, on = _check(main, scope, x, outs, ["is_test_pass", "constant_folding_pass", "conv_bn_fuse_pass"], X4)
    assert "batch_norm" in _types(off) and "batch_norm" not in _types(on)
    # with a conv bias, bn folds into it (one op fewer); without, bn becomes that bias add
    assert _types(on) == ["conv2d", "elementwise_add", "relu"]
    assert len(_types(off)) == (5 if bias else 3)  # conv, reshape2 + add (the bias), batch_norm, relu


def test_matmul_bn_fuse():
    main, scope, x, outs = _build(lambda x: [F.relu(nn.BatchNorm1D(6)(nn.Linear(8, 6)(x)))], [8])
    off, on = _check(main, scope, x, outs, ["is_test_pass", "matmul_bn_fuse_pass"], X2)
    assert "batch_norm" not in _types(on) and _types(on) == ["matmul_v2", "elementwise_add", "relu"]


def test_matmul_bn_on_3d_features_is_left_alone():
    # BatchNorm1D on [N, C, L] normalises axis 1, not the product's feature axis: no fold
    main, scope, x, outs = _build(lambda x: [nn.BatchNorm1D(3)(nn.Linear(8, 5)(x))], [3, 8])
    xv = np.random.RandomState(3).randn(2, 3, 8).astype("float32")
    off, on = _check(main, scope, x, outs, ["is_test_pass", "matmul_bn_fuse_pass"], xv)
    assert "batch_norm" in _types(on)


@pytest.mark.parametrize("act", ["relu", "tanh", "sigmoid", None])
def test_fc_fuse(act):
    def body(x):
        h = nn.Linear(8, 6)(x)
        return [getattr(F, act)(h) if act else h]

    main, scope, x, outs = _build(body, [8])
    off, on = _check(main, scope, x, outs, ["fc_fuse_pass"], X2)
    assert _types(on) == ["fc"] and len(_types(off)) == (3 if act else 2)
    assert on.program().global_block().ops[0].attrs["activation_type"] == (act or "")


def test_fc_fuse_on_3d_input_keeps_leading_dims():
    main, scope, x, outs = _build(lambda x: [F.relu(nn.Linear(8, 6)(x))], [4, 8])
    xv = np.random.RandomState(4).randn(2, 4, 8).astype("float32")
    off, on = _check(main, scope, x, outs, ["fc_fuse_pass"], xv)
    op = on.program().global_block().ops[0]
    assert op.type == "fc" and op.attrs["in_num_col_dims"] == 2 and _run(on, xv)[0].shape == (2, 4, 6)


def test_fc_fuse_skips_an_intermediate_that_is_fetched():
    def body(x):
        h = nn.Linear(8, 6)(x)
        return [F.relu(h), h]

    main, scope, x, outs = _build(body, [8])
    off, on = _check(main, scope, x, outs, ["fc_fuse_pass"], X2)
    assert _types(on) == ["fc", "relu"]  # matmul + add fused; the fetched sum stays a separate value


@pytest.mark.parametrize("act", ["relu", None])
def test_conv_elementwise_add_act_fuse(act):
    def body(x):
        h = nn.Conv2D(2, 5, 3, padding=1)(x)
        return [F.max_pool2d(F.relu(h) if act else h, 2)]

    main, scope, x, outs = _build(body, [2, 6, 6])
    off, on = _check(main, scope, x, outs, ["constant_folding_pass", "conv_elementwise_add_act_fuse_pass"], X4)
    assert _types(on) == ["fused_conv2d_add_act", "pool2d"]
    assert on.program().global_block().ops[0].attrs["activation"] == (act or "identity")


@pytest.mark.parametrize("act", ["relu", "tanh", None])
def test_max_pool_hoist(act):
    def body(x):
        h = nn.Conv2D(2, 5, 3, padding=1)(x)
        h = getattr(F, act)(h) if act else h
        return [F.max_pool2d(h, 2)]

    main, scope, x, outs = _build(body, [2, 6, 6])
    xv = X4.copy()
    xv[0, 0, 0, 0] = np.nan  # NaN propagates the same way in both orders
    passes = ["constant_folding_pass", "max_pool_hoist_pass"]
    off, on = _check(main, scope, x, outs, passes, xv)
    assert _types(on)[:2] == ["conv2d", "pool2d"] and _types(on)[2] == "elementwise_add"
    np.testing.assert_array_equal(_run(on, xv)[0], _run(off, xv)[0])  # the same element wins: bit-equal


def test_max_pool_hoist_leaves_avg_pool_and_overlapping_windows():
    def body(x):
        h = F.relu(nn.Conv2D(2, 5, 3, padding=1)(x))
        return [F.avg_pool2d(h, 2), F.max_pool2d(F.relu(nn.Conv2D(2, 5, 3, padding=1)(x)), 3, stride=1)]

    main, scope, x, outs = _build(body, [2, 6, 6])
    off, on = _check(main, scope, x, outs, ["constant_folding_pass", "max_pool_hoist_pass"], X4)
    ops = on.program().global_block().ops
    producer = {n: o.type for o in ops for names in o.outputs.values() for n in names}
    assert [producer[o.inputs["X"][0]] for o in ops if o.type == "pool2d"] == ["relu", "relu"]  # not moved
    assert _types(on) == [t for t in _types(off) if t != "reshape2"]  # only the bias reshapes were folded


def test_elementwise_add_act_fuse():
    def body(x):
        y = static.create_parameter([8], "float32", name="shift")
        return [F.relu(x + y), F.sigmoid(x + x)]

    main, scope, x, outs = _build(body, [8])
    off, on = _check(main, scope, x, outs, ["elementwise_add_act_fuse_pass"], X2)
    ops = on.program().global_block().ops
    assert [o.type for o in ops] == ["fused_elementwise_add"] * 2
    assert [o.attrs["fuse_activation"] for o in ops] == ["relu", "sigmoid"]


def test_dead_ops_of_training_are_removed_and_params_untouched():
    def body(x):
        logits = nn.Linear(8, 4)(x)
        loss = logits.mean()
        paddle.optimizer.SGD(0.1).minimize(loss)
        return [logits]

    main, scope, x, outs = _build(body, [8])
    w_name = next(v.name for v in main.list_vars() if v.persistable and v.name.endswith("w_0"))
    w_before = np.array(scope.find_var(w_name).get_tensor()).copy()
    n_before = len(main.global_block().ops)
    off, on = _check(main, scope, x, outs, ["dead_op_elimination_pass"], X2, test_program=main)
    assert _types(on) == ["matmul_v2", "elementwise_add"] and n_before > 2
    np.testing.assert_array_equal(np.array(scope.find_var(w_name).get_tensor()), w_before)


def test_default_passes_on_a_small_cnn():
    def body(x):
        h = F.max_pool2d(F.relu(nn.BatchNorm2D(4)(nn.Conv2D(2, 4, 3, padding=1)(x))), 2)
        h = F.dropout(h.flatten(1), 0.3)
        return [F.softmax(nn.Linear(36, 5)(F.relu(nn.Linear(36, 36)(h))))]

    main, scope, x, outs = _build(body, [2, 6, 6])
    off, on = _check(main, scope, x, outs, list(DEFAULT_PASSES), X4)
    assert _types(on) == ["conv2d", "pool2d", "fused_elementwise_add", "flatten_contiguous_range", "fc", "fc",
                          "softmax"]


def test_passes_do_not_touch_the_callers_program_or_params():
    def body(x):
        return [F.relu(nn.BatchNorm2D(4)(nn.Conv2D(2, 4, 3)(x)))]

    main, scope, x, outs = _build(body, [2, 6, 6])
    before = [(op.type, {k: list(v) for k, v in op.inputs.items()}, dict(op.attrs)) for op in main.global_block().ops]
    names = set(main.global_block().vars)
    arrays = {n: np.array(scope.find_var(n).get_tensor()).copy() for n in names if scope.find_var(n)}
    pred = _predictor(main, scope, x, outs)
    twin = pred.clone()
    _run(pred, X4)
    _run(twin, X4)
    after = [(op.type, {k: list(v) for k, v in op.inputs.items()}, dict(op.attrs)) for op in main.global_block().ops]
    assert after == before and set(main.global_block().vars) == names
    for n, a in arrays.items():
        np.testing.assert_array_equal(np.array(scope.find_var(n).get_tensor()), a)
    assert twin.program() is pred.program() and "batch_norm" not in _types(twin)


def test_optimize_leaves_params_dict_and_reports_counts():
    main, scope, x, outs = _build(lambda x: [F.relu(nn.Linear(8, 6)(x))], [8])
    params = {v.name: np.array(scope.find_var(v.name).get_tensor()) for v in main.list_vars() if v.persistable}
    keys = set(params)
    prog, new_params, stats = optimize(main, params, ["x"], [outs[0].name])
    assert set(params) == keys and stats["fc_fuse_pass"] == 1 and stats["dead_op_elimination_pass"] == 0
    assert prog is not main and [op.type for op in prog.global_block().ops] == ["fc"]
    with pytest.raises(ValueError, match="has not been registered"):
        optimize(main, params, ["x"], [outs[0].name], passes=["no_such_pass"])


def test_ir_optim_logs_the_passes(capsys):
    main, scope, x, outs = _build(lambda x: [F.relu(nn.Linear(8, 6)(x))], [8])
    c = Config()
    Predictor._from_program(main, [x], outs, config=c, scope=scope)
    err = capsys.readouterr().err
    assert "--- Running IR pass [fc_fuse_pass]" in err and "detected 1 subgraphs" in err
