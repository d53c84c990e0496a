"""Sequence helper ops of paddle.nn.functional.extension: sequence_mask, gather_tree, temporal_shift."""
import numpy as np

from .._core import dtype as _dt
from .._core.dispatch import apply
from .._core.op import Op, TensorMeta, register


@register("sequence_mask")
class SequenceMask(Op):
    """Y[..., j] = j < X[...] over j in [0, maxlen) (attrs maxlen: -1 = max(X), out_dtype)."""

    inputs, outputs = ("X", "MaxLenTensor"), ("Y",)
    differentiable = False

    def forward(self, xp, x, maxlen_t=None):
        maxlen = int(maxlen_t.reshape(-1)[0]) if maxlen_t is not None else int(self.attrs.get("maxlen", -1))
        if maxlen < 0:
            maxlen = int(x.max()) if x.size else 0
        out = np.arange(maxlen) < x[..., None]
        return out.astype(_dt.from_proto(self.attrs["out_dtype"]).np_dtype, copy=False)

    def infer_meta(self, x, maxlen_t=None):
        maxlen = self.attrs.get("maxlen", -1) if maxlen_t is None else -1
        return TensorMeta(list(x.shape) + [maxlen if maxlen >= 0 else -1], _dt.from_proto(self.attrs["out_dtype"]))


@register("gather_tree")
class GatherTree(Op):
    """Backtrace beam-search ids [T, batch, beam] through their parents, from the last step."""

    inputs, outputs = ("Ids", "Parents"), ("Out",)
    differentiable = False

    def forward(self, xp, ids, parents):
        T, B, K = ids.shape
        out = np.empty_like(ids)
        if T == 0:
            return out
        rows = np.arange(B)[:, None]
        out[T - 1] = ids[T - 1]
        beam = parents[T - 1]
        for t in range(T - 2, -1, -1):  # each step depends on the parent chosen at the next one
            out[t] = ids[t][rows, beam]
            beam = parents[t][rows, beam]
        return out


def _shift(x, seg_num, ratio, fmt, sign):
    """Shift the first channel slice by +1 segment step and the second by -1 (sign=-1: the reverse)."""
    nt = x.shape[0]
    t_axis_shape = (nt // seg_num, seg_num) + x.shape[1:]
    v = x.reshape(t_axis_shape)
    out = np.zeros_like(v)
    c = x.shape[1] if fmt == "NCHW" else x.shape[-1]
    c1, c2 = int(c * ratio), int(c * 2 * ratio)

    def ch(lo, hi):
        return (slice(None), slice(None), slice(lo, hi)) if fmt == "NCHW" else (Ellipsis, slice(lo, hi))

    def sl(obj, tsl, lo, hi):
        if fmt == "NCHW":
            return obj[:, tsl, lo:hi]
        return obj[:, tsl, ..., lo:hi]

    later, earlier = slice(1, None), slice(None, -1)
    a, b = (later, earlier) if sign > 0 else (earlier, later)
    if seg_num > 1:
        sl(out, a, 0, c1)[...] = sl(v, b, 0, c1)      # slice 1: value from the previous segment step
        sl(out, b, c1, c2)[...] = sl(v, a, c1, c2)    # slice 2: value from the next one
    out[ch(c2, None)] = v[ch(c2, None)]
    return out.reshape(x.shape)


@register("temporal_shift")
class TemporalShift(Op):
    """Temporal Shift Module (attrs seg_num, shift_ratio, data_format)."""

    def forward(self, xp, x):
        a = self.attrs
        if x.shape[0] % a["seg_num"]:
            raise ValueError(f"(InvalidArgument) Input(X) dimension[0] should be divided exactly by Attr(seg_num), "
                             f"but received X dimension[0]({x.shape[0]}) mod seg_num({a['seg_num']}) != 0.")
        return _shift(x, a["seg_num"], a["shift_ratio"], a.get("data_format", "NCHW"), 1)

    def infer_meta(self, x):
        return TensorMeta(x.shape, x.dtype)

    def backward(self, out_grad):
        return apply(TemporalShiftGrad, out_grad, **self.attrs)


@register("temporal_shift_grad")
class TemporalShiftGrad(Op):
    """The adjoint of temporal_shift: the shifts run the other way."""

    inputs, outputs = ("Out@GRAD",), ("X@GRAD",)

    def forward(self, xp, g):
        a = self.attrs
        return _shift(g, a["seg_num"], a["shift_ratio"], a.get("data_format", "NCHW"), -1)

    def infer_meta(self, g):
        return TensorMeta(g.shape, g.dtype)

    def backward(self, out_grad):
        return apply(TemporalShift, out_grad, **self.attrs)
