"""Framing ops of paddle.signal: frame (a signal -> overlapping frames) and overlap_add (its adjoint).

With axis=-1 a signal (..., seq_length) becomes frames (..., frame_length, num_frames), num_frames =
1 + (seq_length - frame_length) // hop_length; with axis=0 (seq_length, ...) becomes (num_frames, frame_length,
...). overlap_add sums frames back at hop_length strides, so each op's backward is the other.
"""
import numpy as np

from .._core.dispatch import apply
from .._core.op import Op, register
from .manipulation.join import Pad

__all__ = ["Frame", "OverlapAdd"]


def _starts(num_frames, hop):
    return hop * np.arange(num_frames)


@register("frame")
class Frame(Op):
    """Overlapping frames of `frame_length` samples every `hop_length` samples along axis 0 or -1."""

    inputs, outputs = ("X",), ("Out",)
    saves = ("X",)  # its length: samples after the last frame get a zero gradient

    def forward(self, xp, x):
        fl, hop, axis = self.attrs["frame_length"], self.attrs["hop_length"], self.attrs["axis"]
        seq = x.shape[-1] if axis == -1 else x.shape[0]
        nf = 1 + (seq - fl) // hop
        idx = xp.arange(fl)[:, None] + xp.asarray(_starts(nf, hop))[None, :]  # (frame_length, num_frames)
        if axis == -1:
            return x[..., idx]
        return x[idx.T]

    def backward(self, out_grad):
        a = self.attrs
        (x,) = self.saved
        g = apply(OverlapAdd, out_grad, hop_length=a["hop_length"], axis=a["axis"])
        ax = len(x.shape) - 1 if a["axis"] == -1 else 0
        rest = x.shape[ax] - g.shape[ax]
        if rest:
            paddings = [0] * (2 * len(x.shape))
            paddings[2 * ax + 1] = rest
            g = apply(Pad, g, paddings=paddings, pad_value=0.0)
        return g


@register("overlap_add")
class OverlapAdd(Op):
    """Sum of frames (..., frame_length, num_frames) (axis=-1) placed every `hop_length` samples."""

    inputs, outputs = ("X",), ("Out",)
    saves = ("X",)  # the backward frames with X's frame_length, which the output's length cannot tell

    def forward(self, xp, x):
        hop, axis = self.attrs["hop_length"], self.attrs["axis"]
        if axis == 0:  # (num_frames, frame_length, ...) -> work on (..., frame_length, num_frames)
            x = xp.moveaxis(xp.moveaxis(x, 0, -1), 0, -2)
        fl, nf = x.shape[-2], x.shape[-1]
        out = xp.zeros(x.shape[:-2] + ((nf - 1) * hop + fl if nf else 0,), dtype=x.dtype)
        starts = xp.asarray(_starts(nf, hop))
        for j in range(fl):  # within one offset j the frames hit distinct samples, so += is exact
            out[..., starts + j] += x[..., j, :]
        if axis == 0:
            out = xp.moveaxis(out, -1, 0)
        return out

    def backward(self, out_grad):
        (x,) = self.saved
        a = self.attrs
        fl = x.shape[-2] if a["axis"] == -1 else x.shape[1]
        return apply(Frame, out_grad, frame_length=fl, hop_length=a["hop_length"], axis=a["axis"])
