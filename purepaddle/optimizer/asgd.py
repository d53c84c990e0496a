"""paddle.optimizer.ASGD and paddle.optimizer.Rprop."""
import numpy as np

from .._core.dispatch import constant
from .._core.mode import in_dynamic_mode
from ..ops import optimizer as _ops
from .lr import LRScheduler
from .optimizer import Optimizer, _is_low_precision
from .sgd import _warn_low_precision

__all__ = ["ASGD", "Rprop"]


class ASGD(Optimizer):
    r"""Averaged SGD: the step is the mean of the last `batch_num` gradients,
    :math:`d = d - y_i + g`, :math:`y_i = g`, :math:`p = p - lr\, d / \min(m, n)`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> linear = paddle.nn.Linear(10, 10)
            >>> asgd = paddle.optimizer.ASGD(learning_rate=0.001, batch_num=10, parameters=linear.parameters())
            >>> paddle.mean(linear(paddle.rand([10, 10]))).backward()
            >>> asgd.step()
            >>> asgd.clear_grad()
    """

    def __init__(self, learning_rate=0.001, batch_num=1, parameters=None, weight_decay=None, grad_clip=None,
                 multi_precision=False, name=None):
        if learning_rate is None:
            raise ValueError("learning_rate should not be none")
        if batch_num is None:
            raise ValueError("batch_num should not be none")
        if not 0 < batch_num:
            raise ValueError("batch_num should be greater than 0")
        super().__init__(learning_rate=learning_rate, parameters=parameters, weight_decay=weight_decay,
                         grad_clip=grad_clip, name=name)
        self.type = "asgd"
        self._multi_precision = multi_precision
        self._master_weights = {}
        self._n = batch_num
        self._default_dict = {}

    def _create_accumulators(self, block, parameters):
        if not in_dynamic_mode():
            raise NotImplementedError("ASGD keeps a Python-side position in its gradient history and is only "
                                      "supported in dynamic graph mode by purepaddle.")
        for p, target in self._target_params(parameters):
            if _is_low_precision(p.dtype) and not self._multi_precision:
                _warn_low_precision("Adam")
            self._add_accumulator("d", target, p.dtype, 0)
            self._add_accumulator("y", target, p.dtype, 0, [self._n, *list(p.shape)])
            self._add_accumulator("m", target, "int64", 0, [1])

    def _update_spec(self, param, hp):
        m = self._get_accumulator_master("m", param)
        ys = self._get_accumulator_master("y", param)
        index = int(m._data[0]) % self._n
        m._data += 1
        n = np.minimum(m._data, self._n)
        ins = {"d": self._get_accumulator_master("d", param), "y": ys._data[index], "n": n}
        return _ops.ASGD, ins, {"multi_precision": False}


class Rprop(Optimizer):
    r"""Resilient backpropagation: per-element rates in `learning_rate_range`, multiplied by etas[1] while a
    gradient keeps its sign and by etas[0] when it flips; :math:`p = p - rate \cdot sign(g)`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> linear = paddle.nn.Linear(10, 10)
            >>> rprop = paddle.optimizer.Rprop(learning_rate=0.001, parameters=linear.parameters())
            >>> paddle.mean(linear(paddle.rand([10, 10]))).backward()
            >>> rprop.step()
            >>> rprop.clear_grad()
    """

    def __init__(self, learning_rate=0.001, learning_rate_range=(1e-5, 50), parameters=None, etas=(0.5, 1.2),
                 grad_clip=None, multi_precision=False, name=None):
        if learning_rate is None:
            raise ValueError("learning_rate is not set")
        lr0 = learning_rate() if isinstance(learning_rate, LRScheduler) else learning_rate
        if not 0.0 < learning_rate_range[0] <= lr0 <= learning_rate_range[1]:
            raise ValueError("'0.0 < learning_rate_range[0] <= learning_rate <= learning_rate_range[1]' must be true")
        if not 0.0 < etas[0] < 1.0 < etas[1]:
            raise ValueError("'0.0 < etas[0] < 1.0 < etas[1]' must be true")
        super().__init__(learning_rate=learning_rate, parameters=parameters, weight_decay=0.0, grad_clip=grad_clip,
                         name=name)
        self.type = "rprop"
        self._initial_learning_rate = lr0
        self._multi_precision = multi_precision
        self._master_weights = {}
        self._learning_rate_range = [tuple(learning_rate_range)]
        self._etas = [tuple(etas)]
        self._default_dict = {}

    def _create_accumulators(self, block, parameters):
        for p, target in self._target_params(parameters):
            if _is_low_precision(p.dtype) and not self._multi_precision:
                _warn_low_precision("Adam")
            self._add_accumulator("prevs", target, p.dtype, 0)
            self._add_accumulator("learning_rates", target, p.dtype, fill_value=self._initial_learning_rate)

    def _update_spec(self, param, hp):
        dtype = np.float32 if _is_low_precision(param.dtype) else param.dtype.np_dtype
        lr_range = np.array(self._learning_rate_range, dtype=dtype)
        etas = np.array(self._etas, dtype=dtype)
        if not in_dynamic_mode():
            lr_range, etas = constant(lr_range), constant(etas)
        ins = {"prev": self._get_accumulator_master("prevs", param),
               "learning_rate": self._get_accumulator_master("learning_rates", param),
               "learning_rate_range": lr_range, "etas": etas}
        return _ops.Rprop, ins, {"multi_precision": False}
