"""paddle.nn.functional attention: scaled_dot_product_attention, flash_attention and its variants.

On CPU Paddle runs all of these as "math" attention (matmul, softmax, dropout); so does purepaddle,
with the [batch, seq, heads, head_dim] layout. The common case (no weights returned) is the fused
`flash_attn` op (ops/flash_attention.py): one autograd node, no transposed copies. Returning the softmax
weights uses the composed form, so the weights are differentiable as in Paddle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from purepaddle._core.tensor import Tensor

import contextlib

import numpy as np

from ... import tensor as _T
from ..._core import dtype as _dt
from ..._core.dispatch import apply
from ..._core.methods import TensorMethods
from ...ops.flash_attention import FlashAttn as _FlashAttn
from ...tensor._check import need_tensor as _need_tensor
from ..attention import math_backend_allowed as _math_allowed
from .activation import softmax as _softmax
from .common import dropout as _dropout

__all__ = ["scaled_dot_product_attention", "flash_attn_qkvpacked", "flash_attn_varlen_qkvpacked",
           "flashmask_attention", "flash_attention_v3_varlen"]


def _check4(x, api, arg, pos):
    if not isinstance(x, TensorMethods):
        _need_tensor(x, api, arg, pos)
    if x.ndim != 4:
        raise ValueError(f"(InvalidArgument) {api}: '{arg}' must be a 4-D tensor [batch_size, seq_len, num_heads, "
                         f"head_dim], but received shape {list(x.shape)}")


def _math(q, k, v, mask=None, dropout=0.0, causal=False, return_softmax=False, training=True, scale=None):
    """Attention over [B, S, H, D]: returns (out, weights or None)."""
    d = q.shape[-1]
    s = scale if scale else (d ** -0.5 if d else 1.0)
    if not return_softmax:
        p = float(dropout) if training else 0.0
        out = apply(_FlashAttn, q, k, v, None, None if causal else mask, dropout=p, causal=bool(causal),
                    return_softmax=False, is_test=not training, rng_name="", scale=float(s))[0]
        return out, None
    qh, kh, vh = (_T.transpose(t, [0, 2, 1, 3]) for t in (q, k, v))
    product = _T.matmul(qh * s, kh, transpose_y=True)
    if causal:  # Paddle's CPU path: -1e4 above the diagonal; a given mask is ignored
        product = product + _T.triu(_T.full(product.shape[-2:], -1e4, product.dtype), 1)
    elif mask is not None:
        product = product + mask
    weights = _softmax(product)
    if dropout > 0.0:
        weights = _dropout(weights, dropout, training=training, mode="upscale_in_train")
    out = _T.transpose(_T.matmul(weights, vh), [0, 2, 1, 3])
    return out, weights


def _repeat_kv(key, value, n):
    """Repeat each key/value head n times (grouped-query attention)."""
    if n == 1:
        return key, value
    return _T.repeat_interleave(key, n, axis=2), _T.repeat_interleave(value, n, axis=2)


def scaled_dot_product_attention(query: Tensor, key: Tensor, value: Tensor, attn_mask: Tensor | None = None,
                                 dropout_p: float = 0.0, is_causal: bool = False, training: bool = True,
                                 backend: str | None = None, scale: float | None = None,
                                 enable_gqa: bool = True, name: str | None = None) -> Tensor:
    """softmax(scale * Q K^T + mask) V over [batch, seq, heads, head_dim] (or unbatched [seq, heads, head_dim]).

    A bool `attn_mask` marks the positions to attend (True); a float mask is added to the scores.
    With `is_causal` the mask is ignored. Key/value heads are repeated for grouped-query attention.

    Args:
        query (Tensor): Queries, [batch, seq_len, num_heads, head_dim].
        key (Tensor): Keys, [batch, seq_len_kv, num_kv_heads, head_dim].
        value (Tensor): Values, shaped like key.
        attn_mask (Tensor|None, optional): A bool mask (True: attend) or a float mask added to the scores;
            None for none. Default: None.
        dropout_p (float, optional): The dropout probability of the attention weights. Default: 0.0.
        is_causal (bool, optional): Whether each position attends only to earlier ones. Default: False.
        training (bool, optional): Whether the layer is in training mode (dropout active) or evaluating.
            Default: True.
        backend (str|None, optional): Accepted for compatibility (the math backend is used). Default: None.
        scale (float|None, optional): The factor on the scores; None means 1/sqrt(head_dim). Default: None.
        enable_gqa (bool, optional): Whether fewer key/value heads than query heads are allowed
            (grouped-query). Default: True.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Returns:
        Tensor: the attention output, shaped like query.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> q = paddle.rand((1, 8, 2, 4))
            >>> out = paddle.nn.functional.scaled_dot_product_attention(q, q, q, is_causal=True)
            >>> out.shape
            paddle.Size([1, 8, 2, 4])
    """
    for i, (arg, t) in enumerate((("query", query), ("key", key), ("value", value))):
        if not isinstance(t, TensorMethods):
            _need_tensor(t, "scaled_dot_product_attention", arg, i)
    if not _math_allowed():  # a paddle.nn.attention.sdpa_kernel block without MATH, the one backend here
        raise RuntimeError("No available backend for scaled_dot_product_attention was found.")
    batched = query.ndim == 4
    if not batched:
        query, key, value = (_T.unsqueeze(t, 0) for t in (query, key, value))
    qh, kh, vh = query.shape[2], key.shape[2], value.shape[2]
    if enable_gqa:
        assert kh == 0 or qh % kh == 0, (f"The number of groups in query({qh}) must be divisible by the number of "
                                         f"groups in key({kh}) if GQA enabled.")
        assert kh == vh, (f"The number of groups in key({kh}) must be equal to the number of groups in "
                          f"value({vh}) if GQA enabled.")
    else:
        assert qh == kh == vh, (f"The number of groups in query({qh}) must be equal to the number of groups in "
                                f"key({kh}) and the number of groups in value({vh}) if GQA disabled.")
    if attn_mask is not None and attn_mask.dtype == _dt.bool_:
        attn_mask = _T.where(attn_mask, _T.to_tensor(0.0, dtype=query.dtype),
                             _T.to_tensor(-float("inf"), dtype=query.dtype))
    key, value = _repeat_kv(key, value, qh // kh if kh else 1)
    out = _math(query, key, value, attn_mask, dropout_p, is_causal, False, training, scale)[0]
    return out if batched else _T.squeeze(out, 0)


def flash_attention(query, key, value, dropout=0.0, causal=False, return_softmax=False, *, fixed_seed_offset=None,
                    rng_name="", training=True, name=None, softmax_scale=None):
    """Attention over [batch, seq, heads, head_dim] tensors; returns (out, softmax weights or None).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> q = paddle.rand((1, 16, 2, 8))
            >>> out, weights = paddle.nn.functional.flash_attention.flash_attention(q, q, q, 0.0, True, True)
            >>> out.shape, weights.shape
            (paddle.Size([1, 16, 2, 8]), paddle.Size([1, 2, 16, 16]))
    """
    for i, (arg, t) in enumerate((("query", query), ("key", key), ("value", value))):
        _check4(t, "flash_attention", arg, i)
    return _math(query, key, value, None, dropout, causal, return_softmax, training, softmax_scale)


def flash_attn_qkvpacked(qkv, dropout=0.0, causal=False, return_softmax=False, *, fixed_seed_offset=None,
                         rng_name="", training=True, name=None):
    """flash_attention on a packed [batch, seq, num_heads/num_heads_k + 2, num_heads_k, head_dim] tensor.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> q = paddle.rand((1, 16, 2, 8))
            >>> out, _ = paddle.nn.functional.flash_attn_qkvpacked(paddle.stack([q, q, q], axis=2))
            >>> out.shape
            paddle.Size([1, 16, 2, 8])
    """
    if not isinstance(qkv, TensorMethods):
        _need_tensor(qkv, "flash_attn_qkvpacked", "qkv")
    query = _T.reshape(qkv[:, :, :-2], [0, 0, -1, qkv.shape[-1]])
    key, value = qkv[:, :, -2], qkv[:, :, -1]
    key, value = _repeat_kv(key, value, query.shape[2] // key.shape[2])
    return _math(query, key, value, None, dropout, causal, return_softmax, training)


def _segments(cu):
    vals = np.asarray(cu.numpy() if isinstance(cu, TensorMethods) else cu).reshape(-1).tolist()
    return list(zip(vals[:-1], vals[1:]))


def flash_attn_unpadded(query, key, value, cu_seqlens_q, cu_seqlens_k, max_seqlen_q, max_seqlen_k, scale,
                        dropout=0.0, causal=False, return_softmax=False, fixed_seed_offset=None, rng_name="",
                        training=True, name=None):
    """Variable-length attention: query/key/value are [total_seq_len, heads, head_dim] with the sequences
    delimited by the cumulative lengths cu_seqlens_q / cu_seqlens_k; each attends only within itself.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> q = paddle.rand((6, 2, 4))
            >>> cu = paddle.to_tensor([0, 2, 6], dtype='int32')
            >>> out, _ = paddle.nn.functional.flash_attention.flash_attn_unpadded(q, q, q, cu, cu, 4, 4, 0.5)
            >>> out.shape
            paddle.Size([6, 2, 4])
    """
    outs, weights = [], []
    for (q0, q1), (k0, k1) in zip(_segments(cu_seqlens_q), _segments(cu_seqlens_k)):
        q, k, v = (_T.unsqueeze(t[a:b], 0) for t, a, b in ((query, q0, q1), (key, k0, k1), (value, k0, k1)))
        o, w = _math(q, k, v, None, dropout, causal, return_softmax, training, scale)
        outs.append(_T.squeeze(o, 0))
        weights.append(w)
    out = _T.concat(outs, 0) if outs else query * 0
    return out, (weights if return_softmax else None)


def flash_attn_varlen_qkvpacked(qkv, cu_seqlens_q, cu_seqlens_k, max_seqlen_q, max_seqlen_k, scale, dropout=0.0,
                                causal=False, return_softmax=False, fixed_seed_offset=None, rng_name="",
                                varlen_padded=True, training=True, name=None):
    """flash_attn_unpadded on a packed [total_seq_len, num_heads/num_heads_k + 2, num_heads_k, head_dim] tensor.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> q = paddle.rand((6, 2, 4))
            >>> cu = paddle.to_tensor([0, 2, 6], dtype='int32')
            >>> qkv = paddle.stack([q, q, q], axis=1)
            >>> out, _ = paddle.nn.functional.flash_attn_varlen_qkvpacked(qkv, cu, cu, 4, 4, 0.5)
            >>> out.shape
            paddle.Size([6, 2, 4])
    """
    query = _T.reshape(qkv[:, :-2], [0, -1, qkv.shape[-1]])
    key, value = qkv[:, -2], qkv[:, -1]
    n = query.shape[1] // key.shape[1]
    if n > 1:
        key, value = _T.repeat_interleave(key, n, axis=1), _T.repeat_interleave(value, n, axis=1)
    return flash_attn_unpadded(query, key, value, cu_seqlens_q, cu_seqlens_k, max_seqlen_q, max_seqlen_k, scale,
                               dropout, causal, return_softmax, fixed_seed_offset, rng_name, training, name)


def flash_attention_v3_varlen(query, key, value, cu_seqlens_q, cu_seqlens_k, max_seqlen_q, max_seqlen_k, seqused_q=None,
                              seqused_k=None, softmax_scale=None, causal=False, qv=None, q_descale=None,
                              k_descale=None, v_descale=None, window_size=(-1, -1), softcap=0.0, num_splits=1,
                              pack_gqa=None, sm_margin=0):
    """Variable-length attention (FlashAttention-3 signature): returns (out [total_q, heads, head_dim],
    softmax_lse [heads, total_q]); the same math as flash_attn_unpadded.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> q = paddle.rand((10, 2, 8))
            >>> cu = paddle.to_tensor([0, 10], dtype='int32')
            >>> out, lse = paddle.nn.functional.flash_attention_v3_varlen(q, q, q, cu, cu, 10, 10, causal=True)
            >>> out.shape, lse.shape
            (paddle.Size([10, 2, 8]), paddle.Size([2, 10]))
    """
    unsupported = {"qv": qv, "q_descale": q_descale, "k_descale": k_descale, "v_descale": v_descale,
                   "seqused_q": seqused_q, "seqused_k": seqused_k}
    for arg, val in unsupported.items():
        if val is not None:
            raise NotImplementedError(f"flash_attention_v3_varlen: '{arg}' is not supported on CPU")
    if tuple(window_size) != (-1, -1) or softcap:
        raise NotImplementedError("flash_attention_v3_varlen: window_size and softcap are not supported on CPU")
    scale = softmax_scale if softmax_scale else query.shape[-1] ** -0.5
    out = flash_attn_unpadded(query, key, value, cu_seqlens_q, cu_seqlens_k, max_seqlen_q, max_seqlen_k, scale,
                              causal=causal)[0]
    lses = []
    for (q0, q1), (k0, k1) in zip(_segments(cu_seqlens_q), _segments(cu_seqlens_k)):
        qh = _T.transpose(query[q0:q1], [1, 0, 2])
        s = _T.matmul(qh * scale, _T.transpose(key[k0:k1], [1, 2, 0]))
        if causal:
            s = s + _T.triu(_T.full(s.shape[-2:], -1e4, s.dtype), 1)
        lses.append(_T.logsumexp(s.astype("float32"), axis=-1))
    return out, _T.concat(lses, 1)


def _flashmask_dense(idx, sq, sk, causal, dtype):
    """The additive [B, H|1, Sq, Sk] mask (0 / -inf) described by FlashMask's startend_row_indices
    [B, H|1, Sk, 1|2|4]: per key column, the row ranges that may not attend to it."""
    rows = _T.arange(sq, dtype=idx.dtype).reshape([sq, 1])
    cols = _T.arange(sk, dtype=idx.dtype).reshape([1, sk])
    bound = idx.shape[-1]
    col = [_T.unsqueeze(idx[..., i], -2) for i in range(bound)]  # each [B, H, 1, Sk]
    has_end = (causal and bound == 2) or (not causal and bound == 4)
    masked = rows >= col[0]
    if has_end:
        masked = _T.logical_and(masked, rows < col[1])
    if causal:
        masked = _T.logical_or(masked, rows < cols)
    elif has_end:
        masked = _T.logical_or(masked, _T.logical_and(rows >= col[2], rows < col[3]))
    elif bound > 1:
        masked = _T.logical_or(masked, rows < col[1])
    zero = _T.to_tensor(0.0, dtype=dtype)
    return _T.where(masked, _T.to_tensor(-float("inf"), dtype=dtype), zero)


def flashmask_attention(query, key, value, startend_row_indices=None, *, dropout=0.0, causal=False,
                        window_size=None, return_softmax_lse=False, return_seed_offset=False,
                        fixed_seed_offset=None, rng_name="", training=True, name=None, softmax_scale=None,
                        block_mask=None):
    """FlashMask attention: the mask is given per key column by row ranges (startend_row_indices), or by a
    sliding window; computed densely on CPU.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> q = paddle.rand((1, 10, 2, 8))
            >>> idx = paddle.to_tensor([8] * 10, dtype='int32').reshape([1, 1, 10, 1])
            >>> out = paddle.nn.functional.flashmask_attention(q, q, q, idx, causal=True)
            >>> out.shape
            paddle.Size([1, 10, 2, 8])
    """
    for i, (arg, t) in enumerate((("query", query), ("key", key), ("value", value))):
        _check4(t, "flashmask_attention", arg, i)
    sq, sk = query.shape[1], key.shape[1]
    if window_size is not None:
        assert startend_row_indices is None, "can't use window_size with startend_row_indices"
        left, right = (window_size, window_size) if isinstance(window_size, int) else window_size
        starts = np.clip(np.arange(left + 1, sq + left + 1), None, sq)
        if causal:
            idx = starts.reshape(1, 1, sq, 1)
        else:
            idx = np.stack([starts, np.clip(np.arange(-right, sq - right), 0, sq)], -1).reshape(1, 1, sq, 2)
        startend_row_indices = _T.to_tensor(idx.astype("int32"))
    if block_mask is not None:
        assert startend_row_indices is not None, "must provide startend_row_indices when using block_mask_attn"
    key, value = _repeat_kv(key, value, query.shape[2] // key.shape[2])
    if startend_row_indices is None:
        mask = None
    else:
        mask = _flashmask_dense(startend_row_indices, sq, sk, causal, query.dtype)
        causal = False
    out = _math(query, key, value, mask, dropout, causal, False, training, softmax_scale)[0]
    outputs = [out]
    if return_softmax_lse:
        s = softmax_scale or query.shape[-1] ** -0.5
        scores = _T.matmul(_T.transpose(query, [0, 2, 1, 3]) * s, _T.transpose(key, [0, 2, 1, 3]), transpose_y=True)
        if mask is not None:
            scores = scores + mask
        outputs.append(_T.logsumexp(scores, axis=-1))
    if return_seed_offset:
        outputs.append(_T.to_tensor([0, 0], dtype="int64"))
    return outputs[0] if len(outputs) == 1 else outputs


def calc_reduced_attention_scores(query, key, softmax_lse):
    """sum over query positions of softmax(Q K^T / sqrt(d)): [batch, heads, 1, seqlen_k] (inference only).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.nn.functional.flash_attention import calc_reduced_attention_scores
            >>> q = paddle.rand((1, 4, 2, 8))
            >>> s = q.transpose([0, 2, 1, 3]) @ q.transpose([0, 2, 3, 1]) / 8 ** 0.5
            >>> calc_reduced_attention_scores(q, q, paddle.logsumexp(s, -1)).shape
            paddle.Size([1, 2, 1, 4])
    """
    assert query.stop_gradient and key.stop_gradient, "calc_reduced_attention_scores() is for inference only."
    d = query.shape[-1]
    scores = _T.matmul(_T.transpose(query, [0, 2, 1, 3]), _T.transpose(key, [0, 2, 1, 3]), transpose_y=True)
    lse = softmax_lse[..., :query.shape[1]].astype("float32")
    probs = _T.exp(scores.astype("float32") * (d ** -0.5) - _T.unsqueeze(lse, -1))
    return probs.sum(axis=-2, keepdim=True)


@contextlib.contextmanager
def sdp_kernel(enable_math=False, enable_flash=True, enable_mem_efficient=True):
    """Select scaled_dot_product_attention backends (CPU always computes the math form).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.nn.functional.flash_attention import sdp_kernel
            >>> with sdp_kernel(enable_math=True):
            ...     pass
    """
    if not (enable_math or enable_flash or enable_mem_efficient):
        raise ValueError("At least one backend must be enabled")
    yield
