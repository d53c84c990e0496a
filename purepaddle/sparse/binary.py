"""Sparse arithmetic and products. Elementwise ops of two sparse tensors work on the union of their patterns
(divide on every position, as Paddle: 0/0 is NaN there); products go through the dense form, so gradients reach
the values of every sparse operand."""
import numpy as np

from .. import tensor as T
from ..tensor.creation.conversion import to_tensor
from ..tensor.manipulation.gathering import gather_nd
from .tensor import SparseCooTensor, SparseTensor, _dense_to_coo


def _as_layout(coo, like):
    return coo.to_sparse_csr() if like.is_sparse_csr() else coo


def _at(dense, idx, shape):
    """The sparse COO tensor holding dense's entries at the index columns idx (differentiable)."""
    return SparseCooTensor.make(idx, gather_nd(dense, to_tensor(idx.T.copy())), shape, True)


def _union(x, y):
    a, b = x.to_sparse_coo()._indices, y.to_sparse_coo()._indices
    dims = list(x.shape)[:a.shape[0]]
    flat = np.union1d(np.ravel_multi_index(tuple(a), dims), np.ravel_multi_index(tuple(b), dims))
    return np.stack(np.unravel_index(flat, dims)).astype(np.int64).reshape(len(dims), -1)


def _check_pair(x, y, fn):
    if not (isinstance(x, SparseTensor) and isinstance(y, SparseTensor)):
        raise TypeError(f"paddle.sparse.{fn} expects two sparse Tensors.")
    if x.is_sparse_coo() != y.is_sparse_coo():
        raise ValueError(f"paddle.sparse.{fn}: x and y should have the same layout (both COO or both CSR).")
    if list(x.shape) != list(y.shape):
        raise ValueError(f"paddle.sparse.{fn}: the shape of x {list(x.shape)} and y {list(y.shape)} should be equal.")


def _elementwise(x, y, dense_fn, fn, every_position=False):
    if not isinstance(y, SparseTensor) and not isinstance(x, SparseTensor):
        return dense_fn(x, y)
    _check_pair(x, y, fn)
    if every_position:
        idx = np.indices(list(x.shape)).reshape(x.ndim, -1).astype(np.int64)
    else:
        idx = _union(x, y)
    return _as_layout(_at(dense_fn(x.to_dense(), y.to_dense()), idx, list(x.shape)), x)


_DOC = """{what} of two sparse tensors of one layout and shape, on the union of their patterns{extra}.

    Args:
        x (SparseTensor): a COO or CSR tensor.
        y (SparseTensor): a tensor of x's layout and shape.
        name (str, optional): unused.

    Returns:
        SparseTensor: x's layout.

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.sparse.sparse_coo_tensor([[0, 1], [1, 0]], [2., 3.], [2, 2])
        >>> y = paddle.sparse.sparse_coo_tensor([[0, 1], [1, 1]], [4., 5.], [2, 2])
        >>> paddle.sparse.{fn}(x, y).shape
        paddle.Size([2, 2])
    """


def _make(fn, dense_fn, what, every_position=False):
    def op(x, y, name=None):
        return _elementwise(x, y, dense_fn, fn, every_position)
    op.__name__ = op.__qualname__ = fn
    op.__doc__ = _DOC.format(what=what, fn=fn, extra=" (divide: every position)" if every_position else "")
    return op


add = _make("add", T.add, "Sum")
subtract = _make("subtract", T.subtract, "Difference")
multiply = _make("multiply", T.multiply, "Product")
divide = _make("divide", T.divide, "Quotient", every_position=True)


def _dense(t):
    return t.to_dense() if isinstance(t, SparseTensor) else t


def matmul(x, y, name=None):
    """Matrix product with a sparse operand: sparse @ dense is dense, sparse @ sparse is sparse (x's layout).

    Args:
        x (SparseTensor): a 2-D or 3-D COO/CSR tensor.
        y (Tensor|SparseTensor): a dense or sparse tensor.
        name (str, optional): unused.

    Returns:
        Tensor|SparseTensor: the product.

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.sparse.sparse_csr_tensor([0, 1, 2], [1, 0], [2., 3.], [2, 2])
        >>> paddle.sparse.matmul(x, paddle.ones([2, 3])).numpy().tolist()
        [[2.0, 2.0, 2.0], [3.0, 3.0, 3.0]]
    """
    out = T.matmul(_dense(x), _dense(y))
    if isinstance(x, SparseTensor) and isinstance(y, SparseTensor):
        return _as_layout(_dense_to_coo(out), x)
    return out


def masked_matmul(x, y, mask, name=None):
    """x @ y (dense) kept only at the positions of the sparse mask.

    Args:
        x (Tensor): dense, shape [M, K] (or batched).
        y (Tensor): dense, shape [K, N].
        mask (SparseTensor): a CSR/COO tensor of shape [M, N] naming the positions to keep.
        name (str, optional): unused.

    Returns:
        SparseTensor: mask's layout and pattern.

    Examples:
        >>> import purepaddle as paddle
        >>> mask = paddle.sparse.sparse_csr_tensor([0, 1, 2], [1, 0], [1., 1.], [2, 2])
        >>> paddle.sparse.masked_matmul(paddle.ones([2, 3]), paddle.ones([3, 2]), mask).values().numpy().tolist()
        [3.0, 3.0]
    """
    return mask_as(T.matmul(x, y), mask)


def mask_as(x, mask, name=None):
    """The entries of dense x at the positions of the sparse mask (gradients reach x).

    Args:
        x (Tensor): dense, mask's shape.
        mask (SparseTensor): a COO or CSR tensor.
        name (str, optional): unused.

    Returns:
        SparseTensor: mask's layout and pattern with x's values.

    Examples:
        >>> import purepaddle as paddle
        >>> mask = paddle.sparse.sparse_coo_tensor([[0, 1], [1, 0]], [1., 1.], [2, 2])
        >>> paddle.sparse.mask_as(paddle.to_tensor([[1., 2.], [3., 4.]]), mask).values().numpy().tolist()
        [2.0, 3.0]
    """
    if not isinstance(mask, SparseTensor):
        raise TypeError("paddle.sparse.mask_as expects a sparse mask.")
    return mask._with_values(gather_nd(x, to_tensor(mask._coo_indices().T.copy())))


def mv(x, vec, name=None):
    """Sparse matrix times dense vector.

    Args:
        x (SparseTensor): a 2-D COO/CSR matrix [M, N].
        vec (Tensor): dense, shape [N].
        name (str, optional): unused.

    Returns:
        Tensor: dense, shape [M].

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.sparse.sparse_csr_tensor([0, 1, 2], [1, 0], [2., 3.], [2, 2])
        >>> paddle.sparse.mv(x, paddle.to_tensor([1., 10.])).numpy().tolist()
        [20.0, 3.0]
    """
    return T.mv(_dense(x), vec)


def addmm(input, x, y, beta=1.0, alpha=1.0, name=None):  # noqa: A002  (Paddle's name)
    """beta * input + alpha * (x @ y) with sparse operands (sparse when input and x are sparse).

    Args:
        input (Tensor|SparseTensor): the added term.
        x (Tensor|SparseTensor): left factor.
        y (Tensor): right factor.
        beta (float): input's coefficient.
        alpha (float): the product's coefficient.
        name (str, optional): unused.

    Returns:
        Tensor|SparseTensor: the result.

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.sparse.sparse_csr_tensor([0, 1, 2], [1, 0], [2., 3.], [2, 2])
        >>> paddle.sparse.addmm(paddle.ones([2, 2]), x, paddle.ones([2, 2])).numpy().tolist()
        [[3.0, 3.0], [4.0, 4.0]]
    """
    out = beta * _dense(input) + alpha * T.matmul(_dense(x), _dense(y))
    if isinstance(input, SparseTensor) and isinstance(x, SparseTensor):
        return _as_layout(_dense_to_coo(out), input)
    return out


__all__ = ["add", "subtract", "multiply", "divide", "matmul", "masked_matmul", "mask_as", "mv", "addmm"]
