"""paddle.distributed.fleet.base.topology: CommunicateTopology and HybridCommunicateGroup (see fleet/topology.py)."""
from ..topology import CommunicateTopology, HybridCommunicateGroup  # noqa: F401

__all__ = ["CommunicateTopology", "HybridCommunicateGroup"]
