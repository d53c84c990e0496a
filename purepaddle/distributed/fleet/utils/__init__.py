"""paddle.distributed.fleet.utils: recompute (activation recomputation) for dygraph training."""
from .recompute import recompute, recompute_sequential  # noqa: F401

__all__ = ["recompute"]
