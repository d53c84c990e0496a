"""paddle.incubate.nn Layers: parameter holders around the fused functions."""
from ...nn import Layer
from ...nn import functional as F
from . import functional as _FF

__all__ = ["FusedLinear", "FusedDropout", "FusedDropoutAdd", "FusedBiasDropoutResidualLayerNorm", "FusedFeedForward"]


class FusedLinear(Layer):
    """Linear layer computed with fused_linear: out = x @ weight + bias.

    Args:
        in_features (int): input size.
        out_features (int): output size.
        weight_attr (ParamAttr, optional): weight attributes.
        bias_attr (ParamAttr|bool, optional): bias attributes; False for no bias.
        transpose_weight (bool): store weight as [out_features, in_features]. Default False.
        name (str, optional): unused.

    Returns:
        FusedLinear: a Layer.

    Examples:
        >>> import purepaddle as paddle
        >>> layer = paddle.incubate.nn.FusedLinear(3, 2)
        >>> list(layer(paddle.ones([4, 3])).shape)
        [4, 2]
    """

    def __init__(self, in_features, out_features, weight_attr=None, bias_attr=None, transpose_weight=False,
                 name=None):
        super().__init__()
        shape = [out_features, in_features] if transpose_weight else [in_features, out_features]
        self.weight = self.create_parameter(shape=shape, attr=weight_attr, dtype=self._dtype, is_bias=False)
        self.bias = self.create_parameter(shape=[out_features], attr=bias_attr, dtype=self._dtype, is_bias=True)
        self.transpose_weight = transpose_weight

    def forward(self, input):  # noqa: A002
        return _FF.fused_linear(input, self.weight, self.bias, self.transpose_weight)


class FusedDropout(Layer):
    """Dropout as a Layer, the mask optionally shared along the axes not in `axis` (Paddle's dropout_nd kernel,
    which draws as nn.functional.dropout with `axis` does).

    Args:
        p (float): drop probability. Default 0.5.
        axis (int|list|tuple, optional): the axes that get their own mask entries; None: every element.
        mode (str): "upscale_in_train" or "downscale_in_infer".
        name (str, optional): unused.

    Returns:
        FusedDropout: a Layer.

    Examples:
        >>> import purepaddle as paddle
        >>> layer = paddle.incubate.nn.FusedDropout(p=0.5)
        >>> layer.eval()
        >>> layer(paddle.ones([2])).numpy().tolist()
        [1.0, 1.0]
    """

    def __init__(self, p=0.5, axis=None, mode="upscale_in_train", name=None):
        super().__init__()
        if not isinstance(p, (float, int)):
            raise TypeError("p argument should be a number")
        if not 0 <= p <= 1:
            raise ValueError("p argument should between 0 and 1")
        if mode not in ("downscale_in_infer", "upscale_in_train"):
            raise ValueError("mode argument should be 'downscale_in_infer' or 'upscale_in_train'")
        if axis is not None and not isinstance(axis, (int, list, tuple)):
            raise TypeError("datatype of axis argument should be int or list")
        self.p, self.axis, self.mode, self.name = p, axis, mode, name

    def forward(self, input):  # noqa: A002
        if self.p == 0:
            return input
        return F.dropout(input, p=self.p, axis=self.axis, training=self.training, mode=self.mode)

    def extra_repr(self):
        name_str = f", name={self.name}" if self.name else ""
        return f"p={self.p}, axis={self.axis}, mode={self.mode}{name_str}"


class FusedDropoutAdd(Layer):
    """dropout(x) + y as a Layer (training follows the layer's train()/eval()).

    Args:
        p (float): drop probability. Default 0.5.
        mode (str): "upscale_in_train" or "downscale_in_infer".
        name (str, optional): unused.

    Returns:
        FusedDropoutAdd: a Layer.

    Examples:
        >>> import purepaddle as paddle
        >>> layer = paddle.incubate.nn.FusedDropoutAdd(p=0.0)
        >>> layer(paddle.ones([2]), paddle.ones([2])).numpy().tolist()
        [2.0, 2.0]
    """

    def __init__(self, p=0.5, mode="upscale_in_train", name=None):
        super().__init__()
        self.p, self.mode = p, mode

    def forward(self, x, y):
        return _FF.fused_dropout_add(x, y, p=self.p, training=self.training, mode=self.mode)


class FusedBiasDropoutResidualLayerNorm(Layer):
    """layer_norm(residual + dropout(x + bias)) with its own bias and layer-norm parameters.

    Args:
        embed_dim (int): size of the last axis.
        dropout_rate (float): Default 0.5.
        weight_attr, bias_attr (ParamAttr, optional): layer-norm scale / shift attributes.
        epsilon (float): Default 1e-5.
        name (str, optional): unused.

    Returns:
        FusedBiasDropoutResidualLayerNorm: a Layer.

    Examples:
        >>> import purepaddle as paddle
        >>> layer = paddle.incubate.nn.FusedBiasDropoutResidualLayerNorm(4, dropout_rate=0.0)
        >>> list(layer(paddle.rand([2, 3, 4]), paddle.rand([2, 3, 4])).shape)
        [2, 3, 4]
    """

    def __init__(self, embed_dim, dropout_rate=0.5, weight_attr=None, bias_attr=None, epsilon=1e-05, name=None):
        super().__init__()
        if embed_dim <= 0:
            raise ValueError(f"Expected embed_dim to be greater than 0, but received {embed_dim}")
        self.linear_bias = self.create_parameter(shape=[embed_dim], attr=bias_attr, dtype=self._dtype, is_bias=True)
        from ...nn.initializer import Constant
        self.ln_scale = self.create_parameter(shape=[embed_dim], attr=weight_attr, dtype=self._dtype,
                                              default_initializer=Constant(1.0))
        self.ln_bias = self.create_parameter(shape=[embed_dim], attr=bias_attr, dtype=self._dtype, is_bias=True)
        self.dropout_rate, self.epsilon = dropout_rate, epsilon

    def forward(self, x, residual):
        return _FF.fused_bias_dropout_residual_layer_norm(
            x, residual, self.linear_bias, self.ln_scale, self.ln_bias, self.dropout_rate, self.epsilon,
            self.training)


class FusedFeedForward(Layer):
    """The transformer feed-forward block of fused_feedforward, with its parameters.

    Args:
        d_model (int): model width.
        dim_feedforward (int): hidden width.
        dropout_rate (float): dropout after linear2. Default 0.1.
        epsilon (float): layer-norm epsilon. Default 1e-5.
        activation (str): "relu" or "gelu". Default "relu".
        act_dropout_rate (float, optional): dropout after the activation; dropout_rate when None.
        normalize_before (bool): pre-layer-norm. Default False.
        linear1_weight_attr, linear1_bias_attr, linear2_weight_attr, linear2_bias_attr,
        ln1_scale_attr, ln1_bias_attr, ln2_scale_attr, ln2_bias_attr (ParamAttr, optional): attributes.
        nranks, ring_id: tensor parallelism, single process only.
        name (str, optional): unused.

    Returns:
        FusedFeedForward: a Layer.

    Examples:
        >>> import purepaddle as paddle
        >>> layer = paddle.incubate.nn.FusedFeedForward(4, 8, dropout_rate=0.0)
        >>> list(layer(paddle.rand([1, 2, 4])).shape)
        [1, 2, 4]
    """

    def __init__(self, d_model, dim_feedforward, dropout_rate=0.1, epsilon=1e-05, activation="relu",
                 act_dropout_rate=None, normalize_before=False, linear1_weight_attr=None, linear1_bias_attr=None,
                 linear2_weight_attr=None, linear2_bias_attr=None, ln1_scale_attr=None, ln1_bias_attr=None,
                 ln2_scale_attr=None, ln2_bias_attr=None, nranks=1, ring_id=-1, name=None):
        super().__init__()
        from ...nn.initializer import Constant
        self._dropout = dropout_rate
        self._act_dropout = dropout_rate if act_dropout_rate is None else act_dropout_rate
        self._act, self._eps, self._pre = activation, epsilon, normalize_before
        mk = self.create_parameter
        self._linear1_weight = mk(shape=[d_model, dim_feedforward], attr=linear1_weight_attr, dtype=self._dtype)
        self._linear1_bias = mk(shape=[dim_feedforward], attr=linear1_bias_attr, dtype=self._dtype, is_bias=True)
        self._linear2_weight = mk(shape=[dim_feedforward, d_model], attr=linear2_weight_attr, dtype=self._dtype)
        self._linear2_bias = mk(shape=[d_model], attr=linear2_bias_attr, dtype=self._dtype, is_bias=True)
        one = Constant(1.0)
        if normalize_before:
            self._ln1_scale = mk(shape=[d_model], attr=ln1_scale_attr, dtype=self._dtype, default_initializer=one)
            self._ln1_bias = mk(shape=[d_model], attr=ln1_bias_attr, dtype=self._dtype, is_bias=True)
            self._ln2_scale = self._ln2_bias = None
        else:
            self._ln1_scale = self._ln1_bias = None
            self._ln2_scale = mk(shape=[d_model], attr=ln2_scale_attr, dtype=self._dtype, default_initializer=one)
            self._ln2_bias = mk(shape=[d_model], attr=ln2_bias_attr, dtype=self._dtype, is_bias=True)

    def forward(self, src, cache=None):
        return _FF.fused_feedforward(
            src, self._linear1_weight, self._linear2_weight, self._linear1_bias, self._linear2_bias,
            self._ln1_scale, self._ln1_bias, self._ln2_scale, self._ln2_bias, self._act_dropout, self._dropout,
            self._act, self._eps, self._eps, self._pre, self.training)
