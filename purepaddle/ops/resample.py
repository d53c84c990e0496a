"""Resampling: {nearest,linear,bilinear,trilinear,bicubic}_interp_v2, pixel_shuffle / pixel_unshuffle,
channel_shuffle, unfold / fold (im2col / col2im), affine_grid, and their grad ops.

Interpolation is separable: along each spatial dim every output reads 1 (nearest), 2 (linear)
or 4 (cubic) input taps with weights computed as Paddle's kernels compute them (float32 source
coordinates); the dims are resampled one after another, and the gradient is the transposed
resampling, one dim at a time in reverse order.
"""
import math

import numpy as np

from .._core.dispatch import apply
from .._core.op import Op, TensorMeta, register
from .conv._kernels import pad_spatial, windows

_f32 = np.float32


# -- interpolation -------------------------------------------------------------------------------
def _ratio(n_in, n_out, scale, align_corners):
    """Paddle's source step per output index (float32): align_corners, 1/scale, or in/out (0 for one output)."""
    if n_out <= 1:
        return _f32(0)
    if align_corners:
        return _f32(n_in - 1) / _f32(n_out - 1)
    if scale > 0:
        return _f32(1.0 / scale)
    return _f32(n_in) / _f32(n_out)


def taps(method, n_in, n_out, scale, align_corners, align_mode):
    """(index (n_out, T), weight (n_out, T)) of one dim's resampling."""
    r = _ratio(n_in, n_out, scale, align_corners)
    k = np.arange(n_out, dtype=_f32)
    if method == "nearest":
        src = r * k + _f32(0.5) if align_corners else r * k
        idx = np.minimum(src.astype(np.int64), n_in - 1)
        return idx[:, None], np.ones((n_out, 1), _f32)
    if method == "cubic":
        src = r * k if align_corners else r * (k + _f32(0.5)) - _f32(0.5)
        base = np.floor(src)
        t = (src - base).astype(_f32)
        a = _f32(-0.75)
        w = np.stack([((a * (t + 1) - 5 * a) * (t + 1) + 8 * a) * (t + 1) - 4 * a,
                      ((a + 2) * t - (a + 3)) * t * t + 1,
                      ((a + 2) * (1 - t) - (a + 3)) * (1 - t) * (1 - t) + 1,
                      ((a * (2 - t) - 5 * a) * (2 - t) + 8 * a) * (2 - t) - 4 * a], axis=1).astype(_f32)
        idx = np.clip(base.astype(np.int64)[:, None] + np.arange(-1, 3)[None, :], 0, n_in - 1)
        return idx, w
    half = align_mode == 0 and not align_corners
    src = r * (k + _f32(0.5)) - _f32(0.5) if half else r * k
    lo = np.maximum(src.astype(np.int64), 0)  # truncation toward zero, then clamp, as Paddle does
    hi = np.minimum(lo + 1, n_in - 1)
    frac = (np.maximum(src, _f32(0)) - lo).astype(_f32) if half else (src - lo).astype(_f32)
    return np.stack([lo, hi], axis=1), np.stack([1 - frac, frac], axis=1).astype(_f32)


def aa_taps(method, n_in, n_out, scale, align_corners):
    """Anti-aliased taps (Paddle's interp_antialias, as torch computes them): the triangle (bilinear)
    or a = -0.5 cubic filter widened by the downscale factor, each output's weights normalised."""
    if align_corners:
        r = (n_in - 1) / (n_out - 1) if n_out > 1 else 0.0
    else:
        r = float(_f32(1.0 / scale)) if scale > 0 else n_in / n_out
    half = 1.0 if method == "linear" else 2.0
    support = half * r if r >= 1.0 else half
    inv = 1.0 / r if r >= 1.0 else 1.0
    center = r * (np.arange(n_out) + 0.5)
    lo = np.maximum((center - support + 0.5).astype(np.int64), 0)
    hi = np.minimum((center + support + 0.5).astype(np.int64), n_in)
    width = int(max((hi - lo).max(), 1))
    j = np.arange(width)
    t = np.abs((j[None, :] + lo[:, None] - center[:, None] + 0.5) * inv)
    if method == "linear":
        w = np.maximum(1.0 - t, 0.0)
    else:
        a = -0.5
        w = np.where(t < 1, ((a + 2) * t - (a + 3)) * t * t + 1, np.where(t < 2, (((t - 5) * t + 8) * t - 4) * a, 0.0))
    w = np.where(j[None, :] < (hi - lo)[:, None], w, 0.0)
    total = w.sum(axis=1, keepdims=True)
    w = np.divide(w, total, out=np.zeros_like(w), where=total != 0)
    return np.minimum(lo[:, None] + j[None, :], n_in - 1), w.astype(_f32)


def _along(a, axis, idx, w, dtype):
    """Resample array a along axis with taps (idx, w), accumulating in `dtype`."""
    if idx.shape[1] == 1:  # nearest: a pure gather
        return np.take(a, idx[:, 0], axis=axis)
    out = None
    shape = [1] * a.ndim
    shape[axis] = -1
    for t in range(idx.shape[1]):
        term = np.take(a, idx[:, t], axis=axis) * w[:, t].astype(dtype).reshape(shape)
        out = term if out is None else out + term
    return out


def _along_adjoint(g, axis, idx, w, n_in, dtype):
    """Transpose of _along: each output's grad added into its taps (a dense (n_out, n_in) map)."""
    n_out = idx.shape[0]
    m = np.zeros((n_out, n_in), dtype=dtype)
    np.add.at(m, (np.repeat(np.arange(n_out), idx.shape[1]), idx.reshape(-1)), w.reshape(-1).astype(dtype))
    moved = np.moveaxis(g, axis, -1)
    return np.moveaxis(moved @ m, -1, axis)


_METHOD = {"nearest": "nearest", "linear": "linear", "bilinear": "linear", "trilinear": "linear",
           "bicubic": "cubic"}


def interp_plan(attrs, in_sp, out_size=None, size_tensor=None, scale_tensor=None):
    """Output spatial size and per-dim scales (-1: none) of an interp op, resolved as Paddle's kernel does:
    SizeTensor, else the out_* attrs overridden by a positive scale (Scale input or attr), then by OutSize."""
    nd = len(in_sp)
    size = [attrs.get(k, -1) for k in ("out_d", "out_h", "out_w")][3 - nd:]
    scale = [-1.0] * nd
    if size_tensor is not None:
        size = [int(np.asarray(t).reshape(-1)[0]) for t in size_tensor]
    else:
        sc = [float(v) for v in np.asarray(scale_tensor).reshape(-1)] if scale_tensor is not None else \
            [float(v) for v in attrs.get("scale") or []]
        if sc:
            sc = sc * nd if len(sc) == 1 else sc[:nd]
            if scale_tensor is not None and not all(v > 0 for v in sc):
                raise ValueError(f"(InvalidArgument) The scale of interp must be greater than 0, but received {sc}")
            if all(v > 0 for v in sc):
                scale = sc
                size = [int(_f32(n) * _f32(v)) for n, v in zip(in_sp, sc)]
        if out_size is not None:
            size = [int(v) for v in np.asarray(out_size).reshape(-1)]
    if not all(v > 0 for v in size):
        raise ValueError(f"(InvalidArgument) The output size of interp must be greater than 0, but received {size} "
                         f"for input spatial size {list(in_sp)}")
    return size, scale


def _layout(attrs):
    return attrs.get("data_layout", "NCHW") in ("NHWC", "NDHWC", "NWC")


def _dim_taps(method, n_in, n_out, s, attrs, antialias):
    if antialias:
        return aa_taps(method, n_in, n_out, s, attrs.get("align_corners", False))
    return taps(method, n_in, n_out, s, attrs.get("align_corners", False), attrs.get("align_mode", 1))


def interp_forward(x, attrs, out_size=None, size_tensor=None, scale_tensor=None, antialias=False):
    last = _layout(attrs)
    nd = x.ndim - 2
    axes = list(range(1, 1 + nd)) if last else list(range(2, 2 + nd))
    in_sp = [x.shape[a] for a in axes]
    size, scale = interp_plan(attrs, in_sp, out_size, size_tensor, scale_tensor)
    method = _METHOD[attrs.get("interp_method", "bilinear")]
    # weights are float32 (float64 for float64 data); integer and half inputs are cast back at the end
    work = np.float64 if x.dtype == np.float64 else np.float32
    if method == "linear" and nd == 2 and x.dtype.kind in "iu" and not antialias:
        return _bilinear_exact(x, axes, in_sp, size, scale, attrs)
    out = x
    for ax, n_in, n_out, s in zip(axes, in_sp, size, scale):
        if n_in == n_out and method != "cubic" and (s <= 0 or s == 1) and not attrs.get("align_corners", False):
            continue  # identity along this dim
        idx, w = _dim_taps(method, n_in, n_out, s, attrs, antialias)
        out = _along(out, ax, idx, w, work)
    return out.copy() if out is x else out.astype(x.dtype, copy=False)


def _bilinear_exact(x, axes, in_sp, size, scale, attrs):
    """Bilinear resize of integer images with Paddle's expression order (truncated once at the end)."""
    (iy, wy), (ix, wx) = [taps("linear", n_in, n_out, s, attrs.get("align_corners", False),
                               attrs.get("align_mode", 1)) for n_in, n_out, s in zip(in_sp, size, scale)]
    xs = np.moveaxis(x, axes, (-2, -1))
    out = None
    for a, b in ((0, 0), (1, 0), (0, 1), (1, 1)):
        term = xs[..., iy[:, a][:, None], ix[:, b][None, :]] * wy[:, a][:, None] * wx[:, b][None, :]
        out = term if out is None else out + term
    return np.ascontiguousarray(np.moveaxis(out, (-2, -1), axes)).astype(x.dtype)


def interp_backward(x_shape, g, attrs, out_size=None, size_tensor=None, scale_tensor=None, antialias=False):
    last = _layout(attrs)
    nd = g.ndim - 2
    axes = list(range(1, 1 + nd)) if last else list(range(2, 2 + nd))
    in_sp = [x_shape[a] for a in axes]
    size, scale = interp_plan(attrs, in_sp, out_size, size_tensor, scale_tensor)
    method = _METHOD[attrs.get("interp_method", "bilinear")]
    dx = g
    for ax, n_in, n_out, s in reversed(list(zip(axes, in_sp, size, scale))):
        if n_in == n_out and method != "cubic" and (s <= 0 or s == 1) and not attrs.get("align_corners", False):
            continue
        idx, w = _dim_taps(method, n_in, n_out, s, attrs, antialias)
        dx = _along_adjoint(dx, ax, idx, w, n_in, g.dtype)
    return np.ascontiguousarray(dx) if dx is not g else g.copy()


class _Interp(Op):
    """{method}_interp_v2: X resized by attrs out_d/out_h/out_w or scale, or by the OutSize /
    SizeTensor / Scale inputs (data_layout NCHW or NHWC for every rank)."""

    inputs, outputs = ("X", "OutSize", "SizeTensor", "Scale"), ("Out",)
    duplicable = ("SizeTensor",)
    saves = ("X", "OutSize", "SizeTensor", "Scale")
    grad_op = None

    antialias = False

    def forward(self, xp, x, out_size=None, size_tensor=None, scale=None):
        return interp_forward(x, self.attrs, out_size, size_tensor or None, scale, self.antialias)

    def infer_meta(self, x, out_size=None, size_tensor=None, scale=None):
        last = _layout(self.attrs)
        nd = len(x.shape) - 2
        in_sp = list(x.shape[1:1 + nd]) if last else list(x.shape[2:])
        if out_size is not None or size_tensor or scale is not None:
            size = [-1] * nd
        else:
            size = interp_plan(self.attrs, [max(n, 1) for n in in_sp])[0]
            size = [-1 if n < 0 and not (self.attrs.get(k, -1) > 0) else s
                    for n, s, k in zip(in_sp, size, ("out_d", "out_h", "out_w")[3 - nd:])]
        c = x.shape[-1] if last else x.shape[1]
        return TensorMeta([x.shape[0]] + size + [c] if last else [x.shape[0], c] + size, x.dtype)

    def backward(self, g):
        x, out_size, size_tensor, scale = self.saved
        return apply(self.grad_op, x, out_size, size_tensor, scale, g, **self.attrs), None, None, None


class _InterpGrad(Op):
    """X@GRAD of an interp op: the transposed resampling of Out@GRAD."""

    inputs, outputs = ("X", "OutSize", "SizeTensor", "Scale", "Out@GRAD"), ("X@GRAD",)
    duplicable = ("SizeTensor",)
    saves = ("OutSize", "SizeTensor", "Scale")
    fwd = None

    antialias = False

    def forward(self, xp, x, out_size, size_tensor, scale, g):
        return interp_backward(x.shape, g, self.attrs, out_size, size_tensor or None, scale, self.antialias)

    def infer_meta(self, x, out_size, size_tensor, scale, g):
        return TensorMeta(x.shape, g.dtype)

    def backward(self, gg):
        out_size, size_tensor, scale = self.saved
        return None, None, None, None, apply(self.fwd, gg, out_size, size_tensor, scale, **self.attrs)


INTERP = {}
for _m in ("nearest", "linear", "bilinear", "trilinear", "bicubic"):
    _f = register(f"{_m}_interp_v2")(type(f"{_m.capitalize()}InterpV2", (_Interp,), {}))
    _g = register(f"{_m}_interp_v2_grad")(type(f"{_m.capitalize()}InterpV2Grad", (_InterpGrad,), {}))
    _f.grad_op, _g.fwd = _g, _f
    INTERP[_m] = _f
_f = register("interp_antialias")(type("InterpAntialias", (_Interp,), {"antialias": True}))
_g = register("interp_antialias_grad")(type("InterpAntialiasGrad", (_InterpGrad,), {"antialias": True}))
_f.grad_op, _g.fwd = _g, _f
INTERP["antialias"] = _f


# -- pixel / channel shuffles --------------------------------------------------------------------
def _shuffle(x, r, last, up):
    """pixel_shuffle (up) / pixel_unshuffle on an NCHW or NHWC array."""
    if last:
        x = np.moveaxis(x, -1, 1)
    n, c, h, w = x.shape
    if up:
        out = x.reshape(n, c // (r * r), r, r, h, w).transpose(0, 1, 4, 2, 5, 3).reshape(n, c // (r * r), h * r,
                                                                                          w * r)
    else:
        out = x.reshape(n, c, h // r, r, w // r, r).transpose(0, 1, 3, 5, 2, 4).reshape(n, c * r * r, h // r,
                                                                                         w // r)
    return np.ascontiguousarray(np.moveaxis(out, 1, -1) if last else out)


def _shuffle_meta(x, r, last, up):
    n, c, h, w = ([x.shape[0], x.shape[3], x.shape[1], x.shape[2]] if last else list(x.shape))
    f = (lambda d, k: -1 if d < 0 else d * k) if up else (lambda d, k: -1 if d < 0 else d // k)
    c2 = (-1 if c < 0 else c // (r * r)) if up else (-1 if c < 0 else c * r * r)
    h2, w2 = f(h, r), f(w, r)
    return [n, h2, w2, c2] if last else [n, c2, h2, w2]


@register("pixel_shuffle")
class PixelShuffle(Op):
    """[N, C*r*r, H, W] -> [N, C, H*r, W*r] (attrs upscale_factor, data_format)."""

    def forward(self, xp, x):
        a = self.attrs
        return _shuffle(x, a["upscale_factor"], a.get("data_format", "NCHW") == "NHWC", True)

    def infer_meta(self, x):
        a = self.attrs
        return TensorMeta(_shuffle_meta(x, a["upscale_factor"], a.get("data_format", "NCHW") == "NHWC", True),
                          x.dtype)

    def backward(self, g):
        a = self.attrs
        return apply(PixelUnshuffle, g, downscale_factor=a["upscale_factor"], data_format=a.get("data_format", "NCHW"))


@register("pixel_unshuffle")
class PixelUnshuffle(Op):
    """[N, C, H*r, W*r] -> [N, C*r*r, H, W] (attrs downscale_factor, data_format)."""

    def forward(self, xp, x):
        a = self.attrs
        return _shuffle(x, a["downscale_factor"], a.get("data_format", "NCHW") == "NHWC", False)

    def infer_meta(self, x):
        a = self.attrs
        return TensorMeta(_shuffle_meta(x, a["downscale_factor"], a.get("data_format", "NCHW") == "NHWC", False),
                          x.dtype)

    def backward(self, g):
        a = self.attrs
        return apply(PixelShuffle, g, upscale_factor=a["downscale_factor"], data_format=a.get("data_format", "NCHW"))


@register("channel_shuffle")
class ChannelShuffle(Op):
    """Interleave the channels of `groups` groups: [N, g*k, ...] viewed [N, g, k] -> [N, k, g]."""

    def forward(self, xp, x):
        a = self.attrs
        last = a.get("data_format", "NCHW") == "NHWC"
        g = a["groups"]
        if last:
            x = np.moveaxis(x, -1, 1)
        n, c = x.shape[:2]
        out = x.reshape((n, g, c // g) + x.shape[2:]).swapaxes(1, 2).reshape(x.shape)
        return np.ascontiguousarray(np.moveaxis(out, 1, -1) if last else out)

    def infer_meta(self, x):
        return TensorMeta(x.shape, x.dtype)

    def backward(self, g):
        a = self.attrs
        c = g.shape[-1] if a.get("data_format", "NCHW") == "NHWC" else g.shape[1]
        return apply(ChannelShuffle, g, groups=c // a["groups"], data_format=a.get("data_format", "NCHW"))


# -- unfold / fold -------------------------------------------------------------------------------
def _fold_geometry(a, in_sp):
    """Kernel, strides, [(before, after)] and dilations of unfold/fold (paddings [top, left, bottom, right])."""
    p = list(a["paddings"])
    if len(p) == 2:
        p = p + p
    pads = [(p[0], p[2]), (p[1], p[3])]
    return list(a["kernel_sizes"]), list(a["strides"]), pads, list(a["dilations"])


def _blocks(in_sp, ks, ss, pads, ds):
    return [(n + b + e - (d * (k - 1) + 1)) // s + 1 for n, k, s, (b, e), d in zip(in_sp, ks, ss, pads, ds)]


@register("unfold")
class Unfold(Op):
    """im2col: X [N, C, H, W] -> Y [N, C*kh*kw, L], one column per sliding block."""

    outputs = ("Y",)
    saves = ("X",)

    def forward(self, xp, x):
        ks, ss, pads, ds = _fold_geometry(self.attrs, x.shape[2:])
        out_sp = _blocks(x.shape[2:], ks, ss, pads, ds)
        if min(out_sp) <= 0:
            e = ValueError(f"(InvalidArgument) The dims of unfold's output blocks should be greater than 0, but "
                           f"received {out_sp} for input shape {list(x.shape)}.")
            e.paddle_kernel = True
            raise e
        cols = windows(pad_spatial(x, pads), ks, ss, ds, out_sp)
        return cols.reshape(x.shape[0], x.shape[1] * ks[0] * ks[1], out_sp[0] * out_sp[1])

    def infer_meta(self, x):
        ks, ss, pads, ds = _fold_geometry(self.attrs, x.shape[2:])
        if -1 in x.shape[2:]:
            length = -1
        else:
            length = math.prod(_blocks(x.shape[2:], ks, ss, pads, ds))
        c = -1 if x.shape[1] < 0 else x.shape[1] * ks[0] * ks[1]
        return TensorMeta([x.shape[0], c, length], x.dtype)

    def backward(self, g):
        (x,) = self.saved
        a = self.attrs
        return apply(Fold, g, output_sizes=list(x.shape[2:]), kernel_sizes=a["kernel_sizes"], strides=a["strides"],
                     paddings=a["paddings"], dilations=a["dilations"])


@register("fold")
class Fold(Op):
    """col2im: X [N, C*kh*kw, L] -> Y [N, C, H, W], overlapping blocks summed (attr output_sizes)."""

    outputs = ("Y",)

    def forward(self, xp, x):
        a = self.attrs
        ks, ss, pads, ds = _fold_geometry(a, a["output_sizes"])
        out_sp = _blocks(a["output_sizes"], ks, ss, pads, ds)
        n, ckk, length = x.shape
        if ckk % (ks[0] * ks[1]) or length != out_sp[0] * out_sp[1]:
            e = ValueError(f"(InvalidArgument) fold: the input of shape {list(x.shape)} does not match kernel_sizes "
                           f"{ks} and output_sizes {a['output_sizes']} (expected C*{ks[0] * ks[1]} channels and "
                           f"{out_sp[0] * out_sp[1]} blocks).")
            e.paddle_kernel = True
            raise e
        c = ckk // (ks[0] * ks[1])
        # col2im is the input gradient of a convolution with an identity filter per channel
        g = x.reshape(n, c, ks[0], ks[1], out_sp[0], out_sp[1])
        return _col2im(g, list(a["output_sizes"]), ss, pads, ds)

    def infer_meta(self, x):
        a = self.attrs
        ks = a["kernel_sizes"]
        c = -1 if x.shape[1] < 0 else x.shape[1] // (ks[0] * ks[1])
        return TensorMeta([x.shape[0], c] + list(a["output_sizes"]), x.dtype)

    def backward(self, g):
        a = self.attrs
        return apply(Unfold, g, kernel_sizes=a["kernel_sizes"], strides=a["strides"], paddings=a["paddings"],
                     dilations=a["dilations"])


def _col2im(cols, in_sp, ss, pads, ds):
    """cols (N, C, kh, kw, oh, ow) summed back into (N, C, H, W)."""
    n, c, kh, kw, oh, ow = cols.shape
    padded = [m + b + e for m, (b, e) in zip(in_sp, pads)]
    dxp = np.zeros((n, c) + tuple(padded), dtype=cols.dtype)
    for i in range(kh):
        for j in range(kw):
            dxp[:, :, i * ds[0]:i * ds[0] + ss[0] * (oh - 1) + 1:ss[0],
                j * ds[1]:j * ds[1] + ss[1] * (ow - 1) + 1:ss[1]] += cols[:, :, i, j]
    return np.ascontiguousarray(dxp[:, :, pads[0][0]:pads[0][0] + in_sp[0], pads[1][0]:pads[1][0] + in_sp[1]])


# -- affine_grid ---------------------------------------------------------------------------------
def _base_grid(sp, align_corners, dtype):
    """[*sp, nd + 1] homogeneous sampling coordinates in [-1, 1] (x first, as Paddle lays them out)."""
    axes = []
    for n in sp:
        if align_corners:
            v = np.linspace(-1, 1, n) if n > 1 else np.zeros(1)
        else:
            v = (np.arange(n) * 2 + 1) / n - 1
        axes.append(v.astype(dtype))
    mesh = np.meshgrid(*axes, indexing="ij")
    coords = [m for m in reversed(mesh)] + [np.ones(sp, dtype=dtype)]
    return np.stack(coords, axis=-1)


@register("affine_grid")
class AffineGrid(Op):
    """Sampling grid [N, H, W, 2] (or [N, D, H, W, 3]) of the affine maps Theta [N, 2, 3] (or [N, 3, 4])."""

    inputs, outputs = ("Theta", "OutputShape"), ("Output",)

    def forward(self, xp, theta, out_shape=None):
        shape = [int(v) for v in (out_shape.reshape(-1) if out_shape is not None else self.attrs["output_shape"])]
        base = _base_grid(shape[2:], self.attrs.get("align_corners", True), theta.dtype)
        n = theta.shape[0]
        flat = base.reshape(-1, base.shape[-1])
        return np.matmul(flat, theta.transpose(0, 2, 1)).reshape([n] + shape[2:] + [theta.shape[1]])

    def infer_meta(self, theta, out_shape=None):
        shape = list(self.attrs.get("output_shape") or [])
        if out_shape is not None or not shape:
            nd = theta.shape[1] if theta.shape[1] > 0 else 2
            return TensorMeta([theta.shape[0]] + [-1] * nd + [nd], theta.dtype)
        return TensorMeta([theta.shape[0]] + shape[2:] + [theta.shape[1]], theta.dtype)

    def backward(self, g):
        return apply(AffineGridGrad, g, **self.attrs), None


@register("affine_grid_grad")
class AffineGridGrad(Op):
    """Theta@GRAD of affine_grid: sum over positions of Output@GRAD times the base coordinates."""

    inputs, outputs = ("Output@GRAD",), ("Theta@GRAD",)

    def forward(self, xp, g):
        sp = list(g.shape[1:-1])
        base = _base_grid(sp, self.attrs.get("align_corners", True), g.dtype)
        flat = base.reshape(-1, base.shape[-1])
        return np.matmul(g.reshape(g.shape[0], -1, g.shape[-1]).transpose(0, 2, 1), flat)

    def infer_meta(self, g):
        return TensorMeta([g.shape[0], g.shape[-1], g.shape[-1] + 1], g.dtype)

    def backward(self, gg):
        return apply(AffineGrid, gg, **self.attrs)


