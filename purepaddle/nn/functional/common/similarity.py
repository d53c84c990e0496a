"""cosine_similarity of paddle.nn.functional.common."""
from .... import tensor as _T


# -- cosine_similarity -----------------------------------------------------------------------------------------
def cosine_similarity(x1, x2, axis=1, eps=1e-8):
    """sum(x1 * x2) / sqrt(max(sum(x1^2) * sum(x2^2), eps^2)) along axis.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> x1 = paddle.to_tensor([[1., 0.], [1., 1.]])
            >>> x2 = paddle.to_tensor([[1., 0.], [-1., -1.]])
            >>> F.cosine_similarity(x1, x2, axis=1)
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [ 1., -1.])
    """
    if x1.shape[axis] == 0 or x2.shape[axis] == 0:
        return _T.sum(_T.multiply(x1, x2), axis=axis)
    bs = _T.broadcast_shape([x1.shape[axis]], [x2.shape[axis]])
    w12 = _T.sum(_T.multiply(x1, x2), axis=axis)
    w1 = _T.sum(_T.multiply(x1, x1), axis=axis)
    w2 = _T.sum(_T.multiply(x2, x2), axis=axis)
    m1, m2 = bs[0] / x1.shape[axis], bs[0] / x2.shape[axis]
    if m1 != 1:
        w1 = w1 * m1
    if m2 != 1:
        w2 = w2 * m2
    n12 = _T.sqrt(_T.clip(w1 * w2, min=eps * eps))
    return w12 / n12
