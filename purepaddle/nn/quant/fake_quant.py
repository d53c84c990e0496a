"""The fake-quant ops as Tensor functions for the quantization layers: each runs its op (ops/quant.py) and
writes the new scale / state / accumulator into the layer's tensors in place, as Paddle's ops write their
outputs into the same variables. Dynamic mode only (the static programs of these layers are not built)."""
import numpy as np

from ..._core.dispatch import apply, building_program
from ...ops import quant as Q

__all__ = []


def _store(target, new):
    """target takes new's values (in place, so every holder of the tensor sees them)."""
    if target is None:
        return
    np.copyto(target._data, new._data.reshape(target._data.shape).astype(target._data.dtype, copy=False))
    target._version += 1


def _eager(what):
    if building_program():
        raise NotImplementedError(f"{what} runs in dynamic mode only in purepaddle (its static program is not "
                                  "built); see docs/conformance.md")


def abs_max(x, bits, out_scale=None):
    """Quantize-dequantize by max|x|; out_scale (a [1] tensor, optional) receives the scale."""
    _eager("fake_quantize_dequantize_abs_max")
    out, scale = apply(Q.FakeQuantizeDequantizeAbsMax, x, bit_length=int(bits), round_type=1)
    _store(out_scale, scale)
    return out


def channel_wise_abs_max(x, bits, axis, out_scale=None):
    """Quantize-dequantize by max|x| per index of `axis`; out_scale ([channels], optional) receives the scales."""
    _eager("fake_channel_wise_quantize_dequantize_abs_max")
    out, scale = apply(Q.FakeChannelWiseQuantizeDequantizeAbsMax, x, bit_length=int(bits), round_type=1,
                       quant_axis=int(axis))
    _store(out_scale, scale)
    return out


def moving_average_abs_max(x, scale, accum, state, rate, bits, training):
    """Quantize-dequantize by the moving abs-max scale; while training the scale/accum/state tensors move."""
    _eager("fake_quantize_dequantize_moving_average_abs_max")
    out, s, st, ac = apply(Q.FakeQuantizeDequantizeMovingAverageAbsMax, x, scale,
                           accum if training else None, state if training else None,
                           moving_rate=float(rate), bit_length=int(bits), is_test=not training, round_type=1)
    if training:
        _store(scale, s)
        _store(state, st)
        _store(accum, ac)
    return out


def moving_average_scale(x, scale, accum, state, rate, training):
    """x unchanged; while training the scale/accum/state tensors move by x's abs-max."""
    _eager("moving_average_abs_max_scale")
    out, s, st, ac = apply(Q.MovingAverageAbsMaxScale, x, accum if training else None,
                           state if training else None, moving_rate=float(rate), is_test=not training)
    if training:
        _store(scale, s)
        _store(state, st)
        _store(accum, ac)
    return out


def quantize_linear(x, scale, zero_point, axis, bits, qmin, qmax):
    """Integers (as floats) clip(round(x * qmax / scale), qmin, qmax), ties to even."""
    _eager("quantize_linear")
    return apply(Q.QuantizeLinear, x, scale, zero_point, quant_axis=int(axis), bit_length=int(bits),
                 qmin=int(qmin), qmax=int(qmax), round_type=0)


def dequantize_linear(x, scale, zero_point, axis, bits, qmin, qmax):
    """x * scale / qmax."""
    _eager("dequantize_linear")
    return apply(Q.DequantizeLinear, x, scale, zero_point, quant_axis=int(axis), bit_length=int(bits),
                 qmin=int(qmin), qmax=int(qmax))
