"""jit.save's configs with_hook / combine_params / separate_parameters, and its warnings, as Paddle 3.3.1
(legacy IR files) writes and reads them; real Paddle's side checked in a subprocess where .venv-ref exists."""
import logging
import os
import pickle
import subprocess
import warnings

import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.jit.property_file import property_bytes
from purepaddle.static import InputSpec
from purepaddle.static.persistables import load_combined_params


@pytest.fixture(autouse=True)
def _legacy_files():
    """These checks are on the legacy `.pdmodel` files (FLAGS_enable_pir_api=0; conftest restores the flag)."""
    paddle.set_flags({"FLAGS_enable_pir_api": False})

SPEC = [InputSpec([None, 4], "float32", "x")]
X = np.arange(8, dtype="float32").reshape(2, 4) / 8


def _hooked(seed=0):
    paddle.seed(seed)
    net = paddle.nn.Linear(4, 2)
    net.register_forward_pre_hook(lambda layer, inputs: (inputs[0] * 2,))
    net.register_forward_post_hook(lambda layer, inputs, out: out + 1)
    return net


class TwoMethods(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.a = paddle.nn.Linear(4, 3)
        self.b = paddle.nn.Linear(4, 2)

    @paddle.jit.to_static(input_spec=SPEC)
    def forward(self, x):
        return self.a(x)

    @paddle.jit.to_static(input_spec=SPEC)
    def other(self, x):
        return self.b(x)

    @paddle.jit.to_static(property=True)
    def scale(self):
        return 2.5


# -- with_hook -----------------------------------------------------------------------------------
@pytest.mark.parametrize("flag", [{}, {"with_hook": True}])
def test_the_outermost_layers_hooks_are_baked_into_the_saved_forward(tmp_path, flag):
    # as Paddle: a layer with forward pre/post hooks saves them whether with_hook is given or not
    net = _hooked()
    eager = net(paddle.to_tensor(X)).numpy()
    paddle.jit.save(net, str(tmp_path / "m"), input_spec=SPEC, **flag)
    loaded = paddle.jit.load(str(tmp_path / "m"))
    np.testing.assert_allclose(loaded(paddle.to_tensor(X)).numpy(), eager, rtol=1e-6)
    bare = paddle.nn.functional.linear(paddle.to_tensor(X), net.weight, net.bias).numpy()
    assert not np.allclose(eager, bare)


def test_hooks_of_a_to_static_forward_are_baked_too(tmp_path):
    net = _hooked()
    eager = net(paddle.to_tensor(X)).numpy()
    net = paddle.jit.to_static(net, input_spec=SPEC)
    np.testing.assert_allclose(net(paddle.to_tensor(X)).numpy(), eager, rtol=1e-6)
    paddle.jit.save(net, str(tmp_path / "m"))
    np.testing.assert_allclose(paddle.jit.load(str(tmp_path / "m"))(paddle.to_tensor(X)).numpy(), eager, rtol=1e-6)


class _Branchy(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = paddle.nn.Linear(4, 4)

    def forward(self, x):
        h = self.fc(x)
        if h.mean() > 0:  # converted by dy2static inside the hooked forward
            h = h * 2
        else:
            h = h - 1
        return h


def test_hooks_wrap_a_converted_forward_with_tensor_control_flow(tmp_path):
    # the hooked wrapper is transcribed itself (not unwrapped to forward, which would drop the hooks)
    paddle.seed(1)
    net = _Branchy()
    net.register_forward_post_hook(lambda layer, inputs, out: out + 0.5)
    paddle.jit.save(net, str(tmp_path / "m"), input_spec=SPEC)
    loaded = paddle.jit.load(str(tmp_path / "m"))
    xs = [np.full((2, 4), v, "float32") for v in (-3.0, 3.0)]
    assert len({float(net.fc(paddle.to_tensor(x)).mean()) > 0 for x in xs}) == 2  # both branches are taken
    for x in xs:
        np.testing.assert_allclose(loaded(paddle.to_tensor(x)).numpy(), net(paddle.to_tensor(x)).numpy(), rtol=1e-6)


def test_output_spec_is_refused_with_hooks(tmp_path):
    msg = "not support specify output_spec while founding pre/post hooks"
    with pytest.raises(RuntimeError, match=msg):
        paddle.jit.save(_hooked(), str(tmp_path / "m"), input_spec=SPEC, output_spec=[0])
    with pytest.raises(RuntimeError, match=msg):  # with_hook=True alone refuses it too, as in Paddle
        paddle.jit.save(paddle.nn.Linear(4, 2), str(tmp_path / "m"), input_spec=SPEC, output_spec=[0],
                        with_hook=True)
    assert not os.listdir(tmp_path)


# -- combine_params ------------------------------------------------------------------------------
def test_combine_params_writes_every_methods_parameters_into_one_file(tmp_path):
    paddle.seed(1)
    m = TwoMethods()
    x = paddle.to_tensor(X)
    paddle.jit.save(m, str(tmp_path / "m"), combine_params=True)
    assert sorted(os.listdir(tmp_path)) == ["m.meta", "m.other.pdiparams", "m.other.pdmodel", "m.pdiparams",
                                            "m.pdiparams.info", "m.pdmodel"]
    names = {p.name: p.numpy() for p in m.parameters()}
    stored = load_combined_params(str(tmp_path / "m.pdiparams"), list(names))  # all four, sorted by name
    for n, a in names.items():
        np.testing.assert_array_equal(stored[n], a)
    assert (tmp_path / "m.meta").read_bytes() == property_bytes([(2.5, "TwoMethods.scale")])
    loaded = paddle.jit.load(str(tmp_path / "m"))  # Paddle's own jit.load refuses this file; ours reads it
    np.testing.assert_allclose(loaded(x).numpy(), m.a(x).numpy(), rtol=1e-6)
    np.testing.assert_allclose(loaded.other(x).numpy(), m.b(x).numpy(), rtol=1e-6)
    assert len(loaded.parameters()) == 4


def test_property_file_bytes_are_paddles():
    # written by real Paddle 3.3.1's core.Property (set_float/int/string/floats/ints/strings)
    paddles = bytes.fromhex(
        "0a0c0a03612e6610011d0000c03f0a090a03612e69100220070a0b0a03612e7310032a0268690a120a04612e667310063d0000803f"
        "3d000000400a150a04612e69731007400340fcffffffffffffffff010a0f0a04612e737310084a01784a02797a")
    ours = property_bytes([(1.5, "a.f"), (7, "a.i"), ("hi", "a.s"), ([1.0, 2.0], "a.fs"), ([3, -4], "a.is"),
                           (["x", "yz"], "a.ss")])
    assert ours == paddles
    assert property_bytes([]) == b""
    with pytest.raises(ValueError, match="Note support val type"):
        property_bytes([(None, "a.n")])


# -- separate_parameters -------------------------------------------------------------------------
def _bn_net():
    paddle.seed(2)
    net = paddle.nn.Sequential(paddle.nn.Linear(4, 3), paddle.nn.BatchNorm1D(3))
    net(paddle.randn([8, 4]))
    net.eval()
    return net


def test_separate_parameters_writes_the_1x_directory_layout(tmp_path):
    net = _bn_net()
    d = tmp_path / "s"
    paddle.jit.save(net, str(d / "m"), input_spec=SPEC, separate_parameters=True)
    names = sorted(p.name for p in net.parameters()) + sorted(b.name for b in net.buffers())
    assert sorted(os.listdir(d)) == sorted(["__model__", "m.pdiparams.info"] + names)
    info = pickle.loads((d / "m.pdiparams.info").read_bytes())
    assert set(info) == set(names)
    with pytest.raises(ValueError, match="to load model not exists"):  # as Paddle: no m.pdmodel here
        paddle.jit.load(str(d / "m"))
    loaded = paddle.jit.load(str(d))  # the directory loads, as in Paddle
    x = paddle.to_tensor(X)
    np.testing.assert_allclose(loaded(x).numpy(), net(x).numpy(), rtol=1e-5, atol=1e-6)
    predictor = paddle.inference.create_predictor(paddle.inference.Config(str(d)))
    h = predictor.get_input_handle(predictor.get_input_names()[0])
    h.copy_from_cpu(X)
    predictor.run()
    out = predictor.get_output_handle(predictor.get_output_names()[0]).copy_to_cpu()
    np.testing.assert_allclose(out, net(x).numpy(), rtol=1e-5, atol=1e-6)


# -- warnings ------------------------------------------------------------------------------------
def test_saving_a_plain_layer_with_input_spec_says_nothing(tmp_path, capsys, caplog):
    with warnings.catch_warnings(record=True) as got, caplog.at_level(logging.DEBUG):
        warnings.simplefilter("always")
        paddle.jit.save(paddle.nn.Linear(4, 2), str(tmp_path / "m"), input_spec=SPEC)
        net = paddle.jit.to_static(paddle.nn.Linear(4, 2), input_spec=SPEC)
        paddle.jit.save(net, str(tmp_path / "n"), input_spec=SPEC)  # given twice: Paddle's log is silent too
    assert [str(w.message) for w in got] == []
    assert caplog.records == []
    out = capsys.readouterr()
    assert out.out == "" and out.err == ""


def test_a_spec_given_twice_is_logged_once_a_verbosity_is_set(tmp_path, caplog):
    net = paddle.jit.to_static(paddle.nn.Linear(4, 2), input_spec=SPEC)
    paddle.jit.set_verbosity(0)
    try:
        with caplog.at_level(logging.WARNING):
            paddle.jit.save(net, str(tmp_path / "n"), input_spec=SPEC)
            paddle.jit.save(paddle.nn.Linear(4, 2), str(tmp_path / "m"), input_spec=SPEC)
    finally:
        paddle.jit.set_verbosity(-1)
    assert ["both in function definition" in r.getMessage() for r in caplog.records] == [True]


def test_saving_a_function_warns_only_that_it_is_a_function(tmp_path):
    with warnings.catch_warnings(record=True) as got:
        warnings.simplefilter("always")
        paddle.jit.save(lambda x: x * 2, str(tmp_path / "f"), input_spec=SPEC)
    assert len(got) == 1 and "What you save is a function" in str(got[0].message)
    assert sorted(os.listdir(tmp_path)) == ["f.pdmodel"]  # as Paddle: no parameter file for a parameterless one


# -- real Paddle reads them ----------------------------------------------------------------------
_REF = r"""
import os, sys, numpy as np
import paddle
d = sys.argv[1]
x = paddle.to_tensor(np.load(os.path.join(d, "x.npy")))
np.save(os.path.join(d, "hook_ref.npy"), paddle.jit.load(os.path.join(d, "h", "m"))(x).numpy())
np.save(os.path.join(d, "sep_ref.npy"), paddle.jit.load(os.path.join(d, "s"))(x).numpy())
meta = paddle.framework.core.Property()
meta.set_float("TwoMethods.scale", 2.5)
open(os.path.join(d, "meta_ref"), "wb").write(meta.serialize_to_string())
"""


def test_real_paddle_runs_our_hooked_and_separate_models(tmp_path, ref_python):
    hooked, sep = _hooked(), _bn_net()
    paddle.jit.save(hooked, str(tmp_path / "h" / "m"), input_spec=SPEC)
    paddle.jit.save(sep, str(tmp_path / "s" / "m"), input_spec=SPEC, separate_parameters=True)
    paddle.jit.save(TwoMethods(), str(tmp_path / "c" / "m"), combine_params=True)
    np.save(tmp_path / "x.npy", X)
    proc = subprocess.run([str(ref_python), "-c", _REF, str(tmp_path)], capture_output=True, text=True,
                          timeout=300, env={**os.environ, "FLAGS_enable_pir_api": "0"})
    assert proc.returncode == 0, proc.stderr[-3000:]
    x = paddle.to_tensor(X)
    np.testing.assert_allclose(np.load(tmp_path / "hook_ref.npy"), hooked(x).numpy(), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(np.load(tmp_path / "sep_ref.npy"), sep(x).numpy(), rtol=1e-5, atol=1e-6)
    assert (tmp_path / "c" / "m.meta").read_bytes() == (tmp_path / "meta_ref").read_bytes()
