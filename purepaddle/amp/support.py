"""What eager AMP does on purepaddle's CPU place: Paddle's CPU build (nothing) unless FLAGS_purepaddle_cpu_amp
asks for the float16/bfloat16 emulation; is_float16_supported / is_bfloat16_supported report it."""
from .._core import dtype as _dt
from .._core.place import current_place
from ..framework import flags

__all__ = ["is_float16_supported", "is_bfloat16_supported"]

CPU_AMP_FLAG = "FLAGS_purepaddle_cpu_amp"


def cpu_amp():
    """Whether eager AMP emulates a GPU's low precision on the CPU place (FLAGS_purepaddle_cpu_amp, default off:
    as real Paddle's CPU build, auto_cast, decorate O2 and GradScaler do nothing)."""
    return flags.VALUES[CPU_AMP_FLAG]


def place_text():
    """The current place as Paddle's 'X can only be enabled on CUDAPlace...' warnings print it."""
    return str(current_place())


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
    """Whether AMP can compute in float16: False on the CPU place, as in real Paddle, unless
    FLAGS_purepaddle_cpu_amp turns on purepaddle's float16 emulation (float32 accumulation).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.amp.is_float16_supported()
            False
            >>> paddle.set_flags({'FLAGS_purepaddle_cpu_amp': True})
            >>> paddle.amp.is_float16_supported()
            True
    """
    _check_device(device, "is_float16_supported")
    return bool(cpu_amp())


def is_bfloat16_supported(device=None):
    """Whether AMP can compute in bfloat16: False on the CPU place, as in real Paddle, unless
    FLAGS_purepaddle_cpu_amp is on and the optional package ml_dtypes is installed.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.amp.is_bfloat16_supported()
            False
    """
    _check_device(device, "is_bfloat16_supported")
    return bool(cpu_amp()) and _dt.bfloat16.np_dtype is not None
