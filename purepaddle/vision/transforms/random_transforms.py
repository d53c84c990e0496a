"""Randomised transforms: RandomResizedCrop, colour jitter (brightness, contrast, saturation, hue), RandomErasing.

Random draws use Python's `random` and NumPy's global generator exactly where Paddle does, so the same seeds give
the same crops, factors and erased windows as real Paddle.
"""
import math
import numbers
import random

import numpy as np

from ... import tensor as _T
from . import functional as F
from .transforms import BaseTransform, Compose, _get_image_size

__all__ = ["RandomResizedCrop", "BrightnessTransform", "ContrastTransform", "SaturationTransform", "HueTransform",
           "ColorJitter", "RandomErasing"]


class RandomResizedCrop(BaseTransform):
    """Crops a random area (fraction `scale` of the image) of random aspect ratio (`ratio`), resized to `size`.

    Args:
        size (int|list|tuple): output size, (h, w) or an int for a square.
        scale (list|tuple, optional): range of the cropped area's fraction. Default: (0.08, 1.0).
        ratio (list|tuple, optional): range of the crop's aspect ratio w / h. Default: (3/4, 4/3).
        interpolation (str, optional): resize interpolation. Default: 'bilinear'.
        keys (list[str]|tuple[str], optional): input kinds. Default: None.

    Returns:
        A callable object of RandomResizedCrop.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> from paddle.vision.transforms import RandomResizedCrop
            >>> RandomResizedCrop(16)(np.zeros((40, 30, 3), dtype='uint8')).shape
            (16, 16, 3)
    """

    def __init__(self, size, scale=(0.08, 1.0), ratio=(3.0 / 4, 4.0 / 3), interpolation="bilinear", keys=None):
        super().__init__(keys)
        self.size = (size, size) if isinstance(size, int) else size
        if not scale[0] <= scale[1]:
            raise AssertionError("scale should be of kind (min, max)")
        if not ratio[0] <= ratio[1]:
            raise AssertionError("ratio should be of kind (min, max)")
        self.scale = scale
        self.ratio = ratio
        self.interpolation = interpolation

    def _get_param(self, image, attempts=10):
        width, height = _get_image_size(image)
        area = height * width
        for _ in range(attempts):
            target_area = np.random.uniform(*self.scale) * area
            aspect_ratio = math.exp(np.random.uniform(*(math.log(x) for x in self.ratio)))
            w = int(round(math.sqrt(target_area * aspect_ratio)))
            h = int(round(math.sqrt(target_area / aspect_ratio)))
            if 0 < w <= width and 0 < h <= height:
                return random.randint(0, height - h), random.randint(0, width - w), h, w
        # no draw fitted: the largest centred crop within the ratio range
        in_ratio = float(width) / float(height)
        if in_ratio < min(self.ratio):
            w, h = width, int(round(width / min(self.ratio)))
        elif in_ratio > max(self.ratio):
            w, h = int(round(height * max(self.ratio))), height
        else:
            w, h = width, height
        return (height - h) // 2, (width - w) // 2, h, w

    def _apply_image(self, img):
        i, j, h, w = self._get_param(img)
        return F.resize(F.crop(img, i, j, h, w), self.size, self.interpolation)


def _check_input(value, name, center=1, bound=(0, float("inf")), clip_first_on_zero=True):
    """A jitter amount as its [low, high] factor range, or None when it changes nothing."""
    if isinstance(value, numbers.Number):
        if value < 0:
            raise ValueError(f"If {name} is a single number, it must be non negative.")
        value = [center - value, center + value]
        if clip_first_on_zero:
            value[0] = max(value[0], 0)
    elif isinstance(value, (tuple, list)) and len(value) == 2:
        if not bound[0] <= value[0] <= value[1] <= bound[1]:
            raise ValueError(f"{name} values should be between {bound}")
    else:
        raise TypeError(f"{name} should be a single number or a list/tuple with length 2.")
    if value[0] == value[1] == center:
        value = None
    return value


class _FactorTransform(BaseTransform):
    """Applies `_adjust` with a factor drawn by random.uniform from the checked range."""

    _name = ""
    _center = 1
    _bound = (0, float("inf"))
    _clip_first_on_zero = True

    def __init__(self, value, keys=None):
        super().__init__(keys)
        self.value = _check_input(value, self._name, self._center, self._bound, self._clip_first_on_zero)

    def _apply_image(self, img):
        if self.value is None:
            return img
        return type(self)._adjust(img, random.uniform(self.value[0], self.value[1]))


class BrightnessTransform(_FactorTransform):
    """Scales brightness by a factor drawn from [max(0, 1 - value), 1 + value].

    Args:
        value (float|list|tuple): the jitter amount, or the factor range.
        keys (list[str]|tuple[str], optional): input kinds. Default: None.

    Returns:
        A callable object of BrightnessTransform.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> from paddle.vision.transforms import BrightnessTransform
            >>> BrightnessTransform(0.4)(np.full((2, 2, 3), 100, dtype='uint8')).shape
            (2, 2, 3)
    """

    _name = "brightness"
    _adjust = F.adjust_brightness


class ContrastTransform(_FactorTransform):
    """Scales contrast by a factor drawn from [max(0, 1 - value), 1 + value].

    Args:
        value (float|list|tuple): the jitter amount, or the factor range.
        keys (list[str]|tuple[str], optional): input kinds. Default: None.

    Returns:
        A callable object of ContrastTransform.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> from paddle.vision.transforms import ContrastTransform
            >>> ContrastTransform(0.4)(np.full((2, 2, 3), 100, dtype='uint8')).shape
            (2, 2, 3)
    """

    _name = "contrast"
    _adjust = F.adjust_contrast

    def __init__(self, value, keys=None):
        if value < 0:
            raise ValueError("contrast value should be non-negative")
        super().__init__(value, keys)


class SaturationTransform(_FactorTransform):
    """Scales saturation by a factor drawn from [max(0, 1 - value), 1 + value].

    Args:
        value (float|list|tuple): the jitter amount, or the factor range.
        keys (list[str]|tuple[str], optional): input kinds. Default: None.

    Returns:
        A callable object of SaturationTransform.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> from paddle.vision.transforms import SaturationTransform
            >>> SaturationTransform(0.4)(np.full((2, 2, 3), 100, dtype='uint8')).shape
            (2, 2, 3)
    """

    _name = "saturation"
    _adjust = F.adjust_saturation


class HueTransform(_FactorTransform):
    """Shifts hue by a fraction of a turn drawn from [-value, value] (value in [0, 0.5]).

    Args:
        value (float|list|tuple): the jitter amount, or the shift range.
        keys (list[str]|tuple[str], optional): input kinds. Default: None.

    Returns:
        A callable object of HueTransform.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> from paddle.vision.transforms import HueTransform
            >>> HueTransform(0.4)(np.full((2, 2, 3), 100, dtype='uint8')).shape
            (2, 2, 3)
    """

    _name = "hue"
    _center = 0
    _bound = (-0.5, 0.5)
    _clip_first_on_zero = False
    _adjust = F.adjust_hue


class ColorJitter(BaseTransform):
    """Brightness, contrast, saturation and hue jitter, applied in a random order (random.shuffle).

    Args:
        brightness (float|list|tuple, optional): brightness jitter. Default: 0.
        contrast (float|list|tuple, optional): contrast jitter. Default: 0.
        saturation (float|list|tuple, optional): saturation jitter. Default: 0.
        hue (float|list|tuple, optional): hue jitter, in [0, 0.5]. Default: 0.
        keys (list[str]|tuple[str], optional): input kinds. Default: None.

    Returns:
        A callable object of ColorJitter.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> from paddle.vision.transforms import ColorJitter
            >>> ColorJitter(0.4, 0.4, 0.4, 0.1)(np.full((2, 2, 3), 100, dtype='uint8')).shape
            (2, 2, 3)
    """

    def __init__(self, brightness=0, contrast=0, saturation=0, hue=0, keys=None):
        super().__init__(keys)
        self.brightness = brightness
        self.contrast = contrast
        self.saturation = saturation
        self.hue = hue

    def _get_param(self, brightness, contrast, saturation, hue):
        transforms = [cls(v, self.keys) for cls, v in ((BrightnessTransform, brightness),
                                                         (ContrastTransform, contrast),
                                                         (SaturationTransform, saturation),
                                                         (HueTransform, hue)) if v is not None]
        random.shuffle(transforms)
        return Compose(transforms)

    def _apply_image(self, img):
        return self._get_param(self.brightness, self.contrast, self.saturation, self.hue)(img)


class RandomErasing(BaseTransform):
    """With probability `prob`, erases a random rectangle (area fraction `scale`, aspect `ratio`) to `value`.

    Args:
        prob (float, optional): probability of erasing. Default: 0.5.
        scale (list|tuple, optional): range of the erased area's fraction. Default: (0.02, 0.33).
        ratio (list|tuple, optional): range of the erased aspect ratio. Default: (0.3, 3.3).
        value (int|float|list|tuple|str, optional): fill value, one per channel, or "random" for normal noise.
            Default: 0.
        inplace (bool, optional): erase in place. Default: False.
        keys (list[str]|tuple[str], optional): input kinds. Default: None.

    Returns:
        A callable object of RandomErasing.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.vision.transforms import RandomErasing
            >>> RandomErasing(prob=1.0)(paddle.ones([3, 8, 8])).shape
            paddle.Size([3, 8, 8])
    """

    def __init__(self, prob=0.5, scale=(0.02, 0.33), ratio=(0.3, 3.3), value=0, inplace=False, keys=None):
        super().__init__(keys)
        if not isinstance(scale, (tuple, list)):
            raise AssertionError("scale should be a tuple or list")
        if not (scale[0] >= 0 and scale[1] <= 1 and scale[0] <= scale[1]):
            raise AssertionError("scale should be of kind (min, max) and in range [0, 1]")
        if not isinstance(ratio, (tuple, list)):
            raise AssertionError("ratio should be a tuple or list")
        if not (ratio[0] >= 0 and ratio[0] <= ratio[1]):
            raise AssertionError("ratio should be of kind (min, max)")
        if not 0 <= prob <= 1:
            raise AssertionError("The probability should be in range [0, 1]")
        if not isinstance(value, (numbers.Number, str, tuple, list)):
            raise AssertionError("value should be a number, tuple, list or str")
        if isinstance(value, str) and value != "random":
            raise ValueError("value must be 'random' when type is str")
        self.prob = prob
        self.scale = scale
        self.ratio = ratio
        self.value = value
        self.inplace = inplace

    def _get_param(self, img, scale, ratio, value):
        if F._is_pil_image(img):
            h, w, c = np.asarray(img).astype(np.uint8).shape[-3:]
        elif F._is_tensor_image(img):
            c, h, w = img.shape[-3:]
        else:
            h, w, c = img.shape[-3:]
        log_ratio = np.log(ratio)
        for _ in range(10):
            erase_area = np.random.uniform(*scale) * h * w
            aspect_ratio = np.exp(np.random.uniform(*log_ratio))
            erase_h = int(round(np.sqrt(erase_area * aspect_ratio)))
            erase_w = int(round(np.sqrt(erase_area / aspect_ratio)))
            if erase_h >= h or erase_w >= w:
                continue
            if F._is_tensor_image(img):
                v = (_T.normal(shape=[c, erase_h, erase_w]).astype(img.dtype) if value is None else
                     _T.to_tensor(value, dtype=img.dtype)[:, None, None])
            elif value is None:
                v = np.random.normal(size=[erase_h, erase_w, c]) * 255
            else:
                v = np.array(value)[None, None, :]
            top = np.random.randint(0, h - erase_h + 1)
            left = np.random.randint(0, w - erase_w + 1)
            return top, left, erase_h, erase_w, v
        return 0, 0, h, w, img

    def _apply_image(self, img):
        if random.random() >= self.prob:
            return img
        value = ([self.value] if isinstance(self.value, numbers.Number) else
                 None if isinstance(self.value, str) else self.value)
        if value is not None and len(value) not in (1, 3):
            raise ValueError("Value should be a single number or a sequence with length equals to image's channel.")
        top, left, erase_h, erase_w, v = self._get_param(img, self.scale, self.ratio, value)
        return F.erase(img, top, left, erase_h, erase_w, v, self.inplace)
