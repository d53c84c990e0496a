"""Affine, rotate and perspective warps for Paddle's three image kinds: CHW Tensors as Paddle's tensor backend (an
output pixel grid mapped through the inverse transform, sampled by grid_sample with align_corners=False and blended
with `fill` through a sampled all-ones channel); HWC ndarrays as its cv2 backend (array_warp.py); PIL images by
Pillow's own transform / rotate with the arguments Paddle gives them.
"""
import math
import numbers

import numpy as np

from ... import tensor as _T
from ...nn import functional as _NF
from ...tensor._check import check_image
from . import array_warp
from .kinds import _is_numpy_image, _is_pil_image, _pil

__all__ = ["affine", "rotate", "perspective"]


def _pil_resample(interpolation):
    image = _pil()
    return {"nearest": image.NEAREST, "bilinear": image.BILINEAR, "bicubic": image.BICUBIC, "box": image.BOX,
            "lanczos": image.LANCZOS, "hamming": image.HAMMING}[interpolation]


def _rgb_fill(fill):
    # Paddle widens an int fill to an RGB triple for the pil and cv2 backends
    return (fill,) * 3 if isinstance(fill, int) else fill


def _affine_grid(theta, w, h, ow, oh):
    """[1, oh, ow, 2] sampling grid: output pixel centres (origin at the image centre) through theta [2, 3],
    normalised by half the input size."""
    xs = np.linspace(-ow * 0.5 + 0.5, ow * 0.5 + 0.5 - 1, ow, dtype=np.float32)
    ys = np.linspace(-oh * 0.5 + 0.5, oh * 0.5 + 0.5 - 1, oh, dtype=np.float32)
    base = np.ones((oh, ow, 3), dtype=np.float32)
    base[..., 0] = xs
    base[..., 1] = ys[:, None]
    scaled = theta.astype(np.float32).T / np.array([0.5 * w, 0.5 * h], dtype=np.float32)
    return (base.reshape(-1, 3) @ scaled).reshape(1, oh, ow, 2)


def _grid_transform(img, grid, mode, fill):
    """grid_sample of the NCHW Tensor img at grid; `fill` where the grid leaves the image."""
    n = img.shape[0]
    grid = _T.to_tensor(np.broadcast_to(grid, (n,) + grid.shape[1:]).astype(np.float32)).astype(img.dtype)
    if fill is not None:
        img = _T.concat([img, _T.ones([n, 1, img.shape[2], img.shape[3]], dtype=img.dtype)], axis=1)
    img = _NF.grid_sample(img, grid, mode=mode, padding_mode="zeros", align_corners=False)
    if fill is None:
        return img
    mask = _T.tile(img[:, -1:, :, :], [1, img.shape[1] - 1, 1, 1])
    img = img[:, :-1, :, :]
    n_fill = len(fill) if isinstance(fill, (tuple, list)) else 1
    fill_img = _T.to_tensor(np.asarray(fill).reshape(1, n_fill, 1, 1)).astype(img.dtype).expand_as(img)
    if mode == "nearest":
        mask = (mask < 0.5).astype(img.dtype)
        return img * (1.0 - mask) + mask * fill_img
    return img * mask + (1.0 - mask) * fill_img


def _inverse_affine(center, angle, translate, scale, shear):
    """The output-to-input affine map [a, b, c, d, e, f] of rotation, shear, scale and translation about center."""
    rot = math.radians(angle)
    sx, sy = math.radians(shear[0]), math.radians(shear[1])
    a = math.cos(rot - sy) / math.cos(sy)
    b = -math.cos(rot - sy) * math.tan(sx) / math.cos(sy) - math.sin(rot)
    c = math.sin(rot - sy) / math.cos(sy)
    d = -math.sin(rot - sy) * math.tan(sx) / math.cos(sy) + math.cos(rot)
    cx, cy = center
    tx, ty = translate
    m = [x / scale for x in (d, -b, 0.0, -c, a, 0.0)]
    m[2] += m[0] * (-cx - tx) + m[1] * (-cy - ty) + cx
    m[5] += m[3] * (-cx - tx) + m[4] * (-cy - ty) + cy
    return m


def _batched(img):
    return (img.unsqueeze(0), True) if len(img.shape) == 3 else (img, False)


def affine(img, angle, translate, scale, shear, interpolation="nearest", fill=0, center=None):
    """Rotation by angle (degrees, counter-clockwise), translation, scale and shear (degrees) about center.

    Args:
        img (PIL.Image|np.ndarray|Tensor): a PIL image, an HWC ndarray or a CHW (or NCHW) Tensor.
        angle (int|float): rotation in degrees.
        translate (list|tuple): (tx, ty) in pixels.
        scale (float): positive scale.
        shear (float|list|tuple): shear angle(s) in degrees, x then y.
        interpolation (str, optional): "nearest" or "bilinear". Default: "nearest".
        fill (int|float|list|tuple, optional): value outside the image. Default: 0.
        center (list|tuple, optional): centre of the transform in pixels. Default: the image centre.

    Returns:
        Tensor: the warped image.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.vision.transforms.functional as F
            >>> F.affine(paddle.rand([3, 8, 8]), 30, (1, 2), 1.0, 0).shape
            paddle.Size([3, 8, 8])
    """
    check_image(img, "affine")
    if not isinstance(angle, (int, float)):
        raise TypeError("Argument angle should be int or float")
    if not isinstance(translate, (list, tuple)):
        raise TypeError("Argument translate should be a sequence")
    if len(translate) != 2:
        raise ValueError("Argument translate should be a sequence of length 2")
    if scale <= 0.0:
        raise ValueError("Argument scale should be positive")
    if not isinstance(shear, (numbers.Number, list, tuple)):
        raise TypeError("Shear should be either a single value or a sequence of two values")
    shear = [shear, 0.0] if isinstance(shear, numbers.Number) else list(shear)
    if len(shear) == 1:
        shear = [shear[0], shear[0]]
    if len(shear) != 2:
        raise ValueError(f"Shear should be a sequence containing two values. Got {shear}")
    if center is not None and not isinstance(center, (list, tuple)):
        raise TypeError("Argument center should be a sequence")
    if _is_pil_image(img):
        width, height = img.size
        center = [width * 0.5, height * 0.5] if center is None else center
        matrix = _inverse_affine(center, float(angle), list(translate), scale, shear)
        return img.transform(img.size, _pil().AFFINE, matrix, _pil_resample(interpolation), _rgb_fill(fill))
    if _is_numpy_image(img):
        return _array_affine(img, float(angle), translate, scale, shear, interpolation, _rgb_fill(fill))
    h, w = img.shape[-2], img.shape[-1]
    center_f = [0.0, 0.0]
    if center is not None:
        # Paddle pairs the centre with (H, W) here, not (W, H)
        center_f = [1.0 * (c - s * 0.5) for c, s in zip(center, [h, w])]
    m = np.asarray(_inverse_affine(center_f, float(angle), [1.0 * t for t in translate], scale, shear),
                   dtype=np.float32).reshape(2, 3)
    x, squeeze = _batched(img)
    if isinstance(fill, int):
        fill = (fill,) * 3
    out = _grid_transform(x, _affine_grid(m, w, h, w, h), interpolation, fill)
    return out.squeeze(0) if squeeze else out


def _array_affine(img, angle, translate, scale, shear, interpolation, fill):
    """Paddle's cv2 affine: the forward matrix of getRotationMatrix2D sheared, whose translation column is then
    replaced by translate (so the centre plays no part, as in Paddle)."""
    h, w = img.shape[0:2]
    r = array_warp.rotation_matrix((w / 2.0, h / 2.0), angle, scale)
    sx, sy = math.tan(shear[0] * math.pi / 180), math.tan(shear[1] * math.pi / 180)
    m = np.ones([2, 3])
    m[0] = r[0] + sy * r[1]
    m[1] = r[1] + sx * r[0]
    m[0, 2], m[1, 2] = translate
    return array_warp.warp_affine(img, m, (w, h), interpolation, fill)


def _array_rotate(img, angle, interpolation, expand, center, fill):
    """Paddle's cv2 rotate: getRotationMatrix2D about center; expand grows the output to the rotated corners'
    bounding box and shifts the matrix to its middle."""
    h, w = img.shape[0:2]
    center = (w / 2.0, h / 2.0) if center is None else center
    m = array_warp.rotation_matrix(center, angle, 1.0)
    if expand:
        a = -math.radians(angle)
        e = [round(math.cos(a), 15), round(math.sin(a), 15), 0.0, round(-math.sin(a), 15), round(math.cos(a), 15),
             0.0]
        e[2] = e[0] * -center[0] + e[1] * -center[1] + center[0]
        e[5] = e[3] * -center[0] + e[4] * -center[1] + center[1]
        xx = [e[0] * x + e[1] * y + e[2] for x, y in ((0, 0), (w, 0), (w, h), (0, h))]
        yy = [e[3] * x + e[4] * y + e[5] for x, y in ((0, 0), (w, 0), (w, h), (0, h))]
        nw = math.ceil(max(xx)) - math.floor(min(xx))
        nh = math.ceil(max(yy)) - math.floor(min(yy))
        m[0, 2] += (nw - w) * 0.5
        m[1, 2] += (nh - h) * 0.5
        w, h = int(nw), int(nh)
    return array_warp.warp_affine(img, m, (w, h), interpolation, fill)


def rotate(img, angle, interpolation="nearest", expand=False, center=None, fill=0):
    """Rotation by angle degrees counter-clockwise about center; expand grows the output to hold the whole image.

    Args:
        img (PIL.Image|np.ndarray|Tensor): a PIL image, an HWC ndarray or a CHW Tensor.
        angle (float): degrees.
        interpolation (str, optional): "nearest" or "bilinear". Default: "nearest".
        expand (bool, optional): enlarge the output to the rotated image's bounding box. Default: False.
        center (list|tuple, optional): rotation centre in pixels. Default: the image centre.
        fill (int|float|list|tuple, optional): value outside the image. Default: 0.

    Returns:
        Tensor: the rotated image.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.vision.transforms.functional as F
            >>> F.rotate(paddle.rand([3, 6, 8]), 90, expand=True).shape
            paddle.Size([3, 8, 6])
    """
    check_image(img, "rotate")
    if isinstance(center, list):
        center = tuple(center)
    if isinstance(fill, list):
        fill = tuple(fill)
    if _is_pil_image(img):
        return img.rotate(angle, _pil_resample(interpolation), expand, center, fillcolor=_rgb_fill(fill))
    if _is_numpy_image(img):
        return _array_rotate(img, angle, interpolation, expand, center, fill)
    h, w = img.shape[-2], img.shape[-1]
    rad = math.radians(-angle % 360)
    centre = [0.0, 0.0] if center is None else [p - s * 0.5 for p, s in zip(center, [w, h])]
    m = np.array([math.cos(rad), math.sin(rad), 0.0, -math.sin(rad), math.cos(rad), 0.0], dtype=np.float32)
    m[2] += m[0] * -centre[0] + m[1] * -centre[1] + centre[0]
    m[5] += m[3] * -centre[0] + m[4] * -centre[1] + centre[1]
    m = m.reshape(2, 3)
    ow, oh = w, h
    if expand:
        corners = np.array([[-0.5 * w, -0.5 * h, 1.0], [-0.5 * w, 0.5 * h, 1.0], [0.5 * w, 0.5 * h, 1.0],
                            [0.5 * w, -0.5 * h, 1.0]], dtype=np.float32)
        pos = corners @ m.T
        size = np.ceil(pos.max(axis=0)) - np.floor(pos.min(axis=0))
        ow, oh = int(size[0]), int(size[1])
    out = _grid_transform(img.unsqueeze(0), _affine_grid(m, w, h, ow, oh), interpolation, fill)
    return out.squeeze(0)


def _perspective_coeffs(startpoints, endpoints):
    a = np.zeros((2 * len(startpoints), 8))
    for i, (p1, p2) in enumerate(zip(endpoints, startpoints)):
        a[2 * i] = [p1[0], p1[1], 1, 0, 0, 0, -p2[0] * p1[0], -p2[0] * p1[1]]
        a[2 * i + 1] = [0, 0, 0, p1[0], p1[1], 1, -p2[1] * p1[0], -p2[1] * p1[1]]
    return np.linalg.lstsq(a, np.array(startpoints).reshape(8), rcond=None)[0]


def perspective(img, startpoints, endpoints, interpolation="nearest", fill=0):
    """The perspective warp taking the four startpoints to the four endpoints.

    Args:
        img (PIL.Image|np.ndarray|Tensor): a PIL image, an HWC ndarray or a CHW (or NCHW) Tensor.
        startpoints (list): four [x, y] corners of the input.
        endpoints (list): where they go.
        interpolation (str, optional): "nearest" or "bilinear". Default: "nearest".
        fill (int|float|list|tuple, optional): value outside the image. Default: 0.

    Returns:
        Tensor: the warped image.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.vision.transforms.functional as F
            >>> pts = [[0, 0], [7, 0], [7, 7], [0, 7]]
            >>> F.perspective(paddle.rand([3, 8, 8]), pts, [[1, 0], [6, 1], [7, 7], [0, 6]]).shape
            paddle.Size([3, 8, 8])
    """
    check_image(img, "perspective")
    if _is_numpy_image(img):
        h, w = img.shape[0:2]
        m = array_warp.perspective_matrix(np.array(startpoints, dtype="float32"), np.array(endpoints, dtype="float32"))
        return array_warp.warp_perspective(img, m, (w, h), interpolation, fill)  # Paddle's cv2 path keeps an int
    coeffs = _perspective_coeffs(startpoints, endpoints)
    if _is_pil_image(img):
        return img.transform(img.size, _pil().PERSPECTIVE, list(coeffs), _pil_resample(interpolation),
                             _rgb_fill(fill))
    x, squeeze = _batched(img)
    oh, ow = x.shape[-2], x.shape[-1]
    base = np.ones((oh * ow, 3))
    base[:, 0] = np.tile(np.linspace(0.5, ow + 0.5 - 1.0, ow, dtype=np.float32), oh)
    base[:, 1] = np.repeat(np.linspace(0.5, oh + 0.5 - 1.0, oh, dtype=np.float32), ow)
    theta1 = coeffs[:6].reshape(2, 3)
    theta2 = np.concatenate([np.tile(coeffs[6:].reshape(1, 2), (2, 1)), np.ones((2, 1))], axis=1)
    g1 = base @ (theta1.T / np.array([0.5 * ow, 0.5 * oh]))
    g2 = base @ theta2.T
    grid = (g1 / g2 - 1.0).reshape(1, oh, ow, 2)
    out = _grid_transform(x, grid, interpolation, fill)
    return out.squeeze(0) if squeeze else out
