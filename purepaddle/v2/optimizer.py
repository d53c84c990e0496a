"""v2 optimizers (`paddle.optimizer.Momentum(...)`, ...): configs that the trainer turns into 2.x
optimizers once the parameters exist. `gradient_clipping_threshold` and `regularization` are mapped by
`purepaddle.nn.legacy_clip.v2_optimizer_args` (element-wise clip at update time, L2Decay)."""
from ..nn.legacy_clip import ClipGradByThreshold, L2Regularization, v2_optimizer_args
from ..optimizer import Adadelta, Adagrad, Adam, Adamax, Momentum as _Momentum, RMSProp as _RMSProp, SGD

__all__ = ["Optimizer", "Momentum", "Adam", "Adamax", "AdaGrad", "AdaDelta", "RMSProp", "L2Regularization"]

_UNSUPPORTED = ("model_average", "learning_rate_decay_a", "learning_rate_decay_b", "learning_rate_schedule",
                "learning_rate_args", "gradient_clipping_method")


class Optimizer:
    """Common v2 optimizer arguments: learning_rate (default 1e-3), regularization, gradient_clipping_threshold."""

    _cls = SGD

    def __init__(self, learning_rate=1e-3, regularization=None, gradient_clipping_threshold=None, **kwargs):
        bad = [k for k in kwargs if k in _UNSUPPORTED and kwargs[k] is not None]
        extra = [k for k in kwargs if k not in _UNSUPPORTED]
        if bad:
            raise NotImplementedError(f"paddle.optimizer.{type(self).__name__}: {bad} are not supported by "
                                      f"purepaddle's paddle.v2 compatibility layer")
        if extra:
            raise TypeError(f"paddle.optimizer.{type(self).__name__}() got unexpected keyword arguments {extra}")
        self.learning_rate = float(learning_rate)
        self.regularization, self.gradient_clipping_threshold = regularization, gradient_clipping_threshold
        if gradient_clipping_threshold is not None:
            ClipGradByThreshold(gradient_clipping_threshold)  # validates t > 0 now, not at train time
        self._own = {}

    def build(self, parameters, exclude=(), only=None):
        """The 2.x optimizer updating the trainable Tensors of `parameters` (a v2 Parameters): those named
        in `only` when given, less those in `exclude`."""
        tensors = [p for n, p in parameters.tensors.items() if p.trainable and n not in exclude and
                   (only is None or n in only)]
        threshold = self.gradient_clipping_threshold
        if threshold is None and any(getattr(p, "gradient_clipping_threshold", None) for p in tensors):
            threshold = float("inf")  # only the per-parameter thresholds clip
        args = v2_optimizer_args(learning_rate=self.learning_rate, gradient_clipping_threshold=threshold,
                                 regularization=self.regularization, **self._own)
        return self._cls(parameters=tensors, **args)


class Momentum(Optimizer):
    """v2 Momentum (plain SGD when momentum is 0 or None).

    Examples:
        .. code-block:: python

            >>> import paddle.v2 as paddle
            >>> opt = paddle.optimizer.Momentum(momentum=0.9, learning_rate=0.1 / 128,
            ...     regularization=paddle.optimizer.L2Regularization(rate=0.0005 * 128))
    """

    def __init__(self, momentum=None, sparse=False, **kwargs):
        super().__init__(**kwargs)
        if momentum:
            self._cls, self._own = _Momentum, {"momentum": float(momentum)}


class Adam(Optimizer):
    """v2 Adam(beta1, beta2, epsilon).

    Examples:
        .. code-block:: python

            >>> import paddle.v2 as paddle
            >>> opt = paddle.optimizer.Adam(learning_rate=1e-3, gradient_clipping_threshold=25)
    """

    _cls = Adam

    def __init__(self, beta1=0.9, beta2=0.999, epsilon=1e-8, **kwargs):
        super().__init__(**kwargs)
        self._own = {"beta1": beta1, "beta2": beta2, "epsilon": epsilon}


class Adamax(Optimizer):
    """v2 Adamax(beta1, beta2).

    Examples:
        .. code-block:: python

            >>> import paddle.v2 as paddle
            >>> opt = paddle.optimizer.Adamax(learning_rate=1e-3)
    """

    _cls = Adamax

    def __init__(self, beta1=0.9, beta2=0.999, **kwargs):
        super().__init__(**kwargs)
        self._own = {"beta1": beta1, "beta2": beta2}


class AdaGrad(Optimizer):
    """v2 AdaGrad.

    Examples:
        .. code-block:: python

            >>> import paddle.v2 as paddle
            >>> opt = paddle.optimizer.AdaGrad(learning_rate=1e-2)
    """

    _cls = Adagrad


class AdaDelta(Optimizer):
    """v2 AdaDelta(rho, epsilon).

    Examples:
        .. code-block:: python

            >>> import paddle.v2 as paddle
            >>> opt = paddle.optimizer.AdaDelta(rho=0.95, epsilon=1e-6)
    """

    _cls = Adadelta

    def __init__(self, rho=0.95, epsilon=1e-06, **kwargs):
        super().__init__(**kwargs)
        self._own = {"rho": rho, "epsilon": epsilon}


class RMSProp(Optimizer):
    """v2 RMSProp(rho, epsilon).

    Examples:
        .. code-block:: python

            >>> import paddle.v2 as paddle
            >>> opt = paddle.optimizer.RMSProp(learning_rate=1e-3, gradient_clipping_threshold=10.0,
            ...     regularization=paddle.optimizer.L2Regularization(rate=8e-4))
    """

    _cls = _RMSProp

    def __init__(self, rho=0.95, epsilon=1e-6, **kwargs):
        super().__init__(**kwargs)
        self._own = {"rho": rho, "epsilon": epsilon}
