"""Sparse tensors: COO (indices [sparse_dim, nnz] + values [nnz, *dense_dims]) and CSR (crows, cols, values of a
2-D matrix or a batch of them). The values are an ordinary Tensor, so every value-wise op records its gradient
on them (Paddle's sparse gradients reach the values); the dense array `_data` is built on demand for readers of
the dense Tensor protocol."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from purepaddle._core._typing import DTypeLike, NestedSequence, Numeric, PlaceLike, ShapeLike, TensorLike

import numpy as np

from .._core import dtype as _dt
from .._core.methods import bind_methods
from .._core.printing import format_array
from .._core.tensor import Size, Tensor
from ..tensor.creation.conversion import to_tensor
from ..tensor.creation.fill import zeros
from ..tensor.manipulation.gathering import gather_nd
from ..tensor.manipulation.scattering import scatter_nd_add

_INDENT = 7


class SparseTensor(Tensor):
    """What COO and CSR share: the values Tensor, the dense shape, the dense array built on first read."""

    __slots__ = ("_values", "_shape", "_dense")

    def _init(self, values, shape):
        self._node, self._idx, self._grad, self._name = None, 0, None, None
        self.persistable, self._version, self._hooks, self._place = False, 0, None, values.place
        self._values, self._shape, self._dense = values, [int(d) for d in shape], None
        return self

    # -- the dense Tensor protocol ---------------------------------------------------------
    @property
    def _data(self):
        if self._dense is None:
            self._dense = self._to_dense_array()
        return self._dense

    @_data.setter
    def _data(self, value):
        self._dense = value

    @property
    def stop_gradient(self):
        return self._values.stop_gradient

    @stop_gradient.setter
    def stop_gradient(self, value):
        self._values.stop_gradient = value

    @property
    def shape(self):
        return Size(self._shape)

    @property
    def ndim(self):
        return len(self._shape)

    @property
    def dtype(self):
        return self._values.dtype

    @property
    def grad(self):
        g = self._values.grad
        return None if g is None else self._with_values(g)

    def backward(self, grad_tensor=None, retain_graph=False):
        """Backward from the values (a sparse grad_tensor gives its values)."""
        g = grad_tensor.values() if isinstance(grad_tensor, SparseTensor) else grad_tensor
        return self._values.backward(g, retain_graph)

    def values(self):
        """The stored values (a Tensor of shape [nnz, *dense_dims]; gradients reach it)."""
        return self._values

    def nnz(self):
        """The number of stored entries."""
        return int(self._values.shape[0]) if self._values.ndim else 1

    def is_sparse(self):
        return True

    def to_dense(self):
        """The dense Tensor (differentiable: its gradient reaches the values)."""
        idx = self._coo_indices()
        if self._values.stop_gradient:
            return Tensor._make(self._to_dense_array(), True)
        base = zeros(self._shape, dtype=self.dtype)
        vals = self._values.reshape([1]) if self._values.ndim == 0 else self._values
        return scatter_nd_add(base, to_tensor(idx.T.copy()), vals)

    def _to_dense_array(self):
        idx, vals = self._coo_indices(), self._values.numpy().reshape((-1,) + tuple(self._values.shape[1:]))
        out = np.zeros(self._shape, dtype=vals.dtype)
        np.add.at(out, tuple(idx), vals)
        return out

    def numpy(self):
        return self._data

    def __repr__(self):
        head = (f"Tensor(shape=[{', '.join(map(str, self._shape))}], dtype=paddle.{self.dtype.name}, "
                f"place={self._values.place!r}, stop_gradient={self.stop_gradient}, \n")
        parts = [f"{name}={format_array(arr, indent=_INDENT + len(name) + 1)}" for name, arr in self._parts()]
        return head + ", \n".join(" " * _INDENT + p for p in parts) + ")"

    __str__ = __repr__


class SparseCooTensor(SparseTensor):
    """A COO sparse tensor: entry k sits at indices[:, k] and holds values[k]."""

    __slots__ = ("_indices", "_coalesced")

    @classmethod
    def make(cls, indices, values, shape, coalesced=False):
        t = cls.__new__(cls)
        t._indices, t._coalesced = np.asarray(indices, dtype=np.int64), coalesced
        if values.ndim:  # a 0-d value (a full sum) keeps Paddle's 1-D indices
            t._indices = t._indices.reshape(-1, values.shape[0])
        return t._init(values, shape)

    def _coo_indices(self):
        return self._indices.reshape(len(self._indices) if self._indices.ndim == 2 else 1, -1)

    def _with_values(self, values):
        return SparseCooTensor.make(self._indices, values, self._shape, self._coalesced)

    def _parts(self):
        return [("indices", self._indices), ("values", self._values.numpy())]

    def indices(self):
        """The int64 indices, shape [sparse_dim, nnz]."""
        return to_tensor(self._indices)

    def sparse_dim(self):
        return int(self._indices.shape[0])

    def dense_dim(self):
        return self.ndim - self.sparse_dim()

    def is_sparse_coo(self):
        return True

    def is_sparse_csr(self):
        return False

    def coalesce(self):
        """Indices sorted, duplicates summed (differentiable)."""
        return coalesce(self)

    def to_sparse_coo(self, sparse_dim=None):
        return self

    def to_sparse_csr(self):
        """The CSR form of a 2-D or 3-D COO tensor with no dense dims."""
        if self.dense_dim() or self.ndim not in (2, 3):
            raise ValueError("to_sparse_csr needs a 2-D or 3-D sparse tensor without dense dims.")
        c = coalesce(self)
        idx = c._indices
        rows = self._shape[-2]
        batch = idx[0] if self.ndim == 3 else np.zeros(idx.shape[1], np.int64)
        nb = self._shape[0] if self.ndim == 3 else 1
        crows = np.zeros((nb, rows + 1), np.int64)
        np.add.at(crows, (batch, idx[-2] + 1), 1)
        crows = np.cumsum(crows, axis=1).reshape(-1)
        return SparseCsrTensor.make(crows, idx[-1].copy(), c._values, self._shape)


class SparseCsrTensor(SparseTensor):
    """A CSR sparse matrix (or batch): row r's entries are cols/values[crows[r]:crows[r+1]]."""

    __slots__ = ("_crows", "_cols")

    @classmethod
    def make(cls, crows, cols, values, shape):
        t = cls.__new__(cls)
        t._crows, t._cols = np.asarray(crows, dtype=np.int64), np.asarray(cols, dtype=np.int64)
        return t._init(values, shape)

    def _coo_indices(self):
        rows = self._shape[-2]
        crows = self._crows.reshape(-1, rows + 1)
        counts = np.diff(crows, axis=1)
        r = np.repeat(np.tile(np.arange(rows), crows.shape[0]), counts.reshape(-1))
        if len(self._shape) == 2:
            return np.stack([r, self._cols])
        b = np.repeat(np.arange(crows.shape[0]), counts.sum(axis=1))
        return np.stack([b, r, self._cols])

    def _with_values(self, values):
        return SparseCsrTensor.make(self._crows, self._cols, values, self._shape)

    def _parts(self):
        return [("crows", self._crows), ("cols", self._cols), ("values", self._values.numpy())]

    def crows(self):
        """The int64 compressed row offsets (rows + 1 per batch)."""
        return to_tensor(self._crows)

    def cols(self):
        """The int64 column of each entry."""
        return to_tensor(self._cols)

    def is_sparse_coo(self):
        return False

    def is_sparse_csr(self):
        return True

    def to_sparse_csr(self):
        return self

    def to_sparse_coo(self, sparse_dim=None):
        return SparseCooTensor.make(self._coo_indices(), self._values, self._shape, True)


def coalesce(x):
    """A COO tensor with sorted, unique indices (duplicates summed; the gradient reaches every duplicate).

    Args:
        x (SparseCooTensor): the tensor.

    Returns:
        SparseCooTensor: the coalesced tensor.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> x = paddle.sparse.sparse_coo_tensor([[1, 0, 1], [0, 1, 0]], [1., 2., 3.], [2, 2])
            >>> paddle.sparse.coalesce(x).values().numpy().tolist()
            [2.0, 4.0]
    """
    idx = x._indices
    if idx.shape[1] == 0:
        return x
    dims = x._shape[:idx.shape[0]]
    flat = np.ravel_multi_index(tuple(idx), dims)
    uniq, first, inverse = np.unique(flat, return_index=True, return_inverse=True)
    new_idx = np.stack(np.unravel_index(uniq, dims)).astype(np.int64)
    if uniq.size == flat.size and (np.diff(flat) > 0).all():
        return SparseCooTensor.make(idx, x._values, x._shape, True)
    vals = x._values
    summed = zeros([uniq.size] + list(vals.shape[1:]), dtype=vals.dtype)
    summed = scatter_nd_add(summed, to_tensor(inverse.reshape(-1, 1).astype(np.int64)), vals)
    return SparseCooTensor.make(new_idx, summed, x._shape, True)


def _values_tensor(values, dtype, stop_gradient):
    if isinstance(values, Tensor):
        v = values if dtype is None or values.dtype == _dt.convert_dtype(dtype) else values.astype(dtype)
        if not stop_gradient and v.stop_gradient:
            v = v.detach()
            v.stop_gradient = False
        return v
    return to_tensor(values, dtype=dtype, stop_gradient=stop_gradient)


def _int_array(t):
    return (t.numpy() if isinstance(t, Tensor) else np.asarray(t)).astype(np.int64)


def sparse_coo_tensor(indices: TensorLike | NestedSequence[int], values: TensorLike | NestedSequence[Numeric],
                      shape: ShapeLike | None = None, dtype: DTypeLike | None = None,
                      place: PlaceLike | None = None, stop_gradient: bool = True) -> Tensor:
    """A COO sparse tensor from its indices and values.

    Args:
        indices (list|tuple|ndarray|Tensor): int indices, shape [sparse_dim, nnz].
        values (list|tuple|ndarray|Tensor): the values, shape [nnz, *dense_dims].
        shape (list|tuple, optional): the dense shape; None takes max(indices) + 1 per sparse dim.
        dtype (str|paddle.dtype, optional): the values' dtype.
        place (Place, optional): unused (purepaddle computes on the CPU).
        stop_gradient (bool): whether gradients stop here (default True).

    Returns:
        SparseCooTensor: the sparse tensor.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> x = paddle.sparse.sparse_coo_tensor([[0, 1, 2], [1, 2, 0]], [1., 2., 3.], [3, 4])
            >>> x.shape, x.nnz()
            (paddle.Size([3, 4]), 3)
    """
    idx = _int_array(indices)
    vals = _values_tensor(values, dtype, stop_gradient)
    if idx.ndim != 2:
        raise ValueError(f"'indices' must be 2-D, but got {idx.ndim}-D.")
    if idx.shape[1] != (vals.shape[0] if vals.ndim else 1):
        raise ValueError(f"the number of indices ({idx.shape[1]}) and values ({vals.shape[0]}) should be equal.")
    min_shape = [int(m) + 1 for m in (idx.max(axis=1) if idx.size else np.zeros(idx.shape[0], np.int64))]
    min_shape += list(vals.shape[1:])
    if shape is None:
        shape = min_shape
    shape = [int(d) for d in shape]
    if len(shape) != len(min_shape) or any(s < m for s, m in zip(shape, min_shape)):
        raise ValueError(f"the minimum shape required is {min_shape}, but get {shape}")
    return SparseCooTensor.make(idx, vals, shape)


def sparse_csr_tensor(crows: TensorLike | NestedSequence[int], cols: TensorLike | NestedSequence[int],
                      values: TensorLike | NestedSequence[Numeric], shape: ShapeLike,
                      dtype: DTypeLike | None = None, place: PlaceLike | None = None,
                      stop_gradient: bool = True) -> Tensor:
    """A CSR sparse matrix (2-D) or batch of matrices (3-D) from crows, cols and values.

    Args:
        crows (list|tuple|ndarray|Tensor): row offsets, rows + 1 per matrix.
        cols (list|tuple|ndarray|Tensor): the column of each entry.
        values (list|tuple|ndarray|Tensor): the values, one per entry.
        shape (list|tuple): the dense shape, 2-D or 3-D.
        dtype (str|paddle.dtype, optional): the values' dtype.
        place (Place, optional): unused.
        stop_gradient (bool): whether gradients stop here (default True).

    Returns:
        SparseCsrTensor: the sparse matrix.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> x = paddle.sparse.sparse_csr_tensor([0, 2, 3, 5], [1, 3, 2, 0, 1], [1., 2., 3., 4., 5.], [3, 4])
            >>> x.to_dense().numpy().tolist()
            [[0.0, 1.0, 0.0, 2.0], [0.0, 0.0, 3.0, 0.0], [4.0, 5.0, 0.0, 0.0]]
    """
    shape = [int(d) for d in shape]
    if len(shape) not in (2, 3):
        raise ValueError(f"SparseCsrTensor only support 2-D or 3-D matrix, but get shape {shape}")
    cr, cl = _int_array(crows).reshape(-1), _int_array(cols).reshape(-1)
    vals = _values_tensor(values, dtype, stop_gradient)
    if cl.size != vals.shape[0]:
        raise ValueError("the length of cols and values should be equal.")
    return SparseCsrTensor.make(cr, cl, vals, shape)


# -- dense Tensor methods ----------------------------------------------------------------------
def _dense_to_coo(x, sparse_dim=None):
    """The COO form of a dense Tensor: entries where any value of the trailing dense dims is nonzero."""
    if isinstance(x, SparseTensor):
        return x.to_sparse_coo(sparse_dim)
    nd = x.ndim if sparse_dim is None else int(sparse_dim)
    a = x.numpy()
    nz = a.reshape(a.shape[:nd] + (-1,)).any(axis=-1) if nd < a.ndim else a != 0
    idx = np.stack(np.nonzero(nz)).astype(np.int64).reshape(nd, -1)
    vals = gather_nd(x, to_tensor(idx.T.copy())) if not x.stop_gradient else to_tensor(a[tuple(idx)])
    return SparseCooTensor.make(idx, vals, list(a.shape), True)


def _dense_to_csr(x):
    if isinstance(x, SparseTensor):
        return x.to_sparse_csr()
    return _dense_to_coo(x).to_sparse_csr()


def _dense_to_dense(x):
    return x


def _false(x):
    return False


bind_methods({"to_sparse_coo": _dense_to_coo, "to_sparse_csr": _dense_to_csr, "to_dense": _dense_to_dense,
              "is_sparse": _false, "is_sparse_coo": _false, "is_sparse_csr": _false})

__all__ = ["sparse_coo_tensor", "sparse_csr_tensor", "coalesce"]
