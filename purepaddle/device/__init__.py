"""paddle.device: device selection and queries (a CPU build: accelerators only through cupy).

The face re-exports: `selection` (the global device), `capabilities` (what the build and machine offer),
`stream` (synchronize), `memory_queries` (memory statistics); `cpu` and `cuda` are paddle.device.cpu / .cuda.
"""
# Place, current_place, Tensor and gpu_count: attributes of paddle.device since it defined its functions itself
from .._core.place import CPUPlace, CUDAPinnedPlace, CUDAPlace, Place, current_place  # noqa: F401
from .._core.tensor import Tensor  # noqa: F401
from . import cpu, cuda, xpu  # noqa: F401  (submodules: paddle.device.cuda / .cpu / .xpu)
from .places import IPUPlace, XPUPlace, XPUPinnedPlace  # noqa: F401  (declared stubs)
from .capabilities import (device_count, get_all_custom_device_type, get_all_device_type,  # noqa: F401
                           get_available_custom_device, get_available_device, get_cudnn_version, is_available,
                           is_compiled_with_cinn, is_compiled_with_cuda, is_compiled_with_custom_device,
                           is_compiled_with_distribute, is_compiled_with_ipu, is_compiled_with_mkldnn,
                           is_compiled_with_rocm, is_compiled_with_xpu)
from .cuda import gpu_count  # noqa: F401
from .memory_queries import (empty_cache, max_memory_allocated, max_memory_reserved, memory_allocated,  # noqa: F401
                             memory_reserved, reset_max_memory_allocated, reset_max_memory_reserved,
                             reset_peak_memory_stats)
from .selection import device, device_guard, get_device, set_device  # noqa: F401
from .device_object import CallableDeviceModule, Device, get_default_device, set_default_device  # noqa: F401
from .stream import synchronize
from .capabilities import is_bf16_supported, is_current_stream_capturing  # noqa: F401
from .cuda import current_stream, get_device_capability, get_device_name, get_device_properties  # noqa: F401
from .random_state import get_rng_state, manual_seed, manual_seed_all, set_rng_state  # noqa: F401
from .streams import (Event, Stream, StreamContext, get_stream_from_external, ipc_collect,  # noqa: F401
                      set_stream, stream_guard)
from ..tensor.creation.typed import (BFloat16Tensor, BoolTensor, ByteTensor, CharTensor,  # noqa: F401
                                     DoubleTensor, FloatTensor, HalfTensor, IntTensor, LongTensor, ShortTensor)

__all__ = [
    "set_device", "get_device", "device_guard", "get_all_device_type", "get_all_custom_device_type",
    "get_available_device", "get_available_custom_device", "device_count", "is_available",
    "is_compiled_with_cuda", "is_compiled_with_rocm", "is_compiled_with_xpu", "is_compiled_with_ipu",
    "is_compiled_with_cinn", "is_compiled_with_custom_device", "is_compiled_with_distribute",
    "get_cudnn_version", "synchronize", "empty_cache", "max_memory_allocated", "max_memory_reserved",
    "memory_allocated", "memory_reserved", "reset_max_memory_allocated", "reset_max_memory_reserved",
    "reset_peak_memory_stats", "CPUPlace", "CUDAPlace", "CUDAPinnedPlace",
]
__all__ += ["IPUPlace", "XPUPlace", "device", "is_bf16_supported", "is_current_stream_capturing", "current_stream",
            "get_device_capability", "get_device_name", "get_device_properties", "get_rng_state", "manual_seed",
            "set_rng_state", "Event", "Stream", "StreamContext", "get_stream_from_external", "ipc_collect",
            "set_stream", "stream_guard", "BFloat16Tensor", "BoolTensor", "ByteTensor", "CharTensor", "DoubleTensor",
            "FloatTensor", "HalfTensor", "IntTensor", "LongTensor", "ShortTensor"]
__all__ += ["Device", "get_default_device", "set_default_device"]

import sys as _sys  # noqa: E402

_sys.modules[__name__].__class__ = CallableDeviceModule  # paddle.device("cpu") -> Device, as in Paddle 3.3
