"""paddle.distributed.communication: the collectives (collective.py) and their stream forms (stream.py).

collective.py holds the one implementation of every collective; stream.py adds Paddle's use_calc_stream
argument and the tensor-or-list forms on top of it. Point-to-point lives in distributed/point_to_point.py.
"""
from . import stream  # noqa: F401
from .collective import (ReduceOp, Task, all_gather, all_gather_object, all_reduce, alltoall,  # noqa: F401
                         alltoall_single, barrier, broadcast, broadcast_object_list, gather, reduce, reduce_scatter,
                         scatter, scatter_object_list, wait)

__all__ = ["ReduceOp", "all_reduce", "broadcast", "reduce", "all_gather", "all_gather_object", "scatter",
           "gather", "reduce_scatter", "alltoall", "alltoall_single", "wait", "barrier", "broadcast_object_list",
           "scatter_object_list", "stream"]
