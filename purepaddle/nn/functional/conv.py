"""paddle.nn.functional convolutions: conv1d/2d/3d and their transposes (ops conv2d, conv3d, ...)."""
from ..._core.dispatch import AMP, apply
from ..._core.tensor import Tensor
from ...ops import conv as C
from ...ops import elementwise as E
from ...ops import shape as S
from ._nd_args import check_float_input, check_format, convert_to_list, update_padding

__all__ = ["conv1d", "conv2d", "conv3d", "conv1d_transpose", "conv2d_transpose", "conv3d_transpose"]

_GROUPS_ZERO = {"conv1d": "The groups of conv1d should not be zero", "conv2d": "The groups of conv2d should be not "
                "be zero.", "conv3d": "The groups of conv3d should not be 0."}


def add_bias(out, bias, channel_dim):
    """out + bias along the channel dim (bias reshaped to [1, C, 1, ...] for channel-first layouts)."""
    if bias is None:
        return out
    n = len(out.shape)
    if channel_dim % n != n - 1 and len(bias.shape) < n:
        shape = [1] * n
        shape[channel_dim % n] = -1
        bias = apply(S.Reshape, bias, shape=shape)
    return apply(E.ElementwiseAdd, out, bias, axis=-1)


def _same_dtype(x, weight, api):
    if x.dtype is not weight.dtype and AMP.active is None:  # auto_cast reconciles the dtypes in dispatch
        raise ValueError(f"(InvalidArgument) The type of data we are trying to retrieve ({x.dtype.name}) does not "
                         f"match the type of data ({weight.dtype.name}) currently contained in the container: {api} "
                         "needs x and weight of the same dtype.")


def _check_stride(stride):
    for s in stride:
        if s <= 0:
            raise ValueError(f"(InvalidArgument) The stride of Op(Conv) should be larger than 0, but received stride "
                             f"is {s}.")


def _conv(x, weight, bias, stride, padding, dilation, groups, data_format, nd, api):
    """The shared body of conv1d/2d/3d."""
    last = check_format(data_format, nd)
    check_float_input(x, api, "conv3d" if nd == 3 else "conv2d", "input")
    check_float_input(weight, api, "conv3d" if nd == 3 else "conv2d", "weight")
    if len(x.shape) != nd + 2:
        raise ValueError(f"Input x should be {nd + 2}D tensor, but received x with the shape of {x.shape}")
    if len(weight.shape) != nd + 2:
        raise ValueError(f"Input weight should be {nd + 2}D tensor, but received weight with the shape of "
                         f"{weight.shape}")
    _same_dtype(x, weight, api)
    channel_dim = -1 if last else 1
    channels, filters = x.shape[channel_dim], weight.shape[0]
    if groups == 0:
        raise ValueError(_GROUPS_ZERO[api])
    if channels >= 0 and channels % groups:
        raise ValueError(f"The channel of input must be divisible by groups,received: the channel of input is "
                         f"{channels}, the shape of input is {x.shape}, the groups is {groups}")
    if filters >= 0 and filters % groups:
        raise ValueError(f"The number of filters must be divisible by groups,received: the number of filters is "
                         f"{filters}, the shape of weight is {weight.shape}, the groups is {groups}")
    if channels >= 0 and weight.shape[1] >= 0 and channels != weight.shape[1] * groups:
        raise ValueError(
            "(InvalidArgument) The number of input's channels should be equal to filter's channels * groups for "
            f"Op(Conv). But received: the input's channels is {channels}, the input's shape is {list(x.shape)}; the "
            f"filter's channels is {weight.shape[1]}, the filter's shape is {list(weight.shape)}; the groups is "
            f"{groups}, the data_format is {'NHWC' if last and nd == 1 else data_format}. The error may come from "
            "wrong data_format setting.")
    padding, algo = update_padding(padding, nd, last)
    stride = convert_to_list(stride, nd, "stride")
    dilation = convert_to_list(dilation, nd, "dilation")
    _check_stride(stride)
    fmt = data_format
    if nd == 1:  # Paddle runs conv1d as conv2d over [N, C, 1, L]
        padding = [0, 0] + padding if len(padding) == 2 else [0] + padding
        stride, dilation = [1] + stride, [1] + dilation
        fmt = "NHWC" if last else "NCHW"
        axis = -3 if last else -2
        weight = apply(S.Unsqueeze, weight, axes=[-2])
        x = apply(S.Unsqueeze, x, axes=[axis])
    if nd == 3:
        op = C.Conv3d
    elif channels == groups and channels != 1 and filters % channels == 0 and nd == 2:
        op = C.DepthwiseConv2d
    else:
        op = C.Conv2d
    out = apply(op, x, weight, strides=stride, paddings=padding, padding_algorithm=algo, dilations=dilation,
                groups=groups, data_format=fmt)
    if nd == 1:
        out = apply(S.Squeeze, out, axes=[axis])
    return add_bias(out, bias, channel_dim)


def conv1d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1, data_format="NCL", name=None):
    """1-D convolution of x [N, C, L] (or NLC) with weight [M, C/groups, K].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> x = paddle.to_tensor([[[1., 2., 3., 4.]]])
            >>> w = paddle.to_tensor([[[1., 0., -1.]]])
            >>> F.conv1d(x, w)
            Tensor(shape=[1, 1, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[[-2., -2.]]])
    """
    return _conv(x, weight, bias, stride, padding, dilation, groups, data_format, 1, "conv1d")


def conv2d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1, data_format="NCHW", name=None):
    """2-D convolution of x [N, C, H, W] (or NHWC) with weight [M, C/groups, kH, kW].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> x = paddle.ones([1, 1, 3, 3])
            >>> w = paddle.ones([1, 1, 2, 2])
            >>> F.conv2d(x, w, padding=1).shape
            paddle.Size([1, 1, 4, 4])
    """
    return _conv(x, weight, bias, stride, padding, dilation, groups, data_format, 2, "conv2d")


def conv3d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1, data_format="NCDHW", name=None):
    """3-D convolution of x [N, C, D, H, W] (or NDHWC) with weight [M, C/groups, kD, kH, kW].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> x = paddle.ones([1, 2, 4, 4, 4])
            >>> w = paddle.ones([3, 2, 3, 3, 3])
            >>> F.conv3d(x, w).shape
            paddle.Size([1, 3, 2, 2, 2])
    """
    return _conv(x, weight, bias, stride, padding, dilation, groups, data_format, 3, "conv3d")


def _output_size(output_size, output_padding, nd):
    """Paddle's output_size / output_padding attrs ([] when unset; the two are mutually exclusive)."""
    size = []
    if output_size is not None:
        if output_padding != 0:
            raise ValueError("output_padding option is mutually exclusive with output_size")
        if isinstance(output_size, Tensor):
            vals = [int(v) for v in output_size._data.reshape(-1)]
        elif isinstance(output_size, (list, tuple)):
            vals = [int(v._data.reshape(-1)[0]) if isinstance(v, Tensor) else v for v in output_size]
        elif isinstance(output_size, int):
            vals = output_size
        else:
            raise ValueError("output_size should be int, or list, tuple of ints")
        if isinstance(vals, list) and len(vals) == 1 and nd > 1:
            vals = vals * nd
        size = convert_to_list(vals, nd, "output_size")
    opad = [] if output_padding == 0 else convert_to_list(output_padding, nd, "output_padding")
    return size, opad


def _conv_transpose(x, weight, bias, stride, padding, output_padding, groups, dilation, output_size, data_format, nd,
                    api):
    """The shared body of conv1d/2d/3d_transpose."""
    allowed = {1: ("NCL", "NLC"), 2: ("NCHW", "NHWC"), 3: ("NCDHW", "NDHWC")}[nd]
    if data_format not in allowed:
        if nd == 3:
            check_format(data_format, 3)
        raise ValueError(f"Attr(data_format) of conv2d_transpose got wrong value: received {data_format}, but only "
                         f"'{allowed[0]}' or '{allowed[1]}' are supported.")
    last = data_format == allowed[1]
    check_float_input(x, api, "conv3d_transpose" if nd == 3 else "conv2d_transpose", "x")
    check_float_input(weight, api, "conv3d_transpose" if nd == 3 else "conv2d_transpose", "weight")
    if len(x.shape) != nd + 2:
        raise ValueError(f"Input x should be {nd + 2}D tensor, but received x with the shape of {x.shape}")
    if len(weight.shape) != nd + 2:
        raise ValueError(f"Input weight should be {nd + 2}D tensor, but received weight with the shape of "
                         f"{weight.shape}")
    _same_dtype(x, weight, api)
    channel_dim = -1 if last else 1
    channels = x.shape[channel_dim]
    if groups == 0:
        raise ValueError(f"The groups of {api} should not be zero.")
    if channels >= 0 and channels % groups:
        raise ValueError(f"the channel of input must be divisible by groups,received: the channel of input is "
                         f"{channels}, the shape of input is {x.shape}, the groups is {groups}")
    if channels >= 0 and weight.shape[0] >= 0 and channels != weight.shape[0]:
        raise ValueError(
            f"(InvalidArgument) The number of input's channels should be equal to filter's channels. But received: "
            f"the input's channels is {channels}, the input's shape is {list(x.shape)}; the filter's channels is "
            f"{weight.shape[0]}, the filter's shape is {list(weight.shape)}.")
    padding, algo = update_padding(padding, nd, last)
    stride = convert_to_list(stride, nd, "stride")
    dilation = convert_to_list(dilation, nd, "dilation")
    _check_stride(stride)
    size, opad = _output_size(output_size, output_padding, nd)
    filters = weight.shape[1]
    fmt = data_format
    if nd == 1:  # Paddle runs conv1d_transpose as conv2d_transpose over [N, C, L, 1]
        if opad and opad[0] > stride[0]:
            raise ValueError(f"The size of output_padding should not be greater than stride.But got output_padding="
                             f"{opad[0]} and stride={stride[0]}")
        padding = padding + [0, 0] if len(padding) == 2 else padding + [0]
        stride, dilation = stride + [1], dilation + [1]
        size = size + [1] if size else size
        opad = opad + [0] if opad else opad
        fmt = "NHWC" if last else "NCHW"
        axis = -2 if last else -1
        x = apply(S.Unsqueeze, x, axes=[axis])
        weight = apply(S.Unsqueeze, weight, axes=[-1])
    if nd == 3:
        op, fmt = C.Conv3dTranspose, ("NHWC" if last else "NCHW")
    elif channels == groups and channels != 1 and filters == 1:
        op = C.DepthwiseConv2dTranspose
    else:
        op = C.Conv2dTranspose
    out = apply(op, x, weight, None, output_padding=opad, output_size=size, strides=stride, paddings=padding,
                padding_algorithm=algo, dilations=dilation, groups=groups, data_format=fmt)
    out = add_bias(out, bias, -1 if last else 1)
    if nd == 1:
        out = apply(S.Squeeze, out, axes=[axis])
    return out


def conv1d_transpose(x, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1,
                     output_size=None, data_format="NCL", name=None):
    """1-D transposed convolution of x [N, C, L] with weight [C, M/groups, K].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> x = paddle.to_tensor([[[1., 2.]]])
            >>> w = paddle.to_tensor([[[1., 1.]]])
            >>> F.conv1d_transpose(x, w)
            Tensor(shape=[1, 1, 3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[[1., 3., 2.]]])
    """
    return _conv_transpose(x, weight, bias, stride, padding, output_padding, groups, dilation, output_size,
                           data_format, 1, "conv1d_transpose")


def conv2d_transpose(x, weight, bias=None, stride=1, padding=0, output_padding=0, dilation=1, groups=1,
                     output_size=None, data_format="NCHW", name=None):
    """2-D transposed convolution of x [N, C, H, W] with weight [C, M/groups, kH, kW].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> x = paddle.ones([1, 2, 3, 3])
            >>> w = paddle.ones([2, 4, 3, 3])
            >>> F.conv2d_transpose(x, w, stride=2).shape
            paddle.Size([1, 4, 7, 7])
    """
    return _conv_transpose(x, weight, bias, stride, padding, output_padding, groups, dilation, output_size,
                           data_format, 2, "conv2d_transpose")


def conv3d_transpose(x, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1,
                     output_size=None, data_format="NCDHW", name=None):
    """3-D transposed convolution of x [N, C, D, H, W] with weight [C, M/groups, kD, kH, kW].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> x = paddle.ones([1, 2, 2, 2, 2])
            >>> w = paddle.ones([2, 3, 2, 2, 2])
            >>> F.conv3d_transpose(x, w).shape
            paddle.Size([1, 3, 3, 3, 3])
    """
    return _conv_transpose(x, weight, bias, stride, padding, output_padding, groups, dilation, output_size,
                           data_format, 3, "conv3d_transpose")
