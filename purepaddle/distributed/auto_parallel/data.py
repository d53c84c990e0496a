"""shard_dataloader: batches as dist tensors split along the batch dimension over a mesh dimension.

On a mesh of one process a batch is the whole batch, marked Shard(0) on the split dimension (Replicate on the
others). On a data-parallel mesh of several processes each rank keeps its own contiguous part of every batch (or,
with is_dataset_splitted=True, the batch its own loader gave), so a mean loss followed by shard_optimizer's
gradient average gives the gradient of the whole batch.
"""
import numpy as np

from ..._core.tensor import Tensor
from ...tensor.creation import to_tensor
from .dtensor import ProcessMesh, Replicate, Shard, mark

__all__ = ["shard_dataloader", "ShardDataloader"]


class ShardDataloader:
    """The loader of shard_dataloader: iterates the wrapped DataLoader's batches as dist tensors."""

    def __init__(self, dataloader, meshes, input_keys=None, shard_dims=None, is_dataset_splitted=False,
                 dense_tensor_idx=None):
        self._dataloader = dataloader
        self._meshes = list(meshes) if isinstance(meshes, (list, tuple)) else [meshes]
        for m in self._meshes:
            if not isinstance(m, ProcessMesh):
                raise TypeError(f"shard_dataloader: meshes must be ProcessMesh objects, but received "
                                f"{type(m).__name__}")
        self._input_keys = input_keys
        dims = shard_dims if isinstance(shard_dims, (list, tuple)) else [shard_dims] * len(self._meshes)
        if len(dims) != len(self._meshes):
            raise ValueError(f"shard_dataloader: {len(dims)} shard_dims for {len(self._meshes)} meshes")
        self._shard_dims = list(dims)
        self._is_dataset_splitted = is_dataset_splitted
        self.batch_sampler = getattr(dataloader, "batch_sampler", None)

    def __len__(self):
        return len(self._dataloader)

    def _placements(self, mesh, dim):
        placements = [Replicate() for _ in range(mesh.ndim)]
        if dim is not None:
            placements[mesh.dim_names.index(dim) if isinstance(dim, str) else int(dim)] = Shard(0)
        return placements

    def _local(self, t, mesh, dim):
        """This rank's part of a batch tensor (the whole of it on a mesh of one process)."""
        if dim is None or self._is_dataset_splitted:
            return t
        axis = mesh.dim_names.index(dim) if isinstance(dim, str) else int(dim)
        ways = mesh.shape[axis]
        if ways == 1:
            return t
        from ..parallel import get_rank
        coord = np.argwhere(np.array(mesh.mesh) == get_rank())
        if coord.size == 0:
            raise RuntimeError(f"shard_dataloader: this process (rank {get_rank()}) is not in the mesh {mesh}")
        part = int(coord[0][axis])
        if t.shape[0] % ways:
            raise ValueError(f"shard_dataloader: a batch of {t.shape[0]} does not split evenly over the {ways} "
                             f"processes of mesh dimension {dim!r}")
        n = t.shape[0] // ways
        return to_tensor(t.numpy()[part * n:(part + 1) * n])

    def _wrap(self, value, i):
        mesh = self._meshes[min(i, len(self._meshes) - 1)]
        dim = self._shard_dims[min(i, len(self._shard_dims) - 1)]
        if isinstance(value, Tensor):
            return mark(self._local(value, mesh, dim), mesh, self._placements(mesh, dim))
        if isinstance(value, np.ndarray):
            return self._wrap(to_tensor(value), i)
        return value

    def __iter__(self):
        for batch in self._dataloader:
            if isinstance(batch, dict):
                # labels (the last key) go to the last mesh, inputs to the first (pipeline stages)
                keys = list(batch)
                yield {k: self._wrap(v, 0 if j < len(keys) - 1 else len(self._meshes) - 1)
                       for j, (k, v) in enumerate(batch.items())}
            elif isinstance(batch, (list, tuple)):
                n = len(batch)
                out = [self._wrap(v, 0 if j < n - 1 or n == 1 else len(self._meshes) - 1) for j, v in enumerate(batch)]
                yield type(batch)(out) if isinstance(batch, tuple) else out
            else:
                yield self._wrap(batch, 0)

    def __call__(self):
        return self.__iter__()


def shard_dataloader(dataloader, meshes, input_keys=None, shard_dims=None, is_dataset_splitted=False,
                     dense_tensor_idx=None):
    """The batches of `dataloader` as dist tensors on `meshes`, split along the batch over `shard_dims`.

    Args:
        dataloader (paddle.io.DataLoader): the loader of whole batches.
        meshes (ProcessMesh|list[ProcessMesh]): the mesh (or one per pipeline stage: inputs go to the first,
            labels to the last).
        input_keys (list[str], optional): the keys of a dict batch.
        shard_dims (str|int|list, optional): the mesh dimension the batch is split over (None: not split).
        is_dataset_splitted (bool, optional): each rank's loader already gives its own part.
        dense_tensor_idx (list, optional): accepted for Paddle's signature.

    Returns:
        ShardDataloader: iterate it like the DataLoader.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle
            >>> import paddle.distributed as dist
            >>> mesh = dist.ProcessMesh([0], dim_names=["dp"])
            >>> data = paddle.io.TensorDataset([paddle.ones([4, 2])])
            >>> loader = dist.shard_dataloader(paddle.io.DataLoader(data, batch_size=2), [mesh], shard_dims="dp")
            >>> next(iter(loader))[0].placements
            [Shard(dim=0)]
    """
    return ShardDataloader(dataloader, meshes, input_keys, shard_dims, is_dataset_splitted, dense_tensor_idx)
