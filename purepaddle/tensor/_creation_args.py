"""Argument handling shared by the creation and random functions: dtypes, shapes, data, out=."""
import functools
import inspect
import numbers

import numpy as np

from .._core import dtype as _dt
from .._core.dispatch import _static_inplace, building_program, known_value
from .._core.methods import TensorMethods
from .._core.place import convert_place
from .._core.tensor import Tensor


_TO_TENSOR_NAMES = ("bool", "float16", "uint16", "float32", "float64", "int8", "int16", "int32", "int64",
                    "uint8", "complex64", "complex128", "bfloat16")
_CACHE = {}


def convert_dtype(dtype):
    """A dtype argument -> DType, as Paddle's convert_np_dtype_to_dtype_ reads it.

    Strings and types go through numpy ('float' and float mean float64, 'int' int64); 'uint16'
    is bfloat16; unknown names raise numpy's TypeError, numpy dtypes Paddle lacks ValueError.
    """
    if type(dtype) is _dt.DType:
        return dtype
    try:
        hit = _CACHE.get(dtype)
    except TypeError:
        hit = None
    if hit is not None:
        return hit
    if isinstance(dtype, str):
        name = dtype.lower()
        if name in ("uint16", "bfloat16"):
            return _dt.bfloat16
        npd = np.dtype(name)
    else:
        npd = np.dtype(dtype)
    try:
        d = _dt.from_numpy(npd)
    except TypeError:
        raise ValueError(f"Not supported numpy dtype {npd}") from None
    try:
        _CACHE[dtype] = d
    except TypeError:
        pass
    return d


def to_tensor_dtype(dtype):
    """to_tensor's stricter dtype check: Paddle names, DTypes, numpy dtypes and bool only."""
    if isinstance(dtype, _dt.DType):
        return dtype
    ok = (isinstance(dtype, str) and dtype in _TO_TENSOR_NAMES) or isinstance(dtype, np.dtype) or dtype is bool \
        or (isinstance(dtype, type) and issubclass(dtype, np.generic))
    if not ok:
        raise TypeError(f"dtype must be any of [{', '.join(_TO_TENSOR_NAMES)}], but received {dtype}")
    return convert_dtype(dtype)


def default_float_dtype(api, allowed=None):
    """The default float DType, checked against an API's supported dtypes."""
    d = _dt.default_float()
    if allowed is not None and d.name not in allowed:
        raise TypeError(f"{api} only supports {list(allowed)}, but the default dtype is {d.name}")
    return d


def shape_list(shape, api):
    """A shape argument (int, list/tuple of ints or 1-element Tensors, or a 1-D Tensor) -> list of ints."""
    if isinstance(shape, (list, tuple)):
        items = shape
    elif isinstance(shape, Tensor):
        items = shape._data.reshape(-1).tolist()
    elif isinstance(shape, (int, np.integer)) and not isinstance(shape, bool):
        items = [shape]
    elif isinstance(shape, TensorMethods):
        raise TypeError(f"(InvalidType) {api}(): a static Variable as 'shape' is not supported; "
                        "pass a list of ints")
    else:
        raise TypeError(f"(InvalidType) {api}(): argument 'shape' must be list, tuple, int, or Tensor, "
                        f"but got {type(shape).__name__}")
    out = []
    for i, d in enumerate(items):
        if type(d) is not int:
            if isinstance(d, Tensor) and d._data.size == 1 and d._data.dtype.kind in "iu":
                d = int(d._data.reshape(-1)[0])
            elif isinstance(d, np.integer):
                d = int(d)
            else:
                raise TypeError(f"(InvalidType) {api}(): argument 'shape' must be list of int, but got "
                                f"{type(d).__name__} at pos {i}")
        out.append(d)
    for i, d in enumerate(out):
        if d < 0:
            raise ValueError(
                f"(InvalidArgument) Each value of attribute 'shape' in {api} is expected to be no less than 0. "
                f"But received: shape[{i}] = {d}; shape = {out}.")
    return out


def size_args(func):
    """Paddle's size-args convention: f(2, 3), f([2, 3]) and f(size=[2, 3]) all mean shape [2, 3]."""

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        if "size" in kwargs:
            kwargs["shape"] = kwargs.pop("size")
        elif len(args) > 1 and isinstance(args[0], int):
            return func(list(args), **kwargs)
        return func(*args, **kwargs)

    wrapper.__signature__ = inspect.signature(func)
    return wrapper


def write_into(target, value):
    """Make `target` hold `value` (same graph position), as paddle.assign(x, output) does."""
    if building_program():  # a Program wires value to target's variable by name
        return _static_inplace(target, value)
    a = value._data
    t = target._data
    if value._node is None and value.stop_gradient and target.stop_gradient and a.shape == t.shape \
            and a.dtype == t.dtype and t.flags.writeable:
        np.copyto(t, a)
    else:
        target._data = a
        target._node, target._idx = value._node, value._idx
        target.stop_gradient = value.stop_gradient
    target._version += 1
    return target


def finish(t, out=None, device=None, requires_grad=False):
    """Apply the keyword-only arguments of Paddle 3's creation functions to a new tensor."""
    if device is not None and known_value(t) is not None:
        place = convert_place(device)
        if place is not t._place:
            t._place = place
    if requires_grad:
        t.stop_gradient = False
    if out is not None:
        return write_into(out, t)
    return t


def as_array(data, defaults=True):
    """Python data / numpy data -> ndarray with to_tensor's default dtype rules.

    defaults=False keeps NumPy's own dtype for Python data (float64 for floats): the caller
    casts to an explicit dtype itself, so values are not rounded through float32 first.
    """
    if isinstance(data, np.ndarray):
        return _supported(data)
    if isinstance(data, np.generic):
        return _supported(np.asarray(data))
    if isinstance(data, (list, tuple)):
        has_tensor = any(isinstance(d, TensorMethods) for d in data)
        try:
            arr = np.array(data)
        except ValueError as e:
            raise ValueError(
                f"Failed to convert input data to a regular ndarray: {e} Usually this means the input data "
                "contains nested lists with different lengths.") from None
        if arr.dtype == object:
            raise ValueError("Failed to convert input data to a regular ndarray: usually this means the input "
                             "data contains nested lists with different lengths, or None.")
        arr = _supported(arr)
        return arr if has_tensor or not defaults else _python_defaults(arr)
    if isinstance(data, (numbers.Number, bytes)) and not isinstance(data, str):
        arr = _supported(np.array(data))
        return _python_defaults(arr) if defaults else arr
    raise TypeError(f"Can't constructs a 'paddle.Tensor' with data type {type(data)}, data type must be "
                    "scalar|list|tuple|np.ndarray|paddle.Tensor")


def _python_defaults(arr):
    """Python floats/complexes take the default dtype, ints int64 (as Paddle on every OS)."""
    k = arr.dtype.kind
    if k == "f":
        d = _dt.default_float().np_dtype
        if d is not None and arr.dtype != d:
            arr = arr.astype(d)
    elif k == "c":
        d = _dt.default_complex().np_dtype
        if arr.dtype != d:
            arr = arr.astype(d)
    elif arr.dtype == np.int32:
        arr = arr.astype(np.int64)
    return arr


def _supported(arr):
    """Reject numpy dtypes Paddle tensors cannot hold (strings, objects, uint32, ...)."""
    dt = arr.dtype
    if dt in _dt._BY_NP:
        return arr
    if dt == np.uint16 and _dt.bfloat16.np_dtype is not None:
        return arr.copy().view(_dt.bfloat16.np_dtype)
    raise ValueError(
        "(InvalidArgument) Input object type error or incompatible array data type. A paddle.Tensor holds "
        "bool, float16, float32, float64, int8, int16, int32, int64, uint8 or uint16 (bfloat16) arrays, "
        f"but the data has numpy dtype {dt}.")
