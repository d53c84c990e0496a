"""paddle.incubate.optimizer: LookAhead and LBFGS (the same class as paddle.optimizer.LBFGS)."""
from ...optimizer import LBFGS  # noqa: F401
from . import functional  # noqa: F401
from .lookahead import LookAhead  # noqa: F401
from .modelaverage import ModelAverage  # noqa: F401
from .recompute import RecomputeOptimizer  # noqa: F401

__all__ = ["LBFGS", "LookAhead", "ModelAverage"]
