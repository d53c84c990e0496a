"""paddle.optimizer.NAdam and paddle.optimizer.RAdam."""
from .._core import dtype as _dt
from ..ops import optimizer as _ops
from .optimizer import Optimizer, _is_low_precision
from .sgd import _warn_low_precision

__all__ = ["NAdam", "RAdam"]


def _check(learning_rate, epsilon, beta1, beta2):
    if isinstance(learning_rate, (float, int)) and not 0.0 <= learning_rate:
        raise ValueError(f"Invalid learning rate: {learning_rate}, expect learning_rate >= 0.")
    if not 0.0 <= epsilon:
        raise ValueError(f"Invalid epsilon value: {epsilon}, expect epsilon >= 0.")
    if not 0.0 <= beta1 < 1.0:
        raise ValueError(f"Invalid beta1: {beta1}, expect 0. <= beta1 < 1.0.")
    if not 0.0 <= beta2 < 1.0:
        raise ValueError(f"Invalid beta2: {beta2}, expect 0. <= beta2 < 1.0.")


class _Elementwise(Optimizer):
    """Accumulators shaped like the parameter, float32 for low-precision parameters."""

    _accs = ()  # (name, fill value)

    def _create_accumulators(self, block, parameters):
        for p, target in self._target_params(parameters):
            if _is_low_precision(p.dtype) and not self._multi_precision:
                _warn_low_precision("Lars")
            acc_dtype = _dt.float32 if _is_low_precision(target.dtype) else target.dtype
            for name, fill in self._accs:
                self._add_accumulator(name, target, dtype=acc_dtype, fill_value=fill)

    def _update_spec(self, param, hp):
        ins = {name: self._get_accumulator_master(name, param) for name, _ in self._accs}
        attrs = {k: float(hp[k]) for k in self._default_dict}
        attrs["multi_precision"] = False
        return self._op, ins, attrs


class NAdam(_Elementwise):
    r"""NAdam: Adam with Nesterov momentum and momentum decay
    (:math:`\mu_t = \beta_1 (1 - 0.5 \cdot 0.96^{t \psi})`).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> linear = paddle.nn.Linear(10, 10)
            >>> nadam = paddle.optimizer.NAdam(learning_rate=0.1, parameters=linear.parameters())
            >>> paddle.mean(linear(paddle.rand([10, 10]))).backward()
            >>> nadam.step()
            >>> nadam.clear_grad()
    """

    _op = _ops.NAdam
    _accs = (("momentum_decay_pow", 1.0), ("beta2_pow", 1.0), ("mu_product", 1.0), ("moment1", 0.0),
             ("moment2", 0.0))

    def __init__(self, learning_rate=0.002, beta1=0.9, beta2=0.999, epsilon=1e-8, momentum_decay=0.004,
                 parameters=None, weight_decay=None, grad_clip=None, name=None):
        _check(learning_rate, epsilon, beta1, beta2)
        if not 0.0 <= momentum_decay:
            raise ValueError(f"Invalid momentum_decay value: {momentum_decay}, expect momentum_decay >= 0.")
        super().__init__(learning_rate=learning_rate, parameters=parameters, weight_decay=weight_decay,
                         grad_clip=grad_clip, name=name)
        self.type = "nadam"
        self._beta1, self._beta2, self._epsilon = beta1, beta2, epsilon
        self._momentum_decay = momentum_decay
        self._multi_precision = False
        self._master_weights = {}
        self._default_dict = {"beta1": beta1, "beta2": beta2, "epsilon": epsilon, "momentum_decay": momentum_decay}


class RAdam(_Elementwise):
    r"""RAdam: Adam whose adaptive step is rectified by the variance of the adaptive rate; plain momentum
    SGD while that variance is intractable (:math:`\rho_t \le 5`).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> linear = paddle.nn.Linear(10, 10)
            >>> radam = paddle.optimizer.RAdam(learning_rate=0.1, parameters=linear.parameters())
            >>> paddle.mean(linear(paddle.rand([10, 10]))).backward()
            >>> radam.step()
            >>> radam.clear_grad()
    """

    _op = _ops.RAdam
    _accs = (("beta1_pow", 1.0), ("beta2_pow", 1.0), ("rho", 1.0), ("moment1", 0.0), ("moment2", 0.0))

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-8, parameters=None, weight_decay=None,
                 grad_clip=None, name=None):
        _check(learning_rate, epsilon, beta1, beta2)
        super().__init__(learning_rate=learning_rate, parameters=parameters, weight_decay=weight_decay,
                         grad_clip=grad_clip, name=name)
        self.type = "radam"
        self._beta1, self._beta2, self._epsilon = beta1, beta2, epsilon
        self._multi_precision = False
        self._master_weights = {}
        self._default_dict = {"beta1": beta1, "beta2": beta2, "epsilon": epsilon}
