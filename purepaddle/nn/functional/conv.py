"""paddle.nn.functional convolutions: conv1d/2d/3d and their transposes (ops conv2d, conv3d, ...), and
Paddle's rules for N-d arguments (sizes, strides, paddings, data formats) that pooling, interpolate,
unfold/fold and the vision functions follow too."""
import numbers

from ..._core.dispatch import AMP, apply
from ..._core.methods import TensorMethods
from ..._core.tensor import Tensor
from ...ops import conv as C
from ...ops.math import elementwise as E
from ...ops.manipulation import shape as S
from ...tensor._check import check_float_input, check_format, kernel_error, need_tensor

__all__ = ["conv1d", "conv2d", "conv3d", "conv1d_transpose", "conv2d_transpose", "conv3d_transpose"]


# -- N-d argument rules --------------------------------------------------------------------------------
def convert_to_list(value, n, name):
    """An int or a length-n sequence of ints -> a list of n ints (Paddle's utils.convert_to_list)."""
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        return [int(value)] * n
    if isinstance(value, TensorMethods):
        raise TypeError(f"`{name}` required numerical type with `<class 'int'>`, but received Tensor.")
    try:
        values = list(value)
    except TypeError:
        raise ValueError(f"The {name}'s type must be list or tuple. Received: {value}") from None
    if len(values) != n:
        raise ValueError(f"The {name}'s length must be {n}. Received: {value}")
    out = []
    for v in values:
        if isinstance(v, TensorMethods):
            raise TypeError(f"`{name}` required numerical type with `<class 'int'>`, but received Tensor.")
        try:
            out.append(int(v))
        except (TypeError, ValueError):
            raise ValueError(f"The {name}'s type must be a list or tuple of {n} <class 'int'>. Received: {value} "
                             f"including element {v} of type {type(v)}") from None
    return out


def _symmetric(p, nd):
    return all(p[2 * i] == p[2 * i + 1] for i in range(nd)) if len(p) == 2 * nd else True


def update_padding(padding, nd, channel_last, ceil_mode=None, check_negative=True):
    """Paddle's padding forms -> (paddings attr, padding_algorithm).

    'same'/'valid'; an int; nd ints; 2*nd ints [before, after, ...]; or nd+2 pairs including zero
    pairs for the batch and channel dims. Symmetric pairs collapse to nd ints, as Paddle does.
    """
    if isinstance(padding, str):
        algo = padding.upper()
        if algo not in ("SAME", "VALID"):
            raise ValueError(f"Unknown padding: '{algo}'. It can only be 'SAME' or 'VALID'.")
        if algo == "VALID" and ceil_mode:
            raise ValueError('When Attr(padding) is "VALID", Attr(ceil_mode) must be False. Received ceil_mode: '
                             'True.')
        return [0] * nd, algo
    if isinstance(padding, (list, tuple)):
        if len(padding) == nd + 2 and isinstance(padding[0], (list, tuple)):
            keep = [list(p) for p in padding]
            batch_chan = (keep[0], keep[-1]) if channel_last else (keep[0], keep[1])
            if batch_chan[0] != [0, 0] or batch_chan[1] != [0, 0]:
                raise ValueError(f"Non-zero padding({padding}) in the batch or channel dimensions is not supported.")
            spatial = keep[1:-1] if channel_last else keep[2:]
            p = [int(v) for pair in spatial for v in pair]
            p = p[0::2] if _symmetric(p, nd) else p
        elif len(padding) == 2 * nd and isinstance(padding[0], numbers.Integral):
            p = convert_to_list(padding, 2 * nd, "padding")
            p = p[0::2] if _symmetric(p, nd) else p
        elif len(padding) == nd and isinstance(padding[0], numbers.Integral):
            p = convert_to_list(padding, nd, "padding")
        else:
            raise ValueError(f"In valid padding: {padding}")
    else:
        p = convert_to_list(padding, nd, "padding")
    if check_negative and not all(v >= 0 for v in p):
        raise ValueError(f"Invalid padding, all value should be larger than or equal to 0, but received: {p}")
    return p, "EXPLICIT"


def expand_1d(values, fill):
    """Lift a 1-D attr list to 2-D by prepending `fill` for the inserted unit dim (pads get 0 or [0, 0])."""
    if len(values) == 2:
        return [fill, fill] + list(values)
    return [fill] + list(values)


# -- convolutions --------------------------------------------------------------------------------------
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
