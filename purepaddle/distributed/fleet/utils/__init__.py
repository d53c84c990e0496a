"""paddle.distributed.fleet.utils: recompute (activation recomputation) for dygraph training, LocalFS and
HDFSClient (Paddle's FS interface on the local disk and over `hadoop fs`), DistributedInfer."""
from .fs import LocalFS  # noqa: F401
from .hdfs import HDFSClient  # noqa: F401
from .ps_infer import DistributedInfer  # noqa: F401
from .recompute import recompute, recompute_sequential  # noqa: F401

__all__ = ["recompute", "LocalFS", "DistributedInfer", "HDFSClient"]
