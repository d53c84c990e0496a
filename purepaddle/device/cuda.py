"""paddle.device.cuda: CUDA queries; on a CPU-only machine there are no devices (count 0)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from purepaddle._core._typing import PlaceLike
    from typing import Any

from .._core.place import is_compiled_with_cuda


def gpu_count():
    """Number of CUDA devices purepaddle can use (through cupy); 0 on a CPU-only machine."""
    if not is_compiled_with_cuda():
        return 0
    import cupy
    return int(cupy.cuda.runtime.getDeviceCount())


def device_count():
    """Number of CUDA GPUs available (0 without CUDA).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.device.cuda.device_count()
            0
    """
    return gpu_count()


def _not_compiled(what):
    return RuntimeError(f"(Unavailable) Paddle is not compiled with CUDA. Cannot visit device {what}.")


def synchronize(device: PlaceLike | int | None = None) -> None:
    """Wait for all work queued on a CUDA device (RuntimeError without CUDA, as in Paddle).

    Args:
        device (PlaceLike|int|None, optional): The device asked about (a place, 'gpu:0' or a number); None
            means the current one. Default: None.

    Returns:
        None (a RuntimeError when CUDA is not available).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> if paddle.is_compiled_with_cuda():
            ...     paddle.device.cuda.synchronize()
    """
    if not is_compiled_with_cuda():
        raise _not_compiled("synchronize")
    import cupy
    dev = device.get_device_id() if hasattr(device, "get_device_id") else (0 if device is None else int(device))
    with cupy.cuda.Device(dev):
        cupy.cuda.Device().synchronize()


def current_stream(device: PlaceLike | int | None = None) -> Any:
    """The current CUDA stream (RuntimeError without CUDA).

    Args:
        device (PlaceLike|int|None, optional): The device asked about (a place, 'gpu:0' or a number); None
            means the current one. Default: None.

    Returns:
        The current stream of the device (a RuntimeError without CUDA).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> if paddle.is_compiled_with_cuda():
            ...     stream = paddle.device.cuda.current_stream()
    """
    if not is_compiled_with_cuda():
        raise _not_compiled("current_stream")
    import cupy
    return cupy.cuda.get_current_stream()


def empty_cache():
    """Release cached CUDA memory; a no-op without CUDA.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.device.cuda.empty_cache()
    """
    if is_compiled_with_cuda():
        import cupy
        cupy.get_default_memory_pool().free_all_blocks()


def _memory_api(name, kind=None, support="GPU or custom device"):
    """A CUDA memory query (kind "used"/"total": bytes of cupy's pool) or reset (kind None), a ValueError on a
    CPU-only machine as in Paddle's CPU build."""
    def f(device: str | int | Any | None = None) -> int | None:
        if is_compiled_with_cuda():
            import cupy
            pool = cupy.get_default_memory_pool()
            return int(pool.used_bytes() if kind == "used" else pool.total_bytes()) if kind else None
        raise ValueError(f"The API paddle.device.cuda.{name} is not supported in CPU-only PaddlePaddle. Please "
                         f"reinstall PaddlePaddle with {support} support to call this API.")
    f.__name__ = f.__qualname__ = name
    returns = "int: the number of bytes." if kind else "None."
    f.__doc__ = f"""paddle.device.cuda.{name}: CUDA memory statistics (a ValueError on a CPU-only build, as in Paddle).

    Args:
        device (str|int|CUDAPlace|None, optional): The GPU; None means the current one. Default: None.

    Returns:
        {returns}

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> try:
            ...     n = paddle.device.cuda.{name}()
            ... except ValueError:
            ...     n = None  # a CPU-only machine
    """
    return f


max_memory_allocated = _memory_api("max_memory_allocated", "used")
max_memory_reserved = _memory_api("max_memory_reserved", "total")
memory_allocated = _memory_api("memory_allocated", "used")
memory_reserved = _memory_api("memory_reserved", "total")
reset_max_memory_allocated = _memory_api("reset_max_memory_allocated")
reset_max_memory_reserved = _memory_api("reset_max_memory_reserved")


def get_device_properties(device: PlaceLike | int | None = None) -> Any:
    """Properties of a CUDA device (ValueError without CUDA, as in Paddle).

    Args:
        device (PlaceLike|int|None, optional): The device asked about (a place, 'gpu:0' or a number); None
            means the current one. Default: None.

    Returns:
        The device's properties (name, memory, capability) (a ValueError without CUDA).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> if paddle.is_compiled_with_cuda():
            ...     props = paddle.device.cuda.get_device_properties(0)
    """
    if not is_compiled_with_cuda():
        raise ValueError("The API paddle.device.cuda.get_device_properties is not supported in CPU-only "
                         "PaddlePaddle. Please reinstall PaddlePaddle with GPU support to call this API.")
    import cupy
    dev = device.get_device_id() if hasattr(device, "get_device_id") else (0 if device is None else int(device))
    return cupy.cuda.runtime.getDeviceProperties(dev)


def get_device_name(device: PlaceLike | int | None = None) -> str:
    """Name of a CUDA device (ValueError without CUDA).

    Args:
        device (PlaceLike|int|None, optional): The device asked about (a place, 'gpu:0' or a number); None
            means the current one. Default: None.

    Returns:
        str: the device's name (a ValueError without CUDA).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> if paddle.is_compiled_with_cuda():
            ...     name = paddle.device.cuda.get_device_name(0)
    """
    name = get_device_properties(device)["name"]
    return name.decode() if isinstance(name, bytes) else name


def get_device_capability(device: PlaceLike | int | None = None) -> tuple[int, int]:
    """(major, minor) compute capability of a CUDA device (ValueError without CUDA).

    Args:
        device (PlaceLike|int|None, optional): The device asked about (a place, 'gpu:0' or a number); None
            means the current one. Default: None.

    Returns:
        tuple[int, int]: the (major, minor) compute capability (a ValueError without CUDA).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> if paddle.is_compiled_with_cuda():
            ...     major, minor = paddle.device.cuda.get_device_capability(0)
    """
    p = get_device_properties(device)
    return int(p["major"]), int(p["minor"])


__all__ = ["device_count", "synchronize", "current_stream", "empty_cache", "max_memory_allocated",
           "max_memory_reserved", "memory_allocated", "memory_reserved", "reset_max_memory_allocated",
           "reset_max_memory_reserved", "get_device_properties", "get_device_name", "get_device_capability"]

# CUDA runtime objects: declared stubs (purepaddle/device/streams.py)
from .streams import CUDA_STUBS as _STUBS  # noqa: E402

Stream, Event, stream_guard = _STUBS["Stream"], _STUBS["Event"], _STUBS["stream_guard"]
memory_summary, vmm_compact = _STUBS["memory_summary"], _STUBS["vmm_compact"]
__all__ += ["Stream", "Event", "stream_guard", "memory_summary", "vmm_compact"]
