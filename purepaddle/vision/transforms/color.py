"""Colour adjustments (brightness, contrast, saturation, hue) and erasing, per image kind as Paddle does them.

Tensors (CHW, float or uint8) follow Paddle's tensor backend: blends in the image's dtype and clipped to its range,
grey as 0.2989 R + 0.587 G + 0.114 B, hue through HSV in float. ndarrays follow Paddle's cv2 backend, quirks
included (contrast pivots on the fixed grey level 74, saturation draws its factor from np.random; see
docs/conformance.md). PIL images use PIL's ImageEnhance, as Paddle's pil backend.
"""
import numpy as np

from ... import tensor as _T
from ...tensor._check import check_image
from .kinds import _is_pil_image, _is_tensor_image, _pil

__all__ = ["adjust_brightness", "adjust_contrast", "adjust_saturation", "adjust_hue", "erase"]


def _enhance(img, name, factor):
    from PIL import ImageEnhance
    return getattr(ImageEnhance, name)(img).enhance(factor)


def _tensor_array(img):
    arr = np.asarray(img)
    if arr.ndim not in (3, 4):
        raise RuntimeError(f"not support [type={type(img)}, ndim={arr.ndim}, data_format=CHW] paddle image")
    if arr.shape[-3] not in (1, 3):
        raise ValueError("channels of input should be either 1 or 3.")
    return arr


def _blend(arr, target, ratio):
    """target + ratio * (arr - target), clipped to the dtype's range (1.0 for floats, 255 for integers)."""
    bound = 1.0 if np.issubdtype(arr.dtype, np.floating) else 255.0
    work = np.dtype(arr.dtype if np.issubdtype(arr.dtype, np.floating) else np.float32)
    a = arr.astype(work)
    t = np.asarray(target, dtype=work)
    return np.clip(t + work.type(ratio) * (a - t), 0, bound).astype(arr.dtype)


def _tensor_gray(arr):
    w = np.array([0.2989, 0.587, 0.114], dtype=arr.dtype).reshape(3, 1, 1)
    return (arr * w).sum(axis=-3, keepdims=True)


def _lut(img, table):
    # cv2.LUT: each uint8 value looked up in the 256-entry table
    return table[img]


def adjust_brightness(img, brightness_factor):
    """Scales brightness: brightness_factor 0 gives black, 1 the image, 2 twice as bright (clipped).

    Args:
        img (PIL.Image|np.ndarray|Tensor): the image (ndarray HWC uint8, Tensor CHW).
        brightness_factor (float): non-negative factor.

    Returns:
        PIL.Image|np.ndarray|Tensor: the adjusted image, of the input's kind.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.vision.transforms.functional as F
            >>> F.adjust_brightness(paddle.full([3, 2, 2], 0.4), 2.0).numpy()[0, 0, 0].item()
            0.800000011920929
    """
    check_image(img, "adjust_brightness")
    if _is_pil_image(img):
        return _enhance(img, "Brightness", brightness_factor)
    if _is_tensor_image(img):
        if brightness_factor < 0:
            raise AssertionError("brightness_factor should be non-negative.")
        arr = _tensor_array(img)
        return _T.to_tensor(_blend(arr, 0.0, brightness_factor))
    table = np.array([i * brightness_factor for i in range(256)]).clip(0, 255).astype("uint8")
    return _lut(img, table)


def adjust_contrast(img, contrast_factor):
    """Scales contrast around the mean grey: 0 gives a flat grey image, 1 the image.

    Args:
        img (PIL.Image|np.ndarray|Tensor): the image (ndarray HWC uint8, Tensor CHW).
        contrast_factor (float): non-negative factor.

    Returns:
        PIL.Image|np.ndarray|Tensor: the adjusted image, of the input's kind.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.vision.transforms.functional as F
            >>> x = paddle.to_tensor([[[0.2, 0.6]]])
            >>> F.adjust_contrast(x, 0.0).numpy().round(4).tolist()
            [[[0.4, 0.4]]]
    """
    check_image(img, "adjust_contrast")
    if _is_pil_image(img):
        return _enhance(img, "Contrast", contrast_factor)
    if _is_tensor_image(img):
        if contrast_factor < 0:
            raise AssertionError("contrast_factor should be non-negative.")
        arr = _tensor_array(img)
        work = arr.astype(arr.dtype if np.issubdtype(arr.dtype, np.floating) else np.float32)
        gray = work if arr.shape[-3] == 1 else _tensor_gray(work)
        return _T.to_tensor(_blend(arr, gray.mean(axis=(-3, -2, -1), keepdims=True), contrast_factor))
    # Paddle's cv2 backend pivots on the fixed grey level 74, not the image's mean
    table = np.array([(i - 74) * contrast_factor + 74 for i in range(256)]).clip(0, 255).astype("uint8")
    return _lut(img, table)


def adjust_saturation(img, saturation_factor):
    """Blends the image with its grey version: 0 gives grey, 1 the image, 2 twice the saturation.

    On ndarrays (Paddle's cv2 backend) the blend factor is drawn from np.random.uniform(max(0, 1 - f), 1 + f),
    as Paddle does.

    Args:
        img (PIL.Image|np.ndarray|Tensor): the image (ndarray HWC, Tensor CHW).
        saturation_factor (float): non-negative factor.

    Returns:
        PIL.Image|np.ndarray|Tensor: the adjusted image, of the input's kind.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.vision.transforms.functional as F
            >>> x = paddle.to_tensor([[[1.0]], [[0.0]], [[0.0]]])
            >>> F.adjust_saturation(x, 0.0).numpy().ravel().round(4).tolist()
            [0.2989, 0.2989, 0.2989]
    """
    check_image(img, "adjust_saturation")
    if _is_pil_image(img):
        return _enhance(img, "Color", saturation_factor)
    if _is_tensor_image(img):
        if saturation_factor < 0:
            raise AssertionError("saturation_factor should be non-negative.")
        arr = _tensor_array(img)
        if arr.shape[-3] == 1:
            return img
        return _T.to_tensor(_blend(arr, _tensor_gray(arr), saturation_factor))
    dtype = img.dtype
    f = img.astype(np.float32)
    alpha = np.random.uniform(max(0, 1 - saturation_factor), 1 + saturation_factor)
    # OpenCV's BGR2GRAY weights, channel 0 taken as blue
    gray = (f[..., 0] * 0.114 + f[..., 1] * 0.587 + f[..., 2] * 0.299)[..., None]
    return (f * alpha + gray * (1 - alpha)).clip(0, 255).astype(dtype)


def _rgb_to_hsv(img):
    maxc, minc = img.max(axis=-3), img.min(axis=-3)
    eq = maxc == minc
    delta = maxc - minc
    s = delta / np.where(eq, 1, maxc)
    r, g, b = img[..., 0, :, :], img[..., 1, :, :], img[..., 2, :, :]
    d = np.where(eq, 1, delta)
    rc, gc, bc = (maxc - r) / d, (maxc - g) / d, (maxc - b) / d
    one = img.dtype.type
    h = ((maxc == r) * (bc - gc) + ((maxc == g) & (maxc != r)) * (rc - bc + one(2.0))
         + ((maxc != r) & (maxc != g)) * (gc - rc + one(4.0)))
    h = h.astype(img.dtype) / one(6.0) + one(1.0)
    h = h - np.trunc(h)
    return h, s, maxc


def _hsv_to_rgb(h, s, v):
    one = v.dtype.type
    f = h * one(6.0)
    i = np.floor(f)
    f = f - i
    i = i.astype(np.int32) % 6
    p = np.clip(v * (one(1.0) - s), 0, 1)
    q = np.clip(v * (one(1.0) - s * f), 0, 1)
    t = np.clip(v * (one(1.0) - s * (one(1.0) - f)), 0, 1)
    table = [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)]
    out = np.zeros(v.shape[:-2] + (3,) + v.shape[-2:], dtype=v.dtype)
    for k, rgb in enumerate(table):
        for c in range(3):
            out[..., c, :, :] += (i == k) * rgb[c]
    return out


def _cv2_hue(img, hue_factor):
    """OpenCV's 8-bit BGR -> HSV_FULL, hue shift and back (hue in 0..255 for a full turn)."""
    f = img.astype(np.float64)
    b, g, r = f[..., 0], f[..., 1], f[..., 2]
    v = f.max(axis=-1)
    mn = f.min(axis=-1)
    diff = v - mn
    s = np.where(v > 0, np.rint(diff * 255.0 / np.where(v > 0, v, 1)), 0)
    dd = np.where(diff > 0, diff, 1)
    h = np.where(v == r, (g - b) / dd, np.where(v == g, (b - r) / dd + 2, (r - g) / dd + 4)) * 60.0
    h = np.where(diff > 0, h, 0)
    h = np.where(h < 0, h + 360, h)
    h = np.rint(h * 256.0 / 360.0).astype(np.int32) % 256
    h = (h + int(hue_factor * 255)) % 256
    hh = h * (6.0 / 256.0)
    ss, vv = s / 255.0, v / 255.0
    i = np.floor(hh).astype(np.int32) % 6
    fr = hh - np.floor(hh)
    p, q, t = vv * (1 - ss), vv * (1 - ss * fr), vv * (1 - ss * (1 - fr))
    rgb = [(vv, t, p), (q, vv, p), (p, vv, t), (p, q, vv), (t, p, vv), (vv, p, q)]
    out = np.zeros(f.shape, dtype=np.float64)
    for k, (rr, gg, bb) in enumerate(rgb):
        m = i == k
        out[..., 0] += m * bb
        out[..., 1] += m * gg
        out[..., 2] += m * rr
    return np.clip(np.rint(out * 255.0), 0, 255).astype(np.uint8).astype(img.dtype)


def adjust_hue(img, hue_factor):
    """Shifts hue by hue_factor of a full turn (in [-0.5, 0.5]) through HSV.

    Args:
        img (PIL.Image|np.ndarray|Tensor): the image (ndarray HWC uint8, Tensor CHW).
        hue_factor (float): the shift, in [-0.5, 0.5].

    Returns:
        PIL.Image|np.ndarray|Tensor: the adjusted image, of the input's kind.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.vision.transforms.functional as F
            >>> x = paddle.to_tensor([[[1.0]], [[0.0]], [[0.0]]])
            >>> F.adjust_hue(x, 1 / 3).numpy().ravel().round(4).tolist()
            [0.0, 1.0, 0.0]
    """
    check_image(img, "adjust_hue")
    if not -0.5 <= hue_factor <= 0.5:
        if _is_tensor_image(img):
            raise AssertionError("hue_factor should be in range [-0.5, 0.5]")
        raise ValueError(f"hue_factor:{hue_factor} is not in [-0.5, 0.5].")
    if _is_pil_image(img):
        mode = img.mode
        if mode in {"L", "1", "I", "F"}:
            return img
        h, s, v = img.convert("HSV").split()
        np_h = ((np.array(h, dtype=np.uint8).astype(np.int16) + int(hue_factor * 255)) % 256).astype(np.uint8)
        image = _pil()
        return image.merge("HSV", (image.fromarray(np_h, "L"), s, v)).convert(mode)
    if _is_tensor_image(img):
        arr = _tensor_array(img)
        if arr.shape[-3] == 1:
            return img
        dtype = arr.dtype
        work = arr.astype(np.float32) / np.float32(255.0) if dtype == np.uint8 else arr
        h, s, v = _rgb_to_hsv(work)
        h = h + work.dtype.type(hue_factor)
        h = h - np.floor(h)
        out = _hsv_to_rgb(h, s, v)
        if dtype == np.uint8:
            out = (out * np.float32(255.0)).astype(dtype)
        return _T.to_tensor(out)
    return _cv2_hue(img, hue_factor)


def erase(img, i, j, h, w, v, inplace=False):
    """Sets the h x w window at (i, j) to `v` (a value, or an array/Tensor broadcasting to the window).

    Args:
        img (PIL.Image|np.ndarray|Tensor): the image (ndarray HWC, Tensor CHW).
        i (int): top row of the window.
        j (int): left column of the window.
        h (int): window height.
        w (int): window width.
        v (int|float|np.ndarray|Tensor): the value written.
        inplace (bool, optional): write into `img` (ndarray and Tensor). Default: False.

    Returns:
        PIL.Image|np.ndarray|Tensor: the erased image.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle.vision.transforms.functional as F
            >>> F.erase(np.ones((3, 3, 1)), 1, 1, 2, 2, 0)[..., 0]
            array([[1., 1., 1.],
                   [1., 0., 0.],
                   [1., 0., 0.]])
    """
    check_image(img, "erase")
    if _is_pil_image(img):
        arr = np.array(img, dtype=np.uint8)
        arr[i:i + h, j:j + w, ...] = v
        return _pil().fromarray(arr, "RGB")
    if _is_tensor_image(img):
        out = img if inplace else img.clone()
        out[..., i:i + h, j:j + w] = v
        return out
    out = img if inplace else img.copy()
    out[i:i + h, j:j + w, ...] = v
    return out
