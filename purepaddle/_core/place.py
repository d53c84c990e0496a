"""Places: where a tensor lives, and the array module (`xp`) that computes there."""

from __future__ import annotations

import numpy as np


class Place:
    """Base of all places; `xp` is the array module for this device."""

    __slots__ = ()
    xp = np

    def is_cpu_place(self):
        return False

    def is_gpu_place(self):
        return False

    def __eq__(self, other):
        return type(self) is type(other) and repr(self) == repr(other)

    def __hash__(self):
        return hash(repr(self))

    def __str__(self):
        return repr(self)


class CPUPlace(Place):
    """The host CPU; arrays are numpy arrays.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([1.0], place=paddle.CPUPlace())
            >>> x.place.is_cpu_place()
            True
    """

    __slots__ = ()

    def is_cpu_place(self):
        return True

    def __repr__(self):
        return "Place(cpu)"


class CUDAPlace(Place):
    """A CUDA device; arrays are cupy arrays (imported on first use).

    Args:
        device_id (int, optional): The GPU's number. Default: 0.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> place = paddle.CUDAPlace(0)
            >>> place.get_device_id()
            0
    """

    __slots__ = ("_device_id",)

    def __init__(self, device_id: int = 0) -> None:
        self._device_id = int(device_id)

    def get_device_id(self):
        return self._device_id

    def is_gpu_place(self):
        return True

    @property
    def xp(self):
        try:
            import cupy
        except ImportError:
            raise RuntimeError(
                "CUDAPlace needs cupy, and purepaddle here is not compiled with CUDA: "
                "use paddle.CPUPlace() or paddle.device.set_device('cpu')") from None
        return cupy

    def __repr__(self):
        return f"Place(gpu:{self._device_id})"


class CUDAPinnedPlace(CPUPlace):
    """Page-locked host memory; on purepaddle the same as the CPU."""

    __slots__ = ()

    def __repr__(self):
        return "Place(gpu_pinned)"


CPU = CPUPlace()
_current = [CPU]


def is_compiled_with_cuda() -> bool:
    """Whether CUDA is usable: only when cupy and a device are present.

    Returns:
        bool: True when cupy is installed and sees a CUDA device, else False.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> isinstance(paddle.is_compiled_with_cuda(), bool)
            True
    """
    try:
        import cupy
        return cupy.cuda.runtime.getDeviceCount() > 0
    except Exception:
        return False


def set_device(device):
    """Select the default place from 'cpu', 'gpu', 'gpu:N'; returns the Place."""
    if isinstance(device, Place):
        _current[0] = device
        return device
    if not isinstance(device, str):
        raise ValueError(f"The device must be a string like 'cpu' or 'gpu:0', but received {device!r}")
    d = device.lower()
    if d == "cpu":
        place = CPU
    elif d == "gpu" or d.startswith("gpu:"):
        if not is_compiled_with_cuda():
            raise ValueError(
                f"The device should not be '{device}', since PaddlePaddle is not compiled with CUDA")
        place = CUDAPlace(int(d.split(":")[1]) if ":" in d else 0)
    else:
        raise ValueError(
            f"The device must be a string which is like 'cpu', 'gpu', 'gpu:x', but received {device}")
    _current[0] = place
    return place


def get_device():
    """The default device as a string: 'cpu' or 'gpu:N'."""
    p = _current[0]
    return f"gpu:{p.get_device_id()}" if isinstance(p, CUDAPlace) else "cpu"


def current_place():
    """The default Place new tensors go to."""
    return _current[0]


def convert_place(place):
    """Place or device string -> Place."""
    if place is None:
        return _current[0]
    if isinstance(place, Place):
        return place
    if isinstance(place, str):
        d = place.lower()
        if d == "cpu":
            return CPU
        if d.startswith("gpu"):
            return CUDAPlace(int(d.split(":")[1]) if ":" in d else 0)
    raise ValueError(f"place must be a Place or a device string, but received {place!r}")
