"""paddle.static.nn convolutions: conv3d, conv2d_transpose, conv3d_transpose, deform_conv2d (deformable_conv).

Each appends Paddle's legacy op (`conv3d`, `conv2d_transpose`, `conv3d_transpose`, `deformable_conv`
or `deformable_conv_v1`), then the bias (`elementwise_add` along the channel axis) and the
activation, with parameters named `{layer}_N.w_0` / `{layer}_N.b_0` as Paddle's LayerHelper does.
"""
import numbers

from ..._core.dispatch import apply
from ..._core.op import OPS
from ...nn.functional.conv import convert_to_list, update_padding
from ...nn.initializer import Normal
from ..program import Variable
from ...tensor._check import check_variable
from .layer_helper import LayerHelper, prod, static_only

__all__ = ["conv3d", "conv2d_transpose", "conv3d_transpose", "deformable_conv", "deform_conv2d"]

_FLOATS = ("float16", "bfloat16", "float32", "float64")


def _channels(input, last):
    c = input.shape[-1 if last else 1]
    if c < 0:
        raise ValueError(f"The channel dimension of the input({input.shape}) should be defined. Received: {c}.")
    return c


def _groups(groups, channels, api):
    if groups is None:
        return 1
    if not isinstance(groups, numbers.Integral) or groups <= 0:
        raise ValueError(f"the groups of {api} should be greater than 0. Received groups: {groups}")
    if channels % groups != 0:
        raise ValueError(f"The number of input channels must be divisible by Attr(groups) in {api}. Received: "
                         f"number of channels({channels}), groups({groups}).")
    return int(groups)


def _check_cudnn(use_cudnn):
    if not isinstance(use_cudnn, bool):
        raise ValueError(f"Attr(use_cudnn) should be True or False. Received Attr(use_cudnn): {use_cudnn}. ")


def conv3d(input, num_filters, filter_size, stride=1, padding=0, dilation=1, groups=None, param_attr=None,
           bias_attr=None, use_cudnn=True, act=None, name=None, data_format="NCDHW"):
    """3-D convolution (`conv3d` op) plus bias and activation; the filter defaults to N(0, sqrt(2/fan_in)).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> data = paddle.static.data(name='data', shape=[None, 3, 12, 32, 32], dtype='float32')
            >>> out = paddle.static.nn.conv3d(input=data, num_filters=2, filter_size=3, act="relu")
            >>> print(out.shape)
            (-1, 2, 10, 30, 30)
            >>> paddle.disable_static()
    """
    static_only("conv3d")
    check_variable(input, "input", "conv3d", _FLOATS)
    if param_attr is False:
        raise AssertionError("param_attr should not be False here.")
    _check_cudnn(use_cudnn)
    if data_format not in ("NCDHW", "NDHWC"):
        raise ValueError(f"Attr(data_format) should be 'NCDHW' or 'NDHWC'. Received Attr(data_format): "
                         f"{data_format}.")
    if len(input.shape) != 5:
        raise ValueError(f"Input should be 5D tensor, but received input with the shape of {input.shape}")
    last = data_format == "NDHWC"
    channels = _channels(input, last)
    g = _groups(groups, channels, "conv3d")
    ksize = convert_to_list(filter_size, 3, "filter_size")
    pads, algo = update_padding(padding, 3, last)
    fan_in = prod(ksize) * channels
    helper = LayerHelper("conv3d", name)
    w = helper.param(param_attr, [num_filters, channels // g] + ksize, input.dtype,
                     default_initializer=Normal(0.0, (2.0 / fan_in) ** 0.5))
    with helper.outputs():
        out = apply(OPS["conv3d"], input, w, strides=convert_to_list(stride, 3, "stride"), paddings=pads,
                    dilations=convert_to_list(dilation, 3, "dilation"), groups=g, use_cudnn=use_cudnn,
                    padding_algorithm=algo, data_format=data_format)
    b = helper.param(bias_attr, [num_filters], input.dtype, is_bias=True)
    return helper.act(helper.bias(out, b, 4 if last else 1), act)


def _output_size(output_size, nd, api):
    """output_size as a list of nd ints ([] when None)."""
    if output_size is None:
        return []
    if isinstance(output_size, Variable):
        raise ValueError(f"output_size of {api} as a Tensor is not supported by purepaddle's static layer; "
                         "pass a list of ints")
    if isinstance(output_size, (list, tuple)) and any(isinstance(v, Variable) for v in output_size):
        raise ValueError(f"output_size of {api} containing Tensors is not supported by purepaddle's static "
                         "layer; pass a list of ints")
    if isinstance(output_size, (numbers.Integral, list, tuple)):
        return convert_to_list(output_size, nd, "output_size")
    raise ValueError("output_size should be int, list[int] or tuple[int] or Tensor")


def _transpose_filter_size(filter_size, output_size, in_sp, stride, pads, dilation, nd, api):
    """The filter size: given, or the one that makes the output exactly output_size."""
    if filter_size is not None:
        return convert_to_list(filter_size, nd, f"{api}.filter_size")
    if not output_size:
        raise ValueError("output_size must be set when filter_size is None")
    full = pads if len(pads) == 2 * nd else [p for v in pads for p in (v, v)]
    return [(o - (n - 1) * s + full[2 * i] + full[2 * i + 1] - 1) // d + 1
            for i, (o, n, s, d) in enumerate(zip(output_size, in_sp, stride, dilation))]


def _conv_transpose(op_type, nd, input, num_filters, output_size, filter_size, padding, stride, dilation, groups,
                    param_attr, bias_attr, use_cudnn, act, name, data_format, formats):
    api = op_type
    static_only(api)
    if param_attr is False:
        raise AssertionError(f"param_attr should not be False in {api}.")
    if data_format not in formats:
        raise ValueError(f"Attr(data_format) of Op(paddle.static.nn.layers.{api}) got wrong value: received "
                         f"{data_format} but only {' or '.join(formats)} supported.")
    if not isinstance(input, Variable):
        raise TypeError(f"Input of {api} must be Tensor")
    if len(input.shape) != nd + 2:
        raise ValueError(f"Input size should be {nd + 2}, but received {len(input.shape)}")
    if num_filters == 0:
        raise ValueError("num of filters should not be 0.")
    _check_cudnn(use_cudnn)
    last = data_format == formats[1]
    channels = input.shape[-1 if last else 1]
    stride = convert_to_list(stride, nd, "stride")
    dilation = convert_to_list(dilation, nd, "dilation")
    pads, algo = update_padding(padding, nd, last)
    size = _output_size(output_size, nd, api)
    in_sp = list(input.shape[1:-1] if last else input.shape[2:])
    ksize = _transpose_filter_size(filter_size, size, in_sp, stride, pads, dilation, nd, api)
    g = 1 if groups is None else groups
    if not isinstance(g, numbers.Integral) or g <= 0:
        raise ValueError(f"the groups of input must be greater than 0, but received the groups of input is {g}")
    if num_filters % g != 0:
        raise ValueError(f"Attr(num_filters) must be divisible by groups,Received: Attr(num_filters) is "
                         f"{num_filters}, the groups is {g}")
    op = op_type
    if op_type == "conv2d_transpose" and channels == g and num_filters == channels and not use_cudnn:
        op = "depthwise_conv2d_transpose"
    helper = LayerHelper(op, name)
    w = helper.param(param_attr, [channels, num_filters // g] + ksize, input.dtype)
    # Paddle's conv3d_transpose op names its layouts NCHW / NHWC
    fmt = ("NHWC" if last else "NCHW") if nd == 3 else data_format
    with helper.outputs():
        out = apply(OPS[op], input, w, None, output_size=size, strides=stride, paddings=pads,
                    padding_algorithm=algo, dilations=dilation, groups=int(g), use_cudnn=use_cudnn, data_format=fmt,
                    output_padding=[])
    b = helper.param(bias_attr, [num_filters], input.dtype, is_bias=True)
    return helper.act(helper.bias(out, b, nd + 1 if last else 1), act)


def conv2d_transpose(input, num_filters, output_size=None, filter_size=None, padding=0, stride=1, dilation=1,
                     groups=None, param_attr=None, bias_attr=None, use_cudnn=True, act=None, name=None,
                     data_format="NCHW"):
    """2-D transposed convolution (`conv2d_transpose` op) plus bias and activation.

    The filter is [C_in, num_filters / groups, kh, kw] (XavierUniform by default); without
    filter_size it is chosen so the output is exactly output_size.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> data = paddle.static.data(name='data', shape=[None, 3, 32, 32], dtype='float32')
            >>> out = paddle.static.nn.conv2d_transpose(input=data, num_filters=2, filter_size=3)
            >>> print(out.shape)
            (-1, 2, 34, 34)
            >>> paddle.disable_static()
    """
    return _conv_transpose("conv2d_transpose", 2, input, num_filters, output_size, filter_size, padding, stride,
                           dilation, groups, param_attr, bias_attr, use_cudnn, act, name, data_format,
                           ("NCHW", "NHWC"))


def conv3d_transpose(input, num_filters, output_size=None, filter_size=None, padding=0, stride=1, dilation=1,
                     groups=None, param_attr=None, bias_attr=None, use_cudnn=True, act=None, name=None,
                     data_format="NCDHW"):
    """3-D transposed convolution (`conv3d_transpose` op) plus bias and activation.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> data = paddle.static.data(name='data', shape=[None, 3, 12, 32, 32], dtype='float32')
            >>> out = paddle.static.nn.conv3d_transpose(input=data, num_filters=2, filter_size=3, act="relu")
            >>> print(out.shape)
            (-1, 2, 14, 34, 34)
            >>> paddle.disable_static()
    """
    return _conv_transpose("conv3d_transpose", 3, input, num_filters, output_size, filter_size, padding, stride,
                           dilation, groups, param_attr, bias_attr, use_cudnn, act, name, data_format,
                           ("NCDHW", "NDHWC"))


def deformable_conv(input, offset, mask, num_filters, filter_size, stride=1, padding=0, dilation=1, groups=None,
                    deformable_groups=None, im2col_step=None, param_attr=None, bias_attr=None, modulated=True,
                    name=None):
    """Deformable convolution: each kernel tap samples the input (bilinearly) at its grid position plus
    a learned `offset`, weighted by `mask` when modulated (v2, `deformable_conv` op; v1 without mask,
    `deformable_conv_v1`). offset is [N, 2 * deformable_groups * kh * kw, H_out, W_out] as (dy, dx)
    pairs; mask is [N, deformable_groups * kh * kw, H_out, W_out].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> data = paddle.static.data(name='data', shape=[None, 3, 8, 8], dtype='float32')
            >>> offset = paddle.static.data(name='offset', shape=[None, 18, 8, 8], dtype='float32')
            >>> mask = paddle.static.data(name='mask', shape=[None, 9, 8, 8], dtype='float32')
            >>> out = paddle.static.nn.common.deformable_conv(input=data, offset=offset, mask=mask,
            ...                                                num_filters=2, filter_size=3, padding=1)
            >>> print(out.shape)
            (-1, 2, 8, 8)
            >>> paddle.disable_static()
    """
    static_only("deformable_conv")
    check_variable(input, "input", "deformable_conv", ("float32", "float64"))
    check_variable(offset, "offset", "deformable_conv", ("float32", "float64"))
    if mask is not None and not isinstance(mask, Variable):
        raise TypeError(f"The type of 'mask' in deformable_conv must be (<class 'paddle.static.Variable'>, "
                        f"<class 'NoneType'>), but received {type(mask)}. ")
    if len(input.shape) != 4:
        raise ValueError(f"The input should be of [N, C, H, W] format, but received {list(input.shape)}")
    if param_attr is False:
        raise AssertionError("param_attr should not be False here.")
    if modulated and mask is None:
        raise ValueError("deformable_conv with modulated=True (deformable conv v2) needs a mask")
    channels = _channels(input, False)
    if groups is not None and groups == 0:
        raise ValueError("groups should not be 0.")
    g = _groups(groups, channels, "deformable_conv")
    ksize = convert_to_list(filter_size, 2, "filter_size")
    helper = LayerHelper("deformable_conv", name)
    fan_in = prod(ksize) * channels
    w = helper.param(param_attr, [num_filters, channels // g] + ksize, input.dtype,
                     default_initializer=Normal(0.0, (2.0 / fan_in) ** 0.5))
    attrs = dict(strides=convert_to_list(stride, 2, "stride"), paddings=convert_to_list(padding, 2, "padding"),
                 dilations=convert_to_list(dilation, 2, "dilation"), groups=g,
                 deformable_groups=1 if deformable_groups is None else int(deformable_groups),
                 im2col_step=64 if im2col_step is None else int(im2col_step))
    with helper.outputs():
        if modulated:
            out = apply(OPS["deformable_conv"], input, offset, mask, w, **attrs)
        else:
            out = apply(OPS["deformable_conv_v1"], input, offset, w, **attrs)
    b = helper.param(bias_attr, [num_filters], input.dtype, is_bias=True)
    return helper.bias(out, b, 1)


def deform_conv2d(x, offset, mask, num_filters, filter_size, stride=1, padding=0, dilation=1, groups=1,
                  deformable_groups=1, im2col_step=1, weight_attr=None, bias_attr=None, name=None):
    """Deformable convolution v2 (`deformable_conv` op) when `mask` is given, v1 (`deformable_conv_v1`)
    when it is None; see deformable_conv.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> data = paddle.static.data(name='data', shape=[None, 3, 8, 8], dtype='float32')
            >>> offset = paddle.static.data(name='offset', shape=[None, 18, 8, 8], dtype='float32')
            >>> out = paddle.static.nn.deform_conv2d(x=data, offset=offset, mask=None, num_filters=2,
            ...                                      filter_size=3, padding=1)
            >>> [op.type for op in paddle.static.default_main_program().global_block().ops][0]
            'deformable_conv_v1'
            >>> paddle.disable_static()
    """
    static_only("deform_conv2d")
    return deformable_conv(input=x, offset=offset, mask=mask, num_filters=num_filters, filter_size=filter_size,
                           stride=stride, padding=padding, dilation=dilation, groups=groups,
                           deformable_groups=deformable_groups, im2col_step=im2col_step, param_attr=weight_attr,
                           bias_attr=bias_attr, modulated=mask is not None, name=name)
