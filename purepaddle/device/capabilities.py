"""What this build and machine offer: device types, available devices and their count, the is_compiled_with_*
answers (a CPU build: accelerators only through cupy) and the cuDNN version."""
import importlib.util

from .._core.place import is_compiled_with_cuda
from .cuda import gpu_count

__all__ = ["get_all_device_type", "get_all_custom_device_type", "get_available_device", "get_available_custom_device",
           "device_count", "is_available", "is_compiled_with_cuda", "is_compiled_with_rocm", "is_compiled_with_xpu",
           "is_compiled_with_ipu", "is_compiled_with_cinn", "is_compiled_with_mkldnn", "is_compiled_with_custom_device",
           "is_compiled_with_distribute", "get_cudnn_version", "is_bf16_supported", "is_current_stream_capturing"]


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
    return importlib.util.find_spec(__package__.rpartition(".")[0] + ".distributed") is not None


def get_cudnn_version():
    """cuDNN version as an int, or None without cuDNN."""
    if not is_compiled_with_cuda():
        return None
    try:
        import cupy.cuda.cudnn as cudnn
        return int(cudnn.getVersion())
    except Exception:
        return None


def is_bf16_supported(including_emulation=True):
    """Whether the current CUDA device computes in bfloat16: False (no CUDA device is used for it in purepaddle;
    bfloat16 tensors are computed on the CPU through ml_dtypes).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.device.is_bf16_supported()
            False
    """
    return False


def is_current_stream_capturing():
    """Whether a CUDA graph is being captured on the current stream: always False in purepaddle.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.device.is_current_stream_capturing()
            False
    """
    return False
