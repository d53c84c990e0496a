"""paddle.device.cpu: CPU device queries and the memory statistics of purepaddle's CPU tensors."""


def device_count():
    """Number of CPU devices Paddle counts (0, as in Paddle).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.device.cpu.device_count()
            0
    """
    return 0


def _cpu_memory(name, fn, doc):
    def f(device=None):
        if device is not None and str(device).lower() not in ("cpu", "place(cpu)", "0"):
            raise ValueError(f"paddle.device.cpu.{name}: device must be the CPU ('cpu', paddle.CPUPlace() or None), "
                             f"but received {device!r}")
        from . import memory
        return getattr(memory, fn)()
    f.__name__ = f.__qualname__ = name
    f.__doc__ = doc
    return f


max_memory_allocated = _cpu_memory("max_memory_allocated", "max_allocated",
                                   "Peak bytes held by purepaddle tensors since the last reset.")
max_memory_reserved = _cpu_memory("max_memory_reserved", "max_reserved", "Peak bytes the allocator reserved.")
memory_allocated = _cpu_memory("memory_allocated", "allocated", "Bytes held now by live purepaddle tensors.")
memory_reserved = _cpu_memory("memory_reserved", "reserved", "Bytes the allocator holds from the system.")
reset_max_memory_allocated = _cpu_memory("reset_max_memory_allocated", "reset_peak",
                                         "Restart max_memory_allocated at the bytes held now.")
reset_max_memory_reserved = _cpu_memory("reset_max_memory_reserved", "reset_peak_reserved",
                                        "Restart max_memory_reserved at the bytes reserved now.")

__all__ = ["device_count", "max_memory_allocated", "max_memory_reserved", "memory_allocated", "memory_reserved",
           "reset_max_memory_allocated", "reset_max_memory_reserved"]
