"""Paddle's `paddle.distributed.ps.utils` path: `ps_factory` (the program builders' names)."""
from . import ps_factory  # noqa: F401
