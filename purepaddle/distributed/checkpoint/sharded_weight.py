"""ShardedWeight: one rank's piece of a tensor with where it lies in the whole (for save/load_state_dict), and the
helpers that build them: shard_weight (a piece per rank of a group along an axis) and build_sharded_state_dict."""
from ..._core.tensor import Tensor

__all__ = ["ShardedWeight", "ShardedStateDict", "shard_weight", "build_sharded_state_dict"]


class ShardedWeight:
    """A rank's piece of a tensor: `local_tensor` of `local_shape`, at `global_offset` in a tensor of
    `global_shape`, saved and loaded under `key`.

    Args:
        key (str): the tensor's name in the checkpoint.
        local_tensor (Tensor): this rank's piece.
        local_shape (tuple[int]): its shape.
        global_shape (tuple[int]): the whole tensor's shape.
        global_offset (tuple[int]): where the piece starts in the whole.
        is_flattened (bool, optional): the piece is a flat range of the whole (sharding v2). Default False.
        flattened_range (slice, optional): that range.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> w = dist.ShardedWeight("w", paddle.ones([2, 4]), (2, 4), (4, 4), (2, 0))
            >>> w.global_shape, w.global_offset
            ((4, 4), (2, 0))
    """

    def __init__(self, key, local_tensor, local_shape, global_shape, global_offset, is_flattened=False,
                 flattened_range=None):
        if not isinstance(local_tensor, Tensor):
            raise TypeError(f"ShardedWeight: local_tensor must be a paddle.Tensor, but received "
                            f"{type(local_tensor).__name__}")
        self.key = key
        self.local_tensor = local_tensor
        self.local_shape = tuple(local_tensor.shape) if local_tensor.is_dist() else tuple(local_shape)
        self.global_shape = tuple(global_shape)
        self.global_offset = tuple(global_offset)
        self.is_flattened = is_flattened
        self.flattened_range = flattened_range

    def __str__(self):
        return (f"ShardedWeight(\n  key={self.key},\n  local_tensor={type(self.local_tensor).__name__}"
                f"(shape={self.local_tensor.shape}),\n  local_shape={self.local_shape},\n"
                f"  global_shape={self.global_shape},\n  global_offset={self.global_offset},\n"
                f"  flattened_range={self.flattened_range}\n)")

    __repr__ = __str__


ShardedStateDict = dict  # Paddle's alias: dict[str, ShardedWeight]


def shard_weight(key, weight, axis, group):
    """`weight` as this rank's piece of a tensor split along `axis` over the ranks of `group` (each rank holds an
    equal piece; rank r's starts at r * weight.shape[axis]).

    Args:
        key (str): the tensor's name in the checkpoint.
        weight (Tensor): this rank's piece.
        axis (int): the axis the whole tensor is split along.
        group (Group): the ranks that hold the pieces.

    Returns:
        ShardedWeight: the piece with its place in the whole.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> group = dist.init_parallel_env()
            >>> dist.shard_weight("w", paddle.ones([2, 3]), 0, group).global_shape
            (2, 3)
    """
    if axis < 0 or axis >= len(weight.shape):
        raise ValueError(f"Shard axis {axis} is invalid for tensor with shape {weight.shape}")
    local_shape = tuple(weight.shape)
    global_shape = list(local_shape)
    global_shape[axis] = local_shape[axis] * group.nranks
    offset = [0] * len(local_shape)
    if group.nranks > 1:
        offset[axis] = group.rank * local_shape[axis]
    return ShardedWeight(key, weight, local_shape, tuple(global_shape), tuple(offset))


def _replicated(key, tensor):
    return ShardedWeight(key, tensor, tuple(tensor.shape), tuple(tensor.shape), tuple(0 for _ in tensor.shape))


def build_sharded_state_dict(state_dict, shard_rules=None, prefix=""):
    """A state_dict as ShardedWeights: the keys in `shard_rules` split along their axis over the tensor-parallel
    group (one process here, so the piece is the whole), the others whole on every rank.

    Args:
        state_dict (dict[str, Tensor]): the state_dict.
        shard_rules (dict[str, int], optional): key -> the axis it is split along.
        prefix (str, optional): put before every key.

    Returns:
        dict[str, ShardedWeight]: the sharded state_dict.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> sd = dist.build_sharded_state_dict(paddle.nn.Linear(2, 3).state_dict(), {"weight": 1}, "fc.")
            >>> sorted(sd), sd["fc.weight"].global_shape
            (['fc.bias', 'fc.weight'], (2, 3))
    """
    rules = shard_rules or {}
    out = {}
    for key, tensor in state_dict.items():
        full = f"{prefix}{key}" if prefix else key
        if key in rules:
            # the tensor-parallel group: purepaddle runs no tensor parallelism, so it is this process alone
            out[full] = shard_weight(full, tensor, rules[key], _Solo())
        else:
            out[full] = _replicated(full, tensor)
    return out


class _Solo:
    """The tensor-parallel group of build_sharded_state_dict: this process alone."""

    rank, nranks = 0, 1
