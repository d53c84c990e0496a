"""paddle.optimizer.Lamb: layer-wise adaptive moments (LAMB)."""
from .._core import dtype as _dt
from ..ops import optimizer as _ops
from .adam import _is_variable
from .optimizer import Optimizer, _is_low_precision

__all__ = ["Lamb"]


class Lamb(Optimizer):
    r"""LAMB: Adam's moments with bias correction, :math:`r = \hat m/(\sqrt{\hat v}+\epsilon) + wd\,p`,
    :math:`p = p - lr \frac{\|p\|}{\|r\|} r`. Parameters for which exclude_from_weight_decay_fn(param)
    is True get no decay (and no trust ratio unless always_adapt).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> linear = paddle.nn.Linear(10, 10)
            >>> lamb = paddle.optimizer.Lamb(learning_rate=0.002, parameters=linear.parameters(),
            ...                              lamb_weight_decay=0.01)
            >>> paddle.mean(linear(paddle.rand([10, 10]))).backward()
            >>> lamb.step()
            >>> lamb.clear_grad()
    """

    _moment1_acc_str = "moment1"
    _moment2_acc_str = "moment2"
    _beta1_pow_acc_str = "beta1_pow_acc"
    _beta2_pow_acc_str = "beta2_pow_acc"

    def __init__(self, learning_rate=0.001, lamb_weight_decay=0.01, beta1=0.9, beta2=0.999, epsilon=1e-6,
                 parameters=None, grad_clip=None, exclude_from_weight_decay_fn=None, multi_precision=False,
                 always_adapt=False, name=None):
        assert learning_rate is not None
        assert beta1 is not None
        assert beta2 is not None
        assert epsilon is not None
        super().__init__(learning_rate=learning_rate, parameters=parameters, weight_decay=None, grad_clip=grad_clip,
                         name=name)
        self.type = "lamb"
        self._beta1 = beta1
        self._beta2 = beta2
        self._epsilon = epsilon
        self._lamb_weight_decay = lamb_weight_decay
        self._exclude_from_weight_decay_fn = exclude_from_weight_decay_fn
        self._default_dict = {"beta1": beta1, "beta2": beta2, "epsilon": epsilon,
                              "lamb_weight_decay": lamb_weight_decay,
                              "exclude_from_weight_decay_fn": exclude_from_weight_decay_fn}
        self._master_weights = {}
        self._used_master_weights = {}
        self._multi_precision = multi_precision
        self.always_adapt = always_adapt

    def _create_accumulators(self, block, parameters):
        hp = self._hyper(parameters if isinstance(parameters, dict) else None)
        for _, target in self._target_params(parameters):
            acc_dtype = _dt.float32 if _is_low_precision(target.dtype) else target.dtype
            self._add_accumulator(self._moment1_acc_str, target, dtype=acc_dtype)
            self._add_accumulator(self._moment2_acc_str, target, dtype=acc_dtype)
            b1, b2 = hp["beta1"], hp["beta2"]
            self._add_accumulator(self._beta1_pow_acc_str, target, dtype=acc_dtype, shape=[1],
                                  fill_value=0.9 if _is_variable(b1) else b1)
            self._add_accumulator(self._beta2_pow_acc_str, target, dtype=acc_dtype, shape=[1],
                                  fill_value=0.999 if _is_variable(b2) else b2)

    def _update_spec(self, param, hp):
        acc = self._get_accumulator_master
        ins = {"Moment1": acc(self._moment1_acc_str, param), "Moment2": acc(self._moment2_acc_str, param),
               "Beta1Pow": acc(self._beta1_pow_acc_str, param), "Beta2Pow": acc(self._beta2_pow_acc_str, param)}
        exclude = hp["exclude_from_weight_decay_fn"]
        wd = 0.0 if exclude is not None and exclude(param) else float(hp["lamb_weight_decay"])
        if param.name in self._master_weights:
            self._used_master_weights[param.name] = self._master_weights[param.name].name
        attrs = {"beta1": float(hp["beta1"]), "beta2": float(hp["beta2"]), "epsilon": float(hp["epsilon"]),
                 "weight_decay": wd, "always_adapt": bool(self.always_adapt), "multi_precision": False}
        return _ops.Lamb, ins, attrs
