"""paddle.distributed collectives on Tensors, in place as in Paddle: all_reduce, broadcast, all_gather, ...

Eagerly each runs its op's kernel (collective_ops.py) straight on the tensor's buffer; in static
mode all_reduce/broadcast/reduce/barrier append the op to the program. Ranks (src, dst) are global
ranks, as in Paddle. sync_op=False returns a task whose wait() completes it; on CPU only
all_reduce and the point-to-point ops (point_to_point.py) are truly asynchronous, the others
finish at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from purepaddle.distributed.group import Group
    from typing import Any

import numpy as np

from ..._core.dispatch import apply, apply_inplace
from ..._core.mode import in_dynamic_mode
from ..._core.tensor import Tensor
from ...tensor._check import check_comm_tensor
from .. import collective_ops as _ops
from ..group import _GROUPS, resolve
from ..process_group import AVG, OP_NAMES

__all__ = ["ReduceOp", "all_reduce", "broadcast", "reduce", "all_gather", "all_gather_object", "scatter",
           "gather", "reduce_scatter", "alltoall", "alltoall_single", "wait", "barrier", "broadcast_object_list",
           "scatter_object_list"]


class ReduceOp:
    """The reductions of all_reduce, reduce and reduce_scatter.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> dist.ReduceOp.SUM, dist.ReduceOp.AVG
            (0, 4)
    """

    SUM = 0
    MAX = 1
    MIN = 2
    PROD = 3
    AVG = 4


class Task:
    """What an asynchronous (sync_op=False) collective returns: wait() finishes it."""

    def __init__(self, request=None, after=None):
        self._request, self._after = request, after

    def wait(self, timeout=None):
        """Block until the communication is done; True."""
        if self._request is not None:
            self._request.Wait()
            self._request = None
        if self._after is not None:
            after, self._after = self._after, None
            after()
        return True

    def is_completed(self):
        """Whether wait() would return at once."""
        if self._request is not None and self._request.Test():
            self.wait()
        return self._request is None

    def is_sync(self):
        return self._request is None


_DONE = Task()


def _check_op(op, api):
    if op not in OP_NAMES:
        raise ValueError(f"{api}: op must be one of ReduceOp.SUM/MAX/MIN/PROD/AVG (0-4), but received {op!r}")
    return int(op)


def _member(group, api):
    """(Group, ProcessGroup) or (group, None) when this process is not a member (the call is then a no-op)."""
    g = resolve(group, api)
    return g, g.process_group if g.is_member() else None


def _group_rank(g, rank, api, arg):
    r = g.get_group_rank(int(rank))
    if r < 0:
        raise ValueError(f"{api}: {arg}={rank} is not a rank of the group (its ranks: {g.ranks})")
    return r


def _inplace(tensor, run):
    """Run run(array) on the tensor's data in place (via a contiguous copy when it is a strided view)."""
    a = tensor._data
    if a.flags.c_contiguous and a.flags.writeable:
        out = run(a)
    else:
        b = np.ascontiguousarray(a)
        out = run(b)
        if a.flags.writeable:
            np.copyto(a, b)
        else:
            tensor._data = b
    tensor._version += 1
    return out


def _static(op_cls, tensor, **attrs):
    """Static mode: append the op; the tensor's handle names its output (in place, as Paddle writes it)."""
    return apply_inplace(op_cls, tensor, **attrs)


def all_reduce(tensor: Tensor, op: int = ReduceOp.SUM, group: Group | None = None,
               sync_op: bool = True) -> Any:
    """Reduce `tensor` over every rank of the group, in place (every rank gets the result).

    Args:
        tensor (Tensor): The tensor; it is changed in place to the result.
        op (int, optional): The reduction: ReduceOp.SUM, MAX, MIN, PROD or AVG. Default: ReduceOp.SUM.
        group (Group|None, optional): The communication group; None means the default group of all ranks.
            Default: None.
        sync_op (bool, optional): Whether the call waits for the communication to finish. Default: True.

    Returns:
        A task to wait on when sync_op is False, else None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> dist.init_parallel_env()
            >>> data = paddle.to_tensor([1.0, 2.0])
            >>> task = dist.all_reduce(data, op=dist.ReduceOp.SUM)
            >>> data.shape
            paddle.Size([2])
    """
    g = _GROUPS.get(0) if group is None else resolve(group, "all_reduce")
    if g is None:
        resolve(None, "all_reduce")  # raises Paddle's "not initialized"
    if op not in OP_NAMES:
        _check_op(op, "all_reduce")
    pg = g.process_group
    if pg is None:
        return None  # not a member of the group
    if not in_dynamic_mode():
        _static(_ops.AllReduce, tensor, ring_id=g.id, reduce_type=int(op))
        return None
    if not isinstance(tensor, Tensor):
        check_comm_tensor(tensor, "all_reduce")
    a = tensor._data
    if sync_op or pg.size == 1:
        flags = a.flags
        if flags.c_contiguous and flags.writeable:  # the common case, kept short
            pg.all_reduce(a, op)
            tensor._version += 1
        else:
            _inplace(tensor, lambda b: pg.all_reduce(b, op))
        return _DONE
    if not a.flags.c_contiguous:
        a = tensor._data = np.ascontiguousarray(a)
    req = pg.all_reduce(a, op, sync=False)
    tensor._version += 1
    return Task(req, (lambda: pg.average(a)) if op == AVG else None)


def broadcast(tensor, src, group=None, sync_op=True):
    """Give every rank the `tensor` of global rank `src`, in place.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> dist.init_parallel_env()
            >>> data = paddle.to_tensor([7.0])
            >>> task = dist.broadcast(data, src=0)
            >>> float(data)
            7.0
    """
    g, pg = _member(group, "broadcast")
    if pg is None:
        return None
    root = _group_rank(g, src, "broadcast", "src")
    if not in_dynamic_mode():
        _static(_ops.Broadcast, tensor, ring_id=g.id, root=root)
        return None
    check_comm_tensor(tensor, "broadcast")
    _inplace(tensor, lambda a: pg.broadcast(a, root))
    return _DONE


def reduce(tensor, dst, op=ReduceOp.SUM, group=None, sync_op=True):
    """Reduce `tensor` over the ranks into global rank `dst` (in place there; others keep theirs).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> dist.init_parallel_env()
            >>> data = paddle.to_tensor([1.0, 2.0])
            >>> task = dist.reduce(data, dst=0)
            >>> data.numpy().tolist()
            [1.0, 2.0]
    """
    code = _check_op(op, "reduce")
    g, pg = _member(group, "reduce")
    if pg is None:
        return None
    root = _group_rank(g, dst, "reduce", "dst")
    if not in_dynamic_mode():
        _static(_ops.Reduce, tensor, ring_id=g.id, root_id=root, reduce_type=code)
        return None
    check_comm_tensor(tensor, "reduce")
    _inplace(tensor, lambda a: pg.reduce(a, root, code))
    return _DONE


def _fill_list(out_list, blocks, api):
    """Put blocks into out_list: new Tensors when it is empty, else copied into its tensors in place; an output
    Tensor instead receives the blocks joined along axis 0 (stacked when they are 0-D), as Paddle writes it."""
    if isinstance(out_list, Tensor):
        joined = np.stack(blocks) if blocks[0].ndim == 0 else np.concatenate(blocks)
        if tuple(out_list._data.shape) != joined.shape:
            raise ValueError(f"{api}: the output tensor has shape {list(out_list._data.shape)} but the gathered data "
                             f"has shape {list(joined.shape)}")
        _inplace(out_list, lambda a: np.copyto(a, joined, casting="unsafe"))
        return
    if not isinstance(out_list, list):
        raise TypeError(f"{api}: the output must be a list of Tensors, but received {type(out_list).__name__}")
    if not out_list:
        out_list.extend(Tensor._make(np.array(b)) for b in blocks)
        return
    if len(out_list) != len(blocks):
        raise ValueError(f"{api}: the output list holds {len(out_list)} tensors but the group has {len(blocks)} "
                         "ranks; pass an empty list or one tensor per rank")
    for t, b in zip(out_list, blocks):
        check_comm_tensor(t, api, "an output tensor")
        if tuple(t._data.shape) != b.shape:
            raise ValueError(f"{api}: an output tensor has shape {list(t._data.shape)} but the data has shape "
                             f"{list(b.shape)}")
        _inplace(t, lambda a, b=b: np.copyto(a, b, casting="unsafe"))


def all_gather(tensor_list: list[Tensor], tensor: Tensor, group: Group | None = None,
               sync_op: bool = True) -> Any:
    """Gather every rank's `tensor` into `tensor_list` (filled in place, or appended to when empty).

    Args:
        tensor_list (list[Tensor]): A list the tensors of every rank are appended to.
        tensor (Tensor): This rank's tensor.
        group (Group|None, optional): The communication group; None means the default group of all ranks.
            Default: None.
        sync_op (bool, optional): Whether the call waits for the communication to finish. Default: True.

    Returns:
        A task to wait on when sync_op is False, else None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> dist.init_parallel_env()
            >>> out = []
            >>> task = dist.all_gather(out, paddle.to_tensor([1, 2]))
            >>> len(out) == dist.get_world_size()
            True
    """
    g, pg = _member(group, "all_gather")
    if pg is None:
        return None
    check_comm_tensor(tensor, "all_gather")
    if not in_dynamic_mode():
        raise NotImplementedError("all_gather with a tensor list is not supported in static mode by purepaddle; "
                                  "use it in dynamic mode")
    a = np.ascontiguousarray(tensor._data)
    out = np.empty((pg.size,) + a.shape, a.dtype)
    pg.all_gather(a, out)
    _fill_list(tensor_list, list(out), "all_gather")
    return _DONE


def all_gather_object(object_list, obj, group=None):
    """Append every rank's picklable `obj` to `object_list`, in rank order.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> dist.init_parallel_env()
            >>> objs = []
            >>> dist.all_gather_object(objs, {"rank": dist.get_rank()})
            >>> objs[0]
            {'rank': 0}
    """
    g, pg = _member(group, "all_gather_object")
    if pg is None:
        return None
    if not isinstance(object_list, list):
        raise TypeError(f"all_gather_object: object_list must be a list, but received {type(object_list).__name__}")
    object_list.extend(pg.all_gather_object(obj))
    return None


def broadcast_object_list(object_list, src, group=None):
    """Replace the items of `object_list` by those of global rank `src` (picklable objects).

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> dist.init_parallel_env()
            >>> objs = [{"lr": 0.1}]
            >>> dist.broadcast_object_list(objs, src=0)
            >>> objs
            [{'lr': 0.1}]
    """
    g, pg = _member(group, "broadcast_object_list")
    if pg is None:
        return None
    root = _group_rank(g, src, "broadcast_object_list", "src")
    object_list[:] = pg.broadcast_object(list(object_list), root)
    return None


def scatter_object_list(out_object_list, in_object_list=None, src=0, group=None):
    """out_object_list <- [the item of src's in_object_list for this rank].

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> dist.init_parallel_env()
            >>> out = []
            >>> dist.scatter_object_list(out, [{"part": k} for k in range(dist.get_world_size())], src=0)
            >>> out
            [{'part': 0}]
    """
    g, pg = _member(group, "scatter_object_list")
    if pg is None:
        return None
    root = _group_rank(g, src, "scatter_object_list", "src")
    objs = None
    if g.rank == root:
        objs = list(in_object_list or [])
        if len(objs) != g.nranks:
            raise ValueError(f"scatter_object_list: in_object_list must hold one object per rank ({g.nranks}), "
                             f"but holds {len(objs)}")
    out_object_list.clear()
    out_object_list.append(pg.scatter_object(objs, root))
    return None


def _stacked(tensors, api, arg, n, like=None):
    """Tensors (one per rank, same shape) -> one contiguous array shaped (n, *shape)."""
    if isinstance(tensors, Tensor):
        a = np.ascontiguousarray(tensors._data)
        if a.shape[0] % n:
            raise ValueError(f"{api}: {arg} has first dimension {a.shape[0]}, not divisible by the {n} ranks")
        return a.reshape((n, a.shape[0] // n) + a.shape[1:])
    tensors = list(tensors or [])
    if len(tensors) != n:
        raise ValueError(f"{api}: {arg} must hold one tensor per rank ({n}), but holds {len(tensors)}")
    for t in tensors:
        check_comm_tensor(t, api, f"an item of {arg}")
    shapes = {tuple(t._data.shape) for t in tensors}
    if len(shapes) != 1:
        raise ValueError(f"{api}: the tensors of {arg} must share one shape, but have {sorted(shapes)}")
    return np.ascontiguousarray(np.stack([t._data for t in tensors]))


def scatter(tensor, tensor_list=None, src=0, group=None, sync_op=True):
    """tensor <- the item for this rank of global rank `src`'s tensor_list.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> dist.init_parallel_env()
            >>> out = paddle.zeros([2])
            >>> parts = [paddle.full([2], float(k)) for k in range(dist.get_world_size())]
            >>> task = dist.scatter(out, parts, src=0)
            >>> out.numpy().tolist()
            [0.0, 0.0]
    """
    g, pg = _member(group, "scatter")
    if pg is None:
        return None
    root = _group_rank(g, src, "scatter", "src")
    check_comm_tensor(tensor, "scatter")
    src_arr = _stacked(tensor_list, "scatter", "tensor_list", pg.size) if g.rank == root else None
    if src_arr is not None and src_arr.shape[1:] != tuple(tensor._data.shape):
        raise ValueError(f"scatter: tensor has shape {list(tensor._data.shape)} but the items of tensor_list "
                         f"have shape {list(src_arr.shape[1:])}")
    _inplace(tensor, lambda a: pg.scatter(src_arr.astype(a.dtype, copy=False) if src_arr is not None else None,
                                          a, root))
    return _DONE


def gather(tensor, gather_list=None, dst=0, group=None, sync_op=True):
    """At global rank `dst`, gather_list <- every rank's tensor (filled, or appended to when empty).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> dist.init_parallel_env()
            >>> out = []
            >>> task = dist.gather(paddle.to_tensor([3]), out, dst=0)
            >>> [t.numpy().tolist() for t in out]
            [[3]]
    """
    g, pg = _member(group, "gather")
    if pg is None:
        return None
    root = _group_rank(g, dst, "gather", "dst")
    check_comm_tensor(tensor, "gather")
    a = np.ascontiguousarray(tensor._data)
    out = np.empty((pg.size,) + a.shape, a.dtype) if g.rank == root else None
    pg.gather(a, out, root)
    if out is not None:
        if gather_list is None:
            raise ValueError("gather: gather_list must be a list on the destination rank")
        _fill_list(gather_list, list(out), "gather")
    return _DONE


def reduce_scatter(tensor, tensor_list, op=ReduceOp.SUM, group=None, sync_op=True):
    """tensor <- the reduction over ranks of tensor_list[this rank] (tensor_list may be one Tensor split on axis 0).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> dist.init_parallel_env()
            >>> out = paddle.zeros([2])
            >>> parts = [paddle.ones([2]) for _ in range(dist.get_world_size())]
            >>> task = dist.reduce_scatter(out, parts)
            >>> out.numpy().tolist() == [float(dist.get_world_size())] * 2
            True
    """
    code = _check_op(op, "reduce_scatter")
    g, pg = _member(group, "reduce_scatter")
    if pg is None:
        return None
    check_comm_tensor(tensor, "reduce_scatter")
    src = _stacked(tensor_list, "reduce_scatter", "tensor_list", pg.size)
    if src.shape[1:] != tuple(tensor._data.shape):
        raise ValueError(f"reduce_scatter: tensor has shape {list(tensor._data.shape)} but each rank's block has "
                         f"shape {list(src.shape[1:])}")
    _inplace(tensor, lambda a: pg.reduce_scatter(src.astype(a.dtype, copy=False), a, code))
    return _DONE


def alltoall(out_tensor_list, in_tensor_list, group=None, sync_op=True):
    """Send in_tensor_list[k] to rank k; out_tensor_list[k] <- what rank k sent here.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> dist.init_parallel_env()
            >>> out = []
            >>> task = dist.alltoall(out, [paddle.to_tensor([5])] * dist.get_world_size())
            >>> out[0].numpy().tolist()
            [5]
    """
    g, pg = _member(group, "alltoall")
    if pg is None:
        return None
    src = _stacked(in_tensor_list, "alltoall", "in_tensor_list", pg.size)
    out = np.empty_like(src)
    pg.all_to_all(src.reshape((pg.size, -1)), out.reshape((pg.size, -1)))
    _fill_list(out_tensor_list, list(out), "alltoall")
    return _DONE


def alltoall_single(out_tensor, in_tensor, in_split_sizes=None, out_split_sizes=None, group=None, sync_op=True):
    """All-to-all of one tensor split along axis 0 (evenly, or by in_split_sizes/out_split_sizes).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> dist.init_parallel_env()
            >>> n = dist.get_world_size()
            >>> out = paddle.zeros([n])
            >>> task = dist.alltoall_single(out, paddle.arange(n, dtype='float32'))
            >>> out.shape
            paddle.Size([1])
    """
    g, pg = _member(group, "alltoall_single")
    if pg is None:
        return None
    check_comm_tensor(in_tensor, "alltoall_single", "in_tensor")
    check_comm_tensor(out_tensor, "alltoall_single", "out_tensor")
    src = np.ascontiguousarray(in_tensor._data)
    n = pg.size
    ins = list(in_split_sizes) if in_split_sizes else [src.shape[0] // n] * n
    outs = list(out_split_sizes) if out_split_sizes else [out_tensor._data.shape[0] // n] * n
    if sum(ins) != src.shape[0] or sum(outs) != out_tensor._data.shape[0] or len(ins) != n or len(outs) != n:
        raise ValueError(f"alltoall_single: split sizes {ins} / {outs} must have one entry per rank ({n}) and sum "
                         f"to the first dims {src.shape[0]} / {out_tensor._data.shape[0]}")
    _inplace(out_tensor, lambda a: pg.all_to_all_v(src.astype(a.dtype, copy=False), ins, a, outs))
    return _DONE


def barrier(group=None):
    """Wait until every rank of the group reaches this call.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> dist.init_parallel_env()
            >>> dist.barrier()
    """
    g, pg = _member(group, "barrier")
    if pg is None:
        return None
    if not in_dynamic_mode():
        from ..._core.dispatch import constant
        apply(_ops.Barrier, constant(np.zeros([1], np.float32)), ring_id=g.id)
        return None
    pg.barrier()
    return None


def wait(tensor, group=None, use_calc_stream=True):
    """Wait for the communication on `tensor` to finish: CPU collectives already have (sync_op=True).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> dist.init_parallel_env()
            >>> data = paddle.to_tensor([1.0])
            >>> task = dist.all_reduce(data)
            >>> dist.wait(data)
    """
    check_comm_tensor(tensor, "wait")
    return None
