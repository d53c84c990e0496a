"""Public logic functions: comparisons, logical_*, bitwise_*, any, all, is_empty, isin, allclose, isclose,
equal_all and their operators."""

from __future__ import annotations

import numpy as np

from .._core import dtype as _dt
from .._core.dispatch import apply, building_program, constant as const_operand
from .._core.methods import TensorMethods
from .._core.tensor import Tensor
from ..ops import logic as L
from ..ops.logic import AllClose, EqualAll, IsClose
from ..ops.manipulation.shape import Reshape
from ._check import kernel_error, need_tensor, store_out, type_name
from ._creation_args import as_array
from ._operand import cast, constant


_make = Tensor._make
_Var = TensorMethods


def _scalar(value, d):
    """A 0-D operand holding `value` converted (C-style) to DType d."""
    if building_program():  # Paddle's programs hold a fill_constant op; eagerly the same constant directly
        return constant(value.item() if isinstance(value, np.generic) else value, d)
    try:
        arr = np.asarray(value, dtype=d.np_dtype)
    except (OverflowError, TypeError, ValueError):
        arr = np.array(value).astype(d.np_dtype)
    return _make(arr)


def _unify(x, y, zero_d=False):
    """Cast two operands to their promoted dtype (Paddle's TypeError when they don't promote).

    zero_d applies Paddle's rule for a 0-D operand (comparisons: it takes the other's dtype).
    """
    dx, dy = x.dtype, y.dtype
    if dx is not dy:
        if zero_d:
            d = _dt.promote_with_0d(dx, dy, len(x.shape) == 0, len(y.shape) == 0)
        else:
            d = _dt.promote(dx, dy)
        x, y = cast(x, d), cast(y, d)
    return x, y


# -- comparisons --------------------------------------------------------------------------
def _compare(op_cls, api, x, y, out, scalars=False):
    need_tensor(x, api, "x", 0)
    if not isinstance(y, _Var):
        if not scalars:
            need_tensor(y, api, "y", 1)
        if not isinstance(y, (bool, int, float, complex)):
            raise TypeError("Type of input args must be float, bool, complex, int or Tensor, but received type "
                            f"{type(y)}")
        if isinstance(y, complex) and not x.dtype.is_complex:
            y = y.real
        y = _scalar(y, x.dtype)
    else:
        x, y = _unify(x, y, zero_d=True)
    return store_out(apply(op_cls, x, y, axis=-1, force_cpu=False), out)


def equal(x, y, name=None, *, out=None):
    """Elementwise x == y with broadcasting; y may be a Python number (cast to x's dtype).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([1, 2, 3])
            >>> paddle.equal(x, paddle.to_tensor([1, 3, 3]))
            Tensor(shape=[3], dtype=bool, place=Place(cpu), stop_gradient=True,
                   [True , False, True ])
    """
    return _compare(L.Equal, "equal", x, y, out, scalars=True)


def not_equal(x, y, name=None, *, out=None):
    """Elementwise x != y with broadcasting.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.not_equal(paddle.to_tensor([1, 2]), paddle.to_tensor([1, 3]))
            Tensor(shape=[2], dtype=bool, place=Place(cpu), stop_gradient=True,
                   [False, True ])
    """
    return _compare(L.NotEqual, "not_equal", x, y, out)


def less_than(x: Tensor, y: Tensor, name: str | None = None, *, out: Tensor | None = None) -> Tensor:
    """Elementwise x < y with broadcasting.

    Args:
        x (Tensor): The input tensor.
        y (Tensor): The second input tensor, broadcast against `x`.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.
        out (Tensor|None, optional): A tensor to write the result into; None makes a new one. Default: None.

    Returns:
        Tensor: a bool tensor, x < y elementwise (broadcast).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.less_than(paddle.to_tensor([1, 2]), paddle.to_tensor([2, 2]))
            Tensor(shape=[2], dtype=bool, place=Place(cpu), stop_gradient=True,
                   [True , False])
    """
    return _compare(L.LessThan, "less_than", x, y, out)


def less_equal(x, y, name=None, *, out=None):
    """Elementwise x <= y with broadcasting.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.less_equal(paddle.to_tensor([1, 2, 3]), paddle.to_tensor([2, 2, 2]))
            Tensor(shape=[3], dtype=bool, place=Place(cpu), stop_gradient=True,
                   [True , True , False])
    """
    return _compare(L.LessEqual, "less_equal", x, y, out)


def greater_than(x, y, name=None, *, out=None):
    """Elementwise x > y with broadcasting.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.greater_than(paddle.to_tensor([1, 3]), paddle.to_tensor([2, 2]))
            Tensor(shape=[2], dtype=bool, place=Place(cpu), stop_gradient=True,
                   [False, True ])
    """
    return _compare(L.GreaterThan, "greater_than", x, y, out)


def greater_equal(x, y, name=None, *, out=None):
    """Elementwise x >= y with broadcasting.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.greater_equal(paddle.to_tensor([1, 2, 3]), paddle.to_tensor([2, 2, 2]))
            Tensor(shape=[3], dtype=bool, place=Place(cpu), stop_gradient=True,
                   [False, True , True ])
    """
    return _compare(L.GreaterEqual, "greater_equal", x, y, out)


# -- comparison operators (x == y, x < y, ...) ------------------------------------------
_NOT_NUMBER = object()


def _op_operand(x, y):
    """The right operand of a comparison operator as (x, y) tensors, or _NOT_NUMBER."""
    if isinstance(y, _Var):
        return _unify(x, y, zero_d=True)
    d = x.dtype
    if type(y) is bool:
        return x, _scalar(y, d)
    if isinstance(y, int):
        r = _dt.scalar_dtype(y, d)  # a bool tensor meets an int as int64
        return (cast(x, r) if r is not d else x), _scalar(y, r)
    if isinstance(y, float):  # Python floats and numpy.float64
        if d.is_floating or d.is_complex:
            return x, _scalar(y, d)
        f = _dt.default_float()
        return cast(x, f), _scalar(y, f)
    if isinstance(y, complex):
        c = d if d.is_complex else _dt.scalar_dtype(y, d)
        return cast(x, c), _scalar(y, c)
    if isinstance(y, np.ndarray):
        arr = as_array(y)
        return _unify(x, const_operand(arr))
    if isinstance(y, str) or (isinstance(y, np.generic) and not isinstance(y, np.bool_)):
        # as in Paddle: other numpy scalars are cast to x's dtype, and a string compares as 0
        return x, _scalar(0 if isinstance(y, str) else y, d)
    return _NOT_NUMBER


def _make_cmp_op(op_cls, dunder, default):
    def method(x, y):
        ops = _op_operand(x, y)
        if ops is _NOT_NUMBER:
            if default is not None:
                return default
            raise TypeError(f"(InvalidType) {dunder}(): argument (position 1) must be int, float, bool or Tensor, "
                            f"but got {type(y).__name__}")
        return apply(op_cls, ops[0], ops[1], axis=-1, force_cpu=False)

    method.__name__ = dunder
    method.__doc__ = f"The `{dunder}` operator: elementwise comparison giving a bool Tensor."
    return method


_eq_op = _make_cmp_op(L.Equal, "__eq__", False)
_ne_op = _make_cmp_op(L.NotEqual, "__ne__", True)
_lt_op = _make_cmp_op(L.LessThan, "__lt__", None)
_le_op = _make_cmp_op(L.LessEqual, "__le__", None)
_gt_op = _make_cmp_op(L.GreaterThan, "__gt__", None)
_ge_op = _make_cmp_op(L.GreaterEqual, "__ge__", None)


# -- logical ------------------------------------------------------------------------------
def _logical(op_cls, api, x, y, out):
    need_tensor(x, api, "x", 0)
    need_tensor(y, api, "y", 1)
    x, y = _unify(x, y)
    return store_out(apply(op_cls, x, y), out)


def logical_and(x, y, name=None, *, out=None):
    """Elementwise logical AND (nonzero counts as True); bool result.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.logical_and(paddle.to_tensor([True, False, True]), paddle.to_tensor([True, True, False]))
            Tensor(shape=[3], dtype=bool, place=Place(cpu), stop_gradient=True,
                   [True , False, False])
    """
    return _logical(L.LogicalAnd, "logical_and", x, y, out)


def logical_or(x, y, name=None, *, out=None):
    """Elementwise logical OR; bool result.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.logical_or(paddle.to_tensor([True, False]), paddle.to_tensor([False, False]))
            Tensor(shape=[2], dtype=bool, place=Place(cpu), stop_gradient=True,
                   [True , False])
    """
    return _logical(L.LogicalOr, "logical_or", x, y, out)


def logical_xor(x, y, name=None, *, out=None):
    """Elementwise logical XOR; bool result.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.logical_xor(paddle.to_tensor([True, False]), paddle.to_tensor([True, True]))
            Tensor(shape=[2], dtype=bool, place=Place(cpu), stop_gradient=True,
                   [False, True ])
    """
    return _logical(L.LogicalXor, "logical_xor", x, y, out)


def logical_not(x, name=None, *, out=None):
    """Elementwise logical NOT (zero counts as False); bool result.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.logical_not(paddle.to_tensor([True, False]))
            Tensor(shape=[2], dtype=bool, place=Place(cpu), stop_gradient=True,
                   [False, True ])
    """
    need_tensor(x, "logical_not", "x", 0)
    return store_out(apply(L.LogicalNot, x), out)


# -- bitwise ------------------------------------------------------------------------------
_BIT_NAMES = "int16, int32, uint8, bool, int64, int8"
_SHIFT_NAMES = "int16, int32, uint8, int64, int8"


def _check_bits(api, x, y=None, shift=False):
    d = x.dtype
    if not (d.is_integer or (d is _dt.bool_ and not shift)):
        raise kernel_error(api, d, _SHIFT_NAMES if shift else _BIT_NAMES)
    if y is not None and y.dtype is not d:
        raise ValueError(f"(InvalidArgument) {api}(): x and y must have the same dtype, but received x: {d.name}, "
                         f"y: {y.dtype.name}")


def _bitwise(op_cls, api, x, y, out):
    need_tensor(x, api, "x", 0)
    need_tensor(y, api, "y", 1)
    _check_bits(api, x, y)
    return store_out(apply(op_cls, x, y), out)


def bitwise_and(x, y, out=None, name=None):
    """Elementwise bitwise AND of integer or bool tensors.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.bitwise_and(paddle.to_tensor([-5, -1, 1]), paddle.to_tensor([4, 2, -3]))
            Tensor(shape=[3], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [0, 2, 1])
    """
    return _bitwise(L.BitwiseAnd, "bitwise_and", x, y, out)


def bitwise_or(x, y, out=None, name=None):
    """Elementwise bitwise OR of integer or bool tensors.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.bitwise_or(paddle.to_tensor([-5, -1, 1]), paddle.to_tensor([4, 2, -3]))
            Tensor(shape=[3], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [-1, -1, -3])
    """
    return _bitwise(L.BitwiseOr, "bitwise_or", x, y, out)


def bitwise_xor(x, y, out=None, name=None):
    """Elementwise bitwise XOR of integer or bool tensors.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.bitwise_xor(paddle.to_tensor([-5, -1, 1]), paddle.to_tensor([4, 2, -3]))
            Tensor(shape=[3], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [-1, -3, -4])
    """
    return _bitwise(L.BitwiseXor, "bitwise_xor", x, y, out)


def bitwise_not(x, out=None, name=None):
    """Elementwise bitwise NOT (~x); logical NOT for bool tensors.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.bitwise_not(paddle.to_tensor([-5, -1, 1]))
            Tensor(shape=[3], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [ 4,  0, -2])
    """
    need_tensor(x, "bitwise_not", "x", 0)
    _check_bits("bitwise_not", x)
    return store_out(apply(L.BitwiseNot, x), out)


bitwise_invert = bitwise_not


def _shift(op_cls, api, x, y, is_arithmetic, out):
    need_tensor(x, api, "x", 0)
    need_tensor(y, api, "y", 1)
    _check_bits(api, x, y, shift=True)
    return store_out(apply(op_cls, x, y, is_arithmetic=bool(is_arithmetic)), out)


def bitwise_left_shift(x, y, is_arithmetic=True, out=None, name=None):
    """Elementwise x << y for integer tensors (bits shifted past the width give 0).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.bitwise_left_shift(paddle.to_tensor([1, -3]), paddle.to_tensor([2, 1]))
            Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [ 4, -6])
    """
    return _shift(L.BitwiseLeftShift, "bitwise_left_shift", x, y, is_arithmetic, out)


def bitwise_right_shift(x, y, is_arithmetic=True, out=None, name=None):
    """Elementwise x >> y: arithmetic (sign-filling) or, with is_arithmetic=False, logical.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.bitwise_right_shift(paddle.to_tensor([-4, 4]), paddle.to_tensor([1, 1]))
            Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [-2,  2])
    """
    return _shift(L.BitwiseRightShift, "bitwise_right_shift", x, y, is_arithmetic, out)


def _make_bit_op(op_cls, api, reflected=False):
    if reflected:
        def method(x, y):
            if type(y) is int or type(y) is bool:
                return _bitwise(op_cls, api, _scalar(y, x.dtype), x, None)
            return NotImplemented
    else:
        def method(x, y):
            return _bitwise(op_cls, api, x, y, None)
    return method


def _make_shift_op(op_cls, api, reflected=False):
    def method(x, y):
        if isinstance(y, _Var):
            a, b = (y, x) if reflected else (x, y)
        elif type(y) is int or type(y) is bool or isinstance(y, (np.integer, np.bool_)):
            s = _scalar(y, x.dtype)
            a, b = (s, x) if reflected else (x, s)
        elif isinstance(y, np.ndarray) and not reflected:
            need_tensor(y, api, "y", 1)
        else:
            return NotImplemented
        return _shift(op_cls, api, a, b, True, None)
    return method


def _invert_op(x):
    return bitwise_not(x)


# -- reductions and predicates -------------------------------------------------------------
def _reduce_dims(x, axis, api):
    """Paddle's axis handling for any/all/count_nonzero -> (dims, reduce_all)."""
    nd = x.ndim
    if axis is None:
        return [], True
    if isinstance(axis, _Var):
        axis = axis.tolist()
    if isinstance(axis, (int, np.integer)) and not isinstance(axis, bool):
        axis = [int(axis)]
    elif isinstance(axis, (list, tuple)):
        axis = [int(a) for a in axis]
    else:
        raise TypeError(f"(InvalidType) {api}(): argument (position 2) must be list or tuple, but got "
                        f"{type(axis).__name__}")
    if nd == 0:
        for a in axis:
            if a not in (0, -1):
                raise ValueError("(InvalidArgument) When input 0D Tensor, the axis can only be -1, 0, None or []")
        return [], True
    seen = set()
    for i, a in enumerate(axis):
        if a >= nd or a < -nd:
            raise ValueError(
                f"(InvalidArgument) The reduce dim index {i} should be in the range [ -dimension(X), dimension(X) ) "
                f"which dimension = {nd}. But received dim index = {a}.")
        a %= nd
        if a in seen:
            raise ValueError(f"(InvalidArgument) Axis contains duplicate dimensions. Dimension {a} appears more than "
                             "once in axis.")
        seen.add(a)
    return axis, not axis or len(seen) == nd


def _reduce_bool(op_cls, api, x, axis, keepdim, out):
    need_tensor(x, api, "x", 0)
    dims, everything = _reduce_dims(x, axis, api)
    return store_out(apply(op_cls, x, dim=dims, keep_dim=bool(keepdim), reduce_all=everything), out)


def any(x, axis=None, keepdim=False, name=None, *, out=None):
    """Whether any element is nonzero, over `axis` (all axes when None); bool result.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[True, False], [False, False]])
            >>> paddle.any(x, axis=1)
            Tensor(shape=[2], dtype=bool, place=Place(cpu), stop_gradient=True,
                   [True , False])
    """
    return _reduce_bool(L.ReduceAny, "any", x, axis, keepdim, out)


def all(x, axis=None, keepdim=False, name=None, *, out=None):
    """Whether every element is nonzero, over `axis` (all axes when None); bool result.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[True, False], [True, True]])
            >>> paddle.all(x, axis=1)
            Tensor(shape=[2], dtype=bool, place=Place(cpu), stop_gradient=True,
                   [False, True ])
    """
    return _reduce_bool(L.ReduceAll, "all", x, axis, keepdim, out)


def is_empty(x, name=None):
    """A 0-D bool tensor: whether x has no elements.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.is_empty(paddle.zeros([0, 3]))
            Tensor(shape=[], dtype=bool, place=Place(cpu), stop_gradient=True,
                   True)
    """
    need_tensor(x, "is_empty", "x", 0)
    return apply(L.IsEmpty, x)


def isin(x, test_x, assume_unique=False, invert=False, name=None):
    """Elementwise: whether each element of x occurs in test_x (or not, with invert=True).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.isin(paddle.to_tensor([1, 2, 3]), paddle.to_tensor([2, 5]))
            Tensor(shape=[3], dtype=bool, place=Place(cpu), stop_gradient=True,
                   [False, True , False])
    """
    for v in (x, test_x):
        if not isinstance(v, _Var):
            raise TypeError(f"x must be tensor type, but got {type(v)}")
    x, test_x = _unify(x, test_x)
    if assume_unique:
        return _isin_unique(x, test_x, invert)
    col = apply(Reshape, x, shape=[0] * x.ndim + [1])
    row = apply(Reshape, test_x, shape=[-1])
    hit = apply(L.ReduceAny, apply(L.Equal, col, row, axis=-1, force_cpu=False), dim=[-1], keep_dim=False,
                reduce_all=False)
    return apply(L.LogicalNot, hit) if invert else hit


def _isin_unique(x, test_x, invert):
    """isin when both inputs hold unique values: one stable sort of both, then neighbours compared.

    Paddle's algorithm (numpy's in1d too): with repeated values the answer is as wrong as
    Paddle's, which its docs warn about; the last sorted element never counts as found, and
    invert negates the whole answer.
    """
    from .manipulation.join import concat
    from .search.sorting import argsort
    from .manipulation.gathering import gather
    from .manipulation.scattering import scatter
    n = int(np.prod(x.shape)) if -1 not in list(x.shape) else -1
    both = concat([apply(Reshape, x, shape=[-1]), apply(Reshape, test_x, shape=[-1])])
    order = argsort(both, stable=True)
    ranked = gather(both, order)
    same = apply(L.Equal, ranked[1:], ranked[:-1], axis=-1, force_cpu=False)
    flags = concat([same, const_operand(np.zeros([1], bool))])
    mask = scatter(flags, order, flags, overwrite=True)
    if n < 0:
        raise ValueError("paddle.isin(assume_unique=True) needs x's full shape in static mode")
    hit = apply(Reshape, mask[:n], shape=list(x.shape))
    return apply(L.LogicalNot, hit) if invert else hit


def _tol(v, arg, api):
    """rtol/atol as Paddle passes them to the op: a float formatted as a string."""
    if isinstance(v, TensorMethods):
        v = v.item()
    if isinstance(v, bool) or not isinstance(v, (int, float, np.number)):
        raise TypeError(f"The type of '{arg}' in {api} must be float, but received {type_name(v)}.")
    return str(float(v))


def _close_operands(x, y, api):
    need_tensor(x, api, "x", 0)
    need_tensor(y, api, "y", 1)
    if x.dtype is not y.dtype:
        raise ValueError(
            f"(InvalidArgument) The type of data we are trying to retrieve ({x.dtype.name}) does not match the "
            f"type of data ({y.dtype.name}) currently contained in the container.")
    xs, ys = list(x.shape), list(y.shape)
    if len(xs) != len(ys):
        raise RuntimeError("(PreconditionNotMet) Input(Input) and Input(Other) must have the same dimension size.")
    for i, (a, b) in enumerate(zip(xs, ys)):
        if a != b and a != -1 and b != -1:
            raise RuntimeError(f"(PreconditionNotMet) The value at dim {i} of Input(Input) is not equal to the "
                               f"Input(Other): {a} != {b}.")


def allclose(x: Tensor, y: Tensor, rtol: float = 1e-05, atol: float = 1e-08, equal_nan: bool = False,
             name: str | None = None) -> Tensor:
    """Whether all |x - y| <= atol + rtol * |y| (a 0-D bool Tensor).

    Args:
        x (Tensor): The input tensor.
        y (Tensor): The second input tensor, broadcast against `x`.
        rtol (float, optional): The relative tolerance. Default: 1e-05.
        atol (float, optional): The absolute tolerance. Default: 1e-08.
        equal_nan (bool, optional): Whether two NaNs count as equal. Default: False.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Returns:
        Tensor: a 0-D bool tensor, True when |x - y| <= atol + rtol * |y| everywhere.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([10000., 1e-07])
            >>> y = paddle.to_tensor([10000.1, 1e-08])
            >>> paddle.allclose(x, y, rtol=1e-05, atol=1e-08)
            Tensor(shape=[], dtype=bool, place=Place(cpu), stop_gradient=True,
                   False)
            >>> paddle.allclose(x, y, rtol=1e-05, atol=1e-07)
            Tensor(shape=[], dtype=bool, place=Place(cpu), stop_gradient=True,
                   True)
    """
    _close_operands(x, y, "allclose")
    return apply(AllClose, x, y, rtol=_tol(rtol, "rtol", "allclose"), atol=_tol(atol, "atol", "allclose"),
                 equal_nan=bool(equal_nan))


def isclose(x, y, rtol=1e-05, atol=1e-08, equal_nan=False, name=None):
    """Elementwise |x - y| <= atol + rtol * |y| (a bool Tensor).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([10000., 1e-07])
            >>> y = paddle.to_tensor([10000.1, 1e-08])
            >>> paddle.isclose(x, y, rtol=1e-05, atol=1e-08)
            Tensor(shape=[2], dtype=bool, place=Place(cpu), stop_gradient=True,
                   [True , False])
    """
    if x.dtype.is_complex and isinstance(y, TensorMethods) and y.dtype is not x.dtype and (y.dtype.is_complex
                                                                                   or y.dtype.is_floating):
        # Paddle's complex kernel casts y to x's dtype: a real y converts, another complex dtype cannot
        if y.dtype.is_complex:
            raise NotImplementedError(f"(Unimplemented) Data type ({y.dtype.name}) is not supported when casting "
                                      "data type.")
        y = cast(y, x.dtype)
    _close_operands(x, y, "isclose")
    if not (x.dtype.is_floating or x.dtype.is_complex):
        raise kernel_error("isclose", x.dtype, "float64, complex128, float32, complex64")
    return apply(IsClose, x, y, rtol=_tol(rtol, "rtol", "isclose"), atol=_tol(atol, "atol", "isclose"),
                 equal_nan=bool(equal_nan))


def equal_all(x, y, name=None):
    """Whether x and y have the same shape and all elements equal (a 0-D bool Tensor).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([1, 2, 3])
            >>> paddle.equal_all(x, paddle.to_tensor([1, 2, 3]))
            Tensor(shape=[], dtype=bool, place=Place(cpu), stop_gradient=True,
                   True)
            >>> paddle.equal_all(x, paddle.to_tensor([1, 4, 3]))
            Tensor(shape=[], dtype=bool, place=Place(cpu), stop_gradient=True,
                   False)
    """
    need_tensor(x, "equal_all", "x", 0)
    need_tensor(y, "equal_all", "y", 1)
    if x.dtype is not y.dtype:
        raise ValueError(
            f"(InvalidArgument) The type of data we are trying to retrieve ({y.dtype.name}) does not match the "
            f"type of data ({x.dtype.name}) currently contained in the container.")
    return apply(EqualAll, x, y)


def _make_inplace(fn):
    """The in-place twin of a logic function: x takes the result (and its dtype), keeping its shape."""
    def inplace(x, *args, **kwargs):
        res = fn(x, *args, **kwargs)
        if list(res.shape) != list(x.shape):
            raise ValueError(f"The shape of broadcast output {list(res.shape)} is different from that of inplace "
                             f"tensor {list(x.shape)} in the Inplace operation.")
        if isinstance(x, Tensor):
            x._set_data(res._data)
        else:
            x._rebind_static(res)
        return x

    name = fn.__name__ + "_"
    call = f"x.{name}()" if fn.__name__.endswith("not") else f"x.{name}(paddle.to_tensor([1, 3]))"
    inplace.__name__ = name
    inplace.__doc__ = (
        f"In-place version of paddle.{fn.__name__}: x is overwritten with the result and returned.\n\n"
        "    Examples:\n        .. code-block:: python\n\n"
        f"            >>> import paddle\n            >>> x = paddle.to_tensor([1, 2])\n"
        f"            >>> {call} is x\n            True\n")
    return inplace


less = less_than
greater = greater_than
eq, ne, lt, le, gt, ge = equal, not_equal, less_than, less_equal, greater_than, greater_equal
__all__ = ["equal", "not_equal", "less_than", "less_equal", "greater_than", "greater_equal", "less", "greater",
           "eq", "ne", "lt", "le", "gt", "ge", "logical_and", "logical_or", "logical_xor", "logical_not",
           "bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_not", "bitwise_invert", "bitwise_left_shift",
           "bitwise_right_shift", "any", "all", "is_empty", "isin", "allclose", "isclose", "equal_all"]
_INPLACE = ["equal", "not_equal", "less_than", "less_equal", "greater_than", "greater_equal", "logical_and",
            "logical_or", "logical_xor", "logical_not", "bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_not",
            "bitwise_left_shift", "bitwise_right_shift"]
globals().update({n + "_": _make_inplace(globals()[n]) for n in _INPLACE})
less_ = less_than_
bitwise_invert_ = bitwise_not_
__all__ += [n + "_" for n in _INPLACE] + ["less_", "bitwise_invert_"]
METHODS = {name: globals()[name] for name in __all__}
METHODS.update({
    "__eq__": _eq_op, "__ne__": _ne_op, "__lt__": _lt_op, "__le__": _le_op, "__gt__": _gt_op, "__ge__": _ge_op,
    "__and__": _make_bit_op(L.BitwiseAnd, "bitwise_and"), "__or__": _make_bit_op(L.BitwiseOr, "bitwise_or"),
    "__xor__": _make_bit_op(L.BitwiseXor, "bitwise_xor"),
    "__rand__": _make_bit_op(L.BitwiseAnd, "bitwise_and", True),
    "__ror__": _make_bit_op(L.BitwiseOr, "bitwise_or", True),
    "__rxor__": _make_bit_op(L.BitwiseXor, "bitwise_xor", True),
    "__invert__": _invert_op,
    "__lshift__": _make_shift_op(L.BitwiseLeftShift, "bitwise_left_shift"),
    "__rshift__": _make_shift_op(L.BitwiseRightShift, "bitwise_right_shift"),
    "__rlshift__": _make_shift_op(L.BitwiseLeftShift, "bitwise_left_shift", True),
    "__rrshift__": _make_shift_op(L.BitwiseRightShift, "bitwise_right_shift", True),
})
