"""paddle.vision.transforms: image transforms and their functional forms."""
from . import functional  # noqa: F401
from .functional import (center_crop, crop, hflip, normalize, pad, resize, to_grayscale, to_tensor,  # noqa: F401
                         vflip)
from .transforms import (BaseTransform, CenterCrop, Compose, Grayscale, Normalize, Pad, RandomCrop,  # noqa: F401
                         RandomHorizontalFlip, RandomVerticalFlip, Resize, ToTensor, Transpose)

__all__ = ["BaseTransform", "Compose", "Resize", "RandomCrop", "CenterCrop", "RandomHorizontalFlip",
           "RandomVerticalFlip", "Transpose", "Normalize", "Pad", "Grayscale", "ToTensor", "to_tensor", "hflip",
           "vflip", "resize", "pad", "crop", "center_crop", "normalize", "to_grayscale"]
