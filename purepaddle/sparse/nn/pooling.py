"""Sparse pooling layers."""
from ...nn import Layer
from . import functional as F


class MaxPool3D(Layer):
    """Sparse 3-D max pooling layer (paddle.sparse.nn.functional.max_pool3d).

    Args:
        kernel_size (int|list): the window per spatial dim.
        stride (int|list, optional): the stride (default: kernel_size).
        padding (int|list): symmetric padding.
        return_mask (bool): only False.
        ceil_mode (bool): only False.
        data_format (str): only 'NDHWC'.
        name (str, optional): unused.

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.sparse.sparse_coo_tensor([[0, 0], [0, 1], [0, 1], [0, 1]], [[1.], [-2.]], [1, 2, 2, 2, 1])
        >>> paddle.sparse.nn.MaxPool3D(2)(x).values().numpy().tolist()
        [[1.0]]
    """

    def __init__(self, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False,
                 data_format="NDHWC", name=None):
        super().__init__()
        self.ksize, self.stride, self.padding = kernel_size, stride, padding
        self.return_mask, self.ceil_mode, self.data_format = return_mask, ceil_mode, data_format

    def forward(self, x):
        return F.max_pool3d(x, self.ksize, self.stride, self.padding, self.ceil_mode, self.data_format)

    def extra_repr(self):
        return f"kernel_size={self.ksize}, stride={self.stride}, padding={self.padding}"


__all__ = ["MaxPool3D"]
