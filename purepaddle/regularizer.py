"""paddle.regularizer: L1Decay, L2Decay (defined on floor 5 in purepaddle.nn._regularizer)."""
from .nn._regularizer import L1Decay, L2Decay, WeightDecayRegularizer  # noqa: F401

__all__ = ["L1Decay", "L2Decay"]
