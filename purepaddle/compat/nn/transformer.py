"""torch.nn.MultiheadAttention in Paddle's compat form: torch's parameters (in_proj_weight [3E, E] or
q/k/v_proj_weight, in_proj_bias, out_proj, bias_k/bias_v), sequence-first inputs unless batch_first, boolean
masks where True means "do not attend", additive float masks, and averaged attention weights."""
from ... import tensor as T
from ..._core import dtype as _dt
from ...framework.dtype_info import finfo
from ...nn import Layer
from ...nn import functional as F
from ...nn.initializer import XavierNormal, XavierUniform
from .layers import Linear

__all__ = ["MultiheadAttention"]


def _additive(mask, dtype):
    """A boolean mask (True = masked) as an additive float mask (the dtype's lowest value where masked)."""
    if mask.dtype != _dt.bool_:
        return mask.astype(dtype)
    low = T.full([], float(finfo(dtype).min), dtype=dtype)
    return T.where(mask, low, T.zeros([], dtype=dtype))


class MultiheadAttention(Layer):
    """torch.nn.MultiheadAttention.

    Args:
        embed_dim (int): the model width E.
        num_heads (int): heads (E must divide by it).
        dropout (float): dropout on the attention weights while training.
        bias (bool): input/output projection biases.
        add_bias_kv (bool): append a learnt key and value to the sequence.
        add_zero_attn (bool): append a zero key and value.
        kdim, vdim (int, optional): key / value widths (default E).
        batch_first (bool): inputs [batch, seq, E] (else [seq, batch, E]).
        device: the place (one CPU here).
        dtype (str, optional): the parameters' dtype.

    Examples:
        >>> import purepaddle as paddle
        >>> mha = paddle.compat.nn.MultiheadAttention(8, 2)
        >>> x = paddle.rand([5, 3, 8])
        >>> out, weights = mha(x, x, x)
        >>> out.shape, weights.shape
        (paddle.Size([5, 3, 8]), paddle.Size([3, 5, 5]))
    """

    def __init__(self, embed_dim, num_heads, dropout=0.0, bias=True, add_bias_kv=False, add_zero_attn=False,
                 kdim=None, vdim=None, batch_first=False, device=None, dtype=None):
        super().__init__()
        if dtype is not None:
            self._dtype = dtype
        self.embed_dim = embed_dim
        self.kdim = kdim if kdim is not None else embed_dim
        self.vdim = vdim if vdim is not None else embed_dim
        self._qkv_same_embed_dim = self.kdim == embed_dim and self.vdim == embed_dim
        self.num_heads, self.dropout, self.batch_first = num_heads, dropout, batch_first
        self.head_dim = embed_dim // num_heads
        if self.head_dim * num_heads != embed_dim:
            raise AssertionError("embed_dim must be divisible by num_heads")
        self.in_proj_bias = self.q_proj_bias = self.k_proj_bias = self.v_proj_bias = None
        par = self.create_parameter
        if self._qkv_same_embed_dim:
            self.in_proj_weight = par([3 * embed_dim, embed_dim], dtype=self._dtype,
                                      default_initializer=XavierUniform())
            self.q_proj_weight = self.k_proj_weight = self.v_proj_weight = None
            if bias:
                self.in_proj_bias = par([3 * embed_dim], dtype=self._dtype, is_bias=True)
        else:
            self.q_proj_weight = par([embed_dim, embed_dim], dtype=self._dtype, default_initializer=XavierUniform())
            self.k_proj_weight = par([embed_dim, self.kdim], dtype=self._dtype, default_initializer=XavierUniform())
            self.v_proj_weight = par([embed_dim, self.vdim], dtype=self._dtype, default_initializer=XavierUniform())
            self.in_proj_weight = None
            if bias:
                self.q_proj_bias = par([embed_dim], dtype=self._dtype, is_bias=True)
                self.k_proj_bias = par([embed_dim], dtype=self._dtype, is_bias=True)
                self.v_proj_bias = par([embed_dim], dtype=self._dtype, is_bias=True)
        self.out_proj = Linear(embed_dim, embed_dim, bias=bias, dtype=self._dtype)
        self.add_bias_kv, self.add_zero_attn = add_bias_kv, add_zero_attn
        if add_bias_kv:
            self.bias_k = par([1, 1, embed_dim], dtype=self._dtype, is_bias=True, default_initializer=XavierNormal())
            self.bias_v = par([1, 1, embed_dim], dtype=self._dtype, is_bias=True, default_initializer=XavierNormal())
        else:
            self.bias_k = self.bias_v = None

    def _project(self, query, key, value):
        if self._qkv_same_embed_dim:
            w = self.in_proj_weight.chunk(3, axis=0)
            b = self.in_proj_bias.chunk(3, axis=0) if self.in_proj_bias is not None else (None,) * 3
        else:
            w = (self.q_proj_weight, self.k_proj_weight, self.v_proj_weight)
            b = (self.q_proj_bias, self.k_proj_bias, self.v_proj_bias)
        return tuple(F.linear(t, wi.T, bi) for t, wi, bi in zip((query, key, value), w, b))

    def _heads(self, t, batch):
        return t.reshape([batch, t.shape[1], self.num_heads, self.head_dim]).transpose([0, 2, 1, 3])

    def forward(self, query, key, value, key_padding_mask=None, need_weights=True, attn_mask=None,
                average_attn_weights=True, is_causal=False):
        batched = query.dim() == 3
        if not batched:
            axis = 0 if self.batch_first else 1
            query, key, value = query.unsqueeze(axis), key.unsqueeze(axis), value.unsqueeze(axis)
            if key_padding_mask is not None and key_padding_mask.dim() != 2:
                key_padding_mask = key_padding_mask.unsqueeze(0)
        if not self.batch_first:
            query, key, value = (t.transpose([1, 0, 2]) for t in (query, key, value))
        batch, tgt, _ = query.shape
        src = key.shape[1]
        q, k, v = self._project(query, key, value)
        if self.add_bias_kv:
            k = T.concat([k, self.bias_k.expand([batch, -1, -1])], axis=1)
            v = T.concat([v, self.bias_v.expand([batch, -1, -1])], axis=1)
        q, k, v = self._heads(q, batch), self._heads(k, batch), self._heads(v, batch)
        if self.add_zero_attn:
            z = T.zeros([batch, self.num_heads, 1, self.head_dim], dtype=k.dtype)
            k, v = T.concat([k, z], axis=2), T.concat([v, z], axis=2)
        scores = T.matmul(q, k, transpose_y=True) / (self.head_dim ** 0.5)
        extra = int(self.add_bias_kv) + int(self.add_zero_attn)  # appended keys nobody masks
        mask = None
        if attn_mask is None and is_causal:
            attn_mask = T.triu(T.ones([tgt, src], dtype="bool"), diagonal=1)
        if attn_mask is not None:
            m = _additive(attn_mask, scores.dtype)
            m = m.reshape([batch, self.num_heads, tgt, src]) if m.dim() == 3 else m
            mask = m if not extra else T.concat([m, T.zeros([*m.shape[:-1], extra], dtype=m.dtype)], axis=-1)
        if key_padding_mask is not None:
            kp = _additive(key_padding_mask, scores.dtype).reshape([batch, 1, 1, src])
            if extra:
                kp = T.concat([kp, T.zeros([batch, 1, 1, extra], dtype=kp.dtype)], axis=-1)
            mask = kp if mask is None else mask + kp
        if mask is not None:
            scores = scores + mask
        weights = F.dropout(F.softmax(scores, axis=-1), self.dropout, training=self.training)
        out = T.matmul(weights, v).transpose([0, 2, 1, 3]).reshape([batch, tgt, self.embed_dim])
        out = self.out_proj(out)
        if not self.batch_first:
            out = out.transpose([1, 0, 2])
        if not need_weights:
            weights = None
        elif average_attn_weights:
            weights = weights.mean(axis=1)
        if not batched:
            out = out.squeeze(0 if self.batch_first else 1)
            if weights is not None:
                weights = weights.squeeze(0)
        return out, weights
