"""paddle.compat.nn.functional: torch-signature linear (weight [out, in]), pad (pairs from the last dim),
softmax (dim), scaled_dot_product_attention ([batch, heads, seq, dim] layout) and unfold."""
from ... import tensor as T
from ...nn import functional as F
from ...nn.functional.activation.softmax import compat_softmax as softmax
from .._keywords import forbid_keywords

__all__ = ["pad", "softmax", "linear", "scaled_dot_product_attention", "unfold"]


@forbid_keywords({"x", "name"}, "paddle.compat.nn.functional.linear", "paddle.nn.functional.linear")
def linear(input, weight, bias=None):  # noqa: A002
    """input @ weight.T + bias, with torch's weight layout [out_features, in_features].

    Args:
        input (Tensor): [..., in_features].
        weight (Tensor): [out_features, in_features].
        bias (Tensor, optional): [out_features].

    Returns:
        Tensor: [..., out_features].

    Examples:
        >>> import purepaddle as paddle
        >>> w = paddle.to_tensor([[1., 0.], [0., 2.], [1., 1.]])
        >>> paddle.compat.nn.functional.linear(paddle.to_tensor([[1., 2.]]), w).numpy().tolist()
        [[1.0, 4.0, 3.0]]
    """
    out = T.matmul(input, weight, transpose_y=True)
    return out if bias is None else out + bias


def _check_pad_len(n, ndim, constant):
    if n > 6 or n < 0:
        raise ValueError(f"Expect len(pad) <= 6 and not -1, got: {n}")
    bound = 2 * ndim - (0 if constant else 2)
    if n > bound:
        raise ValueError(f"len(pad) is bounded by input.ndim: expect len(pad) <= {bound}, got: {n}")


@forbid_keywords({"x", "name", "data_format", "pad_from_left_axis"}, "paddle.compat.nn.functional.pad",
                 "paddle.nn.functional.pad")
def pad(input, pad, mode="constant", value=0.0):  # noqa: A002
    """torch.nn.functional.pad: `pad` lists (before, after) pairs starting from the last dim.

    Args:
        input (Tensor): the input (1-D to 5-D; at least 2-D for the non-constant modes).
        pad (list|tuple): 2*k sizes for the last k dims.
        mode (str): 'constant', 'reflect', 'replicate' or 'circular'.
        value (float): the constant fill.

    Returns:
        Tensor: the padded input.

    Examples:
        >>> import purepaddle as paddle
        >>> paddle.compat.nn.functional.pad(paddle.ones([1, 2]), [1, 0]).numpy().tolist()
        [[0.0, 1.0, 1.0]]
    """
    if mode not in ("reflect", "replicate", "constant", "circular"):
        raise AssertionError(f"mode should be one of constant, reflect, replicate, circular, but got {mode}.")
    ndim = len(input.shape)
    pad = [int(p) for p in (pad.tolist() if hasattr(pad, "tolist") else pad)]
    if not pad:
        return input.clone()
    if mode == "constant":
        if len(pad) > 2 * ndim:
            raise ValueError(f"len(pad) is bounded by input.ndim: expect len(pad) <= {2 * ndim}, got: {len(pad)}")
        full = pad + [0] * (2 * ndim - len(pad))  # pairs from the last dim back
        per_dim = [full[2 * (ndim - 1 - d): 2 * (ndim - 1 - d) + 2] for d in range(ndim)]
        return F.pad(input, [p for pair in per_dim for p in pair], mode="constant", value=float(value),
                     pad_from_left_axis=True)
    if not 1 <= ndim <= 5:
        raise AssertionError(f"Input tensor dimension must be in [1-5] but got {ndim}")
    if ndim < 2:
        raise ValueError(f"Only 2D, 3D, 4D, 5D padding with non-constant padding are supported for now, got ndim: "
                         f"{ndim}")
    _check_pad_len(len(pad), ndim, False)
    pad = pad + [0] * (6 - len(pad))
    lift = list(range(5 - ndim))
    x = input.unsqueeze(lift) if lift else input
    out = F.pad(x, pad, mode=mode, value=value, data_format="NCDHW")
    return out.squeeze(lift) if lift else out


def scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=0.0, is_causal=False, scale=None,
                                 enable_gqa=False):
    """torch's scaled_dot_product_attention: inputs [batch, heads, seq, head_dim] (Paddle's function takes
    [batch, seq, heads, head_dim]).

    Args:
        query, key, value (Tensor): [batch, heads, seq, head_dim].
        attn_mask (Tensor, optional): boolean (True keeps) or additive mask.
        dropout_p (float): dropout on the weights.
        is_causal (bool): mask the future (not with attn_mask).
        scale (float, optional): defaults to 1/sqrt(head_dim).
        enable_gqa (bool): grouped-query attention (fewer key/value heads).

    Returns:
        Tensor: [batch, heads, seq, head_dim].

    Examples:
        >>> import purepaddle as paddle
        >>> q = paddle.ones([1, 2, 3, 4])
        >>> paddle.compat.nn.functional.scaled_dot_product_attention(q, q, q).shape
        paddle.Size([1, 2, 3, 4])
    """
    if is_causal and attn_mask is not None:
        raise RuntimeError("Explicit attn_mask should not be set when is_causal=True")
    q, k, v = (t.swapaxes(-3, -2) for t in (query, key, value))
    out = F.scaled_dot_product_attention(q, k, v, attn_mask, dropout_p, is_causal, True, None, scale, enable_gqa)
    return out.swapaxes(-3, -2)


def _as_list(v):
    return v.tolist() if hasattr(v, "tolist") else v


@forbid_keywords({"x", "kernel_sizes", "dilations", "paddings", "strides", "name"},
                 "paddle.compat.nn.functional.unfold", "paddle.nn.functional.unfold")
def unfold(input, kernel_size, dilation=1, padding=0, stride=1):  # noqa: A002
    """torch.nn.functional.unfold (im2col) with torch's argument names.

    Args:
        input (Tensor): [N, C, H, W].
        kernel_size, dilation, padding, stride (int|list): the window's geometry.

    Returns:
        Tensor: [N, C * kH * kW, L].

    Examples:
        >>> import purepaddle as paddle
        >>> paddle.compat.nn.functional.unfold(paddle.ones([1, 2, 3, 3]), 2).shape
        paddle.Size([1, 8, 4])
    """
    return F.unfold(input, kernel_sizes=_as_list(kernel_size), strides=_as_list(stride),
                    paddings=_as_list(padding), dilations=_as_list(dilation))
