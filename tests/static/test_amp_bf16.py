"""paddle.static.amp.bf16: program rewrites checked against real Paddle's, pure-bf16 training, amp_init."""
import json
import subprocess
import sys
import warnings

import numpy as np
import pytest

import purepaddle as paddle
from purepaddle._core import dtype as _dt
from tests.checkout import FIXTURES, ROOT

# the program rewrites only name the bfloat16 dtype; running or converting values needs ml_dtypes
needs_ml_dtypes = pytest.mark.skipif(_dt.bfloat16.np_dtype is None, reason="needs ml_dtypes (purepaddle[bf16])")

FIX = FIXTURES / "static_amp_bf16" / "paddle_bf16.json"
bf16 = paddle.static.amp.bf16


@pytest.fixture(scope="module")
def ref():
    with open(FIX) as f:
        return json.load(f)


pytestmark = pytest.mark.usefixtures("static_mode")  # every test here builds static programs


def snapshot(prog):
    ops = [{"type": op.type, "inputs": {s: list(op.input(s)) for s in sorted(op.input_names)},
            "outputs": {s: list(op.output(s)) for s in sorted(op.output_names)}} for op in prog.global_block().ops]
    dtypes = {n: v.dtype.name for n, v in prog.global_block().vars.items() if getattr(v, "dtype", None) is not None}
    return {"ops": ops, "dtypes": dtypes}


def build(kind, guard):
    """The fixture script's program: x -> fc(relu) -> (guarded?) fc [-> softmax] -> scale -> mean."""
    with paddle.utils.unique_name.guard():
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [None, 4], "float32")
            h = paddle.static.nn.fc(x, 3, activation="relu")
            if guard:
                with bf16.bf16_guard():
                    y = _tail(h, kind)
            else:
                y = _tail(h, kind)
            loss = paddle.mean(y)
    return main, startup, loss


def _tail(h, kind):
    y = paddle.static.nn.fc(h, 2)
    if kind == "softmax":
        y = paddle.nn.functional.softmax(y)
    return paddle.scale(y, 2.0)


def assert_same(got, want):
    assert [o["type"] for o in got["ops"]] == [o["type"] for o in want["ops"]]
    for g, w in zip(got["ops"], want["ops"]):
        for side in ("inputs", "outputs"):  # purepaddle leaves optional empty slots out
            assert {k: v for k, v in g[side].items() if v} == {k: v for k, v in w[side].items() if v}, (g, w)
    for name, dt in want["dtypes"].items():
        if dt in ("float32", "bfloat16"):
            assert got["dtypes"].get(name) == dt, (name, got["dtypes"].get(name), dt)


def test_default_lists_match_paddle(ref):
    lists = bf16.AutoMixedPrecisionListsBF16()
    assert sorted(lists.bf16_list) == ref["bf16_list"]
    assert sorted(lists.gray_list) == ref["gray_list"]
    assert sorted(lists.bf16_initializer_list) == ref["bf16_initializer_list"]
    assert set(lists.fp32_list) == set(ref["fp32_list"])
    custom = bf16.AutoMixedPrecisionListsBF16(custom_bf16_list={"scale"}, custom_fp32_list={"matmul_v2"})
    assert {"scale_bf16": "scale" in custom.bf16_list, "scale_gray": "scale" in custom.gray_list,
            "matmul_fp32": "matmul_v2" in custom.fp32_list,
            "matmul_unsupported": "matmul_v2" in custom.unsupported_list} == ref["custom"]
    with pytest.raises(ValueError, match="relu"):
        bf16.AutoMixedPrecisionListsBF16(custom_bf16_list={"relu"}, custom_fp32_list={"relu"})


@pytest.mark.parametrize("kind", ["plain", "softmax"])
@pytest.mark.parametrize("guard", [False, True])
def test_rewrite_program_bf16_matches_paddle(ref, kind, guard):
    main, _, _ = build(kind, guard)
    bf16.rewrite_program_bf16(main)
    assert_same(snapshot(main), ref["cases"][f"o1_{kind}_{int(guard)}"])


def test_rewrite_respects_fp32_list_and_varnames(ref):
    main, _, _ = build("plain", False)
    bf16.rewrite_program_bf16(main, bf16.AutoMixedPrecisionListsBF16(custom_fp32_list={"matmul_v2", "mul"}))
    assert "cast" not in [op.type for op in main.global_block().ops]
    assert_same(snapshot(main), ref["cases"]["o1_custom_fp32"])
    main, _, _ = build("plain", False)
    bf16.rewrite_program_bf16(main, bf16.AutoMixedPrecisionListsBF16(custom_fp32_varnames={"fc_1.tmp_0"}))
    assert_same(snapshot(main), ref["cases"]["o1_fp32_varnames"])


@pytest.mark.parametrize("kind", ["plain", "softmax"])
@pytest.mark.parametrize("guard,use_guard", [(False, False), (False, True), (True, False), (True, True)])
def test_cast_model_to_bf16_matches_paddle(ref, kind, guard, use_guard):
    main, _, _ = build(kind, guard)
    names = bf16.cast_model_to_bf16(main, use_bf16_guard=use_guard)
    want = ref["cases"][f"pure_{kind}_{int(guard)}_{int(use_guard)}"]
    assert_same(snapshot(main), want)
    assert sorted(names) == want["to_bf16"]


def test_guard_limits_pure_bf16_to_the_guarded_ops():
    main, _, _ = build("plain", True)
    bf16.cast_model_to_bf16(main, use_bf16_guard=True)
    block = main.global_block()
    assert block.var("fc_0.w_0").dtype == paddle.float32  # built outside bf16_guard
    assert block.var("fc_1.w_0").dtype == paddle.bfloat16
    assert block.var("x").dtype == paddle.float32


@needs_ml_dtypes
@pytest.mark.parametrize("pure", [False, True])
def test_decorate_minimize_and_amp_init_match_paddle(ref, pure):
    main, startup, loss = build("plain", True)
    with paddle.static.program_guard(main, startup), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        opt = bf16.decorate_bf16(paddle.optimizer.SGD(0.1), use_pure_bf16=pure)
        opt.minimize(loss)
    want = ref["cases"][f"minimize_{int(pure)}"]
    got_types, want_types = [op.type for op in main.global_block().ops], [o["type"] for o in want["ops"]]
    # the forward rewrite and the inserted casts match; purepaddle's static backward (any dtype) spells
    # reduce_mean_grad / elementwise_add_grad as several ops, so the backward is compared by op counts
    n_fwd = want_types.index("fill_constant")
    assert got_types[:n_fwd] == want_types[:n_fwd]
    for t in ("cast", "sgd", "mul_grad", "relu_grad"):
        assert got_types.count(t) == want_types.count(t), t
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        paddle.static.Executor(paddle.CPUPlace()).run(startup)
        before = {p.name: np.array(scope.find_var(p.name).get_tensor()) for p in main.global_block().all_parameters()}
        opt.amp_init(paddle.CPUPlace(), scope=scope)
        got = {p.name: np.array(scope.find_var(p.name).get_tensor()) for p in main.global_block().all_parameters()}
    for name, dt in want["param_np_dtypes"].items():
        # Paddle stores bfloat16 as its uint16 bit pattern; purepaddle uses ml_dtypes' bfloat16
        assert got[name].dtype.name == ("bfloat16" if dt == "uint16" else dt)
        if dt == "uint16":  # truncated like Paddle's convert_float_to_uint16
            assert np.array_equal(got[name].view(np.uint16), bf16.convert_float_to_uint16(before[name]))


def test_convert_float_to_uint16_truncates():
    out = bf16.convert_float_to_uint16(np.array([[1.0, -2.0], [1.00781250, 3.1415927]], np.float32))
    assert out.dtype == np.uint16 and out.shape == (2, 2)
    assert out.tolist() == [[0x3F80, 0xC000], [0x3F81, 0x4049]]


@needs_ml_dtypes
def test_pure_bf16_training_loss_decreases():
    rng = np.random.default_rng(0)
    xs = rng.standard_normal((32, 4)).astype("float32")
    ys = (xs @ np.array([[1.0], [-2.0], [0.5], [3.0]], "float32")).astype("float32")
    with paddle.utils.unique_name.guard():
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [None, 4], "float32")
            y = paddle.static.data("y", [None, 1], "float32")
            with bf16.bf16_guard():
                h = paddle.static.nn.fc(x, 8, activation="relu")
                pred = paddle.static.nn.fc(h, 1)
            loss = paddle.mean(paddle.square(pred - y))
            opt = bf16.decorate_bf16(paddle.optimizer.Momentum(0.05, multi_precision=True), use_pure_bf16=True)
            opt.minimize(loss)
    assert main.global_block().var("fc_0.w_0").dtype == paddle.bfloat16
    scope = paddle.static.Scope()
    exe = paddle.static.Executor(paddle.CPUPlace())
    with paddle.static.scope_guard(scope):
        exe.run(startup)
        opt.amp_init(paddle.CPUPlace(), scope=scope)
        assert np.array(scope.find_var("fc_0.w_0").get_tensor()).dtype.name == "bfloat16"
        # x feeds a bfloat16 op, so it became bfloat16 and float32 data is refused, as in Paddle
        with pytest.raises(ValueError, match="bfloat16"):
            exe.run(main, feed={"x": xs, "y": ys}, fetch_list=[loss])
        xb = xs.astype(_dt.bfloat16.np_dtype)
        losses = [float(exe.run(main, feed={"x": xb, "y": ys}, fetch_list=[loss])[0]) for _ in range(12)]
        assert np.array(scope.find_var("fc_1.w_0").get_tensor()).dtype.name == "bfloat16"
    assert all(np.isfinite(losses))
    assert losses[-1] < 0.7 * losses[0], losses


@needs_ml_dtypes
def test_amp_init_before_minimize_and_test_program():
    opt = bf16.decorate_bf16(paddle.optimizer.SGD(0.1, multi_precision=True), use_pure_bf16=True)
    with pytest.raises(AssertionError, match="minimize"):
        opt.amp_init(paddle.CPUPlace())
    main, startup, loss = build("plain", True)
    test_prog = main.clone(for_test=True)
    with paddle.static.program_guard(main, startup):
        opt.minimize(loss)
    with paddle.static.scope_guard(paddle.static.Scope()):
        paddle.static.Executor().run(startup)
        opt.amp_init(paddle.CPUPlace(), test_program=test_prog)
    assert test_prog.global_block().var("fc_1.w_0").dtype == paddle.bfloat16
    assert test_prog.global_block().var("fc_0.w_0").dtype == paddle.float32


def test_without_ml_dtypes_amp_init_names_the_extra():
    code = """
import sys
sys.modules['ml_dtypes'] = None  # as if the bf16 extra were not installed
import purepaddle as paddle
paddle.enable_static()
x = paddle.static.data('x', [None, 4], 'float32')
loss = paddle.mean(paddle.static.nn.fc(x, 2))
opt = paddle.static.amp.bf16.decorate_bf16(paddle.optimizer.SGD(0.1), use_pure_bf16=True, use_bf16_guard=False)
opt.minimize(loss)  # rewriting the program needs no bfloat16 arrays
assert paddle.static.default_main_program().global_block().var('fc_0.w_0').dtype == paddle.bfloat16
paddle.static.Executor().run(paddle.static.default_startup_program())
try:
    opt.amp_init(paddle.CPUPlace())
except ImportError as e:
    print('IMPORTERROR', e)
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert "IMPORTERROR" in out.stdout and "pip install purepaddle[bf16]" in out.stdout
