"""paddle.sparse: COO and CSR sparse tensors, their value-wise math and products, and sparse layers
(paddle.sparse.nn)."""
from .binary import add, addmm, divide, mask_as, masked_matmul, matmul, multiply, mv, subtract
from .tensor import coalesce, sparse_coo_tensor, sparse_csr_tensor
from .unary import (abs, asin, asinh, atan, atanh, cast, deg2rad, expm1, is_same_shape, isnan, log1p, neg,  # noqa: A004
                    pca_lowrank, pow, rad2deg, reshape, sin, sinh, slice, sqrt, square, sum, tan, tanh, transpose)
from . import creation, nn  # noqa: E402

__all__ = ["sparse_coo_tensor", "sparse_csr_tensor", "coalesce", "add", "subtract", "multiply", "divide", "matmul",
           "masked_matmul", "mask_as", "mv", "addmm", "abs", "asin", "asinh", "atan", "atanh", "cast", "deg2rad",
           "expm1", "is_same_shape", "isnan", "log1p", "neg", "pow", "rad2deg", "reshape", "sin", "sinh", "slice",
           "sqrt", "square", "sum", "tan", "tanh", "transpose", "pca_lowrank"]
