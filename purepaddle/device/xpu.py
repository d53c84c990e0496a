"""paddle.device.xpu: Kunlun XPU queries. No XPU is visible to purepaddle: device_count() is 0 (as a CPU build of
Paddle answers), and the rest are declared stubs (purepaddle/_core/exclusions.py) that raise naming the feature."""
from .._core.exclusions import unavailable

__all__ = ["Event", "Stream", "device_count", "empty_cache", "max_memory_allocated", "max_memory_reserved",
           "memory_allocated", "memory_reserved", "memory_total", "memory_used", "reset_max_memory_allocated",
           "reset_max_memory_reserved", "set_debug_level", "synchronize"]


def device_count():
    """The number of Kunlun XPU devices: always 0 in purepaddle (it has no XPU runtime).

    Returns:
        int: 0.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.device.xpu.device_count()
            0
    """
    return 0


Event = unavailable("paddle.device.xpu.Event", "class")
Stream = unavailable("paddle.device.xpu.Stream", "class")
empty_cache = unavailable("paddle.device.xpu.empty_cache")
max_memory_allocated = unavailable("paddle.device.xpu.max_memory_allocated")
max_memory_reserved = unavailable("paddle.device.xpu.max_memory_reserved")
memory_allocated = unavailable("paddle.device.xpu.memory_allocated")
memory_reserved = unavailable("paddle.device.xpu.memory_reserved")
memory_total = unavailable("paddle.device.xpu.memory_total")
memory_used = unavailable("paddle.device.xpu.memory_used")
reset_max_memory_allocated = unavailable("paddle.device.xpu.reset_max_memory_allocated")
reset_max_memory_reserved = unavailable("paddle.device.xpu.reset_max_memory_reserved")
set_debug_level = unavailable("paddle.device.xpu.set_debug_level")
synchronize = unavailable("paddle.device.xpu.synchronize")
