"""Pooling window kernels on channel-first arrays: window geometry, strided sweeps over regular
windows and gathered bins of varying size, with their gradients.

Regular windows are swept with one strided slice per kernel offset (a handful of whole-array
numpy calls); windows of varying size (adaptive bins, fractional regions, index outputs) are
gathered with per-dim index arrays. Window bounds follow Paddle's kernels: a window starting at
o*stride - pad_before ends at min(start + k, n + pad_before); only real elements are pooled;
the exclusive average divides by the real elements, the inclusive one by end - start.
"""
import itertools
import math
import sys

import numpy as np

from ..._core import jit
from ..._core.dtype import kind_of
from .._max_rules import empty_max, first_max, has_nan, scan_reduce


def lowest(dtype):
    """The padding of a max: -inf (integers: the lowest value), which no window's maximum can fall below."""
    return -np.inf if kind_of(np.dtype(dtype)) == "f" else np.iinfo(dtype).min


def unmatched(dtype):
    """The padding of a search for a window's maximum: NaN, equal to nothing (integers: the lowest value)."""
    return np.nan if kind_of(np.dtype(dtype)) == "f" else np.iinfo(dtype).min


def _kernel_error(msg):
    e = ValueError(msg)
    e.paddle_kernel = True
    return e


def geometry(in_sp, attrs, ksize_key="ksize"):
    """(ksize, strides, [(before, after)], out_sp) of a non-adaptive pooling, or None for adaptive."""
    nd = len(in_sp)
    if attrs.get("adaptive", False):
        return None
    ks = list(attrs[ksize_key])
    ss = list(attrs.get("strides", ks))
    if attrs.get("global_pooling", False):
        ks = list(in_sp)
        pads = [(0, 0)] * nd
    else:
        alg = attrs.get("padding_algorithm", "EXPLICIT")
        p = list(attrs.get("paddings", [0] * nd))
        if alg == "SAME":
            pads = []
            for n, k, s in zip(in_sp, ks, ss):
                tot = max(((n + s - 1) // s - 1) * s + k - n, 0)
                pads.append((tot // 2, tot - tot // 2))
        elif alg == "VALID":
            pads = [(0, 0)] * nd
        elif len(p) == 2 * nd:
            pads = [(p[2 * i], p[2 * i + 1]) for i in range(nd)]
        else:
            pads = [(v, v) for v in (p if len(p) == nd else [0] * nd)]
    ceil = attrs.get("ceil_mode", False)
    out = []
    for n, k, s, (b, a) in zip(in_sp, ks, ss, pads):
        if n < 0:
            out.append(-1)
            continue
        span = n - k + b + a
        o = (span + s - 1) // s + 1 if ceil else span // s + 1
        if o <= 0:
            raise _kernel_error(f"(InvalidArgument) The output size of pooling must be greater than 0, but received "
                                f"input size {list(in_sp)}, kernel size {ks}, strides {ss} and paddings {pads}.")
        out.append(o)
    return ks, ss, pads, out


def window_bounds(n, k, s, pb, o):
    """Per output index along one dim: (raw_start, raw_end, start, end) as int arrays (Paddle's rule)."""
    raw_start = np.arange(o) * s - pb
    raw_end = np.minimum(raw_start + k, n + pb)
    return raw_start, raw_end, np.maximum(raw_start, 0), np.minimum(raw_end, n)


def adaptive_bounds(n, o):
    """Adaptive bins: [floor(i n / o), ceil((i + 1) n / o))."""
    i = np.arange(o)
    return (i * n) // o, -((-(i + 1) * n) // o)


def _outer(vectors):
    """Outer product of per-dim vectors, shaped (*out)."""
    out = np.ones([len(v) for v in vectors])
    for d, v in enumerate(vectors):
        out = out * np.asarray(v, dtype=np.float64).reshape([-1 if i == d else 1 for i in range(len(vectors))])
    return out


# -- strided sweeps (regular windows) -------------------------------------------------------
def _padded(x, ks, ss, pads, out_sp, value):
    """x padded so every window [o*s - pb, o*s - pb + k) lies inside; the slices per kernel offset."""
    after = [max((o - 1) * s + k - n - b, 0) for n, k, s, (b, _), o in zip(x.shape[2:], ks, ss, pads, out_sp)]
    if any(b for b, _ in pads) or any(after):
        shape = x.shape[:2] + tuple(n + b + a for n, (b, _), a in zip(x.shape[2:], pads, after))
        xp = np.full(shape, value, dtype=x.dtype)
        xp[(Ellipsis,) + tuple(slice(b, b + n) for n, (b, _) in zip(x.shape[2:], pads))] = x
    else:
        xp = x
    return xp


def offset_slices(ks, ss, out_sp):
    """For each kernel offset (row-major), the strided slices of the padded input it reads."""
    for offs in itertools.product(*[range(k) for k in ks]):
        yield (slice(None), slice(None)) + tuple(slice(t, t + s * (o - 1) + 1, s)
                                                 for t, s, o in zip(offs, ss, out_sp))


def _tiled_max(x, ks):
    """Max over 2-D windows that tile the map: maxima of whole rows (long contiguous runs), then of
    strided columns (fewer strided passes than one per kernel offset)."""
    n, c, h, w = x.shape
    kh, kw = ks
    rows = x.reshape(n, c, h // kh, kh, w)
    m = rows[:, :, :, 0].copy() if kh == 1 else np.maximum(rows[:, :, :, 0], rows[:, :, :, 1])
    for i in range(2, kh):
        np.maximum(m, rows[:, :, :, i], out=m)
    if kw == 1:
        return m
    out = np.maximum(m[..., 0::kw], m[..., 1::kw])
    for j in range(2, kw):
        np.maximum(out, m[..., j::kw], out=out)
    return out


def _separable_max(xp, ks, ss, out_sp):
    """Max over the 2-D windows of the padded xp: over each window row's columns first (kw - 1
    strided passes, on the kh-row strip only), then over the rows (kh - 1 passes over long runs)
    instead of kh*kw - 1 strided passes. Among equal values (+0 and -0) the first in row-major
    order wins, as in a scan over the window."""
    (kh, kw), (sh, sw), (oh, ow) = ks, ss, out_sp
    strip = xp[:, :, :sh * (oh - 1) + kh]
    cols = [strip[..., j:j + sw * (ow - 1) + 1:sw] for j in range(kw)]
    m = cols[0].copy() if kw == 1 else np.maximum(cols[0], cols[1])
    for c in cols[2:]:
        np.maximum(m, c, out=m)
    rows = [m[:, :, i:i + sh * (oh - 1) + 1:sh] for i in range(kh)]
    out = rows[0].copy() if kh == 1 else np.maximum(rows[0], rows[1])
    for r in rows[2:]:
        np.maximum(out, r, out=out)
    return out


def max_sweep(x, ks, ss, pads, out_sp, ignore_nan=False):
    """Max over regular windows, by Paddle's scan (a NaN counts only when last in its window) or, with
    ignore_nan (adaptive bins), by its indexed comparison (ops/_max_rules.py)."""
    if len(ks) == 2 and _tiles(x.shape, ks, ss, pads, out_sp):
        out = _tiled_max(x, ks)
    else:
        xp = _padded(x, ks, ss, pads, out_sp, lowest(x.dtype))
        if len(ks) == 2 and ks[0] * ks[1] > 2:
            out = _separable_max(xp, ks, ss, out_sp)
        else:
            sl = offset_slices(ks, ss, out_sp)
            out = xp[next(sl)].copy()
            for s in sl:
                np.maximum(out, xp[s], out=out)
    bins = regular_bins(x.shape[2:], ks, ss, pads, out_sp)
    if has_nan(out):  # np.maximum let a NaN through: the windows holding one are decided by Paddle's rule
        vals, flat = gather_bins(x, *bins, fill=0)
        out = first_max(vals)[0] if ignore_nan else scan_reduce(vals, valid=flat >= 0)
    empty = np.zeros(out_sp, dtype=bool)
    for d, (st, en) in enumerate(zip(*bins)):
        empty |= (en <= st).reshape([-1 if i == d else 1 for i in range(len(out_sp))])
    if empty.any():  # windows lying wholly in padding (ceil_mode)
        out[:, :, empty] = empty_max(x.dtype)
    return out


def sum_sweep(x, ks, ss, pads, out_sp):
    """Sum over regular windows (padding contributes 0)."""
    xp = _padded(x, ks, ss, pads, out_sp, 0)
    sl = offset_slices(ks, ss, out_sp)
    out = xp[next(sl)].copy()
    for s in sl:
        out += xp[s]
    return out


def avg_divisor(in_sp, ks, ss, pads, out_sp, exclusive):
    """The divisor of each output of an average pooling (exclusive: real elements only)."""
    vecs = []
    for n, k, s, (b, _), o in zip(in_sp, ks, ss, pads, out_sp):
        rs, re, st, en = window_bounds(n, k, s, b, o)
        vecs.append(en - st if exclusive else re - rs)
    return _outer(vecs)


def scatter_sweep(g, x_shape, ks, ss, pads, out_sp, weights=None):
    """Adjoint of a window sweep: add g (times weights[t] per offset, when given) into each window."""
    after = [max((o - 1) * s + k - n - b, 0) for n, k, s, (b, _), o in zip(x_shape[2:], ks, ss, pads, out_sp)]
    padded = x_shape[:2] + tuple(n + b + a for n, (b, _), a in zip(x_shape[2:], pads, after))
    dx = np.zeros(padded, dtype=g.dtype)
    for t, s in enumerate(offset_slices(ks, ss, out_sp)):
        dx[s] += g if weights is None else weights(t, s)
    crop = (Ellipsis,) + tuple(slice(b, b + n) for n, (b, _) in zip(x_shape[2:], pads))
    return np.ascontiguousarray(dx[crop]) if dx.shape != tuple(x_shape) else dx


def _tiles(x_shape, ks, ss, pads, out_sp):
    """Whether the windows tile the input exactly (stride == kernel, no padding, nothing left over)."""
    return all(k == s and b == 0 and e == 0 and o * k == n
               for k, s, (b, e), o, n in zip(ks, ss, pads, out_sp, x_shape[2:]))


_PAIR_UINT = {2: (np.uint16, np.uint32, 0x10001), 4: (np.uint32, np.uint64, 0x100000001)}


def _repeat_pairs(a):
    """a (..., n) -> (..., 2n) with every element twice: one integer multiply of the bits, the two
    copies side by side in a word twice as wide (np.repeat takes ~5x longer)."""
    spec = _PAIR_UINT.get(a.dtype.itemsize)
    if spec is None:
        return np.repeat(a, 2, axis=-1)
    small, big, factor = spec
    wide = np.ascontiguousarray(a).view(small).astype(big)
    wide *= big(factor)
    return wide.view(a.dtype).reshape(a.shape[:-1] + (2 * a.shape[-1],))


def _tiled_pair_grad(x, out, g, kh, finite=True):
    """max_sweep_grad for 2-D windows of kh x 2 that tile the map, a row of windows at a time.

    Comparing a whole input row with its outputs repeated pairwise reads the input in long runs
    (instead of one stride-2 pass per kernel offset); the first match of a window row is kept by
    masking the second byte of each byte pair where the first is set (a uint16 view), and later
    rows only where no earlier row matched.
    """
    n, c, h, w = x.shape
    rows = x.reshape(n, c, h // kh, kh, w)
    out_w, g_w = _repeat_pairs(out), _repeat_pairs(g)
    dx = np.empty(x.shape, dtype=g.dtype)
    dx_rows = dx.reshape(rows.shape)
    eq = np.empty(out_w.shape, dtype=bool)
    pair = eq.view(np.uint16)
    mask = np.empty(pair.shape, dtype=np.uint16)
    taken = np.zeros(pair.shape, dtype=bool) if kh > 1 else None
    for i in range(kh):
        np.equal(rows[:, :, :, i], out_w, out=eq)
        np.left_shift(pair, 8, out=mask)  # (little-endian) the first byte's bit moved onto the second
        np.invert(mask, out=mask)
        np.bitwise_and(pair, mask, out=pair)
        if i:
            np.multiply(pair, ~taken, out=pair)
        if i < kh - 1:
            np.logical_or(taken, pair, out=taken)
        _hits_only(g_w, eq, dx_rows[:, :, :, i], finite)
    return dx


def _hits_only(g, hit, out, finite):
    """out = g where hit, else 0: g * hit, with the NaN of inf * 0 cleared where g is not finite (Paddle adds a
    window's gradient at its max only; the other elements get nothing, not NaN)."""
    if finite:
        return np.multiply(g, hit, out=out)
    out[...] = 0
    np.copyto(out, g, where=hit)
    return out


def max_sweep_grad(x, out, g, ks, ss, pads, out_sp):
    """Max-pool gradient: each output's grad goes to the first window element equal to the max.

    As Paddle's kernel (dx zeroed, then dx[first max] += g): an element that is no window's max gets +0.0, never
    -0.0 (a negative g times 0) or NaN (an infinite g times 0)."""
    finite = bool(np.isfinite(g).all()) if kind_of(g.dtype) == "f" else True
    if (len(ks) == 2 and ks[1] == 2 and _tiles(x.shape, ks, ss, pads, out_sp) and sys.byteorder == "little"):
        return _plus_zero(_tiled_pair_grad(x, out, g, ks[0], finite))
    eq = np.empty(out.shape, dtype=bool)
    hit = np.empty(out.shape, dtype=bool)
    taken = np.zeros(out.shape, dtype=bool)
    if _tiles(x.shape, ks, ss, pads, out_sp):  # every input element is in exactly one window: write, don't add
        dx = np.empty(x.shape, dtype=g.dtype)
        for s in offset_slices(ks, ss, out_sp):
            np.equal(x[s], out, out=eq)
            np.greater(eq, taken, out=hit)
            np.bitwise_or(taken, eq, out=taken)
            _hits_only(g, hit, dx[s], finite)
        return _plus_zero(dx)
    if len(ks) == 2 and g.dtype in jit.FLOATS and g.dtype == x.dtype == out.dtype and jit.enabled():
        from . import _max_jit  # imports numba: only here, on first use
        return _max_jit.max_grad(x, out, g, ks, ss, pads)
    xp = _padded(x, ks, ss, pads, out_sp, unmatched(x.dtype))
    prod = np.empty(out.shape, dtype=g.dtype)  # one buffer for every offset's share (added at once)

    def first_match(t, s):
        np.equal(xp[s], out, out=eq)
        np.greater(eq, taken, out=hit)
        np.bitwise_or(taken, eq, out=taken)
        return _hits_only(g, hit, prod, finite)  # added into zeros: a -0.0 share leaves +0.0

    return scatter_sweep(g, x.shape, ks, ss, pads, out_sp, first_match)


def _plus_zero(dx):
    """dx + 0.0 in place for a gradient written rather than added: -0.0 becomes +0.0, as Paddle's 0 + g."""
    if kind_of(dx.dtype) == "f":
        np.add(dx, dx.dtype.type(0), out=dx)
    return dx


def max_sweep_gather(x, out, gg, ks, ss, pads, out_sp):
    """Adjoint of max_sweep_grad: gg read at each window's first max."""
    xp = _padded(x, ks, ss, pads, out_sp, unmatched(x.dtype))
    ggp = _padded(gg, ks, ss, pads, out_sp, 0)
    taken = np.zeros(out.shape, dtype=bool)
    res = np.zeros(out.shape, dtype=gg.dtype)
    for s in offset_slices(ks, ss, out_sp):
        eq = xp[s] == out
        hit = eq > taken
        taken |= eq
        res += ggp[s] * hit
    return res


# -- gathered windows (bins of varying size) -------------------------------------------------
def bin_index(in_sp, starts, ends):
    """Index arrays of windows [starts[d][o], ends[d][o]) per dim, laid out (*out, *members).

    Missing members (bins shorter than the longest) point at n, one past the dim; the flat
    spatial index of every member is returned alongside as (*out, K), -1 where missing.
    """
    nd = len(starts)
    sizes = [int(max((e - s).max(), 1)) for s, e in zip(starts, ends)]
    strides = [math.prod(in_sp[d + 1:]) for d in range(nd)]
    idx, flat = [], 0
    for d, (s, e, k, n) in enumerate(zip(starts, ends, sizes, in_sp)):
        member = s[:, None] + np.arange(k)[None, :]
        valid = member < e[:, None]
        shape = [1] * (2 * nd)
        shape[d], shape[nd + d] = len(s), k
        idx.append(np.where(valid, member, n).reshape(shape))
        flat = flat + np.where(valid, member * strides[d], -(1 << 40)).reshape(shape)
    out_sp = tuple(len(s) for s in starts)
    flat = np.broadcast_to(flat, out_sp + tuple(sizes)).reshape(out_sp + (math.prod(sizes),))
    return idx, np.where(flat < 0, -1, flat)


def gather_bins(x, starts, ends, fill):
    """Bins of x gathered as (N, C, *out, K) (missing members = fill) and their flat spatial indices."""
    idx, flat = bin_index(x.shape[2:], starts, ends)
    padded = np.full(x.shape[:2] + tuple(n + 1 for n in x.shape[2:]), fill, dtype=x.dtype)
    padded[(Ellipsis,) + tuple(slice(0, n) for n in x.shape[2:])] = x
    vals = padded[(slice(None), slice(None)) + tuple(idx)]
    return vals.reshape(x.shape[:2] + flat.shape), flat


def bins_max(x, starts, ends):
    """Max and its first flat spatial index over each bin, by Paddle's indexed comparison: a NaN never wins
    (an all-NaN bin gives NaN at its first member; ops/_max_rules.py)."""
    vals, flat = gather_bins(x, starts, ends, unmatched(x.dtype))  # a missing member (NaN) never wins
    out, arg = first_max(vals)
    mask = np.take_along_axis(np.broadcast_to(flat, vals.shape), arg[..., None], -1)[..., 0]
    empty = mask < 0  # a bin lying wholly in padding
    if empty.any():
        out[empty] = empty_max(x.dtype)
    return out, mask.astype(np.int32)


def bins_sum(x, starts, ends):
    """Sum over each bin."""
    vals, _ = gather_bins(x, starts, ends, 0)
    return vals.sum(axis=-1)


def scatter_flat(g, mask, x_shape):
    """Add g[..., o] into position mask[..., o] of the flattened spatial dims of zeros(x_shape)."""
    n, c = x_shape[:2]
    hw = math.prod(x_shape[2:])
    m = mask.reshape(n * c, -1).astype(np.int64)
    ok = m >= 0
    rows = np.arange(n * c)[:, None] * hw
    dx = np.bincount((rows + m)[ok], weights=g.reshape(n * c, -1)[ok], minlength=n * c * hw)
    return dx.astype(g.dtype).reshape(x_shape)


def bins_sum_grad(g, starts, ends, x_shape):
    """Adjoint of bins_sum: every bin member receives its bin's grad."""
    _, flat = bin_index(x_shape[2:], starts, ends)
    k = flat.shape[-1]
    mask = np.broadcast_to(flat, tuple(x_shape[:2]) + flat.shape)
    gk = np.broadcast_to(g[..., None], g.shape + (k,))
    n, c = x_shape[:2]
    return scatter_flat(gk.reshape(n, c, -1), mask.reshape(n, c, -1), x_shape)


def regular_bins(in_sp, ks, ss, pads, out_sp):
    """Regular windows as bins: clamped [start, end) per dim."""
    starts, ends = [], []
    for n, k, s, (b, _), o in zip(in_sp, ks, ss, pads, out_sp):
        _, _, st, en = window_bounds(n, k, s, b, o)
        starts.append(st)
        ends.append(en)
    return starts, ends
