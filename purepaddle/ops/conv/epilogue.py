"""Epilogues run in place on a fresh convolution result: a per-channel affine (a batch_norm with running
statistics folded to x * k + shift), a residual add and relu, each the same arithmetic as the separate op.

A convolution's output is a new array nobody else holds, so whoever owns it (the inference fused ops, the
eager conv -> batch_norm -> relu block of nn/layer/conv_block.py) can finish it here instead of allocating
one array per op.
"""
from ..activation.piecewise import relu6_into, relu_into


def owned_planes(out):
    """A C-contiguous array whose (N, C, -1) planes hold `out`'s (N, C) planes, for per-channel in-place work;
    None when `out` is neither contiguous nor the crop of a contiguous array.

    A stride-1 convolution returns a view that crops garbage columns off a fresh (N, C, L) array:
    updating that whole array is ~4x faster than updating the strided view, and the cropped
    columns are never read."""
    if out.flags.c_contiguous:
        return out.reshape(out.shape[0], out.shape[1], -1)
    base = out.base
    if (base is not None and base.flags.c_contiguous and base.ndim >= 2 and base.shape[:2] == out.shape[:2]
            and base.strides[:2] == out.strides[:2]
            and base.__array_interface__["data"][0] == out.__array_interface__["data"][0]):
        return base.reshape(base.shape[0], base.shape[1], -1)
    return None


def channel_epilogue(out, k=None, shift=None, residual=None, act=None):
    """out = act(out * k + shift + residual) in place on a channel-first array the caller owns (k and
    shift (1, C, 1)-shaped, as batch_norm_eval_affine gives them; act None, "relu" or "relu6"); returns out.

    Bit for bit the separate ops' values: each step is the same elementwise float operation, only
    written into `out` instead of a new array."""
    planes = owned_planes(out)
    if planes is None:  # some other strided result: the same steps on out itself
        planes = out
        per_channel = (1, -1) + (1,) * (out.ndim - 2)
        k = None if k is None else k.reshape(per_channel)
        shift = None if shift is None else shift.reshape(per_channel)
    if k is not None:
        planes *= k
    if shift is not None:
        planes += shift
    if residual is not None:
        out += residual
    if act == "relu":
        relu_into(planes, planes)
    elif act == "relu6":
        relu6_into(planes, planes)
    return out
