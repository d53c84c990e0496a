"""conv -> batch_norm -> activation (+ residual) as one eager step: `conv_bn_act`, what ResNet-style blocks and
Sequential (MobileNet's ConvNormActivation with ReLU6 too) call where their forward chains those layers.

Inside such a forward the convolution's output and the batch_norm's are intermediates nobody else can see, so
when no gradient is recorded the batch_norm (running statistics, folded to x * k + shift exactly as the
batch_norm op folds them), the residual add and the relu run in place on the convolution's fresh output
(ops/conv/epilogue.py): one array instead of four, and the same numbers bit for bit. Anything that could
observe the intermediates (hooks on the three layers, a layer_call hook such as the profiler or jit tracing,
an op_ran listener, auto_cast, training mode, a gradient to record, static mode) takes the plain chain of calls instead.
"""
import numpy as np

from ..._core.dispatch import AMP
from ..._core.mode import is_grad_enabled
from ..._core.op import OP_RAN
from ..._core.tensor import Tensor
from ...ops.conv.epilogue import channel_epilogue
from ...ops.norm import batch_norm_eval_affine
from .activation.piecewise import ReLU, ReLU6
from .conv import Conv1D, Conv2D, Conv3D
from .layers import LAYER_CALL
from .norm import _BatchNormBase

__all__ = ["conv_bn_act", "block_span"]

_CONV_FORWARDS = (Conv1D.forward, Conv2D.forward, Conv3D.forward)
_ACTS = {ReLU.forward: "relu", ReLU6.forward: "relu6"}  # the activations the epilogue applies in place


def block_span(layers, i):
    """How many of layers[i:] form a conv -> BatchNorm [-> ReLU/ReLU6] run for conv_bn_act (0, 2 or 3)."""
    if i + 1 >= len(layers) or type(layers[i]).forward not in _CONV_FORWARDS \
            or type(layers[i + 1]).forward is not _BatchNormBase.forward:
        return 0
    return 3 if i + 2 < len(layers) and type(layers[i + 2]).forward in _ACTS else 2


def _plain(x, conv, bn, act, residual):
    out = bn(conv(x))
    if residual is not None:
        out = out + residual
    return act(out) if act is not None else out


def _hooked(layer):
    return bool(layer._forward_pre_hooks or layer._forward_post_hooks)


def _fusable_layers(conv, bn, act):
    """Whether the three layers are the stock ones, in eval, without hooks."""
    if LAYER_CALL.active is not None or AMP.active is not None or OP_RAN.active is not None:
        return False
    if type(conv).forward not in _CONV_FORWARDS or type(bn).forward is not _BatchNormBase.forward:
        return False
    if act is not None and (type(act).forward not in _ACTS or _hooked(act)):
        return False
    if bn.training or bn._use_global_stats is False or _hooked(bn) or _hooked(conv):
        return False
    return bn._data_format in ("NC", "NCL", "NCHW", "NCDHW")


def _no_grad_needed(y, bn, residual):
    """Whether no gradient is recorded through the batch_norm and the add (the conv's output has none)."""
    if not y.stop_gradient:
        return False
    return not is_grad_enabled() or all(t is None or t.stop_gradient for t in (bn.weight, bn.bias, residual))


def conv_bn_act(x, conv, bn, act=None, residual=None):
    """act(bn(conv(x)) + residual) for a convolution layer, a BatchNorm layer and a ReLU layer (or None).

    The same values as calling the layers in turn; in eval mode with nothing to differentiate, the
    batch_norm, the residual add and the relu are applied in place on the convolution's output.

    Args:
        x (Tensor): the convolution's input.
        conv (Layer): a Conv1D, Conv2D or Conv3D (any layer in the plain chain).
        bn (Layer): a BatchNorm1D/2D/3D (any layer in the plain chain).
        act (Layer, optional): a ReLU or ReLU6, or None for no activation. Default: None.
        residual (Tensor, optional): added after the batch_norm, before the activation. Default: None.

    Returns:
        Tensor: act(bn(conv(x)) + residual).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.nn.layer.conv_block import conv_bn_act
            >>> conv, bn, relu = paddle.nn.Conv2D(3, 4, 3, padding=1), paddle.nn.BatchNorm2D(4), paddle.nn.ReLU()
            >>> _ = conv.eval(), bn.eval()
            >>> x = paddle.rand([1, 3, 8, 8])
            >>> with paddle.no_grad():
            ...     y = conv_bn_act(x, conv, bn, relu)
            >>> bool((y == relu(bn(conv(x)))).all())
            True
    """
    if not _fusable_layers(conv, bn, act):
        return _plain(x, conv, bn, act, residual)
    y = conv(x)
    a = getattr(y, "_data", None)
    if (not isinstance(y, Tensor) or type(a) is not np.ndarray or a.dtype.kind != "f" or not a.flags.writeable
            or a.ndim < 2 or not _no_grad_needed(y, bn, residual)
            or np.may_share_memory(a, x._data if isinstance(x, Tensor) else a)):
        return _plain_after_conv(y, bn, act, residual)
    r = None
    if residual is not None:
        r = getattr(residual, "_data", None)
        if type(r) is not np.ndarray or r.shape != a.shape or r.dtype != a.dtype or np.may_share_memory(a, r):
            return _plain_after_conv(y, bn, act, residual)
    stats = [bn._mean, bn._variance, bn.weight, bn.bias]
    arrs = [None if t is None else getattr(t, "_data", None) for t in stats]
    c = a.shape[1]
    if (any(t is not None and (type(v) is not np.ndarray or v.shape != (c,) or v.dtype != a.dtype)
            for t, v in zip(stats, arrs))
            or arrs[0] is None or arrs[1] is None):
        return _plain_after_conv(y, bn, act, residual)
    bn._check_data_format(bn._data_format)
    bn._check_input_dim(y)
    eps = float(np.float32(bn._epsilon))  # the attribute as the batch_norm op holds it
    _, k, shift = batch_norm_eval_affine(a.shape, a.dtype, "NCHW", arrs[2], arrs[3], arrs[0], arrs[1], eps)
    channel_epilogue(a, k, shift, r, act=None if act is None else _ACTS[type(act).forward])
    y._version += 1
    return y


def _plain_after_conv(y, bn, act, residual):
    out = bn(y)
    if residual is not None:
        out = out + residual
    return act(out) if act is not None else out
