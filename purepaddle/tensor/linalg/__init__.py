"""paddle.tensor.linalg: products, decompositions and matrix functions, norms, histograms."""
from .decomposition import *  # noqa: F401,F403
from .histogram import *  # noqa: F401,F403
from .norms import *  # noqa: F401,F403
from .product import *  # noqa: F401,F403
from .decomposition import (cholesky_inverse, cholesky_solve, det, eig, eigh, eigvals, inv, lstsq, lu,  # noqa: F401
                            lu_unpack, matrix_power, matrix_rank, pinv, qr, slogdet, solve, svd, svdvals,
                            triangular_solve)
from .norms import cond, corrcoef, cov, matrix_norm, vector_norm  # noqa: F401
from .product import multi_dot  # noqa: F401
