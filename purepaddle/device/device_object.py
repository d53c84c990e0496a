"""paddle.device(...) -> Device, paddle.get_default_device / set_default_device (Paddle 3.3's torch-style device).

`paddle.device` is a package that can also be called: the package's module object gets CallableDeviceModule as its
class, so `paddle.device("cpu")` makes a Device while `paddle.device.cuda` and the functions stay attributes.
"""
import types

from .._core.place import Place
from .selection import get_device, set_device

__all__ = ["Device", "CallableDeviceModule", "get_default_device", "set_default_device"]


class Device(str):
    """A computing device, also its string ('cpu', 'cuda:0', 'gpu:1', 'xpu:0'); usable as a context manager.

    Args:
        type (str|int|Place, optional): 'cpu', 'cuda', 'gpu', 'xpu' (optionally ':index'), a Place, or an int (a CUDA
            index).
        index (int, optional): the index, with a type string (ignored for 'cpu').

    Returns:
        Device: a str subclass with .type and .index.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> d = paddle.device("cuda", 1)
            >>> print(d, d.type, d.index)
            cuda:1 cuda 1
            >>> with paddle.device("cpu"):
            ...     print(paddle.zeros([1]).place)
            Place(cpu)
    """

    _SUPPORTED_TYPES = {"cpu", "gpu", "cuda", "xpu"}
    _DEFAULT_DEVICE_STACK = []

    def __new__(cls, type=None, index=None):  # noqa: A002  (Paddle's argument name)
        if isinstance(type, Place):
            if type.is_cpu_place():
                kind, idx = "cpu", None
            elif type.is_gpu_place():
                kind, idx = "cuda", type.gpu_device_id()
            else:
                raise ValueError(f"Unknown place type: {type}")
        elif isinstance(type, str):
            t = type.lower()
            if t not in cls._SUPPORTED_TYPES and ":" not in t:
                raise ValueError(f"Unsupported device type: {t}")
            if index is not None:
                kind, idx = t, (index if t != "cpu" else None)
            elif ":" in t:
                kind, num = t.split(":")
                if kind not in cls._SUPPORTED_TYPES:
                    raise ValueError(f"Unsupported device type: {kind}")
                idx = int(num)
            else:
                kind, idx = t, (0 if t != "cpu" else None)
        elif isinstance(type, int) and not isinstance(type, bool):
            kind, idx = "cuda", type
        elif type is None and index is not None:
            raise ValueError("Device type must be specified if index is given")
        else:
            raise TypeError(f"Unsupported type for Device: {type}")
        obj = str.__new__(cls, "cpu" if kind == "cpu" else f"{kind}:{idx}")
        obj._dev_type, obj._index = kind, idx
        return obj

    @property
    def type(self):
        return self._dev_type

    @property
    def index(self):
        return self._index

    def _set_string(self):
        return "cpu" if self.type == "cpu" else f"{'gpu' if self.type == 'cuda' else self.type}:{self.index}"

    def __enter__(self):
        Device._DEFAULT_DEVICE_STACK.append(get_device())
        set_device(self._set_string())
        return self

    def __exit__(self, exc_type, exc_val, exc_tb):
        set_device(Device._DEFAULT_DEVICE_STACK.pop())


class CallableDeviceModule(types.ModuleType):
    """The class of the paddle.device package: calling it makes a Device."""

    def __call__(self, *args, **kwargs):
        return Device(*args, **kwargs)


def get_default_device():
    """The device operations run on, as a Device ('gpu' spelled 'cuda').

    Returns:
        Device: the default device.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> print(paddle.get_default_device())
            cpu
    """
    return Device(get_device().replace("gpu", "cuda"))


def set_default_device(device):
    """Set the device operations run on (paddle.device.set_device).

    Args:
        device (str|Place|int): 'cpu', 'gpu', 'gpu:x', ... or a place.

    Returns:
        None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.set_default_device("cpu")
    """
    set_device(device)
