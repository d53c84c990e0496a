"""The softmax family of paddle.nn.functional (ops in ops/activation/softmax.py): softmax, log_softmax,
gumbel_softmax, and paddle.softmax (torch's signature, Paddle's paddle.compat.nn.functional.softmax).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from purepaddle._core._typing import DTypeLike
    from purepaddle._core.tensor import Tensor

from ...._core import dtype as _dt
from ...._core.dispatch import apply, apply_inplace
from ...._core.methods import TensorMethods
from ....ops import activation as _A
from ....ops.creation.fill import Cast as _Cast
from ....tensor._check import kernel_error as _kernel_error
from ....tensor._check import need_tensor as _need_tensor
from ....tensor._check import write_out as _write_out
from .._param_alias import param_alias
from ._elementwise import _FLOATS, _act


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


def softmax(x: Tensor, axis: int = -1, dtype: DTypeLike | None = None, name: str | None = None, *,
            out: Tensor | None = None) -> Tensor:
    """exp(x) / sum(exp(x)) along `axis`, computed stably; `dtype` casts x first.

    Args:
        x (Tensor): The input tensor.
        axis (int, optional): The axis the probabilities sum to 1 along. Default: -1.
        dtype (DTypeLike|None, optional): The data type the input is cast to first; None keeps it. Default:
            None.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.
        out (Tensor|None, optional): A tensor to write the result into; None makes a new one. Default: None.

    Returns:
        Tensor: exp(x) / sum(exp(x)) along `axis`, same shape as `x`.

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
    return _write_out(apply(_A.Softmax, x, axis=axis, use_cudnn=False), out)


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
    return apply_inplace(_A.Softmax, x, axis=axis, use_cudnn=False)


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
    return apply(_A.LogSoftmax, x, axis=axis)


softmax = param_alias(input="x", dim="axis")(softmax)


def compat_softmax(input=None, dim=None, dtype=None, *args, out=None, **kwargs):  # noqa: A002
    """paddle.softmax, torch's signature: softmax along `dim`; without one, dim 0 for 0-D, 1-D and 3-D input and
    dim 1 otherwise; `dtype` casts input first. The torch-only third argument `_stacklevel` (an int) is ignored.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1.0, 2.0], [3.0, 5.0]])
            >>> paddle.softmax(x)
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[0.26894143, 0.73105860],
                    [0.11920292, 0.88079703]])
            >>> paddle.softmax(x, dim=0, dtype='float64')
            Tensor(shape=[2, 2], dtype=float64, place=Place(cpu), stop_gradient=True,
                   [[0.11920292, 0.04742587],
                    [0.88079708, 0.95257413]])
    """
    bad = sorted(k for k in ("x", "axis", "name") if k in kwargs)
    if bad:
        raise TypeError(f"paddle.compat.nn.functional.softmax() received unexpected keyword argument"
                        f"{'s' if len(bad) > 1 else ''} {', '.join(repr(k) for k in bad)}. \nDid you mean to use "
                        "paddle.nn.functional.softmax() instead?")
    kwargs.pop("_stacklevel", None)
    if isinstance(dtype, int) and not isinstance(dtype, bool):  # softmax(x, dim, _stacklevel[, dtype])
        dtype = args[0] if args else kwargs.pop("dtype", None)
    if kwargs:
        raise TypeError(f"softmax() got an unexpected keyword argument '{next(iter(kwargs))}'")
    if dim is None:
        dim = 0 if getattr(input, "ndim", 0) in (0, 1, 3) else 1
    return softmax(input, dim, dtype, out=out)


def gumbel_softmax(x, temperature=1.0, hard=False, axis=-1, name=None):
    """softmax((x + g) / temperature) along axis with g Gumbel(0, 1) noise from the global generator;
    hard=True returns the one-hot of the argmax instead.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> out = F.gumbel_softmax(paddle.randn([4, 6]), hard=True)
            >>> out.sum(axis=-1)
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [1., 1., 1., 1.])
    """
    return _act(_A.GumbelSoftmax, x, "gumbel_softmax", temperature=float(temperature), hard=bool(hard),
                axis=int(axis))
