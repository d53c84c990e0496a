"""paddle.optimizer.Adam (with lazy_mode for row-sparse gradients, amsgrad, multi_precision)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Sequence
    from typing import Any
    from purepaddle.nn.clip import ClipGradBase as GradientClipBase
    from purepaddle.optimizer.lr.scheduler import LRScheduler
    from purepaddle.nn._regularizer import WeightDecayRegularizer

import numpy as np

from .._core import dtype as _dt
from .._core.tensor import Tensor
from ..ops import optimizer as _ops
from ..tensor._check import check_betas
from .optimizer import Optimizer, _is_low_precision
from .sgd import _warn_low_precision

__all__ = ["Adam"]


def _is_variable(x):
    return hasattr(x, "block") and not isinstance(x, Tensor)


class _AdamBase(Optimizer):
    """Accumulators and op inputs shared by Adam and AdamW."""

    _moment1_acc_str = "moment1"
    _moment2_acc_str = "moment2"
    _moment2_acc_max_str = "moment2_max"
    _beta1_pow_acc_str = "beta1_pow_acc"
    _beta2_pow_acc_str = "beta2_pow_acc"
    _use_lowprecision_moment = False

    def _add_moments_pows(self, p, hp):
        acc_dtype = p.dtype
        if _is_low_precision(acc_dtype) and not self._use_lowprecision_moment:
            acc_dtype = _dt.float32
        self._add_accumulator(self._moment1_acc_str, p, dtype=acc_dtype)
        self._add_accumulator(self._moment2_acc_str, p, dtype=acc_dtype)
        if self._amsgrad:
            self._add_accumulator(self._moment2_acc_max_str, p, dtype=acc_dtype)
        b1, b2 = hp["beta1"], hp["beta2"]
        self._add_accumulator(self._beta1_pow_acc_str, p, dtype=acc_dtype, shape=[1],
                              fill_value=0.9 if _is_variable(b1) or isinstance(b1, Tensor) else b1)
        self._add_accumulator(self._beta2_pow_acc_str, p, dtype=acc_dtype, shape=[1],
                              fill_value=0.999 if _is_variable(b2) or isinstance(b2, Tensor) else b2)

    def _create_accumulators(self, block, parameters):
        hp = self._hyper(parameters if isinstance(parameters, dict) else None)
        for p, target in self._target_params(parameters):
            if _is_low_precision(p.dtype) and not self._multi_precision:
                _warn_low_precision("Adam")
            self._add_moments_pows(target, hp)

    def _adam_inputs(self, param, hp):
        acc = self._get_accumulator_master
        ins = {"Moment1": acc(self._moment1_acc_str, param), "Moment2": acc(self._moment2_acc_str, param),
               "Beta1Pow": acc(self._beta1_pow_acc_str, param), "Beta2Pow": acc(self._beta2_pow_acc_str, param)}
        if self._amsgrad:
            ins["Moment2Max"] = acc(self._moment2_acc_max_str, param)
        attrs = {"lazy_mode": bool(hp["lazy_mode"]), "min_row_size_to_use_multithread": 1000,
                 "multi_precision": False, "amsgrad": bool(self._amsgrad)}
        for key, slot in (("beta1", "Beta1Tensor"), ("beta2", "Beta2Tensor"), ("epsilon", "EpsilonTensor")):
            v = hp[key]
            if type(v) is float or type(v) is int:
                attrs[key] = float(v)
            elif _is_variable(v):
                ins[slot] = v
            else:
                attrs[key] = float(np.asarray(v._data if isinstance(v, Tensor) else v).reshape(-1)[0])
        return ins, attrs


class Adam(_AdamBase):
    r"""Adam: :math:`m = \beta_1 m + (1-\beta_1) g`, :math:`v = \beta_2 v + (1-\beta_2) g^2`,
    :math:`p = p - lr \frac{\sqrt{1-\beta_2^t}}{1-\beta_1^t} \frac{m}{\sqrt{v} + \epsilon\sqrt{1-\beta_2^t}}`.

    With lazy_mode=True a row-sparse gradient updates only its rows (and their moments).

    Args:
        learning_rate (float|LRScheduler, optional): The step size: a float, or an LRScheduler that changes it
            while training. Default: 0.001.
        beta1 (float|Tensor, optional): The decay rate of the first moment estimates. Default: 0.9.
        beta2 (float|Tensor, optional): The decay rate of the second moment estimates. Default: 0.999.
        epsilon (float|Tensor, optional): A small number added for numerical stability. Default: 1e-8.
        parameters (Sequence[Tensor]|Sequence[dict[str, Any]]|None, optional): The parameters to update
            (usually `layer.parameters()`), or groups of them as dicts; required in dynamic mode. Default:
            None.
        weight_decay (float|WeightDecayRegularizer|None, optional): The decay of the parameters: a float
            coefficient (L2) or a regularizer; None for none. Default: None.
        grad_clip (GradientClipBase|None, optional): How gradients are clipped before the step (e.g.
            ClipGradByGlobalNorm); None for none. Default: None.
        lazy_mode (bool, optional): Whether only the rows a sparse gradient touches are updated. Default:
            False.
        multi_precision (bool, optional): Whether float16/bfloat16 parameters keep float32 master copies for
            the update. Default: False.
        use_multi_tensor (bool, optional): Whether parameters are updated together in one fused step (same
            result). Default: False.
        amsgrad (bool, optional): Whether the AMSGrad variant (the maximum of past second moments) is used.
            Default: False.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> linear = paddle.nn.Linear(10, 10)
            >>> adam = paddle.optimizer.Adam(learning_rate=0.1, parameters=linear.parameters())
            >>> paddle.mean(linear(paddle.rand([10, 10]))).backward()
            >>> adam.step()
            >>> adam.clear_grad()
    """

    def __init__(self, learning_rate: float | LRScheduler = 0.001, beta1: float | Tensor = 0.9,
                 beta2: float | Tensor = 0.999, epsilon: float | Tensor = 1e-8,
                 parameters: Sequence[Tensor] | Sequence[dict[str, Any]] | None = None,
                 weight_decay: float | WeightDecayRegularizer | None = None,
                 grad_clip: GradientClipBase | None = None, lazy_mode: bool = False,
                 multi_precision: bool = False, use_multi_tensor: bool = False, amsgrad: bool = False,
                 name: str | None = None) -> None:
        assert learning_rate is not None
        check_betas(beta1, beta2, epsilon)
        super().__init__(learning_rate=learning_rate, parameters=parameters, weight_decay=weight_decay,
                         grad_clip=grad_clip, name=name)
        self.type = "adam"
        self._beta1 = beta1
        self._beta2 = beta2
        self._epsilon = epsilon
        self._lazy_mode = lazy_mode
        self._multi_precision = multi_precision
        self._master_weights = {}
        self._use_multi_tensor = use_multi_tensor
        self._amsgrad = amsgrad
        self._default_dict = {"beta1": beta1, "beta2": beta2, "epsilon": epsilon, "lazy_mode": lazy_mode}

    def _check_sparse(self, pairs):
        if self.regularization is None:
            return
        for _, g in pairs:
            if g.is_selected_rows():
                raise RuntimeError("Adam don't support weight_decay with sparse parameters, please set it to None.")

    def _update_spec(self, param, hp):
        ins, attrs = self._adam_inputs(param, hp)
        return _ops.Adam, ins, attrs
