"""Which kind an image is (PIL image, HWC ndarray, CHW Tensor), shared by the functional transforms."""
import numpy as np

from ..._core.tensor import Tensor
from ... import tensor as _T


def _pil():
    """The PIL.Image module, or None when Pillow is not installed."""
    try:
        from PIL import Image
    except ImportError:
        return None
    return Image


def _is_pil_image(img):
    image = _pil()
    return image is not None and isinstance(img, image.Image)


def _is_numpy_image(img):
    return isinstance(img, np.ndarray) and img.ndim in (2, 3)


def _is_tensor_image(img):
    return isinstance(img, Tensor)


def _from_array_like(img, arr):
    """Wrap a NumPy result back into the input's kind (Tensor in, Tensor out)."""
    return _T.to_tensor(arr) if _is_tensor_image(img) else arr


def _image_hw(img):
    if _is_pil_image(img):
        return img.size[1], img.size[0]
    if _is_tensor_image(img):
        return img.shape[-2], img.shape[-1]
    return img.shape[0], img.shape[1]
