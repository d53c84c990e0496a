"""Places of accelerators purepaddle has no runtime for (XPU, IPU): declared stubs, see purepaddle/_core/exclusions.py.

Making one raises UnavailableFeatureError, as a CPU build of Paddle refuses them; the classes exist so code that
names them (`isinstance(place, paddle.XPUPlace)`, `from paddle.device import IPUPlace`) still imports.
"""
from .._core.exclusions import unavailable

__all__ = ["IPUPlace", "XPUPlace", "XPUPinnedPlace"]

IPUPlace = unavailable("paddle.device.IPUPlace", "class")
XPUPlace = unavailable("paddle.device.XPUPlace", "class")
XPUPinnedPlace = unavailable("paddle.XPUPinnedPlace", "class")
