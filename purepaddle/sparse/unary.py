"""Value-wise sparse math: a function f with f(0) == 0 applied to the stored values keeps the sparsity pattern
(and the layout); gradients reach the values through the dense op."""

import numpy as np

from .. import tensor as T
from .._core.tensor import Tensor
from ..tensor.linalg.decomposition import pca_lowrank as _pca_lowrank
from .tensor import SparseCooTensor, SparseTensor, _dense_to_coo

_DOC = """{what}, on the stored values of a sparse tensor (the pattern and layout are kept).

    Args:
        x (SparseTensor): a COO or CSR tensor.
        name (str, optional): unused.

    Returns:
        SparseTensor: x's layout and pattern, the new values.

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.sparse.sparse_coo_tensor([[0, 1], [1, 0]], [0.5, 0.25], [2, 2])
        >>> paddle.sparse.{fn}(x).values().shape
        paddle.Size([2])
    """


def _sparse(x, fn_name):
    if not isinstance(x, SparseTensor):
        raise TypeError(f"paddle.sparse.{fn_name} expects a sparse Tensor (COO or CSR), but received a dense "
                        f"{type(x).__name__}.")
    return x


def _value_wise(fn_name, dense, what):
    def fn(x, name=None):
        return _sparse(x, fn_name)._with_values(dense(x.values()))
    fn.__name__ = fn.__qualname__ = fn_name
    fn.__doc__ = _DOC.format(what=what, fn=fn_name)
    return fn


_TABLE = {
    "abs": (T.abs, "Absolute value"), "sin": (T.sin, "Sine"), "tan": (T.tan, "Tangent"),
    "asin": (T.asin, "Arcsine"), "atan": (T.atan, "Arctangent"), "sinh": (T.sinh, "Hyperbolic sine"),
    "tanh": (T.tanh, "Hyperbolic tangent"), "asinh": (T.asinh, "Inverse hyperbolic sine"),
    "atanh": (T.atanh, "Inverse hyperbolic tangent"), "sqrt": (T.sqrt, "Square root"),
    "square": (T.square, "Square"), "log1p": (T.log1p, "log(1 + x)"), "expm1": (T.expm1, "exp(x) - 1"),
    "neg": (T.neg, "Negation"), "deg2rad": (T.deg2rad, "Degrees to radians"),
    "rad2deg": (T.rad2deg, "Radians to degrees"), "isnan": (T.isnan, "Whether each value is NaN"),
}
for _name, (_dense, _what) in _TABLE.items():
    globals()[_name] = _value_wise(_name, _dense, _what)
del _name, _dense, _what


def pow(x, factor, name=None):  # noqa: A001  (Paddle's name)
    """x ** factor on the stored values (the pattern and layout are kept).

    Args:
        x (SparseTensor): a COO or CSR tensor.
        factor (float|int): the exponent.
        name (str, optional): unused.

    Returns:
        SparseTensor: x's layout and pattern, the powered values.

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.sparse.sparse_coo_tensor([[0, 1], [1, 0]], [2., 3.], [2, 2])
        >>> paddle.sparse.pow(x, 2).values().numpy().tolist()
        [4.0, 9.0]
    """
    return _sparse(x, "pow")._with_values(T.pow(x.values(), factor))


def cast(x, index_dtype=None, value_dtype=None, name=None):
    """The sparse tensor with its values (and for COO its indices) in new dtypes.

    Args:
        x (SparseTensor): a COO or CSR tensor.
        index_dtype (str|paddle.dtype, optional): int32 or int64 for the indices (purepaddle keeps int64).
        value_dtype (str|paddle.dtype, optional): the values' new dtype.
        name (str, optional): unused.

    Returns:
        SparseTensor: x cast.

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.sparse.sparse_coo_tensor([[0, 1], [1, 0]], [2., 3.], [2, 2])
        >>> paddle.sparse.cast(x, value_dtype="float64").dtype
        paddle.float64
    """
    _sparse(x, "cast")
    return x if value_dtype is None else x._with_values(x.values().astype(value_dtype))


def transpose(x, perm, name=None):
    """The sparse tensor with its dims permuted (COO: the index rows move; CSR goes through COO).

    Args:
        x (SparseTensor): a COO or CSR tensor without dense dims.
        perm (list|tuple): the permutation of the dims.
        name (str, optional): unused.

    Returns:
        SparseTensor: x's layout, dims permuted.

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.sparse.sparse_coo_tensor([[0, 1], [1, 2]], [2., 3.], [2, 3])
        >>> paddle.sparse.transpose(x, [1, 0]).shape
        paddle.Size([3, 2])
    """
    coo = _sparse(x, "transpose").to_sparse_coo()
    perm = [int(p) % x.ndim for p in perm]
    out = SparseCooTensor.make(coo._indices[perm], coo.values(), [x.shape[p] for p in perm])
    return out.to_sparse_csr() if x.is_sparse_csr() else out  # Paddle keeps the entry order


def _through_dense(x, dense_fn):
    """A pattern-changing op: on the dense form, back to x's layout (gradients flow through both steps)."""
    out = _dense_to_coo(dense_fn(x.to_dense()))
    return out.to_sparse_csr() if x.is_sparse_csr() else out


def reshape(x, shape, name=None):
    """The sparse tensor reshaped (entries keep their row-major positions).

    Args:
        x (SparseTensor): a COO or CSR tensor.
        shape (list|tuple): the new shape (one -1 allowed).
        name (str, optional): unused.

    Returns:
        SparseTensor: x's layout, the new shape.

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.sparse.sparse_coo_tensor([[0, 1], [1, 2]], [2., 3.], [2, 3])
        >>> paddle.sparse.reshape(x, [3, 2]).indices().numpy().tolist()
        [[0, 2], [1, 1]]
    """
    return _through_dense(_sparse(x, "reshape"), lambda d: T.reshape(d, shape))


def slice(x, axes, starts, ends, name=None):  # noqa: A001  (Paddle's name)
    """A slice of the sparse tensor along `axes`.

    Args:
        x (SparseTensor): a COO or CSR tensor.
        axes (list|tuple): the dims to slice.
        starts (list|tuple): the start of each slice.
        ends (list|tuple): the end (exclusive) of each slice.
        name (str, optional): unused.

    Returns:
        SparseTensor: x's layout, the sliced part.

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.sparse.sparse_coo_tensor([[0, 1], [1, 2]], [2., 3.], [2, 3])
        >>> paddle.sparse.slice(x, [1], [1], [3]).shape
        paddle.Size([2, 2])
    """
    return _through_dense(_sparse(x, "slice"), lambda d: T.slice(d, axes, starts, ends))


def sum(x, axis=None, dtype=None, keepdim=False, name=None):  # noqa: A001  (Paddle's name)
    """The sum of a sparse tensor along `axis` (all dims when None), sparse again.

    Args:
        x (SparseTensor): a COO or CSR tensor.
        axis (int|list|tuple, optional): the dims to sum over.
        dtype (str|paddle.dtype, optional): the result's dtype.
        keepdim (bool): keep the summed dims as size 1.
        name (str, optional): unused.

    Returns:
        SparseTensor: x's layout, the sums.

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.sparse.sparse_coo_tensor([[0, 1], [1, 2]], [2., 3.], [2, 3])
        >>> paddle.sparse.sum(x, axis=1).to_dense().numpy().tolist()
        [2.0, 3.0]
    """
    _sparse(x, "sum")
    if axis is None and not keepdim and x.is_sparse_coo():  # Paddle's full sum: shape [1], 1-D indices [0], a 0-d value
        total = T.sum(x.values(), dtype=dtype)
        out = SparseCooTensor.make(np.zeros(1, np.int64), total, [1], True)
        return out
    if x.is_sparse_csr():
        return _through_dense(x, lambda d: T.sum(d, axis=axis, dtype=dtype, keepdim=keepdim))
    sd = x.sparse_dim()
    axes = [a % x.ndim for a in (range(x.ndim) if axis is None else axis if isinstance(axis, (list, tuple))
                                 else [axis])]
    # summing a sparse axis of a hybrid tensor keeps it as size 1 (Paddle's rule); the rest stay sparse
    keep = keepdim or (sd < x.ndim and any(a < sd for a in axes))
    dense = T.sum(x.to_dense(), axis=axes, dtype=dtype, keepdim=keep)
    new_sd = sd if keep else sd - len([a for a in axes if a < sd])
    return _dense_to_coo(dense, max(new_sd, 1))


def is_same_shape(x, y):
    """Whether two tensors (sparse or dense) have the same shape.

    Args:
        x (Tensor): a sparse or dense tensor.
        y (Tensor): a sparse or dense tensor.

    Returns:
        bool: True when the shapes are equal.

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.rand([2, 3]).to_sparse_coo(2)
        >>> paddle.sparse.is_same_shape(x, paddle.rand([2, 3]))
        True
    """
    if not isinstance(x, Tensor) or not isinstance(y, Tensor):
        raise TypeError("is_same_shape expects two Tensors.")
    return list(x.shape) == list(y.shape)


def pca_lowrank(x, q=None, center=True, niter=2, name=None):
    """Randomized PCA of a sparse matrix: paddle.linalg.pca_lowrank of its dense form (centring a sparse
    matrix fills it in anyway). Paddle runs this on CUDA 11 only; here it runs on the CPU.

    Args:
        x (SparseTensor): a 2-D COO or CSR matrix [m, n].
        q (int, optional): the rank kept (default min(6, m, n)).
        center (bool): subtract the column means first.
        niter (int): subspace iterations.
        name (str, optional): unused.

    Returns:
        tuple[Tensor, Tensor, Tensor]: U [m, q], S [q], V [n, q] (dense), with x ~ U diag(S) V^T.

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.to_tensor([[1., 0.], [-1., 0.], [0., 0.5], [0., -0.5]], dtype='float64').to_sparse_coo(2)
        >>> U, S, V = paddle.sparse.pca_lowrank(x)
        >>> [round(s, 6) for s in S.tolist()]
        [1.414214, 0.707107]
    """
    _sparse(x, "pca_lowrank")
    return _pca_lowrank(x.to_dense(), q, center, niter)


__all__ = list(_TABLE) + ["pow", "cast", "transpose", "reshape", "slice", "sum", "is_same_shape", "pca_lowrank"]
