"""paddle.linalg: the linear-algebra namespace (re-exports from purepaddle.tensor)."""
from .tensor.linalg import cross, diagonal, multi_dot  # noqa: F401
from .tensor.linalg_decomp import (cholesky, cholesky_inverse, cholesky_solve, det, eig, eigh, eigvals,  # noqa: F401
                                   eigvalsh, inv, lstsq, lu, lu_unpack, matrix_power, matrix_rank, pinv, qr,
                                   slogdet, solve, svd, svdvals, triangular_solve)
from .tensor.linalg_extra import (householder_product, lu_solve, matrix_exp, matrix_transpose, ormqr,  # noqa: F401
                                  pca_lowrank, svd_lowrank)
from .tensor.linalg_norm import cond, corrcoef, cov, matrix_norm, norm, vecdot, vector_norm  # noqa: F401

__all__ = ["cholesky", "cholesky_inverse", "cholesky_solve", "cond", "corrcoef", "cov", "cross", "det", "diagonal",
           "eig", "eigh", "eigvals", "eigvalsh", "inv", "lstsq", "lu", "lu_unpack", "matrix_norm", "matrix_power",
           "matrix_rank", "multi_dot", "norm", "pinv", "qr", "slogdet", "solve", "svd", "svdvals", "triangular_solve",
           "vecdot", "vector_norm", "householder_product", "lu_solve", "matrix_exp", "matrix_transpose", "ormqr",
           "pca_lowrank", "svd_lowrank"]
