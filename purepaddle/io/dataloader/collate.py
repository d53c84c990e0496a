"""How a DataLoader turns a list of samples into a batch (paddle.io.dataloader.collate)."""
import numbers
from collections.abc import Mapping, Sequence

import numpy as np

from ..._core.tensor import Tensor

__all__ = ["default_collate_fn", "default_convert_fn"]


def default_collate_fn(batch):
    """Stack a list of samples field by field: arrays with np.stack, Tensors with paddle.stack,
    numbers into an array; strings stay a list; dicts and sequences are collated per key/position.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> from paddle.io.dataloader.collate import default_collate_fn
            >>> out = default_collate_fn([(np.zeros(2), 1), (np.ones(2), 2)])
            >>> out[0].shape, out[1].tolist()
            ((2, 2), [1, 2])
    """
    sample = batch[0]
    if isinstance(sample, np.ndarray):
        return np.stack(batch, axis=0)
    if isinstance(sample, Tensor):
        from ...tensor.manipulation.join import stack
        return stack(batch, axis=0)
    if isinstance(sample, numbers.Number):
        return np.array(batch)
    if isinstance(sample, (str, bytes)):
        return batch
    if isinstance(sample, Mapping):
        return {key: default_collate_fn([d[key] for d in batch]) for key in sample}
    if isinstance(sample, Sequence):
        n = len(sample)
        if not all(len(s) == n for s in batch):
            raise RuntimeError("fields number not same among samples in a batch")
        return [default_collate_fn(list(fields)) for fields in zip(*batch)]
    raise TypeError("batch data con only contains: tensor, numpy.ndarray, dict, list, number, but got "
                    f"{type(sample)}")


def default_convert_fn(batch):
    """The converter used when batching is off (batch_size=None): containers become lists/dicts, leaves stay.

    Examples:
        .. code-block:: python

            >>> from paddle.io.dataloader.collate import default_convert_fn
            >>> default_convert_fn((1, {'a': 'x'}))
            [1, {'a': 'x'}]
    """
    if isinstance(batch, (Tensor, np.ndarray, str, bytes)):
        return batch
    if isinstance(batch, Mapping):
        return {key: default_convert_fn(batch[key]) for key in batch}
    if isinstance(batch, Sequence):
        return [default_convert_fn(d) for d in batch]
    return batch
