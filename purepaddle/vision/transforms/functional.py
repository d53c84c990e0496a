"""paddle.vision.transforms.functional: image ops on NumPy HWC arrays, PIL images and CHW Tensors.

NumPy images are handled here in NumPy with OpenCV's conventions (Paddle's 'cv2' backend, so
OpenCV is not needed); PIL images use PIL when it is installed; Tensors are CHW (or NCHW).
"""
import numbers
from collections.abc import Sequence

import numpy as np

from ..._core.tensor import Tensor
from ... import tensor as _T

from .color import adjust_brightness, adjust_contrast, adjust_hue, adjust_saturation, erase  # noqa: F401
from ...tensor._check import check_image
from .geometry import affine, perspective, rotate  # noqa: F401
from .kinds import (_from_array_like, _image_hw, _is_numpy_image, _is_pil_image,  # noqa: F401
                    _is_tensor_image, _pil)

__all__ = ["to_tensor", "hflip", "vflip", "resize", "pad", "crop", "center_crop", "normalize", "to_grayscale",
           "adjust_brightness", "adjust_contrast", "adjust_saturation", "adjust_hue", "erase", "affine",
           "rotate", "perspective"]

_INTERPOLATIONS = ("nearest", "bilinear", "bicubic", "area", "lanczos")


def to_tensor(pic, data_format="CHW"):
    """A PIL image or HWC/HW ndarray as a Tensor in CHW (or HWC); uint8 scales to float32 in [0, 1].

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle.vision.transforms.functional as F
            >>> t = F.to_tensor(np.zeros((4, 5, 3), dtype='uint8'))
            >>> t.shape, t.dtype
            (paddle.Size([3, 4, 5]), paddle.float32)
    """
    if data_format not in ("CHW", "HWC"):
        raise ValueError(f"data_format should be CHW or HWC. Got {data_format}")
    if _is_tensor_image(pic):
        return pic
    if _is_pil_image(pic):
        arr = np.asarray(pic)
        if pic.mode == "1":
            arr = arr.astype(np.uint8) * 255
    elif isinstance(pic, np.ndarray) and pic.ndim in (2, 3):
        arr = pic
    else:
        raise TypeError(f"pic should be PIL Image or Tensor Image or ndarray with dim=[2 or 3]. Got {type(pic)}")
    if arr.ndim == 2:
        arr = arr[:, :, None]
    if data_format == "CHW":
        arr = arr.transpose(2, 0, 1)
    if arr.dtype == np.uint8:
        arr = arr.astype(np.float32) / np.float32(255.0)
    return _T.to_tensor(np.ascontiguousarray(arr))


def _target_size(h, w, size):
    """(out_h, out_w) for Paddle's size rule: an int sets the shorter side, keeping the aspect."""
    if isinstance(size, int):
        if (w <= h and w == size) or (h <= w and h == size):
            return h, w
        if w < h:
            return int(size * h / w), size
        return size, int(size * w / h)
    if not (isinstance(size, Sequence) and len(size) == 2):
        raise TypeError(f"resize: size should be int or a sequence of length 2, but got {size!r}")
    return int(size[0]), int(size[1])


def _axis_nearest(n_in, n_out):
    """Source index per output index (OpenCV INTER_NEAREST: floor(dst * in/out))."""
    return np.minimum((np.arange(n_out) * (n_in / n_out)).astype(np.int64), n_in - 1)


def _axis_linear(n_in, n_out):
    """(i0, i1, w1) per output index for half-pixel-centre bilinear sampling, clamped at the edges."""
    src = (np.arange(n_out, dtype=np.float64) + 0.5) * (n_in / n_out) - 0.5
    src = np.clip(src, 0, n_in - 1)
    i0 = np.floor(src).astype(np.int64)
    i1 = np.minimum(i0 + 1, n_in - 1)
    return i0, i1, (src - i0).astype(np.float32)


def _resize_array(arr, out_h, out_w, interpolation, h_axis):
    """Resize the two spatial axes (h_axis, h_axis + 1) of an array with nearest or bilinear sampling."""
    h, w = arr.shape[h_axis], arr.shape[h_axis + 1]
    if interpolation == "nearest":
        rows, cols = _axis_nearest(h, out_h), _axis_nearest(w, out_w)
        return np.take(np.take(arr, rows, axis=h_axis), cols, axis=h_axis + 1)
    if interpolation not in ("bilinear", "area", "bicubic", "lanczos"):
        raise ValueError(f"resize: interpolation should be one of {_INTERPOLATIONS}, but got {interpolation!r}")
    # area/bicubic/lanczos fall back to bilinear on arrays (OpenCV is not used)
    work = arr.astype(np.float32, copy=False)
    shape = [1] * arr.ndim
    r0, r1, wr = _axis_linear(h, out_h)
    shape[h_axis] = out_h
    wr = wr.reshape(shape)
    top, bottom = np.take(work, r0, axis=h_axis), np.take(work, r1, axis=h_axis)
    work = top + (bottom - top) * wr
    c0, c1, wc = _axis_linear(w, out_w)
    shape[h_axis], shape[h_axis + 1] = 1, out_w
    wc = wc.reshape(shape)
    left, right = np.take(work, c0, axis=h_axis + 1), np.take(work, c1, axis=h_axis + 1)
    out = left + (right - left) * wc
    if np.issubdtype(arr.dtype, np.integer):
        info = np.iinfo(arr.dtype)
        return np.clip(np.rint(out), info.min, info.max).astype(arr.dtype)
    return out.astype(arr.dtype, copy=False)


def resize(img, size, interpolation="bilinear"):
    """Resize to size (h, w), or scale the shorter side to an int size keeping the aspect ratio.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle.vision.transforms.functional as F
            >>> F.resize(np.zeros((256, 300, 3), dtype='uint8'), 224).shape
            (224, 262, 3)
    """
    check_image(img, "resize")
    if _is_pil_image(img):
        image = _pil()
        w, h = img.size
        out_h, out_w = _target_size(h, w, size)
        if (out_h, out_w) == (h, w):
            return img
        modes = {"nearest": image.NEAREST, "bilinear": image.BILINEAR, "bicubic": image.BICUBIC,
                 "box": image.BOX, "lanczos": image.LANCZOS, "hamming": image.HAMMING}
        return img.resize((out_w, out_h), modes[interpolation])
    if _is_tensor_image(img):
        arr = np.asarray(img)
        h_axis = arr.ndim - 2
        out_h, out_w = _target_size(arr.shape[-2], arr.shape[-1], size)
        return _T.to_tensor(_resize_array(arr, out_h, out_w, interpolation, h_axis))
    out_h, out_w = _target_size(img.shape[0], img.shape[1], size)
    if (out_h, out_w) == tuple(img.shape[:2]):
        return img
    return _resize_array(img, out_h, out_w, interpolation, 0)


def hflip(img):
    """Flip left-right.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle.vision.transforms.functional as F
            >>> F.hflip(np.array([[1, 2, 3]]))
            array([[3, 2, 1]])
    """
    check_image(img, "hflip")
    if _is_pil_image(img):
        return img.transpose(_pil().FLIP_LEFT_RIGHT)
    if _is_tensor_image(img):
        return img.flip([-1])
    return np.ascontiguousarray(img[:, ::-1])


def vflip(img):
    """Flip top-bottom.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle.vision.transforms.functional as F
            >>> F.vflip(np.array([[1], [2]]))
            array([[2],
                   [1]])
    """
    check_image(img, "vflip")
    if _is_pil_image(img):
        return img.transpose(_pil().FLIP_TOP_BOTTOM)
    if _is_tensor_image(img):
        return img.flip([-2])
    return np.ascontiguousarray(img[::-1])


def crop(img, top, left, height, width):
    """The height x width window whose top-left corner is (top, left).

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle.vision.transforms.functional as F
            >>> F.crop(np.arange(16).reshape(4, 4), 1, 1, 2, 2)
            array([[ 5,  6],
                   [ 9, 10]])
    """
    check_image(img, "crop")
    if _is_pil_image(img):
        return img.crop((left, top, left + width, top + height))
    if _is_tensor_image(img):
        return img[..., top:top + height, left:left + width]
    return img[top:top + height, left:left + width]


def center_crop(img, output_size):
    """The centred output_size (int or (h, w)) window.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle.vision.transforms.functional as F
            >>> F.center_crop(np.zeros((300, 320, 3)), 224).shape
            (224, 224, 3)
    """
    check_image(img, "center_crop")
    if isinstance(output_size, numbers.Number):
        output_size = (int(output_size), int(output_size))
    h, w = _image_hw(img)
    th, tw = output_size
    return crop(img, int(round((h - th) / 2.0)), int(round((w - tw) / 2.0)), th, tw)


def _pad_widths(padding):
    """(left, top, right, bottom) from an int, a 2-sequence (lr, tb) or a 4-sequence."""
    if isinstance(padding, numbers.Number):
        return (int(padding),) * 4
    if isinstance(padding, Sequence) and len(padding) in (2, 4):
        if len(padding) == 2:
            return int(padding[0]), int(padding[1]), int(padding[0]), int(padding[1])
        return tuple(int(p) for p in padding)
    raise ValueError(f"Padding must be an int or a 2, or 4 element tuple, not a {len(padding)} element tuple")


def pad(img, padding, fill=0, padding_mode="constant"):
    """Pad the borders: padding int, (left/right, top/bottom) or (left, top, right, bottom);
    padding_mode 'constant' (with fill), 'edge', 'reflect' or 'symmetric'.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle.vision.transforms.functional as F
            >>> F.pad(np.zeros((224, 224, 3)), 2).shape
            (228, 228, 3)
    """
    check_image(img, "pad")
    if padding_mode not in ("constant", "edge", "reflect", "symmetric"):
        raise ValueError("Padding mode should be either constant, edge, reflect or symmetric")
    left, top, right, bottom = _pad_widths(padding)
    is_pil = _is_pil_image(img)
    arr = np.asarray(img)
    if _is_tensor_image(img):
        widths = [(0, 0)] * (arr.ndim - 2) + [(top, bottom), (left, right)]
    else:
        widths = [(top, bottom), (left, right)] + [(0, 0)] * (arr.ndim - 2)
    kwargs = {"constant_values": fill} if padding_mode == "constant" else {}
    out = np.pad(arr, widths, mode=padding_mode, **kwargs)
    if is_pil:
        return _pil().fromarray(out, mode=img.mode) if img.mode != "P" else _pil().fromarray(out)
    return _from_array_like(img, out)


def normalize(img, mean, std, data_format="CHW", to_rgb=False):
    """(img - mean) / std per channel; ndarray and PIL inputs give float32 ndarrays (or float64 for
    float64 input), Tensors give Tensors.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle.vision.transforms.functional as F
            >>> F.normalize(np.full((1, 2, 2), 255.0, dtype='float32'), [127.5], [127.5])
            array([[[1., 1.],
                    [1., 1.]]], dtype=float32)
    """
    check_image(img, "normalize")
    if data_format not in ("CHW", "HWC"):
        raise ValueError(f"data_format should be CHW or HWC. Got {data_format}")
    if _is_tensor_image(img):
        shape = [-1, 1, 1] if data_format == "CHW" else [1, 1, -1]
        m = np.asarray(mean, dtype=np.float32).reshape(shape)
        s = np.asarray(std, dtype=np.float32).reshape(shape)
        return (img - _T.to_tensor(m).astype(img.dtype)) / _T.to_tensor(s).astype(img.dtype)
    arr = np.asarray(img)
    if data_format == "CHW":
        m = np.float32(mean).reshape(-1, 1, 1)
        s = np.float32(std).reshape(-1, 1, 1)
    else:
        m = np.float32(mean)
        s = np.float32(std)
    if to_rgb:
        arr = arr[..., ::-1]  # as Paddle: the last axis is reversed whatever data_format says
    return (arr - m) / s


def to_grayscale(img, num_output_channels=1):
    """ITU-R 601-2 luma (0.299 R + 0.587 G + 0.114 B), with 1 or 3 output channels.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle.vision.transforms.functional as F
            >>> F.to_grayscale(np.zeros((4, 4, 3), dtype='uint8')).shape
            (4, 4, 1)
    """
    check_image(img, "to_grayscale")
    if num_output_channels not in (1, 3):
        raise ValueError("num_output_channels should be either 1 or 3")
    if _is_pil_image(img):
        gray = img.convert("L")
        return gray if num_output_channels == 1 else _pil().merge("RGB", [gray, gray, gray])
    weights = np.array([0.299, 0.587, 0.114], dtype=np.float32)
    if _is_tensor_image(img):
        arr = np.asarray(img)
        gray = np.tensordot(weights, arr.astype(np.float32), axes=([0], [-3]))[..., None, :, :]
        gray = np.repeat(gray, num_output_channels, axis=-3).astype(arr.dtype)
        return _T.to_tensor(gray)
    arr = img
    gray = arr.astype(np.float32) @ weights
    if np.issubdtype(arr.dtype, np.integer):
        gray = np.rint(gray)
    return np.repeat(gray[..., None], num_output_channels, axis=-1).astype(arr.dtype)
