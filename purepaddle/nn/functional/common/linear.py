"""linear and bilinear of paddle.nn.functional.common (ops in ops/common/linear.py)."""
import numpy as np

from .... import tensor as _T
from ...._core.mode import is_grad_enabled
from ...._core.op import OP_RAN
from ...._core.tensor import Parameter, Tensor
from ...._core.dispatch import AMP, apply
from ...._core.methods import TensorMethods
from ....ops import common as _C
from ....ops.math import elementwise as _E
from ....tensor._check import need_tensor as _need_tensor


def linear(x, weight, bias=None, name=None):
    """x @ weight + bias, with weight of shape [in_features, out_features].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> x = paddle.ones([3, 2])
            >>> weight = paddle.full([2, 4], 0.5)
            >>> bias = paddle.ones([4])
            >>> F.linear(x, weight, bias)
            Tensor(shape=[3, 4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[2., 2., 2., 2.],
                    [2., 2., 2., 2.],
                    [2., 2., 2., 2.]])
    """
    # eager and static build the same two ops, Paddle's matmul_v2 and elementwise_add (axis -1); only
    # eager auto_cast (which static mode has no form of) runs Paddle's white-listed fused linear, whose
    # float16 output is rounded once, after the bias add
    if AMP.active is not None and _fusable(x, weight, bias):
        return apply(_C.Linear, x, weight, bias)
    if not isinstance(x, TensorMethods):
        _need_tensor(x, "linear")
    if not isinstance(weight, TensorMethods):
        _need_tensor(weight, "linear", "weight", 1)
    _linear_checks(x, weight)
    out = _T.matmul(x, weight)
    if bias is not None:
        if not isinstance(bias, TensorMethods):
            _need_tensor(bias, "linear", "bias", 2)
        if _bias_in_place(out, bias):
            return out
        out = apply(_E.ElementwiseAdd, out, bias, axis=-1)
    return out


def _bias_in_place(out, bias):
    """Add a [out_features] bias into the product's fresh array when nothing records or observes the product
    (no gradient, no op listener): the elementwise_add's values without its second array. Returns whether done."""
    if OP_RAN.active is not None or not (type(out) is Tensor and type(bias) in (Tensor, Parameter)):
        return False
    a, b = out._data, bias._data
    if not (out.stop_gradient and (bias.stop_gradient or not is_grad_enabled()) and type(a) is np.ndarray
            and type(b) is np.ndarray
            and a.ndim >= 1 and b.shape == a.shape[-1:] and a.dtype == b.dtype and a.flags.writeable):
        return False
    a += b
    out._version += 1
    return True


def _fusable(x, weight, bias):
    """Operands the fused linear op takes as they are: float [..., in] @ [in, out] (+ [out])."""
    try:
        xd, wd = x._data, weight._data
        bd = None if bias is None else bias._data
    except AttributeError:
        return False
    return (xd.ndim >= 2 and wd.ndim == 2 and xd.dtype.kind == "f" and xd.shape[-1] == wd.shape[0]
            and (bd is None or (bd.ndim == 1 and bd.shape[0] == wd.shape[1])))


def _linear_checks(x, weight):
    """Paddle's errors for mismatched operands of linear (the fused path only sees valid ones)."""
    if x.dtype is not weight.dtype and AMP.active is None:  # auto_cast reconciles the dtypes in dispatch
        raise ValueError(
            f"(InvalidArgument) The type of data we are trying to retrieve ({weight.dtype.name}) does not match the "
            f"type of data ({x.dtype.name}) currently contained in the container.")
    xs, ws = list(x.shape), list(weight.shape)
    if len(xs) >= 2 and len(ws) == 2 and xs[-1] != ws[0] and -1 not in (xs[-1], ws[0]):
        n = len(xs) - 1
        raise ValueError(
            f"(InvalidArgument) In operator matmul, the [{n}] dimension of Input(X) must be equal to the [0] "
            f"dimension of Input(Y). But receiving the [{n}]dimension of Input(X) is [{xs[-1]}], and the [0] "
            f"dimension of Input(Y) is [{ws[0]}].")


def bilinear(x1, x2, weight, bias=None, name=None):
    """out[b, k] = x1[b] @ weight[k] @ x2[b] + bias[0, k].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> x1 = paddle.ones([2, 3])
            >>> x2 = paddle.ones([2, 4])
            >>> w = paddle.ones([5, 3, 4])
            >>> F.bilinear(x1, x2, w).shape
            paddle.Size([2, 5])
    """
    for i, (t, arg) in enumerate(((x1, "x"), (x2, "y"), (weight, "weight"))):
        if not isinstance(t, TensorMethods):
            _need_tensor(t, "bilinear", arg, i)
    if len(x1.shape) != 2 or len(x2.shape) != 2 or len(weight.shape) != 3:
        raise ValueError(
            "(InvalidArgument) bilinear: the input X and Y must be 2-D and Weight 3-D, but received X shape "
            f"{list(x1.shape)}, Y shape {list(x2.shape)}, Weight shape {list(weight.shape)}.")
    if x1.shape[1] != weight.shape[1] or x2.shape[1] != weight.shape[2]:
        raise ValueError(
            "(InvalidArgument) bilinear: the second dimension of X and Y must equal the second and third "
            f"dimensions of Weight, but received X shape {list(x1.shape)}, Y shape {list(x2.shape)}, Weight shape "
            f"{list(weight.shape)}.")
    if bias is not None and (len(bias.shape) != 2 or bias.shape[0] != 1):
        raise ValueError("(InvalidArgument) The Input(Bias) must be a 2-D tensor with the 2nd dimension fixed to 1 "
                         "(a row vector).")
    return apply(_C.BilinearTensorProduct, x1, x2, weight, bias)
