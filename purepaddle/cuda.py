"""paddle.cuda: the PyTorch-style CUDA namespace of Paddle 3. Queries answer for this machine (no CUDA device on a
CPU-only one: is_available() is False, device_count() 0); seeds and generator states work; CUDA runtime objects
(streams, events, cudart) are declared stubs (purepaddle/_core/exclusions.py)."""
from .device import cuda as _device_cuda
from .device.capabilities import is_bf16_supported
from .device.memory_queries import max_memory_allocated, reset_peak_memory_stats
from .device.random_state import get_rng_state, manual_seed, manual_seed_all, set_rng_state
from .device.selection import device, set_device
from .device.streams import CUDA_NAMESPACE_STUBS as _STUBS
from .tensor.creation.typed import (BFloat16Tensor, BoolTensor, ByteTensor, CharTensor, DoubleTensor, FloatTensor,
                                    HalfTensor, IntTensor, LongTensor, ShortTensor)

__all__ = ["cudart", "check_error", "is_available", "is_initialized", "mem_get_info", "synchronize", "current_stream",
           "get_device_properties", "get_device_name", "get_device_capability", "stream", "Stream",
           "get_stream_from_external", "current_device", "device_count", "empty_cache", "memory_allocated",
           "memory_reserved", "set_device", "set_stream", "manual_seed_all", "get_rng_state", "set_rng_state",
           "FloatTensor", "DoubleTensor", "HalfTensor", "BFloat16Tensor", "ByteTensor", "CharTensor", "ShortTensor",
           "IntTensor", "LongTensor", "BoolTensor", "device", "is_bf16_supported", "manual_seed",
           "max_memory_allocated", "reset_peak_memory_stats", "Event", "ipc_collect", "StreamContext"]

device_count = _device_cuda.device_count
synchronize = _device_cuda.synchronize
current_stream = _device_cuda.current_stream
empty_cache = _device_cuda.empty_cache
memory_allocated = _device_cuda.memory_allocated
memory_reserved = _device_cuda.memory_reserved
get_device_properties = _device_cuda.get_device_properties
get_device_name = _device_cuda.get_device_name
get_device_capability = _device_cuda.get_device_capability
Stream, Event, StreamContext = _STUBS["Stream"], _STUBS["Event"], _STUBS["StreamContext"]
stream, set_stream, get_stream_from_external = _STUBS["stream"], _STUBS["set_stream"], _STUBS["get_stream_from_external"]
ipc_collect, cudart, check_error = _STUBS["ipc_collect"], _STUBS["cudart"], _STUBS["check_error"]


def is_available():
    """Whether a CUDA device can be used (through cupy): False on a CPU-only machine.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.cuda.is_available() == (paddle.cuda.device_count() > 0)
            True
    """
    return device_count() > 0


def is_initialized():
    """Whether CUDA is initialised: the same answer as is_available() (purepaddle starts cupy lazily)."""
    return is_available()


def current_device():
    """The index of the current CUDA device: 0 (also what a CPU build of Paddle answers)."""
    return 0


def mem_get_info(device=None):
    """(free, total) bytes of a CUDA device; ValueError without one, as in Paddle.

    Args:
        device (int|str|Place|None, optional): The device; default the current one.

    Returns:
        tuple[int, int]: Free and total memory in bytes.
    """
    if not is_available():
        raise ValueError("Expected a cuda device, but got: Place(cpu)")
    import cupy
    dev = device.get_device_id() if hasattr(device, "get_device_id") else (0 if device is None else int(device))
    with cupy.cuda.Device(dev):
        free, total = cupy.cuda.runtime.memGetInfo()
    return int(free), int(total)

