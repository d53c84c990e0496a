"""Fused functions whose kernels Paddle ships for NVIDIA GPUs only (its 3.3.1 CPU build answers "kernel not
registered"): declared stubs, purepaddle/_core/exclusions.py says why."""
from ..._core.exclusions import EXCLUSIONS, unavailable

__all__ = ["variable_length_memory_efficient_attention", "masked_multihead_attention",
           "fused_bias_act", "fast_ln", "fast_rms_norm", "fused_multi_transformer", "block_multihead_attention",
           "int_bincount", "fused_act_dequant"]

_PATH = "paddle.incubate.nn.functional."

variable_length_memory_efficient_attention = unavailable(_PATH + "variable_length_memory_efficient_attention")
masked_multihead_attention = unavailable(_PATH + "masked_multihead_attention")
fused_bias_act = unavailable(_PATH + "fused_bias_act")
fast_ln = unavailable(_PATH + "fast_ln")
fast_rms_norm = unavailable(_PATH + "fast_rms_norm")
fused_multi_transformer = unavailable(_PATH + "fused_multi_transformer")
block_multihead_attention = unavailable(_PATH + "block_multihead_attention")
int_bincount = unavailable(_PATH + "int_bincount")
fused_act_dequant = unavailable(_PATH + "fused_act_dequant")

# ERNIE's MoE, fp8 and fused-norm kernels, declared in one loop over the exclusions table
_ERNIE = [n[len(_PATH):] for n in EXCLUSIONS if n.startswith(_PATH) and n[len(_PATH):] not in __all__]
globals().update({n: unavailable(_PATH + n) for n in _ERNIE})
__all__ += _ERNIE
