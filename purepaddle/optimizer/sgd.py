"""paddle.optimizer.SGD: param -= lr * grad."""
import warnings

from ..ops import optimizer as _ops
from .optimizer import Optimizer, _is_low_precision

__all__ = ["SGD"]


def _warn_low_precision(name):
    warnings.warn("Accumulating with FP16/BF16 in optimizer can lead to poor accuracy or slow convergence."
                  f"Consider using multi_precision=True option of the {name} optimizer.")


class SGD(Optimizer):
    r"""Stochastic gradient descent: :math:`param = param - learning\_rate * grad`.

    Row-sparse gradients (Embedding(sparse=True)) update only their rows.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> linear = paddle.nn.Linear(10, 10)
            >>> sgd = paddle.optimizer.SGD(learning_rate=0.1, parameters=linear.parameters(), weight_decay=0.01)
            >>> paddle.mean(linear(paddle.uniform([10, 10], min=-0.1, max=0.1))).backward()
            >>> sgd.step()
            >>> sgd.clear_grad()
    """

    def __init__(self, learning_rate=0.001, parameters=None, weight_decay=None, grad_clip=None, multi_precision=False,
                 name=None):
        if learning_rate is None:
            raise ValueError("learning_rate is not set")
        super().__init__(learning_rate=learning_rate, parameters=parameters, weight_decay=weight_decay,
                         grad_clip=grad_clip, name=name)
        self.type = "sgd"
        self._multi_precision = multi_precision
        self._master_weights = {}

    def _create_accumulators(self, block, parameters):
        for p, _ in self._target_params(parameters):
            if _is_low_precision(p.dtype) and not self._multi_precision:
                _warn_low_precision("SGD")

    def _update_spec(self, param, hp):
        return _ops.SGD, {}, {"multi_precision": False}
