"""Batch samplers (paddle.io.dataloader.batch_sampler): lists of indices, one list per batch."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from purepaddle.io.dataloader.dataset import Dataset

import math
import os
from collections.abc import Iterable

import numpy as np

from .dataset import IterableDataset
from .sampler import RandomSampler, Sampler, SequenceSampler

__all__ = ["BatchSampler", "DistributedBatchSampler"]


class BatchSampler(Sampler):
    """Group the indices of `sampler` (or of a Sequence/RandomSampler over `dataset`) into batches.

    Args:
        dataset (Dataset|None, optional): The dataset to sample (a sequential or random sampler over it is
            made). Default: None.
        sampler (Iterable[int]|None, optional): A sampler of indices, instead of `dataset`. Default: None.
        shuffle (bool, optional): Whether the order is shuffled. Default: False.
        batch_size (int, optional): The number of samples in one batch. Default: 1.
        drop_last (bool, optional): Whether the last, incomplete batch is dropped. Default: False.

    Examples:
        .. code-block:: python

            >>> from paddle.io import BatchSampler
            >>> list(BatchSampler(dataset=range(5), batch_size=2))
            [[0, 1], [2, 3], [4]]
            >>> list(BatchSampler(sampler=range(5), batch_size=2, drop_last=True))
            [[0, 1], [2, 3]]
    """

    def __init__(self, dataset: Dataset | None = None, sampler: Iterable[int] | None = None,
                 shuffle: bool = False, batch_size: int = 1, drop_last: bool = False) -> None:
        if dataset is None:
            assert sampler is not None, "either dataset or sampler should be set"
            assert isinstance(sampler, (Sampler, Iterable)), \
                f"sampler should be either paddle.io.Sampler or Iterable, but got {type(sampler)}"
            assert not shuffle, "shuffle should be False when sampler is set"
            self.sampler = sampler
        else:
            assert not isinstance(dataset, IterableDataset), "dataset should not be a paddle.io.IterableDataset"
            assert sampler is None, "should not set both dataset and sampler"
            assert isinstance(shuffle, bool), f"shuffle should be a boolean value, but got {type(shuffle)}"
            self.sampler = RandomSampler(dataset) if shuffle else SequenceSampler(dataset)
        assert isinstance(batch_size, int) and batch_size > 0, \
            f"batch_size should be a positive integer, but got {batch_size}"
        self.batch_size = batch_size
        self.shuffle = shuffle
        assert isinstance(drop_last, bool), f"drop_last should be a boolean value, but got {type(drop_last)}"
        self.drop_last = drop_last
        self._acc_steps = 1

    def __iter__(self):
        size = self.batch_size * self._acc_steps
        batch = []
        for idx in self.sampler:
            batch.append(idx)
            if len(batch) == size:
                yield batch
                batch = []
        if batch and not self.drop_last:
            yield batch

    def __len__(self):
        size = self.batch_size * self._acc_steps
        n = len(self.sampler)
        return (n + (0 if self.drop_last else size - 1)) // size


class _InfiniteIterableSampler(Sampler):
    """Batches of `None` forever: an IterableDataset's fetcher reads `batch_size` items per batch."""

    def __init__(self, dataset, batch_size=1):
        assert isinstance(dataset, IterableDataset), "dataset should be an instance of paddle.io.IterableDataset"
        self.dataset = dataset
        self.batch_size = batch_size

    def __iter__(self):
        while True:
            yield [None] * self.batch_size


def _env_int(names, default):
    for name in names:
        value = os.environ.get(name)
        if value not in (None, ""):
            return int(value)
    return default


class DistributedBatchSampler(BatchSampler):
    """The batches of rank `rank` out of `num_replicas` equal shards (padded by repeating indices, as Paddle).

    With `shuffle=True` each epoch shuffles with seed `epoch` (set by `set_epoch`, or counted up per pass),
    so every rank sees the same permutation. The defaults come from the launcher's environment
    (PADDLE_TRAINERS_NUM, PADDLE_TRAINER_ID).

    Examples:
        .. code-block:: python

            >>> from paddle.io import DistributedBatchSampler
            >>> list(DistributedBatchSampler(range(5), batch_size=2, num_replicas=2, rank=1))
            [[2, 3], [0]]
    """

    def __init__(self, dataset, batch_size, num_replicas=None, rank=None, shuffle=False, drop_last=False):
        self.dataset = dataset
        assert isinstance(batch_size, int) and batch_size > 0, "batch_size should be a positive integer"
        self.batch_size = batch_size
        assert isinstance(shuffle, bool), "shuffle should be a boolean value"
        self.shuffle = shuffle
        assert isinstance(drop_last, bool), "drop_last should be a boolean number"
        if num_replicas is not None:
            assert isinstance(num_replicas, int) and num_replicas > 0, "num_replicas should be a positive integer"
            self.nranks = num_replicas
        else:
            self.nranks = _env_int(("PADDLE_TRAINERS_NUM", "OMPI_COMM_WORLD_SIZE"), 1)  # or a plain mpirun
        if rank is not None:
            assert isinstance(rank, int) and rank >= 0, "rank should be a non-negative integer"
            self.local_rank = rank
        else:
            self.local_rank = _env_int(("PADDLE_TRAINER_ID", "OMPI_COMM_WORLD_RANK"), 0)
        self.drop_last = drop_last
        self.epoch = 0
        self.num_samples = int(math.ceil(len(self.dataset) * 1.0 / self.nranks))
        self.total_size = self.num_samples * self.nranks
        self._acc_steps = 1

    def _shard(self, indices):
        """This rank's indices: batch_size-strided blocks, then its share of the short last round."""
        step = self.batch_size * self.nranks
        last = self.total_size % step
        assert last % self.nranks == 0
        last_local = last // self.nranks
        out = []
        for i in range(self.local_rank * self.batch_size, len(indices) - last, step):
            out.extend(indices[i:i + self.batch_size])
        tail = indices[len(indices) - last:]
        out.extend(tail[self.local_rank * last_local:(self.local_rank + 1) * last_local])
        return out

    def __iter__(self):
        n = len(self.dataset)
        indices = list(range(n))
        pad = self.total_size - n  # repeat indices so every rank gets num_samples
        indices += (indices * max(1, math.ceil(pad / max(n, 1))))[:pad]
        assert len(indices) == self.total_size
        if self.shuffle:
            np.random.RandomState(self.epoch).shuffle(indices)
            self.epoch += 1
        if self.nranks > 1:
            indices = self._shard(indices)
        assert len(indices) == self.num_samples
        size = self.batch_size * self._acc_steps
        for i in range(0, len(indices), size):
            batch = indices[i:i + size]
            if len(batch) == size or not self.drop_last:
                yield batch

    def __len__(self):
        size = self.batch_size * self._acc_steps
        return (self.num_samples + (0 if self.drop_last else size - 1)) // size

    def set_epoch(self, epoch):
        """Seed the next pass's shuffle with `epoch` (call before each epoch so all ranks agree).

        Examples:
            .. code-block:: python

                >>> from paddle.io import DistributedBatchSampler
                >>> s = DistributedBatchSampler(range(8), batch_size=4, shuffle=True)
                >>> s.set_epoch(3)
                >>> s.epoch
                3
        """
        self.epoch = epoch
