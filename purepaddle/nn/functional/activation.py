"""paddle.nn.functional activations: relu, sigmoid, softmax, log_softmax, gelu, ..."""
import numpy as _np

from ..._core import dtype as _dt
from ..._core.dispatch import apply, apply_inplace
from ..._core.methods import TensorMethods
from ...ops import activation as _A, activation_smooth as _AS
from ...ops.math import unary as _U
from ...ops.creation.fill import Cast as _Cast
from ...tensor._check import kernel_error as _kernel_error, need_tensor as _need_tensor, write_out as _write_out
from ...tensor.math.inplace import tanh_  # noqa: F401  (the same function as paddle.tanh_)
from ...tensor.math.unary import sigmoid, tanh  # noqa: F401  (the same functions as paddle.*)
from ._param_alias import param_alias

_FLOATS = "float64, float32"


def relu(x, name=None):
    """max(x, 0) elementwise.

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


def _softmax_input(x, axis, dtype, api):
    """Check softmax's operands; cast x to `dtype` when given."""
    if not isinstance(x, TensorMethods):
        _need_tensor(x, api)
    if dtype is not None:
        d = _dt.convert_dtype(dtype)
        if d is not x.dtype:
            x = apply(_Cast, x, in_dtype=x.dtype.proto, out_dtype=d.proto)
    if not x.dtype.is_floating:
        raise _kernel_error(api, x.dtype, _FLOATS)
    if isinstance(axis, bool) or not isinstance(axis, int):
        raise TypeError(f"The type of 'axis' in {api} must be int, but received {type(axis).__name__}.")
    r = x.ndim
    if r and not -r <= axis < r:
        raise ValueError("(InvalidArgument) Attr(axis) value should be in range [-R, R-1], R is the rank of "
                         "Input(X).")
    return x, (axis % r if r else -1)


def softmax(x, axis=-1, dtype=None, name=None, *, out=None):
    """exp(x) / sum(exp(x)) along `axis`, computed stably; `dtype` casts x first.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> x = paddle.to_tensor([[2.0, 3.0, 4.0, 5.0], [1.0, 1.0, 1.0, 1.0]])
            >>> F.softmax(x)
            Tensor(shape=[2, 4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[0.03205860, 0.08714432, 0.23688281, 0.64391428],
                    [0.25000000, 0.25000000, 0.25000000, 0.25000000]])
    """
    x, axis = _softmax_input(x, axis, dtype, "softmax")
    return _write_out(apply(_U.Softmax, x, axis=axis, use_cudnn=False), out)


def softmax_(x, axis=-1, dtype=None, name=None):
    """In-place softmax.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> x = paddle.to_tensor([1.0, 1.0, 1.0, 1.0])
            >>> _ = F.softmax_(x)
            >>> x
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.25000000, 0.25000000, 0.25000000, 0.25000000])
    """
    x2, axis = _softmax_input(x, axis, dtype, "softmax_")
    if x2 is not x:
        apply_inplace(_Cast, x, in_dtype=x.dtype.proto, out_dtype=x2.dtype.proto)
    return apply_inplace(_U.Softmax, x, axis=axis, use_cudnn=False)


def log_softmax(x, axis=-1, dtype=None, name=None):
    """log(softmax(x)) along `axis`, computed stably as x - logsumexp(x).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> x = paddle.to_tensor([[2.0, 3.0, 4.0, 5.0], [1.0, 1.0, 1.0, 1.0]])
            >>> F.log_softmax(x)
            Tensor(shape=[2, 4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[-3.44018960, -2.44018960, -1.44018960, -0.44018966],
                    [-1.38629436, -1.38629436, -1.38629436, -1.38629436]])
    """
    x, axis = _softmax_input(x, axis, dtype, "log_softmax")
    return apply(_U.LogSoftmax, x, axis=axis)




# -- the other activations ------------------------------------------------------------------------
def _f32(v):
    """A float attribute as Paddle stores it (32-bit), so float64 kernels see the same constant."""
    return float(_np.float32(v))


def _act(op_cls, x, api, kernel=None, **attrs):
    """Check x (a floating Tensor) and apply op_cls."""
    if not isinstance(x, TensorMethods):
        _need_tensor(x, api)
    if not x.dtype.is_floating:
        raise _kernel_error(kernel or api, x.dtype, _FLOATS)
    return apply(op_cls, x, **attrs)


def _act_(op_cls, x, api, kernel=None, **attrs):
    """In-place form of _act."""
    if not isinstance(x, TensorMethods):
        _need_tensor(x, api)
    if not x.dtype.is_floating:
        raise _kernel_error(kernel or api, x.dtype, _FLOATS)
    return apply_inplace(op_cls, x, **attrs)


def celu(x, alpha=1.0, name=None):
    """max(0, x) + min(0, alpha * (exp(x / alpha) - 1)).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.celu(paddle.to_tensor([-1.0, 2.0]), alpha=0.5)
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-0.43233237,  2.        ])
    """
    if alpha == 0:
        raise ZeroDivisionError("alpha cannot be 0 for celu")
    return _act(_AS.Celu, x, "celu", alpha=_f32(alpha))


def elu(x, alpha=1.0, name=None):
    """x for x > 0, else alpha * (exp(x) - 1).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.elu(paddle.to_tensor([-1.0, 2.0]), alpha=0.2)
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-0.12642412,  2.        ])
    """
    return _act(_AS.Elu, x, "elu", alpha=_f32(alpha))


def elu_(x, alpha=1.0, name=None):
    """In-place elu (alpha must be >= 0)."""
    assert alpha >= 0.0, "elu_ only support alpha >= 0, please use elu instead."
    return _act_(_AS.Elu, x, "elu_", "elu", alpha=_f32(alpha))


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


@param_alias(input="x")
def log_sigmoid(x, name=None):
    """log(1 / (1 + exp(-x))), computed stably.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.log_sigmoid(paddle.to_tensor([1.0, -2.0]))
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-0.31326169, -2.12692809])
    """
    return _act(_AS.LogSigmoid, x, "log_sigmoid", "logsigmoid")


logsigmoid = log_sigmoid


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


def selu(x, scale=1.0507009873554804934193349852946, alpha=1.6732632423543772848170429916717, name=None):
    """scale * (x for x > 0, else alpha * (exp(x) - 1)).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.selu(paddle.to_tensor([[0.0, 1.0], [2.0, 3.0]]))
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[0.        , 1.05070102],
                    [2.10140204, 3.15210295]])
    """
    if scale <= 1.0:
        raise ValueError(f"The scale must be greater than 1.0. Received: {scale}.")
    if alpha < 0:
        raise ValueError(f"The alpha must be no less than zero. Received: {alpha}.")
    return _act(_AS.Selu, x, "selu", scale=_f32(scale), alpha=_f32(alpha))


@param_alias(input="x")
def silu(x, inplace=False, name=None):
    """x * sigmoid(x).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.silu(paddle.to_tensor([1.0, 2.0, 3.0, 4.0]))
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.73105860, 1.76159406, 2.85772228, 3.92805505])
    """
    if inplace:
        return _act_(_AS.Silu, x, "silu_", "silu")
    return _act(_AS.Silu, x, "silu")


def swish(x, name=None):
    """x * sigmoid(x).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.swish(paddle.to_tensor([-2., 0., 1.]))
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-0.23840587,  0.        ,  0.73105860])
    """
    return _act(_AS.Swish, x, "swish", beta=1.0)


def mish(x, name=None):
    """x * tanh(softplus(x)).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.mish(paddle.to_tensor([-5., 0., 5.]))
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-0.03357624,  0.        ,  4.99955225])
    """
    return _act(_AS.Mish, x, "mish", threshold=20.0)


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


def softsign(x, name=None):
    """x / (1 + |x|).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.softsign(paddle.to_tensor([-0.4, 0.3]))
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-0.28571430,  0.23076925])
    """
    return _act(_AS.Softsign, x, "softsign")


def tanhshrink(x, name=None):
    """x - tanh(x).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.tanhshrink(paddle.to_tensor([-0.4, 0.3]))
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-0.02005103,  0.00868738])
    """
    return _act(_AS.TanhShrink, x, "tanhshrink", "tanh_shrink")


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


def gelu(x, approximate=False, name=None):
    """x * Phi(x) with Phi the standard normal CDF; approximate=True (or 'tanh') uses the tanh form.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> x = paddle.to_tensor([-1.0, 0.5, 1.0])
            >>> F.gelu(x)
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-0.15865529,  0.34573123,  0.84134471])
            >>> F.gelu(x, approximate=True)
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-0.15880799,  0.34571403,  0.84119201])
    """
    if approximate == "tanh":
        approximate = True
    elif approximate == "none":
        approximate = False
    elif not isinstance(approximate, bool):
        raise ValueError(f"(InvalidArgument) the value of approximate in gelu should be 'tanh' or 'none', but "
                         f"received {approximate}")
    return _act(_AS.Gelu, x, "gelu", approximate=approximate)


def softplus(x, beta=1, threshold=20, name=None):
    """log(1 + exp(beta * x)) / beta, and x itself where beta * x > threshold.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.softplus(paddle.to_tensor([-0.4, 0.3]))
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.51301527, 0.85435528])
    """
    return _act(_AS.Softplus, x, "softplus", beta=_f32(beta), threshold=_f32(threshold))




softmax = param_alias(input="x", dim="axis")(softmax)

__all__ = ["relu", "relu_", "sigmoid", "tanh", "tanh_", "softmax", "softmax_", "log_softmax", "celu", "elu", "elu_",
           "hardshrink", "hardtanh", "hardtanh_", "hardsigmoid", "hardswish", "leaky_relu", "leaky_relu_",
           "log_sigmoid", "logsigmoid", "relu6", "selu", "silu", "swish", "mish", "softshrink",
           "softsign", "tanhshrink", "thresholded_relu", "thresholded_relu_", "gelu", "softplus"]
