"""Inverses, solves, decompositions and matrix functions (paddle.linalg.inv, det, solve, cholesky, qr,
svd, eigh, lu, lu_solve, householder_product, ormqr, svd_lowrank, pca_lowrank, matrix_exp, ...)."""
import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import apply, constant, constant as _const, known_value
from ..._core.methods import TensorMethods
from ...ops.creation.fill import Cast
from ...ops.linalg import decomposition as D
from ...ops.linalg.decomposition import (Cholesky, CholeskySolve, Determinant, Inverse, MatrixExp, SlogDeterminant,
                                         Solve, TriangularSolve)
from ...ops.linalg.norms import PNorm
from ...ops.linalg.product import mT
from ...ops.random import GaussianRandom
from .._check import FLOATS, FLOAT_COMPLEX, check_kernel_dtype, check_same_dtype, check_var, require, set_out_values
from ..creation.fill import cast
from .product import _swap_last, matmul


def _dims(x):
    return list(x.shape)


def _nonsquare(s):
    return s[-1] != s[-2] and s[-1] >= 0 and s[-2] >= 0


def inverse(x, name=None):
    """Inverse of a square matrix or of a batch of them.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.linalg.inv(paddle.to_tensor([[2., 0.], [0., 4.]]))
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[0.50000000, 0.        ],
                    [0.        , 0.25000000]])
    """
    check_var(x, "paddle.linalg.inv")
    s = _dims(x)
    if len(s) < 2:
        raise ValueError("(InvalidArgument) The dimension of Input(Input) is expected to be no less than 2. But "
                         f"received: Input(Input)'s dimension = {len(s)}, shape = {s}.")
    if _nonsquare(s):
        raise ValueError("(InvalidArgument) The last two dimensions are expected to be equal. But received: "
                         f"{s[-2]} and {s[-1]}; Input(Input)'s shape = {s}.")
    check_kernel_dtype(x, "inverse")
    return apply(Inverse, x)


inv = inverse


def _det_checks(x, api, kernel):
    check_var(x, api)
    s = _dims(x)
    if len(s) < 2:
        raise ValueError("(InvalidArgument) the input matrix dimension size should greater than 2.")
    if _nonsquare(s):
        raise ValueError(f"(InvalidArgument) the input matrix should be square matrix (received shape {s}).")
    check_kernel_dtype(x, kernel)


def det(x, name=None):
    """Determinant of a square matrix or of a batch of them.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.linalg.det(paddle.to_tensor([[2., 1.], [0., 3.]]))
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   6.)
    """
    _det_checks(x, "paddle.linalg.det", "determinant")
    return apply(Determinant, x)


def slogdet(x, name=None):
    """Sign and log|det| of square matrices, stacked into one tensor of shape [2, *batch].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.linalg.slogdet(paddle.to_tensor([[2., 1.], [0., -3.]]))
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-1.       , 1.79175949])
    """
    _det_checks(x, "paddle.linalg.slogdet", "slogdet")
    return apply(SlogDeterminant, x)


def solve(x, y, left=True, name=None, *, out=None):
    """Solve x @ out = y (out @ x = y when left=False); y is a vector when 1-D, batch dims broadcast.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[3., 1.], [1., 2.]])
            >>> paddle.linalg.solve(x, paddle.to_tensor([9., 8.]))
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [2., 3.])
    """
    check_var(x, "paddle.linalg.solve")
    check_var(y, "paddle.linalg.solve", "y")
    s, ys = _dims(x), _dims(y)
    if len(s) < 2:
        raise ValueError("(InvalidArgument) The input tensor X's dimensions of SolveOp should be larger than 1. But "
                         f"received X's dimensions = {len(s)}, X's shape = {s}")
    if _nonsquare(s):
        raise ValueError("(InvalidArgument) The inner-most 2 dimensions of Input(X) all should be square matrices "
                         f"But received X's shape[-2] = {s[-2]} and shape[-1] = {s[-1]}.")
    check_same_dtype(x, y, "paddle.linalg.solve")
    check_kernel_dtype(x, "solve", FLOATS)
    if not left:
        if len(ys) < 2:
            raise ValueError(f"(InvalidArgument) paddle.linalg.solve with left=False needs a matrix y, but received "
                             f"shape {ys}")
        res = mT(apply(Solve, mT(x), mT(y)))
    else:
        rows = ys[0] if len(ys) == 1 else ys[-2]
        if rows != s[-1] and rows >= 0 and s[-1] >= 0:
            raise ValueError("(InvalidArgument) The matrix X's width must be equal with matrix Y's height. But "
                             f"received X's shape = {s}, X's width = {s[-1]}; Y's shape = {ys}, Y's height = {rows}.")
        res = apply(Solve, x, y)
    return set_out_values(res, out)


def triangular_solve(x, y, upper=True, transpose=False, unitriangular=False, name=None):
    """Solve op(x) @ out = y for a triangular x (upper by default; transpose applies x^T first).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1., 1., 1.], [0., 2., 1.], [0., 0., -1.]])
            >>> y = paddle.to_tensor([[0.], [-9.], [5.]])
            >>> paddle.linalg.triangular_solve(x, y)
            Tensor(shape=[3, 1], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[ 7.],
                    [-2.],
                    [-5.]])
    """
    check_var(x, "paddle.linalg.triangular_solve")
    check_var(y, "paddle.linalg.triangular_solve", "y")
    s, ys = _dims(x), _dims(y)
    for arg, sh in (("X", s), ("Y", ys)):
        if len(sh) < 2:
            raise ValueError(f"(InvalidArgument) The input tensor {arg}'s dimensions of TriangularSolveOp should be "
                             f">= 2. But received {arg}'s dimensions = {len(sh)}, {arg}'s shape = {sh}")
    if _nonsquare(s):
        raise ValueError("(InvalidArgument) The inner-most 2 dimensions of Input(X) all should be square matrices "
                         f"But received X's shape[-2] = {s[-2]} and shape[-1] = {s[-1]}.")
    if ys[-2] != s[-1] and ys[-2] >= 0 and s[-1] >= 0:
        raise ValueError(f"(InvalidArgument) The height of Input(Y) of TriangularSolveOp must equal the order of "
                         f"Input(X), but received X's shape = {s} and Y's shape = {ys}.")
    check_same_dtype(x, y, "paddle.linalg.triangular_solve")
    check_kernel_dtype(x, "triangular_solve")
    return apply(TriangularSolve, x, y, upper=bool(upper), transpose=bool(transpose),
                 unitriangular=bool(unitriangular))


def cholesky(x, upper=False, name=None):
    """Cholesky factor of symmetric positive-definite matrices: lower L (x = L L^T), or upper U.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.linalg.cholesky(paddle.to_tensor([[4., 2.], [2., 5.]]))
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[2., 0.],
                    [1., 2.]])
    """
    check_var(x, "paddle.linalg.cholesky")
    s = _dims(x)
    if len(s) < 2 or _nonsquare(s):
        raise AssertionError("Shape must have at least 2 dimensions and last two dimensions must be equal.")
    check_kernel_dtype(x, "cholesky", FLOATS)
    return apply(Cholesky, x, upper=bool(upper))


def cholesky_solve(x, y, upper=False, name=None):
    """Solve A @ out = x given the Cholesky factor y of A (lower by default, upper when upper=True).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> u = paddle.to_tensor([[1., 1., 1.], [0., 2., 1.], [0., 0., -1.]])
            >>> b = paddle.to_tensor([[0.], [-9.], [5.]])
            >>> paddle.linalg.cholesky_solve(b, u, upper=True)
            Tensor(shape=[3, 1], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[-2.50000000],
                    [-7.        ],
                    [ 9.50000000]])
    """
    check_var(x, "paddle.linalg.cholesky_solve")
    check_var(y, "paddle.linalg.cholesky_solve", "y")
    s, ys = _dims(x), _dims(y)
    if len(ys) < 2 or _nonsquare(ys):
        raise ValueError("(InvalidArgument) input Matrix Y should be square matrix,But Got last shape of "
                         f"{' x '.join(str(d) for d in ys[-2:])}")
    if len(s) < 2 or (s[-2] != ys[-2] and s[-2] >= 0 and ys[-2] >= 0):
        raise ValueError("(InvalidArgument) the first dim of Matrix X must be equal to the first dim of Matrix Y,"
                         f"But Got {s[-2] if len(s) >= 2 else s} and {ys[-2]}")
    check_same_dtype(x, y, "paddle.linalg.cholesky_solve")
    check_kernel_dtype(x, "cholesky_solve")
    return apply(CholeskySolve, x, y, upper=bool(upper))


def cholesky_inverse(x, upper=False, name=None):
    """Inverse of A from its Cholesky factor x: inv(x @ x^T), or inv(x^T @ x) when upper=True.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.linalg.cholesky_inverse(paddle.to_tensor([[2., 0.], [0., 4.]]))
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[0.25000000, 0.        ],
                    [0.        , 0.06250000]])
    """
    check_var(x, "paddle.linalg.cholesky_inverse")
    if x.ndim != 2:
        raise ValueError("The input tensor must be 2-dimensional")
    if _nonsquare(_dims(x)):
        raise ValueError("The input tensor must be square matrix")
    check_kernel_dtype(x, "inverse")
    a = matmul(x, x, transpose_x=True) if upper else matmul(x, x, transpose_y=True)
    return apply(Inverse, a)


def _rank2(x, api, kernel, msg="(InvalidArgument) the rank of input must greater than 2"):
    check_var(x, api)
    if x.ndim < 2:
        raise ValueError(msg)
    check_kernel_dtype(x, kernel)


def qr(x, mode="reduced", name=None):
    """QR decomposition: (Q, R) for mode 'reduced' or 'complete'; R alone for mode 'r'.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> q, r = paddle.linalg.qr(paddle.to_tensor([[3., 0.], [4., 5.]]))
            >>> r
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[-5., -4.],
                    [ 0.,  3.]])
    """
    _rank2(x, "paddle.linalg.qr", "qr")
    if mode not in ("reduced", "complete", "r"):
        raise ValueError(f"(InvalidArgument) QR received unrecognized mode '{mode}' but expected one of 'reduced' "
                         "(default), 'r', or 'complete'")
    if mode == "r":
        # R's gradient needs Q: compute it whenever a gradient may flow
        q, r = apply(D.Qr, x, mode="r" if x.stop_gradient else "reduced")
        return r
    return apply(D.Qr, x, mode=mode)


def svd(x, full_matrices=False, name=None, *, out=None):
    """Singular value decomposition x = U diag(S) VH, singular values in descending order.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> u, s, vh = paddle.linalg.svd(paddle.to_tensor([[3., 0.], [0., -4.]]))
            >>> s
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [4., 3.])
    """
    _rank2(x, "paddle.linalg.svd", "svd")
    return set_out_values(apply(D.Svd, x, full_matrices=bool(full_matrices)), out)


def svdvals(x, name=None):
    """Singular values of x in descending order.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.linalg.svdvals(paddle.to_tensor([[3., 0.], [0., -4.]]))
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [4., 3.])
    """
    _rank2(x, "paddle.linalg.svdvals", "svd")
    return apply(D.Svd, x, full_matrices=False)[1]


def _uplo(uplo):
    if uplo not in ("L", "U"):
        raise ValueError(f"UPLO must be L or U. But received UPLO is: {uplo}")


def eigh(x, UPLO="L", name=None):
    """Eigenvalues (ascending) and eigenvectors of symmetric matrices, read from the UPLO triangle.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> w, v = paddle.linalg.eigh(paddle.to_tensor([[2., 1.], [1., 2.]]))
            >>> w
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [1., 3.])
    """
    check_var(x, "paddle.linalg.eigh")
    s = _dims(x)
    if len(s) < 2:
        raise ValueError(f"Input(input) only support >=2 tensor, but received length of Input(input) is {len(s)}.")
    if _nonsquare(s):
        raise ValueError(f"The input matrix must be batches of square matrices. But received x's dimension: {s}")
    _uplo(UPLO)
    check_kernel_dtype(x, "eigh")
    return apply(D.Eigh, x, UPLO=UPLO)


def eigvalsh(x, UPLO="L", name=None):
    """Eigenvalues (ascending) of symmetric matrices, read from the UPLO triangle.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.linalg.eigvalsh(paddle.to_tensor([[2., 1.], [1., 2.]]))
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [1., 3.])
    """
    check_var(x, "paddle.linalg.eigvalsh")
    s = _dims(x)
    if len(s) < 2 or _nonsquare(s):
        raise ValueError("(InvalidArgument) Eigvalsh op is designed for square matrix, consequently inner-most 2 "
                         f"dimensions of Input(X) should be symmetric. But received X's shape = {s}.")
    _uplo(UPLO)
    check_kernel_dtype(x, "eigvalsh")
    return apply(D.Eigvalsh, x, UPLO=UPLO, is_test=bool(x.stop_gradient))[0]


def eig(x, name=None):
    """Eigenvalues and eigenvectors of general square matrices, as complex tensors (no gradient).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> w, v = paddle.linalg.eig(paddle.to_tensor([[2., 0.], [0., 3.]]))
            >>> w
            Tensor(shape=[2], dtype=complex64, place=Place(cpu), stop_gradient=True,
                   [(2.00000000+0.00000000j), (3.00000000+0.00000000j)])
    """
    check_var(x, "paddle.linalg.eig")
    s = _dims(x)
    if len(s) < 2:
        raise ValueError("(InvalidArgument) Expects input tensor x to be not less than 2 dimensions, but got "
                         f"dimension {len(s)}")
    if _nonsquare(s):
        raise ValueError("(InvalidArgument) The input matrix must be a square matrix, but receive a matrix with "
                         f"{s[-2]} rows and {s[-1]} columns")
    check_kernel_dtype(x, "eig")
    return apply(D.Eig, x)


def eigvals(x, name=None):
    """Eigenvalues of general square matrices, as a complex tensor (no gradient).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.linalg.eigvals(paddle.to_tensor([[2., 0.], [0., 3.]]))
            Tensor(shape=[2], dtype=complex64, place=Place(cpu), stop_gradient=True,
                   [(2.00000000+0.00000000j), (3.00000000+0.00000000j)])
    """
    check_var(x, "paddle.linalg.eigvals")
    s = _dims(x)
    if len(s) < 2:
        raise ValueError(f"The dimension of Input(x) should be at least 2, but received x's dimension = {len(s)}, "
                         f"x's shape = {s}")
    if _nonsquare(s):
        raise ValueError(f"The last two dimensions of Input(x) should be equal, but received x's shape = {s}")
    check_kernel_dtype(x, "eigvals")
    return apply(D.Eigvals, x)


def _inv_masked(s, cutoff):
    """1/s where s > cutoff, else 0 (the mask carries no gradient)."""
    mask = (s > cutoff).astype(s.dtype)
    return mask / (s + (1.0 - mask))


def pinv(x, rcond=1e-15, hermitian=False, name=None):
    """Moore-Penrose pseudo-inverse through the SVD (eigh when hermitian); tiny singular values are dropped.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.linalg.pinv(paddle.to_tensor([[1., 0.], [0., 2.], [0., 0.]]))
            Tensor(shape=[2, 3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[1.        , 0.        , 0.        ],
                    [0.        , 0.50000000, 0.        ]])
    """
    if not hermitian:
        _rank2(x, "paddle.linalg.pinv", "svd")
        u, s, vh = apply(D.Svd, x, full_matrices=False)
        smax = apply(PNorm, s.detach(), porder=float("inf"), axis=-1, epsilon=1e-12, keepdim=True, asvector=False)
        inv_s = _inv_masked(s, smax * rcond)
        if x.dtype.is_complex:  # V S^+ U^H: Paddle transposes without conjugating, which is no pseudo-inverse
            vh, u = vh.conj(), u.conj()
        return matmul(vh * inv_s.unsqueeze(-1), u, transpose_x=True, transpose_y=True)
    _rank2(x, "paddle.linalg.pinv", "eigh")
    w, v = apply(D.Eigh, x, UPLO="L")
    wd = w.detach()
    wmax = apply(PNorm, wd, porder=float("inf"), axis=-1, epsilon=1e-12, keepdim=True, asvector=False)
    mask = (wd * wd > (wmax * rcond) ** 2).astype(w.dtype)
    inv_w = mask / (w + (1.0 - mask))
    return matmul(v * inv_w.unsqueeze(-2), v.conj() if x.dtype.is_complex else v, transpose_y=True)


def matrix_power(x, n, name=None):
    """x raised to the integer power n (n < 0 uses the inverse, n = 0 gives identity matrices).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1., 2.], [3., 4.]])
            >>> paddle.linalg.matrix_power(x, 2)
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[7. , 10.],
                    [15., 22.]])
    """
    check_var(x, "paddle.linalg.matrix_power")
    if not isinstance(n, (int, np.integer)) or isinstance(n, bool):
        raise TypeError(f"(InvalidType) matrix_power(): argument 'n' (position 2) must be int, but got "
                        f"{type(n).__name__}")
    s = _dims(x)
    if len(s) < 2:
        raise ValueError("(InvalidArgument) The Input(X) should have at least 2 dimensions. But received a "
                         f"{len(s)} dimension tensor.")
    if _nonsquare(s):
        raise ValueError("(InvalidArgument) The inner-most 2 dimensions of Input(X) all should be square matrices "
                         f"But received X's shape[-2] = {s[-2]} and shape[-1] = {s[-1]}.")
    check_kernel_dtype(x, "matrix_power")
    return apply(D.MatrixPower, x, n=int(n))


def matrix_rank(x, tol=None, hermitian=False, atol=None, rtol=None, name=None):
    """Numerical rank: singular values above tol (default max(s) * max(m, n) * eps), or above max(atol, rtol*max(s)).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.linalg.matrix_rank(paddle.to_tensor([[1., 2.], [2., 4.]]))
            Tensor(shape=[], dtype=int64, place=Place(cpu), stop_gradient=True,
                   1)
    """
    check_var(x, "paddle.linalg.matrix_rank")
    if tol is not None and (atol is not None or rtol is not None):
        raise ValueError("Only support to use tol alone or use atol and rtol without tol.")
    if x.ndim < 2:
        raise ValueError("(InvalidArgument) The dims of input must be greater than 2.")
    check_kernel_dtype(x, "matrix_rank")
    real = x.dtype.np_dtype if not x.dtype.is_complex else np.dtype(x.dtype.np_dtype.char.lower())
    if atol is not None or rtol is not None:
        def as_t(v):
            return v if isinstance(v, TensorMethods) else _const(np.asarray(v, dtype=real))
        return apply(D.MatrixRankAtolRtol, x, as_t(0.0 if atol is None else atol),
                     None if rtol is None else as_t(rtol), hermitian=bool(hermitian))
    if tol is None:
        return apply(D.MatrixRank, x, None, tol=0.0, hermitian=bool(hermitian), use_default_tol=True)
    if not isinstance(tol, (int, float)):
        return apply(D.MatrixRank, x, tol, tol=0.0, hermitian=bool(hermitian), use_default_tol=False)
    return apply(D.MatrixRank, x, None, tol=float(tol), hermitian=bool(hermitian), use_default_tol=False)


def lstsq(x, y, rcond=None, driver=None, name=None):
    """Least-squares solution of x @ solution = y: (solution, residuals, rank, singular_values) per driver.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1., 0.], [0., 1.], [0., 0.]])
            >>> y = paddle.to_tensor([[1.], [2.], [3.]])
            >>> sol, res, rank, sv = paddle.linalg.lstsq(x, y)
            >>> sol
            Tensor(shape=[2, 1], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[1.],
                    [2.]])
    """
    check_var(x, "paddle.linalg.lstsq")
    check_var(y, "paddle.linalg.lstsq", "y")
    if driver not in (None, "gels", "gelss", "gelsd", "gelsy"):
        raise ValueError("Only support valid driver is 'gels', 'gelss', 'gelsd', 'gelsy' or None for CPU inputs. "
                         f"But got {driver}")
    driver = "gelsy" if driver is None else driver
    if x.dtype is not y.dtype or x.dtype.name not in ("float32", "float64"):
        raise ValueError("Only support x and y have the same dtype such as 'float32' and 'float64'.")
    if x.ndim < 2:
        raise ValueError(f"The shape of x should be (*, M, N), but received ndim is [{x.ndim} < 2]")
    if y.ndim < 2:
        raise ValueError(f"The shape of y should be (*, M, K), but received ndim is [{y.ndim} < 2]")
    if x.shape[-2] != y.shape[-2]:
        raise ValueError(f"x with shape (*, M = {x.shape[-2]}, N) and y with shape (*, M = {y.shape[-2]}, K) should "
                         "have same M.")
    if rcond is None:
        rcond = (1e-7 if x.dtype.name == "float32" else 1e-15) * max(x.shape[-2], x.shape[-1])
    return apply(D.Lstsq, x, y, rcond=float(rcond), driver=driver)


def lu(x, pivot=True, get_infos=False, name=None):
    """LU factorisation with partial pivoting: packed LU and 1-based int32 pivots (and infos when asked).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> lu, p = paddle.linalg.lu(paddle.to_tensor([[1., 2.], [3., 4.]]))
            >>> p
            Tensor(shape=[2], dtype=int32, place=Place(cpu), stop_gradient=True,
                   [2, 2])
    """
    check_var(x, "paddle.linalg.lu")
    if x.ndim < 2:
        raise ValueError("(InvalidArgument) The rank of input must greater than 2.")
    check_kernel_dtype(x, "lu")
    out, piv, info = apply(D.Lu, x, pivots=bool(pivot))
    return (out, piv, info) if get_infos else (out, piv)


def lu_unpack(x, y, unpack_ludata=True, unpack_pivots=True, name=None):
    """Permutation P, unit-lower L and upper U from lu()'s packed result, so that A = P @ L @ U.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> lu, p = paddle.linalg.lu(paddle.to_tensor([[1., 2.], [3., 4.]]))
            >>> P, L, U = paddle.linalg.lu_unpack(lu, p)
            >>> P
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[0., 1.],
                    [1., 0.]])
    """
    check_var(x, "paddle.linalg.lu_unpack")
    check_var(y, "paddle.linalg.lu_unpack", "y")
    return apply(D.LuUnpack, x, y, unpack_ludata=bool(unpack_ludata), unpack_pivots=bool(unpack_pivots))


def _conj(x):
    """Complex conjugate through framework ops (2 Re(x) - x); x itself when real."""
    if not x.dtype.is_complex:
        return x
    re = apply(Cast, x, in_dtype=x.dtype.proto, out_dtype=(_dt.float64 if x.dtype is _dt.complex128
                                                           else _dt.float32).proto)
    return cast(re, x.dtype) * 2 - x


def _adjoint(x):
    return _conj(_swap_last(x))


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
    require(x.dtype.name in ("float32", "float64"),
          f"The input tensor's dtype must be float32 or float64, but got {x.dtype.name}", ValueError)
    require(x.ndim >= 2, "The input tensor must be at least two-dimensional", ValueError)
    require(x.shape[-1] == x.shape[-2], "Last 2 dimensions of the tensor must be square", ValueError)
    if x.shape[-1] != 1 and known_value(x) is not None and x.size:
        a = np.abs(known_value(x))
        if not np.isfinite(a.sum(axis=-2).max()):
            # Paddle: when the largest column sum of |x| over the whole batch is not finite, every result is NaN,
            # a new tensor outside the graph
            return _const(np.full(x.shape, np.nan, dtype=x.dtype.np_dtype))
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
    require(b.ndim >= 2, f"`b` dimension must be greater than 2, but got {b.ndim}", ValueError)
    require(lu.ndim >= 2, f"`lu` dimension must be greater than 2, but got {lu.ndim}", ValueError)
    require(lu.shape[-1] == lu.shape[-2], f"`lu` must be a batch of square matrices, but got shape {list(lu.shape)}",
          ValueError)
    require(b.shape[-2] == lu.shape[-1], f"The number of rows of `b` ({b.shape[-2]}) must equal the order of `lu` "
          f"({lu.shape[-1]}).", ValueError)
    if trans not in ("N", "T", "C"):
        raise ValueError(f"trans must be one of 'N', 'T', 'C', but received {trans!r}")
    check_same_dtype(lu, b, api)
    check_kernel_dtype(lu, "lu_solve", FLOAT_COMPLEX)
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
    require(x.ndim >= 2 and tau.ndim == x.ndim - 1, "The input x must have more than 2 dimensions, and input tau must "
          "have more than 1 dimension, and the dimension of x is 1 larger than the dimension of tau")
    require(list(x.shape[:-2]) == list(tau.shape[:-1]), "The batch dimensions of x and tau must be the same, but "
          f"received {list(x.shape)} and {list(tau.shape)}.")
    m, n = x.shape[-2], x.shape[-1]
    require(m >= n, "The rows of input x must be greater than or equal to the columns of input x.")
    require(tau.shape[-1] <= n, "The last dim of x must be greater than tau.")
    require(x.dtype is tau.dtype, "The input x must have the same dtype with input tau.")
    return _reflect(x, tau, constant(np.eye(m, n, dtype=x.dtype.np_dtype)))


def ormqr(x, tau, y, left=True, transpose=False, name=None):
    """Q @ y (left) or y @ Q, Q^T when transpose, for Paddle's thin Q = householder_product(x, tau) [*, mn, k].

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
    require(x.dtype is tau.dtype and x.dtype is y.dtype, "The input tau and y must have the same dtype with the x.\n")
    require(x.ndim >= 2 and y.ndim >= 2 and tau.ndim >= 1, "The input x and y must have more than 2 dimensions, and "
            "input tau must have more than 1 dimension")
    require(x.ndim == tau.ndim + 1 and x.ndim == y.ndim, "the dimension of x is 1 larger than the dimension of tau\n"
            " and the dimension of x is equal to the dimension of input")
    require(x.shape[-1] == tau.shape[-1], "The innermost dimension of x and tau should be the same")
    # Paddle multiplies by the thin Q of householder_product (mn x k), so y's side must match k or mn accordingly
    side, msg = {(True, True): (-2, "The row dimensions of x and y should be the same"),
                 (False, True): (-1, "The column dimension of x and the row dimension of y should be the same"),
                 (True, False): (-2, "The row dimension of x and the column dimension of y should be the same"),
                 (False, False): (-1, "The column dimensions of Impt and Osser's should be the same")}[transpose, left]
    require(x.shape[side] == y.shape[-2 if left else -1], msg)
    if x.ndim == 3:
        require(x.shape[0] == y.shape[0] and x.shape[0] == tau.shape[0],
                "The input and tau and y parameters should have the same batch")
    q = householder_product(x, tau)
    if transpose:  # Paddle transposes without conjugating, also for complex Q
        q = q.transpose(list(range(q.ndim - 2)) + [q.ndim - 1, q.ndim - 2])
    return matmul(q, y) if left else matmul(y, q)


def _check_q(q, m, n):
    require(isinstance(q, (int, np.integer)) and not isinstance(q, bool) and 0 <= q <= min(m, n),
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
    require(x.ndim >= 2, f"The input of svd_lowrank must have at least 2 dimensions, but got {x.ndim}", ValueError)
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
    require(x.ndim >= 2, f"The input of pca_lowrank must have at least 2 dimensions, but got {x.ndim}", ValueError)
    m, n = x.shape[-2], x.shape[-1]
    q = min(6, m, n) if q is None else q
    _check_q(q, m, n)
    return svd_lowrank(x - x.mean(-2, keepdim=True) if center else x, q, niter)


__all__ = ["inverse", "cholesky", "eigvalsh"]

METHODS = {"inverse": inverse, "slogdet": slogdet, "solve": solve, "cholesky": cholesky, "qr": qr, "eigvalsh": eigvalsh,
           "eig": eig, "eigvals": eigvals, "pinv": pinv, "matrix_power": matrix_power, "lstsq": lstsq,
           "cholesky_solve": cholesky_solve, "lu": lu, "lu_unpack": lu_unpack, "cholesky_inverse": cholesky_inverse,
           "svd_lowrank": svd_lowrank, "pca_lowrank": pca_lowrank, "householder_product": householder_product,
           "ormqr": ormqr}
