"""paddle.distributed.fleet.utils: recompute (activation recomputation) for dygraph training, LocalFS."""
from .fs import LocalFS  # noqa: F401
from .recompute import recompute, recompute_sequential  # noqa: F401

__all__ = ["recompute", "LocalFS"]
