"""Winograd F(2x2, 3x3): 3x3 stride-1 convolutions with 16 GEMMs over 4x4 input tiles.

Each 2x2 output tile is A^T [(G w G^T) * (B^T d B)] A for the 4x4 input tile d around it, so
the 9 multiply-adds per output pixel and channel pair of im2col become 4 (16 per 4 outputs);
the transforms are adds and subtractions (B, A) or one small GEMM (G, on the filter). Its
float32 error is that of a direct sum (the transforms' coefficients are 0, +-1/2, +-1: exact).

Data layout: tiles run over (N, tile row, tile column) inside each channel, so V[k] (C, T) and
M[k] = U[k] @ V[k] (O, T) are plain matrices, and every transform step is one add over long
contiguous runs: the padded input is stored as four planes by row and column parity, so the
4x4 tile at (t, u) reads planes at (t, u) and (t + 1, u + 1) only; each plane row carries one
garbage tile column (its shifted reads straddle rows), computed and dropped at the end. The win is measured (see
winograd_usable): the transforms cost a few passes over the input and output, which pays when
the channel counts and the tile count keep the 16 GEMMs efficient.
"""
import numpy as np

from ..._core import jit
from ._scratch import scratch

_G = np.array([[1, 0, 0], [.5, .5, .5], [.5, -.5, .5], [0, 0, 1]])
_KG = np.kron(_G, _G)  # (16, 9): U[(a, b)] = sum_ij G[a, i] G[b, j] w[i, j]
_AT = np.array([[1, 1, 1, 0], [0, 1, -1, -1]])
_KA = np.kron(_AT, _AT)  # (4, 16): Y[(r, s)] = sum_ab A^T[r, a] A^T[s, b] M[(a, b)]
# F(3x3, 2x2) for the filter gradient, on the forward's input tiles: its B^T is F(2x2, 3x3)'s
# with the last row negated, folded here into A^T's last column
_GW = np.array([[1, 0], [.5, .5], [.5, -.5], [0, 1]])
_ATW = np.array([[1, 1, 1, 0], [0, 1, -1, 0], [0, 1, 1, -1]])
_MATS = {"G": _KG, "A": _KA, "Gg": np.kron(_GW, _GW), "Aw": np.kron(_ATW, _ATW)}
_CONST = {}


def _const(name, dtype):
    key = (name, dtype)
    c = _CONST.get(key)
    if c is None:
        c = _CONST[key] = _MATS[name].astype(dtype)
    return c


def winograd_usable(part, strides, k_sp, dils, groups, c, o, tiles, dtype):
    """Whether F(2x2, 3x3) beats the im2col / split layouts for `part` ('forward', 'input' or
    'filter'), as measured at one thread (float32 only; c, o: the convolution's own channels).

    3x3 kernels, stride and dilation 1, no groups. Forward (and the input gradient, a forward
    convolution of the output gradient) against im2col, CPU time: 1.2-1.5x at 64-128 channels
    and 14-56 pixels a side, 1.1-1.7x at batch 8 (ResNet-18 shapes), 1.1-1.2x at 32 channels,
    0.84x at 16 (the transforms outweigh the GEMM saved); 0.9x with 25 tiles and 0.6x with 16
    (512 x 7x7, batch 1: the 16 GEMMs are too thin and the filter transform, O*C*16 outputs, is
    not amortised), hence the tile floor. Filter gradient against the split layout: 1.2-1.5x
    from 128 channels, 1.0-1.2x at 64, 0.94x at 32, 1.2x with 25 tiles, 0.96x with 16.
    """
    if not (dtype == np.float32 and tuple(k_sp) == (3, 3) and tuple(strides) == (1, 1)
            and tuple(dils) == (1, 1) and groups == 1):
        return False
    if part == "filter":
        return min(c, o) >= 64 and tiles >= 24
    return min(c, o) >= 32 and tiles >= 40


def finite(*arrays):
    """Whether the operands hold only finite values (a sum is finite), as Winograd needs: its
    transforms mix every element of a tile into every output of the tile (0 * inf is NaN in the
    transform GEMMs), so an inf or NaN would reach outputs whose windows never see it. Non-finite
    operands take the direct path, which keeps the IEEE results of the plain sum."""
    return all(np.isfinite(a.sum()) for a in arrays)


def tile_count(n, out_sp):
    """Number of 2x2 output tiles of an (n, *out_sp) output."""
    return n * ((out_sp[0] + 1) // 2) * ((out_sp[1] + 1) // 2)


def _input_tiles(x, pads, th, tw):
    """B^T d B for the th x tw grid of 4x4 tiles (stride 2) of x padded by pads at the top and left:
    a (4, 4, C, N * th * (tw + 1)) scratch array (tile column tw is garbage). Input rows and
    columns beyond the grid are never read."""
    n, c, h, wd = x.shape
    (pt, _), (pl, _) = pads
    tq = tw + 1  # tile columns with one garbage column, so that shifted runs stay contiguous
    plane = (th + 1) * tq  # one of the four (row parity, column parity) planes of the padded input
    ln, lr = c * n * plane, th * tq
    dt = x.dtype
    # the padded input split by row and column parity; the tag fixes the written region, so the
    # zero border of a reused buffer stays zero
    xd = scratch(("wino_in", c, n, h, wd, pt, pl, th, tq), (2, 2, ln + tq + 1), dt, zero=True)
    img = xd[:, :, :ln].reshape(2, 2, c, n, th + 1, tq)
    xt = x.transpose(1, 0, 2, 3)[:, :, :max(0, 2 * th + 2 - pt), :max(0, 2 * tw + 2 - pl)]
    for r0 in (0, 1):  # input row r0 + 2i lands at padded row r0 + pt + 2i, likewise columns
        for c0 in (0, 1):
            src = xt[:, :, r0::2, c0::2]
            qr, qc = r0 + pt, c0 + pl
            img[qr % 2, qc % 2, :, :, qr // 2:qr // 2 + src.shape[2], qc // 2:qc // 2 + src.shape[3]] = src
    if jit.enabled() and dt in jit.FLOATS:  # the same adds, without the column scratch (_winograd_jit)
        from . import _winograd_jit  # imports numba: only here, on first use
        v = scratch("wino_v", (4, 4, c * n, lr), dt)
        return _winograd_jit.input_tiles(xd, v, c * n, plane, tq, lr).reshape(4, 4, c, n * lr)
    # B^T over columns (d0-d2, d1+d2, d2-d1, d1-d3): columns 2t..2t+3 are even[t], odd[t],
    # even[t+1], odd[t+1], so each term is one contiguous run over all planes at once
    e0, e1, o0, o1 = xd[:, 0, :ln], xd[:, 0, 1:ln + 1], xd[:, 1, :ln], xd[:, 1, 1:ln + 1]
    cb = scratch("wino_cols", (4, 2, ln), dt)
    np.subtract(e0, e1, out=cb[0])
    np.add(o0, e1, out=cb[1])
    np.subtract(e1, o0, out=cb[2])
    np.subtract(o0, o1, out=cb[3])
    # then over rows: rows 2t..2t+3 are the even/odd planes at tile rows t and t + 1
    cbv = cb.reshape(4, 2, c * n, plane)
    r0, r1, r2, r3 = cbv[:, 0, :, :lr], cbv[:, 1, :, :lr], cbv[:, 0, :, tq:tq + lr], cbv[:, 1, :, tq:tq + lr]
    v = scratch("wino_v", (4, 4, c * n, lr), dt)
    np.subtract(r0, r2, out=v[0])
    np.add(r1, r2, out=v[1])
    np.subtract(r2, r1, out=v[2])
    np.subtract(r1, r3, out=v[3])
    return v.reshape(4, 4, c, n * lr)


def winograd_forward(x, w, pads):
    """Cross-correlation of x (N, C, H, W) with w (O, C, 3, 3), padding [(top, bottom), (left, right)]
    (each >= 0): a new contiguous (N, O, oh, ow) array."""
    n, c, h, wd = x.shape
    o = w.shape[0]
    (pt, pb), (pl, pr) = pads
    oh, ow = h + pt + pb - 2, wd + pl + pr - 2
    th, tw = (oh + 1) // 2, (ow + 1) // 2
    dt = np.result_type(x, w)
    v = _input_tiles(x.astype(dt, copy=False), pads, th, tw)
    t = v.shape[-1]
    u = scratch("wino_u", (16, o, c), dt)
    np.matmul(_const("G", dt), w.reshape(o * c, 9).T, out=u.reshape(16, o * c))
    m = scratch("wino_m", (16, o, t), dt)
    np.matmul(u, v.reshape(16, c, t), out=m)
    y = scratch("wino_y", (2, 2, o, n, th, tw + 1), dt)
    np.matmul(_const("A", dt), m.reshape(16, o * t), out=y.reshape(4, o * t))
    out = np.empty((n, o, th, 2, tw, 2), dt)
    for r in (0, 1):  # one copy per position in the 2x2 tile: long strided runs, not pairs
        for s in (0, 1):
            out[:, :, :, r, :, s] = y[r, s, :, :, :, :tw].transpose(1, 0, 2, 3)
    out = out.reshape(n, o, 2 * th, 2 * tw)
    if 2 * th != oh or 2 * tw != ow:
        out = np.ascontiguousarray(out[:, :, :oh, :ow])
    return out


def winograd_grad_filter(x, g, pads):
    """Filter gradient (O, C, 3, 3) of the 3x3 stride-1 convolution of x (N, C, H, W) padded by
    pads, from g (N, O, oh, ow): F(3x3, 2x2) over the same 4x4 input tiles as the forward, each
    2x2 tile of g acting as the filter, summed over tiles inside 16 GEMMs that contract over
    the tiles (O, T) @ (T, C)."""
    n, o, oh, ow = g.shape
    c = x.shape[1]
    th, tw = (oh + 1) // 2, (ow + 1) // 2
    dt = np.result_type(x, g)
    v = _input_tiles(x.astype(dt, copy=False), pads, th, tw)
    t = v.shape[-1]
    # g's 2x2 tiles as four (O, N, th, tw + 1) planes, zero beyond g and in the garbage column
    gd = scratch(("wino_g", n, o, oh, ow), (2, 2, o, n, th, tw + 1), dt, zero=True)
    gt = g.transpose(1, 0, 2, 3)
    for r in (0, 1):
        for s in (0, 1):
            src = gt[:, :, r::2, s::2]
            gd[r, s, :, :, :src.shape[2], :src.shape[3]] = src
    ug = scratch("wino_ug", (16, o, t), dt)
    np.matmul(_const("Gg", dt), gd.reshape(4, o * t), out=ug.reshape(16, o * t))
    m = scratch("wino_mw", (16, o, c), dt)
    np.matmul(ug, v.reshape(16, c, t).transpose(0, 2, 1), out=m)
    dw = np.matmul(_const("Aw", dt), m.reshape(16, o * c)).reshape(3, 3, o, c)
    return np.ascontiguousarray(dw.transpose(2, 3, 0, 1))


def winograd_grad_input(g, w, in_sp, pads):
    """Input gradient of the 3x3 stride-1 convolution (g (N, O, oh, ow) -> (N, C, *in_sp)) as a
    Winograd convolution of g with the flipped, transposed filter; None where the padding that
    needs is negative (a forward padding above 2, or an output too large for the input)."""
    oh, ow = g.shape[2:]
    (pt, _), (pl, _) = pads
    gp = [(2 - pt, in_sp[0] - oh + pt), (2 - pl, in_sp[1] - ow + pl)]
    if min(min(p) for p in gp) < 0:
        return None
    wf = np.ascontiguousarray(w.transpose(1, 0, 2, 3)[:, :, ::-1, ::-1])
    return winograd_forward(g, wf, gp)
