"""paddle.incubate.nn.functional: the fused ops, written as the plain composition they fuse.

Paddle's CPU build has no kernel for most of these (they run on GPU only, or crash with SIGILL on CPUs
without AVX512); here each one is the math it stands for, built from differentiable Tensor calls, so
values and gradients follow from the unfused ops (docs/conformance.md "paddle.incubate").
"""
import numpy as np

from ... import tensor as _t
from ..._core.tensor import Tensor
from ...nn import functional as _F
from .fused_attention import fused_multi_head_attention  # noqa: F401
from .gpu_kernels import *  # noqa: F401,F403  (the GPU-only fused kernels, as declared stubs)
from .gpu_kernels import __all__ as _GPU_ONLY

__all__ = ["fused_matmul_bias", "fused_linear", "fused_linear_activation", "fused_dropout_add",
           "fused_bias_dropout_residual_layer_norm", "fused_feedforward", "fused_rms_norm", "fused_layer_norm",
           "fused_rotary_position_embedding", "swiglu", "fused_multi_head_attention"] + list(_GPU_ONLY)

swiglu = _F.swiglu

_ACTIVATIONS = {"relu": _F.relu, "gelu": _F.gelu, "silu": _F.silu, "none": None, None: None}


def fused_matmul_bias(x, y, bias=None, transpose_x=False, transpose_y=False, name=None):
    """matmul(x, y) + bias in one call (cuBLASLt epilogue on Paddle's GPU).

    Args:
        x (Tensor): left operand, rank >= 2.
        y (Tensor): right operand, rank 2.
        bias (Tensor, optional): added to the last axis of the product.
        transpose_x (bool): transpose the last two axes of x first. Default False.
        transpose_y (bool): transpose y first. Default False.
        name (str, optional): unused.

    Returns:
        Tensor: the product plus bias.

    Examples:
        >>> import purepaddle as paddle
        >>> from purepaddle.incubate.nn.functional import fused_matmul_bias
        >>> out = fused_matmul_bias(paddle.ones([2, 3]), paddle.ones([3, 4]), paddle.ones([4]))
        >>> out.numpy().tolist()[0]
        [4.0, 4.0, 4.0, 4.0]
    """
    out = _t.matmul(x, y, transpose_x=transpose_x, transpose_y=transpose_y)
    return out if bias is None else out + bias


def fused_linear(x, weight, bias=None, transpose_weight=False, name=None):
    """A linear layer's forward, x @ weight + bias, with an optional transposed weight.

    Args:
        x (Tensor): input [..., in_features].
        weight (Tensor): [in_features, out_features] ([out, in] when transpose_weight).
        bias (Tensor, optional): [out_features].
        transpose_weight (bool): weight is stored transposed. Default False.
        name (str, optional): unused.

    Returns:
        Tensor: [..., out_features].

    Examples:
        >>> import purepaddle as paddle
        >>> from purepaddle.incubate.nn.functional import fused_linear
        >>> list(fused_linear(paddle.ones([2, 3]), paddle.ones([3, 5])).shape)
        [2, 5]
    """
    return fused_matmul_bias(x, weight, bias, False, transpose_weight)


def fused_linear_activation(x, y, bias, trans_x=False, trans_y=False, activation=None):
    """act(matmul(x, y) + bias) with activation "relu", "gelu" or None.

    Args:
        x (Tensor): left operand.
        y (Tensor): right operand.
        bias (Tensor): added to the last axis.
        trans_x (bool): transpose x first. Default False.
        trans_y (bool): transpose y first. Default False.
        activation (str, optional): "relu", "gelu" or None (identity).

    Returns:
        Tensor: the activated product.

    Examples:
        >>> import purepaddle as paddle
        >>> from purepaddle.incubate.nn.functional import fused_linear_activation
        >>> x, y, bias = -paddle.ones([1, 2]), paddle.ones([2, 2]), paddle.ones([2])
        >>> out = fused_linear_activation(x, y, bias, activation="relu")
        >>> out.numpy().tolist()
        [[0.0, 0.0]]
    """
    key = activation.lower() if isinstance(activation, str) else activation
    if key not in _ACTIVATIONS:
        raise ValueError(f"activation must be 'relu', 'gelu' or None, got {activation!r}")
    out = fused_matmul_bias(x, y, bias, trans_x, trans_y)
    act = _ACTIVATIONS[key]
    return out if act is None else act(out)


def fused_dropout_add(x, y, p=0.5, training=True, mode="upscale_in_train", name=None):
    """dropout(x) + y.

    Args:
        x (Tensor): the tensor dropped out.
        y (Tensor): the tensor added, same shape.
        p (float): drop probability. Default 0.5.
        training (bool): apply dropout (else only the downscale of mode "downscale_in_infer"). Default True.
        mode (str): "upscale_in_train" or "downscale_in_infer".
        name (str, optional): unused.

    Returns:
        Tensor: same shape as x.

    Examples:
        >>> import purepaddle as paddle
        >>> from purepaddle.incubate.nn.functional import fused_dropout_add
        >>> fused_dropout_add(paddle.ones([2]), paddle.ones([2]), p=0.0).numpy().tolist()
        [2.0, 2.0]
    """
    return _F.dropout(x, p=p, training=training, mode=mode) + y


def _layer_norm_last(x, scale, bias, epsilon):
    return _F.layer_norm(x, x.shape[-1:], weight=scale, bias=bias, epsilon=epsilon)


def fused_bias_dropout_residual_layer_norm(x, residual, bias=None, ln_scale=None, ln_bias=None, dropout_rate=0.5,
                                           ln_epsilon=1e-05, training=True, mode="upscale_in_train", name=None):
    """layer_norm(residual + dropout(x + bias)) over the last axis.

    Args:
        x (Tensor): input [..., d].
        residual (Tensor): same shape as x.
        bias (Tensor, optional): [d], added before dropout.
        ln_scale (Tensor, optional): layer-norm weight [d].
        ln_bias (Tensor, optional): layer-norm bias [d].
        dropout_rate (float): Default 0.5.
        ln_epsilon (float): Default 1e-5.
        training (bool): Default True.
        mode (str): dropout mode. Default "upscale_in_train".
        name (str, optional): unused.

    Returns:
        Tensor: same shape as x.

    Examples:
        >>> import purepaddle as paddle
        >>> from purepaddle.incubate.nn.functional import fused_bias_dropout_residual_layer_norm
        >>> x = paddle.to_tensor([[1., 2., 3.]])
        >>> out = fused_bias_dropout_residual_layer_norm(x, paddle.zeros([1, 3]), dropout_rate=0.0)
        >>> [round(v, 4) for v in out.numpy()[0].tolist()]
        [-1.2247, 0.0, 1.2247]
    """
    h = x if bias is None else x + bias
    h = _F.dropout(h, p=dropout_rate, training=training, mode=mode)
    return _layer_norm_last(residual + h, ln_scale, ln_bias, ln_epsilon)


def fused_feedforward(x, linear1_weight, linear2_weight, linear1_bias=None, linear2_bias=None, ln1_scale=None,
                      ln1_bias=None, ln2_scale=None, ln2_bias=None, dropout1_rate=0.5, dropout2_rate=0.5,
                      activation="relu", ln1_epsilon=1e-05, ln2_epsilon=1e-05, pre_layer_norm=False, training=True,
                      mode="upscale_in_train", ring_id=-1, add_residual=True, name=None):
    """A transformer feed-forward block: [ln1 ->] linear1 -> act -> dropout1 -> linear2 -> dropout2
    [-> + x] [-> ln2]; ln1 runs when pre_layer_norm, ln2 otherwise.

    Args:
        x (Tensor): input [batch, seq, d_model].
        linear1_weight (Tensor): [d_model, dim_feedforward].
        linear2_weight (Tensor): [dim_feedforward, d_model].
        linear1_bias, linear2_bias (Tensor, optional): biases.
        ln1_scale, ln1_bias, ln2_scale, ln2_bias (Tensor, optional): layer-norm parameters.
        dropout1_rate, dropout2_rate (float): Default 0.5 each.
        activation (str): "relu", "gelu" or "silu". Default "relu".
        ln1_epsilon, ln2_epsilon (float): Default 1e-5.
        pre_layer_norm (bool): normalise the input instead of the output. Default False.
        training (bool): Default True.
        mode (str): dropout mode.
        ring_id (int): tensor-parallel ring; only -1 (none) on a single process.
        add_residual (bool): add x back. Default True.
        name (str, optional): unused.

    Returns:
        Tensor: same shape as x.

    Examples:
        >>> import purepaddle as paddle
        >>> from purepaddle.incubate.nn.functional import fused_feedforward
        >>> out = fused_feedforward(paddle.ones([1, 2, 4]), paddle.ones([4, 8]), paddle.ones([8, 4]),
        ...                         dropout1_rate=0.0, dropout2_rate=0.0)
        >>> list(out.shape)
        [1, 2, 4]
    """
    act = _ACTIVATIONS.get(activation.lower() if isinstance(activation, str) else activation)
    if act is None:
        raise ValueError(f"activation must be 'relu', 'gelu' or 'silu', got {activation!r}")
    h = _layer_norm_last(x, ln1_scale, ln1_bias, ln1_epsilon) if pre_layer_norm else x
    h = _F.dropout(act(fused_linear(h, linear1_weight, linear1_bias)), p=dropout1_rate, training=training, mode=mode)
    h = _F.dropout(fused_linear(h, linear2_weight, linear2_bias), p=dropout2_rate, training=training, mode=mode)
    if add_residual:
        h = x + h
    return h if pre_layer_norm else _layer_norm_last(h, ln2_scale, ln2_bias, ln2_epsilon)


def _fused_input(x, bias, residual, residual_alpha, begin_norm_axis):
    rank = len(x.shape)
    axis = begin_norm_axis + rank if begin_norm_axis < 0 else begin_norm_axis
    if not 0 <= axis < rank:
        raise ValueError(f"begin_norm_axis must be in range [0, {rank}), but got {begin_norm_axis}")
    h = x if bias is None else x + bias
    if residual is not None:
        h = h + residual * residual_alpha if residual_alpha != 1.0 else h + residual
    return h, list(range(axis, rank))


def fused_rms_norm(x, norm_weight, norm_bias, epsilon, begin_norm_axis=1, bias=None, residual=None, quant_scale=-1,
                   quant_round_type=0, quant_max_bound=0, quant_min_bound=0):
    """RMS norm of (x + bias + residual) over the axes from begin_norm_axis: h / sqrt(mean(h^2) + eps) * w + b.

    Args:
        x (Tensor): input.
        norm_weight (Tensor): scale, shaped like the normalised axes.
        norm_bias (Tensor, optional): shift, same shape.
        epsilon (float): added to the mean square.
        begin_norm_axis (int): first normalised axis. Default 1.
        bias (Tensor, optional): added to x first.
        residual (Tensor, optional): added to x first.
        quant_scale (float): int8 output quantisation; only -1 (off) is supported.
        quant_round_type, quant_max_bound, quant_min_bound: quantisation settings, unused when off.

    Returns:
        tuple: (out, residual_out, inv_var) — residual_out is x + bias + residual, inv_var 1/sqrt(mean(h^2)+eps)
        shaped like the leading axes.

    Examples:
        >>> import purepaddle as paddle
        >>> from purepaddle.incubate.nn.functional import fused_rms_norm
        >>> out, _, _ = fused_rms_norm(paddle.to_tensor([[3., 4.]]), paddle.ones([2]), None, 0.0, 1)
        >>> [round(v, 4) for v in out.numpy()[0].tolist()]
        [0.8485, 1.1314]
    """
    if quant_scale > 0:
        raise NotImplementedError("fused_rms_norm: int8 quantised output (quant_scale > 0) is not supported")
    h, axes = _fused_input(x, bias, residual, 1.0, begin_norm_axis)
    inv = _t.rsqrt(_t.mean(h * h, axis=axes, keepdim=True) + epsilon)
    out = h * inv
    if norm_weight is not None:
        out = out * norm_weight
    if norm_bias is not None:
        out = out + norm_bias
    return out, h, inv.reshape(x.shape[:axes[0]])


def fused_layer_norm(x, norm_weight, norm_bias, epsilon, residual_alpha=1.0, begin_norm_axis=1, bias=None,
                     residual=None, quant_scale=-1, quant_round_type=0, quant_max_bound=0, quant_min_bound=0):
    """Layer norm of (x + bias + residual_alpha * residual) over the axes from begin_norm_axis.

    Args:
        x (Tensor): input.
        norm_weight (Tensor, optional): scale, shaped like the normalised axes; with norm_bias None as well,
            no normalisation happens and out is the fused sum.
        norm_bias (Tensor, optional): shift.
        epsilon (float): added to the variance.
        residual_alpha (float): scale of residual. Default 1.0.
        begin_norm_axis (int): first normalised axis. Default 1.
        bias (Tensor, optional): added to x first.
        residual (Tensor, optional): added to x first.
        quant_scale (float): only -1 (off) is supported.
        quant_round_type, quant_max_bound, quant_min_bound: unused when off.

    Returns:
        tuple: (out, residual_out, mean, variance); mean/variance shaped like the leading axes.

    Examples:
        >>> import purepaddle as paddle
        >>> from purepaddle.incubate.nn.functional import fused_layer_norm
        >>> out, _, mean, var = fused_layer_norm(paddle.to_tensor([[1., 3.]]), paddle.ones([2]), paddle.zeros([2]), 0.0)
        >>> out.numpy().tolist(), mean.numpy().tolist(), var.numpy().tolist()
        ([[-1.0, 1.0]], [2.0], [1.0])
    """
    if quant_scale > 0:
        raise NotImplementedError("fused_layer_norm: int8 quantised output (quant_scale > 0) is not supported")
    h, axes = _fused_input(x, bias, residual, residual_alpha, begin_norm_axis)
    lead = x.shape[:axes[0]]
    mean = _t.mean(h, axis=axes, keepdim=True)
    var = _t.mean((h - mean) * (h - mean), axis=axes, keepdim=True)
    if norm_weight is None and norm_bias is None:
        return h, h, mean.reshape(lead), var.reshape(lead)
    out = (h - mean) * _t.rsqrt(var + epsilon)
    if norm_weight is not None:
        out = out * norm_weight
    if norm_bias is not None:
        out = out + norm_bias
    return out, h, mean.reshape(lead), var.reshape(lead)


def _rotate(t, neox):
    """The rotation partner of each element: (-x2, x1) on halves (neox) or on interleaved pairs."""
    d = t.shape[-1]
    if neox:
        return _t.concat([-t[..., d // 2:], t[..., :d // 2]], axis=-1)
    pairs = t.reshape(t.shape[:-1] + [d // 2, 2])
    return _t.stack([-pairs[..., 1], pairs[..., 0]], axis=-1).reshape(t.shape)


def fused_rotary_position_embedding(q, k=None, v=None, sin=None, cos=None, position_ids=None,
                                    use_neox_rotary_style=True, time_major=False, rotary_emb_base=10000.0):
    """Rotary position embedding (RoPE) applied to q, k and v of shape [batch, seq, heads, head_dim].

    Args:
        q (Tensor): queries [batch, seq, heads, head_dim] ([seq, batch, ...] when time_major).
        k, v (Tensor, optional): keys / values, same layout.
        sin, cos (Tensor, optional): tables broadcastable to [1, seq, 1, head_dim]; built from
            rotary_emb_base when None.
        position_ids (Tensor, optional): [batch, seq] rows of sin/cos to use.
        use_neox_rotary_style (bool): rotate halves (True) or interleaved pairs (False). Default True.
        time_major (bool): sequence axis first. Default False.
        rotary_emb_base (float): base of the frequencies. Default 10000.

    Returns:
        tuple: (out_q, out_k, out_v), None where the input was None.

    Examples:
        >>> import purepaddle as paddle
        >>> from purepaddle.incubate.nn.functional import fused_rotary_position_embedding
        >>> q = paddle.ones([1, 2, 1, 4])
        >>> out_q, _, _ = fused_rotary_position_embedding(q)
        >>> list(out_q.shape)
        [1, 2, 1, 4]
    """
    seq_axis = 0 if time_major else 1
    seq, dim = q.shape[seq_axis], q.shape[-1]
    if sin is None or cos is None:
        inv = 1.0 / (rotary_emb_base ** (np.arange(0, dim, 2, dtype=np.float64) / dim))
        ang = np.arange(seq, dtype=np.float64)[:, None] * inv[None, :]
        ang = np.concatenate([ang, ang], -1) if use_neox_rotary_style else np.repeat(ang, 2, axis=-1)
        dt = q._data.dtype
        sin = Tensor._make(np.sin(ang).astype(dt).reshape(1, seq, 1, dim))
        cos = Tensor._make(np.cos(ang).astype(dt).reshape(1, seq, 1, dim))
    else:
        sin, cos = sin.reshape([1, -1, 1, dim]), cos.reshape([1, -1, 1, dim])
    if position_ids is not None:
        sin = _t.index_select(sin.reshape([-1, dim]), position_ids.reshape([-1]), axis=0).reshape(
            list(position_ids.shape) + [1, dim])
        cos = _t.index_select(cos.reshape([-1, dim]), position_ids.reshape([-1]), axis=0).reshape(
            list(position_ids.shape) + [1, dim])
    if time_major:
        sin, cos = sin.transpose([1, 0, 2, 3]), cos.transpose([1, 0, 2, 3])

    def rope(t):
        return None if t is None else t * cos + _rotate(t, use_neox_rotary_style) * sin

    return rope(q), rope(k), rope(v)
