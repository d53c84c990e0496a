"""Waiting for the work queued on an accelerator device (paddle.device.synchronize); a CPU queues none."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from purepaddle._core._typing import PlaceLike

from .._core.place import CUDAPlace, current_place, is_compiled_with_cuda
from .capabilities import get_all_custom_device_type
from .selection import _parse

__all__ = ["synchronize"]


def synchronize(device: PlaceLike | int | None = None) -> None:
    """Wait for all work queued on an accelerator device; a CPU has none to wait for.

    Raises TypeError for the CPU, as Paddle does (no stream to synchronise).

    Args:
        device (PlaceLike|int|None, optional): The device to wait for ('gpu:0', a place or a number); None
            means the current one. Default: None.

    Returns:
        None (a TypeError for the CPU, which has no stream, as in Paddle).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.device.synchronize('cpu')
            Traceback (most recent call last):
            TypeError: ...
    """
    place = _parse(device, "paddle.device.synchronize") if device is not None else current_place()
    if isinstance(place, CUDAPlace) and is_compiled_with_cuda():
        import cupy
        with cupy.cuda.Device(place.get_device_id()):
            cupy.cuda.Device().synchronize()
        return None
    raise TypeError("device should be gpu, xpu, " + ",".join(get_all_custom_device_type()))
