"""paddle.quantization (QAT, PTQ, QuantConfig, quanters, observers) and paddle.nn.quant.quant_layers against
files real Paddle wrote (tests/fixtures/quantization/make_quant_fixtures.py)."""
import json
import pathlib
import warnings

import numpy as np
import pytest

import purepaddle as paddle
from tests.fixtures.quantization.make_quant_fixtures import _model, cases

FIX = json.loads((pathlib.Path(__file__).parents[1] / "fixtures" / "quantization" / "quant.json").read_text())


@pytest.fixture(scope="module")
def ours():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return cases(paddle)


def _close(got, want, key):
    if isinstance(want, dict):
        assert sorted(got) == sorted(want), key
        for k in want:
            _close(got[k], want[k], f"{key}.{k}")
    elif isinstance(want, str):
        assert got == want, key
    else:
        np.testing.assert_allclose(np.array(got, dtype=float), np.array(want, dtype=float), rtol=2e-5, atol=2e-5,
                                   err_msg=key)


@pytest.mark.parametrize("key", sorted(FIX))
def test_matches_paddle(ours, key):
    _close(ours[key], FIX[key], key)


def test_qat_structure_and_convert():
    model, x = _model(paddle)
    q = paddle.quantization.quanters.FakeQuanterWithAbsMaxObserver(moving_rate=0.9)
    qat = paddle.quantization.QAT(paddle.quantization.QuantConfig(activation=q, weight=q))
    qm = qat.quantize(model)
    assert [type(c).__name__ for c in qm.children()] == ["QuantedConv2D", "ObserveWrapper", "QuantedLinear"]
    assert type(model.conv).__name__ == "Conv2D"  # inplace=False leaves the model alone
    qm(x)
    # Paddle 3.3.1 fails here (its LinearQuanter cannot take the quanter's None zero point); zero is meant
    conv = qat.convert(qm.eval())
    assert type(conv.conv.weight_quanter).__name__ == "LinearQuanterDequanter"
    assert conv.conv.weight_quanter._quanter is None
    w = conv.conv.weight.numpy()
    np.testing.assert_array_equal(w, np.round(w))  # stored as integers
    assert np.abs(w).max() <= 128
    with pytest.raises(AssertionError, match="training models"):
        qat.quantize(model.eval())


def test_config_resolution_and_quanter_decorator():
    QuantConfig = paddle.quantization.QuantConfig
    q = paddle.quantization.quanters.FakeQuanterWithAbsMaxObserver()
    model, _ = _model(paddle)
    cfg = QuantConfig(activation=None, weight=None)
    cfg.add_type_config(paddle.nn.Linear, activation=q, weight=q)
    qm = paddle.quantization.QAT(cfg).quantize(model)
    assert [type(c).__name__ for c in qm.children()] == ["Conv2D", "ReLU", "QuantedLinear"]
    cfg = QuantConfig(activation=q, weight=q)
    cfg.add_name_config(model.fc.full_name(), activation=None, weight=None)
    qm = paddle.quantization.QAT(cfg).quantize(model)
    assert type(qm.fc).__name__ == "QuantedLinear" and qm.fc.weight_quanter is None  # a config of Nones, as Paddle

    @paddle.quantization.quanter("HalfQuanter")
    class HalfLayer(paddle.quantization.BaseQuanter):
        def __init__(self, layer, factor=0.5):
            super().__init__()
            self._f = factor

        def forward(self, input):  # noqa: A002
            return input * self._f

        def scales(self):
            return paddle.to_tensor(1.0)

        def zero_points(self):
            return None

        def quant_axis(self):
            return -1

        def bit_length(self):
            return 8

    factory = HalfQuanter(factor=0.25)  # noqa: F821  (defined by the decorator in this scope)
    assert str(factory) == "HalfQuanter(factor=0.25)"
    layer = factory._instance(None)
    assert isinstance(layer, HalfLayer) and layer(paddle.ones([2])).numpy().tolist() == [0.25, 0.25]


def test_quantized_models_save_and_load(tmp_path):
    """QAT and converted PTQ models go through jit.save/jit.load (the fake-quant ops have PIR rows); loading
    gives the eager outputs."""
    model, x = _model(paddle)
    q = paddle.quantization.quanters.FakeQuanterWithAbsMaxObserver()
    qm = paddle.quantization.QAT(paddle.quantization.QuantConfig(q, q)).quantize(model)
    qm(x)
    qm.eval()
    paddle.jit.save(qm, str(tmp_path / "qat"), input_spec=[paddle.static.InputSpec([None, 2, 4, 4], "float32")])
    np.testing.assert_allclose(paddle.jit.load(str(tmp_path / "qat"))(x).numpy(), qm(x).numpy(), rtol=1e-6)
    model.eval()
    obs = paddle.quantization.observers.AbsmaxObserver()
    ptq = paddle.quantization.PTQ(paddle.quantization.QuantConfig(obs, obs))
    pm = ptq.quantize(model)
    pm(x)
    cm = ptq.convert(pm)
    paddle.jit.save(cm, str(tmp_path / "ptq"), [x])
    np.testing.assert_allclose(paddle.jit.load(str(tmp_path / "ptq"))(x).numpy(), cm(x).numpy(), rtol=1e-6)
