"""paddle.static.nn sequence layers (sequence_pool / first_step / last_step / softmax / expand / conv, row_conv) on
LoD feeds, prelu and paddle.static.ctr_metric_bundle equal real Paddle's legacy static mode (fixtures written by
tests/fixtures/static_nn/make_sequence_fixtures.py and make_ctr_metric_fixtures.py, re-run here with purepaddle as
paddle), outputs and LoD."""
import os
import subprocess
import sys

import numpy as np
import pytest

import purepaddle as paddle

FIX = os.path.join(os.path.dirname(__file__), "..", "fixtures", "static_nn")


@pytest.mark.parametrize("script, fixture", [("make_sequence_fixtures.py", "sequence.npz"),
                                             ("make_ctr_metric_fixtures.py", "ctr_metric.npz")])
def test_match_real_paddle(tmp_path, script, fixture):
    run = ("import sys, runpy, purepaddle\n"
           "sys.modules['paddle'] = purepaddle\n"
           f"sys.argv = ['x', {str(tmp_path / 'me.npz')!r}]\n"
           f"runpy.run_path({os.path.join(FIX, script)!r})\n")
    subprocess.run([sys.executable, "-c", run], check=True)
    want, got = np.load(os.path.join(FIX, fixture)), np.load(tmp_path / "me.npz")
    assert sorted(want.files) == sorted(got.files)
    bad = []
    for k in sorted(want.files):
        w, g = want[k], got[k]
        if w.dtype != g.dtype or w.shape != g.shape:
            bad.append(f"{k}: {g.dtype}{g.shape} vs Paddle {w.dtype}{w.shape}")
        elif not np.allclose(g, w, rtol=1e-5, atol=1e-5):
            bad.append(f"{k}: max diff {np.abs(g.astype(float) - w.astype(float)).max()}")
    assert not bad, "\n".join(bad)


def _program(build, shape, lod_level=1):
    main, start = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, start):
        x = paddle.static.data("x", shape, "float32", lod_level=lod_level)
        y = build(x)
    exe = paddle.static.Executor()
    exe.run(start)
    return exe, main, y


def test_lod_fetch_needs_return_numpy_false_and_no_lod_raises():
    paddle.enable_static()
    try:
        exe, main, y = _program(paddle.static.nn.sequence_softmax, [-1, 1])
        t = paddle.base.create_lod_tensor(np.zeros([3, 1], "float32"), [[1, 2]], paddle.CPUPlace())
        with pytest.raises(RuntimeError, match="hold LoD information"):
            exe.run(main, feed={"x": t}, fetch_list=[y])
        with pytest.raises(ValueError, match="does not contain LoD information"):
            exe.run(main, feed={"x": np.zeros([3, 1], "float32")}, fetch_list=[y])
        exe, main, y = _program(lambda x: paddle.static.nn.sequence_pool(x, "max"), [-1, 2])
        with pytest.raises(ValueError, match="does not contain LoD information"):
            exe.run(main, feed={"x": np.zeros([3, 2], "float32")}, fetch_list=[y])
    finally:
        paddle.disable_static()


def test_eager_calls_raise():
    x = paddle.ones([2, 3])
    with pytest.raises(AssertionError, match="not supported in dygraph mode"):
        paddle.static.nn.sequence_pool(x, "sum")
    with pytest.raises(AssertionError, match="static graph mode"):
        paddle.static.nn.prelu(x, "all")
    with pytest.raises(AssertionError, match="static graph mode"):
        paddle.static.nn.row_conv(x, 1)


def test_prelu_bad_mode():
    paddle.enable_static()
    try:
        with paddle.static.program_guard(paddle.static.Program(), paddle.static.Program()):
            x = paddle.static.data("x", [2, 3], "float32")
            with pytest.raises(ValueError, match="mode should be one of"):
                paddle.static.nn.prelu(x, "row")
    finally:
        paddle.disable_static()
