"""Fused functions whose kernels Paddle ships for NVIDIA GPUs only (its 3.3.1 CPU build answers "kernel not
registered"): declared stubs, purepaddle/_core/exclusions.py says why."""
from ..._core.exclusions import unavailable

__all__ = ['fused_multi_head_attention', 'variable_length_memory_efficient_attention', 'masked_multihead_attention', 'fused_bias_act', 'fast_ln', 'fast_rms_norm', 'fused_multi_transformer', 'block_multihead_attention', 'int_bincount', 'fused_act_dequant']

fused_multi_head_attention = unavailable("paddle.incubate.nn.functional.fused_multi_head_attention")
variable_length_memory_efficient_attention = unavailable("paddle.incubate.nn.functional.variable_length_memory_efficient_attention")
masked_multihead_attention = unavailable("paddle.incubate.nn.functional.masked_multihead_attention")
fused_bias_act = unavailable("paddle.incubate.nn.functional.fused_bias_act")
fast_ln = unavailable("paddle.incubate.nn.functional.fast_ln")
fast_rms_norm = unavailable("paddle.incubate.nn.functional.fast_rms_norm")
fused_multi_transformer = unavailable("paddle.incubate.nn.functional.fused_multi_transformer")
block_multihead_attention = unavailable("paddle.incubate.nn.functional.block_multihead_attention")
int_bincount = unavailable("paddle.incubate.nn.functional.int_bincount")
fused_act_dequant = unavailable("paddle.incubate.nn.functional.fused_act_dequant")
