"""Constant, Normal, TruncatedNormal, Uniform and Assign initializers."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from purepaddle._core._typing import NestedSequence, Numeric, TensorLike


import numpy as np

from ..._core.tensor import Tensor
from ...ops.creation.fill import assign_value_attrs
from .base import Initializer, _emit, _proto, _seed, _shape

__all__ = ["Constant", "Normal", "TruncatedNormal", "Uniform", "Assign"]


class Constant(Initializer):
    """Fill with a constant `value` (a `fill_constant` op).

    Args:
        value (float, optional): The value every element gets. Default: 0.0.
        force_cpu (bool, optional): Accepted for compatibility (the CPU is the only device). Default: False.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> linear = paddle.nn.Linear(2, 4, weight_attr=paddle.nn.initializer.Constant(value=2.0))
            >>> linear.weight.numpy().tolist()
            [[2.0, 2.0, 2.0, 2.0], [2.0, 2.0, 2.0, 2.0]]
    """

    def __init__(self, value: float = 0.0, force_cpu: bool = False) -> None:
        assert value is not None
        super().__init__()
        self._value = value
        self._force_cpu = force_cpu

    def _op(self, var, block):
        v = float(self._value)
        # integer targets get an integral str_value (fill_constant parses it with int())
        sv = str(int(v)) if (var.dtype.is_integer or var.dtype.name == "bool") and np.isfinite(v) else str(v)
        return "fill_constant", {"shape": _shape(var), "dtype": _proto(var), "value": v, "str_value": sv,
                                 "force_cpu": bool(self._force_cpu)}


class Uniform(Initializer):
    """Uniform samples in [low, high) (a `uniform_random` op).

    Args:
        low (float, optional): The lower bound. Default: -1.0.
        high (float, optional): The upper bound. Default: 1.0.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.
        seed (int, optional): A seed for this initializer; 0 uses the global generator. Default: 0.
        diag_num (int, optional): How many diagonal entries are set to diag_val (0: none). Default: 0.
        diag_step (int, optional): The step between those entries. Default: 0.
        diag_val (float, optional): Their value. Default: 1.0.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> linear = paddle.nn.Linear(2, 2, weight_attr=paddle.nn.initializer.Uniform(low=-0.5, high=0.5))
            >>> bool(((linear.weight >= -0.5) & (linear.weight < 0.5)).all())
            True
    """

    _stage_prefix = "uniform_random"

    def __init__(self, low: float = -1.0, high: float = 1.0, name: str | None = None, seed: int = 0,
                 diag_num: int = 0, diag_step: int = 0, diag_val: float = 1.0) -> None:
        assert low is not None, "low should not be None"
        assert high is not None, "high should not be None"
        assert high >= low, "high should greater or equal than low"
        super().__init__()
        self._low, self._high, self._seed = low, high, seed
        self._diag_num, self._diag_step, self._diag_val = diag_num, diag_step, diag_val

    def _op(self, var, block):
        return "uniform_random", {"shape": _shape(var), "dtype": _proto(var), "min": float(self._low),
                                  "max": float(self._high), "seed": self._seed or _seed(var, block),
                                  "diag_num": self._diag_num, "diag_step": self._diag_step,
                                  "diag_val": float(self._diag_val)}


class Normal(Initializer):
    """Gaussian samples of mean `mean` and standard deviation `std` (a `gaussian_random` op).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> linear = paddle.nn.Linear(200, 200, weight_attr=paddle.nn.initializer.Normal(mean=0.0, std=2.0))
            >>> abs(float(linear.weight.std()) - 2.0) < 0.05
            True
    """

    def __init__(self, mean=0.0, std=1.0, name=None, seed=0):
        assert mean is not None, "mean should not be None"
        assert std is not None, "std should not be None"
        super().__init__()
        self._mean, self._std_dev, self._seed = mean, std, seed

    def _op(self, var, block):
        return "gaussian_random", {"shape": _shape(var), "dtype": _proto(var), "mean": float(self._mean),
                                   "std": float(self._std_dev), "seed": self._seed or _seed(var, block)}


class TruncatedNormal(Initializer):
    """Gaussian samples of mean `mean` and std `std` kept inside the absolute range [a, b].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> init = paddle.nn.initializer.TruncatedNormal(mean=0.0, std=2.0)
            >>> linear = paddle.nn.Linear(20, 20, weight_attr=init)
            >>> bool((linear.weight.abs() <= 2.0).all())
            True
    """

    _stage_prefix = "truncated_gaussian_random"

    def __init__(self, mean=0.0, std=1.0, a=-2.0, b=2.0, name=None, seed=0):
        assert mean is not None, "mean should not be None"
        assert std is not None, "std should not be None"
        assert a is not None, "a should not be None"
        assert b is not None, "b should not be None"
        super().__init__()
        self._mean, self._std_dev, self._a, self._b, self._seed = mean, std, a, b, seed

    def _op(self, var, block):
        return "truncated_gaussian_random", {"shape": _shape(var), "dtype": _proto(var), "mean": float(self._mean),
                                             "std": float(self._std_dev), "seed": self._seed or _seed(var, block),
                                             "a": float(self._a), "b": float(self._b)}


class Assign(Initializer):
    """Set the parameter to a given array, list or Tensor (an `assign_value` op); its shape wins.

    Args:
        value (TensorLike|NestedSequence[Numeric]): The values to copy in (a numpy array, list or Tensor of
            the parameter's shape).
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> init = paddle.nn.initializer.Assign([[1.0, 2.0], [3.0, 4.0]])
            >>> paddle.nn.Linear(2, 2, weight_attr=init).weight.numpy().tolist()
            [[1.0, 2.0], [3.0, 4.0]]
    """

    _stage_prefix = "numpy_array_init"

    def __init__(self, value: TensorLike | NestedSequence[Numeric], name: str | None = None) -> None:
        if isinstance(value, (list, tuple)):
            value = np.array(value)
        elif isinstance(value, Tensor) or hasattr(value, "block"):
            value = np.asarray(value.numpy())
        assert isinstance(value, np.ndarray)
        super().__init__()
        self._value = value

    def forward(self, var, block=None):
        if self._value.size > 1024 * 1024 * 1024:
            raise ValueError("The size of input is too big. Please consider saving it to file and 'load_op' to load it")
        if isinstance(var, Tensor):
            # the assigned value's shape replaces the parameter's, as Paddle's assign_value_ does
            var._set_data(np.array(self._value, dtype=var._data.dtype))
            return None
        value = self._value.astype(var.dtype.np_dtype)
        return _emit(var, block, "assign_value", assign_value_attrs(value), self._stage_prefix)
