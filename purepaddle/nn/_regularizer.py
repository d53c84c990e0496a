"""Weight-decay regularizers L1Decay and L2Decay (re-exported as paddle.regularizer).

They live on floor 5 so ParamAttr and the optimizers can use them; `purepaddle/regularizer.py`
is the public face.
"""

from __future__ import annotations


__all__ = ["WeightDecayRegularizer", "L1Decay", "L2Decay"]


class WeightDecayRegularizer:
    """Base class of weight-decay regularizers: `grad_term(param)` is the decay gradient."""

    def __init__(self):
        pass

    def grad_term(self, param):
        """The gradient of the decay loss with respect to `param`, as a framework op (Tensor or Variable)."""
        raise NotImplementedError

    def __call__(self, param, grad=None, block=None):
        """Paddle's protocol: the decay term for `param` (the optimizer adds it to the gradient)."""
        return self.grad_term(param)

    def __str__(self):
        raise NotImplementedError


def _check_coeff(cls, coeff):
    if coeff is None:
        raise AssertionError(f"{cls}(): coeff must not be None")
    return coeff


class L1Decay(WeightDecayRegularizer):
    """L1 weight decay: loss = coeff * sum(|w|), gradient coeff * sign(w).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.regularizer import L1Decay
            >>> linear = paddle.nn.Linear(10, 10)
            >>> momentum = paddle.optimizer.Momentum(learning_rate=0.1, parameters=linear.parameters(),
            ...                                      weight_decay=L1Decay(0.0001))
    """

    def __init__(self, coeff=0.0):
        super().__init__()
        self._coeff = _check_coeff("L1Decay", coeff)

    @property
    def coeff(self):
        return self._coeff

    def grad_term(self, param):
        """coeff * sign(param)."""
        return param.sign() * self._coeff

    def __str__(self):
        return f"L1Decay, coeff={self._coeff:f}"


class L2Decay(WeightDecayRegularizer):
    """L2 weight decay: loss = 0.5 * coeff * sum(w**2), gradient coeff * w.

    Args:
        coeff (float, optional): The decay coefficient. Default: 0.0.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.regularizer import L2Decay
            >>> linear = paddle.nn.Linear(10, 10)
            >>> momentum = paddle.optimizer.Momentum(learning_rate=0.1, parameters=linear.parameters(),
            ...                                      weight_decay=L2Decay(0.0001))
    """

    def __init__(self, coeff: float = 0.0) -> None:
        super().__init__()
        self._coeff = _check_coeff("L2Decay", coeff)

    @property
    def coeff(self):
        return self._coeff

    def grad_term(self, param):
        """coeff * param."""
        return param * self._coeff

    def __str__(self):
        return f"L2Decay, coeff={self._coeff:f}"
