"""Interpolation ops of paddle.nn.functional.interpolate / upsample: {nearest,linear,bilinear,trilinear,
bicubic}_interp_v2 and interp_antialias, with their grad ops.

Interpolation is separable: along each spatial dim every output reads 1 (nearest), 2 (linear) or 4
(cubic) input taps with weights computed as Paddle's kernels compute them (float32 source
coordinates); the dims are resampled one after another, and the gradient is the transposed
resampling, one dim at a time in reverse order.
"""
import numpy as np

from ..._core.dispatch import apply
from ..._core.dtype import kind_of
from ..._core.op import Op, TensorMeta, register


_f32 = np.float32


# -- interpolation -------------------------------------------------------------------------------
def _ratio(n_in, n_out, scale, align_corners, one_out_step=False):
    """Paddle's source step per output index (float32): align_corners, 1/scale, or in/out. One output gets
    step 0 (it reads index 0), except where one_out_step keeps the step (see _keeps_one_out_step)."""
    if n_out <= 1 and (align_corners or not one_out_step):
        return _f32(0)
    if align_corners:
        return _f32(n_in - 1) / _f32(n_out - 1)
    if scale > 0:
        return _f32(1.0 / scale)
    return _f32(n_in) / _f32(n_out)


def taps(method, n_in, n_out, scale, align_corners, align_mode, one_out_step=False, wide=False, grad=False):
    """(index (n_out, T), weight (n_out, T)) of one dim's resampling; `wide`: float64 data, whose bicubic kernel
    takes the float32 step into double source coordinates and double weights (its grad kernel computes the
    source coordinates in float32, then the weights in double)."""
    r = _ratio(n_in, n_out, scale, align_corners, one_out_step)
    k = np.arange(n_out, dtype=_f32)
    if method == "cubic" and wide and not grad:
        r, k = np.float64(r), k.astype(np.float64)
    if method == "nearest":
        src = r * k + _f32(0.5) if align_corners else r * k
        idx = np.minimum(src.astype(np.int64), n_in - 1)
        return idx[:, None], np.ones((n_out, 1), _f32)
    if method == "cubic":
        src = r * k if align_corners else r * (k + _f32(0.5)) - _f32(0.5)
        if wide:
            src = src.astype(np.float64)
        base = np.floor(src)
        t = src - base
        a = t.dtype.type(-0.75)
        w = np.stack([((a * (t + 1) - 5 * a) * (t + 1) + 8 * a) * (t + 1) - 4 * a,
                      ((a + 2) * t - (a + 3)) * t * t + 1,
                      ((a + 2) * (1 - t) - (a + 3)) * (1 - t) * (1 - t) + 1,
                      ((a * (2 - t) - 5 * a) * (2 - t) + 8 * a) * (2 - t) - 4 * a], axis=1)
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


def _keeps_one_out_step(attrs, grad):
    """Whether a dim resized to one output keeps the step in/out (or 1/scale), so that with align_mode 0 it
    reads the input's centre, instead of step 0 (index 0). Paddle's kernels differ here: trilinear keeps it
    forward and backward, linear keeps it forward only (its grad kernel sends the gradient to index 0),
    bilinear, nearest and bicubic never do."""
    op = attrs.get("interp_method", "bilinear")
    return op == "trilinear" or (op == "linear" and not grad)


def _dim_taps(method, n_in, n_out, s, attrs, antialias, grad=False, wide=False):
    if antialias:
        return aa_taps(method, n_in, n_out, s, attrs.get("align_corners", False))
    return taps(method, n_in, n_out, s, attrs.get("align_corners", False), attrs.get("align_mode", 1),
                _keeps_one_out_step(attrs, grad), wide, grad)


def interp_forward(x, attrs, out_size=None, size_tensor=None, scale_tensor=None, antialias=False):
    last = _layout(attrs)
    nd = x.ndim - 2
    axes = list(range(1, 1 + nd)) if last else list(range(2, 2 + nd))
    in_sp = [x.shape[a] for a in axes]
    size, scale = interp_plan(attrs, in_sp, out_size, size_tensor, scale_tensor)
    method = _METHOD[attrs.get("interp_method", "bilinear")]
    # weights are float32 (float64, from float32 steps, for float64 bicubic); integer and half inputs are cast back
    work = np.float64 if x.dtype == np.float64 else np.float32
    if method == "linear" and nd == 2 and kind_of(x.dtype) in "iu" and not antialias:
        return _bilinear_exact(x, axes, in_sp, size, scale, attrs)
    out = x
    for ax, n_in, n_out, s in zip(axes, in_sp, size, scale):
        if n_in == n_out and method != "cubic" and (s <= 0 or s == 1) and not attrs.get("align_corners", False):
            continue  # identity along this dim
        idx, w = _dim_taps(method, n_in, n_out, s, attrs, antialias, wide=work is np.float64)
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
        idx, w = _dim_taps(method, n_in, n_out, s, attrs, antialias, grad=True, wide=g.dtype == np.float64)
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
