"""v2 attributes: `paddle.attr.Param` (a parameter's name, init, l2 rate, lr, clip) and
`paddle.attr.ExtraLayerAttribute` (a layer's error_clipping_threshold)."""
import math

__all__ = ["Param", "ParamAttr", "ParameterAttribute", "ExtraLayerAttribute", "Extra", "ExtraAttr"]


class Param:
    """How one v2 parameter is created and updated.

    `initial_mean`/`initial_std` pick a normal initialization (when both are None, v2's smart init:
    mean 0, std 1/sqrt(fan_in)); `initial_min`/`initial_max` pick a uniform one; `l2_rate` adds
    L2 weight decay, `learning_rate` scales the optimizer's rate, `gradient_clipping_threshold`
    overrides the optimizer's threshold for this parameter, `is_static` freezes it. `sparse_update=True`
    (for an embedding table or the weight of an fc over a sparse input) makes each batch read and update
    only the rows its ids name, and keeps optimizer state only for rows ever touched.

    Examples:
        .. code-block:: python

            >>> import paddle.v2 as paddle
            >>> attr = paddle.attr.Param(name="w", initial_std=0.01, l2_rate=1e-4)
            >>> attr.name
            'w'
    """

    def __init__(self, name=None, is_static=False, initial_std=None, initial_mean=None, initial_max=None,
                 initial_min=None, l1_rate=None, l2_rate=None, learning_rate=None, momentum=None,
                 gradient_clipping_threshold=None, sparse_update=False, initializer=None):
        if l1_rate:
            raise NotImplementedError("paddle.attr.Param: l1_rate is not supported by purepaddle's paddle.v2 "
                                      "compatibility layer")
        if momentum is not None:
            raise NotImplementedError("paddle.attr.Param: a per-parameter momentum is not supported by "
                                      "purepaddle's paddle.v2 compatibility layer")
        if initial_std is not None and initial_std < 0:
            raise ValueError(f"paddle.attr.Param: initial_std must be >= 0, but received {initial_std}")
        if gradient_clipping_threshold is not None and not gradient_clipping_threshold > 0:
            raise ValueError(f"paddle.attr.Param: gradient_clipping_threshold must be > 0, but received "
                             f"{gradient_clipping_threshold}")
        self.name, self.is_static = name, bool(is_static)
        self.initial_std, self.initial_mean = initial_std, initial_mean
        self.initial_max, self.initial_min = initial_max, initial_min
        self.l2_rate, self.learning_rate = l2_rate, learning_rate
        self.gradient_clipping_threshold, self.sparse_update = gradient_clipping_threshold, bool(sparse_update)
        self.initializer = initializer

    def init_array(self, param, fan_in, is_bias):
        """Fill the Parameter `param` as this attribute says (biases default to 0)."""
        from ..nn.initializer import Constant, Normal, Uniform
        if self.initializer is not None:
            self.initializer(param)
        elif self.initial_min is not None or self.initial_max is not None:
            Uniform(float(self.initial_min or 0.0), float(self.initial_max or 0.0))(param)
        elif self.initial_std is None and self.initial_mean is None:
            if is_bias:
                Constant(0.0)(param)
            else:
                Normal(0.0, 1.0 / math.sqrt(max(fan_in, 1)))(param)
        else:
            std = 0.0 if is_bias and self.initial_std is None else float(self.initial_std or 0.0)
            mean = float(self.initial_mean or 0.0)
            if std > 0:
                Normal(mean, std)(param)
            else:
                Constant(mean)(param)


ParamAttr = ParameterAttribute = Param


class ExtraLayerAttribute:
    """Per-layer extras. `error_clipping_threshold=t`: in the layer's backward, the gradient of its
    output is clipped element-wise to [-t, t] before the activation's backward, so earlier layers
    (and this layer's weights) see the clipped gradient.

    Examples:
        .. code-block:: python

            >>> import paddle.v2 as paddle
            >>> paddle.attr.ExtraLayerAttribute(error_clipping_threshold=100.0).error_clipping_threshold
            100.0
    """

    def __init__(self, error_clipping_threshold=None, drop_rate=None, device=None):
        if drop_rate:
            raise NotImplementedError("paddle.attr.ExtraLayerAttribute: drop_rate is not supported by "
                                      "purepaddle's paddle.v2 compatibility layer")
        if error_clipping_threshold is not None:
            error_clipping_threshold = float(error_clipping_threshold)
            if not error_clipping_threshold > 0:
                raise ValueError(f"paddle.attr.ExtraLayerAttribute: error_clipping_threshold must be > 0, "
                                 f"but received {error_clipping_threshold}")
        self.error_clipping_threshold, self.device = error_clipping_threshold, device


Extra = ExtraAttr = ExtraLayerAttribute
