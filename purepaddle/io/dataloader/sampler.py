"""Index samplers (paddle.io.dataloader.sampler): which dataset indices to read, in what order.

RandomSampler and WeightedRandomSampler draw from NumPy's global RNG exactly as Paddle does, so
`np.random.seed(s)` gives Paddle's index sequences.
"""
from typing import Generic, TypeVar

import numpy as np

from ..._core.distribution import shuffle, uniform_int
from ..._core.tensor import Tensor

__all__ = ["Sampler", "SequenceSampler", "RandomSampler", "WeightedRandomSampler", "SubsetRandomSampler"]

_T = TypeVar("_T")


class Sampler(Generic[_T]):
    """Base of samplers: subclasses define `__iter__` (indices) and usually `__len__`.

    Examples:
        .. code-block:: python

            >>> from paddle.io import Sampler
            >>> class Evens(Sampler):
            ...     def __iter__(self):
            ...         return iter(range(0, len(self.data_source), 2))
            >>> list(Evens(range(5)))
            [0, 2, 4]
    """

    def __init__(self, data_source=None):
        self.data_source = data_source

    def __iter__(self):
        raise NotImplementedError


class SequenceSampler(Sampler):
    """Indices 0 .. len(data_source)-1 in order.

    Examples:
        .. code-block:: python

            >>> from paddle.io import SequenceSampler
            >>> list(SequenceSampler(range(3)))
            [0, 1, 2]
    """

    def __init__(self, data_source):
        self.data_source = data_source

    def __iter__(self):
        return iter(range(len(self.data_source)))

    def __len__(self):
        return len(self.data_source)


class RandomSampler(Sampler):
    """Random indices: a permutation, or `num_samples` draws with replacement; `generator` yields them instead.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> from paddle.io import RandomSampler
            >>> np.random.seed(2023)
            >>> sorted(RandomSampler(range(5)))
            [0, 1, 2, 3, 4]
    """

    def __init__(self, data_source, replacement=False, num_samples=None, generator=None):
        self.data_source = data_source
        self.replacement = replacement
        self._num_samples = num_samples
        self.generator = generator
        if not isinstance(self.replacement, bool):
            raise TypeError(f"expect boolean value for replacement, but got replacement={self.replacement}")
        if not self.replacement and self.num_samples > len(self.data_source):
            raise ValueError("num_samples should be smaller than or equal to length of data_source when "
                             f"replacement is False, but got num_samples: {self.num_samples} > data_source: "
                             f"{len(self.data_source)}")
        if not isinstance(self.num_samples, int) or self.num_samples <= 0:
            raise ValueError(f"num_samples should be a positive integer, but got num_samples={self.num_samples}")

    @property
    def num_samples(self):
        """How many indices one pass yields (len(data_source) unless given)."""
        return len(self.data_source) if self._num_samples is None else self._num_samples

    def __iter__(self):
        n = len(self.data_source)
        gen = self.generator
        if gen is not None and hasattr(gen, "engine"):
            # a paddle Generator (Paddle 3.3.1 fails: it takes every generator for an iterator): its stream
            # drawn as randint (with replacement) or randperm (without) would draw it
            if self.replacement:
                yield from uniform_int(gen.engine, self.num_samples, 0, n - 1).tolist()
            else:
                yield from shuffle(gen.engine, list(range(n)))[:self.num_samples]
        elif gen:  # Paddle's contract: an iterator of indices
            for _ in range(self.num_samples):
                try:
                    yield next(gen)
                except StopIteration:
                    return
        else:
            yield from np.random.choice(np.arange(n), self.num_samples, replace=self.replacement).tolist()

    def __len__(self):
        return self.num_samples


def _weighted_sample(weights, num_samples, replacement=True):
    if isinstance(weights, Tensor):
        weights = weights.numpy()
    if isinstance(weights, (list, tuple)):
        weights = np.array(weights)
    assert isinstance(weights, np.ndarray), "weights should be paddle.Tensor, numpy.ndarray, list or tuple"
    assert len(weights.shape) <= 2, "weights should be a 1-D or 2-D array"
    weights = weights.reshape((-1, weights.shape[-1]))
    assert np.all(weights >= 0.0), "weights should be positive value"
    assert not np.any(weights == np.inf), "weights should not be INF"
    assert not np.any(np.isnan(weights)), "weights should not be NaN"
    non_zeros = np.sum(weights > 0.0, axis=1)
    assert np.all(non_zeros > 0), "weights should have positive values"
    if not replacement:
        assert np.all(non_zeros >= num_samples), \
            "weights positive value number should not less than num_samples when replacement=False"
    weights = weights / weights.sum(axis=1, keepdims=True)  # per-row probabilities (Paddle drops keepdims)
    return np.array([np.random.choice(weights.shape[1], num_samples, replacement, row) for row in weights])


class WeightedRandomSampler(Sampler):
    """`num_samples` indices drawn with probability proportional to `weights` (rows of a 2-D weight each draw).

    Examples:
        .. code-block:: python

            >>> from paddle.io import WeightedRandomSampler
            >>> s = WeightedRandomSampler(weights=[0.0, 1.0, 0.0], num_samples=3)
            >>> list(s)
            [1, 1, 1]
    """

    def __init__(self, weights, num_samples, replacement=True):
        if not isinstance(num_samples, int) or num_samples <= 0:
            raise ValueError("num_samples should be a positive integer")
        if not isinstance(replacement, bool):
            raise ValueError("replacement should be a boolean value")
        self.weights = weights
        self.num_samples = num_samples
        self.replacement = replacement

    def __iter__(self):
        return iter(_weighted_sample(self.weights, self.num_samples, self.replacement).reshape(-1).tolist())

    def __len__(self):
        shape = np.shape(self.weights.numpy() if isinstance(self.weights, Tensor) else self.weights)
        rows = int(np.prod(shape)) // shape[-1]
        return self.num_samples * rows


class SubsetRandomSampler(Sampler):
    """The given indices in a random order (drawn from paddle's global generator).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.io import SubsetRandomSampler
            >>> _ = paddle.seed(2023)
            >>> sorted(SubsetRandomSampler(indices=[1, 3, 5]))
            [1, 3, 5]
    """

    def __init__(self, indices):
        if len(indices) == 0:
            raise ValueError("The length of `indices` in SubsetRandomSampler should be greater than 0.")
        self.indices = indices

    def __iter__(self):
        from ...tensor.random import randperm
        for i in randperm(len(self.indices)).tolist():
            yield self.indices[i]

    def __len__(self):
        return len(self.indices)
