"""paddle.nn.quant.qat: the quantization-aware forms of Linear and Conv2D that QAT/PTQ put in place."""
from .conv import QuantedConv2D
from .linear import QuantedLinear

__all__ = ["QuantedConv2D", "QuantedLinear"]
