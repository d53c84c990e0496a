"""paddle.distributed.communication.stream: the collectives with Paddle's stream arguments.

Each function here is the collective of collective.py (or point_to_point.py) with two more things Paddle's stream
forms have: `use_calc_stream` (on CPU there is one stream, so it only has to agree with sync_op: it may be True only
for a synchronous call) and outputs/inputs given as one Tensor instead of a list (joined or split along axis 0).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Sequence
    from typing import Any

    from purepaddle.distributed.group import Group

from ..._core.tensor import Tensor
from .. import point_to_point as _p2p
from . import collective as _c

__all__ = ["all_gather", "all_reduce", "alltoall", "alltoall_single", "broadcast", "reduce", "reduce_scatter",
           "recv", "scatter", "send", "gather"]


def _stream_args(group, sync_op, use_calc_stream, api):
    """Paddle's checks common to every stream form: a group this rank belongs to; use_calc_stream only when sync."""
    if group is not None and not group.is_member():
        raise RuntimeError(f"{api}: the group should not be None and all ranks which invoke this operation should "
                           "be the member of this group")
    if not sync_op and use_calc_stream:
        word = "True" if api in ("send", "recv") else "true"  # Paddle's two spellings
        raise RuntimeError(f"use_calc_stream can only be {word} in sync op behavior.")


def all_reduce(tensor: Tensor, op: int = 0, group: Group | None = None, sync_op: bool = True,
               use_calc_stream: bool = False) -> Any:
    """Reduce `tensor` over every rank of the group, in place (every rank gets the result).

    Args:
        tensor (Tensor): The tensor; it is changed in place to the result.
        op (int, optional): ReduceOp.SUM, MAX, MIN, PROD or AVG. Default: ReduceOp.SUM.
        group (Group|None, optional): The communication group; None means all ranks. Default: None.
        sync_op (bool, optional): Whether the call waits for the communication to finish. Default: True.
        use_calc_stream (bool, optional): Run on the calculation stream (on CPU: the only one); True only with
            sync_op=True. Default: False.

    Returns:
        A task to wait on.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> dist.init_parallel_env()
            >>> data = paddle.to_tensor([1.0, 2.0])
            >>> task = dist.stream.all_reduce(data, sync_op=False)
            >>> task.wait()
            True
    """
    _stream_args(group, sync_op, use_calc_stream, "all_reduce")
    return _c.all_reduce(tensor, op, group, sync_op)


def all_gather(tensor_or_tensor_list: Tensor | list[Tensor], tensor: Tensor, group: Group | None = None,
               sync_op: bool = True, use_calc_stream: bool = False) -> Any:
    """Gather every rank's `tensor`: into a list (one tensor per rank) or into one Tensor joined along axis 0.

    Args:
        tensor_or_tensor_list (Tensor|list[Tensor]): The output: a list (filled, or appended to when empty) or a
            Tensor whose first dimension is the group size times that of `tensor`.
        tensor (Tensor): This rank's tensor.
        group (Group|None, optional): The communication group; None means all ranks. Default: None.
        sync_op (bool, optional): Whether the call waits for the communication to finish. Default: True.
        use_calc_stream (bool, optional): True only with sync_op=True. Default: False.

    Returns:
        A task to wait on.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> dist.init_parallel_env()
            >>> x = paddle.to_tensor([1, 2])
            >>> out = paddle.zeros([2 * dist.get_world_size()], dtype='int64')
            >>> task = dist.stream.all_gather(out, x)
            >>> out.numpy().tolist()[:2]
            [1, 2]
    """
    _stream_args(group, sync_op, use_calc_stream, "all_gather")
    return _c.all_gather(tensor_or_tensor_list, tensor, group, sync_op)


def alltoall(out_tensor_or_tensor_list: Tensor | Sequence[Tensor], in_tensor_or_tensor_list: Tensor | Sequence[Tensor],
             group: Group | None = None, sync_op: bool = True, use_calc_stream: bool = False) -> Any:
    """Send block k of the input to rank k; block k of the output is what rank k sent here.

    Args:
        out_tensor_or_tensor_list (Tensor|list[Tensor]): The output, a list of one tensor per rank (or empty), or
            one Tensor holding the blocks along axis 0.
        in_tensor_or_tensor_list (Tensor|list[Tensor]): The input, in the same form as the output.
        group (Group|None, optional): The communication group; None means all ranks. Default: None.
        sync_op (bool, optional): Whether the call waits for the communication to finish. Default: True.
        use_calc_stream (bool, optional): True only with sync_op=True. Default: False.

    Returns:
        A task to wait on.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> dist.init_parallel_env()
            >>> n = dist.get_world_size()
            >>> out = paddle.zeros([n])
            >>> task = dist.stream.alltoall(out, paddle.full([n], 3.0))
            >>> out.numpy().tolist()[0]
            3.0
    """
    _stream_args(group, sync_op, use_calc_stream, "alltoall")
    if out_tensor_or_tensor_list is None:
        raise RuntimeError("The output should be specified.")
    if in_tensor_or_tensor_list is None:
        raise RuntimeError("The input should be specified.")
    if isinstance(out_tensor_or_tensor_list, Tensor) != isinstance(in_tensor_or_tensor_list, Tensor):
        raise RuntimeError("The output and input should be both tensor or tensor list.")
    return _c.alltoall(out_tensor_or_tensor_list, in_tensor_or_tensor_list, group, sync_op)


def alltoall_single(out_tensor: Tensor, in_tensor: Tensor, out_split_sizes: list[int] | None = None,
                    in_split_sizes: list[int] | None = None, group: Group | None = None, sync_op: bool = True,
                    use_calc_stream: bool = False) -> Any:
    """All-to-all of one tensor split along axis 0 (evenly, or by the split sizes; note the stream form takes
    out_split_sizes before in_split_sizes).

    Args:
        out_tensor (Tensor): The output, written in place.
        in_tensor (Tensor): The input.
        out_split_sizes (list[int]|None, optional): Rows received from each rank; None splits evenly. Default: None.
        in_split_sizes (list[int]|None, optional): Rows sent to each rank; None splits evenly. Default: None.
        group (Group|None, optional): The communication group; None means all ranks. Default: None.
        sync_op (bool, optional): Whether the call waits for the communication to finish. Default: True.
        use_calc_stream (bool, optional): True only with sync_op=True. Default: False.

    Returns:
        A task to wait on.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> dist.init_parallel_env()
            >>> n = dist.get_world_size()
            >>> out = paddle.zeros([n])
            >>> task = dist.stream.alltoall_single(out, paddle.ones([n]))
            >>> out.numpy().tolist()[0]
            1.0
    """
    _stream_args(group, sync_op, use_calc_stream, "alltoall_single")
    return _c.alltoall_single(out_tensor, in_tensor, in_split_sizes, out_split_sizes, group, sync_op)


def broadcast(tensor: Tensor, src: int, group: Group | None = None, sync_op: bool = True,
              use_calc_stream: bool = False) -> Any:
    """Give every rank the `tensor` of global rank `src`, in place.

    Args:
        tensor (Tensor): The tensor to send (at src) or to overwrite (elsewhere).
        src (int): The global rank that sends.
        group (Group|None, optional): The communication group; None means all ranks. Default: None.
        sync_op (bool, optional): Whether the call waits for the communication to finish. Default: True.
        use_calc_stream (bool, optional): True only with sync_op=True. Default: False.

    Returns:
        A task to wait on.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> dist.init_parallel_env()
            >>> data = paddle.to_tensor([7.0])
            >>> task = dist.stream.broadcast(data, src=0)
            >>> float(data)
            7.0
    """
    _stream_args(group, sync_op, use_calc_stream, "broadcast")
    return _c.broadcast(tensor, src, group, sync_op)


def reduce(tensor: Tensor, dst: int = 0, op: int = 0, group: Group | None = None, sync_op: bool = True,
           use_calc_stream: bool = False) -> Any:
    """Reduce `tensor` over the ranks into global rank `dst` (in place there).

    Args:
        tensor (Tensor): The tensor; at dst it becomes the result.
        dst (int, optional): The global rank that receives the result. Default: 0.
        op (int, optional): ReduceOp.SUM, MAX, MIN, PROD or AVG. Default: ReduceOp.SUM.
        group (Group|None, optional): The communication group; None means all ranks. Default: None.
        sync_op (bool, optional): Whether the call waits for the communication to finish. Default: True.
        use_calc_stream (bool, optional): True only with sync_op=True. Default: False.

    Returns:
        A task to wait on.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> dist.init_parallel_env()
            >>> data = paddle.to_tensor([1.0, 2.0])
            >>> task = dist.stream.reduce(data, dst=0)
    """
    _stream_args(group, sync_op, use_calc_stream, "reduce")
    return _c.reduce(tensor, dst, op, group, sync_op)


def reduce_scatter(tensor: Tensor, tensor_or_tensor_list: Tensor | Sequence[Tensor], op: int = 0,
                   group: Group | None = None, sync_op: bool = True, use_calc_stream: bool = False) -> Any:
    """tensor <- the reduction over ranks of this rank's block (one tensor per rank, or one Tensor split on axis 0).

    Args:
        tensor (Tensor): The output, written in place.
        tensor_or_tensor_list (Tensor|list[Tensor]): The blocks, one per rank.
        op (int, optional): ReduceOp.SUM, MAX, MIN, PROD or AVG. Default: ReduceOp.SUM.
        group (Group|None, optional): The communication group; None means all ranks. Default: None.
        sync_op (bool, optional): Whether the call waits for the communication to finish. Default: True.
        use_calc_stream (bool, optional): True only with sync_op=True. Default: False.

    Returns:
        A task to wait on.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> dist.init_parallel_env()
            >>> out = paddle.zeros([2])
            >>> task = dist.stream.reduce_scatter(out, paddle.ones([2 * dist.get_world_size()]))
            >>> out.numpy().tolist() == [float(dist.get_world_size())] * 2
            True
    """
    _stream_args(group, sync_op, use_calc_stream, "reduce_scatter")
    return _c.reduce_scatter(tensor, tensor_or_tensor_list, op, group, sync_op)


def scatter(tensor: Tensor, tensor_or_tensor_list: Tensor | Sequence[Tensor] | None = None, src: int = 0,
            group: Group | None = None, sync_op: bool = True, use_calc_stream: bool = False) -> Any:
    """tensor <- this rank's block of global rank `src`'s input (one tensor per rank, or one Tensor split on axis 0).

    Args:
        tensor (Tensor): The output, written in place.
        tensor_or_tensor_list (Tensor|list[Tensor]|None, optional): The blocks; only src needs them. Default: None.
        src (int, optional): The global rank that sends. Default: 0.
        group (Group|None, optional): The communication group; None means all ranks. Default: None.
        sync_op (bool, optional): Whether the call waits for the communication to finish. Default: True.
        use_calc_stream (bool, optional): True only with sync_op=True. Default: False.

    Returns:
        A task to wait on.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> dist.init_parallel_env()
            >>> out = paddle.zeros([2])
            >>> task = dist.stream.scatter(out, paddle.ones([2 * dist.get_world_size()]), src=0)
            >>> out.numpy().tolist()
            [1.0, 1.0]
    """
    _stream_args(group, sync_op, use_calc_stream, "scatter")
    return _c.scatter(tensor, tensor_or_tensor_list, src, group, sync_op)


def gather(tensor: Tensor, gather_list: Sequence[Tensor] | None = None, dst: int = 0, group: Group | None = None,
           sync_op: bool = True, use_calc_stream: bool = False) -> Any:
    """At global rank `dst`, gather_list <- every rank's tensor (filled, or appended to when empty).

    Args:
        tensor (Tensor): This rank's tensor.
        gather_list (list[Tensor]|None, optional): The output at dst; other ranks may pass None. Default: None.
        dst (int, optional): The global rank that receives. Default: 0.
        group (Group|None, optional): The communication group; None means all ranks. Default: None.
        sync_op (bool, optional): Whether the call waits for the communication to finish. Default: True.
        use_calc_stream (bool, optional): True only with sync_op=True. Default: False.

    Returns:
        A task to wait on.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> dist.init_parallel_env()
            >>> out = []
            >>> task = dist.stream.gather(paddle.to_tensor([3]), out, dst=0)
            >>> out[0].numpy().tolist()
            [3]
    """
    _stream_args(group, sync_op, use_calc_stream, "gather")
    return _c.gather(tensor, gather_list, dst, group, sync_op)


def send(tensor: Tensor, dst: int = 0, group: Group | None = None, sync_op: bool = True,
         use_calc_stream: bool = False) -> Any:
    """Send `tensor` to global rank `dst` (which calls recv).

    Args:
        tensor (Tensor): The tensor to send.
        dst (int, optional): The global rank that receives. Default: 0.
        group (Group|None, optional): The communication group; None means all ranks. Default: None.
        sync_op (bool, optional): Whether the call waits for the communication to finish. Default: True.
        use_calc_stream (bool, optional): True only with sync_op=True. Default: False.

    Returns:
        A task to wait on.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> dist.init_parallel_env()
            >>> if dist.get_world_size() > 1 and dist.get_rank() == 0:
            ...     task = dist.stream.send(paddle.to_tensor([1.0]), dst=1)
    """
    _stream_args(group, sync_op, use_calc_stream, "send")
    return _p2p.send(tensor, dst, group, sync_op)


def recv(tensor: Tensor, src: int = 0, group: Group | None = None, sync_op: bool = True,
         use_calc_stream: bool = False) -> Any:
    """Receive into `tensor` (in place) what global rank `src` sends.

    Args:
        tensor (Tensor): The tensor to overwrite.
        src (int, optional): The global rank that sends. Default: 0.
        group (Group|None, optional): The communication group; None means all ranks. Default: None.
        sync_op (bool, optional): Whether the call waits for the communication to finish. Default: True.
        use_calc_stream (bool, optional): True only with sync_op=True. Default: False.

    Returns:
        A task to wait on.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> dist.init_parallel_env()
            >>> if dist.get_world_size() > 1 and dist.get_rank() == 1:
            ...     task = dist.stream.recv(paddle.zeros([1]), src=0)
    """
    _stream_args(group, sync_op, use_calc_stream, "recv")
    return _p2p.recv(tensor, src, group, sync_op)
