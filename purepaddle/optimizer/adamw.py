"""paddle.optimizer.AdamW: Adam with decoupled weight decay."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Callable, Sequence
    from typing import Any
    from purepaddle.nn.clip import ClipGradBase as GradientClipBase

from .._core.tensor import Tensor
from .lr import LRScheduler
from ..ops import optimizer as _ops
from ..tensor._check import check_betas
from .adam import _AdamBase, _is_variable

__all__ = ["AdamW"]


class AdamW(_AdamBase):
    r"""AdamW: :math:`p = p (1 - lr \cdot coeff)` then the Adam step (decoupled weight decay, Loshchilov &
    Hutter). `apply_decay_param_fun(name)` selects the parameters that decay; `lr_ratio(param)` scales
    the rate per parameter.

    Args:
        learning_rate (float|LRScheduler, optional): The step size: a float, or an LRScheduler that changes it
            while training. Default: 0.001.
        beta1 (float|Tensor, optional): The decay rate of the first moment estimates. Default: 0.9.
        beta2 (float|Tensor, optional): The decay rate of the second moment estimates. Default: 0.999.
        epsilon (float|Tensor, optional): A small number added for numerical stability. Default: 1e-8.
        parameters (Sequence[Tensor]|Sequence[dict[str, Any]]|None, optional): The parameters to update
            (usually `layer.parameters()`), or groups of them as dicts; required in dynamic mode. Default:
            None.
        weight_decay (float|Tensor, optional): The decoupled weight decay coefficient. Default: 0.01.
        use_lowprecision_moment (bool, optional): Whether moments stay in the parameters' low precision.
            Default: False.
        lr_ratio (Callable[[Tensor], float]|None, optional): A function of a parameter giving a factor on its
            learning rate. Default: None.
        apply_decay_param_fun (Callable[[str], bool]|None, optional): A function of a parameter's name: True
            when it is decayed. Default: None.
        grad_clip (GradientClipBase|None, optional): How gradients are clipped before the step (e.g.
            ClipGradByGlobalNorm); None for none. Default: None.
        lazy_mode (bool, optional): Whether only the rows a sparse gradient touches are updated. Default:
            False.
        multi_precision (bool, optional): Whether float16/bfloat16 parameters keep float32 master copies for
            the update. Default: False.
        amsgrad (bool, optional): Whether the AMSGrad variant is used. Default: False.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> linear = paddle.nn.Linear(10, 10)
            >>> opt = paddle.optimizer.AdamW(learning_rate=0.1, parameters=linear.parameters(), weight_decay=0.01)
            >>> paddle.mean(linear(paddle.rand([10, 10]))).backward()
            >>> opt.step()
            >>> opt.clear_grad()
    """

    def __init__(self, learning_rate: float | LRScheduler = 0.001, beta1: float | Tensor = 0.9,
                 beta2: float | Tensor = 0.999, epsilon: float | Tensor = 1e-8,
                 parameters: Sequence[Tensor] | Sequence[dict[str, Any]] | None = None,
                 weight_decay: float | Tensor = 0.01, use_lowprecision_moment: bool = False,
                 lr_ratio: Callable[[Tensor], float] | None = None,
                 apply_decay_param_fun: Callable[[str], bool] | None = None,
                 grad_clip: GradientClipBase | None = None, lazy_mode: bool = False,
                 multi_precision: bool = False, amsgrad: bool = False, name: str | None = None) -> None:
        assert learning_rate is not None
        check_betas(beta1, beta2, epsilon)
        if not isinstance(weight_decay, (int, float, Tensor)) and not _is_variable(weight_decay):
            raise TypeError("weight_decay should be int, float or Tensor.")
        if lr_ratio is not None and not callable(lr_ratio):
            raise AssertionError("lr_ratio should be callable")
        if not isinstance(learning_rate, (float, LRScheduler)):
            raise TypeError(f"learning rate should be float or LRScheduler, got {type(learning_rate)} here")
        self._weight_decay = float(weight_decay)
        self._use_lowprecision_moment = use_lowprecision_moment
        super().__init__(learning_rate=learning_rate, parameters=parameters, weight_decay=None, grad_clip=grad_clip,
                         name=name)
        self.type = "adamw"
        self._params_name = set()
        self._apply_decay_param_fun = apply_decay_param_fun
        self._lr_ratio = lr_ratio
        self._beta1 = beta1
        self._beta2 = beta2
        self._epsilon = epsilon
        self._lazy_mode = lazy_mode
        self._multi_precision = multi_precision
        self._master_weights = {}
        self._amsgrad = amsgrad
        self._default_dict = {"weight_decay": self._weight_decay, "beta1": beta1, "beta2": beta2, "epsilon": epsilon,
                              "lazy_mode": lazy_mode, "grad_clip": grad_clip}
        if self._param_groups and isinstance(self._param_groups[0], dict):
            for group in self._param_groups:  # groups were filled before the AdamW defaults existed
                for k, v in self._default_dict.items():
                    group.setdefault(k, v)
                if group["weight_decay"] is None:
                    group["weight_decay"] = self._weight_decay

    def _group_param_attrs(self, group):
        # AdamW's weight decay is the op's coeff: only the learning-rate multiplier goes on the params
        for p in group["params"]:
            p.optimize_attr["learning_rate"] = group.get("learning_rate", 1.0)

    def _update_spec(self, param, hp):
        ins, attrs = self._adam_inputs(param, hp)
        with_decay = self._apply_decay_param_fun is None or bool(self._apply_decay_param_fun(param.name))
        attrs.update(lr_ratio=1.0 if self._lr_ratio is None else float(self._lr_ratio(param)),
                     coeff=float(hp["weight_decay"]), with_decay=with_decay)
        return _ops.AdamW, ins, attrs
