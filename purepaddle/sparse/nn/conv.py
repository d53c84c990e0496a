"""Sparse convolution layers: Conv2D/Conv3D and their submanifold forms over channel-last COO inputs, holding a
kernel [*kernel, in_channels, out_channels] (Normal(0, sqrt(2 / (prod(kernel) * in_channels))) by default, as
Paddle) and a bias [out_channels]."""
import numpy as np

from ...nn import Layer
from ...nn.initializer import Normal
from . import functional as F


class _Conv(Layer):
    _nd, _subm = 3, False

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
                 padding_mode="zeros", key=None, weight_attr=None, bias_attr=None, data_format=None, backend=None):
        super().__init__()
        nd = self._nd
        if groups != 1:
            raise AssertionError("Currently, only support groups=1")
        if padding_mode != "zeros":
            raise ValueError(f"sparse conv supports padding_mode 'zeros' only, but received {padding_mode}")
        self._in_channels, self._out_channels = in_channels, out_channels
        self._kernel_size = [kernel_size] * nd if isinstance(kernel_size, int) else list(kernel_size)
        self._stride, self._padding, self._dilation = stride, padding, dilation
        self._groups, self._key, self._backend = groups, key, backend
        self._data_format = data_format or ("NDHWC" if nd == 3 else "NHWC")
        std = (2.0 / (np.prod(self._kernel_size) * in_channels)) ** 0.5
        self.weight = self.create_parameter(shape=[*self._kernel_size, in_channels, out_channels], attr=weight_attr,
                                            default_initializer=Normal(0.0, std))
        self.bias = self.create_parameter(shape=[out_channels], attr=bias_attr, is_bias=True)

    def forward(self, x):
        fn = {(3, False): F.conv3d, (3, True): F.subm_conv3d, (2, False): F.conv2d, (2, True): F.subm_conv2d}
        return fn[(self._nd, self._subm)](x, self.weight, self.bias, self._stride, self._padding, self._dilation,
                                          self._groups, self._data_format)

    def extra_repr(self):
        s = f"{self._in_channels}, {self._out_channels}, kernel_size={self._kernel_size}"
        if self._stride != 1:
            s += f", stride={self._stride}"
        if self._padding != 0:
            s += f", padding={self._padding}"
        if self._dilation != 1:
            s += f", dilation={self._dilation}"
        return s + f", data_format={self._data_format}"


class Conv3D(_Conv):
    """Sparse 3-D convolution layer (paddle.sparse.nn.functional.conv3d with a learnt kernel and bias).

    Args:
        in_channels (int): input channels C.
        out_channels (int): output channels M.
        kernel_size (int|list): the kernel per spatial dim.
        stride, padding, dilation (int|list): as conv3d.
        groups (int): only 1.
        padding_mode (str): only 'zeros'.
        weight_attr, bias_attr (ParamAttr, optional): the parameters' attributes (bias_attr=False: no bias).
        data_format (str): only 'NDHWC'.

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.sparse.sparse_coo_tensor([[0], [0], [0], [0]], [[1., 2.]], [1, 1, 1, 1, 2])
        >>> paddle.sparse.nn.Conv3D(2, 4, 1)(x).shape
        paddle.Size([1, 1, 1, 1, 4])
    """

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
                 padding_mode="zeros", weight_attr=None, bias_attr=None, data_format="NDHWC"):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation, groups, padding_mode,
                         None, weight_attr, bias_attr, data_format)


class SubmConv3D(_Conv):
    """Submanifold sparse 3-D convolution layer (paddle.sparse.nn.functional.subm_conv3d): the output keeps the
    input's stored positions.

    Args:
        in_channels, out_channels, kernel_size, stride, padding, dilation, groups, padding_mode: as Conv3D.
        key (str, optional): Paddle's rulebook cache key; unused.
        weight_attr, bias_attr (ParamAttr, optional): as Conv3D.
        data_format (str): only 'NDHWC'.
        backend (str, optional): None or 'igemm' (the same numbers).

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.sparse.sparse_coo_tensor([[0], [0], [0], [0]], [[1., 2.]], [1, 1, 1, 1, 2])
        >>> paddle.sparse.nn.SubmConv3D(2, 4, 3, padding=1)(x).indices().numpy().tolist()
        [[0], [0], [0], [0]]
    """
    _subm = True

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
                 padding_mode="zeros", key=None, weight_attr=None, bias_attr=None, data_format="NDHWC",
                 backend=None):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation, groups, padding_mode,
                         key, weight_attr, bias_attr, data_format, backend)


class Conv2D(_Conv):
    """Sparse 2-D convolution layer over NHWC COO inputs (paddle.sparse.nn.functional.conv2d).

    Args:
        in_channels, out_channels, kernel_size, stride, padding, dilation, groups, padding_mode, weight_attr,
        bias_attr: as Conv3D, over two spatial dims.
        data_format (str): only 'NHWC'.

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.sparse.sparse_coo_tensor([[0], [0], [0]], [[1., 2.]], [1, 1, 1, 2])
        >>> paddle.sparse.nn.Conv2D(2, 4, 1)(x).shape
        paddle.Size([1, 1, 1, 4])
    """
    _nd = 2

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
                 padding_mode="zeros", weight_attr=None, bias_attr=None, data_format="NHWC"):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation, groups, padding_mode,
                         None, weight_attr, bias_attr, data_format)


class SubmConv2D(_Conv):
    """Submanifold sparse 2-D convolution layer (paddle.sparse.nn.functional.subm_conv2d).

    Args:
        in_channels, out_channels, kernel_size, stride, padding, dilation, groups, padding_mode, key, weight_attr,
        bias_attr, backend: as SubmConv3D, over two spatial dims.
        data_format (str): only 'NHWC'.

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.sparse.sparse_coo_tensor([[0], [0], [0]], [[1., 2.]], [1, 1, 1, 2])
        >>> paddle.sparse.nn.SubmConv2D(2, 4, 3)(x).shape
        paddle.Size([1, 1, 1, 4])
    """
    _nd, _subm = 2, True

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
                 padding_mode="zeros", key=None, weight_attr=None, bias_attr=None, data_format="NHWC",
                 backend=None):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation, groups, padding_mode,
                         key, weight_attr, bias_attr, data_format, backend)


__all__ = ["Conv2D", "Conv3D", "SubmConv2D", "SubmConv3D"]
