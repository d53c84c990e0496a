"""Activations of paddle.sparse.nn.functional: on the stored values (zero stays zero) and a softmax over the stored
entries of each row (the missing entries count as absent, not as zeros)."""
import numpy as np

from .... import tensor as T
from ....nn import functional as F
from ....tensor.creation.conversion import to_tensor
from ....tensor.manipulation.gathering import gather_nd
from ...tensor import SparseTensor


def _values_op(x, fn):
    if not isinstance(x, SparseTensor):
        raise TypeError("paddle.sparse.nn.functional expects a sparse Tensor (COO or CSR).")
    return x._with_values(fn(x.values()))


def relu(x, name=None):
    """max(x, 0) on the stored values.

    Args:
        x (SparseTensor): a COO or CSR tensor.
        name (str, optional): unused.

    Returns:
        SparseTensor: x's layout and pattern.

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.sparse.sparse_coo_tensor([[0, 1], [1, 0]], [-2., 3.], [2, 2])
        >>> paddle.sparse.nn.functional.relu(x).values().numpy().tolist()
        [0.0, 3.0]
    """
    return _values_op(x, F.relu)


def relu6(x, name=None):
    """min(max(x, 0), 6) on the stored values.

    Args:
        x (SparseTensor): a COO or CSR tensor.
        name (str, optional): unused.

    Returns:
        SparseTensor: x's layout and pattern.

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.sparse.sparse_coo_tensor([[0, 1], [1, 0]], [-2., 8.], [2, 2])
        >>> paddle.sparse.nn.functional.relu6(x).values().numpy().tolist()
        [0.0, 6.0]
    """
    return _values_op(x, F.relu6)


def leaky_relu(x, negative_slope=0.01, name=None):
    """x where x >= 0, else negative_slope * x, on the stored values.

    Args:
        x (SparseTensor): a COO or CSR tensor.
        negative_slope (float): the slope below zero.
        name (str, optional): unused.

    Returns:
        SparseTensor: x's layout and pattern.

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.sparse.sparse_coo_tensor([[0, 1], [1, 0]], [-2., 3.], [2, 2])
        >>> paddle.sparse.nn.functional.leaky_relu(x, 0.5).values().numpy().tolist()
        [-1.0, 3.0]
    """
    return _values_op(x, lambda v: F.leaky_relu(v, negative_slope))


def softmax(x, axis=-1, name=None):
    """Softmax over the stored entries of each row (the last axis); absent entries stay absent.

    Args:
        x (SparseTensor): a COO or CSR tensor without dense dims.
        axis (int): only -1 (the last axis), as Paddle.
        name (str, optional): unused.

    Returns:
        SparseTensor: x's layout and pattern.

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.sparse.sparse_csr_tensor([0, 2, 3], [0, 1, 1], [1., 1., 5.], [2, 2])
        >>> paddle.sparse.nn.functional.softmax(x).values().numpy().tolist()
        [0.5, 0.5, 1.0]
    """
    if not isinstance(x, SparseTensor):
        raise TypeError("paddle.sparse.nn.functional.softmax expects a sparse Tensor (COO or CSR).")
    if axis not in (-1, x.ndim - 1):
        raise ValueError(f"sparse softmax only supports axis=-1, but got {axis}.")
    idx = x._coo_indices()
    absent = np.full(list(x.shape), -np.inf, dtype=x.values().numpy().dtype)
    absent[tuple(idx)] = 0
    dense = F.softmax(T.add(x.to_dense(), to_tensor(absent)), axis=-1)
    return x._with_values(gather_nd(dense, to_tensor(idx.T.copy())))


__all__ = ["relu", "relu6", "leaky_relu", "softmax"]
