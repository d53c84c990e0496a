"""The global device: choosing it (set_device, device_guard), reading it (get_device), and the device
argument every paddle.device API takes (a string like 'gpu:0', a Place or an index), checked with Paddle's errors."""

from __future__ import annotations

from .._core import place as _place
from .._core.place import CUDAPlace, Place, current_place, is_compiled_with_cuda
from .._core.tensor import Tensor

__all__ = ["set_device", "get_device", "device_guard", "device"]

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


def set_device(device: str | Place | int) -> Place:
    """Select the global device ('cpu', 'gpu', 'gpu:x', a Place, or an index); returns its Place.

    Args:
        device (str|Place|int): The device: a name ('cpu', 'gpu', 'gpu:0', ...), a Place, or a GPU number; a
            GPU raises ValueError where CUDA is absent, as in Paddle.

    Returns:
        Place: the place of the device that is now current.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.device.set_device('cpu')
            Place(cpu)
    """
    if device is None:
        return current_place()
    return _place.set_device(_parse(device, "paddle.device.set_device"))


def get_device(input: Tensor | None = None) -> str:
    """The global device as a string ('cpu', 'gpu:x'), or a tensor's device id (-1 on the CPU).

    Args:
        input (Tensor|None, optional): A tensor whose device is asked; None means the current device. Default:
            None.

    Returns:
        str: the device's name, e.g. 'cpu'.

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


class device(device_guard):
    """`with paddle.device.device(d):` runs its block on device `d` (PyTorch's spelling of device_guard).

    Args:
        device (Place|int|str|None, optional): A place, a device string ('cpu', 'gpu:0'), a GPU index, or None
            (the block keeps the current device).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> with paddle.device.device("cpu"):
            ...     x = paddle.ones([2])
            >>> x.place
            Place(cpu)
    """

    def __init__(self, device=None):
        self._keep = device is None
        if self._keep:
            self._prev = None
            return
        super().__init__(f"gpu:{device}" if isinstance(device, int) and not isinstance(device, bool) else device)

    def __enter__(self):
        return self if self._keep else super().__enter__()

    def __exit__(self, *exc):
        return False if self._keep else super().__exit__(*exc)
