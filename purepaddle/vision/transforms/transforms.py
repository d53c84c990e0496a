"""paddle.vision.transforms: composable image transforms (classes over the functional ops)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Callable
    from typing import Any

import numbers
import random
import traceback
from collections.abc import Iterable, Sequence

import numpy as np

from . import functional as F

__all__ = ["BaseTransform", "Compose", "ToTensor", "Resize", "RandomCrop", "CenterCrop", "RandomHorizontalFlip",
           "RandomVerticalFlip", "Normalize", "Transpose", "Pad", "Grayscale"]


def _get_image_size(img):
    """(width, height) of a PIL image, HWC ndarray or CHW/NCHW Tensor."""
    if F._is_pil_image(img):
        return img.size
    if F._is_numpy_image(img):
        return img.shape[:2][::-1]
    if F._is_tensor_image(img):
        if len(img.shape) in (3, 4):
            return tuple(img.shape[-2:][::-1])
        raise ValueError(f"The dim for input Tensor should be 3-D or 4-D, but received {len(img.shape)}")
    raise TypeError(f"Unexpected type {type(img)}")


class Compose:
    """Apply transforms in sequence; a failing transform is reported with its traceback.

    Args:
        transforms (Sequence[Callable[[Any], Any]]): The transforms, applied one after the other.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle.vision.transforms as T
            >>> t = T.Compose([T.Transpose(), T.Normalize([127.5], [127.5])])
            >>> t(np.full((28, 28), 255.0, dtype='float32')).shape
            (1, 28, 28)
    """

    def __init__(self, transforms: Sequence[Callable[[Any], Any]]) -> None:
        self.transforms = transforms

    def __call__(self, data):
        for f in self.transforms:
            try:
                data = f(data)
            except Exception as e:
                print(f"fail to perform transform [{f}] with error: {e} and stack:\n{traceback.format_exc()}")
                raise
        return data

    def __repr__(self):
        return self.__class__.__name__ + "(" + "".join(f"\n    {t}" for t in self.transforms) + "\n)"


class BaseTransform:
    """Base of the transforms: `keys` names what each element of a tuple input is ('image',
    'coords', 'boxes', 'mask'); `_apply_<key>` transforms one element, `_get_params` draws the
    random parameters shared by all elements of one call (kept in self.params).

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> from paddle.vision.transforms import BaseTransform
            >>> class Invert(BaseTransform):
            ...     def _apply_image(self, image):
            ...         return 255 - image
            >>> Invert()(np.array([[0, 255]], dtype='uint8'))
            array([[255,   0]], dtype=uint8)
    """

    def __init__(self, keys=None):
        if keys is None:
            keys = ("image",)
        elif not isinstance(keys, Sequence):
            raise ValueError(f"keys should be a sequence, but got keys={keys}")
        for k in keys:
            if self._get_apply(k) is None:
                raise NotImplementedError(f"{k} is unsupported data structure")
        self.keys = keys
        self.params = None

    def _get_params(self, inputs):
        pass

    def __call__(self, inputs):
        """Transform one input, or a tuple whose elements are named by keys (extras pass through)."""
        if not isinstance(inputs, tuple):
            inputs = (inputs,)
        self.params = self._get_params(inputs)
        outputs = []
        for i in range(min(len(inputs), len(self.keys))):
            apply_func = self._get_apply(self.keys[i])
            outputs.append(inputs[i] if apply_func is None else apply_func(inputs[i]))
        if len(inputs) > len(self.keys):
            outputs.extend(inputs[len(self.keys):])
        return outputs[0] if len(outputs) == 1 else tuple(outputs)

    def _get_apply(self, key):
        return getattr(self, f"_apply_{key}", None)

    def _apply_image(self, image):
        raise NotImplementedError

    def _apply_boxes(self, boxes):
        raise NotImplementedError

    def _apply_mask(self, mask):
        raise NotImplementedError

    def _apply_coords(self, coords):
        raise NotImplementedError


class ToTensor(BaseTransform):
    """PIL image or HWC ndarray -> Tensor (CHW by default); uint8 becomes float32 in [0, 1].

    Args:
        data_format (str, optional): 'CHW' or 'HWC', the layout of the result. Default: "CHW".
        keys (Sequence[str]|None, optional): The names of the inputs the transform applies to; None means the
            image only. Default: None.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle.vision.transforms as T
            >>> t = T.ToTensor()(np.zeros((4, 5, 3), dtype='uint8'))
            >>> t.shape, t.dtype
            (paddle.Size([3, 4, 5]), paddle.float32)
    """

    def __init__(self, data_format: str = "CHW", keys: Sequence[str] | None = None) -> None:
        super().__init__(keys)
        self.data_format = data_format

    def _apply_image(self, img):
        return F.to_tensor(img, self.data_format)


class Resize(BaseTransform):
    """Resize to size (h, w), or scale the shorter side to an int size.

    Args:
        size (int|Sequence[int]): (h, w), or one int: the shorter side's new length, the aspect ratio kept.
        interpolation (str, optional): 'nearest', 'bilinear', 'bicubic', 'area' or 'lanczos'. Default:
            "bilinear".
        keys (Sequence[str]|None, optional): The names of the inputs the transform applies to; None means the
            image only. Default: None.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> from paddle.vision.transforms import Resize
            >>> Resize(size=224)(np.zeros((256, 300, 3), dtype='uint8')).shape
            (224, 262, 3)
    """

    def __init__(self, size: int | Sequence[int], interpolation: str = "bilinear",
                 keys: Sequence[str] | None = None) -> None:
        super().__init__(keys)
        assert isinstance(size, int) or (isinstance(size, Iterable) and len(size) == 2)
        self.size = size
        self.interpolation = interpolation

    def _apply_image(self, img):
        return F.resize(img, self.size, self.interpolation)


class RandomCrop(BaseTransform):
    """Crop a random size (h, w) window, optionally padding first.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> from paddle.vision.transforms import RandomCrop
            >>> RandomCrop(224)(np.zeros((324, 300, 3))).shape
            (224, 224, 3)
    """

    def __init__(self, size, padding=None, pad_if_needed=False, fill=0, padding_mode="constant", keys=None):
        super().__init__(keys)
        self.size = (int(size), int(size)) if isinstance(size, numbers.Number) else size
        self.padding = padding
        self.pad_if_needed = pad_if_needed
        self.fill = fill
        self.padding_mode = padding_mode

    def _get_param(self, img, output_size):
        w, h = _get_image_size(img)
        th, tw = output_size
        if w == tw and h == th:
            return 0, 0, h, w
        return random.randint(0, h - th), random.randint(0, w - tw), th, tw

    def _apply_image(self, img):
        if self.padding is not None:
            img = F.pad(img, self.padding, self.fill, self.padding_mode)
        w, h = _get_image_size(img)
        if self.pad_if_needed and w < self.size[1]:
            img = F.pad(img, (self.size[1] - w, 0), self.fill, self.padding_mode)
        if self.pad_if_needed and h < self.size[0]:
            img = F.pad(img, (0, self.size[0] - h), self.fill, self.padding_mode)
        i, j, h, w = self._get_param(img, self.size)
        return F.crop(img, i, j, h, w)


class CenterCrop(BaseTransform):
    """Crop the centred size (int or (h, w)) window.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> from paddle.vision.transforms import CenterCrop
            >>> CenterCrop(224)(np.zeros((300, 320, 3))).shape
            (224, 224, 3)
    """

    def __init__(self, size, keys=None):
        super().__init__(keys)
        self.size = (int(size), int(size)) if isinstance(size, numbers.Number) else size

    def _apply_image(self, img):
        return F.center_crop(img, self.size)


class RandomHorizontalFlip(BaseTransform):
    """Flip left-right with probability prob.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> img = paddle.to_tensor([[[0, 0, 1], [0, 0, 1], [1, 1, 1]]])
            >>> paddle.vision.transforms.RandomHorizontalFlip(prob=1)(img).tolist()
            [[[1, 0, 0], [1, 0, 0], [1, 1, 1]]]
    """

    def __init__(self, prob=0.5, keys=None):
        super().__init__(keys)
        assert 0 <= prob <= 1, "probability must be between 0 and 1"
        self.prob = prob

    def _apply_image(self, img):
        return F.hflip(img) if random.random() < self.prob else img


class RandomVerticalFlip(BaseTransform):
    """Flip top-bottom with probability prob.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> img = paddle.to_tensor([[[0, 0, 1], [0, 0, 1], [1, 1, 1]]])
            >>> paddle.vision.transforms.RandomVerticalFlip(prob=1)(img).tolist()
            [[[1, 1, 1], [0, 0, 1], [0, 0, 1]]]
    """

    def __init__(self, prob=0.5, keys=None):
        super().__init__(keys)
        assert 0 <= prob <= 1, "probability must be between 0 and 1"
        self.prob = prob

    def _apply_image(self, img):
        return F.vflip(img) if random.random() < self.prob else img


class Normalize(BaseTransform):
    """(img - mean) / std per channel (a number applies to 3 channels).

    Args:
        mean (float|Sequence[float], optional): The mean subtracted from each channel. Default: 0.0.
        std (float|Sequence[float], optional): The standard deviation each channel is divided by. Default:
            1.0.
        data_format (str, optional): 'CHW' or 'HWC', where the channels are. Default: "CHW".
        to_rgb (bool, optional): Whether BGR input is turned into RGB first. Default: False.
        keys (Sequence[str]|None, optional): The names of the inputs the transform applies to; None means the
            image only. Default: None.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> from paddle.vision.transforms import Normalize
            >>> out = Normalize([127.5], [127.5])(np.zeros((1, 2, 2), dtype='float32'))
            >>> out[0, 0, 0]
            np.float32(-1.0)
    """

    def __init__(self, mean: float | Sequence[float] = 0.0, std: float | Sequence[float] = 1.0,
                 data_format: str = "CHW", to_rgb: bool = False, keys: Sequence[str] | None = None) -> None:
        super().__init__(keys)
        if isinstance(mean, numbers.Number):
            mean = [mean, mean, mean]
        if isinstance(std, numbers.Number):
            std = [std, std, std]
        self.mean = mean
        self.std = std
        self.data_format = data_format
        self.to_rgb = to_rgb

    def _apply_image(self, img):
        return F.normalize(img, self.mean, self.std, self.data_format, self.to_rgb)


class Transpose(BaseTransform):
    """Permute axes (default HWC -> CHW); a 2-D image gets a channel axis first.

    Args:
        order (Sequence[int], optional): The new order of the axes (HWC to CHW by default). Default: (2, 0,
            1).
        keys (Sequence[str]|None, optional): The names of the inputs the transform applies to; None means the
            image only. Default: None.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> from paddle.vision.transforms import Transpose
            >>> Transpose()(np.zeros((300, 320, 3), dtype='uint8')).shape
            (3, 300, 320)
    """

    def __init__(self, order: Sequence[int] = (2, 0, 1), keys: Sequence[str] | None = None) -> None:
        super().__init__(keys)
        self.order = order

    def _apply_image(self, img):
        if F._is_tensor_image(img):
            return img.transpose(list(self.order))
        if F._is_pil_image(img):
            img = np.asarray(img)
        if len(img.shape) == 2:
            img = img[..., np.newaxis]
        return img.transpose(self.order)


class Pad(BaseTransform):
    """Pad the borders (int, (lr, tb) or (l, t, r, b)) with fill or by edge/reflect/symmetric.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> from paddle.vision.transforms import Pad
            >>> Pad(2)(np.zeros((224, 224, 3), dtype='uint8')).shape
            (228, 228, 3)
    """

    def __init__(self, padding, fill=0, padding_mode="constant", keys=None):
        assert isinstance(padding, (numbers.Number, list, tuple))
        assert isinstance(fill, (numbers.Number, str, list, tuple))
        assert padding_mode in ("constant", "edge", "reflect", "symmetric")
        if isinstance(padding, list):
            padding = tuple(padding)
        if isinstance(fill, list):
            fill = tuple(fill)
        if isinstance(padding, Sequence) and len(padding) not in (2, 4):
            raise ValueError(f"Padding must be an int or a 2, or 4 element tuple, not a {len(padding)} element tuple")
        super().__init__(keys)
        self.padding = padding
        self.fill = fill
        self.padding_mode = padding_mode

    def _apply_image(self, img):
        return F.pad(img, self.padding, self.fill, self.padding_mode)


class Grayscale(BaseTransform):
    """Convert to grayscale with 1 or 3 output channels.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> from paddle.vision.transforms import Grayscale
            >>> Grayscale()(np.zeros((224, 224, 3), dtype='uint8')).shape
            (224, 224, 1)
    """

    def __init__(self, num_output_channels=1, keys=None):
        super().__init__(keys)
        self.num_output_channels = num_output_channels

    def _apply_image(self, img):
        return F.to_grayscale(img, self.num_output_channels)
