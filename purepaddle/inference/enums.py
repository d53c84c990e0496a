"""The inference enums: DataType (PaddleDType), PlaceType (PaddlePlace), PrecisionType (Precision)."""
import enum

import numpy as np

__all__ = ["DataType", "PlaceType", "PrecisionType", "get_num_bytes_of_data_type"]


class _BoundEnum(enum.IntEnum):
    """An int enum printed as Paddle's bound C++ enums print (`PaddleDType.FLOAT32`)."""

    def __str__(self):
        return f"{type(self).__name__}.{self.name}"

    def __repr__(self):
        return f"<{type(self).__name__}.{self.name}: {int(self)}>"

    __format__ = object.__format__


class PaddleDType(_BoundEnum):
    """Element type of an inference Tensor handle (`paddle.inference.DataType`)."""

    FLOAT64 = 7
    FLOAT32 = 0
    FLOAT16 = 5
    BFLOAT16 = 8
    INT64 = 1
    INT32 = 2
    UINT8 = 3
    INT8 = 4
    BOOL = 6


class PaddlePlace(_BoundEnum):
    """Where an inference Tensor lives (`paddle.inference.PlaceType`); purepaddle runs on CPU."""

    UNK = -1
    CPU = 0
    GPU = 1
    XPU = 2
    CUSTOM = 4


class Precision(_BoundEnum):
    """Inference precision (`paddle.inference.PrecisionType`)."""

    Float32 = 0
    Int8 = 1
    Half = 2
    Bfloat16 = 3


DataType = PaddleDType
PlaceType = PaddlePlace
PrecisionType = Precision

_NP_TO_DTYPE = {np.dtype(np.float64): PaddleDType.FLOAT64, np.dtype(np.float32): PaddleDType.FLOAT32,
                np.dtype(np.float16): PaddleDType.FLOAT16, np.dtype(np.int64): PaddleDType.INT64,
                np.dtype(np.int32): PaddleDType.INT32, np.dtype(np.uint8): PaddleDType.UINT8,
                np.dtype(np.int8): PaddleDType.INT8, np.dtype(np.bool_): PaddleDType.BOOL}
_BYTES = {PaddleDType.FLOAT64: 8, PaddleDType.FLOAT32: 4, PaddleDType.FLOAT16: 2, PaddleDType.BFLOAT16: 2,
          PaddleDType.INT64: 8, PaddleDType.INT32: 4, PaddleDType.UINT8: 1, PaddleDType.INT8: 1,
          PaddleDType.BOOL: 1}


def data_type_of(np_dtype):
    """The DataType of a numpy dtype (bfloat16 by name; TypeError for types inference lacks)."""
    d = _NP_TO_DTYPE.get(np.dtype(np_dtype))
    if d is None:
        if np.dtype(np_dtype).name == "bfloat16":
            return PaddleDType.BFLOAT16
        raise TypeError(f"paddle.inference: numpy dtype {np.dtype(np_dtype)} has no inference DataType; "
                        f"supported: {[str(k) for k in _NP_TO_DTYPE]}")
    return d


def get_num_bytes_of_data_type(dtype):
    """Bytes per element of an inference DataType.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.inference.get_num_bytes_of_data_type(paddle.inference.DataType.FLOAT32)
            4
    """
    if not isinstance(dtype, PaddleDType):
        raise TypeError(f"get_num_bytes_of_data_type(): dtype must be a paddle.inference.DataType, "
                        f"but received {type(dtype).__name__}")
    return _BYTES[dtype]
