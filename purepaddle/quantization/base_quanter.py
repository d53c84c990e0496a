"""BaseQuanter: the interface of a quanter layer (what QAT inserts and convert reads)."""
import abc

from ..nn import Layer

__all__ = ["BaseQuanter"]


class BaseQuanter(Layer, metaclass=abc.ABCMeta):
    """A layer that simulates quantization of its input; convert reads its scales, zero points, axis and bit
    length to build the quantize/dequantize layers. Subclasses define all five methods.

    Examples:
        >>> import purepaddle as paddle
        >>> from purepaddle.quantization import BaseQuanter
        >>> class Identity(BaseQuanter):
        ...     def forward(self, input): return input
        ...     def scales(self): return None
        ...     def zero_points(self): return None
        ...     def quant_axis(self): return -1
        ...     def bit_length(self): return 8
        >>> Identity()(paddle.ones([2])).numpy().tolist()
        [1.0, 1.0]
    """

    def __init__(self):
        super().__init__()

    @abc.abstractmethod
    def forward(self, input):  # noqa: A002
        """The (fake-)quantized input."""

    @abc.abstractmethod
    def scales(self):
        """The scale(s) (Tensor or array)."""

    @abc.abstractmethod
    def zero_points(self):
        """The zero point(s) (Tensor, array or None)."""

    @abc.abstractmethod
    def quant_axis(self):
        """The channel axis of per-channel scales (-1: one scale)."""

    @abc.abstractmethod
    def bit_length(self):
        """The integer width."""
