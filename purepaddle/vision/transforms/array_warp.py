"""Affine and perspective warps of HWC ndarrays, Paddle's cv2 backend: cv2.warpAffine / cv2.warpPerspective when
OpenCV is installed (as Paddle calls them), otherwise a NumPy port of their sampling.

The port maps each output pixel (x, y) through the inverse of the forward matrix M (as OpenCV does without
WARP_INVERSE_MAP), then samples: nearest rounds the source position (half up for affine, to nearest for
perspective); bilinear blends the four neighbours at the exact position (OpenCV 5; OpenCV 4 quantised positions to
1/32 pixel), a neighbour outside the image reading `fill` (BORDER_CONSTANT, an OpenCV Scalar: a number fills the
first channel only). Integer images round the blend.
"""
import math

import numpy as np

__all__ = ["warp_affine", "warp_perspective", "rotation_matrix", "perspective_matrix"]



def _cv2():
    try:
        import cv2
    except ImportError:
        return None
    return cv2


def rotation_matrix(center, angle, scale):
    """cv2.getRotationMatrix2D: the [2, 3] forward map rotating by angle degrees (counter-clockwise) about center."""
    a = math.radians(angle)
    alpha, beta = scale * math.cos(a), scale * math.sin(a)
    cx, cy = center
    return np.array([[alpha, beta, (1 - alpha) * cx - beta * cy], [-beta, alpha, beta * cx + (1 - alpha) * cy]])


def perspective_matrix(src, dst):
    """cv2.getPerspectiveTransform: the [3, 3] homography taking the 4 src points to the 4 dst points."""
    src, dst = np.asarray(src, dtype=np.float64), np.asarray(dst, dtype=np.float64)
    a = np.zeros((8, 8))
    b = np.zeros(8)
    for i, ((x, y), (u, v)) in enumerate(zip(src, dst)):
        a[i] = [x, y, 1, 0, 0, 0, -x * u, -y * u]
        a[i + 4] = [0, 0, 0, x, y, 1, -x * v, -y * v]
        b[i], b[i + 4] = u, v
    return np.append(np.linalg.solve(a, b), 1.0).reshape(3, 3)


def _fill_pixel(fill, channels):
    """The border pixel of a fill given as OpenCV's Scalar: a number fills the first channel only, missing channels
    are 0."""
    f = list(fill) if isinstance(fill, (tuple, list)) else [fill]
    return np.asarray((f + [0.0] * channels)[:channels], dtype=np.float64)


def _sample(img, sx, sy, mode, fill, nearest_round):
    """img [H, W, C] sampled at float source positions sx, sy [OH, OW]."""
    h, w, c = img.shape
    fillv = _fill_pixel(fill, c)
    src = img.astype(np.float64)
    if mode == "nearest":
        xi, yi = nearest_round(sx).astype(np.int64), nearest_round(sy).astype(np.int64)
        inside = (xi >= 0) & (xi < w) & (yi >= 0) & (yi < h)
        out = np.where(inside[..., None], src[np.clip(yi, 0, h - 1), np.clip(xi, 0, w - 1)], fillv)
    else:
        qx, qy = sx, sy
        x0, y0 = np.floor(qx).astype(np.int64), np.floor(qy).astype(np.int64)
        fx, fy = (qx - x0)[..., None], (qy - y0)[..., None]
        out = 0.0
        for dy, wy in ((0, 1 - fy), (1, fy)):
            for dx, wx in ((0, 1 - fx), (1, fx)):
                xx, yy = x0 + dx, y0 + dy
                inside = (xx >= 0) & (xx < w) & (yy >= 0) & (yy < h)
                v = np.where(inside[..., None], src[np.clip(yy, 0, h - 1), np.clip(xx, 0, w - 1)], fillv)
                out = out + wx * wy * v
    if np.issubdtype(img.dtype, np.integer):
        info = np.iinfo(img.dtype)
        out = np.clip(np.floor(out + 0.5), info.min, info.max)
    return out.astype(img.dtype)


def _interp_flag(cv2, interpolation):
    return {"nearest": cv2.INTER_NEAREST, "bilinear": cv2.INTER_LINEAR, "area": cv2.INTER_AREA,
            "bicubic": cv2.INTER_CUBIC, "lanczos": cv2.INTER_LANCZOS4}[interpolation]


def _check_interp(interpolation):
    if interpolation not in ("nearest", "bilinear"):
        raise NotImplementedError(f"warping an ndarray with interpolation {interpolation!r} needs OpenCV "
                                  "(pip install opencv-python); without it purepaddle samples 'nearest' or "
                                  "'bilinear' only")


def _as_hwc(img):
    return img[:, :, None] if img.ndim == 2 else img


def _keep_rank(img, out):
    # cv2 drops a single channel; Paddle puts it back (an [H, W] input stays [H, W])
    if img.ndim == 3 and out.ndim == 2:
        return out[:, :, None]
    return out[:, :, 0] if img.ndim == 2 and out.ndim == 3 else out


def warp_affine(img, m, size, interpolation, fill):
    """img warped by the forward [2, 3] matrix m into an output of size (w, h) (cv2.warpAffine)."""
    cv2 = _cv2()
    if cv2 is not None:
        out = cv2.warpAffine(img, np.asarray(m, dtype=np.float64), dsize=tuple(size),
                             flags=_interp_flag(cv2, interpolation), borderValue=fill)
        return _keep_rank(img, out)
    _check_interp(interpolation)
    inv = np.linalg.inv(np.vstack([m, [0.0, 0.0, 1.0]]))[:2]
    ow, oh = size
    ys, xs = np.mgrid[0:oh, 0:ow].astype(np.float64)
    sx = inv[0, 0] * xs + inv[0, 1] * ys + inv[0, 2]
    sy = inv[1, 0] * xs + inv[1, 1] * ys + inv[1, 2]
    out = _sample(_as_hwc(img), sx, sy, interpolation, fill, lambda v: np.floor(v + 0.5))
    return _keep_rank(img, out)


def warp_perspective(img, m, size, interpolation, fill):
    """img warped by the forward [3, 3] homography m into an output of size (w, h) (cv2.warpPerspective)."""
    cv2 = _cv2()
    if cv2 is not None:
        out = cv2.warpPerspective(img, np.asarray(m, dtype=np.float64), dsize=tuple(size),
                                  flags=_interp_flag(cv2, interpolation), borderValue=fill)
        return _keep_rank(img, out)
    _check_interp(interpolation)
    inv = np.linalg.inv(m)
    ow, oh = size
    ys, xs = np.mgrid[0:oh, 0:ow].astype(np.float64)
    den = inv[2, 0] * xs + inv[2, 1] * ys + inv[2, 2]
    den = np.where(den == 0, np.inf, 1.0 / np.where(den == 0, 1.0, den))
    sx = (inv[0, 0] * xs + inv[0, 1] * ys + inv[0, 2]) * den
    sy = (inv[1, 0] * xs + inv[1, 1] * ys + inv[1, 2]) * den
    out = _sample(_as_hwc(img), sx, sy, interpolation, fill, np.rint)
    return _keep_rank(img, out)
