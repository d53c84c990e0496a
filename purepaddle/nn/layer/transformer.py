"""paddle.nn transformer layers: MultiHeadAttention, TransformerEncoder(Layer), TransformerDecoder(Layer), Transformer.

MultiHeadAttention keeps the projections in [batch, seq, heads, head_dim] and runs the attention core as
the fused `flash_attn` op (one batched matmul over all heads each way, softmax and dropout inside, no
transposed copies). With need_weights=True it uses Paddle's composed form so the returned weights are
part of the graph. Caches hold [batch, heads, seq, head_dim] tensors, as in Paddle.
"""
import collections
import copy

import numpy as np

from ... import tensor as _T
from ..._core import dtype as _dt
from ..._core.dispatch import apply
from ...ops.flash_attention import FlashAttn as _FlashAttn
from .. import functional as F
from ..param_attr import ParamAttr
from .common import Dropout, Linear
from .container import LayerList
from .layers import Layer
from .norm import LayerNorm

__all__ = ["MultiHeadAttention", "TransformerEncoderLayer", "TransformerEncoder", "TransformerDecoderLayer",
           "TransformerDecoder", "Transformer"]


def _convert_param_attr_to_list(param_attr, n):
    """n ParamAttrs from one attr (names suffixed _0.._n-1), a list/tuple of n, or a bool."""
    if isinstance(param_attr, (list, tuple)):
        assert len(param_attr) == n, f"length of param_attr should be {n} when it is a list/tuple"
        return [(ParamAttr._to_attr(None) if a else False) if isinstance(a, bool) else ParamAttr._to_attr(a)
                for a in param_attr]
    if isinstance(param_attr, bool):
        return [ParamAttr._to_attr(None) for _ in range(n)] if param_attr else [False] * n
    attr = ParamAttr._to_attr(param_attr)
    attrs = []
    for i in range(n):
        a = copy.deepcopy(attr)
        if attr.name:
            a.name = f"{a.name}_{i}"
        attrs.append(a)
    return attrs


def _convert_attention_mask(attn_mask, dtype):
    """A bool/int mask (True/1 = attend) -> additive 0 / -1e9; a float mask is cast to `dtype`."""
    if attn_mask is not None and attn_mask.dtype != _dt.convert_dtype(dtype):
        if attn_mask.dtype == _dt.bool_ or attn_mask.dtype.is_integer:
            attn_mask = (_T.cast(attn_mask, dtype) - 1.0) * 1e9
        else:
            attn_mask = _T.cast(attn_mask, dtype)
    return attn_mask


def _bhsd(x):
    """[B, S, H, D] <-> [B, H, S, D]."""
    return _T.transpose(x, [0, 2, 1, 3])


class MultiHeadAttention(Layer):
    """Multi-head attention: project query/key/value, attend per head, concatenate, project.

    forward(query, key=None, value=None, attn_mask=None, cache=None) returns out, or a tuple with the
    weights ([batch, heads, q_len, k_len], when need_weights) and/or the new cache.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> query = paddle.rand((2, 4, 128))
            >>> attn_mask = paddle.rand((2, 2, 4, 4))
            >>> multi_head_attn = paddle.nn.MultiHeadAttention(128, 2)
            >>> multi_head_attn(query, None, None, attn_mask=attn_mask).shape
            paddle.Size([2, 4, 128])
    """

    Cache = collections.namedtuple("Cache", ["k", "v"])
    StaticCache = collections.namedtuple("StaticCache", ["k", "v"])

    def __init__(self, embed_dim, num_heads, dropout=0.0, kdim=None, vdim=None, need_weights=False,
                 weight_attr=None, bias_attr=None):
        super().__init__()
        assert embed_dim > 0, f"Expected embed_dim to be greater than 0, but received {embed_dim}"
        assert num_heads > 0, f"Expected num_heads to be greater than 0, but received {num_heads}"
        self.embed_dim = embed_dim
        self.kdim = kdim if kdim is not None else embed_dim
        self.vdim = vdim if vdim is not None else embed_dim
        self.num_heads = num_heads
        self.dropout = dropout
        self.need_weights = need_weights
        self.head_dim = embed_dim // num_heads
        assert self.head_dim * num_heads == self.embed_dim, "embed_dim must be divisible by num_heads"
        self.q_proj = Linear(embed_dim, embed_dim, weight_attr, bias_attr=bias_attr)
        self.k_proj = Linear(self.kdim, embed_dim, weight_attr, bias_attr=bias_attr)
        self.v_proj = Linear(self.vdim, embed_dim, weight_attr, bias_attr=bias_attr)
        self.out_proj = Linear(embed_dim, embed_dim, weight_attr, bias_attr=bias_attr)

    def _split(self, x):
        return _T.reshape(x, [0, 0, self.num_heads, self.head_dim])

    def compute_kv(self, key, value):
        """Project and split heads: (k, v), each [batch, num_heads, seq_len, head_dim]."""
        return _bhsd(self._split(self.k_proj(key))), _bhsd(self._split(self.v_proj(value)))

    def gen_cache(self, key, value=None, type=Cache):  # noqa: A002
        """A StaticCache of compute_kv(key, value), an empty Cache (value None) or Cache(key, value)."""
        if type == MultiHeadAttention.StaticCache:
            return self.StaticCache(*self.compute_kv(key, value))
        if value is None:
            shape = [key.shape[0], self.num_heads, 0, self.head_dim]
            return self.Cache(_T.full(shape, 0, key.dtype), _T.full(shape, 0, key.dtype))
        return self.Cache(key, value)

    def _prepare_qkv(self, query, key, value, cache=None):
        """q [B, S, H, D]; k, v [B, H, S, D] (with the cache applied); and the new cache."""
        q = self._split(self.q_proj(query))
        if isinstance(cache, self.StaticCache):
            k, v = cache.k, cache.v
        else:
            k, v = self.compute_kv(key, value)
        if isinstance(cache, self.Cache):
            k = _T.concat([cache.k, k], axis=2)
            v = _T.concat([cache.v, v], axis=2)
            cache = self.Cache(k, v)
        return q, k, v, cache

    def forward(self, query, key=None, value=None, attn_mask=None, cache=None):
        key = query if key is None else key
        value = query if value is None else value
        p = float(self.dropout) if self.training else 0.0
        weights = None
        if cache is None and not self.need_weights:
            # the hot path: everything stays [B, S, H, D]
            q = self._split(self.q_proj(query))
            k = self._split(self.k_proj(key))
            v = self._split(self.v_proj(value))
        else:
            q, k, v, cache = self._prepare_qkv(query, key, value, cache)
            k, v = _bhsd(k), _bhsd(v)
        if attn_mask is not None:
            attn_mask = _convert_attention_mask(attn_mask, q.dtype)
        if not self.need_weights:
            out = apply(_FlashAttn, q, k, v, None, attn_mask, dropout=p, causal=False, return_softmax=False,
                        is_test=not self.training, rng_name="", scale=float(self.head_dim ** -0.5))[0]
        else:
            product = _T.matmul(_bhsd(q) * (self.head_dim ** -0.5), _bhsd(k), transpose_y=True)
            if attn_mask is not None:
                product = product + attn_mask
            weights = F.softmax(product)
            if self.dropout:
                weights = F.dropout(weights, self.dropout, training=self.training, mode="upscale_in_train")
            out = _bhsd(_T.matmul(weights, _bhsd(v)))
        out = self.out_proj(_T.reshape(out, [0, 0, self.embed_dim]))
        outs = [out]
        if self.need_weights:
            outs.append(weights)
        if cache is not None:
            outs.append(cache)
        return out if len(outs) == 1 else tuple(outs)


def _ffn_block(layer, x):
    return layer.linear2(layer.dropout(layer.activation(layer.linear1(x))))


def _layer_config(d_model, nhead, dim_feedforward, dropout, activation, attn_dropout, act_dropout,
                  normalize_before, weight_attr, bias_attr, layer_norm_eps):
    """The encoder/decoder layers' checked arguments, kept so Encoder/Decoder can build siblings."""
    assert d_model > 0, f"Expected d_model to be greater than 0, but received {d_model}"
    assert nhead > 0, f"Expected nhead to be greater than 0, but received {nhead}"
    assert dim_feedforward > 0, ("Expected dim_feedforward to be greater than 0, "
                                 f"but received {dim_feedforward}")
    return {"d_model": d_model, "nhead": nhead, "dim_feedforward": dim_feedforward, "dropout": dropout,
            "activation": activation, "attn_dropout": attn_dropout, "act_dropout": act_dropout,
            "normalize_before": normalize_before, "weight_attr": weight_attr, "bias_attr": bias_attr,
            "layer_norm_eps": layer_norm_eps}


class TransformerEncoderLayer(Layer):
    """Self-attention and a feed-forward block, each with dropout, residual and layer norm (pre- or post-).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> enc_input = paddle.rand((2, 4, 128))
            >>> attn_mask = paddle.rand((2, 2, 4, 4))
            >>> encoder_layer = paddle.nn.TransformerEncoderLayer(128, 2, 512)
            >>> encoder_layer(enc_input, attn_mask).shape
            paddle.Size([2, 4, 128])
    """

    def __init__(self, d_model, nhead, dim_feedforward, dropout=0.1, activation="relu", attn_dropout=None,
                 act_dropout=None, normalize_before=False, weight_attr=None, bias_attr=None, layer_norm_eps=1e-5):
        self._config = _layer_config(d_model, nhead, dim_feedforward, dropout, activation, attn_dropout,
                                     act_dropout, normalize_before, weight_attr, bias_attr, layer_norm_eps)
        super().__init__()
        attn_dropout = dropout if attn_dropout is None else attn_dropout
        act_dropout = dropout if act_dropout is None else act_dropout
        self.normalize_before = normalize_before
        weight_attrs = _convert_param_attr_to_list(weight_attr, 2)
        bias_attrs = _convert_param_attr_to_list(bias_attr, 2)
        self.self_attn = MultiHeadAttention(d_model, nhead, dropout=attn_dropout, weight_attr=weight_attrs[0],
                                            bias_attr=bias_attrs[0])
        self.linear1 = Linear(d_model, dim_feedforward, weight_attrs[1], bias_attr=bias_attrs[1])
        self.dropout = Dropout(act_dropout, mode="upscale_in_train")
        self.linear2 = Linear(dim_feedforward, d_model, weight_attrs[1], bias_attr=bias_attrs[1])
        self.norm1 = LayerNorm(d_model, layer_norm_eps)
        self.norm2 = LayerNorm(d_model, layer_norm_eps)
        self.dropout1 = Dropout(dropout, mode="upscale_in_train")
        self.dropout2 = Dropout(dropout, mode="upscale_in_train")
        self.activation = getattr(F, activation)

    def forward(self, src, src_mask=None, cache=None):
        src_mask = _convert_attention_mask(src_mask, src.dtype)
        residual = src
        if self.normalize_before:
            src = self.norm1(src)
        if cache is None:
            src = self.self_attn(src, src, src, src_mask)
        else:
            src, incremental_cache = self.self_attn(src, src, src, src_mask, cache)
        src = residual + self.dropout1(src)
        if not self.normalize_before:
            src = self.norm1(src)
        residual = src
        if self.normalize_before:
            src = self.norm2(src)
        src = residual + self.dropout2(_ffn_block(self, src))
        if not self.normalize_before:
            src = self.norm2(src)
        return src if cache is None else (src, incremental_cache)

    def gen_cache(self, src):
        """An empty incremental MultiHeadAttention.Cache for self attention."""
        return self.self_attn.gen_cache(src, type=self.self_attn.Cache)


class TransformerEncoder(Layer):
    """A stack of num_layers encoder layers (the first is `encoder_layer`, the others new ones with its
    configuration) and an optional final norm.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.nn import TransformerEncoderLayer, TransformerEncoder
            >>> encoder = TransformerEncoder(TransformerEncoderLayer(128, 2, 512), 2)
            >>> encoder(paddle.rand((2, 4, 128)), paddle.rand((2, 2, 4, 4))).shape
            paddle.Size([2, 4, 128])
    """

    def __init__(self, encoder_layer, num_layers, norm=None):
        super().__init__()
        self.layers = LayerList([encoder_layer if i == 0 else type(encoder_layer)(**encoder_layer._config)
                                 for i in range(num_layers)])
        self.num_layers = num_layers
        self.norm = norm

    def forward(self, src, src_mask=None, cache=None):
        src_mask = _convert_attention_mask(src_mask, src.dtype)
        output = src
        new_caches = []
        for i, mod in enumerate(self.layers):
            if cache is None:
                output = mod(output, src_mask=src_mask)
            else:
                output, new_cache = mod(output, src_mask=src_mask, cache=cache[i])
                new_caches.append(new_cache)
        if self.norm is not None:
            output = self.norm(output)
        return output if cache is None else (output, new_caches)

    def gen_cache(self, src):
        """One incremental cache per layer."""
        return [layer.gen_cache(src) for layer in self.layers]


class TransformerDecoderLayer(Layer):
    """Self-attention, cross-attention over the encoder memory and a feed-forward block.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> dec_input, enc_output = paddle.rand((2, 4, 128)), paddle.rand((2, 6, 128))
            >>> decoder_layer = paddle.nn.TransformerDecoderLayer(128, 2, 512)
            >>> decoder_layer(dec_input, enc_output, paddle.rand((2, 2, 4, 4)), paddle.rand((2, 2, 4, 6))).shape
            paddle.Size([2, 4, 128])
    """

    def __init__(self, d_model, nhead, dim_feedforward, dropout=0.1, activation="relu", attn_dropout=None,
                 act_dropout=None, normalize_before=False, weight_attr=None, bias_attr=None, layer_norm_eps=1e-5):
        self._config = _layer_config(d_model, nhead, dim_feedforward, dropout, activation, attn_dropout,
                                     act_dropout, normalize_before, weight_attr, bias_attr, layer_norm_eps)
        super().__init__()
        attn_dropout = dropout if attn_dropout is None else attn_dropout
        act_dropout = dropout if act_dropout is None else act_dropout
        self.normalize_before = normalize_before
        weight_attrs = _convert_param_attr_to_list(weight_attr, 3)
        bias_attrs = _convert_param_attr_to_list(bias_attr, 3)
        self.self_attn = MultiHeadAttention(d_model, nhead, dropout=attn_dropout, weight_attr=weight_attrs[0],
                                            bias_attr=bias_attrs[0])
        self.cross_attn = MultiHeadAttention(d_model, nhead, dropout=attn_dropout, weight_attr=weight_attrs[1],
                                             bias_attr=bias_attrs[1])
        self.linear1 = Linear(d_model, dim_feedforward, weight_attrs[2], bias_attr=bias_attrs[2])
        self.dropout = Dropout(act_dropout, mode="upscale_in_train")
        self.linear2 = Linear(dim_feedforward, d_model, weight_attrs[2], bias_attr=bias_attrs[2])
        self.norm1 = LayerNorm(d_model, layer_norm_eps)
        self.norm2 = LayerNorm(d_model, layer_norm_eps)
        self.norm3 = LayerNorm(d_model, layer_norm_eps)
        self.dropout1 = Dropout(dropout, mode="upscale_in_train")
        self.dropout2 = Dropout(dropout, mode="upscale_in_train")
        self.dropout3 = Dropout(dropout, mode="upscale_in_train")
        self.activation = getattr(F, activation)

    def forward(self, tgt, memory, tgt_mask=None, memory_mask=None, cache=None):
        tgt_mask = _convert_attention_mask(tgt_mask, tgt.dtype)
        memory_mask = _convert_attention_mask(memory_mask, memory.dtype)
        residual = tgt
        if self.normalize_before:
            tgt = self.norm1(tgt)
        if cache is None:
            tgt = self.self_attn(tgt, tgt, tgt, tgt_mask, None)
        else:
            tgt, incremental_cache = self.self_attn(tgt, tgt, tgt, tgt_mask, cache[0])
        tgt = residual + self.dropout1(tgt)
        if not self.normalize_before:
            tgt = self.norm1(tgt)
        residual = tgt
        if self.normalize_before:
            tgt = self.norm2(tgt)
        if cache is None:
            tgt = self.cross_attn(tgt, memory, memory, memory_mask, None)
        else:
            tgt, static_cache = self.cross_attn(tgt, memory, memory, memory_mask, cache[1])
        tgt = residual + self.dropout2(tgt)
        if not self.normalize_before:
            tgt = self.norm2(tgt)
        residual = tgt
        if self.normalize_before:
            tgt = self.norm3(tgt)
        tgt = residual + self.dropout3(_ffn_block(self, tgt))
        if not self.normalize_before:
            tgt = self.norm3(tgt)
        return tgt if cache is None else (tgt, (incremental_cache, static_cache))

    def gen_cache(self, memory):
        """(incremental Cache for self attention, StaticCache of the memory for cross attention)."""
        incremental_cache = self.self_attn.gen_cache(memory, type=self.self_attn.Cache)
        static_cache = self.cross_attn.gen_cache(memory, memory, type=self.cross_attn.StaticCache)
        return incremental_cache, static_cache


class TransformerDecoder(Layer):
    """A stack of num_layers decoder layers (new ones with the configuration of `decoder_layer`) and an
    optional final norm.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.nn import TransformerDecoderLayer, TransformerDecoder
            >>> decoder = TransformerDecoder(TransformerDecoderLayer(128, 2, 512), 2)
            >>> decoder(paddle.rand((2, 4, 128)), paddle.rand((2, 6, 128))).shape
            paddle.Size([2, 4, 128])
    """

    def __init__(self, decoder_layer, num_layers, norm=None):
        super().__init__()
        self.layers = LayerList([decoder_layer if i == 0 else type(decoder_layer)(**decoder_layer._config)
                                 for i in range(num_layers)])
        self.num_layers = num_layers
        self.norm = norm

    def forward(self, tgt, memory, tgt_mask=None, memory_mask=None, cache=None):
        tgt_mask = _convert_attention_mask(tgt_mask, tgt.dtype)
        memory_mask = _convert_attention_mask(memory_mask, memory.dtype)
        output = tgt
        new_caches = []
        for i, mod in enumerate(self.layers):
            if cache is None:
                output = mod(output, memory, tgt_mask=tgt_mask, memory_mask=memory_mask, cache=None)
            else:
                output, new_cache = mod(output, memory, tgt_mask=tgt_mask, memory_mask=memory_mask, cache=cache[i])
                new_caches.append(new_cache)
        if self.norm is not None:
            output = self.norm(output)
        return output if cache is None else (output, new_caches)

    def gen_cache(self, memory, do_zip=False):
        """One (incremental, static) cache pair per layer; do_zip regroups them into two tuples."""
        cache = [layer.gen_cache(memory) for layer in self.layers]
        if do_zip:
            cache = list(zip(*cache))
        return cache


def _split_attrs(attr, what):
    """Paddle's rule spreading a 1/2/3-element attr list over the encoder (2) and decoder (3) layers."""
    if not isinstance(attr, (list, tuple)):
        return attr, attr
    if len(attr) == 1:
        return [attr[0]] * 2, [attr[0]] * 3
    if len(attr) == 2:
        return attr, [attr[0], attr[0], attr[-1]]
    if len(attr) == 3:
        return [attr[0], attr[-1]], attr
    raise AssertionError(f"length of {what} should be 1 or 2 or 3 when it is a list/tuple")


class Transformer(Layer):
    """Encoder-decoder Transformer (final layer norms on both stacks); forward(src, tgt, src_mask=None,
    tgt_mask=None, memory_mask=None) returns the decoder output.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> transformer = paddle.nn.Transformer(128, 2, 4, 4, 512)
            >>> out = transformer(paddle.rand((2, 4, 128)), paddle.rand((2, 6, 128)))
            >>> out.shape
            paddle.Size([2, 6, 128])
    """

    def __init__(self, d_model=512, nhead=8, num_encoder_layers=6, num_decoder_layers=6, dim_feedforward=2048,
                 dropout=0.1, activation="relu", attn_dropout=None, act_dropout=None, normalize_before=False,
                 weight_attr=None, bias_attr=None, custom_encoder=None, custom_decoder=None):
        super().__init__()
        assert d_model > 0, f"Expected d_model to be greater than 0, but received {d_model}"
        assert nhead > 0, f"Expected nhead to be greater than 0, but received {nhead}"
        assert dim_feedforward > 0, ("Expected dim_feedforward to be greater than 0, "
                                     f"but received {dim_feedforward}")
        enc_bias, dec_bias = _split_attrs(bias_attr, "bias_attr")
        enc_weight, dec_weight = _split_attrs(weight_attr, "weight_attr")
        if custom_encoder is not None:
            self.encoder = custom_encoder
        else:
            layer = TransformerEncoderLayer(d_model, nhead, dim_feedforward, dropout, activation, attn_dropout,
                                            act_dropout, normalize_before, enc_weight, enc_bias)
            self.encoder = TransformerEncoder(layer, num_encoder_layers, LayerNorm(d_model))
        if custom_decoder is not None:
            self.decoder = custom_decoder
        else:
            layer = TransformerDecoderLayer(d_model, nhead, dim_feedforward, dropout, activation, attn_dropout,
                                            act_dropout, normalize_before, dec_weight, dec_bias)
            self.decoder = TransformerDecoder(layer, num_decoder_layers, LayerNorm(d_model))
        self.d_model = d_model
        self.nhead = nhead

    def forward(self, src, tgt, src_mask=None, tgt_mask=None, memory_mask=None):
        src_mask = _convert_attention_mask(src_mask, src.dtype)
        memory = self.encoder(src, src_mask=src_mask)
        tgt_mask = _convert_attention_mask(tgt_mask, tgt.dtype)
        memory_mask = _convert_attention_mask(memory_mask, memory.dtype)
        return self.decoder(tgt, memory, tgt_mask=tgt_mask, memory_mask=memory_mask)

    def generate_square_subsequent_mask(self, length):
        """A [length, length] mask with -inf above the diagonal and 0 elsewhere (the default float dtype).

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> paddle.nn.Transformer(128, 2, 1, 1, 256).generate_square_subsequent_mask(3)
                Tensor(shape=[3, 3], dtype=float32, place=Place(cpu), stop_gradient=True,
                       [[ 0.  , -inf., -inf.],
                        [ 0.  ,  0.  , -inf.],
                        [ 0.  ,  0.  ,  0.  ]])
        """
        if not isinstance(length, int):
            length = int(np.asarray(length.numpy() if hasattr(length, "numpy") else length).reshape(-1)[0])
        return _T.triu(_T.full([length, length], -np.inf, dtype=_dt.get_default_dtype()), 1)
