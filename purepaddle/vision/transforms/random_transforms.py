"""Randomised transforms: RandomResizedCrop, colour jitter (brightness, contrast, saturation, hue), RandomErasing,
RandomAffine, RandomRotation, RandomPerspective.

Random draws use Python's `random` and NumPy's global generator exactly where Paddle does, so the same seeds give
the same crops, factors and erased windows as real Paddle.
"""
import math
import numbers
import random
from collections.abc import Sequence

import numpy as np

from ... import tensor as _T
from . import functional as F
from .transforms import BaseTransform, Compose, _get_image_size

__all__ = ["RandomResizedCrop", "BrightnessTransform", "ContrastTransform", "SaturationTransform", "HueTransform",
           "ColorJitter", "RandomErasing", "RandomAffine", "RandomRotation", "RandomPerspective"]


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


def _check_sequence_input(x, name, req_sizes):
    msg = req_sizes[0] if len(req_sizes) < 2 else " or ".join(str(s) for s in req_sizes)
    if not isinstance(x, Sequence):
        raise TypeError(f"{name} should be a sequence of length {msg}.")
    if len(x) not in req_sizes:
        raise ValueError(f"{name} should be sequence of length {msg}.")


def _setup_angle(x, name, req_sizes=(2,)):
    if isinstance(x, numbers.Number):
        if x < 0:
            raise ValueError(f"If {name} is a single number, it must be positive.")
        x = [-x, x]
    else:
        _check_sequence_input(x, name, req_sizes)
    return [float(d) for d in x]


class RandomAffine(BaseTransform):
    """A random affine map: angle from degrees, translation up to translate * size, scale and shear drawn with
    random.uniform (in Paddle's order).

    Args:
        degrees (float|list|tuple): angle range, or d for (-d, d).
        translate (list|tuple, optional): maximal (fx, fy) translation as fractions of width / height.
        scale (list|tuple, optional): scale range. Default: None (1.0).
        shear (float|list|tuple, optional): x shear range (2 values) or x and y ranges (4). Default: None.
        interpolation (str, optional): "nearest", "bilinear" or "bicubic". Default: "nearest".
        fill (int|float|list|tuple, optional): value outside the image. Default: 0.
        center (list|tuple, optional): centre of the transform. Default: the image centre.
        keys (list[str]|tuple[str], optional): input kinds. Default: None.

    Returns:
        A callable object of RandomAffine.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.vision.transforms import RandomAffine
            >>> RandomAffine(15, translate=[0.1, 0.1], scale=[0.9, 1.1])(paddle.rand([3, 8, 8])).shape
            paddle.Size([3, 8, 8])
    """

    def __init__(self, degrees, translate=None, scale=None, shear=None, interpolation="nearest", fill=0,
                 center=None, keys=None):
        self.degrees = _setup_angle(degrees, name="degrees", req_sizes=(2,))
        super().__init__(keys)
        if interpolation not in ("nearest", "bilinear", "bicubic"):
            raise AssertionError("interpolation should be 'nearest', 'bilinear' or 'bicubic'")
        self.interpolation = interpolation
        if translate is not None:
            _check_sequence_input(translate, "translate", req_sizes=(2,))
            if not all(0.0 <= t <= 1.0 for t in translate):
                raise ValueError("translation values should be between 0 and 1")
        self.translate = translate
        if scale is not None:
            _check_sequence_input(scale, "scale", req_sizes=(2,))
            if any(s <= 0 for s in scale):
                raise ValueError("scale values should be positive")
        self.scale = scale
        self.shear = _setup_angle(shear, name="shear", req_sizes=(2, 4)) if shear is not None else None
        if fill is None:
            fill = 0
        elif not isinstance(fill, (Sequence, numbers.Number)):
            raise TypeError("Fill should be either a sequence or a number.")
        self.fill = fill
        if center is not None:
            _check_sequence_input(center, "center", req_sizes=(2,))
        self.center = center

    def _get_param(self, img_size, degrees, translate=None, scale_ranges=None, shears=None):
        angle = random.uniform(degrees[0], degrees[1])
        if translate is not None:
            max_dx, max_dy = float(translate[0] * img_size[0]), float(translate[1] * img_size[1])
            translations = (int(random.uniform(-max_dx, max_dx)), int(random.uniform(-max_dy, max_dy)))
        else:
            translations = (0, 0)
        scale = random.uniform(scale_ranges[0], scale_ranges[1]) if scale_ranges is not None else 1.0
        shear_x = shear_y = 0.0
        if shears is not None:
            shear_x = random.uniform(shears[0], shears[1])
            if len(shears) == 4:
                shear_y = random.uniform(shears[2], shears[3])
        return angle, translations, scale, (shear_x, shear_y)

    def _apply_image(self, img):
        w, h = _get_image_size(img)
        ret = self._get_param([w, h], self.degrees, self.translate, self.scale, self.shear)
        return F.affine(img, *ret, interpolation=self.interpolation, fill=self.fill, center=self.center)


class RandomRotation(BaseTransform):
    """Rotation by an angle drawn with random.uniform from degrees.

    Args:
        degrees (float|list|tuple): angle range, or d for (-d, d).
        interpolation (str, optional): "nearest" or "bilinear". Default: "nearest".
        expand (bool, optional): enlarge the output to hold the whole rotated image. Default: False.
        center (list|tuple, optional): rotation centre. Default: the image centre.
        fill (int|float|list|tuple, optional): value outside the image. Default: 0.
        keys (list[str]|tuple[str], optional): input kinds. Default: None.

    Returns:
        A callable object of RandomRotation.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.vision.transforms import RandomRotation
            >>> RandomRotation(90)(paddle.rand([3, 8, 8])).shape
            paddle.Size([3, 8, 8])
    """

    def __init__(self, degrees, interpolation="nearest", expand=False, center=None, fill=0, keys=None):
        if isinstance(degrees, numbers.Number):
            if degrees < 0:
                raise ValueError("If degrees is a single number, it must be positive.")
            self.degrees = (-degrees, degrees)
        else:
            if len(degrees) != 2:
                raise ValueError("If degrees is a sequence, it must be of len 2.")
            self.degrees = degrees
        super().__init__(keys)
        self.interpolation = interpolation
        self.expand = expand
        self.center = center
        self.fill = fill

    def _get_param(self, degrees):
        return random.uniform(degrees[0], degrees[1])

    def _apply_image(self, img):
        return F.rotate(img, self._get_param(self.degrees), self.interpolation, self.expand, self.center, self.fill)


class RandomPerspective(BaseTransform):
    """With probability prob, a perspective warp moving each corner inwards by up to distortion_scale of half
    the size (corners drawn with random.uniform in Paddle's order).

    Args:
        prob (float, optional): probability of warping. Default: 0.5.
        distortion_scale (float, optional): in [0, 1]. Default: 0.5.
        interpolation (str, optional): "nearest", "bilinear" or "bicubic". Default: "nearest".
        fill (int|float|list|tuple, optional): value outside the image. Default: 0.
        keys (list[str]|tuple[str], optional): input kinds. Default: None.

    Returns:
        A callable object of RandomPerspective.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.vision.transforms import RandomPerspective
            >>> RandomPerspective(prob=1.0)(paddle.rand([3, 8, 8])).shape
            paddle.Size([3, 8, 8])
    """

    def __init__(self, prob=0.5, distortion_scale=0.5, interpolation="nearest", fill=0, keys=None):
        super().__init__(keys)
        if not 0 <= prob <= 1:
            raise AssertionError("probability must be between 0 and 1")
        if not 0 <= distortion_scale <= 1:
            raise AssertionError("distortion_scale must be between 0 and 1")
        if interpolation not in ("nearest", "bilinear", "bicubic"):
            raise AssertionError("interpolation should be 'nearest', 'bilinear' or 'bicubic'")
        if not isinstance(fill, (numbers.Number, str, list, tuple)):
            raise AssertionError("fill should be a number, str, list or tuple")
        self.prob = prob
        self.distortion_scale = distortion_scale
        self.interpolation = interpolation
        self.fill = fill

    def get_params(self, width, height, distortion_scale):
        """The four start corners and the four randomly moved end corners."""
        hh, hw = height // 2, width // 2
        dw, dh = int(distortion_scale * hw), int(distortion_scale * hh)
        topleft = [int(random.uniform(0, dw + 1)), int(random.uniform(0, dh + 1))]
        topright = [int(random.uniform(width - dw - 1, width)), int(random.uniform(0, dh + 1))]
        botright = [int(random.uniform(width - dw - 1, width)), int(random.uniform(height - dh - 1, height))]
        botleft = [int(random.uniform(0, dw + 1)), int(random.uniform(height - dh - 1, height))]
        startpoints = [[0, 0], [width - 1, 0], [width - 1, height - 1], [0, height - 1]]
        return startpoints, [topleft, topright, botright, botleft]

    def _apply_image(self, img):
        width, height = _get_image_size(img)
        if random.random() < self.prob:
            startpoints, endpoints = self.get_params(width, height, self.distortion_scale)
            return F.perspective(img, startpoints, endpoints, self.interpolation, self.fill)
        return img
