"""paddle.vision.transforms: image transforms and their functional forms."""
from . import functional  # noqa: F401
from .functional import (adjust_brightness, adjust_contrast, adjust_hue, affine, center_crop, crop,  # noqa: F401
                         erase, hflip, normalize, pad, perspective, resize, rotate, to_grayscale, to_tensor, vflip)
from .transforms import (BaseTransform, CenterCrop, Compose, Grayscale, Normalize, Pad, RandomCrop,  # noqa: F401
                         RandomHorizontalFlip, RandomVerticalFlip, Resize, ToTensor, Transpose)
from .random_transforms import (BrightnessTransform, ColorJitter, ContrastTransform, HueTransform,  # noqa: F401
                                RandomAffine, RandomErasing, RandomPerspective, RandomResizedCrop, RandomRotation,
                                SaturationTransform)

__all__ = ["BaseTransform", "Compose", "Resize", "RandomCrop", "CenterCrop", "RandomHorizontalFlip",
           "RandomVerticalFlip", "Transpose", "Normalize", "Pad", "Grayscale", "ToTensor", "to_tensor", "hflip",
           "vflip", "resize", "pad", "crop", "center_crop", "normalize", "to_grayscale",
           "RandomResizedCrop", "BrightnessTransform", "SaturationTransform", "ContrastTransform", "HueTransform",
           "ColorJitter", "RandomErasing", "RandomAffine", "RandomRotation", "RandomPerspective", "adjust_brightness",
           "adjust_contrast", "adjust_hue", "erase", "affine", "rotate", "perspective"]
