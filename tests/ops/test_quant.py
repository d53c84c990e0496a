"""OpSpec table: the fake-quantization ops (ops/quant.py) against NumPy formulas; forward, static == eager.
Their gradient is the straight-through estimator (not the derivative), checked in
tests/quantization/test_quantization.py against Paddle."""
import numpy as np

from purepaddle.nn.quant import fake_quant
from tests.opspec import OpSpec, parametrize, rand


def _away(v):
    return np.sign(v) * np.floor(np.abs(v) + 0.5)


def _qdq(x, s, bits=8):
    bnt = 2 ** (bits - 1) - 1
    return _away(np.clip(x, -s, s) * bnt / s) * s / bnt


def _channel(x, axis):
    other = tuple(i for i in range(x.ndim) if i != axis)
    shape = [1] * x.ndim
    shape[axis] = x.shape[axis]
    return _qdq(x, np.abs(x).max(axis=other).reshape(shape))


SPECS = [
    OpSpec("fake_quantize_dequantize_abs_max", lambda x: fake_quant.abs_max(x, 8),
           lambda x: _qdq(x, np.abs(x).max()), [rand(3, 4)], grad=()),
    OpSpec("fake_quantize_dequantize_abs_max_4bit", lambda x: fake_quant.abs_max(x, 4),
           lambda x: _qdq(x, np.abs(x).max(), 4), [rand(5)], grad=(), atol=1e-5),
    OpSpec("fake_channel_wise_quantize_dequantize_abs_max_0",
           lambda x: fake_quant.channel_wise_abs_max(x, 8, 0), lambda x: _channel(x, 0), [rand(3, 2, 2)], grad=()),
    OpSpec("fake_channel_wise_quantize_dequantize_abs_max_1",
           lambda x: fake_quant.channel_wise_abs_max(x, 8, 1), lambda x: _channel(x, 1), [rand(3, 4)], grad=()),
    OpSpec("quantize_linear", lambda x, s, z: fake_quant.quantize_linear(x, s, z, -1, 8, -128, 127),
           lambda x, s, z: np.clip(np.rint(x * 127 / s), -128, 127), [rand(3, 4), np.array(0.7), np.array(0.)],
           grad=()),
    OpSpec("dequantize_linear", lambda x, s, z: fake_quant.dequantize_linear(x, s, z, 1, 8, -128, 127),
           lambda x, s, z: x * s.reshape(1, 4) / 127, [np.arange(12.).reshape(3, 4) - 6, np.array([1., 2., 3., 4.]),
                                                        np.zeros(4)], grad=()),
]

test_forward, test_grad, test_static, test_static_grad, test_double = parametrize(SPECS)
