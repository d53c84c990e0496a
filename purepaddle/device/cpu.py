"""paddle.device.cpu: CPU device queries (Paddle counts no CPU 'devices' and keeps no CPU memory statistics)."""


def device_count():
    """Number of CPU devices Paddle counts (0, as in Paddle).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.device.cpu.device_count()
            0
    """
    return 0


def _unsupported(name):
    def f(device=None):
        raise ValueError(f"The API paddle.device.{name} is not supported in CPU PaddlePaddle. Please reinstall "
                         "PaddlePaddle with GPU or XPU support to call this API.")
    f.__name__ = f.__qualname__ = name
    f.__doc__ = f"paddle.device.cpu.{name}: not available for the CPU (a ValueError, as in Paddle)."
    return f


max_memory_allocated = _unsupported("max_memory_allocated")
max_memory_reserved = _unsupported("max_memory_reserved")
reset_max_memory_allocated = _unsupported("reset_max_memory_allocated")
reset_max_memory_reserved = _unsupported("reset_max_memory_reserved")

__all__ = ["device_count", "max_memory_allocated", "max_memory_reserved", "reset_max_memory_allocated",
           "reset_max_memory_reserved"]
