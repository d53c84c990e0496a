"""Norms, distances and matrix statistics: norm, vector_norm, matrix_norm, dist, cdist, vecdot, cond, cov,
corrcoef."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Sequence
    from purepaddle._core._typing import DTypeLike
    from purepaddle._core.tensor import Tensor

import numbers

import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import apply
from ...ops.linalg.decomposition import Svd
from ...ops.linalg.norms import Dist, FrobeniusNorm, PNorm
from ...ops.linalg.product import Diagonal
from ...ops.math.elementwise import broadcast_shape
from ...ops.math.reduction import ReduceMax, ReduceMin
from .._check import FLOATS, FLOAT_COMPLEX, check_kernel_dtype, check_same_dtype, check_var, require, set_out_values
from ..creation.fill import cast
from .product import _swap_last, matmul


_INF = float("inf")


def _pnorm(x, p, axis, keepdim, asvector=False):
    return apply(PNorm, x, porder=float(p), axis=int(axis), epsilon=1e-12, keepdim=bool(keepdim),
                 asvector=bool(asvector))


def _axes(axis, nd, api):
    out = []
    for a in axis:
        if not isinstance(a, (int, np.integer)) or isinstance(a, bool):
            raise TypeError(f"The type of 'axis' in {api} must be int or a list of ints, but received "
                            f"{type(a).__name__}.")
        if (a < -nd or a >= nd) and nd:
            raise ValueError(f"(InvalidArgument) Attr(axis) value should be in range [-R, R-1], R is the rank of "
                             f"Input(X). But received axis: {a}, R: {nd}.")
        out.append(int(a) % max(nd, 1))
    return out


def vector_norm(x, p=2.0, axis=None, keepdim=False, name=None, *, dtype=None, out=None):
    """Vector p-norm over `axis` (all elements when None); p may be 0, inf or -inf.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[3., -4.], [1., 0.]])
            >>> paddle.linalg.vector_norm(x)
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   5.09901953)
            >>> paddle.linalg.vector_norm(x, p=1, axis=1)
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [7., 1.])
    """
    check_var(x, "paddle.linalg.vector_norm")
    if not isinstance(p, (int, float)) or isinstance(p, bool):
        raise ValueError(f"only valid p type is int and float, found {type(p)}")
    if dtype is not None:
        x = x.astype(dtype)
    if isinstance(axis, tuple):
        axis = list(axis)
    if isinstance(axis, list) and len(axis) == 1:
        axis = axis[0]
    if x.dtype.is_complex:
        x = x.abs()
    check_kernel_dtype(x, "p_norm", FLOATS)
    nd = x.ndim
    if axis is None or isinstance(axis, (int, np.integer)):
        if axis is not None:
            _axes([axis], nd, "paddle.linalg.vector_norm")
        res = _pnorm(x, p, -1 if axis is None else axis, keepdim, asvector=axis is None)
    else:
        axes = _axes(axis, nd, "paddle.linalg.vector_norm")
        if p == 2:
            res = apply(FrobeniusNorm, x, dim=axes, keep_dim=bool(keepdim), reduce_all=False)
        elif p == _INF:
            res = x.abs().max(axis=axes, keepdim=keepdim)
        elif p == -_INF:
            res = x.abs().min(axis=axes, keepdim=keepdim)
        elif p == 0:
            res = (x != 0).astype(x.dtype).sum(axis=axes, keepdim=keepdim)
        else:
            res = (x.abs() ** float(p)).sum(axis=axes, keepdim=keepdim) ** (1.0 / p)
    return set_out_values(res, out)


def _to_back(x, a0, a1):
    """x with axes a0, a1 moved to the end (in that order)."""
    nd = x.ndim
    if (a0, a1) == (nd - 2, nd - 1):
        return x
    perm = [i for i in range(nd) if i not in (a0, a1)] + [a0, a1]
    return x.transpose(perm)


def _singular_values(x, a0, a1):
    return apply(Svd, _to_back(x, a0, a1), full_matrices=False)[1]


def matrix_norm(x: Tensor, p: float | str = "fro", axis: Sequence[int] = [-2, -1], keepdim: bool = False,  # noqa: B006 (Paddle's default)
                name: str | None = None) -> Tensor:
    """Matrix norm over the two axes in `axis`: 'fro', 'nuc', 1, -1, 2, -2, inf or -inf.

    Args:
        x (Tensor): The input tensor.
        p (float|str, optional): The order: 'fro', 'nuc', 1, -1, 2, -2, inf or -inf. Default: "fro".
        axis (Sequence[int], optional): The two axes that hold the matrices. Default: [-2, -1].
        keepdim (bool, optional): Whether the reduced axes stay in the result with size 1. Default: False.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Returns:
        Tensor: the matrix norm over the two axes.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1., -2.], [3., 4.]])
            >>> paddle.linalg.matrix_norm(x)
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   5.47722578)
            >>> paddle.linalg.matrix_norm(x, p=1)
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   6.)
    """
    check_var(x, "paddle.linalg.matrix_norm")
    if isinstance(axis, tuple):
        axis = list(axis)
    if not isinstance(axis, list):
        raise TypeError(f"object of type '{type(axis).__name__}' has no len(): the axis of "
                        "paddle.linalg.matrix_norm must be a list or tuple of 2 ints")
    if len(axis) != 2:
        raise ValueError(f"except axis type int or list (length of list == 2), found {len(axis)}")
    a0, a1 = _axes(axis, x.ndim, "paddle.linalg.matrix_norm")
    if p == "fro":
        check_kernel_dtype(x, "frobenius_norm", FLOAT_COMPLEX)
        return apply(FrobeniusNorm, x, dim=[int(a) for a in axis], keep_dim=bool(keepdim), reduce_all=False)
    if p == "nuc" or p in (2, -2):
        check_kernel_dtype(x, "svd", FLOAT_COMPLEX)
        s = _singular_values(x, a0, a1)
        res = s.sum(axis=-1) if p == "nuc" else _pnorm(s, _INF if p == 2 else -_INF, -1, False)
        if keepdim:
            res = res.unsqueeze(min(a0, a1)).unsqueeze(max(a0, a1))
        return res
    if p in (1, -1, _INF, -_INF):
        if x.dtype.is_complex:  # Paddle sums the moduli: abs has a complex kernel, p_norm has none
            x = x.abs()
        check_kernel_dtype(x, "p_norm", FLOATS)
        inner, outer = (a0, a1) if p in (1, -1) else (a1, a0)
        res = _pnorm(x, 1, inner, True)
        if 0 in res.shape:  # nothing to take the max of: Paddle's p_norm gives 0
            res = _pnorm(res, _INF if p > 0 else -_INF, outer, True)
        else:  # Paddle takes reduce max/min here, which turns a NaN anywhere into NaN (and NaN gradients)
            res = apply(ReduceMax if p > 0 else ReduceMin, res, dim=[outer], keep_dim=True, reduce_all=False)
        return res if keepdim else res.squeeze([a0, a1])
    raise ValueError(f"just support p value 'fro','nuc',1,-1,inf,-inf,2,-2 if axis is 2D, found {p}")


def norm(x: Tensor, p: float | str | None = None, axis: int | Sequence[int] | None = None,
         keepdim: bool = False, out: Tensor | None = None, dtype: DTypeLike | None = None,
         name: str | None = None) -> Tensor:
    """Vector or matrix norm: 'fro'/'nuc'/numbers; a 2-element axis (or p='nuc') means a matrix norm.

    Args:
        x (Tensor): The input tensor.
        p (float|str|None, optional): The order: 'fro' (Frobenius), 'nuc' (nuclear), a number, inf or -inf;
            None means 2 for vectors and 'fro' for matrices. Default: None.
        axis (int|Sequence[int]|None, optional): The axis or axes to work along; None means all of them.
            Default: None.
        keepdim (bool, optional): Whether the reduced axes stay in the result with size 1. Default: False.
        out (Tensor|None, optional): A tensor to write the result into; None makes a new one. Default: None.
        dtype (DTypeLike|None, optional): The data type of the result; None keeps the default. Default: None.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Returns:
        Tensor: the vector or matrix norm over `axis`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1., -2.], [3., 4.]])
            >>> paddle.linalg.norm(x)
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   5.47722578)
            >>> paddle.linalg.norm(x, p=1, axis=1)
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [3., 7.])
            >>> paddle.linalg.norm(x, p='nuc')
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   7.07106781)
    """
    check_var(x, "paddle.linalg.norm")
    if isinstance(axis, tuple):
        axis = list(axis)
    elif isinstance(axis, list) and len(axis) == 1:
        axis = axis[0]
    if dtype is not None:
        x = x.astype(dtype)
    if isinstance(p, str):
        if p == "fro" and (axis is None or isinstance(axis, int)):
            res = vector_norm(x, 2, axis, keepdim)
        else:
            res = matrix_norm(x, p, list(range(x.ndim)) if axis is None else axis, keepdim)
    else:
        p = 2.0 if p is None else p
        if isinstance(axis, list) and len(axis) == 2:
            res = matrix_norm(x, p, axis, keepdim)
        else:
            res = vector_norm(x, p, axis, keepdim)
    return set_out_values(res, out)


def dist(x, y, p=2, name=None):
    """p-norm of x - y (broadcast) over all elements; p may be 0, inf or -inf.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[3., 3.], [3., 3.]])
            >>> y = paddle.to_tensor([[3., 3.], [3., 1.]])
            >>> paddle.dist(x, y)
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   2.)
            >>> paddle.dist(x, y, float("inf"))
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   2.)
    """
    check_var(x, "paddle.dist")
    check_var(y, "paddle.dist", "y")
    if not isinstance(p, (int, float)) or isinstance(p, bool):
        raise TypeError(f"(InvalidType) dist(): argument 'p' (position 3) must be double, but got {type(p).__name__}")
    check_same_dtype(x, y, "paddle.dist")
    check_kernel_dtype(x, "dist", FLOATS)
    broadcast_shape(list(x.shape), list(y.shape), "dist")
    return apply(Dist, x, y, p=float(p))


def vecdot(x, y, axis=-1, name=None):
    """Dot products of vectors along `axis` (x conjugated when complex), with broadcasting.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1., 2.], [3., 4.]])
            >>> paddle.linalg.vecdot(x, paddle.to_tensor([1., 1.]))
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [3., 7.])
    """
    check_var(x, "paddle.linalg.vecdot")
    if isinstance(y, (numbers.Number, np.generic)):  # Paddle computes (conj(x) * y).sum(axis): a scalar y scales
        return ((x.conj() if x.dtype.is_complex else x) * y).sum(axis=axis)
    check_var(y, "paddle.linalg.vecdot", "y")
    dx, dy = x.dtype, y.dtype
    if dx is not dy and (dx.is_integer or dy.is_integer or dx.name == "bool" or dy.name == "bool"):
        raise TypeError("(InvalidType) Type promotion only support calculations between floating-point numbers and "
                        f"between complex and real numbers. But got different data type x: {dx.name}, y: {dy.name}.")
    broadcast_shape(list(x.shape), list(y.shape), "vecdot")
    if dx.is_complex:
        x = x.conj()
    return (x * y).sum(axis=axis)


_COND_P = (None, "fro", "nuc", 1, -1, 2, -2, _INF, -_INF)


def cond(x: Tensor, p: float | str | None = None, name: str | None = None) -> Tensor:
    """Condition number: s_max / s_min for p None or 2 (s_min / s_max for -2), else norm(x, p) * norm(inv(x), p).

    Args:
        x (Tensor): Square matrices (or any matrices for p=2/-2/None), batched over the leading axes.
        p (float|str|None, optional): The norm: None or 2 (largest over smallest singular value), -2, 'fro',
            'nuc', 1, -1, inf, -inf. Default: None.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Returns:
        Tensor: the condition number of each matrix.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1., 0.], [0., 4.]])
            >>> paddle.linalg.cond(x)
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   4.)
            >>> paddle.linalg.cond(x, p='fro')
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   4.25000000)
    """
    check_var(x, "paddle.linalg.cond")
    if x.ndim < 2:
        raise ValueError("input should be a matrix or batches of matrices, but the dimension of received input is "
                         f"{x.ndim}")
    if p not in _COND_P:
        raise ValueError(f"unsupported {p} for p, only supporting ('fro', 'nuc', 1, -1, 2, -2, inf, -inf) or none")
    check_kernel_dtype(x, "svd", FLOAT_COMPLEX)
    if p is None or p in (2, -2):
        s = _singular_values(x, x.ndim - 2, x.ndim - 1)
        big, small = _pnorm(s, _INF, -1, False), _pnorm(s, -_INF, -1, False)
        if 0 in x.shape[-2:]:  # no singular values: Paddle answers 0 (both norms are 0), not 0 / 0
            return big
        return small / big if p == -2 else big / small
    shape = list(x.shape)
    if shape[-1] != shape[-2]:
        raise ValueError(f"only support p is {p} when input is a square matrix or batches of square matrices")
    from .decomposition import inverse
    return matrix_norm(x, p, [-2, -1]) * matrix_norm(inverse(x), p, [-2, -1])


def _check_weights(w, name, n_obs):
    if w.ndim > 1:
        raise ValueError(f"Input({name}) only support N-D (N<=1) tensor in cov, but received shape of Input(input) "
                         f"is {w.ndim}.")
    if w.shape[0] != n_obs:
        raise ValueError(f"The number of Input({name}) should equal to x's dim[1]: {n_obs}, but received size of "
                         f"Input({name}) is {w.shape[0]}.")
    data = getattr(w, "_data", None)
    if data is not None:
        if data.size and data.min() < 0:
            raise ValueError(f"The value of Input({name}) cannot be negative, but received min of Input({name}) is "
                             f"{data.min()}.")
        if name == "fweights" and not np.all(data == np.round(data)):
            raise ValueError("Input(fweights) must be integer ")


def cov(x, rowvar=True, ddof=True, fweights=None, aweights=None, name=None):
    """Covariance matrix of the variables in the rows (columns when rowvar=False) of x.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1., 2., 3.], [4., 6., 8.]])
            >>> paddle.linalg.cov(x)
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[1., 2.],
                    [2., 4.]])
    """
    check_var(x, "paddle.linalg.cov")
    if x.ndim > 2 or x.ndim < 1:
        raise ValueError("Input(x) only support N-D (1<=N<=2) tensor in cov, but received length of Input(input) "
                         f"is {x.ndim}.")
    if not (x.dtype.is_floating or x.dtype.is_complex):
        raise TypeError("(InvalidType) Type promotion only support calculations between floating-point numbers and "
                        f"between complex and real numbers. But got different data type x: {x.dtype.name}, y: "
                        f"{_dt.get_default_dtype()}.")
    nx = x if x.ndim == 2 else x.reshape([1, -1])
    if not rowvar and nx.shape[0] != 1:
        nx = nx.transpose([1, 0])
    n_obs = nx.shape[1]
    w = None
    if fweights is not None:
        _check_weights(fweights, "fweights", n_obs)
        w = fweights.astype(nx.dtype)
    if aweights is not None:
        _check_weights(aweights, "aweights", n_obs)
        aw = aweights.astype(nx.dtype)
        w = aw if w is None else w * aw
    if w is None:
        avg = nx.sum(axis=1) / float(n_obs)
        factor = max(n_obs - int(ddof), 0)
    else:
        w_sum = w.sum()
        data = getattr(w_sum, "_data", None)
        if data is not None and float(data) == 0:
            raise ValueError("The sum of weights is zero, can't be normalized.")
        avg = (nx * w).sum(axis=1) / w_sum
        if aweights is not None and ddof:
            factor = w_sum - (w * aw).sum() / w_sum
        else:
            factor = w_sum - float(int(ddof))
        factor = factor.maximum(0.0)
    nc = nx - avg.unsqueeze(1)
    xxt = matmul(nc if w is None else nc * w, nc, transpose_y=True)
    res = xxt / (float(factor) if isinstance(factor, numbers.Number) else factor)
    return res.squeeze()


def corrcoef(x, rowvar=True, name=None):
    """Pearson correlation coefficients of the variables in the rows (columns when rowvar=False) of x.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1., 2., 3.], [3., 2., 1.]])
            >>> paddle.linalg.corrcoef(x)
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[ 1., -1.],
                    [-1.,  1.]])
    """
    check_var(x, "paddle.linalg.corrcoef")
    if x.ndim > 2 or x.ndim < 1:
        raise ValueError("Input(x) only support N-D (1<=N<=2) tensor in corrcoef, but received length of "
                         f"Input(input) is {x.ndim}.")
    check_kernel_dtype(x, "corrcoef", FLOATS)
    c = cov(x, rowvar)
    if c.ndim == 0:
        return c / c
    std = apply(Diagonal, c, offset=0, axis1=0, axis2=1) ** 0.5
    c = c / std.unsqueeze(1) / std.unsqueeze(0)
    return c.maximum(-1.0).minimum(1.0)


_CDIST_MODES = ("use_mm_for_euclid_dist_if_necessary", "use_mm_for_euclid_dist", "donot_use_mm_for_euclid_dist")


def cdist(x, y, p=2.0, compute_mode="use_mm_for_euclid_dist_if_necessary", name=None):
    """p-norm distances between the rows of x [*, P, M] and of y [*, R, M]: a [*, P, R] tensor.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[0., 0.], [3., 4.]])
            >>> paddle.cdist(x, x)
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[0., 5.],
                    [5., 0.]])
    """
    check_var(x, "paddle.cdist")
    check_var(y, "paddle.cdist", "y")
    if not isinstance(p, numbers.Real) or isinstance(p, bool):
        raise TypeError(f"The type of 'p' in paddle.cdist must be float, but received {type(p).__name__}.")
    require(p >= 0, f"The p must be greater than or equal to 0, But received p is {p}.")
    require(x.ndim >= 2, f"The x must be at least 2-dimensional, But received Input x's dimensional is {x.ndim}.")
    require(y.ndim >= 2, f"The y must be at least 2-dimensional, But received Input y's dimensional is {y.ndim}.")
    require(x.shape[-1] == y.shape[-1], "The x and y must have same last dimension, But received Input x's last "
          f"dimension is {x.shape[-1]}, Input y's last dimension is {y.shape[-1]}.")
    if compute_mode not in _CDIST_MODES:
        raise ValueError(f"The compute_mode should be '{_CDIST_MODES[0]}', '{_CDIST_MODES[1]}' or "
                         f"'{_CDIST_MODES[2]}', but received compute_mode is {compute_mode}.")
    if x.dtype is not y.dtype:
        d = _dt.promote(x.dtype, y.dtype)
        x, y = cast(x, d), cast(y, d)
    check_kernel_dtype(x, "p_norm", FLOATS)
    big = x.shape[-2] > 25 or y.shape[-2] > 25
    if p == 2 and (compute_mode == _CDIST_MODES[1] or (compute_mode == _CDIST_MODES[0] and big)):
        # |x|^2 - 2 x.y + |y|^2 by one matrix product (faster, a little less accurate)
        xx = (x * x).sum(-1, keepdim=True)
        yy = (y * y).sum(-1, keepdim=True)
        return (xx - 2 * matmul(x, y, transpose_y=True) + _swap_last(yy)).clip(min=0.0).sqrt()
    return _pnorm(x.unsqueeze(-2) - y.unsqueeze(-3), p, -1, False)


__all__ = ["norm", "dist", "vecdot", "cdist"]

METHODS = {"norm": norm, "dist": dist, "cov": cov, "corrcoef": corrcoef, "cond": cond, "cdist": cdist}
