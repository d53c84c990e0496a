"""paddle.device's memory queries and resets: cupy's memory pool on a CUDA device, otherwise the statistics
of purepaddle's CPU tensors that memory.py keeps; empty_cache."""
from __future__ import annotations

from typing import Any

from .._core.place import CPUPlace, is_compiled_with_cuda
from .selection import _parse

__all__ = ["empty_cache", "max_memory_allocated", "max_memory_reserved", "memory_allocated", "memory_reserved",
           "reset_max_memory_allocated", "reset_max_memory_reserved", "reset_peak_memory_stats"]


def empty_cache():
    """Release cached accelerator memory (nothing to release on the CPU)."""
    if is_compiled_with_cuda():
        import cupy
        cupy.get_default_memory_pool().free_all_blocks()


def _cpu_device(device, api):
    """Check that `device` names the CPU (None, 'cpu', CPUPlace, 0) for a CPU memory query."""
    if device is None:
        return
    place = _parse(device, api)
    if not isinstance(place, CPUPlace) and type(place).__name__ != "CPUPlace":
        raise ValueError(f"{api}: purepaddle tracks the memory of CPU tensors; the device must be the CPU, but "
                         f"received {device!r}")


_ARGS = """
    Args:
        device (str|int|Place|None, optional): The device: None, 'cpu' or CPUPlace for purepaddle's CPU tensors; a
            GPU ('gpu:0', 0, CUDAPlace) for cupy's memory pool on a CUDA machine. Default: None.
"""


def _memory_api(name, cuda_value, cpu_fn, doc):
    """A memory query (cuda_value "used"/"total") or reset (cuda_value None) over memory.py's `cpu_fn`; `doc` is
    its summary (and example, when it has one): the Args and Returns sections are added here."""
    returns = ("\n    Returns:\n        int: the number of bytes.\n" if cuda_value
               else "\n    Returns:\n        None.\n")
    summary, sep, example = doc.partition("\n\n")
    if not sep:
        example = (f"Examples:\n        .. code-block:: python\n\n            >>> import paddle\n"
                   f"            >>> _ = paddle.device.{name}()\n")
    doc = summary + "\n" + _ARGS + returns + "\n    " + example.lstrip(" ")

    def f(device: str | int | Any | None = None) -> int | None:
        if is_compiled_with_cuda() and device is not None and not isinstance(device, CPUPlace) \
                and str(device).lower() != "cpu":
            import cupy
            pool = cupy.get_default_memory_pool()
            return int(pool.used_bytes() if cuda_value == "used" else pool.total_bytes()) if cuda_value else None
        _cpu_device(device, f"paddle.device.{name}")
        from . import memory
        return getattr(memory, cpu_fn)()
    f.__name__ = f.__qualname__ = name
    f.__doc__ = doc
    return f


max_memory_allocated = _memory_api(
    "max_memory_allocated", "used", "max_allocated",
    """Peak bytes held by purepaddle tensors since the last reset (the first call starts watching).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.device.reset_max_memory_allocated()
            >>> x = paddle.ones([1024, 256])
            >>> paddle.device.max_memory_allocated() >= 1024 * 256 * 4
            True
    """)
max_memory_reserved = _memory_api("max_memory_reserved", "total", "max_reserved",
                                  "Peak bytes the allocator reserved (seen at queries and resets).")
memory_allocated = _memory_api(
    "memory_allocated", "used", "allocated",
    """Bytes held right now by live purepaddle tensors (each buffer counted once).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> before = paddle.device.memory_allocated()
            >>> x = paddle.ones([1024, 256])
            >>> paddle.device.memory_allocated() - before
            1048576
    """)
memory_reserved = _memory_api("memory_reserved", "total", "reserved",
                              "Bytes the allocator holds from the system for this process (at least memory_allocated).")
reset_max_memory_allocated = _memory_api("reset_max_memory_allocated", None, "reset_peak",
                                         "Restart max_memory_allocated at the bytes held now.")
reset_max_memory_reserved = _memory_api("reset_max_memory_reserved", None, "reset_peak_reserved",
                                        "Restart max_memory_reserved at the bytes reserved now.")


def reset_peak_memory_stats(device=None):
    """Restart both peaks (allocated and reserved) at the current values."""
    reset_max_memory_allocated(device)
    reset_max_memory_reserved(device)
