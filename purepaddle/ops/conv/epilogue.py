"""Epilogues run in place on a fresh convolution result: a per-channel affine (a batch_norm with running
statistics folded to x * k + shift), a residual add and relu, each the same arithmetic as the separate op.

A convolution's output is a new array nobody else holds, so whoever owns it (the inference fused ops, the
eager conv -> batch_norm -> relu block of nn/layer/conv_block.py) can finish it here instead of allocating
one array per op.
"""
from ..._core import jit
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
    compiled = _compiled(planes, out, k, shift, residual, act)
    if compiled is not None:
        compiled.channel_epilogue(planes, k, shift, None if residual is None else residual.reshape(planes.shape),
                                  act)
        return out
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


def _compiled(planes, out, k, shift, residual, act):
    """The one-pass compiled epilogue (_epilogue_jit) when the optional JIT is on and the arrays fit it: one
    float dtype, owned (N, C, L) planes, and a residual laid out as the planes; else None."""
    if planes is None or not jit.enabled() or planes.dtype not in jit.FLOATS or act not in (None, "relu", "relu6"):
        return None
    c = planes.shape[1]
    for a in (k, shift):
        if a is not None and (a.dtype != planes.dtype or a.size != c):
            return None
    if residual is not None and not (residual.dtype == planes.dtype and residual.shape == out.shape
                                     and out.flags.c_contiguous and residual.flags.c_contiguous):
        return None  # (a contiguous out is its own planes: the residual then lines up element for element)
    from . import _epilogue_jit  # imports numba: only here, on first use
    return _epilogue_jit
