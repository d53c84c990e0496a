"""paddle.amp in dygraph with FLAGS_purepaddle_cpu_amp on (the `cpu_amp` fixture, every test here): auto_cast's
per-op casts, gradients through them, GradScaler, decorate (O2). The default, Paddle's CPU build doing nothing,
is tested in test_cpu_place.py.

Real Paddle facts (lists, defaults, the loss-scaling ops' numbers) come from
tests/fixtures/amp/paddle_amp.json, written by tests/fixtures/make_amp_fixtures.py.
"""
import inspect
import json

import numpy as np
import pytest

import purepaddle as paddle
from purepaddle._core.dispatch import AMP
from purepaddle._core.op import OPS
from tests.checkout import FIXTURES

F = paddle.nn.functional
FIX = json.load(open(FIXTURES / "amp" / "paddle_amp.json"))
HAS_BF16 = paddle.bfloat16.np_dtype is not None
pytestmark = pytest.mark.usefixtures("cpu_amp")


def _defaults(fn):
    return {k: v.default for k, v in inspect.signature(fn).parameters.items()
            if v.default is not inspect.Parameter.empty}


# -- lists and defaults -------------------------------------------------------------------------------
def test_op_lists_are_paddles():
    for which, fn in (("white_list", paddle.amp.white_list), ("black_list", paddle.amp.black_list)):
        ours = {d: {lv: sorted(s) for lv, s in v.items()} for d, v in fn().items()}
        assert ours == FIX[which]


@pytest.mark.parametrize("name,fn", [("GradScaler", paddle.amp.GradScaler.__init__),
                                     ("AmpScaler", paddle.amp.AmpScaler.__init__),
                                     ("auto_cast", paddle.amp.auto_cast), ("decorate", paddle.amp.decorate)])
def test_defaults_are_paddles(name, fn):
    ours = _defaults(fn)
    for k, v in FIX["defaults"][name].items():
        assert ours[k] == v, (name, k)


# -- auto_cast -------------------------------------------------------------------------------------------
def test_o1_dtypes_follow_the_lists():
    paddle.seed(0)
    lin = paddle.nn.Linear(4, 3)
    x = paddle.rand([2, 4])
    with paddle.amp.auto_cast():
        assert paddle.amp.is_autocast_enabled() and paddle.amp.get_autocast_dtype() == "float16"
        y = lin(x)                 # white (linear_v2)
        s = F.softmax(y)           # black
        r = F.relu(y)              # gray, float16 input
        a = y + paddle.ones([3])   # gray, one float32 input: promoted to float32
        m = paddle.matmul(x, x.T)  # white
        d = paddle.matmul(x.astype("float64"), x.astype("float64").T)  # float64 is never cast
        i = paddle.argmax(y, axis=1)
    assert (y.dtype, s.dtype, r.dtype, a.dtype, m.dtype) == (paddle.float16, paddle.float32, paddle.float16,
                                                             paddle.float32, paddle.float16)
    assert d.dtype == paddle.float64 and i.dtype == paddle.int64
    assert AMP.active is None and not paddle.amp.is_autocast_enabled()
    assert lin(x).dtype == paddle.float32  # outside the block nothing is cast


def test_forward_values_are_fp16_inputs_with_fp32_accumulation():
    rng = np.random.default_rng(0)
    xa, wa, ba = (rng.standard_normal(s).astype("float32") for s in ((5, 7), (7, 3), (3,)))
    x, w, b = (paddle.to_tensor(a) for a in (xa, wa, ba))
    with paddle.amp.auto_cast():
        y = F.linear(x, w, b)
    r16 = lambda a: a.astype(np.float16).astype(np.float32)  # noqa: E731
    want = (r16(xa) @ r16(wa) + r16(ba)).astype(np.float16)
    np.testing.assert_array_equal(y.numpy(), want)


def test_custom_lists_move_ops():
    x = paddle.rand([3, 3])
    with paddle.amp.auto_cast(custom_black_list={"matmul_v2"}, custom_white_list={"softmax"}):
        m = paddle.matmul(x, x)
        s = F.softmax(x)
    assert m.dtype == paddle.float32 and s.dtype == paddle.float16
    with paddle.amp.auto_cast(custom_black_list=["matmul"]):  # the dygraph name works too
        assert paddle.matmul(x, x).dtype == paddle.float32
    with pytest.raises(ValueError, match="Custom white list overlap custom black list"):
        paddle.amp.auto_cast(custom_white_list=["exp"], custom_black_list=["exp"])


def test_bad_arguments_raise_paddles_errors():
    with pytest.raises(ValueError, match="level should be O0, OD, O1 or O2"):
        paddle.amp.auto_cast(level="O3")
    with pytest.raises(ValueError, match="dtype should be 'float16' or 'bfloat16'"):
        paddle.amp.auto_cast(dtype="float64")
    with paddle.amp.auto_cast(enable=False):
        assert paddle.matmul(paddle.ones([2, 2]), paddle.ones([2, 2])).dtype == paddle.float32
    with paddle.amp.auto_cast(level="O0"):
        assert AMP.active is None


def test_nested_and_decorator_restore_the_state():
    @paddle.amp.auto_cast()
    def f(x):
        return paddle.matmul(x, x)

    x = paddle.ones([2, 2])
    assert f(x).dtype == paddle.float16 and AMP.active is None
    with paddle.amp.auto_cast():
        with paddle.amp.auto_cast(enable=False):
            assert paddle.matmul(x, x).dtype == paddle.float32
        assert paddle.matmul(x, x).dtype == paddle.float16
    try:
        with paddle.amp.auto_cast():
            raise KeyError("boom")
    except KeyError:
        pass
    assert AMP.active is None


def test_gradients_flow_through_casts_to_fp32_params():
    rng = np.random.default_rng(1)
    xa = rng.standard_normal((6, 4)).astype("float32")
    lin = paddle.nn.Linear(4, 5)
    up = rng.standard_normal((6, 5)).astype("float32")
    with paddle.amp.auto_cast():
        y = lin(paddle.to_tensor(xa))
    (y.astype("float32") * paddle.to_tensor(up)).sum().backward()
    gw, gb = lin.weight.grad, lin.bias.grad
    assert gw.dtype == paddle.float32 and gb.dtype == paddle.float32
    # the float16 gradient rounded once more on its way back: compare with the float64 gradient
    want_w = xa.astype(np.float64).T @ up.astype(np.float64)
    np.testing.assert_allclose(gw.numpy(), want_w, rtol=1e-2, atol=1e-2)
    np.testing.assert_allclose(gb.numpy(), up.sum(0), rtol=1e-2, atol=1e-2)


def test_backward_inside_the_block_is_not_recast():
    paddle.seed(3)
    lin = paddle.nn.Sequential(paddle.nn.Linear(4, 8), paddle.nn.ReLU(), paddle.nn.Linear(8, 2))
    x = paddle.rand([3, 4])
    grads = []
    for inside in (False, True):
        lin.clear_gradients()
        with paddle.amp.auto_cast():
            loss = F.softmax(lin(x)).log().mean()
            if inside:
                loss.backward()
        if not inside:
            loss.backward()
        grads.append([p.grad.numpy().copy() for p in lin.parameters()])
    for a, b in zip(*grads):
        np.testing.assert_array_equal(a, b)


def test_conv_bn_o1_matches_fp32_closely():
    paddle.seed(4)
    conv = paddle.nn.Conv2D(3, 4, 3, padding=1)
    bn = paddle.nn.BatchNorm2D(4)
    x = paddle.rand([2, 3, 6, 6])
    ref = bn(conv(x))
    ref.sum().backward()
    gref = conv.weight.grad.numpy().copy()
    conv.clear_gradients()
    with paddle.amp.auto_cast():
        c = conv(x)
        out = bn(c)
    assert c.dtype == paddle.float32  # conv2d (white) then add of the float32 bias (gray: promoted)
    with paddle.amp.auto_cast():
        c2 = F.conv2d(x, conv.weight)
        out2 = bn(c2)
    assert c2.dtype == paddle.float16 and out2.dtype == paddle.float16  # batch_norm follows X
    np.testing.assert_allclose(out.numpy(), ref.numpy(), rtol=2e-2, atol=2e-2)
    out.sum().backward()
    np.testing.assert_allclose(conv.weight.grad.numpy(), gref, rtol=2e-2, atol=5e-2)


def test_heavy_ops_accumulate_in_fp32():
    # the float16 matmul is the float32 product of the float16-rounded inputs, rounded once (its speed, ~100x
    # NumPy's own float16 loop, is measured in bench/, not here)
    a = paddle.rand([256, 256])
    with paddle.amp.auto_cast():
        out = paddle.matmul(a, a)
    assert out.dtype == paddle.float16
    h = a.numpy().astype(np.float16).astype(np.float32)
    np.testing.assert_array_equal(out.numpy().view(np.uint16), (h @ h).astype(np.float16).view(np.uint16))
    ones = paddle.ones([4096], dtype="float16")
    with paddle.amp.auto_cast(level="O2"):
        s = ones.sum()  # float16 sums of 4096 ones: float32 accumulation gives exactly 4096
    assert s.dtype == paddle.float16 and float(s) == 4096.0


def test_cast_ops_are_recorded_for_diagnostics():
    seen = []
    from purepaddle.framework import op_hooks

    def hook(op, ins, outs):
        seen.append(op.type)
    a, b = paddle.ones([2, 2]), paddle.ones([2, 2])
    op_hooks.install(hook)
    try:
        with paddle.amp.auto_cast():
            paddle.matmul(a, b)
    finally:
        op_hooks.remove(hook)
    assert seen == ["cast", "cast", "matmul_v2"]


def test_static_mode_refuses_auto_cast(static_mode):
    with pytest.raises(AssertionError, match="only support 'amp_guard' in dynamic"):
        paddle.amp.auto_cast()


def test_support_queries():
    assert paddle.amp.is_float16_supported() is True
    assert paddle.amp.is_bfloat16_supported() is HAS_BF16
    with pytest.raises(ValueError):
        paddle.amp.is_float16_supported("tpu")


@pytest.mark.skipif(HAS_BF16, reason="ml_dtypes is installed")
def test_bfloat16_without_ml_dtypes_names_the_extra():
    with pytest.raises(ImportError, match=r"purepaddle\[bf16\]"):
        paddle.amp.auto_cast(dtype="bfloat16")


@pytest.mark.skipif(not HAS_BF16, reason="bfloat16 needs ml_dtypes")
def test_bfloat16_autocast_and_o2():
    lin = paddle.nn.Linear(4, 3)
    x = paddle.rand([2, 4])
    with paddle.amp.auto_cast(dtype="bfloat16"):
        y = lin(x)
        z = F.relu(y)
    assert y.dtype == paddle.bfloat16 and z.dtype == paddle.bfloat16
    z.astype("float32").sum().backward()
    assert lin.weight.grad.dtype == paddle.float32
    opt = paddle.optimizer.AdamW(parameters=lin.parameters())
    lin, opt = paddle.amp.decorate(lin, opt, level="O2", dtype="bfloat16")
    assert lin.weight.dtype == paddle.bfloat16
    with paddle.amp.auto_cast(level="O2", dtype="bfloat16"):
        loss = lin(x).mean()
    loss.backward()
    opt.step()
    assert opt.state_dict()["master_weights"][lin.weight.name].dtype == paddle.float32


# -- the loss-scaling ops against real Paddle -------------------------------------------------------------
def test_check_finite_and_unscale_matches_paddle():
    op = OPS["check_finite_and_unscale"]
    for case in FIX["check_finite_and_unscale"]:
        xs = [paddle.to_tensor(np.array([float(v) for v in a], "float32")) for a in case["x"]]
        outs, found = _apply(op, xs, paddle.to_tensor([case["scale"]]))
        assert bool(found.numpy()[0]) == case["found"]
        for o, want in zip(outs, case["out"]):
            np.testing.assert_array_equal(o.numpy(), np.array([float(v) for v in want], "float32"))


def _apply(op, *args, **attrs):
    from purepaddle._core.dispatch import apply
    return apply(op, *args, **attrs)


def test_update_loss_scaling_matches_paddle():
    op = OPS["update_loss_scaling"]
    for c in FIX["update_loss_scaling"]:
        outs, scale, good, bad = _apply(
            op, [paddle.to_tensor([1.0, 2.0])], paddle.to_tensor([c["found"]]), paddle.to_tensor([c["scale"]]),
            paddle.to_tensor(np.array([c["good"]], "int32")), paddle.to_tensor(np.array([c["bad"]], "int32")), None,
            stop_update=c["stop_update"], **c["attrs"])
        np.testing.assert_array_equal(outs[0].numpy(), np.array(c["x_out"], "float32"))
        assert float(scale.numpy()[0]) == pytest.approx(c["scale_out"], rel=1e-7), c
        assert (int(good.numpy()[0]), int(bad.numpy()[0])) == (c["good_out"], c["bad_out"]), c


# -- GradScaler -------------------------------------------------------------------------------------------
@pytest.fixture
def after_fp16_autocast():
    """GradScaler reads the dtype of the last auto_cast entered (float32 before any): as after a float16 one."""
    from purepaddle.amp.auto_cast import amp_global_state
    prev = amp_global_state().amp_dtype
    with paddle.amp.auto_cast():
        pass
    yield
    amp_global_state().amp_dtype = prev


def test_scaler_without_any_float16_autocast_disables_itself():
    from purepaddle.amp.auto_cast import amp_global_state
    prev = amp_global_state().amp_dtype
    amp_global_state().amp_dtype = "float32"  # a fresh process: no auto_cast entered yet
    try:
        s = paddle.amp.GradScaler()
        with pytest.warns(UserWarning, match="not recommended to use dynamic loss scaling for float32"):
            s.scale(paddle.ones([1]))
        assert not s.is_enable()
    finally:
        amp_global_state().amp_dtype = prev


def _model_opt(seed=0):
    paddle.seed(seed)
    model = paddle.nn.Linear(3, 2)
    return model, paddle.optimizer.SGD(0.1, parameters=model.parameters())


def test_scaler_scales_unscales_and_steps(after_fp16_autocast):
    model, opt = _model_opt()
    w0 = model.weight.numpy().copy()
    x = paddle.ones([1, 3])
    scaler = paddle.amp.GradScaler(init_loss_scaling=1024.0)
    scaled = scaler.scale(model(x).sum())
    scaled.backward()
    np.testing.assert_allclose(model.bias.grad.numpy(), [1024.0, 1024.0])
    scaler.step(opt)
    scaler.update()
    np.testing.assert_allclose(model.bias.grad.numpy(), [1.0, 1.0])  # unscaled in place
    np.testing.assert_allclose(model.weight.numpy(), w0 - 0.1, rtol=1e-6)
    assert scaler.state_dict()["incr_count"] == 1


def test_scaler_skips_inf_steps_and_moves_the_scale(capsys, after_fp16_autocast):
    model, opt = _model_opt()
    w0 = model.weight.numpy().copy()
    scaler = paddle.amp.GradScaler(init_loss_scaling=8.0, incr_every_n_steps=2, decr_every_n_nan_or_inf=1)
    x_bad = paddle.to_tensor([[np.inf, 1.0, 1.0]])
    scaler.scale(model(x_bad).sum()).backward()
    scaler.step(opt)
    scaler.update()
    np.testing.assert_array_equal(model.weight.numpy(), w0)  # the step was skipped
    assert float(scaler._scale) == 4.0 and scaler.state_dict()["decr_count"] == 0
    assert "Found inf or nan, current scale is: 8.0, decrease to: 8.0*0.5" in capsys.readouterr().out
    for _ in range(2):
        opt.clear_grad()
        scaled = scaler.scale(model(paddle.ones([1, 3])).sum())
        scaled.backward()
        scaler.minimize(opt, scaled)
    assert float(scaler._scale) == 8.0  # two good steps: doubled
    assert not np.array_equal(model.weight.numpy(), w0)


def test_scaler_state_errors_and_round_trip(after_fp16_autocast):
    model, opt = _model_opt()
    scaler = paddle.amp.GradScaler(init_loss_scaling=16.0)
    scaler.scale(model(paddle.ones([1, 3])).sum()).backward()
    scaler.unscale_(opt)
    with pytest.raises(RuntimeError, match="unscale_\\(\\) has already been called"):
        scaler.unscale_(opt)
    scaler.step(opt)
    with pytest.raises(RuntimeError, match="step\\(\\) has already been called"):
        scaler.step(opt)
    scaler.update()
    state = scaler.state_dict()
    other = paddle.amp.GradScaler()
    other.load_state_dict(state)
    assert other.state_dict()["incr_count"] == 1 and float(other._scale) == 16.0
    with pytest.raises(RuntimeError, match="saved from a disabled instance"):
        other.load_state_dict({})
    off = paddle.amp.GradScaler(enable=False)
    assert off.state_dict() == {} and not off.is_enable()
    loss = model(paddle.ones([1, 3])).sum()
    assert off.scale(loss) is loss
    s = paddle.amp.GradScaler()
    s.set_incr_ratio(3.0)
    s.set_decr_every_n_nan_or_inf(4)
    assert (s.get_incr_ratio(), s.get_decr_every_n_nan_or_inf(), s.get_init_loss_scaling()) == (3.0, 4, 65536.0)
    with pytest.raises(AssertionError, match="incr_ratio must be > 1.0"):
        s.set_incr_ratio(0.5)


def test_scaler_disables_itself_for_bfloat16_dynamic_scaling():
    from purepaddle.amp.auto_cast import amp_global_state
    prev = amp_global_state().amp_dtype
    amp_global_state().amp_dtype = "bfloat16"
    try:
        s = paddle.amp.GradScaler()
        with pytest.warns(UserWarning, match="not recommended to use dynamic loss scaling for bfloat16"):
            out = s.scale(paddle.ones([1]))
        assert not s.is_enable() and float(out) == 1.0
    finally:
        amp_global_state().amp_dtype = prev


# -- decorate (O2) ------------------------------------------------------------------------------------
def test_decorate_o2_keeps_norms_fp32_and_master_weights(after_fp16_autocast):
    paddle.seed(5)
    net = paddle.nn.Sequential(paddle.nn.Linear(4, 6), paddle.nn.LayerNorm(6), paddle.nn.BatchNorm1D(6),
                               paddle.nn.Linear(6, 2))
    opt = paddle.optimizer.Adam(0.01, parameters=net.parameters())
    assert paddle.amp.decorate(net, opt) == (net, opt)  # O1: unchanged
    net, opt = paddle.amp.decorate(net, opt, level="O2")
    dtypes = [p.dtype for p in net.parameters()]
    assert dtypes[:2] == [paddle.float16, paddle.float16] and dtypes[-2:] == [paddle.float16, paddle.float16]
    assert all(d == paddle.float32 for d in dtypes[2:-2])  # LayerNorm (float16 AMP) and BatchNorm stay float32
    x = paddle.rand([5, 4])
    scaler = paddle.amp.GradScaler(init_loss_scaling=128.0)
    for _ in range(2):
        with paddle.amp.auto_cast(level="O2"):
            out = net(x)
            loss = (out.astype("float32") ** 2).mean()
        assert out.dtype == paddle.float16
        scaler.scale(loss).backward()
        assert net[0].weight.grad.dtype == paddle.float16
        scaler.step(opt)
        scaler.update()
        opt.clear_grad()
    sd = opt.state_dict()
    master = sd["master_weights"]
    w = net[0].weight
    assert set(master) == {p.name for p in net.parameters() if p.dtype == paddle.float16}
    assert master[w.name].dtype == paddle.float32
    np.testing.assert_array_equal(master[w.name].numpy().astype(np.float16), w.numpy())
    # a fresh optimizer restores the master weights
    opt2 = paddle.optimizer.Adam(0.01, parameters=net.parameters(), multi_precision=True)
    opt2.set_state_dict(sd)
    np.testing.assert_array_equal(opt2._master_weights[w.name].numpy(), master[w.name].numpy())


def test_decorate_options_and_errors():
    net = paddle.nn.Sequential(paddle.nn.Linear(2, 2), paddle.nn.Linear(2, 2))
    opt = paddle.optimizer.SGD(0.1, parameters=net.parameters())
    net, opt = paddle.amp.decorate(net, opt, level="O2", master_weight=False, save_dtype="float32",
                                   excluded_layers=[net[1]])
    assert net[0].weight.dtype == paddle.float16 and net[1].weight.dtype == paddle.float32
    assert opt._multi_precision is False
    assert all(v.dtype == paddle.float32 for v in net.state_dict().values())
    with pytest.raises(ValueError, match="level should be O1 or O2"):
        paddle.amp.decorate(net, level="O3")
    with pytest.raises(ValueError, match="dtype only support float16 or bfloat16"):
        paddle.amp.decorate(net, dtype="float64")
    with pytest.raises(TypeError, match="models must be either a single model or a list"):
        paddle.amp.decorate("net", level="O2")
    with pytest.raises(RuntimeError, match="first use paddle.amp.decorate\\(\\) to decorate origin model"):
        paddle.amp.decorate(paddle.DataParallel(paddle.nn.Linear(2, 2)), level="O2")


def test_auto_cast_inside_to_static_runs_in_float32():
    lin = paddle.nn.Linear(2, 2)

    @paddle.jit.to_static
    def f(x):
        with paddle.amp.auto_cast():
            return lin(x)

    with pytest.warns(UserWarning, match="not applied by purepaddle"):
        out = f(paddle.ones([1, 2]))
    assert out.dtype == paddle.float32 and AMP.active is None


def test_exact_twins_give_numpys_float16_bits():
    # relu, relu_grad and + - * / on float16 run as float32 twins (whole-array conversions): the bits are those
    # of NumPy's float16 loops, which compute each element in float32 and round once
    from purepaddle.amp.lowp import EXACT, runner
    from purepaddle.ops.math import elementwise as E
    rng = np.random.default_rng(0)
    a = rng.standard_normal((200, 300)).astype(np.float16)
    b = rng.standard_normal((200, 300)).astype(np.float16)
    x = paddle.to_tensor(a, stop_gradient=False)
    y = paddle.to_tensor(b, stop_gradient=False)
    assert "elementwise_add" in EXACT and runner(E.ElementwiseAdd, [x, y]).fp32_acc
    assert runner(E.ElementwiseAdd, [x, paddle.to_tensor(b.astype(np.float32))]) is E.ElementwiseAdd
    with paddle.amp.auto_cast(level="O2"):
        outs = [x + y, x - y, x * y, x / y, F.relu(x)]
    want = [a + b, a - b, a * b, a / b, np.fmax(a, np.float16(0)) + np.float16(0)]  # (+0: relu(-0.0) is +0.0)
    for o, w in zip(outs, want):
        assert o.dtype == paddle.float16
        np.testing.assert_array_equal(o.numpy().view(np.uint16), w.view(np.uint16))
    (outs[2] + outs[4]).sum().backward()  # float16 grads accumulate into x.grad as NumPy adds float16
    gx = b + (a > 0).astype(np.float16)
    np.testing.assert_array_equal(x.grad.numpy().view(np.uint16), gx.view(np.uint16))
