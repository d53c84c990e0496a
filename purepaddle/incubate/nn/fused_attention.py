"""paddle.incubate.nn.functional.fused_multi_head_attention, written as the unfused math it stands for (Paddle's
CPU build has no kernel for it): values and gradients follow from the plain ops."""
from ... import tensor as _t
from ...nn import functional as _F

__all__ = ["fused_multi_head_attention"]


def _layer_norm(x, scale, bias, epsilon):
    return _F.layer_norm(x, x.shape[-1:], weight=scale, bias=bias, epsilon=epsilon)


def fused_multi_head_attention(x, qkv_weight, linear_weight, pre_layer_norm=False, pre_ln_scale=None,
                               pre_ln_bias=None, ln_scale=None, ln_bias=None, pre_ln_epsilon=1e-05, qkv_bias=None,
                               linear_bias=None, cache_kv=None, attn_mask=None, dropout_rate=0.5,
                               attn_dropout_rate=0.5, ln_epsilon=1e-05, training=True, mode="upscale_in_train",
                               ring_id=-1, add_residual=True, num_heads=-1, transpose_qkv_wb=False, name=None):
    r"""Self-attention block: [pre layer_norm ->] qkv projection -> scaled dot-product attention (mask, softmax,
    dropout) -> output projection -> dropout [-> + x] [-> layer_norm].

    Args:
        x (Tensor): input [batch, seq_len, embed_dim].
        qkv_weight (Tensor): [3, num_heads, head_dim, embed_dim], or [embed_dim, 3 * embed_dim] when
            transpose_qkv_wb.
        linear_weight (Tensor): [embed_dim, embed_dim].
        pre_layer_norm (bool, optional): normalise the input (True) or the output (False). Default False.
        pre_ln_scale, pre_ln_bias, ln_scale, ln_bias (Tensor, optional): the layer-norm parameters.
        pre_ln_epsilon, ln_epsilon (float, optional): the layer norms' epsilons. Default 1e-5.
        qkv_bias (Tensor, optional): [3, num_heads, head_dim] (or [3 * embed_dim]).
        linear_bias (Tensor, optional): [embed_dim].
        cache_kv (Tensor, optional): [2, batch, num_heads, cache_len, head_dim], keys and values of earlier
            steps placed before this step's; the result is then (out, the new cache).
        attn_mask (Tensor, optional): added to the attention scores, broadcast to [batch, num_heads, seq_len,
            key_len].
        dropout_rate (float, optional): dropout after the output projection. Default 0.5.
        attn_dropout_rate (float, optional): dropout on the attention weights. Default 0.5.
        training (bool, optional): apply dropout. Default True.
        mode (str, optional): dropout mode. Default 'upscale_in_train'.
        ring_id (int, optional): tensor-parallel ring; -1 (none) on one process.
        add_residual (bool, optional): add x back. Default True.
        num_heads (int, optional): heads, needed when transpose_qkv_wb. Default -1.
        transpose_qkv_wb (bool, optional): qkv weight/bias in the [embed_dim, 3 * embed_dim] layout. Default False.
        name (str, optional): unused.

    Returns:
        Tensor|tuple: [batch, seq_len, embed_dim], and the new cache when cache_kv is given.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.incubate.nn.functional as F
            >>> x = paddle.rand([2, 4, 8])
            >>> qkv_weight = paddle.rand([3, 2, 4, 8])
            >>> out = F.fused_multi_head_attention(x, qkv_weight, paddle.rand([8, 8]), dropout_rate=0.0,
            ...                                    attn_dropout_rate=0.0, ln_scale=paddle.ones([8]),
            ...                                    ln_bias=paddle.zeros([8]))
            >>> print(out.shape)
            paddle.Size([2, 4, 8])
    """
    if ring_id != -1:
        raise NotImplementedError("fused_multi_head_attention: tensor-parallel rings (ring_id != -1) are not "
                                  "supported by purepaddle")
    batch, seq, embed = x.shape
    h = _layer_norm(x, pre_ln_scale, pre_ln_bias, pre_ln_epsilon) if pre_layer_norm else x
    if transpose_qkv_wb:
        if num_heads <= 0:
            raise ValueError("num_heads must be given when transpose_qkv_wb is True")
        qkv = _t.matmul(h, qkv_weight)
        if qkv_bias is not None:
            qkv = qkv + qkv_bias
        qkv = qkv.reshape([batch, seq, 3, num_heads, -1])
    else:
        _, num_heads, head_dim, _ = qkv_weight.shape
        qkv = _t.matmul(h, qkv_weight.reshape([3 * num_heads * head_dim, embed]), transpose_y=True)
        if qkv_bias is not None:
            qkv = qkv + qkv_bias.reshape([3 * num_heads * head_dim])
        qkv = qkv.reshape([batch, seq, 3, num_heads, head_dim])
    qkv = qkv.transpose([2, 0, 3, 1, 4])  # [3, batch, heads, seq, head_dim]
    q, k, v = qkv[0], qkv[1], qkv[2]
    head_dim = q.shape[-1]
    if cache_kv is not None:
        k = _t.concat([cache_kv[0], k], axis=2)
        v = _t.concat([cache_kv[1], v], axis=2)
    scores = _t.matmul(q * (head_dim ** -0.5), k, transpose_y=True)
    if attn_mask is not None:
        scores = scores + attn_mask
    weights = _F.dropout(_F.softmax(scores), p=attn_dropout_rate, training=training, mode=mode)
    out = _t.matmul(weights, v).transpose([0, 2, 1, 3]).reshape([batch, seq, num_heads * head_dim])
    out = _t.matmul(out, linear_weight)
    if linear_bias is not None:
        out = out + linear_bias
    out = _F.dropout(out, p=dropout_rate, training=training, mode=mode)
    if add_residual:
        out = x + out
    if not pre_layer_norm:
        out = _layer_norm(out, ln_scale, ln_bias, ln_epsilon)
    return (out, _t.stack([k, v])) if cache_kv is not None else out
