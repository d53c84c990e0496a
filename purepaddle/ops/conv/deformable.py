"""Deformable convolution ops: deformable_conv (v2: offsets and a modulation mask) and deformable_conv_v1
(offsets only), with their grad ops.

Each kernel tap k of output position (y, x) reads the input at (y*s - p + i*d + dy, x*s - p + j*d + dx),
(dy, dx) read from Offset[n, 2*(g*K + k) + (0, 1), y, x] for deformable group g, by bilinear
interpolation (corners outside the image count as 0; a point outside (-1, H) x (-1, W) reads 0),
times Mask[n, g*K + k, y, x] in v2. The sampled columns are then convolved with the filter as
an ordinary (grouped) convolution. The grad ops compute the exact piecewise-bilinear derivatives
on arrays, as Paddle's kernels do.
"""
import numpy as np

from ..._core.dispatch import apply
from ..._core.op import Op, TensorMeta, register

__all__ = ["DeformableConv", "DeformableConvV1"]


def _geometry(a, x_shape, w_shape):
    """(kh, kw, strides, paddings, dilations, Ho, Wo) of a deformable conv."""
    kh, kw = int(w_shape[2]), int(w_shape[3])
    sh, sw = a.get("strides", [1, 1])
    ph, pw = a.get("paddings", [0, 0])[:2]
    dh, dw = a.get("dilations", [1, 1])
    h, w = x_shape[2], x_shape[3]
    ho = -1 if h < 0 else (h + 2 * ph - (dh * (kh - 1) + 1)) // sh + 1
    wo = -1 if w < 0 else (w + 2 * pw - (dw * (kw - 1) + 1)) // sw + 1
    return kh, kw, (sh, sw), (ph, pw), (dh, dw), ho, wo


def _check(a, x, offset, mask, w, op_type):
    n, c = x.shape[:2]
    kh, kw, _, _, _, ho, wo = _geometry(a, x.shape, w.shape)
    dg = a.get("deformable_groups", 1)
    groups = a.get("groups", 1)
    k = kh * kw
    if c % dg or c % groups or w.shape[1] * groups != c:
        raise ValueError(f"(InvalidArgument) {op_type}: input channels {c} do not fit filter {list(w.shape)}, "
                         f"groups {groups} and deformable_groups {dg}")
    if ho <= 0 or wo <= 0:
        raise ValueError(f"(InvalidArgument) {op_type}: the output size ({ho}, {wo}) of input {list(x.shape)} "
                         f"with filter {list(w.shape)} must be positive")
    want = (n, 2 * dg * k, ho, wo)
    if tuple(offset.shape) != want:
        raise ValueError(f"(InvalidArgument) {op_type}: Offset should be of shape {list(want)}, but received "
                         f"{list(offset.shape)}")
    if mask is not None and tuple(mask.shape) != (n, dg * k, ho, wo):
        raise ValueError(f"(InvalidArgument) {op_type}: Mask should be of shape {[n, dg * k, ho, wo]}, but "
                         f"received {list(mask.shape)}")
    return kh, kw, ho, wo, dg, groups


class _Samples:
    """Bilinear sampling of x at the deformed tap positions: corner indices, weights and values."""

    def __init__(self, a, x, offset, w_shape):
        n, c, h, wd = x.shape
        kh, kw, (sh, sw), (ph, pw), (dh, dw), ho, wo = _geometry(a, x.shape, w_shape)
        dg = a.get("deformable_groups", 1)
        k = kh * kw
        self.shape = (n, dg, c // dg, k, ho * wo)
        off = offset.reshape(n, dg, k, 2, ho * wo).astype(np.float64, copy=False)
        ki, kj = np.divmod(np.arange(k), kw)
        oy, ox = np.divmod(np.arange(ho * wo), wo)
        base_y = (oy * sh - ph)[None, :] + (ki * dh)[:, None]   # [K, L]
        base_x = (ox * sw - pw)[None, :] + (kj * dw)[:, None]
        py = base_y + off[:, :, :, 0, :]   # [N, dg, K, L]
        px = base_x + off[:, :, :, 1, :]
        self.inside = (py > -1) & (px > -1) & (py < h) & (px < wd)
        y0, x0 = np.floor(py), np.floor(px)
        self.ly, self.lx = py - y0, px - x0
        y0, x0 = y0.astype(np.int64), x0.astype(np.int64)
        self.h, self.w = h, wd
        xg = x.reshape(n, dg, 1, c // dg, h * wd)
        self.corners = []  # (flat index, valid, value [N, dg, Cg, K, L])
        for cy, cx in ((y0, x0), (y0, x0 + 1), (y0 + 1, x0), (y0 + 1, x0 + 1)):
            valid = self.inside & (cy >= 0) & (cy < h) & (cx >= 0) & (cx < wd)
            idx = np.where(valid, cy * wd + cx, 0)
            vals = np.take_along_axis(xg, idx.reshape(n, dg, 1, 1, k * ho * wo), axis=-1)
            vals = vals.reshape(n, dg, c // dg, k, ho * wo) * valid[:, :, None]
            self.corners.append((idx, valid, vals))

    def weights(self):
        """Bilinear weights of the four corners ([N, dg, K, L] each)."""
        ly, lx = self.ly, self.lx
        hy, hx = 1 - ly, 1 - lx
        return hy * hx, hy * lx, ly * hx, ly * lx

    def value(self):
        """The interpolated input at every tap: [N, dg, Cg, K, L]."""
        out = 0.0
        for wgt, (_, _, vals) in zip(self.weights(), self.corners):
            out = out + wgt[:, :, None] * vals
        return out


def _columns(a, x, offset, mask, w_shape):
    """(samples, columns [N, C*K, L]) where columns = interpolated input (times mask)."""
    s = _Samples(a, x, offset, w_shape)
    col = s.value()
    n, dg, cg, k, l = s.shape
    if mask is not None:
        col = col * mask.reshape(n, dg, 1, k, l)
    return s, col.reshape(n, dg * cg * k, l)


def _forward(a, x, offset, mask, w, op_type):
    n = x.shape[0]
    _, _, ho, wo, _, groups = _check(a, x, offset, mask, w, op_type)
    _, col = _columns(a, x, offset, mask, w.shape)
    m = w.shape[0]
    wg = w.reshape(groups, m // groups, -1).astype(np.float64, copy=False)
    colg = col.reshape(n, groups, -1, ho * wo)
    out = np.einsum("gmk,ngkl->ngml", wg, colg, optimize=True)
    return out.reshape(n, m, ho, wo).astype(x.dtype, copy=False)


def _grads(a, x, offset, mask, w, g, op_type):
    """(dInput, dOffset, dMask or None, dFilter) of a deformable convolution."""
    n, c, h, wd = x.shape
    kh, kw, ho, wo, dg, groups = _check(a, x, offset, mask, w, op_type)
    s, col = _columns(a, x, offset, mask, w.shape)
    m, k, l = w.shape[0], kh * kw, ho * wo
    cg = c // dg
    wg = w.reshape(groups, m // groups, -1).astype(np.float64, copy=False)
    gg = g.reshape(n, groups, m // groups, l).astype(np.float64, copy=False)
    dw = np.einsum("ngml,ngkl->gmk", gg, col.reshape(n, groups, -1, l), optimize=True).reshape(w.shape)
    dcol = np.einsum("gmk,ngml->ngkl", wg, gg, optimize=True).reshape(n, dg, cg, k, l)
    msk = np.ones((n, dg, 1, k, l)) if mask is None else mask.reshape(n, dg, 1, k, l).astype(np.float64)
    dval = dcol * msk   # gradient reaching the interpolated value
    # input: each corner receives its bilinear weight's share
    dx = np.zeros(n * dg * cg * h * wd)
    plane = (np.arange(n * dg * cg) * (h * wd)).reshape(n, dg, cg, 1, 1)
    for wgt, (idx, valid, _) in zip(s.weights(), s.corners):
        contrib = dval * (wgt * valid)[:, :, None]
        flat = (plane + idx[:, :, None]).reshape(-1)
        dx += np.bincount(flat, weights=contrib.reshape(-1), minlength=dx.size)
    # offsets: derivative of the interpolation along y and x, summed over the group's channels
    (_, _, v1), (_, _, v2), (_, _, v3), (_, _, v4) = s.corners
    ly, lx = s.ly[:, :, None], s.lx[:, :, None]
    d_dy = (1 - lx) * (v3 - v1) + lx * (v4 - v2)
    d_dx = (1 - ly) * (v2 - v1) + ly * (v4 - v3)
    inside = s.inside[:, :, None]
    goff = np.stack([(dval * d_dy * inside).sum(2), (dval * d_dx * inside).sum(2)], axis=3)  # [N, dg, K, 2, L]
    doff = goff.reshape(n, 2 * dg * k, ho, wo)
    dmask = None
    if mask is not None:
        dmask = (dcol * s.value()).sum(2).reshape(n, dg * k, ho, wo)
    cast = lambda v, like: None if v is None else v.astype(like.dtype, copy=False)  # noqa: E731
    return (cast(dx.reshape(x.shape), x), cast(doff, offset), cast(dmask, mask if mask is not None else x),
            cast(dw, w))


def _meta(a, x, w):
    _, _, _, _, _, ho, wo = _geometry(a, x.shape, w.shape)
    return TensorMeta([x.shape[0], w.shape[0], ho, wo], x.dtype)


@register("deformable_conv")
class DeformableConv(Op):
    """Modulated deformable convolution (v2): Input, Offset, Mask, Filter -> Output."""

    inputs, outputs = ("Input", "Offset", "Mask", "Filter"), ("Output",)
    saves = ("Input", "Offset", "Mask", "Filter")

    def forward(self, xp, x, offset, mask, w):
        return _forward(self.attrs, x, offset, mask, w, self.type)

    def infer_meta(self, x, offset, mask, w):
        return _meta(self.attrs, x, w)

    def backward(self, g):
        x, offset, mask, w = self.saved
        return apply(DeformableConvGrad, x, offset, mask, w, g, **self.attrs)


@register("deformable_conv_grad")
class DeformableConvGrad(Op):
    """Input@GRAD, Offset@GRAD, Mask@GRAD, Filter@GRAD of deformable_conv (arrays; no double backward)."""

    inputs = ("Input", "Offset", "Mask", "Filter", "Output@GRAD")
    outputs = ("Input@GRAD", "Offset@GRAD", "Mask@GRAD", "Filter@GRAD")

    def forward(self, xp, x, offset, mask, w, g):
        return _grads(self.attrs, x, offset, mask, w, g, "deformable_conv")

    def infer_meta(self, x, offset, mask, w, g):
        return (TensorMeta(x.shape, x.dtype), TensorMeta(offset.shape, offset.dtype),
                TensorMeta(mask.shape, mask.dtype), TensorMeta(w.shape, w.dtype))

    def backward(self, *grads):
        raise NotImplementedError("the double gradient of deformable_conv is not implemented")


@register("deformable_conv_v1")
class DeformableConvV1(Op):
    """Deformable convolution without modulation (v1): Input, Offset, Filter -> Output."""

    inputs, outputs = ("Input", "Offset", "Filter"), ("Output",)
    saves = ("Input", "Offset", "Filter")

    def forward(self, xp, x, offset, w):
        return _forward(self.attrs, x, offset, None, w, self.type)

    def infer_meta(self, x, offset, w):
        return _meta(self.attrs, x, w)

    def backward(self, g):
        x, offset, w = self.saved
        return apply(DeformableConvV1Grad, x, offset, w, g, **self.attrs)


@register("deformable_conv_v1_grad")
class DeformableConvV1Grad(Op):
    """Input@GRAD, Offset@GRAD, Filter@GRAD of deformable_conv_v1 (arrays; no double backward)."""

    inputs = ("Input", "Offset", "Filter", "Output@GRAD")
    outputs = ("Input@GRAD", "Offset@GRAD", "Filter@GRAD")

    def forward(self, xp, x, offset, w, g):
        dx, doff, _, dw = _grads(self.attrs, x, offset, None, w, g, "deformable_conv_v1")
        return dx, doff, dw

    def infer_meta(self, x, offset, w, g):
        return TensorMeta(x.shape, x.dtype), TensorMeta(offset.shape, offset.dtype), TensorMeta(w.shape, w.dtype)

    def backward(self, *grads):
        raise NotImplementedError("the double gradient of deformable_conv_v1 is not implemented")
