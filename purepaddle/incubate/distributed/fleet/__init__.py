"""paddle.incubate.distributed.fleet: recompute_sequential and recompute_hybrid."""
from ....distributed.fleet.utils.recompute import recompute_sequential  # noqa: F401
from .hybrid import recompute_hybrid  # noqa: F401

__all__ = ["recompute_sequential", "recompute_hybrid"]
