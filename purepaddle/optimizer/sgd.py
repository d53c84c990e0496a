"""paddle.optimizer.SGD: param -= lr * grad."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Sequence
    from typing import Any
    from purepaddle.nn.clip import ClipGradBase as GradientClipBase
    from purepaddle.optimizer.lr.scheduler import LRScheduler
    from purepaddle._core.tensor import Tensor
    from purepaddle.nn._regularizer import WeightDecayRegularizer

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

    Args:
        learning_rate (float|LRScheduler, optional): The step size: a float, or an LRScheduler that changes it
            while training. Default: 0.001.
        parameters (Sequence[Tensor]|Sequence[dict[str, Any]]|None, optional): The parameters to update
            (usually `layer.parameters()`), or groups of them as dicts; required in dynamic mode. Default:
            None.
        weight_decay (float|WeightDecayRegularizer|None, optional): The decay of the parameters: a float
            coefficient (L2) or a regularizer; None for none. Default: None.
        grad_clip (GradientClipBase|None, optional): How gradients are clipped before the step (e.g.
            ClipGradByGlobalNorm); None for none. Default: None.
        multi_precision (bool, optional): Whether float16/bfloat16 parameters keep float32 master copies for
            the update. Default: False.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> linear = paddle.nn.Linear(10, 10)
            >>> sgd = paddle.optimizer.SGD(learning_rate=0.1, parameters=linear.parameters(), weight_decay=0.01)
            >>> paddle.mean(linear(paddle.uniform([10, 10], min=-0.1, max=0.1))).backward()
            >>> sgd.step()
            >>> sgd.clear_grad()
    """

    def __init__(self, learning_rate: float | LRScheduler = 0.001,
                 parameters: Sequence[Tensor] | Sequence[dict[str, Any]] | None = None,
                 weight_decay: float | WeightDecayRegularizer | None = None,
                 grad_clip: GradientClipBase | None = None, multi_precision: bool = False,
                 name: str | None = None) -> None:
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
