"""paddle.nn convolution layers: Conv1D/2D/3D and Conv1D/2D/3DTranspose."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Sequence
    from purepaddle._core._typing import DTypeLike, ParamAttrLike, PlaceLike

import math

import numpy as np

from ..._core import dtype as _dt
from .. import functional as F
from ..functional.conv import convert_to_list, update_padding
from ..functional._param_alias import param_alias
from ..initializer import Normal
from .layers import Layer

__all__ = ["Conv1D", "Conv2D", "Conv3D", "Conv1DTranspose", "Conv2DTranspose", "Conv3DTranspose"]

_FORMATS = {"NHWC", "NCHW", "NDHWC", "NCDHW", "NLC", "NCL"}
_PAD_MODES = {"zeros", "reflect", "replicate", "circular"}


class _ConvNd(Layer):
    """Shared construction of the convolution layers: checks, weight and bias parameters."""

    def __init__(self, in_channels, out_channels, kernel_size, transposed, dims, stride=1, padding=0,
                 padding_mode="zeros", output_padding=0, dilation=1, groups=1, weight_attr=None, bias_attr=None,
                 data_format="NCHW", device=None, dtype=None):
        super().__init__()
        if weight_attr is False:
            raise AssertionError("weight_attr should not be False in Conv.")
        self._param_attr = weight_attr
        self._bias_attr = bias_attr
        self._groups = groups
        self._in_channels = in_channels
        self._out_channels = out_channels
        self._data_format = data_format
        self._dtype = _dt.convert_dtype(dtype).name if dtype is not None else _dt.get_default_dtype()
        if padding_mode not in _PAD_MODES:
            raise ValueError(f"padding_mode must be one of {_PAD_MODES}, but got padding_mode='{padding_mode}'")
        if padding_mode != "zeros" and not isinstance(padding, int):
            raise TypeError("when padding_mode in ['reflect', 'replicate', 'circular'], type of padding must be int")
        if data_format not in _FORMATS:
            raise ValueError(f"data_format must be one of {_FORMATS}, but got data_format='{data_format}'")
        last = data_format in ("NHWC", "NDHWC", "NLC")
        self._channel_dim = len(data_format) - 1 if last else 1
        self._stride = convert_to_list(stride, dims, "stride")
        self._dilation = convert_to_list(dilation, dims, "dilation")
        self._kernel_size = convert_to_list(kernel_size, dims, "kernel_size")
        self._padding = padding
        self._padding_mode = padding_mode
        self.output_padding = output_padding
        if dims != 1:
            self._updated_padding, self._padding_algorithm = update_padding(padding, dims, last)
        if transposed:
            shape = [in_channels, out_channels // groups] + self._kernel_size
            init = None  # XavierUniform, the create_parameter default
        else:
            if in_channels % groups:
                raise ValueError("in_channels must be divisible by groups.")
            if padding_mode != "zeros":
                pairs = convert_to_list(padding, dims, "padding")
                # F.pad takes the last dim first: [w_before, w_after, h_before, ...]
                self._reversed_padding_repeated_twice = [p for p in reversed(pairs) for _ in range(2)]
                self._updated_padding, self._padding_algorithm = update_padding(0, dims, last)
            shape = [out_channels, in_channels // groups] + self._kernel_size
            # a kernel or channel count of 0 makes an empty weight: like Paddle, NumPy's division warns and
            # gives an infinite std, which initialises nothing
            init = Normal(0.0, float((2.0 / np.float64(math.prod(self._kernel_size) * in_channels)) ** 0.5))
        self.weight = self.create_parameter(shape=shape, attr=self._param_attr, dtype=self._dtype,
                                            default_initializer=init)
        self.bias = self.create_parameter(shape=[out_channels], attr=self._bias_attr, dtype=self._dtype,
                                          is_bias=True)

    def extra_repr(self):
        s = f"{self._in_channels}, {self._out_channels}, kernel_size={self._kernel_size}"
        if self._stride != [1] * len(self._stride):
            s += f", stride={self._stride}"
        if self._padding != 0:
            s += f", padding={self._padding}"
        if self._padding_mode != "zeros":
            s += f", padding_mode={self._padding_mode}"
        if self.output_padding != 0:
            s += f", output_padding={self.output_padding}"
        if self._dilation != [1] * len(self._dilation):
            s += f", dilation={self._dilation}"
        if self._groups != 1:
            s += f", groups={self._groups}"
        return s + f", data_format={self._data_format}"

    def _pad_input(self, x):
        if self._padding_mode == "zeros":
            return x, self._padding
        return F.pad(x, self._reversed_padding_repeated_twice, mode=self._padding_mode,
                     data_format=self._data_format), 0


class Conv1D(_ConvNd):
    """1-D convolution layer over [N, C, L] (or NLC); weight [out_channels, in_channels/groups, K].

    Args:
        in_channels (int): The number of channels of the input.
        out_channels (int): The number of channels of the output.
        kernel_size (int|Sequence[int]): The size of the kernel: one int for every spatial dimension, or one
            per dimension.
        stride (int|Sequence[int], optional): The step of the window: one int for every spatial dimension, or
            one per dimension. Default: 1.
        padding (int|str|Sequence[int], optional): The zero padding: an int, one per dimension, pairs per
            dimension, or 'SAME'/'VALID'. Default: 0.
        dilation (int|Sequence[int], optional): The spacing between kernel elements: one int, or one per
            dimension. Default: 1.
        groups (int, optional): The number of groups the channels are split into (grouped convolution).
            Default: 1.
        bias (bool, optional): Whether the layer has a bias. Default: True.
        padding_mode (str, optional): How the border is padded: 'zeros', 'reflect', 'replicate' or 'circular'.
            Default: "zeros".
        device (PlaceLike|None, optional): Where the result lives; None is the current device (this package
            computes on the CPU). Default: None.
        dtype (DTypeLike|None, optional): The data type of the parameters. Default: None.
        weight_attr (ParamAttrLike|None, optional): The weight's ParamAttr (name, initializer, ...); None
            means the default. Default: None.
        bias_attr (ParamAttrLike|None, optional): The bias's ParamAttr (name, initializer, ...); False means
            no bias; None the default. Default: None.
        data_format (str, optional): The layout of the input, e.g. 'NCHW' (channels first) or 'NHWC' (channels
            last). Default: "NCL".

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> conv = paddle.nn.Conv1D(3, 2, 3)
            >>> conv.weight.shape
            paddle.Size([2, 3, 3])
            >>> conv(paddle.ones([1, 3, 4])).shape
            paddle.Size([1, 2, 2])
    """

    def __init__(self, in_channels: int, out_channels: int, kernel_size: int | Sequence[int],
                 stride: int | Sequence[int] = 1, padding: int | str | Sequence[int] = 0,
                 dilation: int | Sequence[int] = 1, groups: int = 1, *, bias: bool = True,
                 padding_mode: str = "zeros", device: PlaceLike | None = None, dtype: DTypeLike | None = None,
                 weight_attr: ParamAttrLike | None = None, bias_attr: ParamAttrLike | None = None,
                 data_format: str = "NCL") -> None:
        super().__init__(in_channels, out_channels, kernel_size, False, 1, stride=stride, padding=padding,
                         padding_mode=padding_mode, dilation=dilation, groups=groups, weight_attr=weight_attr,
                         bias_attr=False if bias is False else bias_attr, data_format=data_format, device=device,
                         dtype=dtype)

    @param_alias(input="x")
    def forward(self, x):
        x, padding = self._pad_input(x)
        return F.conv1d(x, self.weight, bias=self.bias, padding=padding, stride=self._stride,
                        dilation=self._dilation, groups=self._groups, data_format=self._data_format)


class Conv2D(_ConvNd):
    """2-D convolution layer over [N, C, H, W] (or NHWC); weight [out_channels, in_channels/groups, kH, kW],
    Normal(0, sqrt(2 / (in_channels * kH * kW))) by default.

    Args:
        in_channels (int): The number of channels of the input.
        out_channels (int): The number of channels of the output.
        kernel_size (int|Sequence[int]): The size of the kernel: one int for every spatial dimension, or one
            per dimension.
        stride (int|Sequence[int], optional): The step of the window: one int for every spatial dimension, or
            one per dimension. Default: 1.
        padding (int|str|Sequence[int], optional): The zero padding: an int, one per dimension, pairs per
            dimension, or 'SAME'/'VALID'. Default: 0.
        dilation (int|Sequence[int], optional): The spacing between kernel elements: one int, or one per
            dimension. Default: 1.
        groups (int, optional): The number of groups the channels are split into (grouped convolution).
            Default: 1.
        bias (bool, optional): Whether the layer has a bias (torch-style; bias_attr=False also removes it).
            Default: True.
        padding_mode (str, optional): How the border is padded: 'zeros', 'reflect', 'replicate' or 'circular'.
            Default: "zeros".
        device (PlaceLike|None, optional): Where the result lives; None is the current device (this package
            computes on the CPU). Default: None.
        dtype (DTypeLike|None, optional): The data type of the weight and bias; None means the default.
            Default: None.
        weight_attr (ParamAttrLike|None, optional): The weight's ParamAttr (name, initializer, ...); None
            means the default. Default: None.
        bias_attr (ParamAttrLike|None, optional): The bias's ParamAttr (name, initializer, ...); False means
            no bias; None the default. Default: None.
        data_format (str, optional): The layout of the input, e.g. 'NCHW' (channels first) or 'NHWC' (channels
            last). Default: "NCHW".

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> conv = paddle.nn.Conv2D(4, 6, (3, 3))
            >>> conv.weight.name
            'conv2d_0.w_0'
            >>> conv(paddle.ones([2, 4, 8, 8])).shape
            paddle.Size([2, 6, 6, 6])
    """

    def __init__(self, in_channels: int, out_channels: int, kernel_size: int | Sequence[int],
                 stride: int | Sequence[int] = 1, padding: int | str | Sequence[int] = 0,
                 dilation: int | Sequence[int] = 1, groups: int = 1, *, bias: bool = True,
                 padding_mode: str = "zeros", device: PlaceLike | None = None, dtype: DTypeLike | None = None,
                 weight_attr: ParamAttrLike | None = None, bias_attr: ParamAttrLike | None = None,
                 data_format: str = "NCHW") -> None:
        super().__init__(in_channels, out_channels, kernel_size, False, 2, stride=stride, padding=padding,
                         padding_mode=padding_mode, dilation=dilation, groups=groups, weight_attr=weight_attr,
                         bias_attr=False if bias is False else bias_attr, data_format=data_format, device=device,
                         dtype=dtype)

    @param_alias(input="x")
    def forward(self, x):
        x, _ = self._pad_input(x)
        return F.conv2d(x, self.weight, self.bias, self._stride, self._updated_padding_arg(), self._dilation,
                        self._groups, self._data_format)

    def _updated_padding_arg(self):
        """The padding in the form F.conv2d accepts (the algorithm name for 'same'/'valid')."""
        if self._padding_algorithm != "EXPLICIT":
            return self._padding_algorithm
        return self._updated_padding


class Conv3D(Conv2D):
    """3-D convolution layer over [N, C, D, H, W] (or NDHWC); weight [out, in/groups, kD, kH, kW].

    Args:
        in_channels (int): The number of channels of the input.
        out_channels (int): The number of channels of the output.
        kernel_size (int|Sequence[int]): The size of the kernel: one int for every spatial dimension, or one
            per dimension.
        stride (int|Sequence[int], optional): The step of the window: one int for every spatial dimension, or
            one per dimension. Default: 1.
        padding (int|str|Sequence[int], optional): The zero padding: an int, one per dimension, pairs per
            dimension, or 'SAME'/'VALID'. Default: 0.
        dilation (int|Sequence[int], optional): The spacing between kernel elements: one int, or one per
            dimension. Default: 1.
        groups (int, optional): The number of groups the channels are split into (grouped convolution).
            Default: 1.
        bias (bool, optional): Whether the layer has a bias. Default: True.
        padding_mode (str, optional): How the border is padded: 'zeros', 'reflect', 'replicate' or 'circular'.
            Default: "zeros".
        device (PlaceLike|None, optional): Where the result lives; None is the current device (this package
            computes on the CPU). Default: None.
        dtype (DTypeLike|None, optional): The data type of the parameters. Default: None.
        weight_attr (ParamAttrLike|None, optional): The weight's ParamAttr (name, initializer, ...); None
            means the default. Default: None.
        bias_attr (ParamAttrLike|None, optional): The bias's ParamAttr (name, initializer, ...); False means
            no bias; None the default. Default: None.
        data_format (str, optional): The layout of the input, e.g. 'NCHW' (channels first) or 'NHWC' (channels
            last). Default: "NCDHW".

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> conv = paddle.nn.Conv3D(4, 6, (3, 3, 3))
            >>> conv(paddle.ones([2, 4, 8, 8, 8])).shape
            paddle.Size([2, 6, 6, 6, 6])
    """

    def __init__(self, in_channels: int, out_channels: int, kernel_size: int | Sequence[int],
                 stride: int | Sequence[int] = 1, padding: int | str | Sequence[int] = 0,
                 dilation: int | Sequence[int] = 1, groups: int = 1, *, bias: bool = True,
                 padding_mode: str = "zeros", device: PlaceLike | None = None, dtype: DTypeLike | None = None,
                 weight_attr: ParamAttrLike | None = None, bias_attr: ParamAttrLike | None = None,
                 data_format: str = "NCDHW") -> None:
        _ConvNd.__init__(self, in_channels, out_channels, kernel_size, False, 3, stride=stride, padding=padding,
                         padding_mode=padding_mode, dilation=dilation, groups=groups, weight_attr=weight_attr,
                         bias_attr=False if bias is False else bias_attr, data_format=data_format, device=device,
                         dtype=dtype)

    @param_alias(input="x")
    def forward(self, x):
        x, _ = self._pad_input(x)
        return F.conv3d(x, self.weight, self.bias, self._stride, self._updated_padding_arg(), self._dilation,
                        self._groups, self._data_format)


class Conv1DTranspose(_ConvNd):
    """1-D transposed convolution layer; weight [in_channels, out_channels/groups, K] (XavierUniform).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> conv = paddle.nn.Conv1DTranspose(2, 1, 2)
            >>> conv(paddle.ones([1, 2, 4])).shape
            paddle.Size([1, 1, 5])
    """

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0, groups=1,
                 dilation=1, weight_attr=None, bias_attr=None, data_format="NCL"):
        super().__init__(in_channels, out_channels, kernel_size, True, 1, stride=stride, padding=padding,
                         dilation=dilation, output_padding=output_padding, groups=groups, weight_attr=weight_attr,
                         bias_attr=bias_attr, data_format=data_format)

    @param_alias(input="x")
    def forward(self, x, output_size=None):
        return F.conv1d_transpose(x, self.weight, bias=self.bias, output_size=output_size,
                                  output_padding=self.output_padding, padding=self._padding, stride=self._stride,
                                  dilation=self._dilation, groups=self._groups, data_format=self._data_format)


class Conv2DTranspose(_ConvNd):
    """2-D transposed convolution layer; weight [in_channels, out_channels/groups, kH, kW] (XavierUniform).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> conv = paddle.nn.Conv2DTranspose(4, 6, (3, 3))
            >>> conv(paddle.ones([2, 4, 8, 8])).shape
            paddle.Size([2, 6, 10, 10])
    """

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0, dilation=1,
                 groups=1, weight_attr=None, bias_attr=None, data_format="NCHW"):
        super().__init__(in_channels, out_channels, kernel_size, True, 2, stride=stride, padding=padding,
                         dilation=dilation, output_padding=output_padding, groups=groups, weight_attr=weight_attr,
                         bias_attr=bias_attr, data_format=data_format)

    @param_alias(input="x")
    def forward(self, x, output_size=None):
        return F.conv2d_transpose(x, self.weight, bias=self.bias, padding=self._padding,
                                  output_padding=self.output_padding if output_size is None else 0,
                                  stride=self._stride, dilation=self._dilation, groups=self._groups,
                                  output_size=output_size, data_format=self._data_format)


class Conv3DTranspose(_ConvNd):
    """3-D transposed convolution layer; weight [in_channels, out_channels/groups, kD, kH, kW] (XavierUniform).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> conv = paddle.nn.Conv3DTranspose(4, 6, (3, 3, 3))
            >>> conv(paddle.ones([2, 4, 8, 8, 8])).shape
            paddle.Size([2, 6, 10, 10, 10])
    """

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0, dilation=1,
                 groups=1, weight_attr=None, bias_attr=None, data_format="NCDHW"):
        super().__init__(in_channels, out_channels, kernel_size, True, 3, stride=stride, padding=padding,
                         dilation=dilation, output_padding=output_padding, groups=groups, weight_attr=weight_attr,
                         bias_attr=bias_attr, data_format=data_format)

    @param_alias(input="x")
    def forward(self, x, output_size=None):
        return F.conv3d_transpose(x, self.weight, bias=self.bias, padding=self._padding,
                                  output_padding=self.output_padding if output_size is None else 0,
                                  stride=self._stride, dilation=self._dilation, groups=self._groups,
                                  output_size=output_size, data_format=self._data_format)
