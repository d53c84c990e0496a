"""init_parallel_env, get_rank, get_world_size, and paddle.DataParallel (gradients averaged over ranks)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from purepaddle.distributed.group import Group
    from typing import Any

import contextlib

import numpy as np

from .._core.mode import STATE, in_dynamic_mode
from ..nn.layer.layers import Layer
from . import env as _env
from . import group as _group
from .reducer import Reducer

__all__ = ["init_parallel_env", "get_rank", "get_world_size", "DataParallel", "ParallelMode"]


class ParallelMode:
    """The kinds of parallelism a job combines (Paddle's constants; purepaddle runs DATA_PARALLEL).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.distributed.ParallelMode.DATA_PARALLEL
            0
    """

    DATA_PARALLEL = 0
    TENSOR_PARALLEL = 1
    PIPELINE_PARALLEL = 2
    SHARDING_PARALLEL = 3
    SEGMENT_PARALLEL = 4


def init_parallel_env(nccl_config: Any = None) -> Group:
    """Join the job the launcher started (PADDLE_TRAINER_ID / PADDLE_TRAINERS_NUM); returns the global group.

    Without a launcher the job is this one process (world size 1), so the same script runs both
    ways. With several processes the workers talk through MPI (mpi4py + Open MPI).

    Args:
        nccl_config (Any, optional): Accepted for compatibility (NCCL settings; unused on the CPU). Default:
            None.

    Returns:
        Group: the default group of all ranks.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> group = dist.init_parallel_env()
            >>> dist.get_rank() < dist.get_world_size()
            True
    """
    return _group.init_global_group()


def get_rank(group: Group | None = None) -> int:
    """This process's rank in `group` (default: the job; -1 when not a member).

    Args:
        group (Group|None, optional): The communication group; None means the default group of all ranks.
            Default: None.

    Returns:
        int: the rank of this process in `group` (-1 when it is not a member).

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> dist.get_rank()
            0
    """
    if group is not None:
        return _group.resolve(group, "get_rank").rank
    g = _group.get_group(0)
    return g.rank if g is not None else _env.env_rank()


def get_world_size(group: Group | None = None) -> int:
    """The number of processes in `group` (default: the job; -1 when not a member).

    Args:
        group (Group|None, optional): The communication group; None means the default group of all ranks.
            Default: None.

    Returns:
        int: the number of ranks in `group` (1 when not distributed).

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> dist.get_world_size()
            1
    """
    if group is not None:
        return _group.resolve(group, "get_world_size").world_size
    g = _group.get_group(0)
    return g.nranks if g is not None else _env.env_world_size()


class DataParallel(Layer):
    """Data-parallel training: each rank runs `layers` on its shard, gradients are averaged over ranks.

    Parameters and buffers are broadcast from rank 0 when wrapping, so every rank starts equal.
    During backward the gradients are all-reduced (averaged) in buckets of `comm_buffer_size` MB
    (the first bucket, ready earliest, `last_comm_buffer_size` MB), so after `loss.backward()`
    every rank holds the same gradients: the loss is in effect divided by the number of ranks.
    Inside `no_sync()` gradients only accumulate locally; the next synced backward averages the sum.

    Args:
        layers (Layer): The model to train in parallel.
        strategy (Any, optional): Accepted for compatibility (the legacy ParallelStrategy). Default: None.
        comm_buffer_size (int, optional): The size (MB) of the buckets gradients are all-reduced in. Default:
            25.
        last_comm_buffer_size (float, optional): The size (MB) of the last bucket. Default: 1.
        find_unused_parameters (bool, optional): Whether parameters that get no gradient are looked for in
            each step. Default: False.
        group (Group|None, optional): The communication group; None means the default group of all ranks.
            Default: None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> dist.init_parallel_env()
            >>> model = paddle.DataParallel(paddle.nn.Linear(4, 2))
            >>> loss = model(paddle.ones([3, 4])).mean()
            >>> loss.backward()
            >>> model._layers.weight.grad.shape
            paddle.Size([4, 2])
    """

    def __init__(self, layers: Layer, strategy: Any = None, comm_buffer_size: int = 25,
                 last_comm_buffer_size: float = 1, find_unused_parameters: bool = False,
                 group: Group | None = None) -> None:
        super().__init__(layers.full_name() + "_data_parallel" if isinstance(layers, Layer) else "data_parallel")
        if not isinstance(layers, Layer):
            raise TypeError(f"DataParallel: layers must be a paddle.nn.Layer, but received {type(layers).__name__}")
        if not in_dynamic_mode():
            raise RuntimeError("DataParallel only works in dynamic mode; in static mode use "
                               "fleet.distributed_optimizer(...).minimize(loss)")
        for name, value in (("comm_buffer_size", comm_buffer_size), ("last_comm_buffer_size", last_comm_buffer_size)):
            if not isinstance(value, (int, float)) or value <= 0:
                raise ValueError(f"DataParallel: {name} must be a positive number of MB, but received {value!r}")
        self._layers = layers
        self.find_unused_parameters = bool(find_unused_parameters)
        self.comm_buffer_size = comm_buffer_size
        self.last_comm_buffer_size = last_comm_buffer_size
        self.grad_need_sync = True
        self._strategy = strategy
        self._group = group
        world = get_world_size(group) if group is not None else _env.env_world_size()
        self._reducer = None
        if world > 1:
            g = _group.resolve(group, "DataParallel") if group is not None else _group.get_group(0)
            if g is None:
                raise RuntimeError("DataParallel: this job has several processes but the parallel environment is "
                                   "not initialized. Call paddle.distributed.init_parallel_env() before "
                                   "constructing paddle.DataParallel.")
            if g.is_member():
                self._sync_params_buffers(g)
                named = [(n, p) for n, p in layers.named_parameters() if not p.stop_gradient]
                self._reducer = Reducer([p for _, p in named], [f"{n} ({p.name})" for n, p in named],
                                        g.process_group, comm_buffer_size, last_comm_buffer_size,
                                        self.find_unused_parameters)

    def _sync_params_buffers(self, g):
        """Every rank starts from rank 0's parameters and buffers (one broadcast per dtype)."""
        tensors = [p for p in self._layers.parameters()] + [b for b in self._layers.buffers() if b is not None]
        by_dtype = {}
        for t in tensors:
            by_dtype.setdefault(t._data.dtype, []).append(t)
        for dt, group in by_dtype.items():
            flat = np.concatenate([np.ascontiguousarray(t._data).reshape(-1) for t in group])
            g.process_group.broadcast(flat, 0)
            offset = 0
            for t in group:
                n = t._data.size
                np.copyto(t._data, flat[offset:offset + n].reshape(t._data.shape))
                t._version += 1
                offset += n

    def forward(self, *inputs, **kwargs):
        outputs = self._layers(*inputs, **kwargs)
        if self._reducer is not None and self.grad_need_sync and STATE.grad_enabled:
            self._reducer.prepare(outputs)
        return outputs

    @contextlib.contextmanager
    def no_sync(self):
        """Inside, backward accumulates gradients locally without communication (gradient accumulation).

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> model = paddle.DataParallel(paddle.nn.Linear(2, 1))
                >>> with model.no_sync():
                ...     model(paddle.ones([1, 2])).sum().backward()
                >>> model(paddle.ones([1, 2])).sum().backward()  # averages the sum of both steps
        """
        prev = self.grad_need_sync
        self.grad_need_sync = False
        try:
            yield
        finally:
            self.grad_need_sync = prev

    def scale_loss(self, loss):
        """Legacy no-op (gradients are averaged during backward): returns `loss`."""
        return loss

    def apply_collective_grads(self):
        """Legacy no-op (gradients are already all-reduced during backward)."""
        return None

    def state_dict(self, *args, **kwargs):
        """The wrapped layers' state_dict (keys without a `_layers.` prefix)."""
        return self._layers.state_dict(*args, **kwargs)

    def set_state_dict(self, state_dict, use_structured_name=True):
        """Load into the wrapped layers."""
        return self._layers.set_state_dict(state_dict, use_structured_name=use_structured_name)

    set_dict = set_state_dict
    load_dict = set_state_dict
