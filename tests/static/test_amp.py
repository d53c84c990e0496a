"""paddle.static.amp: the program decorate() builds (casts, loss scaling ops), training with it, O2 + amp_init.

The loss-scaling part of the program and the API defaults are checked against real Paddle's
(tests/fixtures/amp/paddle_amp.json; on a CPU build real Paddle inserts no casts, so the cast
placement is checked against the rules instead).
"""
import inspect
import json

import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.static.amp import decorator as _dec
from tests.checkout import FIXTURES

FIX = json.load(open(FIXTURES / "amp" / "paddle_amp.json"))


pytestmark = pytest.mark.usefixtures("static_mode", "fresh_names")  # static programs with Paddle's first names


def _net(decorate_kwargs, opt=None):
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [None, 4], "float32")
        y = paddle.static.data("y", [None, 1], "float32")
        h = paddle.static.nn.fc(x, 8, activation="relu")
        p = paddle.static.nn.fc(h, 1)
        loss = paddle.mean(paddle.nn.functional.square_error_cost(p, y))
        inner = opt if opt is not None else paddle.optimizer.SGD(0.1)
        amp_opt = paddle.static.amp.decorate(inner, **decorate_kwargs) if decorate_kwargs is not None else inner
        amp_opt.minimize(loss)
    return main, startup, loss, amp_opt


def _feed(seed=0, bad=False):
    rng = np.random.default_rng(seed)
    x = rng.random((5, 4), dtype=np.float32)
    if bad:
        x[0, 0] = np.inf
    return {"x": x, "y": rng.random((5, 1), dtype=np.float32)}


def _value(name):
    return np.array(paddle.static.global_scope().find_var(name).get_tensor())


def _amp_ops(program):
    out = []
    for op in program.global_block().ops:
        if op.type in ("check_finite_and_unscale", "update_loss_scaling", "sgd"):
            out.append({"type": op.type, "inputs": {k: op.input(k) for k in sorted(op.input_names) if op.input(k)},
                        "outputs": {k: op.output(k) for k in sorted(op.output_names)}})
    return out


def test_loss_scaling_ops_are_paddles():
    main, startup, loss, opt = _net({"init_loss_scaling": 128.0, "use_dynamic_loss_scaling": True})
    want = [{"type": o["type"], "inputs": {k: v for k, v in o["inputs"].items() if v}, "outputs": o["outputs"]}
            for o in FIX["static"]["main"] if o["type"] in ("check_finite_and_unscale", "update_loss_scaling", "sgd")]
    for o in want:
        o["outputs"] = {k: v for k, v in o["outputs"].items()}
    assert _amp_ops(main) == want
    uls = [op for op in main.global_block().ops if op.type == "update_loss_scaling"][0]
    fix_uls = [o for o in FIX["static"]["main"] if o["type"] == "update_loss_scaling"][0]
    assert {k: uls.attr(k) for k in fix_uls["attrs"]} == fix_uls["attrs"]
    assert [op.type for op in startup.global_block().ops] == FIX["static"]["startup"]
    assert type(opt).__name__ == FIX["static"]["class"] and opt.get_loss_scaling().name == FIX["static"]["loss_scaling"]
    scaled = opt.get_scaled_loss()
    mul = [op for op in main.global_block().ops if scaled.name in op.output_arg_names][0]
    assert mul.type == "elementwise_mul" and mul.input("Y") == ["loss_scaling_0"]


def test_o1_casts_follow_the_lists():
    main, _, _, _ = _net({"level": "O1"})
    ops = main.global_block().ops
    by_out = {n: op for op in ops for n in op.output_arg_names}
    first_mul = [op for op in ops if op.type == "mul"][0]
    assert first_mul.input("X") == ["x.cast_fp16"] and first_mul.input("Y") == ["fc_0.w_0.cast_fp16"]
    assert by_out["x.cast_fp16"].type == "cast" and by_out["x.cast_fp16"].attr("out_dtype") == paddle.float16.proto
    block = main.global_block()
    assert block.var("fc_0.tmp_0").dtype == paddle.float16 and block.var("fc_0.tmp_2").dtype == paddle.float16
    square = [op for op in ops if op.type == "square"][0]  # black list: back to float32
    assert square.input("X")[0].endswith(".cast_fp32") and block.var(square.output("Out")[0]).dtype == paddle.float32
    assert all(p.dtype == paddle.float32 for p in block.all_parameters())  # O1 keeps float32 parameters


def test_o1_training_matches_fp32_and_counts_good_steps():
    losses = {}
    for name, kwargs in (("fp32", None), ("amp", {"level": "O1", "init_loss_scaling": 1024.0})):
        with paddle.utils.unique_name.guard():
            main, startup, loss, _ = _net(kwargs)
        exe = paddle.static.Executor()
        paddle.seed(0)
        main.random_seed = startup.random_seed = 3
        exe.run(startup)
        losses[name] = [float(exe.run(main, feed=_feed(i), fetch_list=[loss])[0]) for i in range(4)]
        if name == "amp":
            assert int(_value("num_good_steps_0")[0]) == 4 and float(_value("loss_scaling_0")[0]) == 1024.0
    np.testing.assert_allclose(losses["amp"], losses["fp32"], rtol=2e-2, atol=2e-3)
    assert losses["amp"][-1] < losses["amp"][0]


def test_inf_step_is_skipped_and_the_scale_shrinks():
    main, startup, loss, _ = _net({"level": "O1", "init_loss_scaling": 1024.0})
    exe = paddle.static.Executor()
    exe.run(startup)
    w0 = _value("fc_0.w_0").copy()
    _, found = exe.run(main, feed=_feed(0, bad=True), fetch_list=[loss, "find_infinite_scale.tmp_0"])
    np.testing.assert_array_equal(_value("fc_0.w_0"), w0)  # gradients zeroed: SGD leaves the weights
    assert float(_value("loss_scaling_0")[0]) == 512.0 and int(_value("num_bad_steps_0")[0]) == 0
    assert bool(found[0])
    exe.run(main, feed=_feed(1), fetch_list=[loss])
    assert not np.array_equal(_value("fc_0.w_0"), w0)


def test_o2_with_fp16_guard_and_amp_init():
    main, startup, loss, opt = _net({"init_loss_scaling": 128.0, "use_pure_fp16": True},
                                    opt=paddle.optimizer.Momentum(0.1, multi_precision=True))
    assert opt._amp_level == "O2" and opt._init_loss_scaling == 128.0 and opt._decr_ratio == 0.8
    block = main.global_block()
    # use_fp16_guard defaults to use_pure_fp16 and nothing is inside fp16_guard: all float32
    assert all(p.dtype == paddle.float32 for p in block.all_parameters())
    with paddle.utils.unique_name.guard():
        main2, startup2 = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main2, startup2):
            x = paddle.static.data("x", [None, 4], "float32")
            y = paddle.static.data("y", [None, 1], "float32")
            with paddle.static.amp.fp16_guard():
                p = paddle.static.nn.fc(paddle.static.nn.fc(x, 8, activation="relu"), 1)
            loss2 = paddle.mean(paddle.nn.functional.square_error_cost(p, y))
            opt2 = paddle.static.amp.decorate(paddle.optimizer.Momentum(0.1, multi_precision=True),
                                              init_loss_scaling=128.0, use_pure_fp16=True)
            opt2.minimize(loss2)
    assert {p.dtype for p in main2.global_block().all_parameters()} == {paddle.float16}
    exe = paddle.static.Executor()
    exe.run(startup2)
    assert _value("fc_0.w_0").dtype == np.float32  # the startup program fills float32
    opt2.amp_init(paddle.CPUPlace())
    assert _value("fc_0.w_0").dtype == np.float16
    np.testing.assert_array_equal(_value("fc_0.w_0_fp32_master_0"), _value("fc_0.w_0").astype(np.float32))
    before = _value("fc_0.w_0").copy()
    losses = [float(exe.run(main2, feed=_feed(0), fetch_list=[loss2])[0]) for _ in range(3)]
    assert losses[-1] < losses[0] and not np.array_equal(_value("fc_0.w_0"), before)
    assert _value("fc_0.w_0").dtype == np.float16


def test_decorate_picks_paddles_overload_and_defaults():
    fp16_only = _dec.decorate(paddle.optimizer.SGD(0.1), use_pure_fp16=False)
    common = _dec.decorate(paddle.optimizer.SGD(0.1), level="O2")
    legacy_positional = _dec.decorate(paddle.optimizer.SGD(0.1), None, 256.0)
    want_old, want_new = FIX["defaults"]["static_decorate"]["FP16_ONLY"], FIX["defaults"]["static_decorate"]["COMMON"]
    assert (fp16_only._init_loss_scaling, fp16_only._incr_every_n_steps, fp16_only._decr_every_n_nan_or_inf,
            fp16_only._decr_ratio) == (want_old["init_loss_scaling"], want_old["incr_every_n_steps"],
                                       want_old["decr_every_n_nan_or_inf"], want_old["decr_ratio"])
    assert (common._init_loss_scaling, common._incr_every_n_steps, common._decr_every_n_nan_or_inf,
            common._decr_ratio, common._amp_level) == (want_new["init_loss_scaling"], want_new["incr_every_n_steps"],
                                                        want_new["decr_every_n_nan_or_inf"], want_new["decr_ratio"],
                                                        "O2")
    assert legacy_positional._init_loss_scaling == 256.0 and legacy_positional._decr_ratio == 0.8
    sig = inspect.signature(_dec._decorate_fp16_only).parameters
    assert {k: sig[k].default for k in want_old} == want_old
    sig = inspect.signature(_dec._decorate_common).parameters
    assert {k: sig[k].default for k in want_new} == want_new
    with pytest.raises(ValueError, match="level should be O0, OD, O1 or O2"):
        _dec.decorate(paddle.optimizer.SGD(0.1), level="O5")
    with pytest.warns(UserWarning, match="Dynamic loss scaling for bfloat16 amp training is disabled"):
        bf = _dec.decorate(paddle.optimizer.SGD(0.1), use_bf16=True)
    assert bf._init_loss_scaling == 1.0 and not bf._use_dynamic_loss_scaling


def test_custom_op_lists():
    lists = paddle.static.amp.CustomOpLists(custom_white_list=["softmax"], custom_black_list=["mul", "pool2d"])
    assert "softmax" in lists.white_list and "softmax" not in lists.black_list
    assert "mul" in lists.black_list and "mul" not in lists.white_list and "pool2d" not in lists.gray_list
    assert "mul" in lists.unsupported_list
    with pytest.raises(ValueError, match="overlaps custom_black_list with < relu >"):
        paddle.static.amp.AutoMixedPrecisionLists(custom_white_list=["relu"], custom_black_list=["relu"])
    with pytest.raises(ValueError, match="dtype should be 'float16' or 'bfloat16'"):
        paddle.static.amp.AutoMixedPrecisionLists(dtype="float64")
    main, _, _, _ = _net({"amp_lists": lists, "level": "O1"})
    assert not any(n.endswith(".cast_fp16") for op in main.global_block().ops if op.type == "mul"
                   for n in op.input_arg_names)


def test_inf_step_leaves_adam_moments_and_beta_pows_alone():
    main, startup, loss, _ = _net({"level": "O1", "init_loss_scaling": 1024.0}, opt=paddle.optimizer.Adam(0.01))
    adam_ops = [op for op in main.global_block().ops if op.type == "adam"]
    assert adam_ops and all(op.input("SkipUpdate") == ["find_infinite_scale.tmp_0"] for op in adam_ops)
    exe = paddle.static.Executor()
    exe.run(startup)
    names = ["fc_0.w_0", "fc_0.w_0_moment1_0", "fc_0.w_0_moment2_0", "fc_0.w_0_beta1_pow_acc_0"]
    before = [_value(n).copy() for n in names]
    exe.run(main, feed=_feed(0, bad=True), fetch_list=[loss])
    for n, b in zip(names, before):
        np.testing.assert_array_equal(_value(n), b, err_msg=n)  # Paddle's SkipUpdate: nothing moves
    exe.run(main, feed=_feed(1), fetch_list=[loss])
    assert not np.array_equal(_value("fc_0.w_0_moment1_0"), before[1])
    assert float(_value("fc_0.w_0_beta1_pow_acc_0")[0]) == pytest.approx(0.9 * 0.9)
