"""paddle.linalg: the linear-algebra namespace (re-exports from purepaddle.tensor)."""
from .tensor.linalg.decomposition import (cholesky, cholesky_inverse, cholesky_solve, det, eig, eigh,  # noqa: F401
                                          eigvals, eigvalsh, householder_product, inv, lstsq, lu, lu_solve,
                                          lu_unpack, matrix_exp, matrix_power, matrix_rank, ormqr, pca_lowrank,
                                          pinv, qr, slogdet, solve, svd, svd_lowrank, svdvals, triangular_solve)
from .tensor.linalg.norms import cond, corrcoef, cov, matrix_norm, norm, vecdot, vector_norm  # noqa: F401
from .tensor.linalg.product import cross, diagonal, matmul, matrix_transpose, multi_dot  # noqa: F401

__all__ = ["cholesky", "cholesky_inverse", "cholesky_solve", "cond", "corrcoef", "cov", "cross", "det", "diagonal",
           "eig", "eigh", "eigvals", "eigvalsh", "inv", "lstsq", "lu", "lu_unpack", "matmul", "matrix_norm", "matrix_power",
           "matrix_rank", "multi_dot", "norm", "pinv", "qr", "slogdet", "solve", "svd", "svdvals", "triangular_solve",
           "vecdot", "vector_norm", "householder_product", "lu_solve", "matrix_exp", "matrix_transpose", "ormqr",
           "pca_lowrank", "svd_lowrank"]

# FP8 GEMM: a kernel Paddle ships for NVIDIA GPUs only; a declared stub (purepaddle/_core/exclusions.py)
from ._core.exclusions import unavailable as _unavailable  # noqa: E402
from .tensor.keyword_aliases import with_keyword_aliases as _aliased  # noqa: E402

# Paddle 3.3's keyword aliases on paddle.linalg's own names (tensor/keyword_aliases.py)
from .tensor import norm  # noqa: E402,F811  (paddle.linalg.norm is paddle.norm, aliases included)

cross, vector_norm = (_aliased(f"linalg.{f.__name__}", f) for f in (cross, vector_norm))

fp8_fp8_half_gemm_fused = _unavailable("paddle.linalg.fp8_fp8_half_gemm_fused")
__all__ += ["fp8_fp8_half_gemm_fused"]
