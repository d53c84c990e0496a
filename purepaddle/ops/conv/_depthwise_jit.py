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
A 3x3 kernel of finite weights takes forward3 instead: one sweep of all nine taps over a zero-bordered copy of
each plane (MobileNetV2's depthwise layers 5.2 -> 2.4 ms at 1 thread).
numba is imported by this module: import it only when _core.jit.enabled().
"""
import numpy as np
from numba import njit

from ..._core.threads import parallel_for


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
def _fill(pad, plane, pt, pl, quads, quad):
    """pad[pt:pt+h, pl:pl+w] = plane (and with quad its four (row, column) parity planes into
    quads[2 * row parity + column parity]), as explicit row loops: numba's 2-D slice assignment is about 3x slower
    on these small planes."""
    h, w = plane.shape
    for r in range(h):
        src, dst = plane[r], pad[pt + r, pl:pl + w]
        for c in range(w):
            dst[c] = src[c]
    if quad:
        hp, wp = pad.shape
        for r in range(hp):
            pr = pad[r]
            e, o = quads[2 * (r % 2), r // 2], quads[2 * (r % 2) + 1, r // 2]
            for c in range(wp // 2):
                e[c] = pr[2 * c]
                o[c] = pr[2 * c + 1]
            if wp % 2:
                e[wp // 2] = pr[wp - 1]


@njit(cache=True, nogil=True)
def forward3(x, w, out, sh, sw, pt, pl, dh, dw, c0, c1):
    """forward for a 3x3 kernel of finite weights: each input plane is copied into a zero-bordered scratch
    plane, and every output is one sweep of all nine taps, ((0 + R0) + R1) + R2 with R_a the kernel row a's
    three products (R_a = k[a,0]*r[b] + k[a,1]*r[b+dw] + k[a,2]*r[b+2dw]); no output needs a border case, which
    on MobileNet's 14x14 and 7x7 planes cost more than the sums. The padded zeros add exact zeros (the weights
    are finite: 0 * w is 0), so only the association of a border output's terms differs from forward's."""
    n_, _, h_, w_ = x.shape
    mult = w.shape[0] // x.shape[1]
    oh, ow = out.shape[2], out.shape[3]
    hp = max(h_ + pt, (oh - 1) * sh + 2 * dh + 1)
    wp = max(w_ + pl, (ow - 1) * sw + 2 * dw + 1)
    pad = np.zeros((hp, wp), dtype=x.dtype)  # the border stays zero: only [pt:pt+h, pl:pl+w] is rewritten
    # stride 2: the four (row, column) parity planes, so that all nine taps of output (i, j) sit at flat
    # positions q, q + 1, q + wq, q + wq + 1 (q = i * wq + j) of one plane or another: one flat sweep (strided
    # loads do not vectorise)
    quad = sh == 2 and sw == 2 and dh == 1 and dw == 1
    hq, wq = (hp + 1) // 2, (wp + 1) // 2
    quads = np.zeros((4, hq, wq) if quad else (4, 1, 1), dtype=x.dtype)
    zero = pad[0, 0]
    # stride 1: one sweep over the flattened padded plane, outputs at flat positions i * wp + j (the columns
    # j >= ow in between are computed and dropped), then the rows copied out; a 7-wide row loop has too little
    # work for its setup (MobileNetV2's 7x7 layer 0.27 -> 0.11 ms), and even 112-wide planes gain 15%
    flat = sh == 1 and sw == 1 and dw == 1
    length = (oh - 1) * wp + ow
    qlength = (oh - 1) * wq + ow
    buf = np.empty(length if flat else (qlength if quad else 1), dtype=x.dtype)
    fp = pad.reshape(-1)
    fq = quads.reshape(4, -1)
    for n in range(n_):
        for co in range(c0, c1):
            ci = co // mult
            if co == c0 or co % mult == 0:
                _fill(pad, x[n, ci], pt, pl, quads, quad)
            k = w[co, 0]
            w00, w01, w02 = k[0, 0], k[0, 1], k[0, 2]
            w10, w11, w12 = k[1, 0], k[1, 1], k[1, 2]
            w20, w21, w22 = k[2, 0], k[2, 1], k[2, 2]
            if flat:
                f0 = fp[:length + 2]
                f1 = fp[dh * wp:dh * wp + length + 2]
                f2 = fp[2 * dh * wp:2 * dh * wp + length + 2]
                for q in range(length):
                    acc = zero + (f0[q] * w00 + f0[q + 1] * w01 + f0[q + 2] * w02)
                    acc += f1[q] * w10 + f1[q + 1] * w11 + f1[q + 2] * w12
                    buf[q] = acc + (f2[q] * w20 + f2[q + 1] * w21 + f2[q + 2] * w22)
                for i in range(oh):
                    d, src = out[n, co, i], buf[i * wp:i * wp + ow]
                    for j in range(ow):
                        d[j] = src[j]
                continue
            if quad:
                ee, eo, oe, oo = fq[0], fq[1], fq[2], fq[3]
                ee1, eo1 = fq[0, wq:], fq[1, wq:]  # the next even row: kernel row 2
                for q in range(qlength):
                    acc = zero + (ee[q] * w00 + eo[q] * w01 + ee[q + 1] * w02)
                    acc += oe[q] * w10 + oo[q] * w11 + oe[q + 1] * w12
                    buf[q] = acc + (ee1[q] * w20 + eo1[q] * w21 + ee1[q + 1] * w22)
                for i in range(oh):
                    d, src = out[n, co, i], buf[i * wq:i * wq + ow]
                    for j in range(ow):
                        d[j] = src[j]
                continue
            for i in range(oh):  # other strides and dilations (rare): strided rows of the padded plane
                d = out[n, co, i]
                top = i * sh
                r0, r1, r2 = pad[top], pad[top + dh], pad[top + 2 * dh]
                a0, a1, a2 = r0[0::sw], r0[dw::sw], r0[2 * dw::sw]
                b0, b1, b2 = r1[0::sw], r1[dw::sw], r1[2 * dw::sw]
                e0, e1, e2 = r2[0::sw], r2[dw::sw], r2[2 * dw::sw]
                for j in range(ow):
                    acc = zero + (a0[j] * w00 + a1[j] * w01 + a2[j] * w02)
                    acc += b0[j] * w10 + b1[j] * w11 + b2[j] * w12
                    d[j] = acc + (e0[j] * w20 + e1[j] * w21 + e2[j] * w22)
    return out


@njit(cache=True, nogil=True)
def forward(x, w, out, sh, sw, pt, pl, dh, dw, c0, c1):
    """out[n, co] = depthwise correlation of x[n, co // m] with w[co, 0] for co in [c0, c1); those channels
    of out are overwritten."""
    n_, _, h_, w_ = x.shape
    o_, kh, kw = w.shape[0], w.shape[2], w.shape[3]
    mult = o_ // x.shape[1]
    oh, ow = out.shape[2], out.shape[3]
    lo, hi, ilo, ihi = _spans(kw, dw, pl, sw, w_, ow)
    o0, o1, o2 = -pl, dw - pl, 2 * dw - pl
    for n in range(n_):
        for co in range(c0, c1):
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
def grad_input(g, w, xg, sh, sw, pt, pl, dh, dw, c0, c1):
    """xg (N, C, H, W) = the input gradient of forward for output gradient g, for input channels ci in
    [c0, c1) (output channels [c0 * m, c1 * m)); those channels of xg are overwritten."""
    n_, _, h_, w_ = xg.shape
    o_, kh, kw = w.shape[0], w.shape[2], w.shape[3]
    mult = o_ // xg.shape[1]
    oh, ow = g.shape[2], g.shape[3]
    lo, hi, _, _ = _spans(kw, dw, pl, sw, w_, ow)
    for n in range(n_):
        xg[n, c0:c1] = 0
        for co in range(c0 * mult, c1 * mult):
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
def grad_filter(g, x, wg, sh, sw, pt, pl, dh, dw, c0, c1):
    """wg (C * m, 1, KH, KW) = the filter gradient of forward for output gradient g, for output channels co
    in [c0, c1); those rows of wg are overwritten.

    Each tap's products are summed per output column first (a vector the loops can keep in SIMD
    registers), then across columns in float64."""
    n_, _, h_, w_ = x.shape
    o_, kh, kw = wg.shape[0], wg.shape[2], wg.shape[3]
    mult = o_ // x.shape[1]
    oh, ow = g.shape[2], g.shape[3]
    lo, hi, _, _ = _spans(kw, dw, pl, sw, w_, ow)
    acc = np.zeros((kh, kw, ow), dtype=g.dtype)
    for co in range(c0, c1):
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
# The kernels release the GIL (nogil), so the channels are split over the intra-op threads
# (_core/threads.parallel_for): each thread writes its own channels, and every output element is summed by
# one thread in the same order as in one call, so the result does not depend on the thread count.
def _geometry(strides, pads, dils):
    (sh, sw), (dh, dw) = strides, dils
    (pt, _), (pl, _) = pads
    return sh, sw, pt, pl, dh, dw


def _work(out):
    """Elements per channel of out (the grain parallel_for weighs a split by)."""
    return out[:1, :1].size * out.shape[0]


def conv_forward(x, w, strides, pads, dils, out_sp):
    """Depthwise forward: x (N, C, H, W), w (C*m, 1, KH, KW) of one float dtype -> (N, C*m, OH, OW)."""
    out = np.empty((x.shape[0], w.shape[0]) + tuple(out_sp), dtype=x.dtype)
    x, w, geo = np.ascontiguousarray(x), np.ascontiguousarray(w), _geometry(strides, pads, dils)
    kernel = forward3 if w.shape[2:] == (3, 3) and np.isfinite(w).all() else forward
    parallel_for(lambda c0, c1: kernel(x, w, out, *geo, c0, c1), w.shape[0], _work(out))
    return out


def conv_grad_input(g, w, in_sp, strides, pads, dils, channels):
    """Input gradient: g (N, C*m, OH, OW) -> (N, C, *in_sp), C = channels."""
    xg = np.empty((g.shape[0], channels) + tuple(in_sp), dtype=g.dtype)
    g, w, geo = np.ascontiguousarray(g), np.ascontiguousarray(w), _geometry(strides, pads, dils)
    sh, sw, pt, pl, dh, dw = geo
    if (w.shape[0] == channels and w.shape[2:] == (3, 3) and (sh, sw, dh, dw) == (1, 1, 1, 1) and pt <= 2
            and pl <= 2 and np.isfinite(w).all()):
        # stride 1: the input gradient is the forward correlation of g, padded by 2 - p, with the kernel turned
        # 180 degrees (xg[i] = sum_a g[i + p - a] w[a]), so it takes forward3's flat sweep
        wr = np.ascontiguousarray(w[:, :, ::-1, ::-1])
        parallel_for(lambda c0, c1: forward3(g, wr, xg, 1, 1, 2 - pt, 2 - pl, 1, 1, c0, c1), channels, _work(xg))
        return xg
    parallel_for(lambda c0, c1: grad_input(g, w, xg, *geo, c0, c1), channels, _work(g) * (w.shape[0] // channels))
    return xg


def conv_grad_filter(x, g, k_sp, strides, pads, dils):
    """Filter gradient: x (N, C, H, W), g (N, C*m, OH, OW) -> (C*m, 1, KH, KW)."""
    wg = np.empty((g.shape[1], 1) + tuple(k_sp), dtype=g.dtype)
    g, x, geo = np.ascontiguousarray(g), np.ascontiguousarray(x), _geometry(strides, pads, dils)
    parallel_for(lambda c0, c1: grad_filter(g, x, wg, *geo, c0, c1), g.shape[1], _work(g))
    return wg
