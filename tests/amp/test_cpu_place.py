"""paddle.amp in dygraph on the CPU place by default (FLAGS_purepaddle_cpu_amp off): as real Paddle's CPU build,
auto_cast and the scalers warn that they make no effect, decorate leaves models alone, everything stays float32.

Real Paddle's answers are the "cpu" part of tests/fixtures/amp/paddle_amp.json (tests/fixtures/make_amp_fixtures.py
runs the same calls there); the emulation behind the flag is tested in test_amp.py."""
import json
import subprocess
import sys
import warnings

import pytest

import purepaddle as paddle
from purepaddle._core.dispatch import AMP
from purepaddle.amp.auto_cast import amp_global_state
from tests.checkout import FIXTURES, child_env

CPU = json.load(open(FIXTURES / "amp" / "paddle_amp.json"))["cpu"]


@pytest.fixture(autouse=True)
def _amp_dtype_kept():
    """auto_cast leaves its dtype in the global AMP state (GradScaler reads it): put it back."""
    prev = amp_global_state().amp_dtype
    yield
    amp_global_state().amp_dtype = prev


def _warned(fn):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        out = fn()
    return out, [str(x.message) for x in w]


def _cast(**kw):
    with paddle.amp.auto_cast(**kw):
        y = paddle.matmul(paddle.ones([2, 2]), paddle.ones([2, 2]))
        inside = [paddle.amp.is_autocast_enabled(), paddle.amp.get_autocast_dtype()]
        assert AMP.active is None  # nothing sits in dispatch
    return [str(y.dtype)] + inside + [amp_global_state().amp_dtype]


@pytest.mark.parametrize("name, kw", [("O1", {}), ("O2_bfloat16", {"level": "O2", "dtype": "bfloat16"}),
                                      ("O0", {"level": "O0"}), ("disabled", {"enable": False})])
def test_auto_cast_warns_and_casts_nothing_as_paddle(name, kw):
    out, w = _warned(lambda: _cast(**kw))
    assert dict(zip(("dtype", "enabled_inside", "dtype_inside", "amp_dtype_after", "warnings"), out + [w])) == \
        CPU["auto_cast"][name]


def test_auto_cast_leaves_values_and_gradients_float32():
    paddle.seed(0)
    lin = paddle.nn.Linear(4, 3)
    x = paddle.rand([2, 4])
    ref = lin(x)
    ref.sum().backward()
    g = lin.weight.grad.numpy().copy()
    lin.clear_gradients()
    with pytest.warns(UserWarning, match="amp_guard can only be enabled on CUDAPlace"):
        with paddle.amp.auto_cast(level="O2"):
            y = lin(x)
    y.sum().backward()
    assert y.dtype == paddle.float32 and (y.numpy() == ref.numpy()).all()
    assert (lin.weight.grad.numpy() == g).all()


def test_support_queries_answer_as_paddle():
    assert [paddle.amp.is_float16_supported(), paddle.amp.is_bfloat16_supported()] == CPU["supported"]


def test_decorate_o2_leaves_models_and_optimizers_as_paddle():
    net = paddle.nn.Sequential(paddle.nn.Linear(2, 2), paddle.nn.LayerNorm(2))
    opt = paddle.optimizer.Adam(parameters=net.parameters())
    (net2, opt2), w = _warned(lambda: paddle.amp.decorate(net, opt, level="O2", save_dtype="float16"))
    assert {"same": [net2 is net, opt2 is opt], "dtypes": [str(p.dtype) for p in net.parameters()],
            "multi_precision": opt._multi_precision, "warnings": w,
            "state_dict": sorted({str(v.dtype) for v in net.state_dict().values()})} == CPU["decorate_O2"]


@pytest.mark.parametrize("cls", ["GradScaler", "AmpScaler"])
def test_scalers_are_disabled_with_paddles_warning(cls):
    paddle.seed(0)
    model = paddle.nn.Linear(2, 1)
    sgd = paddle.optimizer.SGD(0.5, parameters=model.parameters())
    s, w = _warned(lambda: getattr(paddle.amp, cls)(init_loss_scaling=8.0))
    loss = model(paddle.ones([1, 2])).sum()
    scaled = s.scale(loss)
    scaled.backward()
    if cls == "GradScaler":
        s.unscale_(sgd)
    grad = model.bias.grad.numpy().tolist()
    b0 = model.bias.numpy().tolist()
    if cls == "GradScaler":
        s.step(sgd)
        s.update()
    else:
        s.minimize(sgd, scaled)
    got = {"warnings": w, "is_enable": s.is_enable(), "dynamic": s.is_use_dynamic_loss_scaling(),
           "init_loss_scaling": s.get_init_loss_scaling(), "state_dict": s.state_dict(),
           "scale_is_loss": scaled is loss, "grad_after_unscale": grad, "bias_step": [b0, model.bias.numpy().tolist()]}
    assert got == CPU[cls]
    s.load_state_dict({})  # a disabled scaler ignores what it is given, as Paddle's


def test_the_flag_turns_the_emulation_on_by_set_flags_and_environment():
    assert paddle.get_flags("FLAGS_purepaddle_cpu_amp") == {"FLAGS_purepaddle_cpu_amp": False}
    paddle.set_flags({"FLAGS_purepaddle_cpu_amp": True})
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no CPU-place warning any more
        with paddle.amp.auto_cast():
            assert paddle.matmul(paddle.ones([2, 2]), paddle.ones([2, 2])).dtype == paddle.float16
        assert paddle.amp.GradScaler().is_enable() and paddle.amp.is_float16_supported()
    code = ("import purepaddle as paddle\n"
            "with paddle.amp.auto_cast():\n"
            "    print(paddle.matmul(paddle.ones([2, 2]), paddle.ones([2, 2])).dtype)\n")
    out = subprocess.run([sys.executable, "-c", code], env=child_env(FLAGS_purepaddle_cpu_amp="1"),
                         capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "paddle.float16"
