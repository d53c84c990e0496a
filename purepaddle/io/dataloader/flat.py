"""Walking a batch's nested structure: arrays/Tensors are the leaves, containers become lists/dicts.

Paddle's DataLoader returns every collated array as a Tensor, turns tuples into lists and mappings
into dicts, and leaves numbers and strings alone. Workers send the structure with `_Slot`
placeholders plus the arrays separately, so big arrays can travel through shared memory.
"""
import numbers
from collections.abc import Mapping, Sequence

import numpy as np

from ..._core.tensor import Tensor

__all__ = []


class _Slot:
    """Placeholder for the i-th array of a flattened batch."""

    __slots__ = ("i",)

    def __init__(self, i):
        self.i = i

    def __reduce__(self):
        return _Slot, (self.i,)


def map_leaves(batch, fn):
    """The batch with each ndarray/Tensor leaf replaced by fn(leaf); tuples become lists."""
    if isinstance(batch, (np.ndarray, Tensor)):
        return fn(batch)
    if isinstance(batch, (str, bytes, numbers.Number)):
        return batch
    if isinstance(batch, Mapping):
        return {k: map_leaves(v, fn) for k, v in batch.items()}
    if isinstance(batch, Sequence):
        return [map_leaves(v, fn) for v in batch]
    return batch


def flatten(batch):
    """(structure with _Slot leaves, list of contiguous ndarrays)."""
    arrays = []

    def take(leaf):
        arr = leaf._data if isinstance(leaf, Tensor) else leaf
        arrays.append(arr)
        return _Slot(len(arrays) - 1)

    return map_leaves(batch, take), arrays


def restore(structure, leaves):
    """Put leaves[i] back where _Slot(i) stands."""
    if isinstance(structure, _Slot):
        return leaves[structure.i]
    if isinstance(structure, dict):
        return {k: restore(v, leaves) for k, v in structure.items()}
    if isinstance(structure, list):
        return [restore(v, leaves) for v in structure]
    return structure
