"""FLAGS_check_nan_inf and paddle.amp.debugging, checked against real Paddle's output
(tests/fixtures/nan_inf/paddle_nan_inf.json, written by tests/fixtures/make_nan_inf_fixtures.py)."""
import json
import subprocess
import sys

import numpy as np
import pytest

import purepaddle as paddle
from purepaddle._core.op import OP_RAN
from purepaddle.framework import nan_inf
from tests.checkout import FIXTURES, ROOT, child_env

FIX = json.load(open(FIXTURES / "nan_inf" / "paddle_nan_inf.json", encoding="utf-8"))


def precision_lines(text):
    return [ln for ln in text.splitlines() if ln.startswith("[PRECISION]")]


@pytest.fixture
def checker():
    """Turn the checker on at a level; always off (and hook-free) afterwards."""
    def on(level):
        paddle.set_flags({"FLAGS_check_nan_inf": True, "FLAGS_check_nan_inf_level": level})
    yield on
    paddle.set_flags({"FLAGS_check_nan_inf": False, "FLAGS_check_nan_inf_level": 0})


def run_eager_script():
    ns = {"paddle": paddle}
    code = FIX["scripts"]["eager_level1"].replace("import paddle\n", "\n")  # same line numbers, our paddle
    exec(compile(code, "<eager>", "exec"), ns)


def test_off_means_no_hook():
    paddle.set_flags({"FLAGS_check_nan_inf": False})
    assert nan_inf.check_op not in (OP_RAN.active or ())
    y = paddle.log(paddle.to_tensor([-1.0]))  # no check, no error
    assert np.isnan(y.numpy()[0])


@pytest.mark.parametrize("level", [1, 3])
def test_levels_print_what_paddle_prints(checker, capsys, level):
    checker(level)
    run_eager_script()
    got = precision_lines(capsys.readouterr().out)
    want = FIX["cases"][f"eager_level{level}"]["stdout"]
    if level == 1:
        assert got == want
    else:  # our sqrt backward runs two ops: both are labelled sqrt_grad (an extra finite line)
        assert [ln for ln in got if "[ERROR]" in ln] == [ln for ln in want if "[ERROR]" in ln]
        assert set(want) <= set(got)


def test_level0_raises_paddle_error_with_phase_line_and_inputs(checker, capsys):
    checker(0)
    with pytest.raises(RuntimeError) as e:
        run_eager_script()
    want = FIX["cases"]["eager_level0"]
    assert precision_lines(capsys.readouterr().out) == want["stdout"]
    msg = str(e.value)
    assert msg.splitlines()[0] == want["error"][len("RuntimeError: "):]
    assert "[purepaddle] phase: forward" in msg
    assert "op created at <eager>:6 in <module>" in msg
    assert "input X: shape=[3], dtype=fp32, min=0.000000e+00, max=2.000000e+00" in msg
    assert "'log' itself produced the NaN/Inf" in msg


def test_backward_error_names_the_forward_op_and_its_line(checker, capsys):
    x = paddle.to_tensor([0.0, 4.0], stop_gradient=False)
    checker(0)
    z = paddle.sqrt(x)  # finite forward: sqrt(0) = 0
    with pytest.raises(RuntimeError) as e:
        z.sum().backward()
    msg = str(e.value)
    assert "op=sqrt_grad" in msg and "num_inf=1" in msg
    assert "[purepaddle] phase: backward of op 'sqrt'" in msg
    assert "test_nan_inf.py" in msg and "z = paddle.sqrt(x)" in msg
    assert "[PRECISION] [ERROR] in [device=cpu, op=sqrt_grad" in capsys.readouterr().out


def test_optimizer_update_is_checked(checker, capsys):
    lin = paddle.nn.Linear(2, 1)
    opt = paddle.optimizer.SGD(learning_rate=1e39, parameters=lin.parameters())  # float32 lr overflows to inf
    lin(paddle.ones([1, 2])).sum().backward()
    before = lin.weight.numpy().copy()
    checker(0)
    with pytest.raises(RuntimeError) as e:
        opt.step()
    msg = str(e.value)
    assert "op=sgd, tensor=linear_" in msg and "[purepaddle] phase: optimizer update 'sgd' of parameter" in msg
    assert "input Grad:" in msg
    assert before.shape == lin.weight.numpy().shape


def test_static_program_is_checked_with_var_names(checker, capsys, static_mode):
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [2, 2], "float32")
        w = paddle.static.create_parameter([2, 2], "float32", name="w_nan")
        h = paddle.matmul(x, w)
        y = paddle.divide(h, h - h)
        loss = paddle.mean(y)
        paddle.optimizer.SGD(0.1).minimize(loss)
    exe = paddle.static.Executor(paddle.CPUPlace())
    exe.run(startup)
    feed = {"x": np.array([[1, -2], [3, 4]], "float32")}
    checker(1)
    exe.run(main, feed=feed, fetch_list=[loss])
    out = precision_lines(capsys.readouterr().out)
    assert out[0].startswith("[PRECISION] [ERROR] in [device=cpu, op=elementwise_div, "
                             "tensor=elementwise_div_0.tmp_0, dtype=fp32], numel=4, num_nan=0, num_inf=4")
    assert any("op=sgd, tensor=w_nan" in ln for ln in out)  # the update is checked too
    assert any("tensor=w_nan@GRAD" in ln for ln in out)
    checker(0)
    exe.run(startup)  # the level-1 run's sgd made w NaN
    with pytest.raises(RuntimeError, match=r"There are NAN or INF .* op=elementwise_div, "
                                           r"tensor=elementwise_div_0.tmp_0") as e:
        exe.run(main, feed=feed, fetch_list=[loss])
    assert "static op: elementwise_div" in str(e.value)


def test_env_var_at_import_turns_the_checker_on():
    code = "import paddle\nx = paddle.to_tensor([0.0])\ny = paddle.log(x)\n"
    env = child_env(FLAGS_check_nan_inf="1")
    p = subprocess.run([sys.executable, "-m", "purepaddle", "-c", code], capture_output=True, text=True, env=env,
                       timeout=120, cwd=ROOT)
    assert p.returncode != 0
    assert "[PRECISION] [ERROR] in [device=cpu, op=log, tensor=, dtype=fp32], numel=1, num_nan=0, num_inf=1" in p.stdout
    assert "RuntimeError: (PreconditionNotMet) There are NAN or INF" in p.stderr


def test_check_numerics_matches_paddle(capsys):
    dbg = paddle.amp.debugging
    case = FIX["cases"]["debugging"]
    x = paddle.to_tensor([1, 0, 3], dtype="float32")
    y = paddle.to_tensor([0.2, 0, 0.5], dtype="float32")
    res = paddle.pow(x, y)
    s, v = dbg.check_numerics(res, "pow", "res", dbg.DebugMode.CHECK_ALL)
    assert s.numpy().tolist() == [0, 0, 0]
    np.testing.assert_allclose(v.numpy(), [1.7320507764816284, 1.0, 1.2440168857574463], rtol=1e-6)
    r2 = paddle.log(paddle.to_tensor([-1.0, 0.0, 1.0]))
    s, v = dbg.check_numerics(r2, "log", "r2", dbg.DebugMode.CHECK_NAN_INF)
    assert s.numpy().tolist() == [1, 1, 1] and np.isnan(v.numpy()).all()
    with pytest.raises(RuntimeError) as e:
        dbg.check_numerics(r2, "log", "r2")
    assert "RuntimeError: " + str(e.value) == case["error"]
    want = [ln for ln in case["stdout"] if ln.startswith("[PRECISION]")]
    assert precision_lines(capsys.readouterr().out) == want
    with pytest.raises(RuntimeError, match="kernel `check_numerics` is not registered.*int64"):
        dbg.check_numerics(paddle.to_tensor([1, 2]), "a", "b")


def test_operator_stats_table_matches_paddle(capsys):
    with paddle.amp.debugging.collect_operator_stats():
        paddle.ones([2]) * 3
    out = capsys.readouterr().out.splitlines()
    want = [ln for ln in FIX["cases"]["debugging"]["stdout"] if ln.startswith(("<", "  "))]
    assert [ln.rstrip() for ln in out if ln] == [ln.rstrip() for ln in want]
    assert paddle.amp.debugging._count_op not in (OP_RAN.active or ())


def test_operator_stats_count_dtypes():
    dbg = paddle.amp.debugging
    dbg.enable_operator_stats_collection()
    try:
        a = paddle.ones([2], dtype="float16")
        paddle.cast(a, "float32")
        paddle.ones([2], dtype="float64") * 2
        stats = dbg.operator_stats()
    finally:
        dbg.disable_operator_stats_collection()
    assert stats["cast"] == [1, 0, 0, 0]          # counted by the kernel's (input) dtype, as Paddle does
    assert stats["scale"][3] == 1                   # float64 is "other"


def test_tensor_checker_config(tmp_path, capsys):
    dbg = paddle.amp.debugging
    cfg = dbg.TensorCheckerConfig(enable=True, debug_mode=dbg.DebugMode.CHECK_NAN_INF, output_dir=str(tmp_path),
                                  checked_op_list=["log"])
    assert "AMP Debugging TensorCheckerConfig: seed" in capsys.readouterr().out
    dbg.enable_tensor_checker(cfg)
    try:
        assert paddle.get_flags(["FLAGS_check_nan_inf", "FLAGS_check_nan_inf_level"]) == {
            "FLAGS_check_nan_inf": True, "FLAGS_check_nan_inf_level": 1}
        paddle.sqrt(paddle.to_tensor([-1.0]))      # not in checked_op_list
        paddle.log(paddle.to_tensor([0.0]))         # reported, to the file
    finally:
        dbg.disable_tensor_checker()
        dbg.set_checked_op_list(None)
    assert paddle.get_flags("FLAGS_check_nan_inf") == {"FLAGS_check_nan_inf": False}
    files = list(tmp_path.iterdir())
    text = files[0].read_text()
    assert "op=log" in text and "op=sqrt" not in text
    assert capsys.readouterr().out == ""
    with pytest.raises(ValueError, match="debug_step must be list or tuple"):
        dbg.TensorCheckerConfig(enable=False, debug_step=3)


def test_debug_step_limits_checked_steps():
    dbg = paddle.amp.debugging
    dbg.TensorCheckerConfig.current_step_id = 0
    cfg = dbg.TensorCheckerConfig(enable=False, debug_step=[1, 2])
    cfg.enable = True
    assert cfg.update_and_check_step_id() is False   # step 0 is before the range
    dbg.TensorCheckerConfig.current_step_id = 1
    assert cfg.update_and_check_step_id() is True
    assert cfg.update_and_check_step_id() is False   # step 2 is past it
    dbg.TensorCheckerConfig.current_step_id = 0


def test_precision_line_max_min_skip_nan_as_paddle_does(checker, capsys):
    """max/min are folded from the first element on as Paddle does (a later NaN is skipped, a NaN first
    stays), and NaN prints as nan or -nan by its sign bit."""
    checker(1)
    code = FIX["scripts"]["nan_max_min"].replace("import paddle\n", "\n")
    exec(compile(code, "<nan_max_min>", "exec"), {"paddle": paddle})
    assert precision_lines(capsys.readouterr().out) == precision_lines("\n".join(FIX["cases"]["nan_max_min"]["stdout"]))
