"""paddle.incubate.nn's fused transformer layers: FusedMultiHeadAttention, FusedTransformerEncoderLayer and
FusedMultiTransformer, with Paddle's parameter layouts, computed as the unfused math."""
from ... import tensor as _t
from ...nn import Layer, LayerList
from ...nn import functional as _F
from ...nn.initializer import Constant
from ...nn.layer.transformer import _convert_attention_mask, _convert_param_attr_to_list
from .fused_attention import fused_multi_head_attention
from .layers import FusedFeedForward

__all__ = ["FusedMultiHeadAttention", "FusedTransformerEncoderLayer", "FusedMultiTransformer"]


class FusedMultiHeadAttention(Layer):
    """Self-attention with its layer norm and residual in one layer (fused_multi_head_attention).

    Args:
        embed_dim (int): model width.
        num_heads (int): heads (embed_dim must divide by it).
        dropout_rate (float, optional): dropout after the output projection. Default 0.5.
        attn_dropout_rate (float, optional): dropout on the attention weights. Default 0.5.
        kdim, vdim (int, optional): kept for Paddle's signature (keys and values come from the query).
        normalize_before (bool, optional): pre-layer-norm (True) or post (False). Default False.
        need_weights (bool, optional): only False, as in Paddle.
        qkv_weight_attr, qkv_bias_attr, linear_weight_attr, linear_bias_attr, pre_ln_scale_attr, pre_ln_bias_attr,
        ln_scale_attr, ln_bias_attr (ParamAttr, optional): the parameters' attributes.
        epsilon (float, optional): layer-norm epsilon. Default 1e-5.
        nranks (int, optional): tensor-parallel ranks; 1 on one process.
        ring_id (int, optional): tensor-parallel ring; -1.
        transpose_qkv_wb (bool, optional): qkv weight [embed_dim, 3 * embed_dim] instead of
            [3, num_heads, head_dim, embed_dim]. Default False.
        name (str, optional): unused.

    Returns:
        FusedMultiHeadAttention: a Layer; forward(query, key=None, value=None, attn_mask=None, cache=None).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> attn = paddle.incubate.nn.FusedMultiHeadAttention(8, 2, dropout_rate=0.0, attn_dropout_rate=0.0)
            >>> print(attn(paddle.rand([2, 4, 8])).shape)
            paddle.Size([2, 4, 8])
    """

    def __init__(self, embed_dim, num_heads, dropout_rate=0.5, attn_dropout_rate=0.5, kdim=None, vdim=None,
                 normalize_before=False, need_weights=False, qkv_weight_attr=None, qkv_bias_attr=None,
                 linear_weight_attr=None, linear_bias_attr=None, pre_ln_scale_attr=None, pre_ln_bias_attr=None,
                 ln_scale_attr=None, ln_bias_attr=None, epsilon=1e-5, nranks=1, ring_id=-1, transpose_qkv_wb=False,
                 name=None):
        super().__init__()
        if embed_dim <= 0:
            raise AssertionError(f"Expected embed_dim to be greater than 0, but received {embed_dim}")
        if num_heads <= 0:
            raise AssertionError(f"Expected nhead to be greater than 0, but received {num_heads}")
        if embed_dim % num_heads:
            raise AssertionError("embed_dim must be divisible by num_heads")
        if need_weights:
            raise AssertionError("Only support need_weight is False now.")
        if nranks != 1:
            raise NotImplementedError("FusedMultiHeadAttention: tensor parallelism (nranks > 1) is not supported "
                                      "by purepaddle")
        self.normalize_before = normalize_before
        self._epsilon, self._ring_id = epsilon, ring_id
        self.embed_dim, self.num_heads, self.head_dim = embed_dim, num_heads, embed_dim // num_heads
        self.kdim, self.vdim, self.need_weights = kdim, vdim, need_weights
        self.transpose_qkv_wb = transpose_qkv_wb
        mk = self.create_parameter
        if transpose_qkv_wb:
            qkv_w, qkv_b = [embed_dim, 3 * embed_dim], [3 * embed_dim]
        else:
            qkv_w, qkv_b = [3, num_heads, self.head_dim, embed_dim], [3, num_heads, self.head_dim]
        self.qkv_weight = mk(shape=qkv_w, attr=qkv_weight_attr, dtype=self._dtype)
        self.qkv_bias = mk(shape=qkv_b, attr=qkv_bias_attr, dtype=self._dtype, is_bias=True)
        self.linear_weight = mk(shape=[embed_dim, embed_dim], attr=linear_weight_attr, dtype=self._dtype)
        self.linear_bias = mk(shape=[embed_dim], attr=linear_bias_attr, dtype=self._dtype, is_bias=True)
        one = Constant(1.0)
        if normalize_before:
            self.pre_ln_scale = mk(shape=[embed_dim], attr=pre_ln_scale_attr, default_initializer=one)
            self.pre_ln_bias = mk(shape=[embed_dim], attr=pre_ln_bias_attr, is_bias=True)
            self.ln_scale = self.ln_bias = None
        else:
            self.pre_ln_scale = self.pre_ln_bias = None
            self.ln_scale = mk(shape=[embed_dim], attr=ln_scale_attr, default_initializer=one)
            self.ln_bias = mk(shape=[embed_dim], attr=ln_bias_attr, is_bias=True)
        self.dropout_rate, self.attn_dropout_rate, self.name = dropout_rate, attn_dropout_rate, name

    def forward(self, query, key=None, value=None, attn_mask=None, cache=None):
        if attn_mask is not None:
            attn_mask = _convert_attention_mask(attn_mask, query.dtype)
        return fused_multi_head_attention(
            query, self.qkv_weight, self.linear_weight, self.normalize_before, self.pre_ln_scale, self.pre_ln_bias,
            self.ln_scale, self.ln_bias, self._epsilon, self.qkv_bias, self.linear_bias, cache, attn_mask,
            self.dropout_rate, self.attn_dropout_rate, self._epsilon, self.training, ring_id=self._ring_id,
            num_heads=self.num_heads, transpose_qkv_wb=self.transpose_qkv_wb)

    def extra_repr(self):
        name = f", name={self.name}" if self.name else ""
        return (f"embed_dim={self.embed_dim}, num_heads={self.num_heads}, dropout_rate={self.dropout_rate}, "
                f"attn_dropout_rate={self.attn_dropout_rate}, epsilon={self._epsilon}, kdim={self.kdim}, "
                f"vdim={self.vdim}, normalize_before={self.normalize_before}, need_weights={self.need_weights}, "
                f"dtype={self._dtype}{name}")


class FusedTransformerEncoderLayer(Layer):
    """A transformer encoder layer: FusedMultiHeadAttention then FusedFeedForward.

    Args:
        d_model (int): model width.
        nhead (int): heads.
        dim_feedforward (int): feed-forward hidden width.
        dropout_rate (float, optional): dropout after attention and feed-forward. Default 0.1.
        activation (str, optional): feed-forward activation. Default "relu".
        attn_dropout_rate (float, optional): attention-weight dropout; dropout_rate when None.
        act_dropout_rate (float, optional): dropout after the activation; dropout_rate when None.
        normalize_before (bool, optional): pre-layer-norm. Default False.
        weight_attr, bias_attr (ParamAttr|list, optional): attributes (one, or one per sub-layer).

    Returns:
        FusedTransformerEncoderLayer: a Layer; forward(src, src_mask=None, cache=None).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> layer = paddle.incubate.nn.FusedTransformerEncoderLayer(8, 2, 16, dropout_rate=0.0)
            >>> print(layer(paddle.rand([2, 4, 8])).shape)
            paddle.Size([2, 4, 8])
    """

    def __init__(self, d_model, nhead, dim_feedforward, dropout_rate=0.1, activation="relu", attn_dropout_rate=None,
                 act_dropout_rate=None, normalize_before=False, weight_attr=None, bias_attr=None):
        self._config = {k: v for k, v in locals().items() if k not in ("self", "__class__")}
        super().__init__()
        if d_model <= 0 or nhead <= 0 or dim_feedforward <= 0:
            raise AssertionError("Expected d_model, nhead and dim_feedforward to be greater than 0, but received "
                                 f"{d_model}, {nhead}, {dim_feedforward}")
        attn_dropout_rate = dropout_rate if attn_dropout_rate is None else attn_dropout_rate
        act_dropout_rate = dropout_rate if act_dropout_rate is None else act_dropout_rate
        self.normalize_before = normalize_before
        w, b = _convert_param_attr_to_list(weight_attr, 2), _convert_param_attr_to_list(bias_attr, 2)
        self.fused_attn = FusedMultiHeadAttention(
            d_model, nhead, dropout_rate=dropout_rate, attn_dropout_rate=attn_dropout_rate,
            normalize_before=normalize_before, qkv_weight_attr=w[0], qkv_bias_attr=b[0], linear_weight_attr=w[0],
            linear_bias_attr=b[0], pre_ln_scale_attr=w[0], pre_ln_bias_attr=b[0], ln_scale_attr=w[0],
            ln_bias_attr=b[0])
        self.ffn = FusedFeedForward(
            d_model, dim_feedforward, dropout_rate=dropout_rate, activation=activation,
            act_dropout_rate=act_dropout_rate, normalize_before=normalize_before, linear1_weight_attr=w[1],
            linear1_bias_attr=b[1], linear2_weight_attr=w[1], linear2_bias_attr=b[1])

    def forward(self, src, src_mask=None, cache=None):
        src_mask = _convert_attention_mask(src_mask, src.dtype)
        if cache is None:
            return self.ffn(self.fused_attn(src, attn_mask=src_mask))
        out, new_cache = self.fused_attn(src, attn_mask=src_mask, cache=cache)
        return self.ffn(out), new_cache


def _per_layer(attrs, i, num_layers):
    if isinstance(attrs, (list, tuple)):
        if len(attrs) != num_layers:
            raise AssertionError(f"expected {num_layers} attributes, got {len(attrs)}")
        return attrs[i]
    return attrs


class FusedMultiTransformer(Layer):
    """A stack of pre-layer-norm transformer layers with per-layer parameter lists, as Paddle's inference model
    builds them (LLM serving); computed here as the unfused math, for training and plain inference.

    Each layer: out = residual_alpha * x + dropout(attn(norm(x)) + linear_bias); then out = residual_alpha * out +
    dropout(ffn2(dropout(act(ffn1(norm(out)) + ffn1_bias))) + ffn2_bias), with norm layer_norm or rms_norm;
    post-layer-norm (normalize_before=False) normalises after each residual instead. The generation-time inputs
    (caches, pre_caches, rotary_embs, beam_offset, seq_lens, time_step) and grouped-query attention belong to
    Paddle's GPU decoding kernels and raise NotImplementedError.

    Args:
        embed_dim (int): model width.
        num_heads (int): heads.
        dim_feedforward (int): feed-forward hidden width.
        dropout_rate (float, optional): dropout. Default 0.0.
        activation (str, optional): "gelu", "relu", "silu", or "swiglu"/"geglu" (ffn1 twice as wide). Default
            "gelu".
        normalize_before (bool, optional): pre-layer-norm. Default True.
        ln_scale_attrs, ln_bias_attrs, qkv_weight_attrs, qkv_bias_attrs, linear_weight_attrs, linear_bias_attrs,
        ffn_ln_scale_attrs, ffn_ln_bias_attrs, ffn1_weight_attrs, ffn1_bias_attrs, ffn2_weight_attrs,
        ffn2_bias_attrs (ParamAttr|list, optional): one attribute, or one per layer; as in Paddle, a bias exists
            only when its attribute is given.
        epsilon (float, optional): norm epsilon. Default 1e-5.
        residual_alpha (float, optional): residual scale. Default 1.0.
        num_layers (int, optional): layers (the length of qkv_weight_attrs when that is a list). Default -1.
        nranks (int, optional): tensor-parallel ranks; 1.
        trans_qkvw (bool, optional): qkv weight [3, heads, head_dim, embed_dim] (True) or [embed_dim, 3, heads,
            head_dim]. Default True.
        ring_id (int, optional): -1.
        norm_type (str, optional): "layernorm" or "rmsnorm". Default "layernorm".
        use_neox_rotary_style (bool, optional): rotary layout (rotary embeddings are not supported).
        gqa_group_size (int, optional): grouped-query heads; only -1.
        name (str, optional): unused.

    Returns:
        FusedMultiTransformer: a Layer; forward(src, attn_mask=None, ...).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> layer = paddle.incubate.nn.FusedMultiTransformer(8, 2, 16, num_layers=2)
            >>> print(layer(paddle.rand([2, 4, 8])).shape)
            paddle.Size([2, 4, 8])
    """

    def __init__(self, embed_dim, num_heads, dim_feedforward, dropout_rate=0.0, activation="gelu",
                 normalize_before=True, ln_scale_attrs=None, ln_bias_attrs=None, qkv_weight_attrs=None,
                 qkv_bias_attrs=None, linear_weight_attrs=None, linear_bias_attrs=None, ffn_ln_scale_attrs=None,
                 ffn_ln_bias_attrs=None, ffn1_weight_attrs=None, ffn1_bias_attrs=None, ffn2_weight_attrs=None,
                 ffn2_bias_attrs=None, epsilon=1e-5, residual_alpha=1.0, num_layers=-1, nranks=1, trans_qkvw=True,
                 ring_id=-1, norm_type="layernorm", use_neox_rotary_style=False, gqa_group_size=-1, name=None):
        super().__init__()
        if embed_dim <= 0 or num_heads <= 0 or dim_feedforward <= 0:
            raise AssertionError("Expected embed_dim, num_heads and dim_feedforward to be greater than 0")
        if embed_dim % num_heads:
            raise AssertionError("embed_dim must be divisible by num_heads")
        if nranks != 1 or gqa_group_size > 0:
            raise NotImplementedError("FusedMultiTransformer: tensor parallelism and grouped-query attention are "
                                      "not supported by purepaddle")
        if norm_type not in ("layernorm", "rmsnorm"):
            raise ValueError(f"norm_type must be 'layernorm' or 'rmsnorm', got {norm_type!r}")
        self.normalize_before, self._epsilon, self._residual_alpha = normalize_before, epsilon, residual_alpha
        self._trans_qkvw, self._ring_id, self._norm_type = trans_qkvw, ring_id, norm_type
        self._use_neox_rotary_style, self._gqa_group_size = use_neox_rotary_style, gqa_group_size
        self._norm_weight_dtype = "float32" if norm_type == "layernorm" else self._dtype
        self.embed_dim, self.num_heads, self.head_dim = embed_dim, num_heads, embed_dim // num_heads
        self._dim_feedforward = dim_feedforward
        if isinstance(qkv_weight_attrs, (list, tuple)):
            num_layers = len(qkv_weight_attrs)
        if num_layers <= 0:
            raise AssertionError("num_layers must be positive (or qkv_weight_attrs a list)")
        names = ("ln_scales", "ln_biases", "qkv_weights", "qkv_biases", "linear_weights", "linear_biases",
                 "ffn_ln_scales", "ffn_ln_biases", "ffn1_weights", "ffn1_biases", "ffn2_weights", "ffn2_biases")
        lists = {n: [] for n in names}
        glu = activation.endswith("glu")
        ffn1 = dim_feedforward * 2 if glu else dim_feedforward
        one, norm_dtype = Constant(1.0), self._norm_weight_dtype
        qkv_shape = [3, num_heads, self.head_dim, embed_dim] if trans_qkvw else [embed_dim, 3, num_heads,
                                                                                   self.head_dim]
        for i in range(num_layers):
            a = {n: _per_layer(v, i, num_layers) for n, v in (
                ("ln_s", ln_scale_attrs), ("ln_b", ln_bias_attrs), ("qkv_w", qkv_weight_attrs),
                ("qkv_b", qkv_bias_attrs), ("lin_w", linear_weight_attrs), ("lin_b", linear_bias_attrs),
                ("fln_s", ffn_ln_scale_attrs), ("fln_b", ffn_ln_bias_attrs), ("f1_w", ffn1_weight_attrs),
                ("f1_b", ffn1_bias_attrs), ("f2_w", ffn2_weight_attrs), ("f2_b", ffn2_bias_attrs))}

            def mk(shape, attr, dtype=None, is_bias=False, init=None, optional=False):
                if optional and not attr:
                    return None
                return self.create_parameter(shape=shape, attr=attr, dtype=dtype or self._dtype, is_bias=is_bias,
                                             default_initializer=init)

            made = [mk([embed_dim], a["ln_s"], norm_dtype, init=one),
                    mk([embed_dim], a["ln_b"], norm_dtype, is_bias=True, optional=True),
                    mk(qkv_shape, a["qkv_w"]),
                    mk([3, num_heads, self.head_dim], a["qkv_b"], is_bias=True, optional=True),
                    mk([embed_dim, embed_dim], a["lin_w"]),
                    mk([embed_dim], a["lin_b"], is_bias=True, optional=True),
                    mk([embed_dim], a["fln_s"], norm_dtype, init=one),
                    mk([embed_dim], a["fln_b"], norm_dtype, is_bias=True, optional=True),
                    mk([embed_dim, ffn1], a["f1_w"]),
                    mk([ffn1], a["f1_b"], is_bias=True, optional=True),
                    mk([dim_feedforward, embed_dim], a["f2_w"]),
                    mk([embed_dim], a["f2_b"], is_bias=True, optional=True)]
            for n, p in zip(names, made):
                lists[n].append(p)
                if p is not None:
                    self._parameters[p.name] = p  # Paddle registers each parameter under its unique name
        for n in names:
            setattr(self, n, None if lists[n][0] is None else lists[n])
        self.dropout_rate, self.activation, self.name = dropout_rate, activation, name

    def _norm(self, x, scale, bias):
        if self._norm_type == "rmsnorm":
            return _F.rms_norm(x, x.shape[-1:], weight=scale, eps=self._epsilon) + (0 if bias is None else bias)
        return _F.layer_norm(x, x.shape[-1:], weight=scale, bias=bias, epsilon=self._epsilon)

    def _act(self, h):
        act = self.activation.lower()
        if act in ("swiglu", "geglu"):
            a, b = _t.chunk(h, 2, axis=-1)
            return (_F.silu(a) if act == "swiglu" else _F.gelu(a)) * b
        return {"gelu": _F.gelu, "relu": _F.relu, "silu": _F.silu}[act](h)

    def forward(self, src, attn_mask=None, caches=None, pre_caches=None, rotary_embs=None, rotary_emb_dims=0,
                beam_offset=None, seq_lens=None, time_step=None):
        if any(v is not None for v in (caches, pre_caches, rotary_embs, beam_offset, seq_lens, time_step)):
            raise NotImplementedError("FusedMultiTransformer: the generation inputs (caches, pre_caches, "
                                      "rotary_embs, beam_offset, seq_lens, time_step) are Paddle's GPU decoding "
                                      "path and are not supported by purepaddle")
        get = lambda name, i: None if getattr(self, name) is None else getattr(self, name)[i]  # noqa: E731
        batch, seq, embed = src.shape
        x, drop, alpha = src, self.dropout_rate, self._residual_alpha
        for i in range(len(self.qkv_weights)):
            h = self._norm(x, self.ln_scales[i], get("ln_biases", i)) if self.normalize_before else x
            w = self.qkv_weights[i]
            w2d = w.reshape([3 * self.embed_dim, embed]) if self._trans_qkvw else \
                w.reshape([embed, 3 * self.embed_dim]).t()
            qkv = _t.matmul(h, w2d, transpose_y=True)
            if get("qkv_biases", i) is not None:
                qkv = qkv + get("qkv_biases", i).reshape([3 * self.embed_dim])
            qkv = qkv.reshape([batch, seq, 3, self.num_heads, self.head_dim]).transpose([2, 0, 3, 1, 4])
            scores = _t.matmul(qkv[0] * (self.head_dim ** -0.5), qkv[1], transpose_y=True)
            if attn_mask is not None:
                scores = scores + attn_mask
            weights = _F.dropout(_F.softmax(scores), p=drop, training=self.training)
            out = _t.matmul(weights, qkv[2]).transpose([0, 2, 1, 3]).reshape([batch, seq, self.embed_dim])
            out = _t.matmul(out, self.linear_weights[i])
            if get("linear_biases", i) is not None:
                out = out + get("linear_biases", i)
            x = alpha * x + _F.dropout(out, p=drop, training=self.training)
            if not self.normalize_before:
                x = self._norm(x, self.ln_scales[i], get("ln_biases", i))
            h = self._norm(x, self.ffn_ln_scales[i], get("ffn_ln_biases", i)) if self.normalize_before else x
            h = _t.matmul(h, self.ffn1_weights[i])
            if get("ffn1_biases", i) is not None:
                h = h + get("ffn1_biases", i)
            h = _t.matmul(_F.dropout(self._act(h), p=drop, training=self.training), self.ffn2_weights[i])
            if get("ffn2_biases", i) is not None:
                h = h + get("ffn2_biases", i)
            x = alpha * x + _F.dropout(h, p=drop, training=self.training)
            if not self.normalize_before:
                x = self._norm(x, self.ffn_ln_scales[i], get("ffn_ln_biases", i))
        return x
