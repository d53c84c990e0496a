"""paddle.nn.quant: the quantization placeholder layer, the weight-only quantized kernels, the fake-quant layers
(quant_layers), the QAT layers (qat) and the converted-model layers (format)."""
from . import fake_quant, format, qat, quant_layers  # noqa: F401,A004  (paddle.nn.quant.format, .qat, .quant_layers)
from .stub import Stub
from .weight_only import llm_int8_linear, weight_dequantize, weight_only_linear, weight_quantize

__all__ = ["Stub", "weight_only_linear", "llm_int8_linear", "weight_quantize", "weight_dequantize"]
