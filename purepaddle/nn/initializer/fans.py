"""Fan-scaled initializers: XavierNormal/XavierUniform (Glorot) and KaimingNormal/KaimingUniform (He)."""
import math

from .base import Initializer, _proto, _seed, _shape, calculate_gain

__all__ = ["XavierNormal", "XavierUniform", "KaimingNormal", "KaimingUniform"]


class XavierInitializer(Initializer):
    """Glorot initialisation: uniform limit gain*sqrt(6/(fan_in+fan_out)) or normal std gain*sqrt(2/(fan_in+fan_out))."""

    _stage_prefix = "xavier_init"

    def __init__(self, uniform=True, fan_in=None, fan_out=None, seed=0, gain=1.0):
        assert uniform is not None
        assert seed is not None
        super().__init__()
        self._uniform, self._fan_in, self._fan_out, self._seed, self._gain = uniform, fan_in, fan_out, seed, gain

    def _op(self, var, block):
        f_in, f_out = self._compute_fans(var)
        fan_in = f_in if self._fan_in is None else self._fan_in
        fan_out = f_out if self._fan_out is None else self._fan_out
        seed = self._seed or _seed(var, block)
        total = float(fan_in + fan_out)
        if self._uniform:
            limit = 0.0 if total == 0 else self._gain * math.sqrt(6.0 / total)
            return "uniform_random", {"shape": _shape(var), "dtype": _proto(var), "min": -limit, "max": limit,
                                      "seed": seed, "diag_num": 0, "diag_step": 0, "diag_val": 1.0}
        std = 0.0 if total == 0 else self._gain * math.sqrt(2.0 / total)
        return "gaussian_random", {"shape": _shape(var), "dtype": _proto(var), "mean": 0.0, "std": std,
                                   "seed": seed}


class XavierNormal(XavierInitializer):
    """Glorot normal: N(0, gain * sqrt(2 / (fan_in + fan_out))).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> linear = paddle.nn.Linear(100, 100, weight_attr=paddle.nn.initializer.XavierNormal())
            >>> abs(float(linear.weight.std()) - 0.1) < 0.01
            True
    """

    def __init__(self, fan_in=None, fan_out=None, gain=1.0, name=None):
        super().__init__(uniform=False, fan_in=fan_in, fan_out=fan_out, seed=0, gain=gain)


class XavierUniform(XavierInitializer):
    """Glorot uniform: U(-x, x) with x = gain * sqrt(6 / (fan_in + fan_out)); Paddle's default weight init.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> linear = paddle.nn.Linear(2, 4, weight_attr=paddle.nn.initializer.XavierUniform())
            >>> bool((linear.weight.abs() <= 1.0).all())
            True
    """

    def __init__(self, fan_in=None, fan_out=None, gain=1.0, name=None):
        super().__init__(uniform=True, fan_in=fan_in, fan_out=fan_out, seed=0, gain=gain)


class MSRAInitializer(Initializer):
    """He initialisation: uniform limit gain*sqrt(3/fan) or normal std gain/sqrt(fan), fan by `mode`."""

    _stage_prefix = "masra_init"  # sic: Paddle's spelling

    def __init__(self, uniform=True, fan_in=None, seed=0, negative_slope=0, nonlinearity="relu", mode="fan_in"):
        assert uniform is not None
        assert seed is not None
        super().__init__()
        self._uniform, self._fan_in, self._seed = uniform, fan_in, seed
        self._negative_slope, self._nonlinearity, self._mode = negative_slope, nonlinearity, mode
        if mode not in ("fan_in", "fan_out"):
            raise ValueError(f"The mode of KaimingNormal/KaimingUniform should be 'fan_in' or 'fan_out', "
                             f"but received {mode}.")
        if mode == "fan_out" and fan_in is not None:
            raise ValueError("The mode of KaimingNormal/KaimingUniform is 'fan_out', but fan_in is set. "
                             "Please set fan_in to None.")

    def _op(self, var, block):
        f_in, f_out = self._compute_fans(var)
        fan = (f_in if self._fan_in is None else self._fan_in) if self._mode == "fan_in" else f_out
        gain = calculate_gain(self._nonlinearity, self._negative_slope)
        seed = self._seed or _seed(var, block)
        if self._uniform:
            limit = gain * math.sqrt(3.0 / float(fan))
            return "uniform_random", {"shape": _shape(var), "dtype": _proto(var), "min": -limit, "max": limit,
                                      "seed": seed, "diag_num": 0, "diag_step": 0, "diag_val": 1.0}
        std = gain / math.sqrt(float(fan))
        return "gaussian_random", {"shape": _shape(var), "dtype": _proto(var), "mean": 0.0, "std": std,
                                   "seed": seed}


class KaimingNormal(MSRAInitializer):
    """He normal: N(0, gain / sqrt(fan)), gain = calculate_gain(nonlinearity, negative_slope).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> linear = paddle.nn.Linear(200, 200, weight_attr=paddle.nn.initializer.KaimingNormal())
            >>> abs(float(linear.weight.std()) - 0.1) < 0.01
            True
    """

    def __init__(self, fan_in=None, negative_slope=0.0, nonlinearity="relu", mode="fan_in"):
        super().__init__(uniform=False, fan_in=fan_in, seed=0, negative_slope=negative_slope,
                         nonlinearity=nonlinearity, mode=mode)


class KaimingUniform(MSRAInitializer):
    """He uniform: U(-x, x) with x = gain * sqrt(3 / fan).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> linear = paddle.nn.Linear(6, 4, weight_attr=paddle.nn.initializer.KaimingUniform())
            >>> bool((linear.weight.abs() <= 1.0).all())
            True
    """

    def __init__(self, fan_in=None, negative_slope=0.0, nonlinearity="relu", mode="fan_in"):
        super().__init__(uniform=True, fan_in=fan_in, seed=0, negative_slope=negative_slope,
                         nonlinearity=nonlinearity, mode=mode)
