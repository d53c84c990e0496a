"""Fake-quantization ops (Paddle's op types and slots): quantize to `bit_length`-bit integers and back in
float, with the abs-max scale taken from the tensor, per channel, or as a moving average; and the
quantize_linear / dequantize_linear pair a converted model runs.

Paddle's rule: bnt = 2**(bit_length-1) - 1, q = round(clip(x, -s, s) * bnt / s), out = q * s / bnt, where
round_type 1 rounds ties away from zero (the fake-quant layers) and 0 to even (quantize_linear). Every
fake-quant op passes its gradient straight through to X (the straight-through estimator, as Paddle).
"""
import numpy as np

from .._core import dtype as _dt
from .._core.op import Op, TensorMeta, register

__all__ = ["FakeQuantizeDequantizeAbsMax", "FakeChannelWiseQuantizeDequantizeAbsMax",
           "FakeQuantizeDequantizeMovingAverageAbsMax", "MovingAverageAbsMaxScale", "QuantizeLinear",
           "DequantizeLinear"]


def _round(v, round_type):
    return np.rint(v) if round_type == 0 else np.sign(v) * np.floor(np.abs(v) + 0.5)


def _qdq(x, s, bits, round_type):
    """round(clip(x, -s, s) * bnt / s) * s / bnt in x's dtype; s broadcasts (per channel) and 0 maps to 0."""
    bnt = x.dtype.type(2 ** (bits - 1) - 1)
    s = np.asarray(s, dtype=x.dtype)
    safe = np.where(s == 0, x.dtype.type(1), s)
    inv = (x.dtype.type(1) / safe).astype(x.dtype)
    q = _round(bnt * inv * np.clip(x, -s, s), round_type)
    return np.where(s == 0, x.dtype.type(0), q * s / bnt).astype(x.dtype, copy=False)


def _channel_view(x, axis):
    shape = [1] * x.ndim
    shape[axis] = x.shape[axis]
    return shape


class _StraightThrough(Op):
    """Out@GRAD reaches X unchanged; the scale/state outputs carry no gradient."""

    materialize_grads = False

    def backward(self, g, *_):
        return (g,) + (None,) * (len(self.inputs) - 1)


@register("fake_quantize_dequantize_abs_max")
class FakeQuantizeDequantizeAbsMax(_StraightThrough):
    """Quantize-dequantize with the scale max|x| (OutScale [1])."""

    inputs, outputs = ("X",), ("Out", "OutScale")
    nondiff_outputs = ("OutScale",)

    def forward(self, xp, x):
        s = np.abs(x).max() if x.size else x.dtype.type(0)
        a = self.attrs
        return _qdq(x, s, a["bit_length"], a.get("round_type", 1)), np.asarray([s], dtype=x.dtype)

    def infer_meta(self, x):
        return TensorMeta(x.shape, x.dtype), TensorMeta([1], x.dtype)


@register("fake_channel_wise_quantize_dequantize_abs_max")
class FakeChannelWiseQuantizeDequantizeAbsMax(_StraightThrough):
    """Quantize-dequantize with one scale per index of quant_axis (max|x| over the other dims)."""

    inputs, outputs = ("X",), ("Out", "OutScale")
    nondiff_outputs = ("OutScale",)

    def forward(self, xp, x):
        a = self.attrs
        axis = a["quant_axis"]
        other = tuple(i for i in range(x.ndim) if i != axis)
        s = np.abs(x).max(axis=other) if x.size else np.zeros(x.shape[axis], x.dtype)
        out = _qdq(x, s.reshape(_channel_view(x, axis)), a["bit_length"], a.get("round_type", 1))
        return out, s.astype(x.dtype, copy=False)

    def infer_meta(self, x):
        return TensorMeta(x.shape, x.dtype), TensorMeta([x.shape[self.attrs["quant_axis"]]], x.dtype)


def _moving_scale(x, accum, state, rate):
    """Paddle's moving abs-max: state' = rate*state + 1, accum' = rate*accum + max|x|, scale = accum'/state'."""
    cur = np.abs(x).max() if x.size else x.dtype.type(0)
    state_out = (rate * state + 1).astype(x.dtype)
    accum_out = (rate * accum + cur).astype(x.dtype)
    return (accum_out / state_out).astype(x.dtype), state_out, accum_out


@register("fake_quantize_dequantize_moving_average_abs_max")
class FakeQuantizeDequantizeMovingAverageAbsMax(_StraightThrough):
    """Quantize-dequantize with a moving-average abs-max scale, updated while training (not is_test)."""

    inputs, outputs = ("X", "InScale", "InAccum", "InState"), ("Out", "OutScale", "OutState", "OutAccum")
    nondiff_outputs = ("OutScale", "OutState", "OutAccum")

    def forward(self, xp, x, in_scale, accum, state):
        a = self.attrs
        if a["is_test"] or accum is None:
            s, state_out, accum_out = in_scale.astype(x.dtype), state, accum
        else:
            s, state_out, accum_out = _moving_scale(x, accum, state, x.dtype.type(a["moving_rate"]))
        empty = np.zeros((1,), x.dtype)
        return (_qdq(x, s.reshape(()), a["bit_length"], a.get("round_type", 1)), s.reshape(1),
                empty if state_out is None else state_out, empty if accum_out is None else accum_out)

    def infer_meta(self, x, *rest):
        m = TensorMeta([1], x.dtype)
        return TensorMeta(x.shape, x.dtype), m, m, m


@register("moving_average_abs_max_scale")
class MovingAverageAbsMaxScale(_StraightThrough):
    """Out = X; while training it moves the abs-max scale (OutScale) as the moving fake-quant op does."""

    inputs, outputs = ("X", "InAccum", "InState"), ("Out", "OutScale", "OutState", "OutAccum")
    nondiff_outputs = ("OutScale", "OutState", "OutAccum")

    def forward(self, xp, x, accum, state):
        a = self.attrs
        if a["is_test"] or accum is None:
            empty = np.zeros((1,), x.dtype)
            return x.copy(), empty, empty, empty
        s, state_out, accum_out = _moving_scale(x, accum, state, x.dtype.type(a["moving_rate"]))
        return x.copy(), s.reshape(1), state_out, accum_out

    def infer_meta(self, x, *rest):
        m = TensorMeta([1], x.dtype)
        return TensorMeta(x.shape, x.dtype), m, m, m


# Paddle's slots: the accumulator/state inputs serve its calibrating (not is_test) mode; at inference they
# pass through, and OutScale is the scale
_LINEAR_SLOTS = (("X", "Scale", "ZeroPoint", "InAccum", "InState"), ("Y", "OutState", "OutAccum", "OutScale"))


def _linear_state(scale, accum, state):
    empty = np.zeros((), np.float32)
    return (empty if state is None else state.copy(), empty if accum is None else accum.copy(), scale.copy())


def _linear_state_meta(scale):
    m = TensorMeta([], _dt.float32)
    return m, m, TensorMeta(list(scale.shape), scale.dtype)


def _linear_scale(x, scale, axis):
    return scale.reshape(()) if axis < 0 or scale.size == 1 else scale.reshape(_channel_view(x, axis))


@register("quantize_linear")
class QuantizeLinear(Op):
    """Y = clip(round(X * qmax / Scale), qmin, qmax) (ties to even; per channel along quant_axis >= 0)."""

    inputs, outputs = _LINEAR_SLOTS
    differentiable = False

    def forward(self, xp, x, scale, zero_point, accum=None, state=None):
        a = self.attrs
        s = _linear_scale(x, scale.astype(x.dtype), a["quant_axis"])
        qmax = x.dtype.type(a["qmax"])
        inv = (x.dtype.type(1) / np.where(s == 0, x.dtype.type(1), s)).astype(x.dtype)
        q = _round(qmax * inv * x, a.get("round_type", 0))
        return (np.clip(q, a["qmin"], a["qmax"]).astype(x.dtype, copy=False),) + _linear_state(scale, accum, state)

    def infer_meta(self, x, scale, *rest):
        return (TensorMeta(x.shape, x.dtype),) + _linear_state_meta(scale)


@register("dequantize_linear")
class DequantizeLinear(Op):
    """Y = X * Scale / qmax (per channel along quant_axis >= 0)."""

    inputs, outputs = _LINEAR_SLOTS
    differentiable = False

    def forward(self, xp, x, scale, zero_point, accum=None, state=None):
        a = self.attrs
        s = _linear_scale(x, scale.astype(x.dtype), a["quant_axis"])
        return ((x * s / x.dtype.type(a["qmax"])).astype(x.dtype, copy=False),) + _linear_state(scale, accum, state)

    def infer_meta(self, x, scale, *rest):
        return (TensorMeta(x.shape, x.dtype),) + _linear_state_meta(scale)
