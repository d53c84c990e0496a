"""n:m sparsity masks on NumPy arrays: keep the m - n largest |values| of every group of m (1-D, along rows), or
choose m x m blocks whose rows and columns each keep at most m - n (2-D, greedy or best pattern)."""
import collections
import sys
from enum import Enum
from itertools import permutations

import numpy as np

__all__ = ["MaskAlgo", "CheckMethod", "calculate_density", "check_mask_1d", "get_mask_1d", "check_mask_2d",
           "get_mask_2d_greedy", "get_mask_2d_best", "create_mask", "check_sparsity"]


class MaskAlgo(Enum):
    """The mask generators: values are the function names."""
    MASK_1D = "get_mask_1d"
    MASK_2D_GREEDY = "get_mask_2d_greedy"
    MASK_2D_BEST = "get_mask_2d_best"


class CheckMethod(Enum):
    """The sparsity checkers: values are the function names."""
    CHECK_1D = "check_mask_1d"
    CHECK_2D = "check_mask_2d"

    @staticmethod
    def get_checking_method(mask_algo):
        """The checker that fits a MaskAlgo (1-D for MASK_1D, 2-D otherwise)."""
        if not isinstance(mask_algo, MaskAlgo):
            raise AssertionError("mask_algo should be MaskAlgo type")
        return CheckMethod.CHECK_1D if mask_algo == MaskAlgo.MASK_1D else CheckMethod.CHECK_2D


def calculate_density(x):
    """The share of non-zero entries of an array.

    Args:
        x (numpy.ndarray): the array.

    Returns:
        float: non-zero count / size.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle
            >>> x = np.array([[0, 1, 3, 0], [1, 1, 0, 1]])
            >>> print(paddle.incubate.asp.calculate_density(x))
            0.625
    """
    flat = np.asarray(x).flatten()
    return float(np.nonzero(flat)[0].size) / flat.size


def _groups_1d(mat, m):
    """Rows split into groups of m (zero-padded on the right), and the padded shape."""
    if mat.ndim != 2:
        raise AssertionError("The input mat should be a 2D matrix!")
    rem = mat.shape[1] % m
    if rem:
        padded = np.zeros((mat.shape[0], mat.shape[1] + m - rem))
        padded[:, :mat.shape[1]] = mat
        return padded.reshape(-1, m), padded.shape
    return mat.reshape(-1, m), mat.shape


def check_mask_1d(mat, n, m):
    """True when every group of m along the rows has at least n zeros."""
    groups, _ = _groups_1d(mat.reshape(1, mat.shape[0]) if mat.ndim <= 1 else mat, m)
    return all(np.nonzero(g)[0].size <= m - n for g in groups)


def get_mask_1d(mat, n, m):
    """1 for the m - n largest |values| of each group of m along the rows, 0 for the n smallest."""
    groups, shape = _groups_1d(mat, m)
    mask = np.ones_like(groups)
    for i, g in enumerate(groups):
        mask[i, np.argsort(np.absolute(g))[:n].tolist()] = 0
    out = np.ones_like(mat)
    out[:, :] = mask.reshape(shape)[:, :mat.shape[1]]
    return out


def _blocks_2d(mat, m):
    """The m x m blocks of the zero-padded matrix, one flattened block per row, and the padded shape."""
    if mat.ndim != 2:
        raise AssertionError("The input mat should be a 2D matrix!")
    shape = tuple(s if s % m == 0 else s + m - s % m for s in mat.shape)
    padded = np.zeros(shape)
    padded[:mat.shape[0], :mat.shape[1]] = mat
    blocks = padded.reshape(shape[0] // m, m, shape[1] // m, m).transpose(0, 2, 1, 3).reshape(-1, m * m)
    return blocks, shape


def _unblock_2d(blocks, shape, m, like):
    full = blocks.reshape(shape[0] // m, shape[1] // m, m, m).transpose(0, 2, 1, 3).reshape(shape)
    return full[:like.shape[0], :like.shape[1]]


def check_mask_2d(mat, n, m):
    """True when in every m x m block each row or each column keeps at most m - n non-zeros."""
    blocks, _ = _blocks_2d(mat, m)
    for b in blocks:
        nz = np.absolute(b.reshape(m, m)) > 0
        if (np.sum(nz.sum(axis=1) > m - n) != 0) and (np.sum(nz.sum(axis=0) > m - n) != 0):
            return False
    return True


def get_mask_2d_greedy(mat, n, m):
    """Per m x m block, keep entries from the largest |value| down while their row and column have room
    (at most n kept in each)."""
    blocks, shape = _blocks_2d(mat, m)
    masks = np.zeros_like(blocks).reshape(-1, m, m)
    for idx, b in enumerate(blocks):
        order = np.argsort(np.absolute(b))
        rows, cols = collections.Counter(), collections.Counter()
        for flat in order[::-1]:
            r, c = int(flat / m), flat % m
            if rows[r] == n or cols[c] == n:
                continue
            masks[idx, r, c] = 1.0
            rows[r] += 1
            cols[c] += 1
    return _unblock_2d(masks.reshape(-1, m * m), shape, m, mat)


_PATTERNS = {}


def _valid_2d_patterns(n, m):
    """Every m x m 0/1 pattern with n ones per row and at most n per column (cached)."""
    key = (n, m)
    if key not in _PATTERNS:
        row = np.zeros(m)
        row[:n] = 1
        rows = list(set(permutations(row.tolist())))
        grids = np.asarray(list(set(permutations(rows + rows, m))))
        valid = ((grids.sum(axis=1) <= n).sum(axis=1) == m).nonzero()[0].reshape(-1)
        _PATTERNS[key] = grids[valid].reshape(-1, m, m).astype(float)
    return _PATTERNS[key]


def get_mask_2d_best(mat, n, m):
    """Per m x m block, the valid pattern with the largest sum of the kept values (signed, as Paddle scores them)."""
    patterns = _valid_2d_patterns(n, m)
    blocks, shape = _blocks_2d(mat, m)
    best = np.argmax(np.matmul(blocks, patterns.reshape(patterns.shape[0], m * m).T), axis=1)
    return _unblock_2d(patterns[best].reshape(-1, m * m), shape, m, mat)


def _as_2d(shape, t):
    if len(shape) == 1:
        return t.reshape(1, shape[0])
    if len(shape) == 2:
        return t
    if len(shape) == 3:
        return t.reshape(shape[0] * shape[1], shape[2])
    if len(shape) == 4:  # groups run along the input channels (axis 2 after Paddle's transpose)
        return t.transpose([0, 1, 3, 2]).reshape(shape[0] * shape[1] * shape[3], shape[2])
    raise ValueError("The dimension of input tensor is not supported in create_mask, Only dimension < 4 is "
                     f"supported but got {len(shape)}")


def create_mask(tensor, func_name=MaskAlgo.MASK_1D, n=2, m=4):
    """The n:m mask of a 1-D to 4-D array (1 = keep), in the array's dtype.

    Args:
        tensor (numpy.ndarray): the weights.
        func_name (MaskAlgo, optional): the generator. Default MaskAlgo.MASK_1D.
        n (int, optional): zeros per group. Default 2.
        m (int, optional): group size. Default 4.

    Returns:
        numpy.ndarray: the mask, the shape and dtype of `tensor`.
    """
    if not isinstance(func_name, MaskAlgo):
        raise AssertionError("func_name argument of create_mask is only accepted as type MaskAlgo. "
                             f"But got {type(func_name)}")
    shape, dtype = tensor.shape, tensor.dtype
    func = getattr(sys.modules[__name__], func_name.value)
    mask = func(_as_2d(shape, tensor.astype(float)), n=n, m=m)
    if len(shape) == 4:
        return mask.reshape([shape[0], shape[1], shape[3], shape[2]]).transpose([0, 1, 3, 2]).astype(dtype)
    return mask.reshape(shape).astype(dtype)


def check_sparsity(tensor, func_name=CheckMethod.CHECK_1D, n=2, m=4):
    """True when a 1-D to 4-D array follows the n:m pattern the checker tests.

    Args:
        tensor (numpy.ndarray): the weights.
        func_name (CheckMethod, optional): the checker. Default CheckMethod.CHECK_1D.
        n (int, optional): zeros per group. Default 2.
        m (int, optional): group size. Default 4.

    Returns:
        bool: whether the pattern holds.
    """
    if not isinstance(func_name, CheckMethod):
        raise AssertionError("func_name argument of check_sparsity is only accepted as type CheckMethod. "
                             f"But got {type(func_name)}")
    func = getattr(sys.modules[__name__], func_name.value)
    return func(_as_2d(tensor.shape, tensor.astype(float)), n=n, m=m)
