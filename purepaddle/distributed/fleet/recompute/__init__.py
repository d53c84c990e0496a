"""paddle.distributed.fleet.recompute: the recompute functions (the same ones as fleet.utils)."""
from ..utils.recompute import recompute, recompute_sequential  # noqa: F401

__all__ = []
