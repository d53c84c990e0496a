"""Weight-only quantized GEMM (weight_quantize, weight_dequantize, weight_only_linear, llm_int8_linear): Paddle
ships these kernels for NVIDIA GPUs only, in layouts tied to the GPU architecture; declared stubs
(purepaddle/_core/exclusions.py)."""
from ..._core.exclusions import unavailable

__all__ = ["weight_quantize", "weight_dequantize", "weight_only_linear", "llm_int8_linear"]

weight_quantize = unavailable("paddle.nn.quant.weight_quantize")
weight_dequantize = unavailable("paddle.nn.quant.weight_dequantize")
weight_only_linear = unavailable("paddle.nn.quant.weight_only_linear")
llm_int8_linear = unavailable("paddle.nn.quant.llm_int8_linear")
