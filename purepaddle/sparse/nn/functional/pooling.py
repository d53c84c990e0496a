"""Sparse max pooling of paddle.sparse.nn.functional: an output position is stored when a stored input falls in
its window, and holds the channel-wise max over the stored inputs there (absent entries are not zeros)."""
import numpy as np

from ....tensor.creation.conversion import to_tensor
from ....tensor.manipulation.gathering import gather_nd
from ...tensor import SparseCooTensor
from . import _rulebook
from .conv import _as_list, _padding


def max_pool3d(x, kernel_size, stride=None, padding=0, ceil_mode=False, data_format="NDHWC", name=None):
    """3-D max pooling of a sparse NDHWC COO tensor.

    Args:
        x (SparseCooTensor): input of shape [N, D, H, W, C].
        kernel_size (int|list): the window per spatial dim.
        stride (int|list, optional): the stride (default: kernel_size).
        padding (int|list|str): symmetric padding per spatial dim.
        ceil_mode (bool): only False.
        data_format (str): only 'NDHWC'.
        name (str, optional): unused.

    Returns:
        SparseCooTensor: [N, oD, oH, oW, C], entries in lexicographic order; the gradient reaches the input
        entry holding each max.

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.sparse.sparse_coo_tensor([[0, 0], [0, 1], [0, 1], [0, 1]], [[1.], [-2.]], [1, 2, 2, 2, 1])
        >>> paddle.sparse.nn.functional.max_pool3d(x, 2).values().numpy().tolist()
        [[1.0]]
    """
    if data_format != "NDHWC":
        raise ValueError(f"Attr(data_format) should be 'NDHWC'. Received Attr(data_format): {data_format}.")
    if ceil_mode:
        raise ValueError("sparse max_pool3d supports ceil_mode=False only")
    if not isinstance(x, SparseCooTensor) or len(x.shape) != 5:
        raise ValueError("sparse max_pool3d expects a 5-D SparseCooTensor [N, D, H, W, C]")
    kernel = _as_list(kernel_size, 3, "kernel_size")
    stride = kernel if stride is None else _as_list(stride, 3, "stride")
    shape = list(x.shape)
    out_idx, osize, pairs = _rulebook.regular(x._coo_indices(), shape[0], shape[1:4], kernel, stride,
                                              _padding(padding, 3), [1, 1, 1])
    vals = x.values()
    nout, c = out_idx.shape[1], shape[-1]
    win = _rulebook.max_winners(vals.numpy(), pairs, nout)
    where = np.stack([win, np.broadcast_to(np.arange(c), win.shape)], axis=-1)
    values = gather_nd(vals, to_tensor(where))
    return SparseCooTensor.make(out_idx.copy(), values, [shape[0], *osize, c])


__all__ = ["max_pool3d"]
