"""Piecewise-linear activations of paddle.nn.functional (ops in ops/activation/piecewise.py): relu, relu6,
leaky_relu, hardtanh, hardshrink, softshrink, thresholded_relu, hardsigmoid, hardswish, prelu, rrelu,
maxout, and the in-place forms.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from purepaddle._core.tensor import Tensor

from ...._core.dispatch import apply, apply_inplace
from ...._core.methods import TensorMethods
from ....ops import activation as _A
from ....tensor._check import kernel_error as _kernel_error
from ....tensor._check import need_tensor as _need_tensor
from .._param_alias import param_alias
from ._elementwise import _FLOATS, _act, _act_, _f32


def relu(x: Tensor, name: str | None = None) -> Tensor:
    """max(x, 0) elementwise.

    Args:
        x (Tensor): The input tensor.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Returns:
        Tensor: max(x, 0), elementwise.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.relu(paddle.to_tensor([-2., 0., 1.]))
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0., 0., 1.])
    """
    if not isinstance(x, TensorMethods):
        _need_tensor(x, "relu")
    if not x.dtype.is_floating:
        raise _kernel_error("relu", x.dtype, _FLOATS)
    return apply(_A.Relu, x)


def relu_(x, name=None):
    """In-place relu.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> x = paddle.to_tensor([-2., 0., 1.])
            >>> _ = F.relu_(x)
            >>> x
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0., 0., 1.])
    """
    if not isinstance(x, TensorMethods):
        _need_tensor(x, "relu_")
    if not x.dtype.is_floating:
        raise _kernel_error("relu", x.dtype, _FLOATS)
    return apply_inplace(_A.Relu, x)


@param_alias(input="x", lambd="threshold")
def hardshrink(x, threshold=0.5, name=None):
    """x where |x| > threshold, else 0.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.hardshrink(paddle.to_tensor([-1.0, 0.3, 2.5]))
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-1.        ,  0.        ,  2.50000000])
    """
    return _act(_A.HardShrink, x, "hardshrink", "hard_shrink", threshold=_f32(threshold))


def hardtanh(x, min=-1.0, max=1.0, name=None):  # noqa: A002
    """clip(x, min, max).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.hardtanh(paddle.to_tensor([-1.5, 0.3, 2.5]))
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-1.        ,  0.30000001,  1.        ])
    """
    return _act(_A.BRelu, x, "hardtanh", t_min=_f32(min), t_max=_f32(max))


def hardtanh_(x, min=-1.0, max=1.0, name=None):  # noqa: A002
    """In-place hardtanh."""
    return _act_(_A.BRelu, x, "hardtanh_", "hardtanh", t_min=_f32(min), t_max=_f32(max))


def hardsigmoid(x, slope=0.1666667, offset=0.5, name=None):
    """clip(slope * x + offset, 0, 1).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.hardsigmoid(paddle.to_tensor([-4., 5., 1.]))
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.        , 1.        , 0.66666669])
    """
    return _act(_A.HardSigmoid, x, "hardsigmoid", "hard_sigmoid", slope=_f32(slope), offset=_f32(offset))


def hardswish(x, name=None):
    """x * clip(x + 3, 0, 6) / 6.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.hardswish(paddle.to_tensor([-4., 5., 1.]))
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-0.        , 5.        , 0.66666669])
    """
    return _act(_A.HardSwish, x, "hardswish", "hard_swish", threshold=6.0, scale=6.0, offset=3.0)


def leaky_relu(x, negative_slope=0.01, name=None):
    """x for x >= 0, else negative_slope * x.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.leaky_relu(paddle.to_tensor([-2.0, 0.0, 1.0]))
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-0.02000000,  0.        ,  1.        ])
    """
    return _act(_A.LeakyRelu, x, "leaky_relu", alpha=float(negative_slope))


def leaky_relu_(x, negative_slope=0.01, name=None):
    """In-place leaky_relu."""
    return _act_(_A.LeakyRelu, x, "leaky_relu_", "leaky_relu", alpha=float(negative_slope))


def relu6(x, name=None):
    """min(max(x, 0), 6).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.relu6(paddle.to_tensor([-1., 0.3, 6.5]))
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.        , 0.30000001, 6.        ])
    """
    return _act(_A.Relu6, x, "relu6", threshold=6.0)


@param_alias(input="x", lambd="threshold")
def softshrink(x, threshold=0.5, name=None):
    """x - threshold above threshold, x + threshold below -threshold, else 0.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.softshrink(paddle.to_tensor([-0.9, -0.2, 0.1, 0.8]))
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-0.39999998,  0.        ,  0.        ,  0.30000001])
    """
    if threshold < 0:
        raise ValueError(f"The threshold must be no less than zero. Received: {threshold}.")
    return _act(_A.SoftShrink, x, "softshrink", **{"lambda": _f32(threshold)})


def thresholded_relu(x, threshold=1.0, value=0.0, name=None):
    """x where x > threshold, else value.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.thresholded_relu(paddle.to_tensor([2., 0., 1.]))
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [2., 0., 0.])
    """
    return _act(_A.ThresholdedRelu, x, "thresholded_relu", threshold=_f32(threshold), value=_f32(value))


def thresholded_relu_(x, threshold=1.0, value=0.0, name=None):
    """In-place thresholded_relu."""
    return _act_(_A.ThresholdedRelu, x, "thresholded_relu_", "thresholded_relu", threshold=_f32(threshold),
                 value=_f32(value))


_PRELU_FORMATS = ("NC", "NCL", "NCHW", "NCDHW", "NLC", "NHWC", "NDHWC")


def prelu(x, weight, data_format="NCHW", name=None):
    """x for x > 0, else weight * x; weight has one value or one per channel.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> x = paddle.to_tensor([[-2.0, 3.0], [1.0, -4.0]])
            >>> F.prelu(x, paddle.to_tensor([0.25]))
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[-0.50000000,  3.        ],
                    [ 1.        , -1.        ]])
    """
    if not isinstance(x, TensorMethods):
        _need_tensor(x, "prelu")
    if not isinstance(weight, TensorMethods):
        _need_tensor(weight, "prelu", "alpha", 1)
    assert len(weight.shape) in (0, 1), "The dim count of weight shape should be 0 or 1 in prelu()."
    mode = "all"
    if len(weight.shape) == 1 and weight.shape[0] > 1:
        if data_format not in _PRELU_FORMATS:
            raise ValueError("data_format must be one of 'NC', 'NCL', 'NCHW', 'NCDHW', "
                             f"'NLC', 'NHWC', 'NDHWC' but receive {data_format}")
        data_format = "NCHW" if data_format[1] == "C" else "NHWC"
        assert len(x.shape) > 1, (
            "The dim count of x should be equal or larger than 2 in prelu() when weight shape is not [1].")
        c = x.shape[-1] if data_format == "NHWC" else x.shape[1]
        assert weight.shape[0] == c, (
            "The weight size should be equal to x input channel in prelu() when weight shape is not [1].")
        mode = "channel"
    if not x.dtype.is_floating:
        raise _kernel_error("prelu", x.dtype, _FLOATS)
    return apply(_A.PRelu, x, weight, mode=mode, data_format=data_format)


def rrelu(x, lower=1.0 / 8.0, upper=1.0 / 3.0, training=True, name=None):
    """Randomized leaky relu: negative inputs times a slope drawn uniformly in [lower, upper] per
    element while training, times (lower + upper) / 2 otherwise.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.rrelu(paddle.to_tensor([-2.0, 3.0]), 0.1, 0.3, training=False)
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-0.40000001,  3.        ])
    """
    if not isinstance(lower, float) or not isinstance(upper, float):
        raise TypeError(f"The lower and upper values must be float type. Received: lower {lower}, upper {upper}.")
    if lower < 0 or lower > 1:
        raise ValueError(f"The lower value must be no less than zero or greater than one. Received: {lower}.")
    if upper < lower:
        raise ValueError(f"The upper value must be greater than lower value. Received: lower {lower}, upper {upper}.")
    if upper > 1:
        raise ValueError(f"The upper value must be no greater than one. Received: {upper}.")
    if not isinstance(x, TensorMethods):
        _need_tensor(x, "rrelu")
    if not x.dtype.is_floating:
        raise _kernel_error("rrelu", x.dtype, _FLOATS)
    return apply(_A.RRelu, x, lower=float(lower), upper=float(upper), is_test=not training)[0]

def maxout(x, groups, axis=1, name=None):
    """The maximum over each run of `groups` channels: C channels become C / groups.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> x = paddle.arange(8, dtype='float32').reshape([1, 4, 1, 2])
            >>> F.maxout(x, groups=2).shape
            paddle.Size([1, 2, 1, 2])
    """
    if not isinstance(x, TensorMethods):
        _need_tensor(x, "maxout")
    if axis not in (1, -1, 3):
        raise ValueError("Attr(axis) should be 1 when data format is NCHW, -1 or 3 when data format is NHWC. "
                         f"Received Attr(axis): {axis}.")
    if axis == -1:
        axis = 3
    c = x.shape[axis]
    if groups <= 0 or (c > 0 and c % groups):
        raise ValueError(
            "(InvalidArgument) The number of input channels for Op(maxout) should be divisible by Attr(groups). "
            f"But received: the input's channels is [{c}], the shape of input is {list(x.shape)}, the "
            f"Attr(groups) is [{groups}], the Attr(axis) is [{axis}]. The error may come from wrong Attr(groups) "
            "or Attr(axis) setting.")
    if not x.dtype.is_floating:
        raise _kernel_error("maxout", x.dtype, _FLOATS)
    return apply(_A.Maxout, x, groups=int(groups), axis=int(axis))
