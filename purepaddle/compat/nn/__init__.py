"""paddle.compat.nn: torch-signature layers: Linear (weight [out, in]), AvgPool1D/2D/3D (count_include_pad,
divisor_override), Softmax(dim), Unfold and MultiheadAttention (torch's parameters and masks)."""
from . import functional
from .layers import AvgPool1d, AvgPool1D, AvgPool2d, AvgPool2D, AvgPool3d, AvgPool3D, Linear, Softmax, Unfold
from .transformer import MultiheadAttention

__all__ = ["Unfold", "Linear", "Softmax", "AvgPool1D", "AvgPool2D", "AvgPool3D", "AvgPool1d", "AvgPool2d",
           "AvgPool3d", "MultiheadAttention"]
