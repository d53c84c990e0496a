"""The fake-quant ops as Tensor functions for the quantization layers: each runs its op (ops/quant.py) and
writes the new scale / state / accumulator into the layer's tensors, as Paddle's ops write their outputs into
the same variables: in place when eager, by naming those variables as the op's outputs in a program."""
import numpy as np

from ..._core.dispatch import apply, known_value
from ...ops import quant as Q

__all__ = []


def _store(pairs):
    """Each (target, new, slot): target takes new's values; in a program the op's `slot` output is target."""
    for target, new, slot in pairs:
        if target is None:
            continue
        if known_value(target) is None:  # building a program: the op writes the variable by name
            from ...static import default_main_program
            default_main_program().current_block().ops[-1].outputs[slot] = [target.name]
            continue
        np.copyto(target._data, new._data.reshape(target._data.shape).astype(target._data.dtype, copy=False))
        target._version += 1


def abs_max(x, bits, out_scale=None):
    """Quantize-dequantize by max|x|; out_scale (a [1] tensor, optional) receives the scale."""
    out, scale = apply(Q.FakeQuantizeDequantizeAbsMax, x, bit_length=int(bits), round_type=1)
    _store([(out_scale, scale, "OutScale")])
    return out


def channel_wise_abs_max(x, bits, axis, out_scale=None):
    """Quantize-dequantize by max|x| per index of `axis`; out_scale ([channels], optional) receives the scales."""
    out, scale = apply(Q.FakeChannelWiseQuantizeDequantizeAbsMax, x, bit_length=int(bits), round_type=1,
                       quant_axis=int(axis))
    _store([(out_scale, scale, "OutScale")])
    return out


def moving_average_abs_max(x, scale, accum, state, rate, bits, training):
    """Quantize-dequantize by the moving abs-max scale; while training the scale/accum/state tensors move."""
    out, s, st, ac = apply(Q.FakeQuantizeDequantizeMovingAverageAbsMax, x, scale,
                           accum if training else None, state if training else None,
                           moving_rate=float(rate), bit_length=int(bits), is_test=not training, round_type=1)
    if training:
        _store([(scale, s, "OutScale"), (state, st, "OutState"), (accum, ac, "OutAccum")])
    return out


def moving_average_scale(x, scale, accum, state, rate, training):
    """x unchanged; while training the scale/accum/state tensors move by x's abs-max."""
    out, s, st, ac = apply(Q.MovingAverageAbsMaxScale, x, accum if training else None,
                           state if training else None, moving_rate=float(rate), is_test=not training)
    if training:
        _store([(scale, s, "OutScale"), (state, st, "OutState"), (accum, ac, "OutAccum")])
    return out


def quantize_linear(x, scale, zero_point, axis, bits, qmin, qmax):
    """Integers (as floats) clip(round(x * qmax / scale), qmin, qmax), ties to even."""
    return apply(Q.QuantizeLinear, x, scale, zero_point, None, None, quant_axis=int(axis), bit_length=int(bits),
                 qmin=int(qmin), qmax=int(qmax), round_type=0, is_test=True, only_observer=False)[0]


def dequantize_linear(x, scale, zero_point, axis, bits, qmin, qmax):
    """x * scale / qmax."""
    return apply(Q.DequantizeLinear, x, scale, zero_point, None, None, quant_axis=int(axis), bit_length=int(bits),
                 qmin=int(qmin), qmax=int(qmax), round_type=0, is_test=True, only_observer=False)[0]
