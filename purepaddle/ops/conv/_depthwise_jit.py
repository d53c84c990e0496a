"""Compiled (numba) kernels for 2-D depthwise convolution: forward, input gradient, filter gradient.

Why compiled: a depthwise convolution does 9 multiply-adds per output for a 3x3 kernel and no
reduction over channels, so there is no GEMM to hand to BLAS; the NumPy form makes one full pass over
the output per kernel tap (9 passes of a 4.8 MB plane for MobileNet's 96x112x112 layer). These loops
keep one output row in L1 and add all taps of a kernel row into it in one sweep: forward 4.4 -> 1.7 ms,
forward+backward 15.5 -> 6.5 ms on that layer at 1 thread (docs/architecture.md, "The hot path").

Layout: x (N, C, H, W), w (C * m, 1, KH, KW) with output channel co reading input channel co // m,
out/g (N, C * m, OH, OW); output position (i, j) reads input (i*sh - pt + a*dh, j*sw - pl + b*dw);
taps that fall outside the input are skipped (zero padding on any side; columns and rows past the
input's end are simply not read). Every output's taps are summed in kernel order (a, then b) starting
from zero, except that a 3-wide kernel row's three taps are added as one term (x0*w0 + x1*w1 + x2*w2).
numba is imported by this module: import it only when _core.jit.enabled().
"""
import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def _span(off, sw, width, ow):
    """Output columns j in [lo, hi) whose input column j*sw + off lies in [0, width)."""
    lo = 0 if off >= 0 else (-off + sw - 1) // sw
    hi = (width - 1 - off) // sw + 1 if width - 1 - off >= 0 else 0
    if hi > ow:
        hi = ow
    if hi < lo:
        hi = lo
    return lo, hi


@njit(cache=True, nogil=True)
def _spans(kw, dw, pl, sw, width, ow):
    """Per kernel column b: the output columns it reaches; and for a 3-wide kernel the interior
    columns all three reach (lo == hi when there are none). The same for every row, computed once."""
    lo = np.empty(kw, np.int64)
    hi = np.empty(kw, np.int64)
    for b in range(kw):
        lo[b], hi[b] = _span(b * dw - pl, sw, width, ow)
    ilo, ihi = 0, 0
    if kw == 3:
        ilo, ihi = max(lo[0], max(lo[1], lo[2])), min(hi[0], min(hi[1], hi[2]))
        if ihi <= ilo:
            ilo, ihi = 0, 0
    return lo, hi, ilo, ihi


@njit(cache=True, nogil=True)
def forward(x, w, out, sh, sw, pt, pl, dh, dw):
    """out[n, co] = depthwise correlation of x[n, co // m] with w[co, 0]; out is overwritten."""
    n_, _, h_, w_ = x.shape
    o_, kh, kw = w.shape[0], w.shape[2], w.shape[3]
    mult = o_ // x.shape[1]
    oh, ow = out.shape[2], out.shape[3]
    lo, hi, ilo, ihi = _spans(kw, dw, pl, sw, w_, ow)
    o0, o1, o2 = -pl, dw - pl, 2 * dw - pl
    for n in range(n_):
        for co in range(o_):
            ci = co // mult
            for i in range(oh):
                orow = out[n, co, i]
                orow[:] = 0
                for a in range(kh):
                    ii = i * sh - pt + a * dh
                    if ii < 0 or ii >= h_:
                        continue
                    xrow = x[n, ci, ii]
                    if ihi > ilo:  # the interior: three taps in one sweep
                        w0, w1, w2 = w[co, 0, a, 0], w[co, 0, a, 1], w[co, 0, a, 2]
                        dst = orow[ilo:ihi]
                        if sw == 1 and dw == 1:  # one source run: the compiler sees k, k+1, k+2 >= 0
                            src = xrow[ilo + o0:ihi + o2]
                            for k in range(ihi - ilo):
                                dst[k] += src[k] * w0 + src[k + 1] * w1 + src[k + 2] * w2
                        elif sw == 1:
                            s0 = xrow[ilo + o0:ihi + o0]
                            s1 = xrow[ilo + o1:ihi + o1]
                            s2 = xrow[ilo + o2:ihi + o2]
                            for k in range(ihi - ilo):
                                dst[k] += s0[k] * w0 + s1[k] * w1 + s2[k] * w2
                        else:
                            for k in range(ihi - ilo):
                                base = (ilo + k) * sw
                                dst[k] += xrow[base + o0] * w0 + xrow[base + o1] * w1 + xrow[base + o2] * w2
                        for j in range(ilo):  # the few border columns, each tap checked
                            for b in range(3):
                                jj = j * sw + b * dw - pl
                                if jj >= 0 and jj < w_:
                                    orow[j] += xrow[jj] * w[co, 0, a, b]
                        for j in range(ihi, ow):
                            for b in range(3):
                                jj = j * sw + b * dw - pl
                                if jj >= 0 and jj < w_:
                                    orow[j] += xrow[jj] * w[co, 0, a, b]
                        continue
                    for b in range(kw):
                        wv = w[co, 0, a, b]
                        off = b * dw - pl
                        if hi[b] > lo[b]:
                            dst = orow[lo[b]:hi[b]]
                            if sw == 1:
                                src = xrow[lo[b] + off:hi[b] + off]
                                for k in range(hi[b] - lo[b]):
                                    dst[k] += src[k] * wv
                            else:
                                for k in range(hi[b] - lo[b]):
                                    dst[k] += xrow[(lo[b] + k) * sw + off] * wv
    return out


@njit(cache=True, nogil=True)
def grad_input(g, w, xg, sh, sw, pt, pl, dh, dw):
    """xg (N, C, H, W) = the input gradient of forward for output gradient g; xg is overwritten."""
    n_, _, h_, w_ = xg.shape
    o_, kh, kw = w.shape[0], w.shape[2], w.shape[3]
    mult = o_ // xg.shape[1]
    oh, ow = g.shape[2], g.shape[3]
    lo, hi, _, _ = _spans(kw, dw, pl, sw, w_, ow)
    xg[:] = 0
    for n in range(n_):
        for co in range(o_):
            ci = co // mult
            for i in range(oh):
                grow = g[n, co, i]
                for a in range(kh):
                    ii = i * sh - pt + a * dh
                    if ii < 0 or ii >= h_:
                        continue
                    xrow = xg[n, ci, ii]
                    for b in range(kw):
                        if hi[b] <= lo[b]:
                            continue
                        wv = w[co, 0, a, b]
                        off = b * dw - pl
                        src = grow[lo[b]:hi[b]]
                        if sw == 1:
                            dst = xrow[lo[b] + off:hi[b] + off]
                            for k in range(hi[b] - lo[b]):
                                dst[k] += src[k] * wv
                        else:
                            for k in range(hi[b] - lo[b]):
                                xrow[(lo[b] + k) * sw + off] += src[k] * wv
    return xg


@njit(cache=True, nogil=True)
def grad_filter(g, x, wg, sh, sw, pt, pl, dh, dw):
    """wg (C * m, 1, KH, KW) = the filter gradient of forward for output gradient g; wg is overwritten.

    Each tap's products are summed per output column first (a vector the loops can keep in SIMD
    registers), then across columns in float64."""
    n_, _, h_, w_ = x.shape
    o_, kh, kw = wg.shape[0], wg.shape[2], wg.shape[3]
    mult = o_ // x.shape[1]
    oh, ow = g.shape[2], g.shape[3]
    lo, hi, _, _ = _spans(kw, dw, pl, sw, w_, ow)
    acc = np.zeros((kh, kw, ow), dtype=g.dtype)
    for co in range(o_):
        ci = co // mult
        acc[:] = 0
        for n in range(n_):
            for i in range(oh):
                grow = g[n, co, i]
                for a in range(kh):
                    ii = i * sh - pt + a * dh
                    if ii < 0 or ii >= h_:
                        continue
                    xrow = x[n, ci, ii]
                    for b in range(kw):
                        if hi[b] <= lo[b]:
                            continue
                        off = b * dw - pl
                        r = acc[a, b, lo[b]:hi[b]]
                        gs = grow[lo[b]:hi[b]]
                        if sw == 1:
                            src = xrow[lo[b] + off:hi[b] + off]
                            for k in range(hi[b] - lo[b]):
                                r[k] += gs[k] * src[k]
                        else:
                            for k in range(hi[b] - lo[b]):
                                r[k] += gs[k] * xrow[(lo[b] + k) * sw + off]
        for a in range(kh):
            for b in range(kw):
                s = 0.0
                for j in range(ow):
                    s += acc[a, b, j]
                wg[co, 0, a, b] = s
    return wg


# -- array-level entry points (what _kernels.py calls) ---------------------------------------
def _geometry(strides, pads, dils):
    (sh, sw), (dh, dw) = strides, dils
    (pt, _), (pl, _) = pads
    return sh, sw, pt, pl, dh, dw


def conv_forward(x, w, strides, pads, dils, out_sp):
    """Depthwise forward: x (N, C, H, W), w (C*m, 1, KH, KW) of one float dtype -> (N, C*m, OH, OW)."""
    out = np.empty((x.shape[0], w.shape[0]) + tuple(out_sp), dtype=x.dtype)
    return forward(np.ascontiguousarray(x), np.ascontiguousarray(w), out, *_geometry(strides, pads, dils))


def conv_grad_input(g, w, in_sp, strides, pads, dils, channels):
    """Input gradient: g (N, C*m, OH, OW) -> (N, C, *in_sp), C = channels."""
    xg = np.empty((g.shape[0], channels) + tuple(in_sp), dtype=g.dtype)
    return grad_input(np.ascontiguousarray(g), np.ascontiguousarray(w), xg, *_geometry(strides, pads, dils))


def conv_grad_filter(x, g, k_sp, strides, pads, dils):
    """Filter gradient: x (N, C, H, W), g (N, C*m, OH, OW) -> (C*m, 1, KH, KW)."""
    wg = np.empty((g.shape[1], 1) + tuple(k_sp), dtype=g.dtype)
    return grad_filter(np.ascontiguousarray(g), np.ascontiguousarray(x), wg, *_geometry(strides, pads, dils))
