"""Map-style and iterable datasets and their combinators (paddle.io.dataloader.dataset)."""

from __future__ import annotations

import bisect
import math
import warnings
from typing import Generic, TypeVar

import numpy as np

from ..._core.mode import in_dynamic_mode

__all__ = ["Dataset", "IterableDataset", "TensorDataset", "ComposeDataset", "ChainDataset", "Subset",
           "random_split", "ConcatDataset"]

_T = TypeVar("_T")


class Dataset(Generic[_T]):
    """Base of map-style datasets: subclasses define `__getitem__(idx)` and `__len__()`.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> from paddle.io import Dataset
            >>> class RandomDataset(Dataset):
            ...     def __init__(self, num_samples):
            ...         self.num_samples = num_samples
            ...     def __getitem__(self, idx):
            ...         return np.random.random([4]).astype('float32'), np.array([idx % 2])
            ...     def __len__(self):
            ...         return self.num_samples
            >>> len(RandomDataset(10))
            10
    """

    def __init__(self) -> None:
        pass

    def __getitem__(self, idx):
        raise NotImplementedError(f"'{'__getitem__'}' not implement in class {self.__class__.__name__}")

    def __len__(self):
        raise NotImplementedError(f"'{'__len__'}' not implement in class {self.__class__.__name__}")


class IterableDataset(Dataset[_T]):
    """Base of iterable-style datasets: subclasses define `__iter__()`.

    With DataLoader workers, each worker iterates its own copy; split the work with
    `paddle.io.get_worker_info()` inside `__iter__` or in `worker_init_fn`.

    Examples:
        .. code-block:: python

            >>> from paddle.io import IterableDataset
            >>> class Range(IterableDataset):
            ...     def __iter__(self):
            ...         yield from range(3)
            >>> [x for x in Range()]  # list() would ask len(), which iterable datasets refuse
            [0, 1, 2]
    """

    def __init__(self) -> None:
        pass

    def __iter__(self):
        raise NotImplementedError(f"'{'__iter__'}' not implement in class {self.__class__.__name__}")

    def __getitem__(self, idx):
        raise RuntimeError(f"'{'__getitem__'}' should not be called for IterableDataset{self.__class__.__name__}")

    def __len__(self):
        raise RuntimeError(f"'{'__len__'}' should not be called for IterableDataset{self.__class__.__name__}")


class TensorDataset(Dataset):
    """A dataset over Tensors sharing their first dimension: sample i is `tuple(t[i] for t in tensors)`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.io import TensorDataset
            >>> ds = TensorDataset([paddle.arange(6).reshape([3, 2]), paddle.to_tensor([0, 1, 2])])
            >>> len(ds), ds[1][1].item()
            (3, 1)
    """

    def __init__(self, tensors):
        if not in_dynamic_mode():
            raise RuntimeError("TensorDataset con only be used in imperative mode")
        assert all(t.shape[0] == tensors[0].shape[0] for t in tensors), \
            "tensors not have same shape of the 1st dimension"
        self.tensors = tensors

    def __getitem__(self, index):
        return tuple(t[index] for t in self.tensors)

    def __len__(self):
        return self.tensors[0].shape[0]


def _to_list(value):
    if value is None:
        return value
    if isinstance(value, (list, tuple)):
        return list(value)
    return [value]


class ComposeDataset(Dataset):
    """Zip map-style datasets of equal length: sample i concatenates the fields of each dataset's sample i.

    Examples:
        .. code-block:: python

            >>> from paddle.io import ComposeDataset, Subset
            >>> ds = ComposeDataset([Subset(range(5), [0, 1]), Subset(range(5), [3, 4])])
            >>> ds[1]
            (1, 4)
    """

    def __init__(self, datasets):
        self.datasets = list(datasets)
        assert len(self.datasets) > 0, "input datasets should not be empty"
        for i, dataset in enumerate(self.datasets):
            assert isinstance(dataset, Dataset), "each input dataset should be paddle.io.Dataset"
            assert not isinstance(dataset, IterableDataset), "paddle.io.IterableDataset not supported"
            if i > 0:
                assert len(dataset) == len(self.datasets[i - 1]), "lengths of datasets should be same"

    def __len__(self):
        return len(self.datasets[0])

    def __getitem__(self, idx):
        sample = []
        for dataset in self.datasets:
            sample.extend(_to_list(dataset[idx]))
        return tuple(sample)


class ChainDataset(IterableDataset):
    """Chain iterable datasets one after another.

    Examples:
        .. code-block:: python

            >>> from paddle.io import ChainDataset, IterableDataset
            >>> class R(IterableDataset):
            ...     def __init__(self, n):
            ...         self.n = n
            ...     def __iter__(self):
            ...         yield from range(self.n)
            >>> [x for x in ChainDataset([R(2), R(3)])]
            [0, 1, 0, 1, 2]
    """

    def __init__(self, datasets):
        self.datasets = list(datasets)
        assert len(self.datasets) > 0, "input datasets should not be empty"
        for dataset in self.datasets:
            assert isinstance(dataset, IterableDataset), "ChainDataset only support paddle.io.IterableDataset"

    def __iter__(self):
        for dataset in self.datasets:
            yield from dataset


class Subset(Dataset):
    """The samples of `dataset` at `indices`, in that order.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> list(paddle.io.Subset(dataset=range(10), indices=[3, 1]))
            [3, 1]
    """

    def __init__(self, dataset, indices):
        self.dataset = dataset
        self.indices = indices

    def __getitem__(self, idx):
        return self.dataset[self.indices[idx]]

    def __len__(self):
        return len(self.indices)


def _permutation(n, generator):
    if generator is None:
        from ...tensor.random import randperm
        return randperm(n).tolist()
    if hasattr(generator, "engine"):  # a paddle Generator: std::shuffle on its engine, as randperm does
        from ..._core.distribution import shuffle
        return shuffle(generator.engine, list(range(n)))
    if isinstance(generator, (np.random.Generator, np.random.RandomState)):
        return generator.permutation(n).tolist()
    raise TypeError(f"random_split(): generator must be a paddle.framework.Generator or a NumPy Generator, "
                    f"but received {type(generator).__name__}")


def random_split(dataset, lengths, generator=None):
    """Split `dataset` at random into non-overlapping Subsets of the given lengths (or fractions summing to 1).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> a, b = paddle.io.random_split(range(10), [3, 7])
            >>> len(a), len(b), sorted(list(a) + list(b)) == list(range(10))
            (3, 7, True)
    """
    lengths = list(lengths)
    if math.isclose(sum(lengths), 1) and sum(lengths) <= 1:
        sizes = []
        for i, frac in enumerate(lengths):
            if frac < 0 or frac > 1:
                raise ValueError(f"Fraction at index {i} is not between 0 and 1")
            sizes.append(int(math.floor(len(dataset) * frac)))
        for i in range(len(dataset) - sum(sizes)):  # hand out the remainder round-robin
            sizes[i % len(sizes)] += 1
        lengths = sizes
        for i, n in enumerate(lengths):
            if n == 0:
                warnings.warn(f"Length of split at index {i} is 0. This might result in an empty dataset.")
    if sum(lengths) != len(dataset):
        raise ValueError("Sum of input lengths does not equal the length of the input dataset!")
    indices = _permutation(sum(lengths), generator)
    out, offset = [], 0
    for n in lengths:
        out.append(Subset(dataset, indices[offset:offset + n]))
        offset += n
    return out


class ConcatDataset(Dataset):
    """Map-style datasets one after another (indices run through all of them).

    Examples:
        .. code-block:: python

            >>> from paddle.io import ConcatDataset, Subset
            >>> ds = ConcatDataset([Subset(range(5), [0, 1]), Subset(range(5), [4])])
            >>> len(ds), ds[2], ds[-1]
            (3, 4, 4)
    """

    @staticmethod
    def cumsum(sequence):
        """Running totals of the datasets' lengths."""
        out, total = [], 0
        for e in sequence:
            total += len(e)
            out.append(total)
        return out

    def __init__(self, datasets):
        self.datasets = list(datasets)
        assert len(self.datasets) > 0, "datasets should not be an empty iterable"
        for d in self.datasets:
            assert not isinstance(d, IterableDataset), "ConcatDataset does not support IterableDataset"
        self.cumulative_sizes = self.cumsum(self.datasets)

    def __len__(self):
        return self.cumulative_sizes[-1]

    def __getitem__(self, idx):
        if idx < 0:
            if -idx > len(self):
                raise ValueError("absolute value of index should not exceed dataset length")
            idx = len(self) + idx
        d = bisect.bisect_right(self.cumulative_sizes, idx)
        return self.datasets[d][idx if d == 0 else idx - self.cumulative_sizes[d - 1]]
