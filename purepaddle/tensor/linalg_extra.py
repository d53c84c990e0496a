"""More public linear algebra: matrix_transpose, cdist, histogram_bin_edges, histogramdd, matrix_exp,
lu_solve, householder_product, ormqr, svd_lowrank, pca_lowrank."""
import numbers

import numpy as np

from .._core import dtype as _dt
from .._core.dispatch import apply, constant
from .._core.methods import TensorMethods
from ..ops.linalg.decomposition import MatrixExp
from ..ops.linalg.histogram import Histogramdd
from ..ops.creation.fill import Cast
from ..ops.random import GaussianRandom
from ._operand import check_var
from .creation import cast, linspace
from .linalg_decomp import lu_unpack, qr, svd, triangular_solve
from .linalg_norm import _pnorm
from .linalg_util import FLOAT_COMPLEX, FLOATS, check_kernel_dtype, check_same_dtype
from .math import matmul

_CDIST_MODES = ("use_mm_for_euclid_dist_if_necessary", "use_mm_for_euclid_dist", "donot_use_mm_for_euclid_dist")


def _swap_last(x):
    perm = list(range(x.ndim))
    perm[-1], perm[-2] = perm[-2], perm[-1]
    return x.transpose(perm)


def _conj(x):
    """Complex conjugate through framework ops (2 Re(x) - x); x itself when real."""
    if not x.dtype.is_complex:
        return x
    re = apply(Cast, x, in_dtype=x.dtype.proto, out_dtype=(_dt.float64 if x.dtype is _dt.complex128
                                                           else _dt.float32).proto)
    return cast(re, x.dtype) * 2 - x


def _adjoint(x):
    return _conj(_swap_last(x))


def _fail(cond, msg, exc=AssertionError):
    if not cond:
        raise exc(msg)


def matrix_transpose(x, name=None):
    """x with its last two dimensions swapped.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.matrix_transpose(paddle.ones([2, 3, 5])).shape
            paddle.Size([2, 5, 3])
    """
    check_var(x, "paddle.matrix_transpose")
    _fail(x.ndim >= 2, f"Tensor.ndim({x.ndim}) is required to be greater than or equal to 2.", ValueError)
    return _swap_last(x)


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
    _fail(p >= 0, f"The p must be greater than or equal to 0, But received p is {p}.")
    _fail(x.ndim >= 2, f"The x must be at least 2-dimensional, But received Input x's dimensional is {x.ndim}.")
    _fail(y.ndim >= 2, f"The y must be at least 2-dimensional, But received Input y's dimensional is {y.ndim}.")
    _fail(x.shape[-1] == y.shape[-1], "The x and y must have same last dimension, But received Input x's last "
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


def _range_ends(x, lo, hi, d):
    """0-D tensors (lo, hi) of dtype d, widened by 0.5 each way when equal (the data's range when lo == hi == 0)."""
    if lo == 0 and hi == 0:
        xd = cast(x, d)
        lo, hi = xd.min(), xd.max()
        eq = cast(lo == hi, d) * 0.5
        return lo - eq, hi + eq
    if lo == hi:
        lo, hi = lo - 0.5, hi + 0.5
    return lo, hi


def histogram_bin_edges(input, bins=100, min=0.0, max=0.0, name=None):  # noqa: A002 (Paddle's names)
    """The bins + 1 edges paddle.histogram would use: [min, max], or the data's range when both are 0.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.histogram_bin_edges(paddle.to_tensor([1, 2, 1]), bins=4, min=0, max=3)
            Tensor(shape=[5], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.        , 0.75000000, 1.50000000, 2.25000000, 3.        ])
    """
    check_var(input, "paddle.histogram_bin_edges", "input")
    if not isinstance(bins, (int, np.integer)) or isinstance(bins, bool):
        raise TypeError(f"The type of 'bins' in paddle.histogram_bin_edges must be int, but received "
                        f"{type(bins).__name__}.")
    for v, arg in ((min, "min"), (max, "max")):
        if not isinstance(v, numbers.Real):
            raise TypeError(f"The type of '{arg}' in paddle.histogram_bin_edges must be float or int, but "
                            f"received {type(v).__name__}.")
    if max < min:
        raise ValueError("max must be larger than min in range parameter")
    d = _dt.default_float()
    lo, hi = _range_ends(input, float(min), float(max), d)
    return linspace(lo, hi, int(bins) + 1, dtype=d)


def histogramdd(x, bins=10, ranges=None, density=False, weights=None, name=None):
    """D-dimensional histogram of the rows of x [..., D]: (hist, list of D bin-edge tensors).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[0., 0.], [1., 1.], [2., 2.]])
            >>> hist, edges = paddle.histogramdd(x, bins=2)
            >>> hist
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[1., 0.],
                    [0., 2.]])
    """
    check_var(x, "paddle.histogramdd")
    _fail(x.ndim >= 2, "input x must be a tensor with at least 2 dimensions.")
    dims = x.shape[-1]
    if isinstance(bins, (int, np.integer)) and not isinstance(bins, bool):
        bins = [int(bins)] * dims
    elif isinstance(bins, (list, tuple)):
        _fail(len(bins) == dims, f"The length of bins must be {dims} when bins is a list.")
        for i, b in enumerate(bins):
            if isinstance(b, bool) or not isinstance(b, (int, np.integer, TensorMethods)):
                raise ValueError(f"The type of {i}-th element in bins list must be int.")
    else:
        raise TypeError(f"The type of 'bins' in paddle.histogramdd must be int, list of int or list of Tensor, but "
                        f"received {type(bins).__name__}.")
    if ranges is not None:
        _fail(len(ranges) == 2 * dims, f"The length of ranges list must be {2 * dims}")
    if weights is not None:
        check_var(weights, "paddle.histogramdd", "weights")
        _fail(weights.dtype is x.dtype, "The dtype of weights must be the same as x.")
        _fail(list(weights.shape) == list(x.shape[:-1]), "The shape of weights must be the same as x's except its "
              f"last dimension, but received {list(weights.shape)} and {list(x.shape)}.")
        weights = weights.reshape([-1])
    flat = x.reshape([-1, dims])
    edges = []
    for k, b in enumerate(bins):
        if isinstance(b, TensorMethods):
            edges.append(cast(b.reshape([-1]), x.dtype))
            continue
        if ranges is not None:
            lo, hi = float(ranges[2 * k]), float(ranges[2 * k + 1])
        else:
            col = flat[:, k]
            lo, hi = col.min(), col.max()
        edges.append(linspace(lo, hi, int(b) + 1, dtype=x.dtype))
    sizes = [e.shape[0] - 1 if isinstance(b, TensorMethods) else int(b) for b, e in zip(bins, edges)]
    hist = apply(Histogramdd, flat, weights, edges, density=bool(density), bins=sizes)
    return hist, edges


def matrix_exp(x, name=None):
    """The matrix exponential of each square matrix in x (scaling and squaring with Pade approximants).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.linalg.matrix_exp(paddle.to_tensor([[0., 1.], [0., 0.]]))
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[1., 1.],
                    [0., 1.]])
    """
    check_var(x, "paddle.linalg.matrix_exp")
    _fail(x.dtype.name in ("float32", "float64"),
          f"The input tensor's dtype must be float32 or float64, but got {x.dtype.name}", ValueError)
    _fail(x.ndim >= 2, "The input tensor must be at least two-dimensional", ValueError)
    _fail(x.shape[-1] == x.shape[-2], "Last 2 dimensions of the tensor must be square", ValueError)
    return apply(MatrixExp, x)


def lu_solve(b, lu, pivots, trans="N", name=None):
    """Solve A x = b (trans 'N'), A^T x = b ('T') or A^H x = b ('C') from lu()'s factors of A.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> A = paddle.to_tensor([[3., 1.], [1., 2.]], dtype='float64')
            >>> lu, p = paddle.linalg.lu(A)
            >>> paddle.linalg.lu_solve(paddle.to_tensor([[9.], [8.]], dtype='float64'), lu, p)
            Tensor(shape=[2, 1], dtype=float64, place=Place(cpu), stop_gradient=True,
                   [[2.],
                    [3.]])
    """
    api = "paddle.linalg.lu_solve"
    for v, arg in ((b, "b"), (lu, "lu"), (pivots, "pivots")):
        check_var(v, api, arg)
    _fail(b.ndim >= 2, f"`b` dimension must be greater than 2, but got {b.ndim}", ValueError)
    _fail(lu.ndim >= 2, f"`lu` dimension must be greater than 2, but got {lu.ndim}", ValueError)
    _fail(lu.shape[-1] == lu.shape[-2], f"`lu` must be a batch of square matrices, but got shape {list(lu.shape)}",
          ValueError)
    _fail(b.shape[-2] == lu.shape[-1], f"The number of rows of `b` ({b.shape[-2]}) must equal the order of `lu` "
          f"({lu.shape[-1]}).", ValueError)
    if trans not in ("N", "T", "C"):
        raise ValueError(f"trans must be one of 'N', 'T', 'C', but received {trans!r}")
    check_same_dtype(lu, b, api)
    check_kernel_dtype(lu, "lu_solve", FLOATS)
    perm = lu_unpack(lu, pivots, unpack_ludata=False)[0]
    if trans == "N":  # A = P L U:  x = U^-1 L^-1 P^T b
        z = triangular_solve(lu, matmul(perm, b, transpose_x=True), upper=False, unitriangular=True)
        return triangular_solve(lu, z, upper=True)
    z = triangular_solve(lu, b, upper=True, transpose=True)  # A^T = U^T L^T P^T
    return matmul(perm, triangular_solve(lu, z, upper=False, transpose=True, unitriangular=True))


def _reflect(x, tau, q):
    """H_0 H_1 ... H_{k-1} q for the Householder reflectors H_i = I - tau_i v_i v_i^H stored below x's diagonal."""
    m = x.shape[-2]
    npd = x.dtype.np_dtype
    rows = np.arange(m)
    for i in reversed(range(tau.shape[-1])):
        below = constant((rows > i).astype(npd))
        unit = constant((rows == i).astype(npd))
        v = (x[..., :, i] * below + unit).unsqueeze(-1)
        w = (_conj(v) * q).sum(-2, keepdim=True)
        q = q - tau[..., i:i + 1].unsqueeze(-1) * v * w
    return q


def _check_reflectors(x, tau, api):
    check_var(x, api)
    check_var(tau, api, "tau")
    check_kernel_dtype(x, api.rsplit(".", 1)[-1], FLOAT_COMPLEX)


def householder_product(x, tau, name=None):
    """The first n columns of the product of Householder reflectors stored in x [*, m, n] with scales tau [*, k].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1., 0.], [0.5, 1.], [0., 0.5]])
            >>> paddle.linalg.householder_product(x, paddle.to_tensor([0., 0.]))
            Tensor(shape=[3, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[1., 0.],
                    [0., 1.],
                    [0., 0.]])
    """
    _check_reflectors(x, tau, "paddle.linalg.householder_product")
    _fail(x.ndim >= 2 and tau.ndim == x.ndim - 1, "The input x must have more than 2 dimensions, and input tau must "
          "have more than 1 dimension, and the dimension of x is 1 larger than the dimension of tau")
    _fail(list(x.shape[:-2]) == list(tau.shape[:-1]), "The batch dimensions of x and tau must be the same, but "
          f"received {list(x.shape)} and {list(tau.shape)}.")
    m, n = x.shape[-2], x.shape[-1]
    _fail(m >= n, "The rows of input x must be greater than or equal to the columns of input x.")
    _fail(tau.shape[-1] <= n, "The last dim of x must be greater than tau.")
    _fail(x.dtype is tau.dtype, "The input x must have the same dtype with input tau.")
    return _reflect(x, tau, constant(np.eye(m, n, dtype=x.dtype.np_dtype)))


def ormqr(x, tau, y, left=True, transpose=False, name=None):
    """Q @ y (left) or y @ Q, Q^H when transpose, for Q = H_0 ... H_{k-1} from x [*, mn, k] and tau [*, k].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1., 0.], [1., 1.]])
            >>> y = paddle.to_tensor([[1., 2.], [3., 4.]])
            >>> paddle.linalg.ormqr(x, paddle.to_tensor([1., 0.]), y)
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[-3., -4.],
                    [-1., -2.]])
    """
    _check_reflectors(x, tau, "paddle.linalg.ormqr")
    check_var(y, "paddle.linalg.ormqr", "y")
    _fail(x.dtype is tau.dtype and x.dtype is y.dtype, "The input tau and y must have the same dtype with the x.")
    _fail(x.ndim >= 2 and y.ndim >= 2 and tau.ndim == x.ndim - 1, "x and y must have at least 2 dimensions and tau "
          "exactly one less than x.")
    mn = x.shape[-2]
    _fail(tau.shape[-1] <= min(x.shape[-2], x.shape[-1]), "The innermost dimension of tau must not exceed "
          f"min(x.shape[-2], x.shape[-1]), but received {tau.shape[-1]} for x of shape {list(x.shape)}.")
    if left:
        _fail(y.shape[-2] == mn, "The row dimension of x and the row dimension of y should be the same")
    else:
        _fail(y.shape[-1] == mn, "The row dimension of x and the column dimension of y should be the same")
    q = _reflect(x, tau, constant(np.eye(mn, dtype=x.dtype.np_dtype)))
    if transpose:
        q = _adjoint(q)
    return matmul(q, y) if left else matmul(y, q)


def _check_q(q, m, n):
    _fail(isinstance(q, (int, np.integer)) and not isinstance(q, bool) and 0 <= q <= min(m, n),
          f"q(={q}) must be non-negative integer and not greater than min(m, n)={min(m, n)}", ValueError)


def _approx_basis(a, q, niter):
    """An orthonormal basis of (approximately) a's range from q random probes and niter power iterations."""
    probe = apply(GaussianRandom, shape=list(a.shape[:-2]) + [a.shape[-1], q], mean=0.0, std=1.0, seed=0,
                  dtype=a.dtype.proto)
    basis = qr(matmul(a, probe))[0]
    ah = _adjoint(a)
    for _ in range(niter):
        basis = qr(matmul(ah, basis))[0]
        basis = qr(matmul(a, basis))[0]
    return basis


def svd_lowrank(x, q=None, niter=2, M=None, name=None):
    """Randomized rank-q SVD of x (minus M when given): (U [*, m, q], S [*, q], V [*, n, q]).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[2., 0.], [0., 1.], [0., 0.]], dtype='float64')
            >>> U, S, V = paddle.linalg.svd_lowrank(x)
            >>> [round(s, 6) for s in S.tolist()]
            [2.0, 1.0]
    """
    check_var(x, "paddle.linalg.svd_lowrank")
    _fail(x.ndim >= 2, f"The input of svd_lowrank must have at least 2 dimensions, but got {x.ndim}", ValueError)
    check_kernel_dtype(x, "svd_lowrank", FLOAT_COMPLEX)
    m, n = x.shape[-2], x.shape[-1]
    q = min(6, m, n) if q is None else q
    _check_q(q, m, n)
    if not isinstance(niter, (int, np.integer)) or isinstance(niter, bool) or niter < 0:
        raise ValueError(f"niter(={niter}) must be a non-negative integer")
    a = x if M is None else x - M
    if m < n:
        v, s, u = _lowrank(_adjoint(a), q, niter)
        return u, s, v
    return _lowrank(a, q, niter)


def _lowrank(a, q, niter):
    basis = _approx_basis(a, q, niter)
    u, s, vh = svd(matmul(_adjoint(basis), a), full_matrices=False)
    return matmul(basis, u), s, _adjoint(vh)


def pca_lowrank(x, q=None, center=True, niter=2, name=None):
    """Randomized PCA: svd_lowrank of x centred over its rows (dim -2) when `center`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1., 0.], [-1., 0.], [0., 0.5], [0., -0.5]], dtype='float64')
            >>> U, S, V = paddle.linalg.pca_lowrank(x)
            >>> [round(s, 6) for s in S.tolist()]
            [1.414214, 0.707107]
    """
    check_var(x, "paddle.linalg.pca_lowrank")
    _fail(x.ndim >= 2, f"The input of pca_lowrank must have at least 2 dimensions, but got {x.ndim}", ValueError)
    m, n = x.shape[-2], x.shape[-1]
    q = min(6, m, n) if q is None else q
    _check_q(q, m, n)
    return svd_lowrank(x - x.mean(-2, keepdim=True) if center else x, q, niter)


__all__ = ["matrix_transpose", "cdist", "histogram_bin_edges", "histogramdd"]

METHODS = {"matrix_transpose": matrix_transpose, "cdist": cdist, "histogram_bin_edges": histogram_bin_edges,
           "histogramdd": histogramdd, "svd_lowrank": svd_lowrank, "pca_lowrank": pca_lowrank,
           "householder_product": householder_product, "ormqr": ormqr}
