"""paddle.nn.functional activations: relu, sigmoid, softmax, log_softmax, gelu, ..."""
from ..._core import dtype as _dt
from ..._core.dispatch import apply, apply_inplace
from ..._core.methods import TensorMethods
from ...ops import unary as _U
from ...ops.creation import Cast as _Cast
from ...tensor.math_unary import kernel_error as _kernel_error
from ...tensor.math_unary import need_tensor as _need_tensor
from ...tensor.math_inplace import tanh_  # noqa: F401  (the same function as paddle.tanh_)
from ...tensor.math_unary import sigmoid, tanh  # noqa: F401  (the same functions as paddle.*)
from ...tensor.math_unary import write_out as _write_out

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
    return apply(_U.Relu, x)


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
    return apply_inplace(_U.Relu, x)


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
                   [[0.03205860, 0.08714432, 0.23688284, 0.64391428],
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
                   [[-3.44018984, -2.44018984, -1.44018972, -0.44018975],
                    [-1.38629436, -1.38629436, -1.38629436, -1.38629436]])
    """
    x, axis = _softmax_input(x, axis, dtype, "log_softmax")
    return apply(_U.LogSoftmax, x, axis=axis)


__all__ = ["relu", "relu_", "sigmoid", "tanh", "tanh_", "softmax", "softmax_", "log_softmax"]
