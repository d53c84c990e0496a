"""is_float16_supported / is_bfloat16_supported: what purepaddle's CPU device can run under AMP."""
from .._core import dtype as _dt

__all__ = ["is_float16_supported", "is_bfloat16_supported"]


def _check_device(device, api):
    if device is None:
        return
    if not isinstance(device, str) and not hasattr(device, "is_cpu_place"):
        raise TypeError(f"paddle.amp.{api}: device must be a str such as 'cpu' or a Place, but received "
                        f"{type(device).__name__}")
    name = device if isinstance(device, str) else "cpu"
    if name.split(":")[0] not in ("cpu", "gpu", "xpu"):
        raise ValueError(f"paddle.amp.{api}: the device must be cpu, gpu:x or xpu:x, but received {device!r}")


def is_float16_supported(device=None):
    """Whether AMP can compute in float16 (True: purepaddle runs float16 on its CPU device with float32
    accumulation; real Paddle answers False for a CPU place, where its auto_cast does nothing).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.amp.is_float16_supported()
            True
    """
    _check_device(device, "is_float16_supported")
    return True


def is_bfloat16_supported(device=None):
    """Whether AMP can compute in bfloat16: True when the optional package ml_dtypes is installed.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> isinstance(paddle.amp.is_bfloat16_supported(), bool)
            True
    """
    _check_device(device, "is_bfloat16_supported")
    return _dt.bfloat16.np_dtype is not None
