"""paddle.incubate.softmax_mask_fuse(_upper_triangle): softmax over the last axis after an additive mask."""
import numpy as np

from .._core.tensor import Tensor
from ..nn import functional as _F

__all__ = ["softmax_mask_fuse", "softmax_mask_fuse_upper_triangle"]


def softmax_mask_fuse(x, mask, name=None):
    """softmax(x + mask) over the last axis (attention scores with an additive mask).

    Args:
        x (Tensor): scores [batch, heads, seq_q, seq_k], float16/float32.
        mask (Tensor): additive mask broadcastable to x (usually [batch, 1, seq_q, seq_k]).
        name (str, optional): unused.

    Returns:
        Tensor: same shape and dtype as x.

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.zeros([1, 1, 1, 2])
        >>> paddle.incubate.softmax_mask_fuse(x, paddle.zeros([1, 1, 1, 2])).numpy().tolist()
        [[[[0.5, 0.5]]]]
    """
    return _F.softmax(x + mask, axis=-1)


def softmax_mask_fuse_upper_triangle(x):
    """Causal softmax: entries above the diagonal of the last two axes are masked out, then softmax
    over the last axis (Paddle runs this on GPU only; the CPU result here is the same math).

    Args:
        x (Tensor): scores [batch, heads, seq, seq].

    Returns:
        Tensor: same shape and dtype as x; row i spreads its weight over columns 0..i.

    Examples:
        >>> import purepaddle as paddle
        >>> out = paddle.incubate.softmax_mask_fuse_upper_triangle(paddle.zeros([1, 1, 2, 2]))
        >>> out.numpy().tolist()
        [[[[1.0, 0.0], [0.5, 0.5]]]]
    """
    q, k = x.shape[-2], x.shape[-1]
    above = np.triu(np.ones((q, k), dtype=bool), 1)
    mask = np.where(above, -np.inf, 0).astype(x._data.dtype)
    # the fused (GPU) kernel writes exact zeros above the diagonal; softmax's -64 clip would leave exp(-64) there
    keep = Tensor._make((~above).astype(x._data.dtype))
    return _F.softmax(x + Tensor._make(mask), axis=-1) * keep
