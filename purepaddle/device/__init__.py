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
from .selection import device_guard, get_device, set_device
from .stream import synchronize

__all__ = [
    "set_device", "get_device", "device_guard", "get_all_device_type", "get_all_custom_device_type",
    "get_available_device", "get_available_custom_device", "device_count", "is_available",
    "is_compiled_with_cuda", "is_compiled_with_rocm", "is_compiled_with_xpu", "is_compiled_with_ipu",
    "is_compiled_with_cinn", "is_compiled_with_custom_device", "is_compiled_with_distribute",
    "get_cudnn_version", "synchronize", "empty_cache", "max_memory_allocated", "max_memory_reserved",
    "memory_allocated", "memory_reserved", "reset_max_memory_allocated", "reset_max_memory_reserved",
    "reset_peak_memory_stats", "CPUPlace", "CUDAPlace", "CUDAPinnedPlace",
]
__all__ += ["IPUPlace", "XPUPlace"]
