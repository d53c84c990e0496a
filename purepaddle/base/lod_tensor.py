"""paddle.base.create_lod_tensor and create_random_int_lodtensor: DenseTensors carrying LoD (sequence lengths)."""
import numpy as np

from ..static import DenseTensor
from .data_feeder import DataToDenseTensorConverter

__all__ = ["create_lod_tensor", "create_random_int_lodtensor"]


def create_lod_tensor(data, recursive_seq_lens, place):
    """A DenseTensor of `data` with the LoD given as sequence lengths.

    Args:
        data (numpy.ndarray|list|DenseTensor): the values; a list holds one list of values per sequence (one LoD
            level), flattened into a column [N, 1] of the values' NumPy type.
        recursive_seq_lens (list[list[int]]): the sequence lengths of each LoD level; the last level's lengths
            sum to the first dimension of the data.
        place (Place): where the tensor lives.

    Returns:
        DenseTensor: the tensor, its lod() the offsets of recursive_seq_lens.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle.base as base
            >>> t = base.create_lod_tensor(np.ones([5, 2], 'float32'), [[2, 3]], base.CPUPlace())
            >>> t.lod(), t.shape()
            ([[0, 2, 5]], [5, 2])
    """
    if isinstance(data, DenseTensor):
        return create_lod_tensor(np.array(data), recursive_seq_lens, place)
    if isinstance(data, list):
        converter = DataToDenseTensorConverter(place, len(recursive_seq_lens), [], np.float32)
        lengths = []
        for seq in data:
            lengths.append(len(seq))
            converter.feed(seq)
        assert [lengths] == recursive_seq_lens, "data and recursive_seq_lens do not match"
        arr = np.array(converter.data)  # the values' own type: the converter's float32 is not applied (Paddle)
        arr = arr.reshape((*arr.shape, 1))
    elif isinstance(data, np.ndarray):
        arr = data
    else:
        raise TypeError("data should be either a DenseTensor, a Numpy array or a list")
    tensor = DenseTensor()
    tensor.set(arr, place)
    tensor.set_recursive_sequence_lengths(recursive_seq_lens)
    return tensor


def create_random_int_lodtensor(recursive_seq_lens, base_shape, place, low, high):
    """A DenseTensor of random int64 values in [low, high] (NumPy's global generator, as Paddle draws them), of shape
    [sum of the last level's lengths] + base_shape, with the given LoD.

    Args:
        recursive_seq_lens (list[list[int]]): the sequence lengths of each LoD level.
        base_shape (list[int]): the shape of one element.
        place (Place): where the tensor lives.
        low (int): the smallest value.
        high (int): the largest value (included).

    Returns:
        DenseTensor: the tensor.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle.base as base
            >>> np.random.seed(1)
            >>> t = base.create_random_int_lodtensor([[2, 3]], [2], base.CPUPlace(), 0, 9)
            >>> t.shape(), t.lod()
            ([5, 2], [[0, 2, 5]])
    """
    assert isinstance(base_shape, list), "base_shape should be a list"
    shape = [sum(recursive_seq_lens[-1]), *base_shape]
    data = np.random.randint(low, high + 1, shape).astype("int64")  # random_integers(low, high), removed in NumPy 2
    return create_lod_tensor(data, recursive_seq_lens, place)
