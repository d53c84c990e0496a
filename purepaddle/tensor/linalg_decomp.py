"""Public inverses, solves and decompositions (paddle.linalg.inv, det, solve, cholesky, qr, svd, eigh, ...)."""
import numpy as np

from .._core.dispatch import apply
from .._core.dispatch import constant as _const
from .._core.methods import TensorMethods
from ..ops.linalg.decomposition import (Cholesky, CholeskySolve, Determinant, Inverse, SlogDeterminant, Solve,
                                        TriangularSolve)
from ..ops.linalg.norms import PNorm
from ..ops.linalg.product import mT
from ..ops.linalg import decomposition as D
from ._operand import check_var
from .linalg_util import FLOATS, check_kernel_dtype, check_same_dtype, write_out
from .math import matmul


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
    return write_out(res, out)


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
    return write_out(apply(D.Svd, x, full_matrices=bool(full_matrices)), out)


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
        return matmul(vh * inv_s.unsqueeze(-1), u, transpose_x=True, transpose_y=True)
    _rank2(x, "paddle.linalg.pinv", "eigh")
    w, v = apply(D.Eigh, x, UPLO="L")
    wd = w.detach()
    wmax = apply(PNorm, wd, porder=float("inf"), axis=-1, epsilon=1e-12, keepdim=True, asvector=False)
    mask = (wd * wd > (wmax * rcond) ** 2).astype(w.dtype)
    inv_w = mask / (w + (1.0 - mask))
    return matmul(v * inv_w.unsqueeze(-2), v, transpose_y=True)


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


__all__ = []
METHODS = {"inverse": inverse, "slogdet": slogdet, "solve": solve, "cholesky": cholesky, "qr": qr,
           "eigvalsh": eigvalsh, "eig": eig, "eigvals": eigvals, "pinv": pinv, "matrix_power": matrix_power,
           "lstsq": lstsq, "cholesky_solve": cholesky_solve, "lu": lu, "lu_unpack": lu_unpack,
           "cholesky_inverse": cholesky_inverse}
