"""paddle.vision: models, datasets, transforms and the image backend.

The subpackages load on first use (PEP 562), so `import paddle` does not build them.
"""
import importlib as _importlib

from . import transforms  # noqa: F401
from .image import get_image_backend, image_load, set_image_backend  # noqa: F401
from .transforms import (BaseTransform, CenterCrop, Compose, Grayscale, Normalize, Pad, RandomCrop,  # noqa: F401
                         RandomHorizontalFlip, RandomVerticalFlip, Resize, ToTensor, Transpose, center_crop, crop,
                         hflip, normalize, pad, resize, to_grayscale, to_tensor, vflip)

__all__ = ["set_image_backend", "get_image_backend", "image_load"]

_LAZY = {"models": None, "datasets": None, "LeNet": "models", "MNIST": "datasets", "FashionMNIST": "datasets",
         "Digits": "datasets"}


def __getattr__(name):
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    sub = _LAZY[name]
    value = _importlib.import_module(f"{__name__}.{name if sub is None else sub}")
    if sub is not None:
        value = getattr(value, name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(_LAZY))
