"""save_state_dict / load_state_dict / load_merged_state_dict: distributed checkpoints in Paddle's layout.

A checkpoint directory holds, per saved version `id`, one `{rank}_{id}.distcp` per rank (paddle.save of that
rank's pieces: {key: array, "StructuredToParameterName@@": ...}) and one `{id}.metadata` (metadata.py). Saving
gathers every rank's list of pieces, lets each replicated piece be written by one rank only (Paddle's balancing:
the least-loaded file among the ranks that hold it), and writes each file atomically (a temporary file renamed
into place), the metadata by the coordinator. Loading reads, for each key of the target, every saved piece that
overlaps the part this rank holds and copies the overlap in, so a checkpoint written by N ranks with one layout
loads on M ranks with another. Every rank reads the files itself: the directory is on a file system all ranks
share (the launcher's ranks run on one machine or a shared mount), where Paddle would send pieces between ranks.
"""
import os
import re
from collections import defaultdict
from dataclasses import replace

import numpy as np

from ..._core.storage import write_atomic
from ..._core.tensor import Tensor
from .metadata import LocalTensorIndex, LocalTensorMetadata, Metadata, dumps, loads
from .sharded_weight import ShardedWeight

__all__ = ["save_state_dict", "load_state_dict", "load_merged_state_dict"]


def _flatten(state_dict):
    """{"model": {"w": t}} -> ({"model.w": t}, {"model.w": ("model", "w")})."""
    flat, mapping = {}, {}

    def walk(path, value):
        if isinstance(value, dict):
            for k, v in value.items():
                if not isinstance(k, str):
                    raise AssertionError(f"The key should be str, but is {k}")
                walk(path + (k,), v)
        elif isinstance(value, (Tensor, ShardedWeight)):
            flat[".".join(path)] = value
            mapping[".".join(path)] = path
        else:
            raise ValueError(f"The value should be dict or paddle.Tensor, but is {value}")

    walk((), state_dict)
    return flat, mapping


def _max_id(path):
    ids = [int(m.group(2)) for f in os.listdir(path) for m in [re.match(r"^(\d+)_(\d+)\.distcp$", f)] if m]
    return max(ids) if ids else 0


def _piece(value):
    """(array, LocalTensorMetadata) of one state_dict value: a Tensor is whole (a dist tensor holds the whole
    value here), a ShardedWeight is its piece."""
    if isinstance(value, ShardedWeight):
        arr = value.local_tensor.numpy()
        offset, local, whole = value.global_offset, value.local_shape, value.global_shape
        rng = value.flattened_range
        if rng is not None:
            rng = (rng.start, rng.stop)
        flat = value.is_flattened
    else:
        arr = value.numpy()
        local = whole = tuple(arr.shape)
        offset, flat, rng = tuple(0 for _ in arr.shape), False, None
    dtype = _dtype_name(value.local_tensor if isinstance(value, ShardedWeight) else value)
    return arr, LocalTensorMetadata(tuple(offset), tuple(local), dtype, tuple(whole), flat, rng)


def _dtype_name(t):
    return str(t.dtype).split(".")[-1]


def _world(process_group):
    from ..parallel import get_rank, get_world_size, init_parallel_env
    from ..group import is_initialized
    world = get_world_size() if process_group is None else process_group.nranks
    if world > 1 and process_group is None and not is_initialized():
        init_parallel_env()
    return get_rank(), world


def _gather(obj, process_group, world):
    if world == 1:
        return [obj]
    from ..communication import all_gather_object
    out = []
    all_gather_object(out, obj, process_group)
    return out


def _balanced_owners(storages, save_replicas):
    """{piece: file}: each piece once, in the file holding the fewest pieces so far among those that have it (the
    same choice Paddle makes, so both write the same files); with save_replicas every copy, numbered."""
    holders = defaultdict(set)
    for storage in storages:
        for index, fname in storage.items():
            holders[index].add(fname)
    load, out = defaultdict(int), {}
    for index, files in holders.items():
        candidates = sorted(files)
        main = min(candidates, key=lambda f: load[f])
        load[main] += 1
        if save_replicas:
            out[replace(index, replica_id=0)] = main
            for i, fname in enumerate([f for f in candidates if f != main], 1):
                out[replace(index, replica_id=i)] = fname
        else:
            out[index] = main
    return out


def save_state_dict(state_dict, path, process_group=None, coordinator_rank=0, unique_id=None, async_save=False,
                    safetensors=False, save_replicas=False):
    """Save `state_dict` (Tensors, dist tensors or ShardedWeights, nested dicts allowed) to the directory `path`,
    each rank writing its own pieces, in Paddle's layout (`{rank}_{id}.distcp` files and `{id}.metadata`).

    Args:
        state_dict (dict): what to save.
        path (str): the checkpoint directory (created if missing).
        process_group (Group, optional): the ranks that save together (all by default).
        coordinator_rank (int, optional): the rank that writes the metadata. Default 0.
        unique_id (int, optional): the checkpoint version (default: the highest in `path`, 0 at first).
        async_save (bool, optional): Paddle saves in a background process; here the save completes before
            returning (same files).
        safetensors (bool, optional): not supported (needs the safetensors package).
        save_replicas (bool, optional): write every rank's copy of replicated pieces. Default False.

    Examples:
        .. code-block:: python

            >>> import tempfile
            >>> import paddle
            >>> import paddle.distributed as dist
            >>> d = tempfile.mkdtemp()
            >>> dist.save_state_dict(paddle.nn.Linear(2, 3).state_dict(), d)
            >>> import os; sorted(os.listdir(d))
            ['0.metadata', '0_0.distcp']
    """
    if not isinstance(state_dict, dict):
        raise AssertionError(f"The state_dict should be a dictionary.But now the type is {type(state_dict)}.")
    if safetensors:
        raise NotImplementedError("save_state_dict(safetensors=True) needs the safetensors package, which "
                                  "purepaddle does not use; save without it (Paddle's .distcp pickle files).")
    flat, mapping = _flatten(state_dict)
    os.makedirs(path, exist_ok=True)
    rank, world = _world(process_group)
    if unique_id is None:
        unique_id = _max_id(path)
    elif unique_id < 0:
        raise AssertionError(f"{unique_id} should be >= 0")
    if world > 1 and len(set(_gather(unique_id, process_group, world))) != 1:
        raise RuntimeError("save_state_dict: the ranks disagree on unique_id")
    fname = f"{rank}_{unique_id}.distcp"
    arrays, pieces, storage = {}, {}, {}
    for key, value in flat.items():
        arr, meta = _piece(value)
        arrays[key], pieces[key] = (value.local_tensor if isinstance(value, ShardedWeight) else value), meta
        storage[LocalTensorIndex(key, meta.global_offset, meta.is_flattened, meta.flattened_range,
                                 local_shape=meta.local_shape)] = fname
    all_pieces = _gather(pieces, process_group, world)
    all_storage = _gather(storage, process_group, world)
    all_mapping = _gather(mapping, process_group, world)
    merged = {}
    for one in all_pieces:
        for key, meta in one.items():
            if meta not in merged.setdefault(key, []):
                merged[key].append(meta)
    flat_mapping = {}
    for one in all_mapping:
        for k, v in one.items():
            flat_mapping.setdefault(k, v)
    owners = _balanced_owners(all_storage, save_replicas)
    metadata = Metadata(merged, owners, flat_mapping)
    if not save_replicas:
        for index, owner in owners.items():
            if index in storage and owner != fname:
                arrays.pop(index.tensor_key, None)
    from ...framework.io import save
    save(arrays, os.path.join(path, fname))
    if rank == coordinator_rank:
        write_atomic(os.path.join(path, f"{unique_id}.metadata"), lambda f: f.write(dumps(metadata)))
    if world > 1:
        from ..communication import barrier
        barrier(process_group)  # the checkpoint is complete on every rank when save returns


def _read_metadata(path, unique_id):
    if not os.path.isdir(path):
        raise FileNotFoundError(f"load_state_dict: no checkpoint directory {path!r}")
    if unique_id is None:
        unique_id = _max_id(path)
    name = f"{unique_id}.metadata"
    files = [f for f in os.listdir(path) if f.endswith(name)]
    if not files:
        raise AssertionError(f"No metadata file ends with '{name}' found in the checkpoint directory: {path}.")
    metas = []
    for f in sorted(files):
        with open(os.path.join(path, f), "rb") as fh:
            metas.append(loads(fh.read()))
    return metas


class _Files:
    """The .distcp files of a checkpoint, each read once (as NumPy arrays)."""

    def __init__(self, path):
        self.path, self.cache = path, {}

    def array(self, fname, key):
        if fname not in self.cache:
            from ...framework.io import load
            self.cache[fname] = load(os.path.join(self.path, fname), return_numpy=True)
        data = self.cache[fname]
        if key not in data:
            raise KeyError(f"load_state_dict: {fname} holds no piece of {key!r}; the checkpoint is incomplete")
        return np.asarray(data[key])


def _target(value):
    """(array to fill, its offset in the whole) of one target value."""
    if isinstance(value, ShardedWeight):
        if value.is_flattened:
            raise NotImplementedError("load_state_dict: flattened ShardedWeights (sharding v2) are not supported")
        return value.local_tensor.numpy(), tuple(value.global_offset), value.local_tensor
    return value.numpy(), tuple(0 for _ in value.shape), value


def load_state_dict(state_dict, path, process_group=None, coordinator_rank=0, unique_id=None, offload=False,
                    mw_name_compatibility=True, aoa_config=None, safetensors=False, worker_groups=None,
                    comm_method="broadcast"):
    """Fill `state_dict` in place from the checkpoint in `path`: each key gets the part this rank holds (the
    whole tensor, or a ShardedWeight's piece), whatever layout and number of ranks saved it.

    Args:
        state_dict (dict): the tensors to fill (Tensors, dist tensors or ShardedWeights, nested dicts allowed).
        path (str): the checkpoint directory.
        process_group (Group, optional): the ranks that load together.
        coordinator_rank (int, optional): accepted for Paddle's signature.
        unique_id (int, optional): the version to load (default: the highest).
        offload (bool, optional): accepted (everything is in host memory here).
        mw_name_compatibility (bool, optional): accepted for Paddle's signature.
        aoa_config (dict, optional): not supported (Paddle's key/axis rewriting rules).
        safetensors (bool, optional): not supported (needs the safetensors package).
        worker_groups (list, optional): accepted for Paddle's signature.
        comm_method (str, optional): accepted for Paddle's signature.

    Examples:
        .. code-block:: python

            >>> import tempfile
            >>> import paddle
            >>> import paddle.distributed as dist
            >>> d = tempfile.mkdtemp()
            >>> dist.save_state_dict({"w": paddle.arange(4.0)}, d)
            >>> target = {"w": paddle.zeros([4])}
            >>> dist.load_state_dict(target, d)
            >>> target["w"].numpy().tolist()
            [0.0, 1.0, 2.0, 3.0]
    """
    if not isinstance(state_dict, dict):
        raise AssertionError(f"The state_dict should be a dictionary.But now the type is {type(state_dict)}.")
    if aoa_config is not None:
        raise NotImplementedError("load_state_dict(aoa_config=...) (Paddle's key/axis rewriting rules) is not "
                                  "supported; rename the keys of the state_dict instead")
    if safetensors:
        raise NotImplementedError("load_state_dict(safetensors=True) needs the safetensors package, which "
                                  "purepaddle does not use")
    flat, _ = _flatten(state_dict)
    metas = _read_metadata(path, unique_id)
    pieces = defaultdict(list)  # key -> [(offset, shape, file)]
    shapes = {}
    for m in metas:
        for key, saved in (m.state_dict_metadata or {}).items():
            for s in saved:
                shapes.setdefault((key, tuple(s.global_offset)), tuple(s.local_shape))
        for index, fname in (m.storage_metadata or {}).items():
            if index.replica_id not in (None, 0):
                continue
            if index.is_flattened:
                raise NotImplementedError(f"load_state_dict: {index.tensor_key!r} was saved flattened (sharding "
                                          "v2), which purepaddle does not read")
            shape = index.local_shape or shapes[(index.tensor_key, tuple(index.global_offset))]
            pieces[index.tensor_key].append((tuple(index.global_offset), tuple(shape), fname))
    missing = [k for k in flat if k not in pieces]
    if missing:
        raise KeyError(f"load_state_dict: the checkpoint in {path!r} has no {missing} (it has "
                       f"{sorted(pieces)[:20]})")
    files = _Files(path)
    for key, value in flat.items():
        arr, offset, tensor = _target(value)
        out = np.array(arr, copy=True)
        for src_off, src_shape, fname in pieces[key]:
            lo = [max(a, b) for a, b in zip(offset, src_off)]
            hi = [min(a + n, b + m) for a, n, b, m in zip(offset, out.shape, src_off, src_shape)]
            if any(h <= l for l, h in zip(lo, hi)) and out.ndim:
                continue
            src = files.array(fname, key)
            dst_sl = tuple(slice(l - o, h - o) for l, h, o in zip(lo, hi, offset))
            src_sl = tuple(slice(l - o, h - o) for l, h, o in zip(lo, hi, src_off))
            out[dst_sl] = src[src_sl].astype(out.dtype, copy=False)
        tensor.set_value(out)


def load_merged_state_dict(path, prefix=None, unique_id=None, offload=False, aoa_config=None, safetensors=False):
    """The whole tensors of a checkpoint, put together from every rank's pieces.

    Args:
        path (str): the checkpoint directory.
        prefix (str, optional): keep only the keys under this prefix (and drop "prefix." from them).
        unique_id (int, optional): the version (default: the highest).
        offload (bool, optional): accepted (everything is in host memory here).
        aoa_config (dict, optional): not supported.
        safetensors (bool, optional): not supported.

    Returns:
        dict[str, Tensor]: key -> the whole tensor.

    Examples:
        .. code-block:: python

            >>> import tempfile
            >>> import paddle
            >>> import paddle.distributed as dist
            >>> d = tempfile.mkdtemp()
            >>> dist.save_state_dict({"model": {"w": paddle.ones([2])}}, d)
            >>> dist.load_merged_state_dict(d, prefix="model")["w"].numpy().tolist()
            [1.0, 1.0]
    """
    from ...tensor.creation import zeros
    metas = _read_metadata(path, unique_id)
    target = {}
    for m in metas:
        for key, saved in (m.state_dict_metadata or {}).items():
            if prefix is None or key.startswith(prefix):
                # the whole shape: the far corner of the pieces (Paddle's older files carry no global_shape)
                shape = [max(s.global_offset[d] + s.local_shape[d] for s in saved)
                         for d in range(len(saved[0].local_shape))]
                target[key] = zeros(shape, dtype=saved[0].dtype)
    load_state_dict(target, path, unique_id=unique_id, aoa_config=aoa_config, safetensors=safetensors)
    if prefix:
        target = {(k[len(prefix) + 1:] if k.startswith(prefix) else k): v for k, v in target.items()}
    return target
