"""paddle.nn.quant: the quantization placeholder layer and the weight-only quantized kernels."""
from .stub import Stub
from .weight_only import llm_int8_linear, weight_dequantize, weight_only_linear, weight_quantize

__all__ = ["Stub", "weight_only_linear", "llm_int8_linear", "weight_quantize", "weight_dequantize"]
