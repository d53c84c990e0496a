"""paddle.io.DataLoader: batches from a Dataset, in the main process or from worker processes."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Callable, Sequence
    from typing import Any
    from purepaddle._core._typing import PlaceLike
    from purepaddle.io.dataloader.dataset import Dataset
    from purepaddle._core.tensor import Tensor

import sys
import warnings

from .._core.place import convert_place, current_place
from .dataloader.batch_sampler import BatchSampler, _InfiniteIterableSampler
from .dataloader.dataloader_iter import MultiProcessIter, SingleProcessIter
from .dataloader.dataset import IterableDataset
from .dataloader.worker import _DatasetKind

__all__ = ["DataLoader"]


class DataLoader:
    """Iterate over batches of `dataset`: each batch is the collated samples with every array as a Tensor.

    - Map-style datasets are read through `batch_sampler` (default: a BatchSampler built from
      `batch_size`, `shuffle`, `drop_last`); `batch_size=None` turns batching off.
    - IterableDataset: `batch_size` consecutive items per batch; with workers each worker iterates
      its own copy (split the work with `paddle.io.get_worker_info()`).
    - `num_workers > 0` loads in that many worker processes (fork); batches still come in sampler
      order, big arrays travel through shared memory (`use_shared_memory`). A worker's exception
      is raised in the loop as SystemError carrying the worker's traceback; a worker killed by a
      signal raises RuntimeError; `timeout > 0` bounds the wait for one batch (seconds).
    - `persistent_workers=True` keeps the workers between epochs.

    Args:
        dataset (Dataset|IterableDataset): The dataset to load from.
        feed_list (Sequence[Tensor]|None, optional): The feed variables (static mode). Default: None.
        places (PlaceLike|Sequence[PlaceLike]|None, optional): Where batches go; None means the current
            device. Default: None.
        return_list (bool, optional): Whether each batch is a list (True) or a dict keyed by feed name.
            Default: True.
        batch_sampler (BatchSampler|None, optional): A sampler of index batches; when given, batch_size,
            shuffle and drop_last are not used. Default: None.
        batch_size (int, optional): The number of samples in one batch. Default: 1.
        shuffle (bool, optional): Whether the order is shuffled. Default: False.
        drop_last (bool, optional): Whether the last, incomplete batch is dropped. Default: False.
        collate_fn (Callable[[list[Any]], Any]|None, optional): Turns a list of samples into a batch; None
            stacks fields. Default: None.
        num_workers (int, optional): The number of worker processes; 0 loads in this process. Default: 0.
        use_buffer_reader (bool, optional): Whether batches are prefetched. Default: True.
        reader_buffer_size (int, optional): How many batches are buffered. Default: 2.
        prefetch_factor (int, optional): How many batches each worker prepares ahead. Default: 2.
        use_shared_memory (bool, optional): Whether workers pass batches through shared memory. Default: True.
        timeout (int, optional): Seconds to wait for a worker's batch; 0 waits forever. Default: 0.
        worker_init_fn (Callable[[int], None]|None, optional): Called with the worker id in each worker at its
            start. Default: None.
        persistent_workers (bool, optional): Whether workers live on between epochs. Default: False.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle
            >>> from paddle.io import Dataset, DataLoader
            >>> class Squares(Dataset):
            ...     def __getitem__(self, i):
            ...         return np.array([i, i * i], 'float32'), i % 2
            ...     def __len__(self):
            ...         return 5
            >>> loader = DataLoader(Squares(), batch_size=2)
            >>> len(loader)
            3
            >>> x, y = next(iter(loader))
            >>> list(x.shape), y.tolist()
            ([2, 2], [0, 1])
    """

    def __init__(self, dataset: Dataset | IterableDataset, feed_list: Sequence[Tensor] | None = None,
                 places: PlaceLike | Sequence[PlaceLike] | None = None, return_list: bool = True,
                 batch_sampler: BatchSampler | None = None, batch_size: int = 1, shuffle: bool = False,
                 drop_last: bool = False, collate_fn: Callable[[list[Any]], Any] | None = None,
                 num_workers: int = 0, use_buffer_reader: bool = True, reader_buffer_size: int = 2,
                 prefetch_factor: int = 2, use_shared_memory: bool = True, timeout: int = 0,
                 worker_init_fn: Callable[[int], None] | None = None,
                 persistent_workers: bool = False) -> None:
        from .._core.mode import in_dynamic_mode
        self.return_list = return_list
        self.collate_fn = collate_fn
        self.use_buffer_reader = use_buffer_reader
        self.reader_buffer_size = reader_buffer_size
        self.prefetch_factor = prefetch_factor
        self.worker_init_fn = worker_init_fn
        self.dataset = dataset
        if not return_list and not in_dynamic_mode():
            assert feed_list is not None, "feed_list should be set when return_list=False"
        self.feed_list = feed_list
        if places is None:
            places = current_place()
        self.places = [convert_place(p) for p in places] if isinstance(places, (list, tuple)) \
            else [convert_place(places)]
        assert num_workers >= 0, "num_workers should be a non-negative value"
        if num_workers > 0 and sys.platform in ("darwin", "win32"):
            warnings.warn("DataLoader with multi-process mode is not supported on MacOs and Windows currently. "
                          "Please use single-process mode with num_workers = 0 instead")
            num_workers = 0
        self.num_workers = num_workers
        assert prefetch_factor > 0, "prefetch_factor should be a positive value"
        self.use_shared_memory = use_shared_memory and num_workers > 0
        assert timeout >= 0, "timeout should be a non-negative value"
        self.timeout = timeout
        self._iterable = isinstance(dataset, IterableDataset)
        self.dataset_kind = _DatasetKind.ITER if self._iterable else _DatasetKind.MAP
        if self._iterable:
            if shuffle:
                raise ValueError(f"IterableDataset not support shuffle, but got shuffle={shuffle}")
            if batch_sampler is not None:
                raise ValueError("IterableDataset expect unspecified batch_sampler")
        if batch_sampler is not None:
            assert batch_size == 1 and not shuffle and not drop_last, \
                "batch_size/shuffle/drop_last should not be set when batch_sampler is given"
            self.batch_sampler = batch_sampler
            self.batch_size = None
        elif batch_size is None:
            self.batch_sampler = None
            self.batch_size = None
        else:
            assert batch_size > 0, "batch_size should be None or a positive value when batch_sampler is not given"
            self.batch_size = batch_size
            if self._iterable:
                self.batch_sampler = _InfiniteIterableSampler(dataset, batch_size)
            else:
                self.batch_sampler = BatchSampler(dataset=dataset, batch_size=batch_size, shuffle=shuffle,
                                                  drop_last=drop_last)
        self.drop_last = drop_last
        self.auto_collate_batch = self.batch_sampler is not None
        self.persistent_workers = persistent_workers
        self._persistent_workers = persistent_workers
        self._iterator = None

    def __len__(self):
        if self._iterable:
            raise ValueError("length of IterableDataset not supported")
        if self.auto_collate_batch:
            return len(self.batch_sampler)
        return len(self.dataset)

    def __iter__(self):
        if self.num_workers == 0:
            return SingleProcessIter(self)
        if self.persistent_workers:
            if self._iterator is None or self._iterator._shut:
                self._iterator = MultiProcessIter(self)
            else:
                self._iterator._reset()
            return self._iterator
        return MultiProcessIter(self)

    def __call__(self):
        return self.__iter__()
