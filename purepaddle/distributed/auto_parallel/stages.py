"""ShardingStage1 / ShardingStage2 / ShardingStage3: the auto-parallel sharding configurations that
paddle.distributed.shard_optimizer(optimizer, shard_fn) applies to each optimizer tensor.

A stage is called as shard_fn(key, param, tensor) for every accumulator (key "moment1", "beta1_pow_acc", ...),
and for gradients (key "grad"), of a dist parameter; it returns the tensor laid out on the parameter's mesh:
sharded along the sharding mesh dimension (on the first tensor axis the parameter is not already split on), or
replicated for the scalar beta-power accumulators. Stage 3 also shards the parameters themselves
(_shard_parameter / _unshard_parameter). Dense (non-dist) parameters' tensors are returned as they are.
"""
from __future__ import annotations

import copy
from typing import TYPE_CHECKING

from . import dtensor as _ap

if TYPE_CHECKING:  # names for annotations only
    from purepaddle._core.tensor import Tensor
    from purepaddle.distributed.auto_parallel import ProcessMesh

__all__ = ["ShardingStage1", "ShardingStage2", "ShardingStage3"]


def _with_sharding(param, sharding_axis):
    """The parameter's placements with mesh dimension `sharding_axis` sharding the first tensor axis that no
    other mesh dimension shards (Paddle allows one sharded tensor axis per parameter)."""
    split = [p.get_dim() for p in param.placements if isinstance(p, _ap.Shard)]
    if len(split) > 1:
        raise AssertionError("The parameter can't be shard twice with sharding strategy even in different mesh now.")
    placements = copy.deepcopy(list(param.placements))
    for dim in range(len(param.shape)):
        if not split or dim != split[0]:
            placements[sharding_axis] = _ap.Shard(dim)
            break
    return placements


def _replicated(param):
    return [_ap.Replicate() for _ in param.process_mesh.shape]


class _ShardingStageBase:
    def __init__(self, mesh, sharding_mesh_dim):
        self._mesh = mesh
        self._sharding_axis = 0
        self._sharding_mesh_dim = sharding_mesh_dim
        self.enable_tensor_fusion = False

    def _set_sharding_axis(self, sharding_axis: int) -> None:
        self._sharding_axis = sharding_axis

    def _enable_tensor_fusion(self) -> None:
        self.enable_tensor_fusion = True

    def _apply_placement(self, tensor, param, placements):
        if tensor.is_dist():
            return _ap.reshard(tensor, param.process_mesh, placements)
        return _ap.shard_tensor(tensor, mesh=param.process_mesh, placements=placements)

    def shard_master_weight(self, param: Tensor, master_weight: Tensor) -> Tensor:
        """The float32 master weight of an AMP parameter, laid out as the parameter's optimizer state."""
        if param.is_dist() and master_weight.is_dist():
            placements = (list(param.placements) if self.enable_tensor_fusion
                          else _with_sharding(param, self._sharding_axis))
            return _ap.reshard(master_weight, param.process_mesh, placements)
        return master_weight


class ShardingStage1(_ShardingStageBase):
    """Shard the optimizer state along one mesh dimension (ZeRO stage 1), for dist.shard_optimizer.

    Args:
        sharding_mesh_dim (int|str): The mesh dimension (index or name) the state is sharded over.
        mesh (ProcessMesh|None, optional): The mesh; None means the parameters' own. Default: None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> mesh = dist.ProcessMesh([0], dim_names=["dp"])
            >>> w = dist.shard_tensor(paddle.ones([4, 2]), mesh, [dist.Replicate()])
            >>> stage = dist.ShardingStage1("dp", mesh)
            >>> stage("moment1", w, paddle.zeros([4, 2])).placements
            [Shard(dim=0)]
            >>> stage("beta1_pow_acc", w, paddle.ones([1])).placements
            [Replicate()]
    """

    def __init__(self, sharding_mesh_dim: int | str, mesh: ProcessMesh | None = None) -> None:
        super().__init__(mesh, sharding_mesh_dim)

    def __call__(self, key: str, param: Tensor, tensor: Tensor) -> Tensor:
        if not param.is_dist():
            return tensor
        if not self.enable_tensor_fusion and "beta" not in key:
            placements = _with_sharding(param, self._sharding_axis)
        else:
            placements = _replicated(param)
        return self._apply_placement(tensor, param, placements)


class ShardingStage2(_ShardingStageBase):
    """Shard the optimizer state and the gradients along one mesh dimension (ZeRO stage 2), for dist.shard_optimizer.

    Args:
        sharding_mesh_dim (int|str): The mesh dimension (index or name) they are sharded over.
        mesh (ProcessMesh|None, optional): The mesh; None means the parameters' own. Default: None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> mesh = dist.ProcessMesh([0], dim_names=["dp"])
            >>> w = dist.shard_tensor(paddle.ones([4, 2]), mesh, [dist.Replicate()])
            >>> dist.ShardingStage2("dp", mesh)("grad", w, paddle.zeros([4, 2])).placements
            [Shard(dim=0)]
    """

    def __init__(self, sharding_mesh_dim: int | str, mesh: ProcessMesh | None = None) -> None:
        super().__init__(mesh, sharding_mesh_dim)

    def __call__(self, key: str, param: Tensor, tensor: Tensor) -> Tensor:
        if not param.is_dist():
            return tensor
        placements = _with_sharding(param, self._sharding_axis) if "beta" not in key else _replicated(param)
        return _ap.shard_tensor(tensor, mesh=param.process_mesh, placements=placements)


class ShardingStage3(_ShardingStageBase):
    """Shard the optimizer state, the gradients and the parameters along one mesh dimension (ZeRO stage 3), for
    dist.shard_optimizer.

    Args:
        sharding_mesh_dim (int|str): The mesh dimension (index or name) they are sharded over.
        mesh (ProcessMesh|None, optional): The mesh; None means the parameters' own. Default: None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> mesh = dist.ProcessMesh([0], dim_names=["dp"])
            >>> w = dist.shard_tensor(paddle.ones([4, 2]), mesh, [dist.Replicate()])
            >>> dist.ShardingStage3("dp", mesh)("moment1", w, paddle.zeros([4, 2])).placements
            [Shard(dim=0)]
    """

    def __init__(self, sharding_mesh_dim: int | str, mesh: ProcessMesh | None = None) -> None:
        super().__init__(mesh, sharding_mesh_dim)

    def _shard_parameter(self, param):
        """Lay the parameter out sharded along the sharding mesh dimension (in place)."""
        if not param.is_dist() and self._mesh is not None:
            param = _ap.shard_tensor(param, self._mesh, [_ap.Replicate() for _ in self._mesh.shape])
        if param.is_dist():
            param.placements = _with_sharding(param, self._sharding_axis)
        return param

    def _unshard_parameter(self, param):
        """Lay the parameter out replicated along the sharding mesh dimension again (in place)."""
        if param.is_dist() and isinstance(param.placements[self._sharding_axis], _ap.Shard):
            placements = list(param.placements)
            placements[self._sharding_axis] = _ap.Replicate()
            param.placements = placements
        return param

    def __call__(self, key: str, param: Tensor, tensor: Tensor) -> Tensor:
        if not param.is_dist():
            return tensor
        if "beta" not in key:
            placements = list(param.placements)
            if all(isinstance(p, _ap.Replicate) for p in placements):
                placements = _with_sharding(param, self._sharding_axis)
        else:
            placements = _replicated(param)
        return self._apply_placement(tensor, param, placements)
