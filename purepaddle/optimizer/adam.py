"""paddle.optimizer.Adam (with lazy_mode for row-sparse gradients, amsgrad, multi_precision)."""
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

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> linear = paddle.nn.Linear(10, 10)
            >>> adam = paddle.optimizer.Adam(learning_rate=0.1, parameters=linear.parameters())
            >>> paddle.mean(linear(paddle.rand([10, 10]))).backward()
            >>> adam.step()
            >>> adam.clear_grad()
    """

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-8, parameters=None, weight_decay=None,
                 grad_clip=None, lazy_mode=False, multi_precision=False, use_multi_tensor=False, amsgrad=False,
                 name=None):
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
