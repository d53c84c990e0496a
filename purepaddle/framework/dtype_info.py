"""paddle.finfo and paddle.iinfo: the numeric limits of a floating or integer dtype, as Paddle reports them."""
import math

import numpy as np

from .._core import dtype as _dt

# float limits by dtype name: (max, eps, smallest normal, bits); complex dtypes report their float part
_FLOATS = {"float16": (65504.0, 2.0 ** -10, 2.0 ** -14, 16),
           "bfloat16": (3.3895313892515355e38, 2.0 ** -7, 2.0 ** -126, 16),
           "float32": (float(np.finfo(np.float32).max), float(np.finfo(np.float32).eps), 2.0 ** -126, 32),
           "float64": (float(np.finfo(np.float64).max), float(np.finfo(np.float64).eps), 2.0 ** -1022, 64),
           "float8_e4m3fn": (448.0, 2.0 ** -3, 2.0 ** -6, 8),
           "float8_e5m2": (57344.0, 2.0 ** -2, 2.0 ** -14, 8)}
_COMPLEX_PART = {"complex64": "float32", "complex128": "float64"}
_INTS = ("int8", "int16", "int32", "int64", "uint8")
_DTYPE_INTS = ("uint32", "uint64")  # accepted as paddle.uint32/uint64 objects only (a string fails, as in Paddle)


def _name(dtype):
    # the declared-only dtypes (uint16/32/64) are named as themselves, not as what a tensor of them holds
    return dtype.name if isinstance(dtype, _dt.DType) and dtype.declared else _dt.convert_dtype(dtype).name


class finfo:  # noqa: N801  (Paddle's name)
    """The limits of a floating dtype: min, max, eps, resolution, smallest_normal, tiny, bits, dtype.

    Args:
        dtype (paddle.dtype|str): float16, bfloat16, float32, float64, complex64 or complex128 (a complex dtype
            reports its real part's limits).

    Returns:
        finfo: An object with the attributes above (floats; bits an int; dtype the float dtype's name).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.finfo(paddle.float16)
            paddle.finfo(min=-65504, max=65504, eps=0.000976562, resolution=0.001, smallest_normal=6.10352e-05, tiny=6.10352e-05, bits=16, dtype=float16)
            >>> paddle.finfo('float32').eps
            1.1920928955078125e-07
    """

    def __init__(self, dtype):
        name = _name(dtype)
        name = _COMPLEX_PART.get(name, name)
        if name not in _FLOATS:
            raise ValueError("(InvalidArgument) The argument of paddle.finfo can only be paddle.float32, "
                             "paddle.float64, paddle.float16, paddle.bfloat16, paddle.float8_e4m3fn, "
                             "paddle.float8_e5m2, paddle.complex64 or paddle.complex128")
        big, eps, normal, bits = _FLOATS[name]
        self.min, self.max, self.eps = -big, big, eps
        self.resolution = 10.0 ** -math.floor(-math.log10(eps))
        self.smallest_normal = self.tiny = normal
        self.bits, self.dtype = bits, name

    def __repr__(self):
        return (f"paddle.finfo(min={self.min:g}, max={self.max:g}, eps={self.eps:g}, resolution={self.resolution:g}, "
                f"smallest_normal={self.smallest_normal:g}, tiny={self.tiny:g}, bits={self.bits}, dtype={self.dtype})")


class iinfo:  # noqa: N801  (Paddle's name)
    """The limits of an integer dtype: min, max, bits, dtype.

    Args:
        dtype (paddle.dtype|str): int8, int16, int32, int64 or uint8.

    Returns:
        iinfo: An object with min and max (ints), bits (an int) and dtype (the dtype's name).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.iinfo(paddle.int8)
            paddle.iinfo(min=-128, max=127, bits=8, dtype=int8)
    """

    def __init__(self, dtype):
        name = _name(dtype)
        if name not in _INTS + _DTYPE_INTS:
            raise ValueError("(InvalidArgument) the argument of paddle.iinfo can only be paddle.int8, paddle.int16, "
                             "paddle.int32, paddle.int64, or paddle.uint8")
        info = np.iinfo(name)
        self.min, self.max, self.bits, self.dtype = int(info.min), int(info.max), info.bits, name

    def __repr__(self):
        return f"paddle.iinfo(min={self.min}, max={self.max}, bits={self.bits}, dtype={self.dtype})"
