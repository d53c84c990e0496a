"""Dist tensors: ProcessMesh, the placements (Shard, Replicate, Partial, ReduceType), DistAttr, the global mesh
(get_mesh/set_mesh) and shard_tensor, reshard, dtensor_from_fn, unshard_dtensor.

A mesh of one process holds the whole tensor whatever the placements say, so these are exact there: a dist
tensor is the tensor with its mesh and placements attached. On a mesh of several processes every process holds the
whole value too, which is exact for Replicate placements: the data-parallel layout, where parameters are replicated
and each rank feeds its own part of the batch (shard_dataloader) and the gradients are averaged over the ranks
(shard_optimizer, DistModel). Shard and Partial placements on such a mesh (tensor or pipeline parallelism) are
refused with a message.
"""
import enum

import numpy as np

from ..._core.tensor import Parameter, Tensor
from ...tensor.creation import to_tensor

__all__ = ["ProcessMesh", "Placement", "Shard", "Replicate", "Partial", "ReduceType", "DistAttr", "get_mesh",
           "set_mesh", "shard_tensor", "reshard", "dtensor_from_fn", "unshard_dtensor"]


class ProcessMesh:
    """An n-dimensional array of process ids with a name per dimension.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> mesh = dist.ProcessMesh([[0, 1], [2, 3]], dim_names=["x", "y"])
            >>> mesh.shape, mesh.process_ids, mesh.get_dim_size("y")
            ([2, 2], [0, 1, 2, 3], 2)
    """

    def __init__(self, mesh=None, dim_names=None, shape=None, process_ids=None):
        ids = np.array(mesh if mesh is not None else np.array(process_ids).reshape(shape), dtype="int64")
        self._mesh = ids
        self._dim_names = list(dim_names) if dim_names is not None else [f"d{i}" for i in range(ids.ndim)]
        if len(self._dim_names) != ids.ndim:
            raise ValueError(f"ProcessMesh: {len(self._dim_names)} dim_names for a mesh of {ids.ndim} dimensions")

    @property
    def shape(self):
        return list(self._mesh.shape)

    @property
    def process_ids(self):
        return self._mesh.reshape(-1).tolist()

    @property
    def dim_names(self):
        return list(self._dim_names)

    @property
    def ndim(self):
        return self._mesh.ndim

    @property
    def mesh(self):
        return self._mesh.tolist()

    def get_dim_size(self, dim):
        return self._mesh.shape[self._dim_names.index(dim) if isinstance(dim, str) else dim]

    def __eq__(self, other):
        return (isinstance(other, ProcessMesh) and self.shape == other.shape
                and self.process_ids == other.process_ids and self.dim_names == other.dim_names)

    def __hash__(self):
        return hash((tuple(self.shape), tuple(self.process_ids), tuple(self.dim_names)))

    def __str__(self):
        return f"{{shape: {self.shape}, process_ids: {self.process_ids}, dim_names: [{', '.join(self.dim_names)}]}}"


class Placement:
    """How a dist tensor lies along one mesh dimension (Shard, Replicate or Partial).

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> dist.Shard(0).is_shard(), dist.Replicate().is_replicated(), dist.Partial().is_partial()
            (True, True, True)
    """

    def is_shard(self, dim=None):
        return False

    def is_replicated(self):
        return False

    def is_partial(self):
        return False

    def __eq__(self, other):
        return type(self) is type(other) and vars(self) == vars(other)

    def __hash__(self):
        return hash((type(self).__name__,) + tuple(sorted(vars(self).items())))


class Shard(Placement):
    """Split along tensor dimension `dim` over the mesh dimension.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> dist.Shard(1)
            Shard(dim=1)
    """

    def __init__(self, dim):
        self._dim = int(dim)

    def get_dim(self):
        return self._dim

    def is_shard(self, dim=None):
        return dim is None or dim == self._dim

    def __repr__(self):
        return f"Shard(dim={self._dim})"


class Replicate(Placement):
    """A full copy on every process of the mesh dimension.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> dist.Replicate()
            Replicate()
    """

    def is_replicated(self):
        return True

    def __repr__(self):
        return "Replicate()"


class Partial(Placement):
    """Each process holds a partial value; the tensor is their reduction (`reduce_type`, SUM by default).

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> dist.Partial()
            Partial(reduce_type=SUM)
    """

    def __init__(self, reduce_type=None):
        self._reduce_type = 0 if reduce_type is None else int(reduce_type)

    def is_partial(self):
        return True

    def __repr__(self):
        names = {0: "SUM", 1: "MAX", 2: "MIN", 3: "PROD", 4: "AVG", 5: "ANY", 6: "ALL"}
        return f"Partial(reduce_type={names.get(self._reduce_type, self._reduce_type)})"


class ReduceType(enum.IntEnum):
    """How a Partial placement's pieces combine: kRedSum, kRedMax, kRedMin, kRedProd, kRedAvg, kRedAny, kRedAll.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> dist.Partial(dist.ReduceType.kRedMax)
            Partial(reduce_type=MAX)
    """

    kRedSum = 0
    kRedMax = 1
    kRedMin = 2
    kRedProd = 3
    kRedAvg = 4
    kRedAny = 5
    kRedAll = 6

    __str__ = enum.Enum.__str__


class DistAttr:
    """A mesh and one sharding spec per tensor dimension (the mesh dimension name it is split over, or None).

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> mesh = dist.ProcessMesh([0], dim_names=["x"])
            >>> dist.DistAttr(mesh, [None, "x"]).dims_mapping
            [-1, 0]
    """

    def __init__(self, mesh, sharding_specs):
        if not isinstance(mesh, ProcessMesh):
            raise ValueError("DistAttr: mesh must be a paddle.distributed.ProcessMesh")
        for spec in sharding_specs:
            if spec is not None and spec not in mesh.dim_names:
                raise ValueError(f"DistAttr: sharding spec {spec!r} is not a dimension name of the mesh "
                                 f"{mesh.dim_names}")
        self.process_mesh = mesh
        self.sharding_specs = list(sharding_specs)

    @property
    def dims_mapping(self):
        return [-1 if s is None else self.process_mesh.dim_names.index(s) for s in self.sharding_specs]

    def __repr__(self):
        return f"DistAttr(process_mesh={self.process_mesh}, dims_mapping={self.dims_mapping})"


_GLOBAL_MESH = [None]


def get_mesh():
    """The global mesh set by set_mesh (None until then).

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> dist.set_mesh(dist.ProcessMesh([0], dim_names=["dp"]))
            >>> dist.get_mesh().dim_names
            ['dp']
    """
    return _GLOBAL_MESH[0]


def set_mesh(mesh):
    """Make `mesh` the global mesh that parallelize and shard_dataloader use when given none.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> dist.set_mesh(dist.ProcessMesh([0], dim_names=["dp"]))
    """
    _GLOBAL_MESH[0] = mesh


class DistTensor(Tensor):
    """A Tensor with the mesh and placements of shard_tensor (it holds the whole value)."""

    __slots__ = ("process_mesh", "placements")

    def is_dist(self):
        return True

    def _local_value(self):
        """This process's part: the whole value (see the module docstring)."""
        return self


class DistParameter(Parameter):
    """A Parameter with the mesh and placements of shard_tensor (a sharded layer's weights stay Parameters)."""

    def is_dist(self):
        return True


def _world():
    from ..parallel import get_rank, get_world_size
    return get_rank(), get_world_size()


def hold_layout(mesh, placements, api):
    """Refuse what this process cannot hold: a mesh that is not this job's, or Shard/Partial over several ranks."""
    if not isinstance(mesh, ProcessMesh):
        raise TypeError(f"{api}: mesh must be a paddle.distributed.ProcessMesh, but received {type(mesh).__name__}")
    if len(placements) != mesh.ndim:
        raise ValueError(f"{api}: {len(placements)} placements for a mesh of {mesh.ndim} dimensions")
    for p in placements:
        if not isinstance(p, Placement):
            raise TypeError(f"{api}: placements must be Shard/Replicate/Partial, but received {type(p).__name__}")
    n = len(mesh.process_ids)
    if n == 1:
        return
    split = [(d, p) for d, p in zip(mesh.dim_names, placements) if not p.is_replicated() and mesh.get_dim_size(d) > 1]
    if split:
        raise NotImplementedError(
            f"{api}: a mesh of {n} processes needs auto-parallel (tensor/pipeline parallelism) for {split[0][1]} on "
            f"mesh dimension {split[0][0]!r}, which purepaddle does not run; it trains data-parallel over its ranks "
            "(Replicate placements on the mesh, shard_dataloader, shard_optimizer; or paddle.DataParallel, fleet). "
            "A mesh of one process works with any placements.")
    rank, world = _world()
    if sorted(mesh.process_ids) != list(range(world)):
        raise RuntimeError(f"{api}: the mesh names processes {mesh.process_ids} but this job has {world} "
                           f"process(es) (ranks 0..{world - 1}); start it with python -m paddle.distributed.launch "
                           f"--nproc_per_node {n} and call dist.init_parallel_env() first")



def _dist(t, mesh, placements):
    if isinstance(t, Parameter):
        d = DistParameter.__new__(DistParameter)
        for k in Tensor.__slots__ + Parameter.__slots__:
            if k not in ("__weakref__", "__dict__"):
                object.__setattr__(d, k, getattr(t, k, None))
        d.__dict__.update(getattr(t, "__dict__", {}))
    else:
        d = DistTensor.__new__(DistTensor)
        for k in Tensor.__slots__:
            if k != "__weakref__":
                object.__setattr__(d, k, getattr(t, k, None))
    d.process_mesh, d.placements = mesh, list(placements)
    return d


def mark(t, mesh, placements):
    """`t` marked as a dist tensor on `mesh` without checks: for values that are already this process's local
    part (a batch slice of shard_dataloader, an output of local_map)."""
    return _dist(t, mesh, placements)


def shard_tensor(data, mesh, placements, dtype=None, place=None, stop_gradient=None):
    """A dist tensor of `data` on `mesh` with `placements` (a mesh of one process: the whole tensor).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> mesh = dist.ProcessMesh([0], dim_names=["x"])
            >>> t = dist.shard_tensor(paddle.arange(4.0), mesh, [dist.Shard(0)])
            >>> t.placements, t.numpy().tolist()
            ([Shard(dim=0)], [0.0, 1.0, 2.0, 3.0])
    """
    hold_layout(mesh, placements, "shard_tensor")
    if isinstance(data, Parameter) and dtype is None:
        # the same object, now dist: an optimizer or layer that holds it keeps updating what the model uses
        data.__class__ = DistParameter
        data.process_mesh, data.placements = mesh, list(placements)
        if stop_gradient is not None:
            data.stop_gradient = stop_gradient
        return data
    if isinstance(data, Tensor):
        t = _dist(data if dtype is None else data.astype(dtype), mesh, placements)
        if stop_gradient is not None:
            t.stop_gradient = stop_gradient
        return t
    return _dist(to_tensor(data, dtype=dtype, stop_gradient=True if stop_gradient is None else stop_gradient),
                 mesh, placements)


def reshard(dist_tensor, mesh, placements):
    """The dist tensor laid out by `placements` on `mesh` (one process: the same values).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> mesh = dist.ProcessMesh([0], dim_names=["x"])
            >>> t = dist.shard_tensor(paddle.ones([2]), mesh, [dist.Shard(0)])
            >>> dist.reshard(t, mesh, [dist.Replicate()]).placements
            [Replicate()]
    """
    hold_layout(mesh, placements, "reshard")
    return _dist(dist_tensor, mesh, placements)


def dtensor_from_fn(fn, mesh, placements, *args, **kwargs):
    """shard_tensor(fn(*args, **kwargs), mesh, placements).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> mesh = dist.ProcessMesh([0], dim_names=["x"])
            >>> dist.dtensor_from_fn(paddle.ones, mesh, [dist.Replicate()], shape=[2]).numpy().tolist()
            [1.0, 1.0]
    """
    return shard_tensor(fn(*args, **kwargs), mesh, placements)


def unshard_dtensor(dist_tensor):
    """The whole value of a dist tensor, as a plain Tensor.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> mesh = dist.ProcessMesh([0], dim_names=["x"])
            >>> t = dist.unshard_dtensor(dist.shard_tensor(paddle.ones([2]), mesh, [dist.Shard(0)]))
            >>> type(t).__name__
            'Tensor'
    """
    t = Tensor.__new__(Parameter if isinstance(dist_tensor, Parameter) else Tensor)
    for k in Tensor.__slots__ + (Parameter.__slots__ if isinstance(t, Parameter) else ()):
        if k not in ("__weakref__", "__dict__"):
            object.__setattr__(t, k, getattr(dist_tensor, k, None))
    return t
