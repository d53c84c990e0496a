"""paddle.vision.ops: detection and region operators, and ConvNormActivation."""
from .layers import ConvNormActivation  # noqa: F401

__all__ = ["ConvNormActivation"]
