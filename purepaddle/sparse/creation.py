"""paddle.sparse.creation: the module path Paddle defines sparse_coo_tensor and sparse_csr_tensor in."""
from .tensor import sparse_coo_tensor, sparse_csr_tensor

__all__ = ["sparse_coo_tensor", "sparse_csr_tensor"]
