"""Average, max and adaptive pooling layers of paddle.nn: AvgPool1D/2D/3D, MaxPool1D/2D/3D,
AdaptiveAvgPool1D/2D/3D, AdaptiveMaxPool1D/2D/3D.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Sequence

from ... import functional as F
from ...functional._param_alias import param_alias
from ..layers import Layer


class _Pool(Layer):
    """Stores the window arguments; extra_repr shows kernel_size, stride and padding."""

    def __init__(self, kernel_size, stride, padding, name):
        super().__init__()
        self.ksize = kernel_size
        self.stride = stride
        self.padding = padding
        self.name = name

    def extra_repr(self):
        return f"kernel_size={self.ksize}, stride={self.stride}, padding={self.padding}"


class AvgPool1D(_Pool):
    """Average pooling over L of [N, C, L].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.nn.AvgPool1D(2, 2)(paddle.ones([1, 3, 32])).shape
            paddle.Size([1, 3, 16])
    """

    def __init__(self, kernel_size, stride=None, padding=0, exclusive=True, ceil_mode=False, name=None):
        super().__init__(kernel_size, stride, padding, name)
        self.exclusive = exclusive
        self.ceil_mode = ceil_mode

    def forward(self, x):
        return F.avg_pool1d(x, self.ksize, self.stride, self.padding, self.exclusive, self.ceil_mode)


class AvgPool2D(_Pool):
    """Average pooling of [N, C, H, W] (or NHWC).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.nn.AvgPool2D(2, 2)(paddle.ones([1, 3, 32, 32])).shape
            paddle.Size([1, 3, 16, 16])
    """

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, exclusive=True, divisor_override=None,
                 data_format="NCHW", name=None):
        super().__init__(kernel_size, stride, padding, name)
        self.ceil_mode = ceil_mode
        self.exclusive = exclusive
        self.divisor = divisor_override
        self.data_format = data_format

    def forward(self, x):
        return F.avg_pool2d(x, self.ksize, self.stride, self.padding, self.ceil_mode, self.exclusive, self.divisor,
                            self.data_format)


class AvgPool3D(AvgPool2D):
    """Average pooling of [N, C, D, H, W] (or NDHWC).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.nn.AvgPool3D(2, 2)(paddle.ones([1, 2, 4, 8, 8])).shape
            paddle.Size([1, 2, 2, 4, 4])
    """

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, exclusive=True, divisor_override=None,
                 data_format="NCDHW", name=None):
        super().__init__(kernel_size, stride, padding, ceil_mode, exclusive, divisor_override, data_format, name)

    def forward(self, x):
        return F.avg_pool3d(x, self.ksize, self.stride, self.padding, self.ceil_mode, self.exclusive, self.divisor,
                            self.data_format)


class MaxPool1D(_Pool):
    """Max pooling over L of [N, C, L]; return_mask also returns the indices of the maxima.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> out, idx = paddle.nn.MaxPool1D(2, return_mask=True)(paddle.rand([1, 3, 32]))
            >>> idx.shape
            paddle.Size([1, 3, 16])
    """

    def __init__(self, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False, name=None):
        super().__init__(kernel_size, stride, padding, name)
        self.return_mask = return_mask
        self.ceil_mode = ceil_mode

    def forward(self, input):  # noqa: A002
        return F.max_pool1d(input, self.ksize, self.stride, self.padding, self.return_mask, self.ceil_mode)


class MaxPool2D(_Pool):
    """Max pooling of [N, C, H, W] (or NHWC); return_mask also returns the flat H*W index of each max.

    Args:
        kernel_size (int|Sequence[int]): The size of the kernel: one int for every spatial dimension, or one
            per dimension.
        stride (int|Sequence[int]|None, optional): The step of the window; None means the kernel size.
            Default: None.
        padding (int|str|Sequence[int], optional): The zero padding: an int, one per dimension, pairs per
            dimension, or 'SAME'/'VALID'. Default: 0.
        return_mask (bool, optional): Whether the indices of the maxima are returned too. Default: False.
        ceil_mode (bool, optional): Whether the output size rounds up instead of down. Default: False.
        data_format (str, optional): The layout of the input, e.g. 'NCHW' (channels first) or 'NHWC' (channels
            last). Default: "NCHW".
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.nn.MaxPool2D(2, 2)(paddle.rand([1, 3, 32, 32])).shape
            paddle.Size([1, 3, 16, 16])
    """

    def __init__(self, kernel_size: int | Sequence[int], stride: int | Sequence[int] | None = None,
                 padding: int | str | Sequence[int] = 0, return_mask: bool = False, ceil_mode: bool = False,
                 data_format: str = "NCHW", name: str | None = None) -> None:
        super().__init__(kernel_size, stride, padding, name)
        self.return_mask = return_mask
        self.ceil_mode = ceil_mode
        self.data_format = data_format

    def forward(self, x):
        return F.max_pool2d(x, self.ksize, self.stride, self.padding, self.return_mask, self.ceil_mode,
                            self.data_format)


class MaxPool3D(MaxPool2D):
    """Max pooling of [N, C, D, H, W] (or NDHWC); return_mask also returns the flat index of each max.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.nn.MaxPool3D(2, 2)(paddle.rand([1, 2, 4, 8, 8])).shape
            paddle.Size([1, 2, 2, 4, 4])
    """

    def __init__(self, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False, data_format="NCDHW",
                 name=None):
        super().__init__(kernel_size, stride, padding, return_mask, ceil_mode, data_format, name)

    def forward(self, x):
        return F.max_pool3d(x, self.ksize, self.stride, self.padding, self.return_mask, self.ceil_mode,
                            self.data_format)


class _Adaptive(Layer):
    """Stores output_size (and return_mask) of the adaptive pooling layers."""

    def __init__(self, output_size, return_mask=None, data_format=None, name=None):
        super().__init__()
        self._output_size = output_size
        self._return_mask = return_mask
        self._data_format = data_format
        self._name = name

    @property
    def output_size(self):
        return self._output_size

    @output_size.setter
    def output_size(self, value):
        self._output_size = value

    @property
    def return_mask(self):
        return self._return_mask

    @return_mask.setter
    def return_mask(self, value):
        self._return_mask = value

    return_indices = return_mask

    def extra_repr(self):
        if self._return_mask is None:
            return f"output_size={self._output_size}"
        return f"output_size={self._output_size}, return_mask={self._return_mask}"


class AdaptiveAvgPool1D(_Adaptive):
    """Adaptive average pooling of [N, C, L] to output_size.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.nn.AdaptiveAvgPool1D(16)(paddle.rand([1, 3, 32])).shape
            paddle.Size([1, 3, 16])
    """

    def __init__(self, output_size, name=None):
        super().__init__(output_size, name=name)

    @param_alias(input="x")
    def forward(self, input):  # noqa: A002
        return F.adaptive_avg_pool1d(input, self._output_size)


class AdaptiveAvgPool2D(_Adaptive):
    """Adaptive average pooling of [N, C, H, W] (or NHWC) to output_size.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.nn.AdaptiveAvgPool2D(3)(paddle.rand([2, 3, 32, 32])).shape
            paddle.Size([2, 3, 3, 3])
    """

    def __init__(self, output_size, data_format="NCHW", name=None):
        super().__init__(output_size, data_format=data_format, name=name)

    @param_alias(input="x")
    def forward(self, x):
        return F.adaptive_avg_pool2d(x, self._output_size, self._data_format)


class AdaptiveAvgPool3D(_Adaptive):
    """Adaptive average pooling of [N, C, D, H, W] (or NDHWC) to output_size.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.nn.AdaptiveAvgPool3D(3)(paddle.rand([2, 3, 8, 32, 32])).shape
            paddle.Size([2, 3, 3, 3, 3])
    """

    def __init__(self, output_size, data_format="NCDHW", name=None):
        super().__init__(output_size, data_format=data_format, name=name)

    @param_alias(input="x")
    def forward(self, x):
        return F.adaptive_avg_pool3d(x, self._output_size, self._data_format)


class AdaptiveMaxPool1D(_Adaptive):
    """Adaptive max pooling of [N, C, L]; return_mask also returns the indices of the maxima.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.nn.AdaptiveMaxPool1D(16)(paddle.rand([1, 3, 32])).shape
            paddle.Size([1, 3, 16])
    """

    @param_alias(return_indices="return_mask")
    def __init__(self, output_size, return_mask=False, name=None):
        super().__init__(output_size, bool(return_mask), name=name)

    @param_alias(input="x")
    def forward(self, input):  # noqa: A002
        return F.adaptive_max_pool1d(input, self._output_size, self._return_mask)


class AdaptiveMaxPool2D(AdaptiveMaxPool1D):
    """Adaptive max pooling of [N, C, H, W]; return_mask also returns the flat H*W index of each max.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> out, idx = paddle.nn.AdaptiveMaxPool2D(3, return_mask=True)(paddle.rand([2, 3, 32, 32]))
            >>> idx.shape
            paddle.Size([2, 3, 3, 3])
    """

    @param_alias(input="x")
    def forward(self, x):
        return F.adaptive_max_pool2d(x, self._output_size, self._return_mask)


class AdaptiveMaxPool3D(AdaptiveMaxPool1D):
    """Adaptive max pooling of [N, C, D, H, W]; return_mask also returns the flat index of each max.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.nn.AdaptiveMaxPool3D(4)(paddle.rand([2, 3, 8, 32, 32])).shape
            paddle.Size([2, 3, 4, 4, 4])
    """

    @param_alias(input="x")
    def forward(self, x):
        return F.adaptive_max_pool3d(x, self._output_size, self._return_mask)
