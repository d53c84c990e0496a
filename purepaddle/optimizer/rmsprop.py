"""paddle.optimizer.RMSProp (optionally centered, with momentum)."""
from ..ops import optimizer as _ops
from .optimizer import Optimizer, _is_low_precision
from .sgd import _warn_low_precision

__all__ = ["RMSProp"]


class RMSProp(Optimizer):
    r"""Root-mean-square propagation:
    :math:`ms = \rho\,ms + (1-\rho) g^2`, :math:`mom = \beta\,mom + lr\, g/\sqrt{ms + \epsilon}`,
    :math:`p = p - mom`; centered subtracts the square of the running mean gradient inside the root.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> linear = paddle.nn.Linear(10, 10)
            >>> rmsprop = paddle.optimizer.RMSProp(learning_rate=0.1, parameters=linear.parameters(),
            ...                                    weight_decay=0.01)
            >>> paddle.mean(linear(paddle.rand([10, 10]))).backward()
            >>> rmsprop.step()
            >>> rmsprop.clear_grad()
    """

    _momentum_acc_str = "momentum"
    _mean_square_acc_str = "mean_square"
    _mean_grad_acc_str = "mean_grad"

    def __init__(self, learning_rate, rho=0.95, epsilon=1.0e-6, momentum=0.0, centered=False, parameters=None,
                 weight_decay=None, grad_clip=None, name=None):
        if learning_rate is None:
            raise ValueError("learning_rate is not set.")
        if rho is None:
            raise ValueError("rho is not set.")
        if epsilon is None:
            raise ValueError("epsilon is not set.")
        if momentum is None:
            raise ValueError("momentum is not set.")
        if not 0.0 <= epsilon:
            raise ValueError("Invalid value of epsilon, expect epsilon >= 0.")
        if not 0.0 <= momentum:
            raise ValueError("Invalid value of momentum, expect momentum >= 0.")
        if not 0.0 <= rho:
            raise ValueError("Invalid value of rho, expect rho >= 0.")
        super().__init__(learning_rate=learning_rate, parameters=parameters, weight_decay=weight_decay,
                         grad_clip=grad_clip, name=name)
        self.type = "rmsprop"
        self._rho = rho
        self._epsilon = epsilon
        self._momentum = momentum
        self._centered = centered
        self._multi_precision = False
        self._master_weights = {}
        self._default_dict = {"rho": rho, "epsilon": epsilon, "momentum": momentum, "centered": centered}

    def _create_accumulators(self, block, parameters):
        for p, target in self._target_params(parameters):
            if _is_low_precision(p.dtype) and not self._multi_precision:
                _warn_low_precision("Lars")
            self._add_accumulator(self._momentum_acc_str, target)
            self._add_accumulator(self._mean_square_acc_str, target)
            self._add_accumulator(self._mean_grad_acc_str, target)

    def _update_spec(self, param, hp):
        acc = self._get_accumulator_master
        ins = {"Moment": acc(self._momentum_acc_str, param), "MeanSquare": acc(self._mean_square_acc_str, param),
               "MeanGrad": acc(self._mean_grad_acc_str, param)}
        attrs = {"epsilon": float(hp["epsilon"]), "decay": float(hp["rho"]), "momentum": float(hp["momentum"]),
                 "centered": bool(hp["centered"])}
        return _ops.RMSProp, ins, attrs
