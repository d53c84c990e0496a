"""paddle.distributed.fleet.base: Paddle's path for the topology classes (fleet/topology.py holds them)."""
from . import topology  # noqa: F401
