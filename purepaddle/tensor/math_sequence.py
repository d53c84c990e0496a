"""Scans, differences and list ops of paddle.tensor.math: cummax, cummin, logcumsumexp, diff, trapezoid,
cumulative_trapezoid, vander, combinations, cartesian_prod, renorm, multiplex, add_n, reduce_as, baddbmm,
broadcast_shapes."""
import itertools

import numpy as np

from .._core import dtype as _dt
from .._core.dispatch import apply, apply_inplace
from .._core.dispatch import constant as const_operand
from .._core.methods import TensorMethods
from .._core.mode import STATE
from ..ops.math.combine import AddN, Multiplex
from ..ops.math.cumulative import Cummax, Cummin, LogCumSumExp
from ..ops.math.reduction import Renorm
from ..ops.math.elementwise import ReduceAs
from ..ops.creation.fill import FillAnyLike, FillConstant
from ..ops.math.unary import Scale
from ._operand import cast, check_var
from .math_inplace import _assign_into, _snapshot_if_needed
from .math_unary import kernel_error, need_tensor, type_name, write_out

_I32_64 = (_dt.int32, _dt.int64)
_F32_64 = (_dt.float32, _dt.float64)


def _axis_arg(axis, x, api):
    """An int axis checked against x (0-D tensors take -1 and 0), returned non-negative."""
    if isinstance(axis, TensorMethods):
        axis = int(axis.item())
    if isinstance(axis, bool) or not isinstance(axis, (int, np.integer)):
        raise TypeError(f"(InvalidType) {api}(): argument (position 2) must be int, but got {type_name(axis)}")
    n = max(x.ndim, 1)
    if axis >= n or axis < -n:
        raise IndexError(f"(OutOfRange) axis is out of range (expected to be in range of [{-n}, {n}), but got "
                         f"{axis}).")
    return int(axis) % n


# -- running extremes and log-sum-exp ------------------------------------------------------
def _cum_extreme(op_cls, x, axis, dtype, api):
    check_var(x, api)
    d = _dt.convert_dtype(dtype)
    if d not in _I32_64:
        raise ValueError("(InvalidArgument) dtype of indices must be DataType::INT32 or DataType::INT64")
    if not (x.dtype in _F32_64 or x.dtype in _I32_64):
        raise kernel_error(api, x.dtype, "int32, int64, float64, float32")
    if axis is None:
        x, axis = x.reshape([-1]), 0
    else:
        axis = _axis_arg(axis, x, api)
    return apply(op_cls, x, axis=axis, dtype=d.proto)


def cummax(x, axis=None, dtype="int64", name=None):
    """Running maximum along axis (of the flattened tensor when None) and the index where each was attained.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> data = paddle.to_tensor([[-1, 5, 0], [-2, -3, 2]])
            >>> value, indices = paddle.cummax(data, axis=-1)
            >>> value
            Tensor(shape=[2, 3], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[-1,  5,  5],
                    [-2, -2,  2]])
            >>> indices
            Tensor(shape=[2, 3], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[0, 1, 1],
                    [0, 0, 2]])
    """
    return _cum_extreme(Cummax, x, axis, dtype, "cummax")


def cummin(x, axis=None, dtype="int64", name=None):
    """Running minimum along axis (of the flattened tensor when None) and the index where each was attained.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> value, indices = paddle.cummin(paddle.to_tensor([-1, 5, 0, -2, -3, 2]))
            >>> value
            Tensor(shape=[6], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [-1, -1, -1, -2, -3, -3])
            >>> indices
            Tensor(shape=[6], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [0, 0, 0, 3, 4, 4])
    """
    return _cum_extreme(Cummin, x, axis, dtype, "cummin")


def logcumsumexp(x, axis=None, dtype=None, name=None):
    """Running log(sum(exp(x))) along axis (of the flattened tensor when None), computed stably.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.logcumsumexp(paddle.to_tensor([0., 1., 2., 3.], dtype='float64'))
            Tensor(shape=[4], dtype=float64, place=Place(cpu), stop_gradient=True,
                   [0.        , 1.31326169, 2.40760596, 3.44018970])
    """
    check_var(x, "logcumsumexp")
    if dtype is not None:
        x = cast(x, _dt.convert_dtype(dtype))
    d = x.dtype
    if not d.is_floating:
        if not d.is_integer:
            raise kernel_error("logcumsumexp", d, "float64, float32")
        x = cast(x, _dt.float32)
    if axis is None:
        return apply(LogCumSumExp, x, axis=-1, flatten=True, exclusive=False, reverse=False)
    return apply(LogCumSumExp, x, axis=_axis_arg(axis, x, "logcumsumexp"), flatten=False, exclusive=False,
                 reverse=False)


# -- differences and integration -----------------------------------------------------------
def _along(t, axis, start, stop):
    idx = [slice(None)] * t.ndim
    idx[axis] = slice(start, stop)
    return t[tuple(idx)]


def diff(x, n=1, axis=-1, prepend=None, append=None, name=None, *, out=None):
    """n-th forward difference along axis, after joining prepend / append (bool tensors use xor).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([1, 4, 5, 2])
            >>> paddle.diff(x)
            Tensor(shape=[3], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [ 3,  1, -3])
            >>> paddle.diff(x, n=2, append=paddle.to_tensor([7, 9]))
            Tensor(shape=[4], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [-2, -4,  8, -3])
    """
    from .join import concat
    check_var(x, "diff")
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
        raise ValueError(f"diff expects n to be a positive integer, but got n={n}")
    if x.ndim == 0:
        raise IndexError("diff expects the input to be at least one-dimensional, but got a 0-D tensor")
    nd = x.ndim
    if not -nd <= axis < nd:
        raise IndexError(f"(OutOfRange) axis of diff is out of range (expected to be in range of [{-nd}, {nd}), "
                         f"but got {axis}).")
    axis = int(axis) % nd
    parts = [t for t in (prepend, x, append) if t is not None]
    if len(parts) > 1:
        x = concat(parts, axis=axis)
    for _ in range(int(n)):
        hi, lo = _along(x, axis, 1, None), _along(x, axis, None, -1)
        x = hi ^ lo if x.dtype is _dt.bool_ else hi - lo
    return write_out(x, out)


def _trapezoid_parts(y, x, dx, axis, api):
    """(y[1:] + y[:-1]) / 2 and the spacing (a number or a Tensor broadcasting against it)."""
    check_var(y, api, "y")
    if x is not None and dx is not None:
        raise ValueError("Not permitted to specify both x and dx input args.")
    for t in (y, x):
        if t is not None and (not isinstance(t, TensorMethods) or t.dtype not in _F32_64 + (_dt.float16,)):
            got = f"paddle.{t.dtype.name}" if isinstance(t, TensorMethods) else type_name(t)
            raise TypeError("The data type of input must be Tensor, and dtype should be one of ['paddle.float16', "
                            f"'paddle.float32', 'paddle.float64'], but got {got}")
    nd = y.ndim
    if not -nd <= axis < nd:
        raise IndexError(f"(OutOfRange) axis of {api} is out of range (expected to be in range of [{-nd}, {nd}), "
                         f"but got {axis}).")
    axis = int(axis) % nd
    mid = (_along(y, axis, 1, None) + _along(y, axis, None, -1)) * 0.5
    if x is None:
        step = 1.0 if dx is None else dx
    elif x.ndim == 1:
        step = _along(x, 0, 1, None) - _along(x, 0, None, -1)
        step = step.reshape([-1] + [1] * (nd - 1 - axis))
    else:
        step = _along(x, axis, 1, None) - _along(x, axis, None, -1)
    return mid, step, axis


def trapezoid(y, x=None, dx=None, axis=-1, name=None):
    """Integral of y along axis by the trapezoidal rule, with sample points x or a uniform spacing dx (1.0).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> y = paddle.to_tensor([4, 5, 6], dtype='float32')
            >>> paddle.trapezoid(y, dx=2.)
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   20.)
            >>> paddle.trapezoid(y, paddle.to_tensor([1, 2, 3], dtype='float32'))
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   10.)
    """
    mid, step, axis = _trapezoid_parts(y, x, dx, axis, "trapezoid")
    return (mid * step).sum(axis=axis)


def cumulative_trapezoid(y, x=None, dx=None, axis=-1, name=None):
    """Running trapezoidal integral of y along axis (one element shorter than y there).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.cumulative_trapezoid(paddle.to_tensor([4, 5, 6], dtype='float32'))
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [4.50000000, 10.       ])
    """
    mid, step, axis = _trapezoid_parts(y, x, dx, axis, "cumulative_trapezoid")
    return (mid * step).cumsum(axis=axis)


# -- constructions from vectors ------------------------------------------------------------
def vander(x, n=None, increasing=False, name=None):
    """Vandermonde matrix of the 1-D x with n columns (powers decreasing unless increasing=True).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.vander(paddle.to_tensor([1., 2., 3.]), increasing=True)
            Tensor(shape=[3, 3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[1., 1., 1.],
                    [1., 2., 4.],
                    [1., 3., 9.]])
    """
    from .join import concat, flip
    check_var(x, "vander")
    if x.ndim != 1:
        raise ValueError(f"The input of x is expected to be a 1-D Tensor.But now the dims of Input(X) is {x.ndim}.")
    if n is None:
        n = int(x.shape[0])
        if n < 0:
            raise ValueError("vander: n must be given when the length of x is unknown")
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)):
        raise TypeError(f"The type of 'n' in vander must be int, but received {type_name(n)}.")
    if n < 0:
        raise ValueError("N must be non-negative.")
    d = x.dtype
    column = x.unsqueeze(1)
    if n == 0:
        return column[:, 0:0]
    work = d if (d.is_complex or d in _F32_64 or d in _I32_64) else (
        _dt.float32 if d.is_floating else _dt.int64)
    column = cast(column, work)
    ones = apply(FillAnyLike, column, value=1.0, dtype=-1)
    cols = concat([ones, column.expand([-1, n - 1])], axis=1) if n > 1 else ones
    res = cols.cumprod(dim=1)
    if not increasing:
        res = flip(res, [1])
    return cast(res, d)


def combinations(x, r=2, with_replacement=False, name=None):
    """All length-r combinations of the elements of the 1-D x, one per row.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.combinations(paddle.to_tensor([1, 2, 3], dtype='int32'))
            Tensor(shape=[3, 2], dtype=int32, place=Place(cpu), stop_gradient=True,
                   [[1, 2],
                    [1, 3],
                    [2, 3]])
    """
    from .selection import gather
    check_var(x, "combinations")
    if x.ndim != 1:
        raise TypeError(f"Expect a 1-D vector, but got x shape {x.shape}")
    if isinstance(r, bool) or not isinstance(r, (int, np.integer)) or r < 0:
        raise ValueError(f"Expect a non-negative int, but got r={r}")
    if r == 0:
        return apply(FillConstant, shape=[0], value=0.0, dtype=x.dtype.proto)
    if x.shape[0] < 0:
        raise ValueError("combinations needs the length of x to be known")
    pick = itertools.combinations_with_replacement if with_replacement else itertools.combinations
    idx = np.array(list(pick(range(int(x.shape[0])), r)), dtype=np.int64).reshape(-1, r)
    return gather(x, const_operand(idx.reshape(-1))).reshape([idx.shape[0], r])


def cartesian_prod(x, name=None):
    """Cartesian product of a list of 1-D tensors, one combination per row (a single tensor is returned as is).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> a = paddle.to_tensor([1, 2], dtype='int32')
            >>> b = paddle.to_tensor([5, 6], dtype='int32')
            >>> paddle.cartesian_prod([a, b])
            Tensor(shape=[4, 2], dtype=int32, place=Place(cpu), stop_gradient=True,
                   [[1, 5],
                    [1, 6],
                    [2, 5],
                    [2, 6]])
    """
    from .join import stack
    if isinstance(x, TensorMethods) or not isinstance(x, (list, tuple)) or not x:
        shape = list(x.shape) if isinstance(x, TensorMethods) else type_name(x)
        raise ValueError(f"cartesian_prod expects a non-empty list of 1-D Tensors, but got {shape}")
    for t in x:
        if not isinstance(t, TensorMethods) or t.ndim != 1:
            raise ValueError(f"Expect a 1D vector, but got shape {t.shape if isinstance(t, TensorMethods) else t}")
    for i, t in enumerate(x[1:], 1):
        if t.dtype is not x[0].dtype:
            raise ValueError(f"(InvalidArgument) The data_type of input tensor in list isn't consistent, the first "
                             f"tensor is {x[0].dtype.name}, but {i}th tensor is {t.dtype.name}.")
    if len(x) == 1:
        return x[0]
    sizes = [int(t.shape[0]) for t in x]
    if min(sizes) < 0:
        raise ValueError("cartesian_prod needs the lengths of the inputs to be known")
    cols = []
    for i, t in enumerate(x):
        shape = [1] * len(x)
        shape[i] = -1
        cols.append(t.reshape(shape).expand(sizes).reshape([-1]))
    return stack(cols, axis=1)


# -- renorm, multiplex, add_n, reduce_as, baddbmm ------------------------------------------
def _renorm_args(x, p, axis, max_norm, api):
    need_tensor(x, api)
    if x.dtype not in _F32_64:
        raise kernel_error("renorm", x.dtype, "float64, float32")
    nd = x.ndim
    if axis >= nd:
        raise ValueError(f"the axis:{axis} should be less then the shape's size {nd}:{x.shape}")
    if axis < -nd:
        raise ValueError(f"the axis:{axis} should not be less than -1 * length of input_shape:{-nd}")
    return {"p": float(p), "axis": int(axis) % nd, "max_norm": float(max_norm)}


def renorm(x, p, axis, max_norm):
    """Rescale each slice along axis whose p-norm exceeds max_norm to have norm max_norm.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1., 2.], [3., 4.]])
            >>> paddle.renorm(x, 2.0, 0, 1.0)
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[0.44721359, 0.89442718],
                    [0.60000002, 0.80000001]])
    """
    return apply(Renorm, x, **_renorm_args(x, p, axis, max_norm, "renorm"))


def renorm_(x, p, axis, max_norm):
    """In-place version of renorm: writes the result into x and returns x.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[3., 4.], [0.3, 0.4]])
            >>> _ = paddle.renorm_(x, 2.0, 0, 1.0)
            >>> x
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[0.60000002, 0.80000001],
                    [0.30000001, 0.40000001]])
    """
    return apply_inplace(Renorm, x, **_renorm_args(x, p, axis, max_norm, "renorm_"))


def multiplex(inputs, index, name=None):
    """Row i of the result is row i of inputs[index[i, 0]] (index: int32 of shape [N, 1]).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> img1 = paddle.to_tensor([[1, 2], [3, 4]], dtype=paddle.float32)
            >>> img2 = paddle.to_tensor([[5, 6], [7, 8]], dtype=paddle.float32)
            >>> paddle.multiplex([img1, img2], paddle.to_tensor([[1], [0]], dtype=paddle.int32))
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[5., 6.],
                    [3., 4.]])
    """
    if not isinstance(inputs, (list, tuple)) or not all(isinstance(t, TensorMethods) for t in inputs):
        raise ValueError("(InvalidArgument) multiplex(): argument 'inputs' (position 0) must be list of Tensors, but "
                         f"got {type_name(inputs) if not isinstance(inputs, TensorMethods) else 'Tensor'}")
    need_tensor(index, "multiplex", "index", 1)
    if len(inputs) < 2:
        raise ValueError("(InvalidArgument) multiplex operator should have more than one candidate input tensors.\n"
                         f"  [Hint: Expected num_ins > 1, but received num_ins:{len(inputs)} <= 1:1.]")
    if index.ndim != 2:
        raise RuntimeError("(PreconditionNotMet) The index tensor must be a vector with 2 dimensions")
    first = inputs[0]
    if first.ndim < 2:
        raise ValueError("(InvalidArgument) The rank of candidate tensors must be not less than 2.")
    for i, t in enumerate(inputs[1:], 1):
        if t.dtype is not first.dtype:
            raise ValueError(f"(InvalidArgument) The data_type of input tensor in list isn't consistent, the first "
                             f"tensor is {first.dtype.name}, but {i}th tensor is {t.dtype.name}.")
        if list(t.shape) != list(first.shape):
            raise ValueError(f"(InvalidArgument) All the candidate tensors must have the same size, but received "
                             f"{list(first.shape)} and {list(t.shape)}.")
    if index.dtype is not _dt.int32:
        raise ValueError(f"(InvalidArgument) The type of data we are trying to retrieve (int32) does not match the "
                         f"type of data ({index.dtype.name}) currently contained in the container.")
    return apply(Multiplex, list(inputs), index)


def add_n(inputs, name=None):
    """Elementwise sum of a list of tensors of one shape and dtype (a single tensor is returned as is).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> input0 = paddle.to_tensor([[1, 2, 3], [4, 5, 6]], dtype='float32')
            >>> input1 = paddle.to_tensor([[7, 8, 9], [10, 11, 12]], dtype='float32')
            >>> paddle.add_n([input0, input1])
            Tensor(shape=[2, 3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[8. , 10., 12.],
                    [14., 16., 18.]])
    """
    if isinstance(inputs, TensorMethods):
        return inputs
    if not isinstance(inputs, (list, tuple)) or not inputs or not all(isinstance(t, TensorMethods) for t in inputs):
        got = "empty list" if isinstance(inputs, (list, tuple)) and not inputs else type_name(inputs)
        raise ValueError(f"(InvalidArgument) add_n(): argument 'inputs' (position 0) must be list of Tensors, but got "
                         f"{got}")
    first = inputs[0]
    for i, t in enumerate(inputs[1:], 1):
        if t.dtype is not first.dtype:
            raise ValueError(f"(InvalidArgument) The type of data we are trying to retrieve ({first.dtype.name}) does "
                             f"not match the type of data ({t.dtype.name}) currently contained in the container.")
        if list(t.shape) != list(first.shape):
            raise ValueError(f"(InvalidArgument) The input tensor X of AddNOp must have same shape. But received "
                             f"X[0]'s shape = {list(first.shape)}, X[{i}]'s shape = {list(t.shape)}.")
    if first.dtype is _dt.bool_ or first.dtype in (_dt.int8, _dt.int16, _dt.uint8):
        raise kernel_error("add_n", first.dtype, "int64, float64, complex128, float16, float32, complex64, int32, "
                                                 "bfloat16")
    return apply(AddN, list(inputs))


def reduce_as(x, target, name=None):
    """Sum x over its broadcast dimensions so that it takes target's shape (integers sum in int64).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1, 2, 3, 4], [5, 6, 7, 8]])
            >>> paddle.reduce_as(x, paddle.to_tensor([1, 2, 3, 4]))
            Tensor(shape=[4], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [6 , 8 , 10, 12])
    """
    need_tensor(x, "reduce_as")
    need_tensor(target, "reduce_as", "target", 1)
    xs, ts = list(x.shape), list(target.shape)
    lead = len(xs) - len(ts)
    bad = lead < 0
    for i, t in enumerate(ts):
        if bad:
            break
        d = xs[i + lead]
        if t != d and t != 1 and -1 not in (t, d):
            bad = True
    if bad:
        raise ValueError(
            "(InvalidArgument) ReduceDims dimension mismatch. Operands could not be broadcast together with the shape "
            f"of in_dims = {xs} and the shape of out_dims = {ts}.")
    if x.dtype is _dt.bool_ or (x.dtype.is_integer and x.dtype is not _dt.int64):
        x = cast(x, _dt.int64)
    return apply(ReduceAs, x, target)


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
    from .math import matmul
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
    if not STATE.static and list(res.shape) != list(input.shape):
        raise ValueError(f"(InvalidArgument) baddbmm_ cannot write a result of shape {list(res.shape)} into input "
                         f"of shape {list(input.shape)}.")
    return _assign_into(input, res, "baddbmm_")


def broadcast_shapes(*shapes):
    """The shape that all the given shapes broadcast to (numpy rules; -1 stands for an unknown size).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.broadcast_shapes([5, 1, 3], [1, 4, 1], [1, 1, 3])
            [5, 4, 3]
    """
    out = []
    for shape in shapes:
        a, b = list(out), [int(s) for s in shape]
        n = max(len(a), len(b))
        a, b = [1] * (n - len(a)) + a, [1] * (n - len(b)) + b
        res = []
        for i, (p, q) in enumerate(zip(a, b)):
            if p == q or q == 1 or q == -1 and p != 1:
                res.append(p)
            elif p == 1 or p == -1:
                res.append(q)
            else:
                raise ValueError(
                    "(InvalidArgument) Broadcast dimension mismatch. Operands could not be broadcast together with "
                    f"the shape of X = {a} and the shape of Y = {b}. Received [{p}] in X is not equal to [{q}] in Y "
                    f"at i:{i}.")
        out = res
    return out


__all__ = ["cummax", "cummin", "logcumsumexp", "diff", "trapezoid", "cumulative_trapezoid", "vander", "combinations",
           "cartesian_prod", "renorm", "renorm_", "multiplex", "add_n", "reduce_as", "baddbmm", "baddbmm_",
           "broadcast_shapes"]

METHODS = {n: globals()[n] for n in __all__ if n != "cartesian_prod"}
