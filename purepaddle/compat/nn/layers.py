"""The torch-signature layers of paddle.compat.nn: Linear (weight [out, in]), AvgPool1D/2D/3D
(count_include_pad, divisor_override), Softmax(dim) and Unfold."""
import math

from ... import nn as _nn
from ...nn import functional as _F
from ...nn.initializer import Uniform
from .._keywords import forbid_keywords
from . import functional

__all__ = ["Unfold", "Linear", "Softmax", "AvgPool1D", "AvgPool2D", "AvgPool3D", "AvgPool1d", "AvgPool2d",
           "AvgPool3d"]


def _ntuple(x, n):
    return tuple(x) if isinstance(x, (list, tuple)) else (x,) * n


class _AvgPool(_nn.Layer):
    _nd = 1

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
                 divisor_override=None):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding
        self.ceil_mode, self.count_include_pad, self.divisor_override = ceil_mode, count_include_pad, \
            divisor_override

    def forward(self, input):  # noqa: A002
        if self._nd == 1:
            return _F.avg_pool1d(input, self.kernel_size, self.stride, self.padding, not self.count_include_pad,
                                 self.ceil_mode)
        fn = _F.avg_pool2d if self._nd == 2 else _F.avg_pool3d
        return fn(input, self.kernel_size, self.stride, self.padding, self.ceil_mode, not self.count_include_pad,
                  self.divisor_override)

    def extra_repr(self):
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


class AvgPool1D(_AvgPool):
    """torch.nn.AvgPool1d: average pooling of [N, C, L] with torch's arguments.

    Args:
        kernel_size (int): the window.
        stride (int, optional): the step (default kernel_size).
        padding (int): zero padding on both sides.
        ceil_mode (bool): round the output size up.
        count_include_pad (bool): divide by the full window (padding included).

    Examples:
        >>> import purepaddle as paddle
        >>> paddle.compat.nn.AvgPool1D(2)(paddle.to_tensor([[[1., 3., 5., 7.]]])).numpy().tolist()
        [[[2.0, 6.0]]]
    """

    @forbid_keywords({"exclusive", "name"}, "paddle.compat.nn.AvgPool1D", "paddle.nn.AvgPool1D")
    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True):
        super().__init__(_ntuple(kernel_size, 1), _ntuple(stride if stride is not None else kernel_size, 1),
                         _ntuple(padding, 1), ceil_mode, count_include_pad)


class AvgPool2D(_AvgPool):
    """torch.nn.AvgPool2d: average pooling of [N, C, H, W] with torch's arguments.

    Args:
        kernel_size (int|tuple): the window.
        stride (int|tuple, optional): the step (default kernel_size).
        padding (int|tuple): zero padding.
        ceil_mode (bool): round the output size up.
        count_include_pad (bool): divide by the full window (padding included).
        divisor_override (int, optional): divide by this instead.

    Examples:
        >>> import purepaddle as paddle
        >>> paddle.compat.nn.AvgPool2D(2)(paddle.ones([1, 1, 4, 4])).shape
        paddle.Size([1, 1, 2, 2])
    """
    _nd = 2

    @forbid_keywords({"exclusive", "data_format", "name"}, "paddle.compat.nn.AvgPool2D", "paddle.nn.AvgPool2D")
    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
                 divisor_override=None):
        super().__init__(kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override)


class AvgPool3D(_AvgPool):
    """torch.nn.AvgPool3d: average pooling of [N, C, D, H, W] with torch's arguments.

    Args:
        kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override: as AvgPool2D.

    Examples:
        >>> import purepaddle as paddle
        >>> paddle.compat.nn.AvgPool3D(2)(paddle.ones([1, 1, 2, 4, 4])).shape
        paddle.Size([1, 1, 1, 2, 2])
    """
    _nd = 3

    @forbid_keywords({"exclusive", "data_format", "name"}, "paddle.compat.nn.AvgPool3D", "paddle.nn.AvgPool3D")
    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
                 divisor_override=None):
        super().__init__(kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override)


AvgPool1d, AvgPool2d, AvgPool3d = AvgPool1D, AvgPool2D, AvgPool3D


class Unfold(_nn.Unfold):
    """torch.nn.Unfold (im2col) with torch's argument names.

    Args:
        kernel_size, dilation, padding, stride (int|list): the window's geometry.

    Examples:
        >>> import purepaddle as paddle
        >>> paddle.compat.nn.Unfold(2)(paddle.ones([1, 2, 3, 3])).shape
        paddle.Size([1, 8, 4])
    """

    @forbid_keywords({"kernel_sizes", "dilations", "paddings", "strides"}, "paddle.compat.nn.Unfold",
                     "paddle.nn.Unfold")
    def __init__(self, kernel_size, dilation=1, padding=0, stride=1):
        super().__init__(kernel_size, dilation, padding, stride)

    def forward(self, input):  # noqa: A002
        return functional.unfold(input, self.kernel_sizes, self.dilations, self.paddings, self.strides)


class Linear(_nn.Layer):
    """torch.nn.Linear: y = x @ weight.T + bias with weight [out_features, in_features], both drawn from
    U(-1/sqrt(in_features), 1/sqrt(in_features)).

    Args:
        in_features (int): input size.
        out_features (int): output size.
        bias (bool): learn a bias.
        device: the place (one CPU here).
        dtype (str, optional): the parameters' dtype.

    Examples:
        >>> import purepaddle as paddle
        >>> fc = paddle.compat.nn.Linear(3, 2)
        >>> fc.weight.shape, fc(paddle.ones([4, 3])).shape
        (paddle.Size([2, 3]), paddle.Size([4, 2]))
    """

    @forbid_keywords({"weight_attr", "bias_attr", "name"}, "paddle.compat.nn.Linear", "paddle.nn.Linear")
    def __init__(self, in_features, out_features, bias=True, device=None, dtype=None):
        super().__init__()
        self._dtype = self._dtype if dtype is None else dtype
        self.in_features, self.out_features = in_features, out_features
        bound = 1 / math.sqrt(in_features) if in_features > 0 else 0
        self.weight = self.create_parameter(shape=[out_features, in_features], dtype=self._dtype,
                                            default_initializer=Uniform(-bound, bound))
        self.bias = (self.create_parameter(shape=[out_features], dtype=self._dtype, is_bias=True,
                                           default_initializer=Uniform(-bound, bound)) if bias else None)

    def forward(self, input):  # noqa: A002
        return functional.linear(input, self.weight, self.bias)

    def extra_repr(self):
        return f"in_features={self.in_features}, out_features={self.out_features}, bias={self.bias is not None}"


class Softmax(_nn.Layer):
    """torch.nn.Softmax: softmax along `dim` (torch's default dim when None).

    Args:
        dim (int, optional): the dim.

    Examples:
        >>> import purepaddle as paddle
        >>> paddle.compat.nn.Softmax(dim=-1)(paddle.to_tensor([0., 0.])).numpy().tolist()
        [0.5, 0.5]
    """

    @forbid_keywords({"axis"}, "paddle.compat.nn.Softmax", "paddle.nn.Softmax")
    def __init__(self, dim=None):
        super().__init__()
        self._dim = self.dim = dim

    def forward(self, input):  # noqa: A002
        return functional.softmax(input, self._dim)

    def extra_repr(self):
        return f"dim={self._dim}"
