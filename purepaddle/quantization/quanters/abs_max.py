"""FakeQuanterWithAbsMaxObserver: the QAT quanter that fake-quantizes by a moving-average abs-max scale."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from purepaddle._core._typing import DTypeLike

from ...nn.initializer import Constant
from ...nn.param_attr import ParamAttr
from ...nn.quant import fake_quant
from ...static.name import generate as _unique
from ..base_quanter import BaseQuanter
from ..factory import QuanterFactory

__all__ = ["FakeQuanterWithAbsMaxObserver", "FakeQuanterWithAbsMaxObserverLayer"]


class FakeQuanterWithAbsMaxObserver(QuanterFactory):
    """The factory of FakeQuanterWithAbsMaxObserverLayer: while training, scale = moving average of max|x|
    (state = rate*state + 1, accum = rate*accum + max|x|, scale = accum/state); the input is quantized to
    bit_length bits with it and dequantized; the gradient passes straight through.

    Args:
        moving_rate (float): the decay rate.
        bit_length (int): the integer width.
        dtype (str): the scale's dtype.
        name (str, optional): the parameters' name prefix.

    Examples:
        .. code-block:: python

            >>> from purepaddle.quantization.quanters import FakeQuanterWithAbsMaxObserver
            >>> FakeQuanterWithAbsMaxObserver(moving_rate=0.99)
            FakeQuanterWithAbsMaxObserver(name=None,moving_rate=0.99,bit_length=8,dtype=float32)
    """

    def __init__(self, moving_rate: float = 0.9, bit_length: int = 8, dtype: DTypeLike = "float32",
                 name: str | None = None) -> None:
        super().__init__(name=name, moving_rate=moving_rate, bit_length=bit_length, dtype=dtype)

    def _get_class(self):
        return FakeQuanterWithAbsMaxObserverLayer


class FakeQuanterWithAbsMaxObserverLayer(BaseQuanter):
    """The quanter layer FakeQuanterWithAbsMaxObserver builds (scale 0.001, state 1, accum 1 to start)."""

    def __init__(self, layer, name=None, moving_rate=0.9, bit_length=8, dtype="float32"):
        super().__init__()
        self._moving_rate, self._bit_length = moving_rate, bit_length
        prefix = name if name else "quant_dequant"
        self._scale = self._tensor(f"{prefix}.scale", 0.001, dtype)
        self._state = self._tensor(f"{prefix}.state", 1, dtype)
        self._accum = self._tensor(f"{prefix}.accum", 1, dtype)

    def _tensor(self, prefix, value, dtype):
        p = self.create_parameter(shape=[1], dtype=dtype, attr=ParamAttr(name=_unique(prefix),
                                                                         initializer=Constant(value),
                                                                         trainable=False))
        p.stop_gradient = True
        return p

    def forward(self, input):  # noqa: A002
        return fake_quant.moving_average_abs_max(input, self._scale, self._accum, self._state, self._moving_rate,
                                                 self._bit_length, self.training)

    def bit_length(self):
        return self._bit_length

    def quant_axis(self):
        return -1

    def scales(self):
        return self._scale

    def zero_points(self):
        return None
