"""Filled and copied tensors: full, zeros, ones, empty and their _like forms, assign, clone, cast (paddle.*)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from purepaddle._core._typing import DTypeLike, NestedSequence, Numeric, PlaceLike, ShapeLike, TensorLike

import numbers

import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import apply, apply_inplace, building_program, constant, known_value
from ..._core.methods import TensorMethods
from ..._core.tensor import Tensor
from ...ops._through_float import to_int
from ...ops.creation.fill import Assign, Cast, Empty, FillAny, FillAnyLike, FillConstant
from .._check import check_dtype_registered, check_fill_range
from .._creation_args import as_array, convert_dtype, finish, shape_list, size_args, write_into


_make = Tensor._make


def _new(arr, stop_gradient, place):
    out = constant(arr)  # a leaf Tensor eagerly, an assign_value op in a Program: the same call in both
    out.stop_gradient = bool(stop_gradient)
    if known_value(out) is not None:
        out._place = place
    return out


def _fill_attrs(value, d):
    """fill_constant attrs for a Python fill value in DType d (str_value keeps ints exact)."""
    if d.is_complex:
        return {"value": complex(value), "str_value": ""}
    if d.is_integer:
        if isinstance(value, (float, np.floating)):  # C++'s cast: NaN, inf and out-of-range give INT_MIN & co
            v = int(to_int(np, np.asarray(float(value)), d.np_dtype))
        else:
            v = int(float(value)) if isinstance(value, str) else int(value)
        return {"value": float(v), "str_value": str(v)}
    v = float(value)
    return {"value": v, "str_value": str(v)}


def full(shape: ShapeLike, fill_value: Numeric, dtype: DTypeLike | None = None, name: str | None = None, *,
         out: Tensor | None = None, device: PlaceLike | None = None, requires_grad: bool = False,
         pin_memory: bool = False) -> Tensor:
    """A tensor of `shape` filled with `fill_value` (default dtype: bool for bools, complex128 for
    complex values, else the default float dtype).

    Args:
        shape (ShapeLike): The shape of the result: a list or tuple of ints (or 1-element int Tensors), or an
            int Tensor.
        fill_value (Numeric): The value of every element (a number, bool or 0-D Tensor).
        dtype (DTypeLike|None, optional): The data type; None infers it from `fill_value`. Default: None.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.
        out (Tensor|None, optional): A tensor to write the result into; None makes a new one. Default: None.
        device (PlaceLike|None, optional): Where the result lives; None is the current device (this package
            computes on the CPU). Default: None.
        requires_grad (bool, optional): Whether the result records gradients (it sets stop_gradient to the
            opposite). Default: False.
        pin_memory (bool, optional): Accepted for compatibility; pinned memory does not apply on the CPU.
            Default: False.

    Returns:
        Tensor: a tensor of the given shape filled with `fill_value`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.full([2, 2], 3)
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[3., 3.],
                    [3., 3.]])
    """
    if not isinstance(fill_value, (numbers.Number, str, TensorMethods)):
        raise TypeError("The fill_value should be int, float, bool, complex, np.number, string numeric values or "
                        f"Tensor, but received {type(fill_value)}.")
    if isinstance(fill_value, str):
        try:
            complex(fill_value.strip())
        except ValueError:
            raise ValueError(f"The fill_value of paddle.full must be a number or a numeric string, but received "
                             f"{fill_value!r}.") from None
    if dtype is None:
        d = _dt.bool_ if isinstance(fill_value, bool) else \
            _dt.complex128 if isinstance(fill_value, complex) else _dt.default_float()
    else:
        d = convert_dtype(dtype)
    if out is not None and out.dtype is not d:
        raise TypeError(f"Required out.dtype == dtype if specifying out, but received {out.dtype} != {d}")
    dims = shape_list(shape, "full")
    if building_program():  # Paddle's full() opens two "fill_constant" name helpers: its output is fill_constant_1.tmp_0
        from ...static.program import default_main_program
        default_main_program()._name_generator.generate("fill_constant")
    if isinstance(fill_value, TensorMethods):
        if isinstance(fill_value, Tensor):
            fill_value = fill_value._data.reshape(-1)[0].item()
        else:  # static Variable: broadcast it over zeros
            t = apply(FillConstant, shape=dims, value=0.0, str_value="", dtype=d.proto)
            return finish(t + cast(fill_value, d), out, device, requires_grad)
    t = apply(FillConstant, shape=dims, dtype=d.proto, **_fill_attrs(fill_value, d))
    return finish(t, out, device, requires_grad)


@size_args
def zeros(shape: ShapeLike, dtype: DTypeLike | None = None, name: str | None = None, *,
          out: Tensor | None = None, device: PlaceLike | None = None, requires_grad: bool = False,
          pin_memory: bool = False) -> Tensor:
    """A tensor of zeros (default dtype: the default float dtype).

    Args:
        shape (ShapeLike): The shape of the result: a list or tuple of ints (or 1-element int Tensors), or an
            int Tensor.
        dtype (DTypeLike|None, optional): The data type of the result; None keeps the default. Default: None.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.
        out (Tensor|None, optional): A tensor to write the result into; None makes a new one. Default: None.
        device (PlaceLike|None, optional): Where the result lives; None is the current device (this package
            computes on the CPU). Default: None.
        requires_grad (bool, optional): Whether the result records gradients (it sets stop_gradient to the
            opposite). Default: False.
        pin_memory (bool, optional): Accepted for compatibility; pinned memory does not apply on the CPU.
            Default: False.

    Returns:
        Tensor: a tensor of the given shape filled with 0.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.zeros([2, 3], dtype='int32')
            Tensor(shape=[2, 3], dtype=int32, place=Place(cpu), stop_gradient=True,
                   [[0, 0, 0],
                    [0, 0, 0]])
    """
    return full(shape, 0.0, _dt.default_float() if dtype is None else dtype, out=out, device=device,
                requires_grad=requires_grad)


@size_args
def ones(shape: ShapeLike, dtype: DTypeLike | None = None, name: str | None = None, *,
         out: Tensor | None = None, device: PlaceLike | None = None, requires_grad: bool = False,
         pin_memory: bool = False) -> Tensor:
    """A tensor of ones (default dtype: the default float dtype).

    Args:
        shape (ShapeLike): The shape of the result: a list or tuple of ints (or 1-element int Tensors), or an
            int Tensor.
        dtype (DTypeLike|None, optional): The data type of the result; None keeps the default. Default: None.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.
        out (Tensor|None, optional): A tensor to write the result into; None makes a new one. Default: None.
        device (PlaceLike|None, optional): Where the result lives; None is the current device (this package
            computes on the CPU). Default: None.
        requires_grad (bool, optional): Whether the result records gradients (it sets stop_gradient to the
            opposite). Default: False.
        pin_memory (bool, optional): Accepted for compatibility; pinned memory does not apply on the CPU.
            Default: False.

    Returns:
        Tensor: a tensor of the given shape filled with 1.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.ones([2])
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [1., 1.])
    """
    return full(shape, 1.0, _dt.default_float() if dtype is None else dtype, out=out, device=device,
                requires_grad=requires_grad)


@size_args
def empty(shape: ShapeLike, dtype: DTypeLike | None = None, name: str | None = None, *,
          out: Tensor | None = None, device: PlaceLike | None = None, requires_grad: bool = False,
          pin_memory: bool = False) -> Tensor:
    """An uninitialised tensor of `shape` (its values are arbitrary).

    Args:
        shape (ShapeLike): The shape of the result: a list or tuple of ints (or 1-element int Tensors), or an
            int Tensor.
        dtype (DTypeLike|None, optional): The data type of the result; None keeps the default. Default: None.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.
        out (Tensor|None, optional): A tensor to write the result into; None makes a new one. Default: None.
        device (PlaceLike|None, optional): Where the result lives; None is the current device (this package
            computes on the CPU). Default: None.
        requires_grad (bool, optional): Whether the result records gradients (it sets stop_gradient to the
            opposite). Default: False.
        pin_memory (bool, optional): Accepted for compatibility; pinned memory does not apply on the CPU.
            Default: False.

    Returns:
        Tensor: a tensor of the given shape whose values are not set.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.empty([2, 3]).shape
            paddle.Size([2, 3])
    """
    d = _dt.default_float() if dtype is None else convert_dtype(dtype)
    t = apply(Empty, shape=shape_list(shape, "empty"), dtype=d.proto)
    return finish(t, out, device, requires_grad)


def _check_x(x, api):
    if not isinstance(x, TensorMethods):
        raise TypeError(f"The type of 'x' in {api} must be paddle.Tensor, but received {type(x).__name__}.")


def full_like(x, fill_value, dtype=None, name=None, *, device=None, requires_grad=False, pin_memory=False):
    """A tensor shaped like x filled with `fill_value` (x's dtype unless `dtype` is given).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([1, 2, 3])
            >>> paddle.full_like(x, 7)
            Tensor(shape=[3], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [7, 7, 7])
    """
    return _full_like(x, fill_value, dtype, device, requires_grad, "paddle.full_like")


def _full_like(x, fill_value, dtype, device, requires_grad, api):
    _check_x(x, api)
    if not isinstance(fill_value, (numbers.Number, str)):
        raise TypeError("The fill_value should be int, float, bool, complex, np.number or string numeric values, "
                        f"but received {type(fill_value)}.")
    d = x.dtype if dtype is None else convert_dtype(dtype)
    value = fill_value if isinstance(fill_value, complex) and d.is_complex else float(fill_value)
    if not (known_value(x) is not None and x.size == 0):  # Paddle's kernel returns before its check when empty
        check_fill_range(value, d)
    t = apply(FillAnyLike, x, value=value, dtype=d.proto)
    return finish(t, None, device, requires_grad)


def zeros_like(x, dtype=None, name=None, *, device=None, requires_grad=False, pin_memory=False):
    """Zeros shaped like x.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.zeros_like(paddle.to_tensor([1., 2.]))
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0., 0.])
    """
    return _full_like(x, 0.0, dtype, device, requires_grad, "paddle.zeros_like")


def ones_like(x, dtype=None, name=None, *, device=None, requires_grad=False, pin_memory=False):
    """Ones shaped like x.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.ones_like(paddle.to_tensor([1, 2]), dtype='float64')
            Tensor(shape=[2], dtype=float64, place=Place(cpu), stop_gradient=True,
                   [1., 1.])
    """
    return _full_like(x, 1.0, dtype, device, requires_grad, "paddle.ones_like")


def empty_like(x, dtype=None, name=None, *, device=None, requires_grad=False, pin_memory=False):
    """An uninitialised tensor shaped like x.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.empty_like(paddle.ones([2, 3])).shape
            paddle.Size([2, 3])
    """
    _check_x(x, "paddle.empty_like")
    if not isinstance(x, Tensor):  # static: the shape may hold -1
        return _full_like(x, 0.0, dtype, device, requires_grad, "paddle.empty_like")
    d = x.dtype if dtype is None else convert_dtype(dtype)
    return finish(apply(Empty, shape=list(x._data.shape), dtype=d.proto), None, device, requires_grad)


def _number(v, api, arg):
    """A scalar argument of arange/linspace: Tensor, Python or numpy number -> operand tensor or value."""
    if isinstance(v, TensorMethods):
        return v
    if isinstance(v, (numbers.Real, np.number)) and not isinstance(v, bool):
        return v
    raise TypeError(f"The type of '{arg}' in {api} must be int, float or Tensor, but received {type(v).__name__}.")


def _is_float(v):
    if isinstance(v, TensorMethods):
        return v.dtype.is_floating
    return isinstance(v, (float, np.floating))


def _operand(v, d):
    """A 1-element tensor of DType d holding v (a Python number or a Tensor)."""
    if isinstance(v, TensorMethods):
        return cast(v.reshape([1]) if v.ndim != 1 else v, d)
    return constant(np.array([v], dtype=d.np_dtype))


def assign(x: TensorLike | NestedSequence[Numeric], output: Tensor | None = None) -> Tensor:
    """Copy x (Tensor, ndarray, list or number) into a new tensor, or into `output` in place.

    Args:
        x (TensorLike|NestedSequence[Numeric]): The value to copy: a Tensor, numpy array, number or (nested)
            list.
        output (Tensor|None, optional): A tensor to copy into; None makes a new one. Default: None.

    Returns:
        Tensor: the copy (`output` when given).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.assign([[1, 2], [3, 4]])
            Tensor(shape=[2, 2], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[1, 2],
                    [3, 4]])
    """
    if isinstance(x, TensorMethods):
        out = apply(Assign, x)
    else:
        if isinstance(x, (numbers.Number, np.generic)) and not isinstance(x, np.ndarray):
            arr = np.array([x])
        elif isinstance(x, (list, tuple)) and any(isinstance(v, TensorMethods) for v in x):
            arr = as_array(x)
        elif isinstance(x, (np.ndarray, list, tuple)):
            arr = np.array(x)
            if arr.dtype == object:
                raise ValueError("Failed to convert input data to a regular ndarray: usually this means the input "
                                 "data contains nested lists with different lengths.")
        else:
            raise TypeError(f"The type of 'x' in paddle.assign must be Tensor, numpy.ndarray, list, tuple or a "
                            f"number, but received {type(x).__name__}.")
        if arr.dtype.kind in "USO":
            raise TypeError(f"paddle.assign can't embed numpy data of dtype {arr.dtype}")
        if arr.dtype == np.int32 and not isinstance(x, np.ndarray):
            arr = arr.astype(np.int64)
        check_dtype_registered(_dt.from_numpy(arr.dtype), ("float64", "complex128", "float16", "float32", "complex64",
                                                       "int32", "bfloat16", "bool", "int64", "int8"), "assign_value")
        out = constant(arr.copy() if arr is x else arr)
    if output is None:
        return out
    return write_into(output, out)


def clone(x, name=None):
    """A copy of x that stays in the graph: gradients flow back to x.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([1., 2.], stop_gradient=False)
            >>> y = paddle.clone(x)
            >>> (y * y).sum().backward()
            >>> x.grad.numpy()
            array([2., 4.], dtype=float32)
    """
    _check_x(x, "paddle.clone")
    return apply(Assign, x)


def cast(x: Tensor, dtype: DTypeLike) -> Tensor:
    """x converted to `dtype`; gradients flow back between floating dtypes.

    Args:
        x (Tensor): The input tensor.
        dtype (DTypeLike): The data type to convert to.

    Returns:
        Tensor: `x` converted to `dtype`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.cast(paddle.to_tensor([1.7, -2.5]), 'int32')
            Tensor(shape=[2], dtype=int32, place=Place(cpu), stop_gradient=True,
                   [ 1, -2])
    """
    if not isinstance(x, TensorMethods):
        raise ValueError(f"(InvalidArgument) cast(): argument 'x' (position 0) must be Tensor, but got "
                         f"{type(x).__name__}")
    d = convert_dtype(dtype)
    return apply(Cast, x, in_dtype=x.dtype.proto, out_dtype=d.proto)


def cast_(x, dtype):
    """In-place cast: x takes `dtype` and its converted values, and is returned.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([1.7, -2.5])
            >>> _ = paddle.cast_(x, 'int32')
            >>> x
            Tensor(shape=[2], dtype=int32, place=Place(cpu), stop_gradient=True,
                   [ 1, -2])
    """
    if not isinstance(x, TensorMethods):
        raise ValueError(f"(InvalidArgument) cast(): argument 'x' (position 0) must be Tensor, but got "
                         f"{type(x).__name__}")
    d = convert_dtype(dtype)
    return apply_inplace(Cast, x, in_dtype=x.dtype.proto, out_dtype=d.proto)


def _astype(self, dtype):
    """Tensor.astype: x itself when already of `dtype`, else paddle.cast(x, dtype).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.to_tensor([1.5, 2.5]).astype('int64')
            Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [1, 2])
    """
    d = convert_dtype(dtype)
    if self.dtype is d:
        return self
    return apply(Cast, self, in_dtype=self.dtype.proto, out_dtype=d.proto)


def _fill_(x, value):
    """Tensor.fill_: set every element to `value` in place (no gradient reaches the old values).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.zeros([3]).fill_(2.5)
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [2.50000000, 2.50000000, 2.50000000])
    """
    if not isinstance(value, (numbers.Number, np.number)) or isinstance(value, complex):
        raise TypeError(f"The type of 'value'  must be int or float, but received {type(value)}.")
    return apply_inplace(FillAny, x, value=float(value))


def _zero_(x):
    """Tensor.zero_: set every element to 0 in place.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.to_tensor([1, 2]).zero_()
            Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [0, 0])
    """
    return apply_inplace(FillAny, x, value=0.0)


def _type_as(self, other):
    """Tensor.type_as: self converted to other's dtype (self itself when the dtypes already agree).

    Args:
        other (Tensor): The tensor whose dtype the result takes.

    Returns:
        Tensor: self in other's dtype.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.to_tensor([1.5, 2.5]).type_as(paddle.to_tensor([1]))
            Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [1, 2])
    """
    return _astype(self, other.dtype)


def _clone_method(self):
    """Tensor.clone: paddle.clone(self)."""
    return clone(self)


__all__ = ["full", "zeros", "ones", "empty", "full_like", "zeros_like", "ones_like", "empty_like", "assign", "clone",
           "cast", "cast_"]

METHODS = {"astype": _astype, "cast": cast, "cast_": cast_, "clone": _clone_method, "fill_": _fill_, "zero_": _zero_,
           "type_as": _type_as}
