"""Hybrid-parallel topology: the rank grid of a job (CommunicateTopology) and the groups it implies
(HybridCommunicateGroup: data, pipe, sharding, sep and model parallel groups built with new_group).

Ranks are numbered row-major over the axes in the order given (the last axis, 'model' by default, varies fastest),
as Paddle numbers them, so a rank's coordinates and its groups agree with Paddle's for the same degrees.
"""
from __future__ import annotations

import collections
import itertools
import math
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # names for annotations only
    from purepaddle.distributed.group import Group

__all__ = ["CommunicateTopology", "HybridCommunicateGroup"]

_AXES = ["data", "pipe", "sharding", "sep", "context", "model"]


class CommunicateTopology:
    """The grid of ranks of a hybrid-parallel job: one axis per kind of parallelism, with its degree.

    Args:
        hybrid_group_names (list[str], optional): The axis names, slowest first. Default:
            ["data", "pipe", "sharding", "sep", "context", "model"].
        dims (list[int], optional): The degree of each axis; their product is the world size. Default: all 1.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed.fleet as fleet
            >>> topo = fleet.CommunicateTopology(["data", "pipe", "model"], [2, 1, 2])
            >>> topo.world_size(), topo.get_rank(data=1, pipe=0, model=0)
            (4, 2)
            >>> topo.get_comm_list("model")
            [[0, 1], [2, 3]]
    """

    def __init__(self, hybrid_group_names: list[str] = _AXES, dims: list[int] = [1, 1, 1, 1, 1, 1]) -> None:
        self._parallel_names = hybrid_group_names
        self._dims = dims
        self.coordinate = collections.namedtuple("Coordinate", self._parallel_names)
        self._world_size = math.prod(self._dims)
        coords = [self.coordinate(*c) for c in itertools.product(*(range(d) for d in self._dims))]
        self._coord2rank = {c: r for r, c in enumerate(coords)}
        self._rank2coord = dict(enumerate(coords))

    def get_hybrid_group_names(self) -> list[str]:
        """The axis names."""
        return self._parallel_names

    def get_dim(self, axis_name: str) -> int:
        """The degree of axis `axis_name`."""
        return self._dims[self._parallel_names.index(axis_name)]

    def get_dim_size(self, axis_name: str) -> int:
        """The degree of axis `axis_name` (which must be one of the axes)."""
        assert axis_name in self._parallel_names
        return self.get_dim(axis_name)

    def world_size(self) -> int:
        """The number of ranks: the product of the degrees."""
        return self._world_size

    def get_rank(self, **args: Any) -> int:
        """The rank at the coordinates given as one keyword per axis."""
        assert len(args) == len(self._dims)
        key = self.coordinate(**args)
        assert key in self._coord2rank
        return self._coord2rank[key]

    def get_coord(self, rank: int) -> Any:
        """The coordinates (a namedtuple with one field per axis) of `rank`."""
        assert rank < self._world_size and rank in self._rank2coord
        return self._rank2coord[rank]

    def get_axis_list(self, axis_name: str, index: int) -> list[int]:
        """The ranks whose coordinate on `axis_name` is `index`, ascending."""
        axis = self._parallel_names.index(axis_name)
        return sorted(r for c, r in self._coord2rank.items() if c[axis] == index)

    def get_comm_list(self, axis_name: str) -> list[list[int]]:
        """The groups along `axis_name`: for each setting of the other axes, the ranks that differ only on it."""
        assert axis_name in self._parallel_names
        return self.get_fused_ranks([axis_name])

    def get_fused_ranks(self, fused_axis: list[str]) -> list[list[int]]:
        """The groups along several axes at once: for each setting of the other axes, the ranks that differ
        only on the `fused_axis` ones (ordered by those axes in the order given)."""
        others = [n for n in self._parallel_names if n not in fused_axis]
        groups = []
        for rest in itertools.product(*(range(self.get_dim(n)) for n in others)):
            coord = dict(zip(others, rest))
            ranks = []
            for fused in itertools.product(*(range(self.get_dim(n)) for n in fused_axis)):
                coord.update(zip(fused_axis, fused))
                ranks.append(self._coord2rank[self.coordinate(**coord)])
            groups.append(ranks)
        return groups

    def get_rank_from_stage(self, global_rank: int, **kwargs: Any) -> int:
        """The rank at the coordinates of `global_rank` with the axes given in kwargs replaced."""
        return self.get_rank(**self.get_coord(global_rank)._replace(**kwargs)._asdict())


class HybridCommunicateGroup:
    """The communication groups of a hybrid-parallel job, built from a CommunicateTopology whose world size is the
    job's: this rank's data, pipe, sharding, model (and sep, when its degree is above 1) parallel groups.

    Every rank must build it, in the same order (it calls new_group for every group of every axis).

    Args:
        topology (CommunicateTopology): The grid; it needs the axes data, pipe, sharding, sep and model.
        hybrid_configs (Any, optional): NCCL settings per group in Paddle; unused on CPU. Default: None.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> import paddle.distributed.fleet as fleet
            >>> dist.init_parallel_env()
            >>> n = dist.get_world_size()
            >>> topo = fleet.CommunicateTopology(dims=[n, 1, 1, 1, 1, 1])
            >>> hcg = fleet.HybridCommunicateGroup(topo)
            >>> hcg.get_data_parallel_world_size() == n, hcg.get_model_parallel_rank()
            (True, 0)
    """

    def __init__(self, topology: CommunicateTopology, hybrid_configs: Any = None) -> None:
        from .. import parallel
        self.nranks = parallel.get_world_size()
        self.global_rank = parallel.get_rank()
        self._topo = topology
        self._dp_degree = topology.get_dim("data")
        self._mp_degree = topology.get_dim("model")
        self._pp_degree = topology.get_dim("pipe")
        self._sharding_degree = topology.get_dim("sharding")
        self._sep_degree = topology.get_dim("sep")
        coord = topology.get_coord(self.global_rank)
        self._data_parallel_id, self._model_parallel_id = coord.data, coord.model
        self._sharding_parallel_id, self._sep_parallel_id = coord.sharding, coord.sep
        self.stage_id = coord.pipe
        if not self._check_valid_topo():
            raise ValueError(f"HybridCommunicateGroup: the degrees multiply to {self._topo.world_size()} but the job "
                             f"has {self.nranks} ranks (nranks: {self.nranks}, mp_num: {self._mp_degree}, "
                             f"sharding_num: {self._sharding_degree}, pp_num: {self._pp_degree}, "
                             f"dp_num: {self._dp_degree}, sep_num: {self._sep_degree})")
        self._pp_group, self._pp_comm_group = self._set_comm_group("pipe")
        self._dp_group, self._dp_comm_group = self._set_comm_group("data")
        self._mp_group, self._mp_comm_group = self._set_comm_group("model")
        self._sharding_group, self._sharding_comm_group = self._set_comm_group("sharding")
        self._sep_group = None
        if self._sep_degree > 1:
            self._sep_group, self._sep_comm_group = self._set_comm_group("sep")
        self._check_group, self._check_comm_group = self._set_check_group("data")
        if self._sharding_degree > 1:
            self.sharding_check_group, self.sharding_check_comm_group = self._set_check_group("sharding")
        if self._sep_degree > 1:
            self._dp_sep_group, self._dp_sep_comm_group = self.create_fuse_group(["data", "sep"])
            self._pp_mp_group, self._pp_mp_comm_group = self.create_fuse_group(["pipe", "model"])
        self.is_first_stage = self.stage_id == 0
        self.is_last_stage = self.stage_id == self._pp_degree - 1
        if self._pp_degree > 1:
            self._set_p2p_prev_next()
        global _HYBRID_PARALLEL_GROUP
        _HYBRID_PARALLEL_GROUP = self

    # -- building the groups ------------------------------------------------------------------------------
    def _check_valid_topo(self) -> bool:
        return (self._dp_degree * self._mp_degree * self._pp_degree * self._sharding_degree * self._sep_degree
                == self.nranks)

    def _check_sep_exist(self) -> None:
        assert self._sep_degree > 1, "sep not exist"

    def _new_groups(self, rank_lists):
        """new_group for every list (all ranks create all groups, in order); this rank's (ranks, Group) pairs."""
        from ..group import new_group
        mine = []
        for ranks in rank_lists:
            g = new_group(ranks=ranks)
            if self.global_rank in ranks:
                mine.append((ranks, g))
        assert mine, "HybridCommunicateGroup: this rank is in none of the groups"
        return mine

    def _set_comm_group(self, parallel_method: str = "data", topo: CommunicateTopology | None = None):
        return self._new_groups((topo or self._topo).get_comm_list(parallel_method))[0]

    def _set_check_group(self, parallel_method: str = "data", topo: CommunicateTopology | None = None):
        size = (topo or self._topo).get_dim(parallel_method)
        return self._new_groups([self._topo.get_axis_list(parallel_method, i) for i in range(size)])[0]

    def create_fuse_group(self, fused_strategy_list: list[str], nccl_config: Any = None):
        """The groups along several axes at once (for instance ["data", "sep"]); this rank's (ranks, Group), or
        lists of them when it is in several."""
        assert len(fused_strategy_list) > 0, "the length of fused_strategy_list must be greater than 0."
        mine = self._new_groups(sorted(self._topo.get_fused_ranks(fused_strategy_list)))
        if len(mine) > 1:
            return [m[0] for m in mine], [m[1] for m in mine]
        return mine[0]

    def _set_p2p_prev_next(self) -> None:
        for ranks in self._topo.get_comm_list("pipe"):
            if self.global_rank in ranks:
                i = ranks.index(self.global_rank)
                self.next_rank = ranks[(i + 1) % self._pp_degree]
                self.prev_rank = ranks[(i - 1) % self._pp_degree]

    def _get_p2p_next_rank(self) -> int:
        assert hasattr(self, "next_rank"), "next_rank has not been inited"
        return self.next_rank

    def _get_p2p_prev_rank(self) -> int:
        assert hasattr(self, "prev_rank"), "prev_rank has not been inited"
        return self.prev_rank

    def _set_four_directions_p2p_group(self) -> None:
        raise NotImplementedError("four-direction p2p groups are an NCCL pipeline option; purepaddle's pipeline "
                                  "sends go through MPI point-to-point on one group")

    def get_p2p_groups(self):
        """Four-direction p2p groups: an NCCL option Paddle enables with PADDLE_USE_FOUR_DIRECTIONS_P2P."""
        raise AssertionError("If you want to use four directions p2p group, set the environment variable "
                             "PADDLE_USE_FOUR_DIRECTIONS_P2P to True (an NCCL option that purepaddle on CPU lacks).")

    # -- what the job asks -------------------------------------------------------------------------------
    def get_parallel_mode(self) -> int:
        """The main kind of parallelism: ParallelMode.PIPELINE_PARALLEL, TENSOR_PARALLEL, SEGMENT_PARALLEL,
        SHARDING_PARALLEL or DATA_PARALLEL (None when every degree is 1)."""
        from ..parallel import ParallelMode
        if self._pp_degree > 1:
            return ParallelMode.PIPELINE_PARALLEL
        if self._mp_degree > 1:
            return ParallelMode.TENSOR_PARALLEL
        if self._sep_degree > 1:
            return ParallelMode.SEGMENT_PARALLEL
        if self._sharding_degree > 1:
            return ParallelMode.SHARDING_PARALLEL
        if self._dp_degree > 1:
            return ParallelMode.DATA_PARALLEL
        return None

    def topology(self) -> CommunicateTopology:
        return self._topo

    def get_global_rank(self) -> int:
        return self.global_rank

    def _get_data_parallel_id(self) -> int:
        return self._topo.get_coord(self.global_rank).data

    def _get_model_parallel_id(self) -> int:
        return self._topo.get_coord(self.global_rank).model

    def _get_pipe_parallel_id(self) -> int:
        return self._topo.get_coord(self.global_rank).pipe

    def _get_sep_parallel_id(self) -> int:
        return self._topo.get_coord(self.global_rank).sep

    def _get_sharding_parallel_id(self) -> int:
        return self._topo.get_coord(self.global_rank).sharding

    def get_data_parallel_rank(self) -> int:
        return self._data_parallel_id

    def get_data_parallel_world_size(self) -> int:
        return self._dp_degree

    def get_data_parallel_group(self) -> Group:
        return self._dp_comm_group

    def get_data_parallel_group_src_rank(self) -> int:
        return self._dp_comm_group.ranks[0]

    def get_model_parallel_rank(self) -> int:
        return self._model_parallel_id

    def get_model_parallel_world_size(self) -> int:
        return self._mp_degree

    def get_model_parallel_group(self) -> Group:
        return self._mp_comm_group

    def get_model_parallel_group_src_rank(self) -> int:
        return self._mp_comm_group.ranks[0]

    def get_stage_id(self) -> int:
        return self.stage_id

    def get_pipe_parallel_world_size(self) -> int:
        return self._pp_degree

    def get_pipe_parallel_group(self) -> Group:
        return self._pp_comm_group

    def get_sep_parallel_rank(self) -> int:
        return self._sep_parallel_id

    def get_sep_parallel_world_size(self) -> int:
        return self._sep_degree

    def get_sep_parallel_group(self) -> Group:
        self._check_sep_exist()
        return self._sep_comm_group

    def get_sep_parallel_group_src_rank(self) -> int:
        self._check_sep_exist()
        return self._sep_comm_group.ranks[0]

    def get_sharding_parallel_rank(self) -> int:
        return self._sharding_parallel_id

    def get_sharding_parallel_world_size(self) -> int:
        return self._sharding_degree

    def get_sharding_parallel_group(self) -> Group:
        return self._sharding_comm_group

    def get_sharding_parallel_group_src_rank(self) -> int:
        return self._sharding_comm_group.ranks[0]

    def get_check_parallel_group(self, sharding: bool = False) -> Group:
        """The group gradient clipping checks over: across the data axis (or the sharding axis)."""
        return self.sharding_check_comm_group if sharding else self._check_comm_group

    def get_rank_from_stage(self, stage_id: int, **kwargs: Any) -> int:
        """The global rank of pipeline stage `stage_id` (and other axes in kwargs) next to this rank."""
        return self._topo.get_rank_from_stage(self.global_rank, pipe=stage_id, **kwargs)

    def get_dp_sep_parallel_group(self) -> Group:
        self._check_sep_exist()
        return self._dp_sep_comm_group

    def get_pp_mp_parallel_group(self) -> Group:
        self._check_sep_exist()
        return self._pp_mp_comm_group

    def get_moe_sharding_parallel_world_size(self) -> int:
        return 0


_HYBRID_PARALLEL_GROUP = None  # the last one built, as Paddle keeps it
