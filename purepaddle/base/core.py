"""paddle.base.core: places, build queries and the VarDesc.VarType constants (dtypes and variable kinds)."""
from .._core import dtype as _dt
from .._core import threads as _threads
from .._core.place import CPUPlace, CUDAPinnedPlace, CUDAPlace, Place, is_compiled_with_cuda  # noqa: F401
from ..device import (is_compiled_with_cinn, is_compiled_with_custom_device, is_compiled_with_distribute,  # noqa: F401
                      is_compiled_with_ipu, is_compiled_with_mkldnn, is_compiled_with_rocm, is_compiled_with_xpu)
from ..framework.random import Generator  # noqa: F401
from ..inference.native import NativeConfig, PaddleBuf, PaddleTensor  # noqa: F401
from ..static import DenseTensor, Scope  # noqa: F401
from ..static.variable import VarType as _Kind


def set_num_threads(num_threads):
    """Set the thread count of the CPU math library (NumPy's BLAS pool) for the rest of the process.

    Args:
        num_threads (int): the threads; values below 1 mean 1.

    Returns:
        None

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.base.core.set_num_threads(1)
    """
    if not isinstance(num_threads, int):
        raise TypeError("set_num_threads(): incompatible function arguments. The following argument types are "
                        f"supported:\n    1. (arg0: int) -> None\n\nInvoked with: {num_threads!r}")
    _threads.set_blas_threads(max(1, int(num_threads)))


class VarDesc:
    """Namespace of the ProgramDesc enums: VarDesc.VarType.FP32 is paddle.float32, .SELECTED_ROWS a variable kind."""

    class VarType:
        """Data types (purepaddle DTypes) and variable kinds of ProgramDesc variables."""

        BOOL, INT16, INT32, INT64 = _dt.bool_, _dt.int16, _dt.int32, _dt.int64
        FP16, FP32, FP64, BF16 = _dt.float16, _dt.float32, _dt.float64, _dt.bfloat16
        UINT8, INT8 = _dt.uint8, _dt.int8
        COMPLEX64, COMPLEX128 = _dt.complex64, _dt.complex128
        DENSE_TENSOR, LOD_TENSOR, SELECTED_ROWS = _Kind.DENSE_TENSOR, _Kind.LOD_TENSOR, _Kind.SELECTED_ROWS
        DENSE_TENSOR_ARRAY, LOD_TENSOR_ARRAY = _Kind.DENSE_TENSOR_ARRAY, _Kind.LOD_TENSOR_ARRAY
        FEED_MINIBATCH, FETCH_LIST, STEP_SCOPES = _Kind.FEED_MINIBATCH, _Kind.FETCH_LIST, _Kind.STEP_SCOPES
        LOD_RANK_TABLE, PLACE_LIST, READER, RAW = _Kind.LOD_RANK_TABLE, _Kind.PLACE_LIST, _Kind.READER, _Kind.RAW
