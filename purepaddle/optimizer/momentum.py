"""paddle.optimizer.Momentum: velocity = mu * velocity + grad; param -= lr * velocity (or Nesterov)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Sequence
    from typing import Any
    from purepaddle.nn.clip import ClipGradBase as GradientClipBase
    from purepaddle.optimizer.lr.scheduler import LRScheduler
    from purepaddle._core.tensor import Tensor
    from purepaddle.nn._regularizer import WeightDecayRegularizer

from ..nn._regularizer import L2Decay
from ..ops import optimizer as _ops
from .optimizer import Optimizer, _is_low_precision
from .sgd import _warn_low_precision

__all__ = ["Momentum"]


def _regularization(weight_decay):
    """(regularization_method, regularization_coeff) of the momentum op: L2 decay is fused into it."""
    if isinstance(weight_decay, L2Decay):
        return "l2_decay", weight_decay._coeff
    if isinstance(weight_decay, float):
        return "l2_decay", weight_decay
    return "", 0.0


class Momentum(Optimizer):
    r"""Momentum SGD: :math:`v = \mu v + g`, :math:`p = p - lr\,v`; with use_nesterov
    :math:`p = p - lr\,(g + \mu v)`. L2 weight decay (a float or L2Decay) is applied inside the update.

    Args:
        learning_rate (float|LRScheduler, optional): The step size: a float, or an LRScheduler that changes it
            while training. Default: 0.001.
        momentum (float, optional): The momentum factor. Default: 0.9.
        parameters (Sequence[Tensor]|Sequence[dict[str, Any]]|None, optional): The parameters to update
            (usually `layer.parameters()`), or groups of them as dicts; required in dynamic mode. Default:
            None.
        use_nesterov (bool, optional): Whether Nesterov momentum is used. Default: False.
        weight_decay (float|WeightDecayRegularizer|None, optional): The decay of the parameters: a float
            coefficient (L2) or a regularizer; None for none. Default: None.
        grad_clip (GradientClipBase|None, optional): How gradients are clipped before the step (e.g.
            ClipGradByGlobalNorm); None for none. Default: None.
        multi_precision (bool, optional): Whether float16/bfloat16 parameters keep float32 master copies for
            the update. Default: False.
        rescale_grad (float, optional): A factor the gradients are multiplied by first. Default: 1.0.
        use_multi_tensor (bool, optional): Whether parameters are updated together in one fused step (same
            result). Default: False.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> linear = paddle.nn.Linear(10, 10)
            >>> momentum = paddle.optimizer.Momentum(learning_rate=0.1, parameters=linear.parameters(),
            ...                                      weight_decay=0.01)
            >>> paddle.mean(linear(paddle.uniform([10, 10], min=-0.1, max=0.1))).backward()
            >>> momentum.step()
            >>> momentum.clear_grad()
    """

    _velocity_acc_str = "velocity"

    def __init__(self, learning_rate: float | LRScheduler = 0.001, momentum: float = 0.9,
                 parameters: Sequence[Tensor] | Sequence[dict[str, Any]] | None = None,
                 use_nesterov: bool = False, weight_decay: float | WeightDecayRegularizer | None = None,
                 grad_clip: GradientClipBase | None = None, multi_precision: bool = False,
                 rescale_grad: float = 1.0, use_multi_tensor: bool = False, name: str | None = None) -> None:
        if learning_rate is None:
            raise ValueError("learning_rate is not set")
        if momentum is None:
            raise ValueError("momentum is not set")
        if isinstance(weight_decay, int) and not isinstance(weight_decay, bool):
            weight_decay = float(weight_decay)

        def fused(reg):
            """Whether the decay is L2 (applied inside the momentum op rather than added to the grad)."""
            return isinstance(reg, (L2Decay, float))

        if isinstance(parameters, list) and parameters and isinstance(parameters[0], dict):
            for group in parameters:
                decay = group.get("weight_decay", weight_decay)
                group["regularization_method"], group["regularization_coeff"] = _regularization(decay)
                group["weight_decay"] = None if fused(decay) else decay
        super().__init__(learning_rate=learning_rate, parameters=parameters,
                         weight_decay=None if fused(weight_decay) else weight_decay, grad_clip=grad_clip, name=name)
        self.type = "momentum"
        self._momentum = momentum
        self._use_nesterov = bool(use_nesterov)
        self._regularization_method, self._regularization_coeff = _regularization(weight_decay)
        self._multi_precision = multi_precision
        self._rescale_grad = rescale_grad
        self._master_weights = {}
        self._use_multi_tensor = use_multi_tensor
        self._default_dict = {"momentum": momentum, "use_nesterov": use_nesterov, "rescale_grad": rescale_grad,
                              "regularization_method": self._regularization_method,
                              "regularization_coeff": self._regularization_coeff}

    def _create_accumulators(self, block, parameters):
        for p, target in self._target_params(parameters):
            if _is_low_precision(p.dtype) and not self._multi_precision:
                _warn_low_precision("Momentum")
            self._add_accumulator(self._velocity_acc_str, target)

    def _create_regularization_of_grad(self, param, grad, regularization=None):
        if isinstance(getattr(param, "regularizer", None), L2Decay):
            return grad  # fused into the momentum op
        return super()._create_regularization_of_grad(param, grad, regularization)

    def _update_spec(self, param, hp):
        method, coeff = hp["regularization_method"], hp["regularization_coeff"]
        reg = getattr(param, "regularizer", None)
        if isinstance(reg, L2Decay):
            method, coeff = "l2_decay", reg._coeff
        elif reg is not None:
            method, coeff = "", 0.0
        velocity = self._get_accumulator_master(self._velocity_acc_str, param)
        attrs = {"mu": float(hp["momentum"]), "use_nesterov": bool(hp["use_nesterov"]),
                 "regularization_method": method, "regularization_coeff": float(coeff), "multi_precision": False,
                 "rescale_grad": float(hp["rescale_grad"])}
        return _ops.Momentum, {"Velocity": velocity}, attrs
