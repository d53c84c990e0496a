"""Matrix products added to a scaled input: addmm, addmm_, baddbmm, baddbmm_ (paddle.*): composites of
linalg's matmul and math's scale and add."""
from ..._core.dispatch import apply, known_value
from ..._core.methods import TensorMethods
from ...ops.math.unary import Scale
from .._check import check_var, kernel_error, type_name
from ..linalg.product import matmul
from .cumulative import _F32_64
from .inplace import _assign_into, _snapshot_if_needed


def addmm(input, x, y, beta=1.0, alpha=1.0, name=None):  # noqa: A002
    """beta * input + alpha * (x @ y) for 2-D x and y; input broadcasts to the product's shape.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.ones([2, 2])
            >>> y = paddle.ones([2, 2])
            >>> input = paddle.ones([2, 2])
            >>> paddle.addmm(input=input, x=x, y=y, beta=0.5, alpha=5.0)
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[10.50000000, 10.50000000],
                    [10.50000000, 10.50000000]])
    """
    _addmm_check(input, x, y)
    prod = matmul(x, y)
    if alpha != 1:
        prod = apply(Scale, prod, scale=float(alpha), bias=0.0, bias_after_scale=True)
    if beta == 0:
        return prod + input * 0.0
    if beta != 1:
        input = apply(Scale, input, scale=float(beta), bias=0.0, bias_after_scale=True)
    return input + prod


def _addmm_check(input, x, y):
    for v, arg in ((input, "input"), (x, "x"), (y, "y")):
        if not isinstance(v, TensorMethods):
            raise TypeError(f"The type of '{arg}' in addmm must be paddle.Tensor, but received {type_name(v)}.")
    xs, ys, ins = list(x.shape), list(y.shape), list(input.shape)
    if len(xs) != 2 or len(ys) != 2:
        raise ValueError(f"The dimension of x, y should be 2 but receive x's shape: {x.shape}, y's shape: {y.shape}")
    if xs[1] != ys[0] and -1 not in (xs[1], ys[0]):
        raise ValueError(f"The input Variable x's width must be equal with Variable y' height. But received x's "
                         f"shape = {x.shape}, y's shape = {y.shape}.")
    if len(ins) == 2:
        for i, (a, b, nm) in enumerate(((ins[0], xs[0], "x"), (ins[1], ys[1], "y"))):
            if a != b and a != 1 and -1 not in (a, b):
                raise ValueError(f"When {nm}'s dimension[{1 - i if i else 0}] is not equal with input's "
                                 f"dimension[{i}], input's dimension[{i}] must be 1 but got {a}")
    elif len(ins) == 1:
        if ins[0] != ys[1] and ins[0] != 1 and -1 not in (ins[0], ys[1]):
            raise ValueError(f"The input tensor's dimension must be 1 or equal to y's width, but got {ins[0]}")
    else:
        raise ValueError(f"The dimension of input should be 2 or 1 but receive input's shape: {input.shape}")
    d = x.dtype
    if not d.is_floating:
        raise kernel_error("addmm", d, "float64, float32")


def _baddbmm_check(input, x, y, api):
    for v, arg in ((input, "input"), (x, "x"), (y, "y")):
        check_var(v, api, arg)
    xs, ys, ins = list(x.shape), list(y.shape), list(input.shape)
    if len(xs) != 3 or len(ys) != 3:
        raise ValueError(f"The dimension of x, y should be 3 but receive x's shape: {x.shape}, y's shape: {y.shape}")
    if xs[2] != ys[1] and -1 not in (xs[2], ys[1]):
        raise ValueError(f"The input Variable x's width must be equal with Variable y's height. But received x's "
                         f"shape = {x.shape}, y's shape = {y.shape}.")
    batch, rows, cols = xs[0], xs[1], ys[2]
    if len(ins) == 2:  # [batch, cols]: one row per batch, broadcast over the rows
        if ins[0] != batch and -1 not in (ins[0], batch):
            raise ValueError(f"The batch size of input must be equal to the batch size of x. But received input's "
                             f"batch size = {ins[0]}, x's batch size = {batch}")
        if ins[1] not in (cols, 1, -1) and cols != -1:
            raise ValueError(f"The input's shape: {ins} is not broadcastable with [x.shape[0], x.shape[1], "
                             f"y.shape[2]]: [{batch},{rows},{cols}]")
    elif len(ins) == 3:
        for i, (a, b, owner) in enumerate(zip(ins, (batch, rows, cols), ("x", "x", "y"))):
            if a not in (b, 1) and -1 not in (a, b):
                raise ValueError(f"If input's dimension[{i}] is not equal to {owner}'s dimension[{i if i < 2 else 2}], "
                                 f"input's dimension[{i}] must be 1. But received input's dimension[{i}] = {a}, "
                                 f"{owner}'s dimension[{i if i < 2 else 2}] = {b}")
    else:
        raise ValueError(f"The dimension of input should be 3 or 2 but received input's shape: {input.shape}")
    if x.dtype not in _F32_64:
        raise kernel_error("baddbmm", x.dtype, "float64, float32")


def baddbmm(input, x, y, beta=1.0, alpha=1.0, name=None):  # noqa: A002
    """beta * input + alpha * (x @ y) for batches x [B, M, K] and y [B, K, N]; input is [B, M, N] (dims of 1
    broadcast) or [B, N] (one row per batch).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.ones([2, 2, 2])
            >>> paddle.baddbmm(input=paddle.ones([2, 2]), x=x, y=x, beta=0.5, alpha=5.0)[0]
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[10.50000000, 10.50000000],
                    [10.50000000, 10.50000000]])
    """
    _baddbmm_check(input, x, y, "baddbmm")
    prod = matmul(x, y)
    if alpha != 1:
        prod = apply(Scale, prod, scale=float(alpha), bias=0.0, bias_after_scale=True)
    if beta == 0:
        return prod
    if input.ndim == 2:
        input = input.unsqueeze(1)
    if beta != 1:
        input = apply(Scale, input, scale=float(beta), bias=0.0, bias_after_scale=True)
    return input + prod


def baddbmm_(input, x, y, beta=1.0, alpha=1.0, name=None):  # noqa: A002
    """In-place version of baddbmm: writes the result into input and returns it.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> inp = paddle.ones([1, 2, 2])
            >>> _ = paddle.baddbmm_(inp, paddle.ones([1, 2, 2]), paddle.ones([1, 2, 2]), beta=2.0)
            >>> inp
            Tensor(shape=[1, 2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[[4., 4.],
                     [4., 4.]]])
    """
    _baddbmm_check(input, x, y, "baddbmm_")
    res = baddbmm(_snapshot_if_needed(input), x, y, beta, alpha)
    if known_value(res) is not None and list(res.shape) != list(input.shape):
        raise ValueError(f"(InvalidArgument) baddbmm_ cannot write a result of shape {list(res.shape)} into input "
                         f"of shape {list(input.shape)}.")
    return _assign_into(input, res, "baddbmm_")


def addmm_(input, x, y, beta=1.0, alpha=1.0, name=None):  # noqa: A002
    """In-place addmm: input becomes beta * input + alpha * (x @ y).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> input = paddle.ones([2, 2])
            >>> _ = paddle.addmm_(input, paddle.ones([2, 3]), paddle.ones([3, 2]), beta=0.5, alpha=2.0)
            >>> input
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[6.50000000, 6.50000000],
                    [6.50000000, 6.50000000]])
    """
    _addmm_check(input, x, y)
    return _assign_into(input, addmm(_snapshot_if_needed(input), x, y, beta, alpha), "addmm_")


__all__ = ["addmm", "addmm_", "baddbmm", "baddbmm_"]

METHODS = {"addmm": addmm, "addmm_": addmm_, "baddbmm": baddbmm, "baddbmm_": baddbmm_}
