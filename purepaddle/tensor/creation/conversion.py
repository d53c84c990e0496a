"""Tensors from data: to_tensor, tensor, asarray, from_numpy, complex, polar, create_tensor, MmapStorage and
the storage methods (set_, resize_, element_size, ...) and Tensor.to / Tensor._to (dtype and place conversion);
tolist, back to data, is manipulation's as in Paddle."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from purepaddle._core._typing import DTypeLike, NestedSequence, Numeric, PlaceLike, TensorLike

import copy
import numbers
import os
import re
import sys
import types

import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import apply, apply_inplace, building_program
from ..._core.methods import TensorMethods
from ..._core.mode import STATE
from ..._core.place import Place, convert_place, is_compiled_with_cuda
from ..._core.tensor import Tensor
from ...ops.creation import conversion as C
from ...ops.creation.fill import Assign, Cast
from ...static import create_parameter, default_main_program
from .._check import check_dtype_registered, dygraph_only
from .._creation_args import _supported, as_array, convert_dtype, finish, shape_list, to_tensor_dtype
from ..manipulation.join import split
from .fill import _new, cast


def to_tensor(data: TensorLike | NestedSequence[Numeric], dtype: DTypeLike | None = None,
              place: PlaceLike | None = None, stop_gradient: bool = True) -> Tensor:
    """Create a Tensor from Python data, a numpy array or a Tensor (always a copy).

    Args:
        data (TensorLike|NestedSequence[Numeric]): The values: a Python scalar, a (nested) list or tuple, a
            numpy array or a Tensor.
        dtype (DTypeLike|None, optional): The data type; None infers it (Python floats give the default float
            dtype, ints int64). Default: None.
        place (PlaceLike|None, optional): Where the result lives; None is the current device (this package
            computes on the CPU). Default: None.
        stop_gradient (bool, optional): Whether gradients stop at the result. Default: True.

    Returns:
        Tensor: a new tensor holding a copy of `data`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.to_tensor([1, 2, 3])
            Tensor(shape=[3], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [1, 2, 3])
            >>> paddle.to_tensor([[1.5, 2.0]], stop_gradient=False)
            Tensor(shape=[1, 2], dtype=float32, place=Place(cpu), stop_gradient=False,
                   [[1.50000000, 2.        ]])
    """
    p = convert_place(place)
    if isinstance(data, TensorMethods) and not isinstance(data, Tensor):  # a static Variable
        out = data if dtype is None else cast(data, dtype)
        out = apply(Assign, out)
        out.stop_gradient = bool(stop_gradient)
        return out
    if isinstance(data, Tensor):
        arr = data._data
        if dtype is not None:
            d = to_tensor_dtype(dtype)
            if d is not data.dtype:
                arr = apply(Cast, data.detach(), in_dtype=data.dtype.proto, out_dtype=d.proto)._data
                return _new(arr, stop_gradient, p)
        return _new(arr.copy(), stop_gradient, p)
    arr = as_array(data, defaults=dtype is None)
    if dtype is not None:
        d = to_tensor_dtype(dtype)
        if d.np_dtype is None:
            raise TypeError("bfloat16 needs the optional package ml_dtypes (pip install purepaddle[bf16])")
        if arr.dtype != d.np_dtype:
            arr = (arr.real if arr.dtype.kind == "c" and d.np_dtype.kind != "c" else arr).astype(d.np_dtype)
    if arr is data:
        arr = arr.copy()
    return _new(arr, stop_gradient, p)


def tensor(data, dtype=None, device=None, requires_grad=False, pin_memory=False):
    """A new Tensor copied from data (paddle.to_tensor with torch-style argument names).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.tensor([1., 2.], requires_grad=True)
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=False,
                   [1., 2.])
    """
    return to_tensor(data, dtype=dtype, place=device, stop_gradient=not requires_grad)


def asarray(obj: TensorLike | NestedSequence[Numeric], *, dtype: DTypeLike | None = None,
            device: PlaceLike | None = None, copy: bool | None = None, requires_grad: bool = False) -> Tensor:
    """obj as a Tensor: like paddle.tensor, but copy=False shares a numpy array's memory when it can.

    Args:
        obj (TensorLike|NestedSequence[Numeric]): The data: a Tensor, numpy array, number or (nested) list.
        dtype (DTypeLike|None, optional): The data type of the result; None keeps the default. Default: None.
        device (PlaceLike|None, optional): Where the result lives; None is the current device (this package
            computes on the CPU). Default: None.
        copy (bool|None, optional): True always copies, False never does (an error if it must), None copies
            only when needed. Default: None.
        requires_grad (bool, optional): Whether the result records gradients (it sets stop_gradient to the
            opposite). Default: False.

    Returns:
        Tensor: the data as a tensor.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.asarray([[1, 2], [3, 4]], dtype='float32')
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[1., 2.],
                    [3., 4.]])
    """
    if copy is False and isinstance(obj, np.ndarray) and not building_program() and \
            (dtype is None or convert_dtype(dtype).np_dtype == obj.dtype):
        arr = _supported(obj)
        return Tensor._make(arr, not requires_grad, None, 0, convert_place(device))
    return to_tensor(obj, dtype=dtype, place=device, stop_gradient=not requires_grad)


def from_numpy(ndarray):
    """A Tensor sharing the memory of a numpy array (changes to one show in the other).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import numpy as np
            >>> a = np.array([1, 2, 3])
            >>> t = paddle.from_numpy(a)
            >>> a[0] = 7
            >>> t
            Tensor(shape=[3], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [7, 2, 3])
    """
    if not isinstance(ndarray, np.ndarray):
        raise TypeError(f"The input type of from_numpy() must be numpy.ndarray, but received {type(ndarray)}. To "
                        "convert other types to tensor, please use paddle.tensor() instead.")
    dygraph_only("from_numpy")
    return Tensor._make(_supported(ndarray), True, None, 0, convert_place(None))


def _scalar_of(v, api, arg):
    if isinstance(v, Tensor):
        return v._data.reshape(-1)[0].item()
    if isinstance(v, TensorMethods):
        raise TypeError(f"{api}(): a static Variable as '{arg}' is not supported; pass a number")
    if isinstance(v, bool) or not isinstance(v, (numbers.Real, np.number)):
        raise TypeError(f"The type of '{arg}' in {api} must be int, float or Tensor, but received {type(v).__name__}.")
    return v


def complex(real, imag, name=None, *, out=None):  # noqa: A001  (Paddle's name)
    """real + 1j * imag (broadcast): float32 gives complex64, float64 complex128.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.complex(paddle.to_tensor([1., 2.]), paddle.to_tensor([3., 4.]))
            Tensor(shape=[2], dtype=complex64, place=Place(cpu), stop_gradient=True,
                   [(1.00000000+3.00000000j), (2.00000000+4.00000000j)])
    """
    for v, arg, pos in ((real, "real", 0), (imag, "imag", 1)):
        if not isinstance(v, TensorMethods):
            raise ValueError(f"(InvalidArgument) complex(): argument '{arg}' (position {pos}) must be Tensor, but "
                             f"got {type(v).__name__}")
    check_dtype_registered(real.dtype, ("float64", "float32"), "complex")
    if real.dtype is not imag.dtype:
        raise ValueError(f"(InvalidArgument) complex(): real and imag must have the same dtype, but received "
                         f"{real.dtype.name} and {imag.dtype.name}.")
    return finish(apply(C.Complex, real, imag), out)


def polar(abs, angle, name=None, *, out=None):  # noqa: A002  (Paddle's names)
    """The complex numbers abs * (cos(angle) + 1j * sin(angle)).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.polar(paddle.to_tensor([2.]), paddle.to_tensor([0.]))
            Tensor(shape=[1], dtype=complex64, place=Place(cpu), stop_gradient=True,
                   [(2.00000000+0.00000000j)])
    """
    for v, arg in ((abs, "abs"), (angle, "angle")):
        if not isinstance(v, TensorMethods):
            raise TypeError(f"The type of '{arg}' in paddle.polar must be paddle.Tensor, but received "
                            f"{type(v).__name__}.")
    re, im = abs * angle.cos(), abs * angle.sin()
    check_dtype_registered(re.dtype, ("float64", "float32"), "complex")
    return finish(apply(C.Complex, re, im), out)


def create_tensor(dtype, name=None, persistable=False):
    """An empty tensor of `dtype` (in a static program: a new variable of the current block).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> t = paddle.tensor.create_tensor(dtype='float32')
            >>> t.dtype
            paddle.float32
    """
    d = convert_dtype(dtype)
    if building_program():
        block = default_main_program().current_block()
        if name is None:
            name = block.program._name_generator.generate("create_tensor")
        return block.create_var(name=name, dtype=d, persistable=bool(persistable))
    return Tensor(np.zeros([0], dtype=d.np_dtype), name=name, persistable=bool(persistable))


class MmapStorage:
    """The bytes of a file mapped into memory; get_slice views them as a 1-D tensor of any dtype.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> a = paddle.arange(6).astype('float32')
            >>> a.numpy().tofile('storage.bin')
            >>> s = paddle.MmapStorage('storage.bin', a.size * a.element_size())
            >>> s.get_slice('float32', 2, 5)
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [2., 3., 4.])
    """

    def __init__(self, filename, nbytes):
        if not isinstance(nbytes, (int, np.integer)) or isinstance(nbytes, bool) or nbytes < 0:
            raise ValueError(f"MmapStorage: nbytes must be a non-negative int, but received {nbytes!r}")
        if not os.path.isfile(filename):
            raise ValueError(f"MmapStorage: cannot open file {filename!r}")
        size = os.path.getsize(filename)
        if nbytes > size:
            raise ValueError(f"MmapStorage: asked to map {nbytes} bytes, but {filename!r} holds only {size}")
        mode = "r+" if os.access(filename, os.W_OK) else "r"
        self._buf = np.memmap(filename, dtype=np.uint8, mode=mode, shape=(int(nbytes),)) if nbytes else \
            np.zeros(0, dtype=np.uint8)

    def get_slice(self, dtype="uint8", start=0, stop=-1, step=1):
        """Elements [start:stop:step] of the mapped bytes read as `dtype` (stop=-1: to the end)."""
        d = convert_dtype(dtype)
        n = self._buf.size // d.itemsize
        view = self._buf[:n * d.itemsize].view(d.np_dtype)
        return Tensor._make(view[start:(n if stop == -1 else stop):step], True, None, 0, convert_place(None))


def _element_size(self):
    """Tensor.element_size: bytes per element of the tensor's dtype.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.to_tensor([1.]).element_size()
            4
    """
    return self.dtype.itemsize


def _split_with_sizes(self, split_sizes, dim=0):
    """Tensor.split_with_sizes: the pieces of self along `dim` of the given sizes (which must add up to it).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.arange(5)
            >>> [p.tolist() for p in x.split_with_sizes([2, 3])]
            [[0, 1], [2, 3, 4]]
    """
    sizes = list(split_sizes)
    if any(s < 0 for s in sizes):
        raise ValueError("split_with_sizes expects split_sizes have only non-negative entries")
    total, n = sum(sizes), self.shape[dim]
    if n >= 0 and total != n:
        raise ValueError(f"Split sizes add up to {total} but got the tensor's size of {n}")
    return split(self, sizes, axis=dim)


def _check_inplace_leaf(x):
    if STATE.grad_enabled and not x.stop_gradient and x._node is None:
        raise ValueError(f"(InvalidArgument) Leaf Tensor {x.name} that doesn't stop gradient can't use inplace "
                         "strategy.")


def _set_(x, source=None, shape=None, stride=None, offset=0, name=None):
    """Tensor.set_: make x a view of source's memory (shape, element stride, byte offset); x empty without source.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> src = paddle.to_tensor([1., 2., 3., 4., 5., 6.])
            >>> x = paddle.zeros([2])
            >>> x.set_(src, shape=[3], stride=[2], offset=4)
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [2., 4., 6.])
    """
    dygraph_only("set_")
    _check_inplace_leaf(x)
    if source is None:
        arr = np.zeros([0], dtype=x._data.dtype)
    else:
        if not isinstance(source, Tensor):
            raise TypeError(f"The type of 'source' in Tensor.set_ must be paddle.Tensor, but received "
                            f"{type(source).__name__}.")
        if source.dtype is not x.dtype:
            raise ValueError(f"Tensor.set_ needs source of x's dtype {x.dtype.name}, but received "
                             f"{source.dtype.name}")
        arr = source._data if shape is None and stride is None and not offset else \
            _strided_view(source._data, shape, stride, offset)
    x._data = arr
    x._node, x._idx = None, 0
    x._version += 1
    return x


def _strided_view(base, shape, stride, offset):
    flat = base.reshape(-1)  # a view for the contiguous arrays tensors hold
    size = flat.itemsize
    shape = list(base.shape) if shape is None else shape_list(shape, "set_")
    if stride is None:
        stride, acc = [], 1
        for d in reversed(shape):
            stride.insert(0, acc)
            acc *= max(d, 1)
    stride = [int(s) for s in stride]
    if len(stride) != len(shape):
        raise ValueError(f"Tensor.set_: stride {stride} and shape {shape} must have the same length")
    if offset % size:
        raise ValueError(f"Tensor.set_: offset is in bytes and must be a multiple of the element size {size}, "
                         f"but received {offset}")
    start = offset // size
    last = start + sum((d - 1) * s for d, s in zip(shape, stride)) if all(shape) else start - 1
    if start < 0 or last >= flat.size or any(s < 0 for s in stride):
        raise ValueError(f"Tensor.set_: shape {shape}, stride {stride} and offset {offset} reach outside the "
                         f"source's {flat.size} elements")
    return np.lib.stride_tricks.as_strided(flat[start:], shape, [s * size for s in stride])


def _resize_(x, shape, fill_zero=False, name=None):
    """Tensor.resize_: give x `shape`, keeping its leading elements in order and zero-filling new ones.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.to_tensor([1., 2., 3.]).resize_([2, 2])
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[1., 2.],
                    [3., 0.]])
    """
    dygraph_only("resize_")
    if not isinstance(shape, (list, tuple)):
        raise ValueError(f"Input (shape) should be list or tuple but received {type(shape)}")
    dims = shape_list(shape, "resize_")
    return apply_inplace(C.Resize, x, shape=dims, in_shape=list(x.shape))


def _is_shared_buffer_with(self, other):
    """Tensor._is_shared_buffer_with: whether both tensors read the same memory."""
    return isinstance(other, Tensor) and np.shares_memory(self._data, other._data)


class _TensorModule(types.ModuleType):
    """The purepaddle.tensor package, also callable as paddle.tensor(data, ...)."""

    def __call__(self, data, dtype=None, device=None, requires_grad=False, pin_memory=False):
        return tensor(data, dtype, device, requires_grad, pin_memory)


_package = sys.modules[__package__.rpartition(".")[0]]  # purepaddle.tensor
_package.__class__ = _TensorModule
_package.create_tensor = create_tensor  # paddle.tensor.create_tensor (not a top-level paddle name)


_TO_DTYPES = ("bfloat16", "float16", "float32", "float64", "int8", "int16", "int32", "int64", "uint8", "complex64",
              "complex128", "bool")


def _to_place(device):
    """A device argument of Tensor._to as a Place, with Paddle's errors."""
    if isinstance(device, str):
        d = device.lower()
        if d == "cpu":
            return convert_place("cpu")
        if d == "gpu" or re.fullmatch(r"gpu:\d+", d):
            if is_compiled_with_cuda():
                return convert_place(d)
            raise ValueError(f"The device should not be '{device}', since PaddlePaddle is not compiled with CUDA")
        raise ValueError("The device must be a string which is like 'cpu', 'gpu', 'gpu:x', 'dcu', 'dcu:x', 'xpu', "
                         "'xpu:x', 'npu', 'npu:x'")
    if isinstance(device, Place):
        return device
    raise ValueError("device value error, must be str, paddle.CPUPlace(), paddle.CUDAPlace(), "
                     "paddle.CUDAPinnedPlace(), "
                     f"paddle.XPUPlace() or paddle.CustomPlace(), but the type of device is {type(device).__name__}")


def _to(self, device=None, dtype=None, blocking=None, copy_tensor=None):
    """Tensor._to: self converted to `dtype` and moved to `device`; self itself when neither changes anything.

    A dtype given as a name is always a cast (a new tensor), as in Paddle; stop_gradient is kept and gradients
    flow back through the cast.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([1.5, 2.5])
            >>> x._to('cpu', 'float64')
            Tensor(shape=[2], dtype=float64, place=Place(cpu), stop_gradient=True,
                   [1.50000000, 2.50000000])
            >>> x._to('cpu') is x
            True
    """
    if device is None and dtype is None and blocking is None:
        return self
    place = None if device is None else _to_place(device)
    if blocking is not None and not isinstance(blocking, bool):
        raise AssertionError("blocking value error, must be the True, False or None")
    out = self
    if dtype is not None and dtype is not self.dtype:
        out = cast(self, dtype)
        copy_tensor = False
    if place is not None and out.place != place:
        out = out._copy_to(place, True if blocking is None else blocking)
        copy_tensor = False
    if out is not self:
        out.stop_gradient = self.stop_gradient
    return copy.deepcopy(out) if copy_tensor else out


def _to_method(self, *args, **kwargs):
    """Tensor.to: dtype and/or device conversion, called as to(dtype, blocking), to(device, dtype, blocking) or
    to(other, blocking) (other's place and dtype); keywords device, dtype, blocking, other, copy, non_blocking.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([1, 2, 3])
            >>> x.to('float32')
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [1., 2., 3.])
            >>> x.to('cpu', 'int16').dtype
            paddle.int16
            >>> x.to(paddle.to_tensor([4.0], dtype='float64')).dtype
            paddle.float64
    """
    dygraph_only("to")
    non_blocking = kwargs.pop("non_blocking", False)
    copy_tensor = kwargs.pop("copy", False)
    n = len(args) + len(kwargs)
    if n > 3 or n == 0:
        raise TypeError(
            "to() received too many arguments - expected one of:\n  * (Union[str, paddle.CPUPlace(), "
            "paddle.CUDAPlace(), paddle.CUDAPinnedPlace(), paddle.XPUPlace(), paddle.CustomPlace()] device, "
            "Union[str, paddle.dtype, numpy.dtype] dtype, bool blocking)\n  * (Union[str, paddle.dtype, numpy.dtype] "
            "dtype, bool blocking)\n  * (paddle.Tensor other, bool blocking) ")
    bad = set(kwargs) - {"device", "dtype", "blocking", "other"}
    if bad:
        raise TypeError("to() got an unexpected keyword argument " + next(iter(bad)))
    device = dtype = None
    blocking = kwargs.get("blocking")
    if args:
        first = args[0]
        if isinstance(first, TensorMethods):
            device, dtype = first.place, first.dtype
            if len(args) == 2:
                blocking = args[1]
        elif isinstance(first, (_dt.DType, np.dtype)) or (isinstance(first, str) and first.lower() in _TO_DTYPES):
            dtype = first
            if len(args) == 2:
                blocking = args[1]
        else:
            device = first
            if len(args) >= 2:
                dtype = args[1]
                if len(args) == 3:
                    blocking = args[2]
            else:
                dtype = kwargs.get("dtype")
    else:
        device, dtype = kwargs.get("device"), kwargs.get("dtype")
        other = kwargs.get("other")
        if device is None and dtype is None and other is not None:
            device, dtype = other.place, other.dtype
    blocking = bool(blocking) and not non_blocking
    return _to(self, device, dtype, blocking, copy_tensor)


as_tensor = tensor  # Paddle's alias


__all__ = ["to_tensor", "as_tensor", "asarray", "from_numpy", "complex", "polar", "create_parameter", "MmapStorage"]

METHODS = {"element_size": _element_size, "split_with_sizes": _split_with_sizes, "set_": _set_, "resize_": _resize_,
           "_is_shared_buffer_with": _is_shared_buffer_with, "polar": polar, "to": _to_method, "_to": _to}
