"""Pooling layers by argmax indices of paddle.nn: MaxUnPool1D/2D/3D, FractionalMaxPool2D/3D."""
import warnings

from ... import functional as F
from ...functional._param_alias import param_alias
from ..layers import Layer


class _MaxUnPool(Layer):
    """Stores the unpooling window; forward's output_size takes precedence over the constructor's."""

    _fn = None

    def __init__(self, kernel_size, stride=None, padding=0, data_format=None, output_size=None, name=None):
        super().__init__()
        self.ksize = kernel_size
        self.stride = stride
        self.padding = padding
        self.data_format = data_format or self._default_format
        self.output_size = output_size
        self.name = name

    @param_alias(input="x")
    def forward(self, x, indices, output_size=None):
        if output_size:
            warnings.warn("output_size in forward overrides output_size in __init__. The output_size parameter in "
                          "forward has higher priority.", stacklevel=2)
        size = output_size or self.output_size
        return type(self)._fn(x, indices, kernel_size=self.ksize, stride=self.stride, padding=self.padding,
                              data_format=self.data_format, output_size=size)

    def extra_repr(self):
        return f"output_size={self.output_size}"


class MaxUnPool1D(_MaxUnPool):
    """Partial inverse of MaxPool1D: values placed at their pooling indices, zeros elsewhere.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> out, idx = F.max_pool1d(paddle.rand([1, 3, 16]), 2, return_mask=True)
            >>> paddle.nn.MaxUnPool1D(2)(out, idx).shape
            paddle.Size([1, 3, 16])
    """

    _default_format = "NCL"
    _fn = staticmethod(F.max_unpool1d)


class MaxUnPool2D(_MaxUnPool):
    """Partial inverse of MaxPool2D: values placed at their pooling indices, zeros elsewhere.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> out, idx = F.max_pool2d(paddle.rand([1, 1, 6, 6]), 2, return_mask=True)
            >>> paddle.nn.MaxUnPool2D(2)(out, idx).shape
            paddle.Size([1, 1, 6, 6])
    """

    _default_format = "NCHW"
    _fn = staticmethod(F.max_unpool2d)


class MaxUnPool3D(_MaxUnPool):
    """Partial inverse of MaxPool3D: values placed at their pooling indices, zeros elsewhere.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> out, idx = F.max_pool3d(paddle.rand([1, 1, 4, 4, 6]), 2, return_mask=True)
            >>> paddle.nn.MaxUnPool3D(2)(out, idx).shape
            paddle.Size([1, 1, 4, 4, 6])
    """

    _default_format = "NCDHW"
    _fn = staticmethod(F.max_unpool3d)


class FractionalMaxPool2D(Layer):
    """Fractional max pooling of [N, C, H, W] over pseudo-random regions.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.nn.FractionalMaxPool2D(output_size=3)(paddle.rand([2, 3, 32, 32])).shape
            paddle.Size([2, 3, 3, 3])
    """

    _fn = staticmethod(F.fractional_max_pool2d)

    def __init__(self, output_size, kernel_size=None, random_u=None, return_mask=False, name=None):
        super().__init__()
        self._output_size = output_size
        self._kernel_size = kernel_size
        self._random_u = random_u
        self._return_mask = return_mask
        self._name = name

    def forward(self, x):
        return type(self)._fn(x, output_size=self._output_size, kernel_size=self._kernel_size,
                              random_u=self._random_u, return_mask=self._return_mask)

    def extra_repr(self):
        return f"output_size={self._output_size}, return_mask={self._return_mask}"


class FractionalMaxPool3D(FractionalMaxPool2D):
    """Fractional max pooling of [N, C, D, H, W] over pseudo-random regions.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.nn.FractionalMaxPool3D(output_size=3)(paddle.rand([2, 3, 8, 32, 32])).shape
            paddle.Size([2, 3, 3, 3, 3])
    """

    _fn = staticmethod(F.fractional_max_pool3d)
