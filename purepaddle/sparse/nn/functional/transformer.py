"""Sparse attention of paddle.sparse.nn.functional: scaled dot-product attention evaluated only where a CSR mask
stores an entry (Paddle runs it on CUDA only; here it is Tensor ops, so it differentiates)."""
import numpy as np

from ....nn.functional import softmax
from ....tensor.creation.conversion import to_tensor
from ....tensor.linalg.product import matmul
from ....tensor.search.select import where
from ...tensor import SparseCsrTensor


def attention(query, key, value, sparse_mask, key_padding_mask=None, attn_mask=None, name=None):
    """softmax(Q K^T / sqrt(d)) V over the entries sparse_mask stores; key_padding_mask and attn_mask drop
    the keys where they are 0.

    Args:
        query, key, value (Tensor): [batch, heads, seq, head_dim].
        sparse_mask (SparseCsrTensor): [batch * heads, seq, seq], the entries to evaluate.
        key_padding_mask (Tensor, optional): [batch, seq]; 0 drops that key.
        attn_mask (Tensor, optional): [seq, seq]; 0 drops that (query, key) pair.
        name (str, optional): unused.

    Returns:
        Tensor: [batch, heads, seq, head_dim] (a query row with no key left gives zeros).

    Examples:
        >>> import numpy as np
        >>> import purepaddle as paddle
        >>> q = paddle.ones([1, 1, 2, 2])
        >>> mask = paddle.to_tensor(np.tril(np.ones([1, 2, 2], 'float32'))).to_sparse_csr()
        >>> v = paddle.to_tensor([[[[1., 2.], [3., 4.]]]])
        >>> paddle.sparse.nn.functional.attention(q, q, v, mask).numpy().tolist()
        [[[[1.0, 2.0], [2.0, 3.0]]]]
    """
    if not isinstance(sparse_mask, SparseCsrTensor):
        raise ValueError("sparse_mask should be a SparseCsrTensor of shape [batch * heads, seq, seq]")
    b, h, s, d = query.shape
    keep = np.zeros((b * h, s, s), dtype=bool)
    pos = sparse_mask._coo_indices()
    keep[tuple(pos)] = True
    keep = keep.reshape(b, h, s, s)
    if key_padding_mask is not None:
        keep &= key_padding_mask.numpy().reshape(b, 1, 1, s) != 0
    if attn_mask is not None:
        keep &= attn_mask.numpy().reshape(1, 1, s, s) != 0
    scores = matmul(query, key, transpose_y=True) * (1.0 / float(np.sqrt(d)))
    keep_t = to_tensor(keep)
    scores = where(keep_t, scores, to_tensor(np.full((), -np.inf, dtype=query.dtype.np_dtype)))
    probs = softmax(scores, axis=-1)
    probs = where(keep_t, probs, to_tensor(np.zeros((), dtype=query.dtype.np_dtype)))  # an empty row: 0, not NaN
    return matmul(probs, value)


__all__ = ["attention"]
