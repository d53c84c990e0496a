"""AbsmaxObserver: the PTQ observer recording the running max of |x| (its scale)."""
from ...tensor.creation.conversion import to_tensor
from ...tensor.creation.fill import zeros_like
from ...tensor.math.elementwise import maximum
from ..base_observer import BaseObserver
from ..factory import ObserverFactory

__all__ = ["AbsmaxObserver", "AbsmaxObserverLayer"]


class AbsmaxObserver(ObserverFactory):
    """The factory of AbsmaxObserverLayer: it passes values through and remembers the largest |x| seen, which
    becomes the scale (zero point 0).

    Args:
        quant_bits (int): the integer width.

    Examples:
        >>> from purepaddle.quantization.observers import AbsmaxObserver
        >>> AbsmaxObserver(quant_bits=8)
        AbsmaxObserver(quant_bits=8)
    """

    def __init__(self, quant_bits=8):
        super().__init__(quant_bits=quant_bits)

    def _get_class(self):
        return AbsmaxObserverLayer


class AbsmaxObserverLayer(BaseObserver):
    """The observer layer AbsmaxObserver builds."""

    INIT_ABS_MAX = 1e-7

    def __init__(self, layer, quant_bits=8):
        super().__init__()
        self._quant_bits = quant_bits
        self.abs_max_val = to_tensor(AbsmaxObserverLayer.INIT_ABS_MAX)
        self._min = self._max = self._scale = self._zero_point = None

    def forward(self, input):  # noqa: A002
        self._min, self._max = self.cal_min_max(input)
        return input

    def cal_min_max(self, inputs):
        """(0, the largest |x| seen so far)."""
        abs_max_val = inputs.abs().max()
        if self._max is not None:
            abs_max_val = maximum(abs_max_val, self._max.cast(inputs.dtype))
        return 0, abs_max_val

    def bit_length(self):
        return self._quant_bits

    def quant_axis(self):
        return -1

    def cal_thresholds(self):
        if self._scale is None:
            self._scale = self._max
        self._zero_point = zeros_like(self._scale)

    def scales(self):
        if self._scale is None:
            self.cal_thresholds()
        return self._scale

    def zero_points(self):
        return self._zero_point
