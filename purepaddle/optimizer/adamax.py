"""paddle.optimizer.Adamax: Adam with the infinity norm."""
from .._core import dtype as _dt
from .._core.dispatch import known_value
from ..ops import optimizer as _ops
from .optimizer import Optimizer, _is_low_precision
from .sgd import _warn_low_precision

__all__ = ["Adamax"]


class Adamax(Optimizer):
    r"""Adamax: :math:`m = \beta_1 m + (1-\beta_1) g`, :math:`u = \max(\beta_2 u + \epsilon, |g|)`,
    :math:`p = p - \frac{lr}{1-\beta_1^t} \frac{m}{u}`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> linear = paddle.nn.Linear(10, 10)
            >>> adamax = paddle.optimizer.Adamax(learning_rate=0.1, parameters=linear.parameters())
            >>> paddle.mean(linear(paddle.rand([10, 10]))).backward()
            >>> adamax.step()
            >>> adamax.clear_grad()
    """

    _moment_acc_str = "moment"
    _inf_norm_acc_str = "inf_norm"
    _beta1_pow_acc_str = "beta1_pow_acc"

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-8, parameters=None, weight_decay=None,
                 grad_clip=None, name=None):
        assert learning_rate is not None
        assert beta1 is not None
        assert beta2 is not None
        assert epsilon is not None
        if not 0 <= beta1 < 1:
            raise ValueError("Invalid value of beta1, expect beta1 in [0,1).")
        if not 0 <= beta2 < 1:
            raise ValueError("Invalid value of beta2, expect beta2 in [0,1).")
        if not 0 <= epsilon:
            raise ValueError("Invalid value of epsilon, expect epsilon >= 0.")
        super().__init__(learning_rate=learning_rate, parameters=parameters, weight_decay=weight_decay,
                         grad_clip=grad_clip, name=name)
        self.type = "adamax"
        self._beta1 = beta1
        self._beta2 = beta2
        self._epsilon = epsilon
        self._multi_precision = False
        self._master_weights = {}
        self._default_dict = {"beta1": beta1, "beta2": beta2, "epsilon": epsilon}

    def _create_accumulators(self, block, parameters):
        hp = self._hyper(parameters if isinstance(parameters, dict) else None)
        for p, target in self._target_params(parameters):
            if _is_low_precision(p.dtype) and not self._multi_precision:
                _warn_low_precision("Adam")
            acc_dtype = _dt.float32 if _is_low_precision(target.dtype) else target.dtype
            self._add_accumulator(self._moment_acc_str, target, dtype=acc_dtype)
            self._add_accumulator(self._inf_norm_acc_str, target, dtype=acc_dtype)
            self._add_accumulator(self._beta1_pow_acc_str, target, fill_value=hp["beta1"], shape=[1])

    def _update_spec(self, param, hp):
        acc = self._get_accumulator_master
        ins = {"Moment": acc(self._moment_acc_str, param), "InfNorm": acc(self._inf_norm_acc_str, param),
               "Beta1Pow": acc(self._beta1_pow_acc_str, param)}
        attrs = {"beta1": float(hp["beta1"]), "beta2": float(hp["beta2"]), "epsilon": float(hp["epsilon"]),
                 "multi_precision": False}
        return _ops.Adamax, ins, attrs

    def _finish_update(self, block, parameters_and_grads):
        """Advance every updated parameter's beta1 power: beta1_pow *= beta1 (a `scale` op statically)."""
        group = parameters_and_grads if isinstance(parameters_and_grads, dict) else None
        pairs = group["params"] if group is not None else parameters_and_grads
        beta1 = float(self._hyper(group)["beta1"])
        for param, grad in pairs:
            if grad is None or param.stop_gradient:
                continue
            acc = self._get_accumulator_master(self._beta1_pow_acc_str, param)
            v = known_value(acc)
            if v is None:  # the program scales the accumulator when it runs
                block.append_op(type="scale", inputs={"X": [acc.name]}, outputs={"Out": [acc.name]},
                                attrs={"scale": beta1, "bias": 0.0, "bias_after_scale": True})
            else:
                v *= v.dtype.type(beta1)
