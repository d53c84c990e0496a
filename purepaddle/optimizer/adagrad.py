"""paddle.optimizer.Adagrad: moment += g^2; param -= lr * g / (sqrt(moment) + epsilon)."""
from ..ops import optimizer as _ops
from .optimizer import Optimizer, _is_low_precision
from .sgd import _warn_low_precision

__all__ = ["Adagrad"]


class Adagrad(Optimizer):
    r"""Adaptive gradient: :math:`m = m + g^2`, :math:`p = p - lr\, g / (\sqrt{m} + \epsilon)`.

    Row-sparse gradients update only their rows.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> linear = paddle.nn.Linear(10, 10)
            >>> adagrad = paddle.optimizer.Adagrad(learning_rate=0.1, parameters=linear.parameters())
            >>> paddle.mean(linear(paddle.rand([10, 10]))).backward()
            >>> adagrad.step()
            >>> adagrad.clear_grad()
    """

    _moment_acc_str = "moment"

    def __init__(self, learning_rate, epsilon=1.0e-6, parameters=None, weight_decay=None, grad_clip=None, name=None,
                 initial_accumulator_value=0.0):
        assert learning_rate is not None
        assert epsilon is not None
        super().__init__(learning_rate=learning_rate, parameters=parameters, weight_decay=weight_decay,
                         grad_clip=grad_clip, name=name)
        self.type = "adagrad"
        self._epsilon = epsilon
        self._multi_precision = False
        self._master_weights = {}
        self.initial_accumulator_value = initial_accumulator_value
        self._default_dict = {"epsilon": epsilon, "initial_accumulator_value": initial_accumulator_value}

    def _create_accumulators(self, block, parameters):
        hp = self._hyper(parameters if isinstance(parameters, dict) else None)
        for p, target in self._target_params(parameters):
            if _is_low_precision(p.dtype) and not self._multi_precision:
                _warn_low_precision("Momentum")
            self._add_accumulator(self._moment_acc_str, target, fill_value=hp["initial_accumulator_value"])

    def _update_spec(self, param, hp):
        moment = self._get_accumulator_master(self._moment_acc_str, param)
        return _ops.Adagrad, {"Moment": moment}, {"epsilon": float(hp["epsilon"]), "multi_precision": False}
