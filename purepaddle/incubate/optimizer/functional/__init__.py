"""paddle.incubate.optimizer.functional: BFGS and L-BFGS as functions of an objective and a start point."""
from .bfgs import minimize_bfgs  # noqa: F401
from .lbfgs import minimize_lbfgs  # noqa: F401

__all__ = ["minimize_bfgs", "minimize_lbfgs"]
