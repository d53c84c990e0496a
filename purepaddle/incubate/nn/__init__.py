"""paddle.incubate.nn: fused layers and their functional forms."""
from . import functional  # noqa: F401
from .layers import FusedBiasDropoutResidualLayerNorm, FusedDropout, FusedDropoutAdd, FusedFeedForward, FusedLinear  # noqa: F401
from .transformer_layers import FusedMultiHeadAttention, FusedMultiTransformer, FusedTransformerEncoderLayer  # noqa: F401

__all__ = ["FusedLinear", "FusedDropoutAdd", "FusedBiasDropoutResidualLayerNorm", "FusedFeedForward",
           "FusedMultiHeadAttention", "FusedTransformerEncoderLayer", "FusedMultiTransformer"]
