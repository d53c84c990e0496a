"""paddle.distributed point-to-point: send, recv, isend, irecv, P2POp, batch_isend_irecv (global ranks)."""
import numpy as np

from .._core.mode import in_dynamic_mode
from ..tensor._check import check_comm_tensor
from .communication.collective import Task, _group_rank, _member

__all__ = ["send", "recv", "isend", "irecv", "P2POp", "batch_isend_irecv", "send_object_list", "recv_object_list"]


def _p2p(tensor, peer, group, sync, api, arg, send_side):
    g, pg = _member(group, api)
    if pg is None:
        return None
    check_comm_tensor(tensor, api)
    if not in_dynamic_mode():
        raise NotImplementedError(f"{api} is not supported in static mode by purepaddle; use dynamic mode")
    if peer is None:
        if send_side:
            raise ValueError(f"{api}: {arg} must be a rank")
        r = pg.MPI.ANY_SOURCE if hasattr(pg, "MPI") else 0
    else:
        r = _group_rank(g, peer, api, arg)
    if send_side:
        a = np.ascontiguousarray(tensor._data)
        return Task(pg.send(a, r, sync=sync))
    a = tensor._data if tensor._data.flags.c_contiguous else np.ascontiguousarray(tensor._data)
    tensor._data = a
    tensor._version += 1
    return Task(pg.recv(a, r, sync=sync))


def send(tensor, dst=0, group=None, sync_op=True):
    """Send `tensor` to global rank `dst` (which calls recv).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> dist.init_parallel_env()
            >>> if dist.get_world_size() > 1:
            ...     data = paddle.to_tensor([dist.get_rank()])
            ...     if dist.get_rank() == 0:
            ...         task = dist.send(data, dst=1)
            ...     elif dist.get_rank() == 1:
            ...         task = dist.recv(data, src=0)
    """
    return _p2p(tensor, dst, group, sync_op, "send", "dst", True)


def recv(tensor, src=0, group=None, sync_op=True):
    """Receive into `tensor` (in place) what global rank `src` sends.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> dist.init_parallel_env()
            >>> if dist.get_world_size() > 1 and dist.get_rank() == 1:
            ...     data = paddle.zeros([1], dtype='int64')
            ...     task = dist.recv(data, src=0)
    """
    return _p2p(tensor, src, group, sync_op, "recv", "src", False)


def isend(tensor, dst, group=None):
    """Start sending `tensor` to global rank `dst`; returns a task (wait() before reusing the tensor).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> dist.init_parallel_env()
            >>> if dist.get_world_size() > 1 and dist.get_rank() == 0:
            ...     task = dist.isend(paddle.to_tensor([1.0]), dst=1)
            ...     task.wait()
    """
    return _p2p(tensor, dst, group, False, "isend", "dst", True)


def irecv(tensor, src=None, group=None):
    """Start receiving into `tensor` from global rank `src` (None: any rank); returns a task.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> dist.init_parallel_env()
            >>> if dist.get_world_size() > 1 and dist.get_rank() == 1:
            ...     data = paddle.zeros([1])
            ...     task = dist.irecv(data, src=0)
            ...     task.wait()
    """
    return _p2p(tensor, src, group, False, "irecv", "src", False)


class P2POp:
    """One send or receive for batch_isend_irecv: P2POp(dist.isend, tensor, peer, group=None).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> op = dist.P2POp(dist.isend, paddle.to_tensor([1.0]), 0)
            >>> op.peer
            0
    """

    def __init__(self, op, tensor, peer, group=None):
        if op not in (isend, irecv):
            raise RuntimeError("P2POp: op must be paddle.distributed.isend or paddle.distributed.irecv")
        self.op, self.tensor, self.peer, self.group = op, tensor, peer, group


def batch_isend_irecv(p2p_op_list):
    """Start every P2POp of the list; returns their tasks.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> dist.init_parallel_env()
            >>> n, r = dist.get_world_size(), dist.get_rank()
            >>> if n > 1:
            ...     send_t, recv_t = paddle.to_tensor([float(r)]), paddle.zeros([1])
            ...     ops = [dist.P2POp(dist.isend, send_t, (r + 1) % n), dist.P2POp(dist.irecv, recv_t, (r - 1) % n)]
            ...     for task in dist.batch_isend_irecv(ops):
            ...         task.wait()
    """
    if not p2p_op_list or not all(isinstance(p, P2POp) for p in p2p_op_list):
        raise RuntimeError("batch_isend_irecv: expected a non-empty list of P2POp")
    return [p.op(p.tensor, p.peer, p.group) for p in p2p_op_list]


def _object_peer(object_list, peer, group, peer_in_group, api, arg):
    if object_list is None or len(object_list) == 0:
        raise ValueError("object_list cannot be None or empty")
    g, pg = _member(group, api)
    if pg is None:
        return None, None
    if peer_in_group is not None:
        if peer is not None:
            raise ValueError(f"Cannot specify both '{arg}' and '{arg}_in_group' arguments.")
        return pg, int(peer_in_group)
    return pg, _group_rank(g, 0 if peer is None else peer, api, arg)


def send_object_list(object_list, dst=None, group=None, dst_in_group=None):
    """Send the picklable objects of `object_list` to global rank `dst` (default 0), which calls
    recv_object_list with a list of the same length.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> dist.init_parallel_env()
            >>> if dist.get_world_size() > 1:
            ...     if dist.get_rank() == 0:
            ...         dist.send_object_list([{"lr": 0.1}, "done"], dst=1)
            ...     elif dist.get_rank() == 1:
            ...         objs = [None, None]
            ...         dist.recv_object_list(objs, src=0)
    """
    pg, peer = _object_peer(object_list, dst, group, dst_in_group, "send_object_list", "dst")
    if pg is not None:
        pg.send_object(list(object_list), peer)


def recv_object_list(object_list, src=None, group=None, src_in_group=None):
    """Replace the items of `object_list` (in place) by the objects global rank `src` (default 0) sends
    with send_object_list.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> dist.init_parallel_env()
            >>> objs = [None]
            >>> if dist.get_world_size() > 1 and dist.get_rank() == 1:
            ...     dist.recv_object_list(objs, src=0)
    """
    pg, peer = _object_peer(object_list, src, group, src_in_group, "recv_object_list", "src")
    if pg is None:
        return
    got = pg.recv_object(peer)
    if len(got) != len(object_list):
        raise ValueError(f"recv_object_list: rank {src} sent {len(got)} object(s) into a list of {len(object_list)}")
    object_list[:] = got
