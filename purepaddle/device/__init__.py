"""paddle.device: device selection and queries (a CPU build: accelerators only through cupy)."""
import importlib.util

from .._core import place as _place
from .._core.place import CPUPlace, CUDAPinnedPlace, CUDAPlace, Place, current_place, is_compiled_with_cuda
from .._core.tensor import Tensor
from .cuda import gpu_count

_DEVICE_FORMS = "'cpu', 'gpu', 'gpu:x', 'dcu', 'dcu:x', 'xpu', 'xpu:x', 'npu', 'npu:x'"
_BUILDS = {"gpu": "CUDA", "dcu": "ROCM", "xpu": "XPU", "npu": "NPU", "ipu": "IPU", "mlu": "MLU"}


def _parse(device, api):
    """A device string / Place / index -> Place, with Paddle's errors for unavailable devices."""
    if isinstance(device, Place):
        return device
    if isinstance(device, int) and not isinstance(device, bool):
        if is_compiled_with_cuda():
            return CUDAPlace(device)
        if device != 0:
            raise ValueError(f"CPU device only supports index 0, got {device}")
        return _place.CPU
    if not isinstance(device, str):
        raise ValueError(f"The device must be a string which is like {_DEVICE_FORMS}, but received "
                         f"{type(device).__name__} {device!r} in {api}")
    d = device.strip().lower()
    kind, _, index = d.partition(":")
    if kind == "cpu" and not index:
        return _place.CPU
    if kind in _BUILDS and (not index or index.isdigit()):
        if kind == "gpu" and is_compiled_with_cuda():
            return CUDAPlace(int(index) if index else 0)
        raise ValueError(f"The device should not be {device!r}, since PaddlePaddle is not compiled with "
                         f"{_BUILDS[kind]}")
    raise ValueError(f"The device must be a string which is like {_DEVICE_FORMS}")


def set_device(device):
    """Select the global device ('cpu', 'gpu', 'gpu:x', a Place, or an index); returns its Place.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.device.set_device('cpu')
            Place(cpu)
    """
    if device is None:
        return current_place()
    return _place.set_device(_parse(device, "paddle.device.set_device"))


def get_device(input=None):
    """The global device as a string ('cpu', 'gpu:x'), or a tensor's device id (-1 on the CPU).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.device.get_device()
            'cpu'
            >>> paddle.device.get_device(paddle.to_tensor([1, 2]))
            -1
    """
    if input is not None:
        if not isinstance(input, Tensor):
            raise TypeError(f"The input of paddle.device.get_device must be a Tensor or None, "
                            f"but received {type(input).__name__}")
        p = input.place
        return p.get_device_id() if isinstance(p, CUDAPlace) else -1
    return _place.get_device()


class device_guard:
    """Context manager that switches the global device inside its block and restores it after.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> with paddle.device.device_guard('cpu'):
            ...     x = paddle.ones([2])
            >>> x.place
            Place(cpu)
    """

    def __init__(self, device):
        if not isinstance(device, (str, Place)):
            raise ValueError("'device' must be a string or an instance of a subclass of paddle.Place, "
                             f"but got {type(device)}")
        self._target = _parse(device, "paddle.device.device_guard")
        self._prev = None

    def __enter__(self):
        self._prev = current_place()
        _place.set_device(self._target)
        return self

    def __exit__(self, *exc):
        _place.set_device(self._prev)
        return False


def get_all_device_type():
    """Accelerator device types compiled in: [] on a CPU build, ['gpu'] with CUDA.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.device.get_all_device_type()
            []
    """
    return ["gpu"] if is_compiled_with_cuda() else []


def get_all_custom_device_type():
    """Registered custom (plug-in) device types: none in purepaddle."""
    return []


def get_available_device():
    """Available accelerator devices ('gpu:0', ...): [] on a CPU-only machine.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.device.get_available_device()
            []
    """
    return [f"gpu:{i}" for i in range(gpu_count())]


def get_available_custom_device():
    """Available custom devices: none in purepaddle."""
    return []


def device_count():
    """Number of accelerator devices (0 on a CPU-only machine).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.device.device_count()
            0
    """
    return gpu_count()


def is_available():
    """Whether an accelerator device is available."""
    return gpu_count() > 0


def is_compiled_with_rocm():
    """Whether built with ROCm (never, in purepaddle)."""
    return False


def is_compiled_with_xpu():
    """Whether built with Kunlun XPU support (never, in purepaddle)."""
    return False


def is_compiled_with_ipu():
    """Whether built with Graphcore IPU support (never, in purepaddle)."""
    return False


def is_compiled_with_cinn():
    """Whether built with the CINN compiler (never, in purepaddle)."""
    return False


def is_compiled_with_mkldnn():
    """Whether built with oneDNN (never, in purepaddle)."""
    return False


def is_compiled_with_custom_device(device_type):
    """Whether the custom device type `device_type` is registered (never, in purepaddle)."""
    return False


def is_compiled_with_distribute():
    """Whether paddle.distributed is available."""
    return importlib.util.find_spec(__name__.rpartition(".")[0] + ".distributed") is not None


def get_cudnn_version():
    """cuDNN version as an int, or None without cuDNN."""
    if not is_compiled_with_cuda():
        return None
    try:
        import cupy.cuda.cudnn as cudnn
        return int(cudnn.getVersion())
    except Exception:
        return None


def synchronize(device=None):
    """Wait for all work queued on an accelerator device; a CPU has none to wait for.

    Raises TypeError for the CPU, as Paddle does (no stream to synchronise).
    """
    place = _parse(device, "paddle.device.synchronize") if device is not None else current_place()
    if isinstance(place, CUDAPlace) and is_compiled_with_cuda():
        import cupy
        with cupy.cuda.Device(place.get_device_id()):
            cupy.cuda.Device().synchronize()
        return None
    raise TypeError("device should be gpu, xpu, " + ",".join(get_all_custom_device_type()))


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


def _memory_api(name, cuda_value, cpu_fn, doc):
    def f(device=None):
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


from . import cpu, cuda  # noqa: E402,F401  (submodules: paddle.device.cuda / paddle.device.cpu)

__all__ = [
    "set_device", "get_device", "device_guard", "get_all_device_type", "get_all_custom_device_type",
    "get_available_device", "get_available_custom_device", "device_count", "is_available",
    "is_compiled_with_cuda", "is_compiled_with_rocm", "is_compiled_with_xpu", "is_compiled_with_ipu",
    "is_compiled_with_cinn", "is_compiled_with_custom_device", "is_compiled_with_distribute",
    "get_cudnn_version", "synchronize", "empty_cache", "max_memory_allocated", "max_memory_reserved",
    "memory_allocated", "memory_reserved", "reset_max_memory_allocated", "reset_max_memory_reserved",
    "reset_peak_memory_stats", "CPUPlace", "CUDAPlace", "CUDAPinnedPlace",
]
