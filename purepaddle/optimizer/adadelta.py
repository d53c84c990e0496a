"""paddle.optimizer.Adadelta."""
from ..ops import optimizer as _ops
from .optimizer import Optimizer, _is_low_precision
from .sgd import _warn_low_precision

__all__ = ["Adadelta"]


class Adadelta(Optimizer):
    r"""Adadelta: :math:`E[g^2] = \rho E[g^2] + (1-\rho) g^2`,
    :math:`\Delta = -\sqrt{(E[\Delta^2] + \epsilon)/(E[g^2] + \epsilon)}\, g`,
    :math:`E[\Delta^2] = \rho E[\Delta^2] + (1-\rho)\Delta^2`, :math:`p = p + lr\,\Delta`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> linear = paddle.nn.Linear(10, 10)
            >>> adadelta = paddle.optimizer.Adadelta(learning_rate=0.1, parameters=linear.parameters(),
            ...                                      weight_decay=0.01)
            >>> paddle.mean(linear(paddle.rand([10, 10]))).backward()
            >>> adadelta.step()
            >>> adadelta.clear_grad()
    """

    _avg_squared_grad_acc_str = "_avg_squared_grad"
    _avg_squared_update_acc_str = "_avg_squared_update"

    def __init__(self, learning_rate=0.001, epsilon=1.0e-6, rho=0.95, parameters=None, weight_decay=None,
                 grad_clip=None, name=None):
        if learning_rate is None:
            raise ValueError("learning_rate is not set.")
        if epsilon is None:
            raise ValueError("epsilon is not set.")
        if rho is None:
            raise ValueError("rho is not set.")
        super().__init__(learning_rate=learning_rate, parameters=parameters, weight_decay=weight_decay,
                         grad_clip=grad_clip, name=name)
        self._multi_precision = False
        self._master_weights = {}
        self.type = "adadelta"
        self._epsilon = epsilon
        self._rho = rho
        self._default_dict = {"epsilon": epsilon, "rho": rho}

    def _create_accumulators(self, block, parameters):
        for p, target in self._target_params(parameters):
            if _is_low_precision(p.dtype) and not self._multi_precision:
                _warn_low_precision("Lars")
            self._add_accumulator(self._avg_squared_grad_acc_str, target)
            self._add_accumulator(self._avg_squared_update_acc_str, target)

    def _update_spec(self, param, hp):
        acc = self._get_accumulator_master
        ins = {"AvgSquaredGrad": acc(self._avg_squared_grad_acc_str, param),
               "AvgSquaredUpdate": acc(self._avg_squared_update_acc_str, param)}
        return _ops.Adadelta, ins, {"rho": float(hp["rho"]), "epsilon": float(hp["epsilon"]), "multi_precision": False}
