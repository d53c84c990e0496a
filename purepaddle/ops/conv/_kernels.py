"""Convolution kernels on channel-first NumPy arrays (any number of spatial dims).

The forward is an im2col (one strided view of the padded input, copied once) and one batched
matmul; the input gradient is a matmul followed by col2im (a loop over the kernel offsets only,
each adding a strided slab); the filter gradient is a matmul against the recomputed columns.
Stride-1 convolutions of 1-D/2-D maps use the flat layout (_Flat), where each kernel offset is
one contiguous run, and, without groups, the split layout (section below), which turns the
input gradient (and, for wide enough shapes, the filter gradient and the forward) into ONE GEMM
over row-shifted inputs or column-shifted gradients followed by a few shifted adds, instead of
a col2im over every kernel offset. 3x3 stride-1 convolutions with enough channels and tiles
run their forward and both gradients by Winograd (_winograd.py). Temporaries that never leave a
kernel live in per-thread scratch buffers (_scratch.py), so a training loop reuses them instead
of faulting in fresh pages every step. Each kernel body is a
closure over a batch slice writing into the preallocated result (run once on the whole batch:
splitting the batch over threads measured no better than ~10% on two cores, at the price of
oversubscribing OpenBLAS).
"""
import itertools
import math

import numpy as np
from numpy.lib.stride_tricks import as_strided

from ..._core import jit
from ._scratch import SCRATCH_BUDGET, scratch
from ._winograd import finite, tile_count, winograd_forward, winograd_grad_filter, winograd_grad_input, winograd_usable

_CHANNEL_LAST = ("NHWC", "NDHWC", "NLC")


def channel_last(attrs):
    """Whether the op's data_format puts channels last (Paddle's conv3d_transpose writes NCHW/NHWC)."""
    return attrs.get("data_format", "NCHW") in _CHANNEL_LAST


def resolve_padding(attrs, in_sp, k_sp, transposed=False):
    """Strides, [(before, after)] per spatial dim and dilations after Paddle's padding_algorithm.

    SAME pads so that out = ceil(in / stride) and resets dilation to 1 (as Paddle does, for the
    transposed ops too, where `in` is the transposed op's input); VALID pads nothing.
    """
    nd = len(k_sp)
    strides = list(attrs["strides"])
    dils = list(attrs.get("dilations", [1] * nd))
    alg = attrs.get("padding_algorithm", "EXPLICIT")
    if alg == "SAME":
        pads = []
        for n, k, s in zip(in_sp, k_sp, strides):
            out = (n + s - 1) // s
            tot = max((out - 1) * s + k - n, 0)
            pads.append((tot // 2, tot - tot // 2))
        return strides, pads, [1] * nd
    if alg == "VALID":
        return strides, [(0, 0)] * nd, dils
    p = list(attrs["paddings"])
    if len(p) == nd:
        return strides, [(v, v) for v in p], dils
    if len(p) == 2 * nd:
        return strides, [(p[2 * i], p[2 * i + 1]) for i in range(nd)], dils
    raise ValueError(f"(InvalidArgument) Attr(paddings) of Op(Conv) should have {nd} or {2 * nd} elements, "
                     f"but received {p}")


def conv_out_size(in_sp, k_sp, strides, pads, dils):
    """Spatial output size of a convolution (or pooling window sweep)."""
    return [(n + b + a - (d * (k - 1) + 1)) // s + 1 for n, k, s, (b, a), d in zip(in_sp, k_sp, strides, pads, dils)]


def compiled_depthwise(k_sp, cg, groups, *arrays):
    """The numba kernels of _depthwise_jit, when they apply: a 2-D depthwise convolution (one input channel
    per group) on arrays of one float dtype, with the optional JIT available (_core/jit.py); else None."""
    if len(k_sp) != 2 or cg != 1 or groups <= 1 or not jit.enabled():
        return None
    dt = arrays[0].dtype
    if dt not in jit.FLOATS or any(a.dtype != dt for a in arrays):
        return None
    from . import _depthwise_jit  # imports numba: only here, on first use
    return _depthwise_jit


def pad_spatial(x, pads, value=0, tag=None):
    """x (N, C, *spatial) padded by [(before, after)] on the spatial dims (x itself when no padding).

    With a tag the result is a scratch buffer (its border, written once, stays `value`)."""
    if not any(b or a for b, a in pads):
        return x
    shape = x.shape[:2] + tuple(n + b + a for n, (b, a) in zip(x.shape[2:], pads))
    if tag is not None:
        out = scratch((tag, tuple(pads), value), shape, x.dtype, zero=not value)
        if value and out.flat[0] != value:
            out.fill(value)
    else:
        out = np.full(shape, value, dtype=x.dtype) if value else np.zeros(shape, dtype=x.dtype)
    out[(Ellipsis,) + tuple(slice(b, b + n) for n, (b, _) in zip(x.shape[2:], pads))] = x
    return out


def copy_to_scratch(tag, view, shape):
    """The strided `view` copied into a contiguous scratch buffer of `shape` (the im2col copy)."""
    buf = scratch(tag, tuple(shape), view.dtype)
    np.copyto(buf.reshape(view.shape), view)
    return buf


def windows(xp, k_sp, strides, dils, out_sp):
    """Strided view (N, C, *kernel, *out) of the padded input: one entry per window element."""
    s = xp.strides
    nd = len(k_sp)
    shape = xp.shape[:2] + tuple(k_sp) + tuple(out_sp)
    st = s[:2] + tuple(s[2 + i] * dils[i] for i in range(nd)) + tuple(s[2 + i] * strides[i] for i in range(nd))
    return as_strided(xp, shape, st, writeable=False)


def _offset_slices(offs, strides, dils, out_sp):
    """Slices of the padded input that kernel offset `offs` touches, one per spatial dim."""
    return tuple(slice(o * d, o * d + s * (n - 1) + 1, s) for o, s, d, n in zip(offs, strides, dils, out_sp))


_COLS_CAP = SCRATCH_BUDGET // 2  # bytes of im2col columns per GEMM; larger batches run in slices


def batch_slices(n, per_item):
    """Slices of a batch of n whose im2col buffers (per_item bytes per sample) stay under the cap, so
    memory stays bounded and the buffer stays a reused scratch buffer (one sample at least)."""
    step = max(1, _COLS_CAP // max(per_item, 1))
    if step >= n:
        return [slice(None)]
    return [slice(i, min(n, i + step)) for i in range(0, n, step)]


def _check_out(out_sp, x_shape, k_sp, op_type):
    if min(out_sp, default=1) <= 0:
        raise ValueError(
            f"(InvalidArgument) The output's size of Op({op_type}) is expected to be greater than 0, but received "
            f"output size {out_sp} for input shape {list(x_shape)} and kernel size {list(k_sp)}: the padded input is "
            "smaller than the (dilated) kernel.")


# -- the flat layout of stride-1 convolutions ------------------------------------------------
class _Flat:
    """Stride-1 windows on the flattened padded image (1-D or 2-D).

    With rows of the padded width Wp laid end to end, the window elements at kernel offset t
    for all outputs form ONE contiguous run of length oh * Wp starting at shift[t]: im2col and
    col2im become k*k long copies/adds instead of k*k*N*C*oh short ones. The Wp - ow columns
    of every row that wrap into the next row are garbage: cropped from outputs, and zeros in
    the padded gradients (so they add nothing).
    """

    _cache = {}

    @classmethod
    def get(cls, padded, k_sp, dils, out_sp):
        key = (tuple(padded), tuple(k_sp), tuple(dils), tuple(out_sp))
        fl = cls._cache.get(key)
        if fl is None:
            if len(cls._cache) > 256:
                cls._cache.clear()
            fl = cls._cache[key] = cls(*key)
        return fl

    def __init__(self, padded, k_sp, dils, out_sp):
        nd = len(k_sp)
        self.padded, self.out_sp, self.k_sp = padded, out_sp, k_sp
        self.row = padded[-1] if nd == 2 else 1
        self.length = out_sp[0] * self.row if nd == 2 else out_sp[0]
        flat_strides = (self.row, 1) if nd == 2 else (1,)
        self.kstrides = tuple(d * f for d, f in zip(dils, flat_strides))
        self.shifts = [sum(o * st for o, st in zip(offs, self.kstrides))
                       for offs in itertools.product(*[range(k) for k in k_sp])]
        self.plane = math.prod(padded)
        self.size = max(self.plane, self.shifts[-1] + self.length)

    @staticmethod
    def usable(strides, k_sp, out_sp, padded):
        """Worth it: stride 1, at most 2 spatial dims, and no more than half of each row wasted."""
        if any(s != 1 for s in strides) or not 1 <= len(k_sp) <= 2:
            return False
        return len(k_sp) == 1 or padded[-1] <= 2 * out_sp[-1]

    def spread(self, x, pads):
        """x (N, C, *sp) zero-padded into a flat (N, C, size) scratch buffer."""
        buf = scratch(("spread", self.padded, tuple(pads)), x.shape[:2] + (self.size,), x.dtype, zero=True)
        img = buf[:, :, :self.plane].reshape(x.shape[:2] + self.padded)
        img[(Ellipsis,) + tuple(slice(b, b + n) for n, (b, _) in zip(x.shape[2:], pads))] = x
        return buf

    def cols(self, xf):
        """(N, C * K, L) columns: one contiguous run per (channel, kernel offset)."""
        it = xf.itemsize
        view = as_strided(xf, xf.shape[:2] + self.k_sp + (self.length,),
                          xf.strides[:2] + tuple(k * it for k in self.kstrides) + (it,), writeable=False)
        return copy_to_scratch("cols", view, (xf.shape[0], xf.shape[1] * len(self.shifts), self.length))

    def pad_grad(self, g):
        """g (N, O, *out) -> (N, O, L) with zero garbage columns (a scratch buffer)."""
        n, o = g.shape[:2]
        if len(self.out_sp) == 1 or self.row == self.out_sp[1]:
            return np.ascontiguousarray(g).reshape(n, o, self.length)
        gp = scratch(("pad_grad", self.out_sp), (n, o, self.out_sp[0], self.row), g.dtype, zero=True)
        gp[..., :self.out_sp[1]] = g
        return gp.reshape(n, o, self.length)

    def crop(self, out):
        """(N, O, L) -> (N, O, *out): a view without the garbage columns."""
        n, o = out.shape[:2]
        if len(self.out_sp) == 1:
            return out
        return out.reshape(n, o, self.out_sp[0], self.row)[..., :self.out_sp[1]]


def _matmul_cols(w, cols, groups, out):
    """out (N, O, L) = w (O, C/g, *k) times columns (N, C*K, L), per group."""
    n, ckk, length = cols.shape
    o = w.shape[0]
    if groups == 1:
        np.matmul(w.reshape(o, -1), cols, out=out)
    else:
        np.matmul(w.reshape(groups, o // groups, -1), cols.reshape(n, groups, ckk // groups, length),
                  out=out.reshape(n, groups, o // groups, length))
    return out


def _matmul_grad_cols(w, g, groups):
    """Columns' gradient w^T g: g (N, O, L) -> (N, C*K, L) scratch, per group."""
    n, o, length = g.shape
    ckk = w.size // o * groups
    out = scratch("dcols", (n, ckk, length), np.result_type(w, g))
    if groups == 1:
        return np.matmul(w.reshape(o, -1).T, g, out=out)
    wt = w.reshape(groups, o // groups, -1).transpose(0, 2, 1)
    np.matmul(wt, g.reshape(n, groups, o // groups, length), out=out.reshape(n, groups, ckk // groups, length))
    return out


def _matmul_grad_w(g, cols, groups):
    """Filter gradient from g (N, O, L) and columns (N, C*K, L) -> (O, C*K/groups)."""
    n, o, length = g.shape
    ckk = cols.shape[1]
    dt = np.result_type(g, cols)
    if groups == 1:
        per = scratch("dw", (n, o, ckk), dt)
        return np.matmul(g, cols.transpose(0, 2, 1), out=per).sum(axis=0)
    per = scratch("dw", (n, groups, o // groups, ckk // groups), dt)
    np.matmul(g.reshape(n, groups, o // groups, length), cols.reshape(n, groups, -1, length).transpose(0, 1, 3, 2),
              out=per)
    return per.sum(axis=0).reshape(o, -1)


# -- the split layout of stride-1 convolutions ---------------------------------------------
# With rows of the padded width Wp, a 2-D window sum splits into a row part and a column part:
#   X[(c, i), n, y, x] = xpad[n, c, y + i*dh, x]          (kh row-shifted copies of the input)
#   G[(o, j), n, y, x] = g[n, o, y, x - j*dw]              (kw column-shifted copies of the gradient)
# over y < oh and x < Wp. Then dW[(o, j), (c, i)] = G @ X^T, the input gradient is R = W @ G
# followed by kh row-shifted adds (not k*k col2im adds), and the forward is P = W @ X followed by
# kw column-shifted adds. Columns x >= ow of G are zero, so the Wp - ow extra columns cost GEMM
# work but never leak into results. 1-D maps are the kh = 1 case.

def _lift(sp, k_sp, pads, dils):
    """1-D geometry as 2-D with a unit first dim: (in_sp, k_sp, pads, dils) of length 2."""
    if len(k_sp) == 2:
        return list(sp), list(k_sp), list(pads), list(dils)
    return [1] + list(sp), [1] + list(k_sp), [(0, 0)] + list(pads), [1] + list(dils)


def split_usable(strides, k_sp, out_sp, padded, groups):
    """Whether the split layout applies: the flat layout's conditions, without groups."""
    return groups == 1 and _Flat.usable(strides, k_sp, out_sp, padded)


def split_prefers(part, c, o, k_sp):
    """Whether the split layout beats im2col for `part` ('forward', 'input', 'filter'), as measured.

    Its GEMMs contract over C*kh (forward, filter) or O*kw (input) instead of C*k*k, so they lose
    efficiency when that is small; im2col's cost grows with the kernel area.
    """
    kh = k_sp[0] if len(k_sp) == 2 else 1
    if part == "input":
        return c * kh >= 4
    if part == "filter":
        return c * kh >= 16
    return c * kh >= 16 and math.prod(k_sp) >= 16


def _split_rows(x, kh, dh, pads, hp, wp, oh, dtype):
    """X as a (C*kh, N*oh*Wp) matrix (a scratch buffer; padding stays zero)."""
    n, c, h, w = x.shape
    (pt, _), (pl, _) = pads
    buf = scratch(("rows", h, w, pt, pl, dh), (c, kh, n, oh, wp), dtype, zero=True)
    xt = x.transpose(1, 0, 2, 3)
    for i in range(kh):
        y0, y1 = max(0, pt - i * dh), min(oh, h + pt - i * dh)
        if y1 > y0:
            buf[:, i, :, y0:y1, pl:pl + w] = xt[:, :, y0 + i * dh - pt:y1 + i * dh - pt]
    return buf.reshape(c * kh, n * oh * wp)


def _split_cols(g, kw, dw, wp, dtype):
    """G as a (O*kw, N*oh*Wp) matrix view of a scratch buffer (columns >= ow of each row stay zero)."""
    n, o, oh, ow = g.shape
    length = n * oh * wp
    span = length + (kw - 1) * dw
    buf = scratch(("cols_shift", ow, wp, dw), (o, kw, span), dtype, zero=True)
    buf[:, 0, :length].reshape(o, n, oh, wp)[..., :ow] = g.transpose(1, 0, 2, 3)
    for j in range(1, kw):  # one contiguous run per output channel: the row ends absorb the shift
        buf[:, j, j * dw:j * dw + length] = buf[:, 0, :length]
    return buf.reshape(o * kw, span)[:, :length]


def split_forward(x, w, pads, dils):
    """conv_forward by the split layout: x (N, C, *sp), w (O, C, *k) -> (N, O, *out), contiguous."""
    n, c = x.shape[:2]
    o = w.shape[0]
    sp, k_sp, pd, dl = _lift(x.shape[2:], w.shape[2:], pads, dils)
    (kh, kw), (dh, dw) = k_sp, dl
    hp, wp = sp[0] + sum(pd[0]), sp[1] + sum(pd[1])
    oh, ow = hp - dh * (kh - 1), wp - dw * (kw - 1)
    dtype = np.result_type(x, w)
    rows = _split_rows(x.reshape(n, c, *sp), kh, dh, pd, hp, wp, oh, dtype)
    length = n * oh * wp
    w3 = w.reshape(o, c, kh, kw).transpose(0, 3, 1, 2).reshape(o * kw, c * kh)
    part = scratch("split_fwd", (o, kw, length), dtype)
    np.matmul(w3, rows, out=part.reshape(o * kw, length))
    acc = part[:, 0]
    for j in range(1, kw):  # out[x] = sum_j part_j[x + j*dw]; the shifted tails land in unused columns
        acc[:, :length - j * dw] += part[:, j, j * dw:]
    out = np.empty((n, o, oh, ow), dtype)
    out[...] = acc.reshape(o, n, oh, wp)[..., :ow].transpose(1, 0, 2, 3)
    return out if x.ndim == 4 else out.reshape(n, o, ow)


def split_grads(x_shape, x, w, g, k_sp, pads, dils, want_x, want_w):
    """(Input grad, Filter grad) by the split layout; x is needed only for the filter grad, w only
    for the input grad.

    x_shape is the input's shape (N, C, *sp); g (N, O, *out). The padded size may exceed what
    the windows cover (a transposed conv's output_padding): those rows/columns get zero grad.
    """
    n, c = x_shape[:2]
    o = g.shape[1]
    sp, ks, pd, dl = _lift(x_shape[2:], k_sp, pads, dils)
    (kh, kw), (dh, dw) = ks, dl
    oh, ow = ([1] + list(g.shape[2:]))[-2:]
    hp = max(sp[0] + sum(pd[0]), oh + dh * (kh - 1))
    wp = max(sp[1] + sum(pd[1]), ow + dw * (kw - 1))
    dtype = np.result_type(g, w if want_x else x)
    length = n * oh * wp
    cols = _split_cols(g.reshape(n, o, oh, ow), kw, dw, wp, dtype)
    dx = dwt = None
    if want_w:
        rows = _split_rows(x.reshape(n, c, *sp), kh, dh, pd, hp, wp, oh, dtype)
        dwt = np.matmul(cols, rows.T).reshape(o, kw, c, kh).transpose(0, 2, 3, 1)
        dwt = np.ascontiguousarray(dwt).reshape((o, c) + tuple(k_sp))
    if want_x:
        w2 = w.reshape(o, c, kh, kw).transpose(1, 2, 0, 3).reshape(c * kh, o * kw)
        res = scratch("split_res", (c, kh, n, oh * wp), dtype)
        np.matmul(w2, cols, out=res.reshape(c * kh, length))
        acc = scratch("split_acc", (c, n, hp * wp), dtype)
        lr = oh * wp
        acc[:, :, :lr] = res[:, 0]
        acc[:, :, lr:] = 0
        for i in range(1, kh):  # row i of the kernel lands i*dh rows further down
            acc[:, :, i * dh * wp:i * dh * wp + lr] += res[:, i]
        (pt, _), (pl, _) = pd
        dx = np.empty((n, c, sp[0], sp[1]), dtype)
        dx[...] = acc.reshape(c, n, hp, wp)[:, :, pt:pt + sp[0], pl:pl + sp[1]].transpose(1, 0, 2, 3)
        dx = dx.reshape(x_shape)
    return dx, dwt


# -- strided depthwise convolutions: phase planes ----------------------------------------------
def _phase_planes(x, k_sp, strides, pads, dils):
    """x (N, C, H, W) zero-padded and split into sh*sw phase planes for a 2-D window sweep at stride
    (sh, sw): (planes (sh*sw, N, C, size) scratch, Wq, [(plane, start) per kernel offset]).

    Padded position (s_h*y + a, s_w*x + b) lies in plane (a % sh, b % sw) at (y + a // sh,
    x + b // sw), so with each plane's rows laid end to end (width Wq) every kernel offset reads
    ONE contiguous run of oh * Wq elements from `start`, as the flat layout does at stride 1; the
    Wq - ow columns that wrap into the next row are garbage."""
    n, c, h, wd = x.shape
    (sh, sw), (dh, dw), ((pt, pb), (pl, pr)) = strides, dils, pads
    hq, wq = -(-(h + pt + pb) // sh), -(-(wd + pl + pr) // sw)
    size = hq * wq + wq  # room for the last row's run past the plane
    planes = scratch(("dw_phase", c, n, h, wd, sh, sw, pt, pl, hq, wq), (sh * sw, n, c, size), x.dtype, zero=True)
    imgs = planes[:, :, :, :hq * wq].reshape(sh * sw, n, c, hq, wq)
    # block by block, so that the sh*sw strided reads of a block hit the cache after the first
    # (4x faster than four sweeps through an 8x96x112x112 input)
    for bs, cs in _dw_blocks(n, c, h * wd * x.itemsize):
        xb = x[bs, cs]
        for a in range(sh):  # input row r sits at padded row r + pt: plane a = (r + pt) % sh
            r0 = (a - pt) % sh
            for b in range(sw):
                c0 = (b - pl) % sw
                src = xb[:, :, r0::sh, c0::sw]
                if src.size:
                    y0, x0 = (r0 + pt) // sh, (c0 + pl) // sw
                    imgs[a * sw + b, bs, cs, y0:y0 + src.shape[2], x0:x0 + src.shape[3]] = src
    runs = []
    for i, j in itertools.product(range(k_sp[0]), range(k_sp[1])):
        a, b = i * dh, j * dw
        runs.append(((a % sh) * sw + b % sw, (a // sh) * wq + b // sw))
    return planes, wq, runs


def _strided_depthwise_forward(x, w, strides, pads, dils, groups, out_sp, dtype):
    """2-D depthwise forward at stride (sh, sw) on the phase planes of the padded input (_phase_planes);
    the garbage columns are cropped from the result (a view)."""
    n = x.shape[0]
    o = w.shape[0]
    oh, ow = out_sp
    planes, wq, runs = _phase_planes(x, w.shape[2:], strides, pads, dils)
    length = oh * wq
    spans = [(p, slice(None), slice(None), slice(start, start + length)) for p, start in runs]
    out = np.empty((n, o, length), dtype=dtype)
    _depthwise_forward(planes, w, groups, out.reshape(n, groups, o // groups, length), spans, lead=1)
    return out.reshape(n, o, oh, wq)[..., :ow]


def _strided_depthwise_grad_w(x, g, k_sp, strides, pads, dils):
    """Filter gradient of a 2-D depthwise convolution (one output channel per group) at stride > 1:
    on the phase planes each kernel offset is one contiguous run, dotted with g laid out at the
    planes' row width (extra columns zero), as _depthwise_dots does on the flat layout."""
    n, c, oh, ow = g.shape
    planes, wq, runs = _phase_planes(x, k_sp, strides, pads, dils)
    gq = scratch(("dw_gq", n, c, oh, ow, wq), (n, c, oh, wq), np.result_type(x, g), zero=True)
    gq[..., :ow] = g
    return _depthwise_dots([planes[p, ..., start:] for p, start in runs], gq.reshape(n, c, oh * wq))


def _strided_depthwise_grad_input(g, w, in_sp, strides, pads, dils, padded):
    """Input gradient of a 2-D depthwise convolution (one output channel per group) on the phase
    planes of _strided_depthwise_forward: each kernel offset adds g * w[t] as ONE contiguous run
    into one plane (g laid out with the planes' row width, the extra columns zero), and the planes
    are copied back into x's layout once, instead of one strided read-modify-write per offset.
    `padded`: the padded input size the windows fit in."""
    n, c, oh, ow = g.shape
    h, wd = in_sp
    (sh, sw), (dh, dw), ((pt, _), (pl, _)) = strides, dils, pads
    hq, wq = -(-padded[0] // sh), -(-padded[1] // sw)
    length = oh * wq
    size = hq * wq + wq
    dtype = np.result_type(g, w)
    gq = scratch(("dw_gq", n, c, oh, ow, wq), (n, c, oh, wq), dtype, zero=True)
    gq[..., :ow] = g
    gq = gq.reshape(n, c, length)
    planes = scratch("dw_phase_grad", (sh * sw, n, c, size), dtype)
    imgs = planes[:, :, :, :hq * wq].reshape(sh * sw, n, c, hq, wq)
    wk = w.reshape(c, -1)
    runs = [((i * dh % sh) * sw + j * dw % sw, (i * dh // sh) * wq + j * dw // sw)
            for i, j in itertools.product(range(w.shape[2]), range(w.shape[3]))]
    dx = np.empty((n, c, h, wd), dtype=dtype)
    # block by block (all planes of a block about one cache tile): zero, accumulate, copy back
    for bs, cs in _dw_blocks(n, c, sh * sw * size * planes.itemsize):
        pb, gb = planes[:, bs, cs], gq[bs, cs]
        pb.fill(0)
        tmp = scratch("dw_prod", gb.shape, dtype)
        for t, (p, start) in enumerate(runs):
            np.multiply(gb, wk[cs, t:t + 1], out=tmp)
            pb[p, :, :, start:start + length] += tmp
        for a in range(sh):  # the inverse of the forward's scatter into planes
            r0 = (a - pt) % sh
            for b in range(sw):
                c0 = (b - pl) % sw
                dst = dx[bs, cs, r0::sh, c0::sw]
                if dst.size:
                    y0, x0 = (r0 + pt) // sh, (c0 + pl) // sw
                    dst[...] = imgs[a * sw + b, bs, cs, y0:y0 + dst.shape[2], x0:x0 + dst.shape[3]]
    return dx


def _depthwise_grad_input(g, w, in_sp, pads, dils, groups):
    """Input gradient of a stride-1 depthwise convolution (one output channel per group) as the
    forward kernel again: the correlation of g, padded by d*(k-1) - pad_before before (cropped
    where negative), with the spatially flipped filter. It reuses the forward's cache-blocked
    multiply-adds on contiguous runs instead of a scatter-add over the whole batch per offset."""
    k_sp = w.shape[2:]
    out_sp = g.shape[2:]
    crop, gpads = [], []
    for m, q, k, (b, _), d in zip(in_sp, out_sp, k_sp, pads, dils):
        before = d * (k - 1) - b
        after = m + d * (k - 1) - before - q  # a transposed conv's output_padding makes it larger
        crop.append(slice(max(0, -before), q - max(0, -after)))
        gpads.append((max(0, before), max(0, after)))
    wf = w[(Ellipsis,) + (slice(None, None, -1),) * len(k_sp)]
    return conv_forward(g[(Ellipsis,) + tuple(crop)], wf, [1] * len(k_sp), gpads, dils, groups)


# -- pointwise (1x1) convolutions: the input is its own column matrix -------------------------
def _pointwise(k_sp, pads, groups):
    """A 1x1 kernel without padding or groups: one GEMM on the (subsampled) input, no im2col."""
    return groups == 1 and all(k == 1 for k in k_sp) and not any(b or a for b, a in pads)


def _subsampled(x, strides):
    """x (N, C, *sp) at every stride-th position: (N, C, L) contiguous (x itself at stride 1)."""
    n, c = x.shape[:2]
    if any(s != 1 for s in strides):
        x = x[(Ellipsis,) + tuple(slice(None, None, s) for s in strides)]
    return np.ascontiguousarray(x).reshape(n, c, -1)


def _pointwise_grad_input(g, w, in_sp, strides):
    """dx of a 1x1 convolution: w^T g placed at the strided positions (zeros elsewhere)."""
    n, o = g.shape[:2]
    c = w.shape[1]
    dt = np.result_type(g, w)
    d = np.matmul(w.reshape(o, c).T, np.ascontiguousarray(g).reshape(n, o, -1)).reshape((n, c) + g.shape[2:])
    if tuple(g.shape[2:]) == tuple(in_sp) and all(s == 1 for s in strides):
        return d
    dx = np.zeros((n, c) + tuple(in_sp), dtype=dt)
    dx[(Ellipsis,) + tuple(slice(0, s * (q - 1) + 1, s) for s, q in zip(strides, g.shape[2:]))] = d
    return dx


# -- kernels on channel-first arrays ------------------------------------------------------
def _check_channels(c, w, groups):
    if c != w.shape[1] * groups:
        raise ValueError(
            f"(InvalidArgument) The number of input's channels should be equal to filter's channels * groups for "
            f"Op(Conv). But received: the input's channels is {c}, the filter's channels is {w.shape[1]}, the "
            f"filter's shape is {list(w.shape)}; the groups is {groups}.")


_DW_TILE = 1 << 20  # bytes of output per depthwise block (measured best of 2^18-2^21 on a 1 MiB L2)


def _dw_blocks(n, groups, per_group):
    """(batch slice, group slice) blocks of about _DW_TILE output bytes (per_group bytes per sample and group)."""
    gb = max(1, _DW_TILE // max(per_group, 1))
    if gb >= n * groups:
        return [(slice(None), slice(None))]
    if gb >= groups:  # whole samples per block
        step = gb // groups
        return [(slice(i, min(n, i + step)), slice(None)) for i in range(0, n, step)]
    return [(slice(i, i + 1), slice(j, min(groups, j + gb))) for i in range(n) for j in range(0, groups, gb)]


def _depthwise_forward(src, w, groups, out, spans, lead=0):
    """out (n, groups, og, *L) = sum of src windows * w, one kernel offset at a time (src[spans[t]] per
    offset, whose batch and channel slices sit at positions lead and lead + 1).

    The sum runs over blocks of channels (and samples) sized so that a block's output and its
    product buffer stay in L2 across the k*k multiply-adds: the passes are NumPy calls over
    cached data instead of 2*k*k sweeps through memory (1.1x at 96x112x112 and at batch 8, 32x56x56, one thread)."""
    og = w.shape[0] // groups
    wg = w.reshape(groups, og, -1)
    wshape = (1, -1, og) + (1,) * (out.ndim - 3)
    n = out.shape[0]
    for bs, gs in _dw_blocks(n, groups, out[0, 0].nbytes):
        ob = out[bs, gs]
        wb = wg[gs]
        tmp = scratch("dw_prod", ob.shape, out.dtype)
        for t, span in enumerate(spans):
            sv = src[span[:lead] + (bs, gs) + span[lead + 2:]]
            np.multiply(sv[:, :, None], wb[:, :, t].reshape(wshape), out=ob if t == 0 else tmp)
            if t:
                ob += tmp


def _folded_forward(x, w, strides, pads, dils, out_sp):
    """conv_forward as ONE GEMM over the whole batch: w (O, C*K) times columns (C*K, N*L), the batch folded
    into the columns; None when those columns would pass the scratch cap (then the per-sample paths run).

    Where a sample has few output positions (7x7 at ResNet's last stage, strided convolutions), per-sample
    GEMMs are thin (L columns each instead of N*L in one) and the flat layout's garbage columns are a large
    share of them (see _fold_prefers for the measured cases)."""
    n, c = x.shape[:2]
    o = w.shape[0]
    k_sp = w.shape[2:]
    ll = math.prod(out_sp)
    ck = c * math.prod(k_sp)
    dtype = np.result_type(x, w)
    if ck * n * ll * np.dtype(dtype).itemsize > _COLS_CAP:
        return None
    xp = pad_spatial(x, pads, tag="pad")
    win = windows(xp, k_sp, strides, dils, out_sp)  # (N, C, *k, *out)
    cols = copy_to_scratch("fold_cols", np.moveaxis(win, 0, 1 + len(k_sp)), (ck, n * ll))
    res = np.matmul(w.reshape(o, ck), cols)  # (O, N*L), fresh
    if n == 1:
        return res.reshape((1, o) + tuple(out_sp))
    out = np.empty((n, o, ll), dtype)
    out[...] = res.reshape(o, n, ll).transpose(1, 0, 2)
    return out.reshape((n, o) + tuple(out_sp))


def _fold_prefers(n, k_sp, out_sp, strides, flat):
    """Whether _folded_forward beats the per-sample paths, as measured at one thread (ResNet-18 shapes):
    where the flat layout applies, when its garbage columns are at least a quarter of the output
    (3x3 at 7x7: 1.17x at batch 1); otherwise (strided windows) for batches whose samples have at most
    256 output positions (1.2x at 256 -> 512 channels, 7x7 out; 1.0x at 14x14; 0.96x at 28x28)."""
    if flat:
        return len(k_sp) == 2 and (k_sp[1] - 1) * 4 >= out_sp[1]
    return n > 1 and math.prod(out_sp) <= 256


def conv_forward(x, w, strides, pads, dils, groups, op_type="conv2d"):
    """Grouped N-d cross-correlation: x (N, C, *sp), w (O, C/groups, *k) -> (N, O, *out).

    The result of a stride-1 convolution is a view that skips the flat layout's garbage columns."""
    n, c = x.shape[:2]
    o = w.shape[0]
    k_sp = w.shape[2:]
    out_sp = conv_out_size(x.shape[2:], k_sp, strides, pads, dils)
    _check_out(out_sp, x.shape, k_sp, op_type)
    _check_channels(c, w, groups)
    if 0 in k_sp:  # an empty kernel: every window sums nothing (Paddle gives zeros too)
        return np.zeros((n, o) + tuple(out_sp), dtype=np.result_type(x, w))
    depthwise = c // groups == 1 and groups > 1
    dtype = np.result_type(x, w)
    compiled = compiled_depthwise(k_sp, c // groups, groups, x, w)
    if compiled is not None:
        return compiled.conv_forward(x, w, strides, pads, dils, out_sp)
    if len(k_sp) == 2 and winograd_usable("forward", strides, k_sp, dils, groups, c, o, tile_count(n, out_sp),
                                          dtype) and finite(x, w):
        return winograd_forward(x, w, pads)
    if _pointwise(k_sp, pads, groups):
        out = np.matmul(w.reshape(o, c), _subsampled(x, strides))
        return out.reshape((n, o) + tuple(out_sp))
    padded = tuple(m + b + a for m, (b, a) in zip(x.shape[2:], pads))
    if split_usable(strides, k_sp, out_sp, padded, groups) and split_prefers("forward", c, o, k_sp):
        return split_forward(x, w, pads, dils)
    flat = _Flat.usable(strides, k_sp, out_sp, padded)
    if groups == 1 and _fold_prefers(n, k_sp, out_sp, strides, flat):
        out = _folded_forward(x, w, strides, pads, dils, out_sp)
        if out is not None:
            return out
    if flat:
        fl = _Flat.get(padded, k_sp, dils, out_sp)
        out = np.empty((n, o, fl.length), dtype=dtype)

        def chunk(sl):
            xf = fl.spread(x[sl], pads)
            if depthwise:  # one multiply-add of a contiguous run per kernel offset
                spans = [(slice(None), slice(None), slice(sh, sh + fl.length)) for sh in fl.shifts]
                _depthwise_forward(xf, w, groups, out[sl].reshape(-1, groups, o // groups, fl.length), spans)
            else:
                _matmul_cols(w, fl.cols(xf), groups, out[sl])

        for sl in batch_slices(n, c * len(fl.shifts) * fl.length * out.itemsize):
            chunk(sl)
        return fl.crop(out)
    if depthwise and len(k_sp) == 2:
        return _strided_depthwise_forward(x, w, strides, pads, dils, groups, out_sp, dtype)
    ll = math.prod(out_sp)
    out = np.empty((n, o, ll), dtype=dtype)

    def chunk(sl):
        xp = pad_spatial(x[sl], pads, tag="pad")
        if depthwise:  # accumulate one kernel offset at a time, no im2col
            spans = [(slice(None), slice(None)) + _offset_slices(offs, strides, dils, out_sp)
                     for offs in itertools.product(*[range(k) for k in k_sp])]
            _depthwise_forward(xp, w, groups, out[sl].reshape((-1, groups, o // groups) + tuple(out_sp)), spans)
        else:
            cols = copy_to_scratch("cols", windows(xp, k_sp, strides, dils, out_sp),
                                   (xp.shape[0], c * math.prod(k_sp), ll))
            _matmul_cols(w, cols, groups, out[sl])

    for sl in batch_slices(n, c * math.prod(k_sp) * ll * out.itemsize):
        chunk(sl)
    return out.reshape((n, o) + tuple(out_sp))


def conv_grad_input(g, w, in_sp, strides, pads, dils, groups):
    """Gradient of conv_forward w.r.t. x (also the transposed convolution): g (N, O, *out) -> (N, C, *in)."""
    n, o = g.shape[:2]
    k_sp = w.shape[2:]
    out_sp = g.shape[2:]
    cg = w.shape[1]
    c, og = cg * groups, o // groups
    depthwise = cg == 1 and groups > 1
    if 0 in k_sp:  # an empty kernel reads no input (Paddle's own gradient is uninitialised memory)
        return np.zeros((n, c) + tuple(in_sp), dtype=np.result_type(g, w))
    compiled = compiled_depthwise(k_sp, cg, groups, g, w)
    if compiled is not None:
        return compiled.conv_grad_input(g, w, in_sp, strides, pads, dils, c)
    dx = _winograd_grad_input(g, w, in_sp, strides, pads, dils, groups)
    if dx is not None:
        return dx
    if depthwise and og == 1 and all(s == 1 for s in strides):
        return _depthwise_grad_input(g, w, in_sp, pads, dils, groups)
    if _pointwise(k_sp, pads, groups):
        return _pointwise_grad_input(g, w, in_sp, strides)
    padded = tuple(m + b + a for m, (b, a) in zip(in_sp, pads))
    # the windows must fit: a transposed conv with output_padding adds room at the end
    padded = tuple(max(p, (q - 1) * s + d * (k - 1) + 1)
                   for p, q, s, d, k in zip(padded, out_sp, strides, dils, k_sp))
    if split_usable(strides, k_sp, out_sp, padded, groups) and split_prefers("input", c, o, k_sp):
        return split_grads((n, c) + tuple(in_sp), None, w, g, k_sp, pads, dils, True, False)[0]
    dtype = np.result_type(g, w)
    dx = np.empty((n, c) + tuple(in_sp), dtype=dtype)
    crop = (Ellipsis,) + tuple(slice(b, b + m) for m, (b, _) in zip(in_sp, pads))
    if _Flat.usable(strides, k_sp, out_sp, padded):
        fl = _Flat.get(padded, k_sp, dils, out_sp)

        def chunk(sl):
            gp = fl.pad_grad(g[sl])
            m = gp.shape[0]
            buf = scratch("col2im", (m, c, fl.size), dtype)
            buf.fill(0)
            if depthwise:
                gg = gp.reshape(m, groups, og, fl.length)
                wg = w.reshape(groups, og, -1)
                tmp = scratch("dw_prod", (m, groups, fl.length), dtype) if og == 1 else None
                for t, sh in enumerate(fl.shifts):
                    if og == 1:  # through one scratch buffer: no temporary per offset
                        np.multiply(gg[:, :, 0], wg[None, :, 0, t:t + 1], out=tmp)
                        buf[:, :, sh:sh + fl.length] += tmp
                    else:
                        buf[:, :, sh:sh + fl.length] += (gg * wg[None, :, :, t:t + 1]).sum(axis=2)
            else:
                dcols = _matmul_grad_cols(w, gp, groups).reshape(m, c, len(fl.shifts), fl.length)
                for t, sh in enumerate(fl.shifts):
                    buf[:, :, sh:sh + fl.length] += dcols[:, :, t]
            dx[sl] = buf[:, :, :fl.plane].reshape((m, c) + fl.padded)[crop]

        for sl in batch_slices(n, c * len(fl.shifts) * fl.length * dx.itemsize):
            chunk(sl)
        return dx
    if depthwise and og == 1 and len(k_sp) == 2:
        return _strided_depthwise_grad_input(g, w, in_sp, strides, pads, dils, padded)

    def chunk(sl):
        gs = np.ascontiguousarray(g[sl])
        m = gs.shape[0]
        dxp = scratch("col2im", (m, c) + padded, dtype)
        dxp.fill(0)
        if depthwise:  # scatter one kernel offset at a time
            gg = gs.reshape((m, groups, og) + tuple(out_sp))
            wg = w.reshape((groups, og) + tuple(k_sp))
            wshape = (1, groups, og) + (1,) * len(k_sp)
            tmp = scratch("dw_prod", gg.shape, dtype) if og == 1 else None
            for offs in itertools.product(*[range(k) for k in k_sp]):
                wk = wg[(slice(None), slice(None)) + offs].reshape(wshape)
                if og == 1:  # through one scratch buffer: no temporary per offset
                    contrib = np.multiply(gg, wk, out=tmp)[:, :, 0]
                else:
                    contrib = (gg * wk).sum(axis=2)
                dxp[(slice(None), slice(None)) + _offset_slices(offs, strides, dils, out_sp)] += contrib
        else:
            dcols = _matmul_grad_cols(w, gs.reshape(m, o, -1), groups)
            dcols = dcols.reshape((m, c) + tuple(k_sp) + tuple(out_sp))
            for offs in itertools.product(*[range(k) for k in k_sp]):
                dxp[(slice(None), slice(None)) + _offset_slices(offs, strides, dils, out_sp)] += \
                    dcols[(slice(None), slice(None)) + offs]
        dx[sl] = dxp[crop]

    for sl in batch_slices(n, c * math.prod(k_sp) * math.prod(out_sp) * dx.itemsize):
        chunk(sl)
    return dx


def conv_grad_filter(x, g, k_sp, strides, pads, dils, groups):
    """Gradient of conv_forward w.r.t. w: x (N, C, *in), g (N, O, *out) -> (O, C/groups, *k)."""
    n, c = x.shape[:2]
    o = g.shape[1]
    out_sp = g.shape[2:]
    cg, og = c // groups, o // groups
    depthwise = cg == 1 and groups > 1
    dtype = np.result_type(x, g)
    k_sp = tuple(k_sp)
    wshape = (o, cg) + k_sp
    if 0 in k_sp:  # an empty kernel has an empty gradient
        return np.zeros(wshape, dtype=dtype)
    compiled = compiled_depthwise(k_sp, cg, groups, x, g)
    if compiled is not None:
        return compiled.conv_grad_filter(x, g, k_sp, strides, pads, dils)
    if len(k_sp) == 2 and winograd_usable("filter", strides, k_sp, dils, groups, c, o, tile_count(n, out_sp),
                                          dtype) and finite(x, g):
        return winograd_grad_filter(x, g, pads)
    if _pointwise(k_sp, pads, groups):  # windows past g's extent (output_padding) read nothing
        xs = x[(Ellipsis,) + tuple(slice(0, s * (q - 1) + 1, s) for s, q in zip(strides, out_sp))]
        xs = np.ascontiguousarray(xs).reshape(n, c, -1)
        return _matmul_grad_w(np.ascontiguousarray(g).reshape(n, o, -1), xs, 1).reshape(wshape)
    padded = tuple(m + b + a for m, (b, a) in zip(x.shape[2:], pads))
    if split_usable(strides, k_sp, out_sp, padded, groups) and split_prefers("filter", c, o, k_sp):
        return split_grads(x.shape, x, None, g, k_sp, pads, dils, False, True)[1]
    if _Flat.usable(strides, k_sp, out_sp, padded):
        fl = _Flat.get(padded, k_sp, dils, out_sp)

        def chunk(sl):
            xf, gp = fl.spread(x[sl], pads), fl.pad_grad(g[sl])
            if depthwise and og == 1 and fl.length >= _DOT_MIN:
                return _depthwise_dots([xf[:, :, sh:] for sh in fl.shifts], gp.reshape(-1, groups, fl.length))
            if depthwise:
                gg = gp.reshape(-1, groups, og, fl.length)
                dw = np.empty((groups, og, len(fl.shifts)), dtype=dtype)
                for t, sh in enumerate(fl.shifts):  # one contraction per offset, no product array
                    dw[:, :, t] = np.einsum("ncl,ncol->co", xf[:, :, sh:sh + fl.length], gg)
                return dw
            return _matmul_grad_w(gp, fl.cols(xf), groups)

        per = (c * len(fl.shifts) * fl.length + math.prod(wshape)) * np.dtype(dtype).itemsize
        return _summed(chunk, batch_slices(n, per), wshape)
    if depthwise and og == 1 and len(k_sp) == 2 and math.prod(out_sp) >= _DOT_MIN:
        per = (c * (math.prod(padded) + math.prod(out_sp)) + math.prod(wshape)) * np.dtype(dtype).itemsize
        return _summed(lambda sl: _strided_depthwise_grad_w(x[sl], g[sl], k_sp, strides, pads, dils),
                       batch_slices(n, per), wshape)

    def chunk(sl):
        xp = pad_spatial(x[sl], pads, tag="pad")
        gs = np.ascontiguousarray(g[sl])
        if depthwise:
            gg = gs.reshape((-1, groups, og) + tuple(out_sp))
            dw = np.empty((groups, og) + k_sp, dtype=dtype)
            sp = "xyzw"[:len(k_sp)]
            spec = f"nc{sp},nco{sp}->co"
            for offs in itertools.product(*[range(k) for k in k_sp]):  # one contraction per offset, no product
                span = xp[(slice(None), slice(None)) + _offset_slices(offs, strides, dils, out_sp)]
                dw[(slice(None), slice(None)) + offs] = np.einsum(spec, span, gg)
            return dw
        cols = copy_to_scratch("cols", windows(xp, k_sp, strides, dils, out_sp),
                               (xp.shape[0], c * math.prod(k_sp), math.prod(out_sp)))
        return _matmul_grad_w(gs.reshape(xp.shape[0], o, -1), cols, groups)

    per = (c * math.prod(k_sp) * math.prod(out_sp) + math.prod(wshape)) * np.dtype(dtype).itemsize
    return _summed(chunk, batch_slices(n, per), wshape)


def _depthwise_dots(runs, gp):
    """Filter gradient of a depthwise convolution (one output channel per group) from contiguous runs:
    runs[t] (N, C, >= L) holds the input each output position meets at kernel offset t, gp (N, C, L)
    the gradient (zero where garbage) -> (C, 1, K). Each offset is a dot product per (sample,
    channel): batched BLAS dots over blocks of channels whose gradient stays in cache across the
    K offsets (2.3x a per-offset einsum over the whole batch at 8x32x112x112, one thread)."""
    n, c, length = gp.shape
    nk = len(runs)
    per = np.empty((nk, n, c, 1, 1), dtype=np.result_type(runs[0], gp))
    gm = gp.reshape(n, c, length, 1)
    for bs, cs in _dw_blocks(n, c, gp[0, 0].nbytes):
        gb = gm[bs, cs]
        for t, run in enumerate(runs):
            np.matmul(run[bs, cs, None, :length], gb, out=per[t, bs, cs])
    return np.ascontiguousarray(per.sum(axis=1).reshape(nk, c).T).reshape(c, 1, nk)


_DOT_MIN = 128  # shortest run worth a BLAS dot per (sample, channel); shorter ones go to einsum (measured at 7x7)


def _summed(chunk, slices, shape):
    """The filter gradient of a batch: chunk's results over the batch slices, summed, in `shape`."""
    total = chunk(slices[0]).reshape(shape)
    for sl in slices[1:]:
        total = total + chunk(sl).reshape(shape)
    return total


def _winograd_grad_input(g, w, in_sp, strides, pads, dils, groups):
    """The input gradient by Winograd where it is the measured winner (a convolution of g with O
    input and C output channels over the input's tiles), else None."""
    k_sp = w.shape[2:]
    if len(k_sp) != 2 or not winograd_usable("input", strides, k_sp, dils, groups, w.shape[1] * groups,
                                             g.shape[1], tile_count(g.shape[0], in_sp), np.result_type(g, w)) \
            or not finite(g, w):
        return None
    return winograd_grad_input(g, w, in_sp, pads)


def conv_grads(x, g, w, strides, pads, dils, groups, want_x=True, want_w=True):
    """(Input grad, Filter grad) of conv_forward, None where not wanted; when both are wanted the
    split layout computes its shifted gradient once for the two (unless Winograd takes the input
    gradient)."""
    if want_x and 0 not in w.shape[2:]:
        dx = _winograd_grad_input(g, w, x.shape[2:], strides, pads, dils, groups)
        if dx is not None:
            return dx, conv_grad_filter(x, g, w.shape[2:], strides, pads, dils, groups) if want_w else None
    if want_x and want_w and 0 not in w.shape[2:] and not _pointwise(w.shape[2:], pads, groups):
        c, o, k_sp, out_sp = x.shape[1], g.shape[1], w.shape[2:], g.shape[2:]
        padded = tuple(m + b + a for m, (b, a) in zip(x.shape[2:], pads))
        if (split_usable(strides, k_sp, out_sp, padded, groups) and split_prefers("input", c, o, k_sp)
                and split_prefers("filter", c, o, k_sp)):
            return split_grads(x.shape, x, w, g, k_sp, pads, dils, True, True)
    dx = conv_grad_input(g, w, x.shape[2:], strides, pads, dils, groups) if want_x else None
    dw = conv_grad_filter(x, g, w.shape[2:], strides, pads, dils, groups) if want_w else None
    return dx, dw


def transpose_out_size(attrs, in_sp, k_sp, op_type):
    """Output spatial size of a transposed convolution (output_size or output_padding applied, checked)."""
    strides, pads, dils = resolve_padding(attrs, in_sp, k_sp, transposed=True)
    infer = [-1 if n < 0 else (n - 1) * s - b - a + d * (k - 1) + 1
             for n, k, s, (b, a), d in zip(in_sp, k_sp, strides, pads, dils)]
    size = list(attrs.get("output_size") or [])
    opad = list(attrs.get("output_padding") or [])
    if size:
        if len(size) == 1 and len(infer) > 1:
            size = size * len(infer)
        for i, (v, f, s) in enumerate(zip(size, infer, strides)):
            if f >= 0 and not f <= v < f + s:
                raise ValueError(
                    f"(InvalidArgument) output_size of Op({op_type}) should be less than inferred size + stride "
                    f"and not less than the inferred size. But received output_size = {size}, whose dim {i} is "
                    f"not in [{f}, {f + s}) (inferred output size {f}, stride {s})")
        return [int(v) for v in size], strides, pads, dils
    if opad:
        if len(opad) == 1 and len(infer) > 1:
            opad = opad * len(infer)
        for i, (v, s, d) in enumerate(zip(opad, strides, dils)):
            if v >= max(s, d):
                raise ValueError(
                    f"(InvalidArgument) output_padding of Op({op_type}) should be less than either stride or "
                    f"dilation. But received output_padding = {opad}, whose dim {i} is not less than either "
                    f"stride ({s}) or dilation ({d})")
        infer = [f if f < 0 else f + v for f, v in zip(infer, opad)]
    return infer, strides, pads, dils


