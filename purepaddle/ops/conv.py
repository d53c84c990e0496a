"""Convolutions: conv2d / depthwise_conv2d / conv3d and their transposes, with their grad ops.

Kernels work on channel-first arrays with any number of spatial dims: the forward is an
im2col (one strided view of the padded input, copied once) and one batched matmul; the input
gradient is a matmul followed by col2im (a loop over the kernel offsets only, each adding a
strided slab); the filter gradient is a matmul against the recomputed columns. Grad ops are
ops of their own (conv2d_grad, ...) so double backward is written with convolutions again.
"""
import itertools
import math

import numpy as np
from numpy.lib.stride_tricks import as_strided

from .._core.dispatch import apply
from .._core.op import Op, TensorMeta, register

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


def pad_spatial(x, pads, value=0):
    """x (N, C, *spatial) padded by [(before, after)] on the spatial dims (x itself when no padding)."""
    if not any(b or a for b, a in pads):
        return x
    shape = x.shape[:2] + tuple(n + b + a for n, (b, a) in zip(x.shape[2:], pads))
    out = np.full(shape, value, dtype=x.dtype) if value else np.zeros(shape, dtype=x.dtype)
    out[(Ellipsis,) + tuple(slice(b, b + n) for n, (b, _) in zip(x.shape[2:], pads))] = x
    return out


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

    def __init__(self, padded, k_sp, dils, out_sp):
        nd = len(k_sp)
        self.padded = tuple(padded)
        self.out_sp = tuple(out_sp)
        self.row = padded[-1] if nd == 2 else 1
        self.length = out_sp[0] * self.row if nd == 2 else out_sp[0]
        flat_strides = (self.row, 1) if nd == 2 else (1,)
        self.kstrides = tuple(d * f for d, f in zip(dils, flat_strides))
        self.k_sp = tuple(k_sp)
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
        """x (N, C, *sp) zero-padded into a flat (N, C, size) buffer."""
        buf = np.zeros(x.shape[:2] + (self.size,), dtype=x.dtype)
        img = buf[:, :, :self.plane].reshape(x.shape[:2] + self.padded)
        img[(Ellipsis,) + tuple(slice(b, b + n) for n, (b, _) in zip(x.shape[2:], pads))] = x
        return buf

    def cols(self, xf):
        """(N, C * K, L) columns: one contiguous run per (channel, kernel offset)."""
        it = xf.itemsize
        view = as_strided(xf, xf.shape[:2] + self.k_sp + (self.length,),
                          xf.strides[:2] + tuple(k * it for k in self.kstrides) + (it,), writeable=False)
        return view.reshape(xf.shape[0], -1, self.length)

    def pad_grad(self, g):
        """g (N, O, *out) -> (N, O, L) with zero garbage columns."""
        n, o = g.shape[:2]
        if len(self.out_sp) == 1 or self.row == self.out_sp[1]:
            return g.reshape(n, o, self.length)
        gp = np.zeros((n, o, self.out_sp[0], self.row), dtype=g.dtype)
        gp[..., :self.out_sp[1]] = g
        return gp.reshape(n, o, self.length)

    def crop(self, out):
        """(N, O, L) -> (N, O, *out): a view without the garbage columns."""
        n, o = out.shape[:2]
        if len(self.out_sp) == 1:
            return out
        return out.reshape(n, o, self.out_sp[0], self.row)[..., :self.out_sp[1]]

    def unspread(self, buf, in_sp, pads):
        """Flat (N, C, size) gradient buffer -> (N, C, *in) without the padding."""
        img = buf[:, :, :self.plane].reshape(buf.shape[:2] + self.padded)
        return np.ascontiguousarray(img[(Ellipsis,) + tuple(slice(b, b + n) for n, (b, _) in zip(in_sp, pads))])


def _matmul_cols(w, cols, groups):
    """w (O, C/g, *k) times columns (N, C*K, L) -> (N, O, L), per group."""
    n, ckk, length = cols.shape
    o = w.shape[0]
    if groups == 1:
        return np.matmul(w.reshape(o, -1), cols)
    return np.matmul(w.reshape(groups, o // groups, -1), cols.reshape(n, groups, ckk // groups, length)) \
        .reshape(n, o, length)


def _matmul_grad_cols(w, g, groups):
    """Columns' gradient: w^T times g (N, O, L) -> (N, C*K, L), per group."""
    n, o, length = g.shape
    if groups == 1:
        return np.matmul(w.reshape(o, -1).T, g)
    wt = w.reshape(groups, o // groups, -1).transpose(0, 2, 1)
    return np.matmul(wt, g.reshape(n, groups, o // groups, length)).reshape(n, -1, length)


def _matmul_grad_w(g, cols, groups):
    """Filter gradient from g (N, O, L) and columns (N, C*K, L) -> (O, C*K/groups)."""
    n, o, length = g.shape
    if groups == 1:
        return np.matmul(g, cols.transpose(0, 2, 1)).sum(axis=0)
    gg = g.reshape(n, groups, o // groups, length)
    cc = cols.reshape(n, groups, -1, length)
    return np.matmul(gg, cc.transpose(0, 1, 3, 2)).sum(axis=0).reshape(o, -1)


# -- kernels on channel-first arrays ------------------------------------------------------
def conv_forward(x, w, strides, pads, dils, groups, op_type="conv2d"):
    """Grouped N-d cross-correlation: x (N, C, *sp), w (O, C/groups, *k) -> (N, O, *out)."""
    n, c = x.shape[:2]
    o = w.shape[0]
    k_sp = w.shape[2:]
    out_sp = conv_out_size(x.shape[2:], k_sp, strides, pads, dils)
    _check_out(out_sp, x.shape, k_sp, op_type)
    if c != w.shape[1] * groups:
        raise ValueError(
            f"(InvalidArgument) The number of input's channels should be equal to filter's channels * groups for "
            f"Op(Conv). But received: the input's channels is {c}, the input's shape is {list(x.shape)}; the filter's "
            f"channels is {w.shape[1]}, the filter's shape is {list(w.shape)}; the groups is {groups}.")
    cg, og = c // groups, o // groups
    depthwise = cg == 1 and groups > 1
    padded = tuple(m + b + a for m, (b, a) in zip(x.shape[2:], pads))
    if _Flat.usable(strides, k_sp, out_sp, padded):
        fl = _Flat(padded, k_sp, dils, out_sp)
        xf = fl.spread(x, pads)
        if depthwise:  # one multiply-add of a contiguous run per kernel offset
            out = np.zeros((n, groups, og, fl.length), dtype=np.result_type(x, w))
            wg = w.reshape(groups, og, -1)
            for t, sh in enumerate(fl.shifts):
                out += xf[:, :, None, sh:sh + fl.length] * wg[None, :, :, t:t + 1]
            return fl.crop(out.reshape(n, o, fl.length))
        return fl.crop(_matmul_cols(w, fl.cols(xf), groups))
    xp = pad_spatial(x, pads)
    if depthwise:  # accumulate one kernel offset at a time, no im2col
        out = np.zeros((n, groups, og) + tuple(out_sp), dtype=np.result_type(x, w))
        wg = w.reshape((groups, og) + tuple(k_sp))
        bshape = (1, groups, og) + (1,) * len(k_sp)
        for offs in itertools.product(*[range(k) for k in k_sp]):
            sl = xp[(slice(None), slice(None)) + _offset_slices(offs, strides, dils, out_sp)]
            out += sl[:, :, None] * wg[(slice(None), slice(None)) + offs].reshape(bshape)
        return out.reshape((n, o) + tuple(out_sp))
    cols = windows(xp, k_sp, strides, dils, out_sp).reshape(n, c * math.prod(k_sp), math.prod(out_sp))
    return _matmul_cols(w, cols, groups).reshape((n, o) + tuple(out_sp))


def conv_grad_input(g, w, in_sp, strides, pads, dils, groups):
    """Gradient of conv_forward w.r.t. x (also the transposed convolution): g (N, O, *out) -> (N, C, *in)."""
    n, o = g.shape[:2]
    k_sp = w.shape[2:]
    out_sp = g.shape[2:]
    cg = w.shape[1]
    c, og = cg * groups, o // groups
    depthwise = cg == 1 and groups > 1
    padded = tuple(m + b + a for m, (b, a) in zip(in_sp, pads))
    # the windows must fit: a transposed conv with output_padding adds room at the end
    padded = tuple(max(p, (q - 1) * s + d * (k - 1) + 1)
                   for p, q, s, d, k in zip(padded, out_sp, strides, dils, k_sp))
    dtype = np.result_type(g, w)
    if _Flat.usable(strides, k_sp, out_sp, padded):
        fl = _Flat(padded, k_sp, dils, out_sp)
        gp = fl.pad_grad(g)
        buf = np.zeros((n, c, fl.size), dtype=dtype)
        if depthwise:
            gg = gp.reshape(n, groups, og, fl.length)
            wg = w.reshape(groups, og, -1)
            for t, sh in enumerate(fl.shifts):
                contrib = gg * wg[None, :, :, t:t + 1]
                buf[:, :, sh:sh + fl.length] += contrib[:, :, 0] if og == 1 else contrib.sum(axis=2)
        else:
            dcols = _matmul_grad_cols(w, gp, groups).reshape(n, c, len(fl.shifts), fl.length)
            for t, sh in enumerate(fl.shifts):
                buf[:, :, sh:sh + fl.length] += dcols[:, :, t]
        return fl.unspread(buf, in_sp, pads)
    dxp = np.zeros((n, c) + padded, dtype=dtype)
    if depthwise:  # scatter one kernel offset at a time
        gg = g.reshape((n, groups, og) + tuple(out_sp))
        wg = w.reshape((groups, og) + tuple(k_sp))
        wshape = (1, groups, og) + (1,) * len(k_sp)
        for offs in itertools.product(*[range(k) for k in k_sp]):
            wk = wg[(slice(None), slice(None)) + offs].reshape(wshape)
            contrib = (gg * wk)[:, :, 0] if og == 1 else (gg * wk).sum(axis=2)
            dxp[(slice(None), slice(None)) + _offset_slices(offs, strides, dils, out_sp)] += contrib
    else:
        dcols = _matmul_grad_cols(w, g.reshape(n, o, -1), groups)
        dcols = dcols.reshape((n, c) + tuple(k_sp) + tuple(out_sp))
        for offs in itertools.product(*[range(k) for k in k_sp]):
            dxp[(slice(None), slice(None)) + _offset_slices(offs, strides, dils, out_sp)] += \
                dcols[(slice(None), slice(None)) + offs]
    crop = tuple(slice(b, b + m) for m, (b, _) in zip(in_sp, pads))
    if all(s.start == 0 and s.stop == p for s, p in zip(crop, padded)):
        return dxp
    return np.ascontiguousarray(dxp[(Ellipsis,) + crop])


def conv_grad_filter(x, g, k_sp, strides, pads, dils, groups):
    """Gradient of conv_forward w.r.t. w: x (N, C, *in), g (N, O, *out) -> (O, C/groups, *k)."""
    n, c = x.shape[:2]
    o = g.shape[1]
    out_sp = g.shape[2:]
    cg, og = c // groups, o // groups
    depthwise = cg == 1 and groups > 1
    padded = tuple(m + b + a for m, (b, a) in zip(x.shape[2:], pads))
    if _Flat.usable(strides, k_sp, out_sp, padded):
        fl = _Flat(padded, k_sp, dils, out_sp)
        xf, gp = fl.spread(x, pads), fl.pad_grad(g)
        if depthwise:
            gg = gp.reshape(n, groups, og, fl.length)
            dw = np.empty((groups, og, len(fl.shifts)), dtype=np.result_type(x, g))
            for t, sh in enumerate(fl.shifts):
                dw[:, :, t] = (xf[:, :, None, sh:sh + fl.length] * gg).sum(axis=(0, 3))
            return dw.reshape((o, 1) + tuple(k_sp))
        return _matmul_grad_w(gp, fl.cols(xf), groups).reshape((o, cg) + tuple(k_sp))
    xp = pad_spatial(x, pads)
    if depthwise:
        gg = g.reshape((n, groups, og) + tuple(out_sp))
        dw = np.empty((groups, og) + tuple(k_sp), dtype=np.result_type(x, g))
        red = (0,) + tuple(range(3, 3 + len(k_sp)))
        for offs in itertools.product(*[range(k) for k in k_sp]):
            sl = xp[(slice(None), slice(None)) + _offset_slices(offs, strides, dils, out_sp)]
            dw[(slice(None), slice(None)) + offs] = (sl[:, :, None] * gg).sum(axis=red)
        return dw.reshape((o, 1) + tuple(k_sp))
    cols = windows(xp, k_sp, strides, dils, out_sp).reshape(n, c * math.prod(k_sp), math.prod(out_sp))
    return _matmul_grad_w(g.reshape(n, o, -1), cols, groups).reshape((o, cg) + tuple(k_sp))


def _to_first(a, last):
    """Channel-last array -> channel-first view."""
    return np.moveaxis(a, -1, 1) if last else a


def _from_first(a, last):
    """Channel-first result -> the op's layout (contiguous)."""
    return np.ascontiguousarray(np.moveaxis(a, 1, -1)) if last else a


def _spatial(shape, last):
    return list(shape[1:-1]) if last else list(shape[2:])


def _meta_shape(shape, last, n, c, sp):
    return [n] + list(sp) + [c] if last else [n, c] + list(sp)


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


# -- forward convolution ops ----------------------------------------------------------------
class _Conv(Op):
    """Shared rules of conv2d / depthwise_conv2d / conv3d (Input, Filter -> Output)."""

    inputs, outputs = ("Input", "Filter"), ("Output",)
    saves = ("Input", "Filter")
    grad_ops = None  # {(need_input, need_filter): grad op class}, filled below

    def forward(self, xp, x, w):
        a = self.attrs
        last = channel_last(a)
        xf = _to_first(x, last)
        strides, pads, dils = resolve_padding(a, xf.shape[2:], w.shape[2:])
        out = conv_forward(xf, w, strides, pads, dils, a.get("groups", 1), self.type)
        return _from_first(out, last)

    def infer_meta(self, x, w):
        a = self.attrs
        last = channel_last(a)
        sp = _spatial(x.shape, last)
        k_sp = list(w.shape[2:])
        if -1 in sp or -1 in k_sp:
            out_sp = [-1] * len(k_sp)
        else:
            strides, pads, dils = resolve_padding(a, sp, k_sp)
            out_sp = conv_out_size(sp, k_sp, strides, pads, dils)
        return TensorMeta(_meta_shape(x.shape, last, x.shape[0], w.shape[0], out_sp), x.dtype)

    def backward(self, g):
        x, w = self.saved
        nx, nw = bool(self.need(0)), bool(self.need(1))
        dx, dw = apply(self.grad_ops[(nx, nw)], x, w, g, **self.attrs)
        return (dx if nx else None), (dw if nw else None)


_EMPTY = {}


def _placeholder(dtype):
    """The stand-in for a gradient output nobody asked for (never used; zero-size)."""
    e = _EMPTY.get(dtype)
    if e is None:
        e = _EMPTY[dtype] = np.zeros((0,), dtype=dtype)
    return e


class _ConvGrad(Op):
    """Input/filter gradients of a convolution (Input, Filter, Output@GRAD -> Input@GRAD, Filter@GRAD).

    `want` says which gradients this variant computes: the registered class computes both; the
    eager variants skip the one no input asked for (a zero-size stand-in takes its place, and
    static programs leave that output slot empty, as Paddle does).
    """

    inputs, outputs = ("Input", "Filter", "Output@GRAD"), ("Input@GRAD", "Filter@GRAD")
    saves = ("Input", "Filter", "Output@GRAD")
    want = (True, True)
    fwd = None  # the forward op class

    def forward(self, xp, x, w, g):
        a = self.attrs
        last = channel_last(a)
        xf, gf = _to_first(x, last), _to_first(g, last)
        strides, pads, dils = resolve_padding(a, xf.shape[2:], w.shape[2:])
        groups = a.get("groups", 1)
        dx = dw = None
        if self.want[0]:
            dx = _from_first(conv_grad_input(gf, w, xf.shape[2:], strides, pads, dils, groups), last)
            if dx.dtype != x.dtype:
                dx = dx.astype(x.dtype)
        if self.want[1]:
            dw = conv_grad_filter(xf, gf, w.shape[2:], strides, pads, dils, groups)
            if dw.dtype != w.dtype:
                dw = dw.astype(w.dtype)
        return (dx if dx is not None else _placeholder(x.dtype)), (dw if dw is not None else _placeholder(w.dtype))

    def infer_meta(self, x, w, g):
        return (TensorMeta(x.shape, x.dtype) if self.want[0] else None,
                TensorMeta(w.shape, w.dtype) if self.want[1] else None)

    def backward(self, ggx, ggw):
        # dX = A(g, W) and dW = B(X, g) are bilinear; their adjoints are convolutions again
        x, w, g = self.saved
        a = self.attrs
        ggx = ggx if self.want[0] and ggx is not None else None
        ggw = ggw if self.want[1] and ggw is not None else None
        fwd, grads = self.fwd, self.fwd.grad_ops
        gx = gw = gg = None
        if ggw is not None and self.need(0):
            gx = apply(grads[(True, False)], x, ggw, g, **a)[0]
        if ggx is not None and self.need(1):
            gw = apply(grads[(False, True)], ggx, w, g, **a)[1]
        if self.need(2):
            if ggx is not None:
                gg = apply(fwd, ggx, w, **a)
            if ggw is not None:
                t = apply(fwd, x, ggw, **a)
                gg = t if gg is None else gg + t
        return gx, gw, gg


def _variants(fwd, grad, op_type):
    """Register the grad op and make its eager single-gradient variants; wire them to the forward op."""
    full = register(op_type)(grad)
    fwd.grad_ops = {(True, True): full}
    for want in ((True, False), (False, True)):
        cls = type(f"{grad.__name__}{'Input' if want[0] else 'Filter'}", (full,), {"want": want})
        fwd.grad_ops[want] = cls
    fwd.grad_ops[(False, False)] = full
    full.fwd = fwd
    return full


@register("conv2d")
class Conv2d(_Conv):
    pass


@register("depthwise_conv2d")
class DepthwiseConv2d(_Conv):
    pass


@register("conv3d")
class Conv3d(_Conv):
    pass


class Conv2dGrad(_ConvGrad):
    pass


class DepthwiseConv2dGrad(_ConvGrad):
    pass


class Conv3dGrad(_ConvGrad):
    pass


_variants(Conv2d, Conv2dGrad, "conv2d_grad")
_variants(DepthwiseConv2d, DepthwiseConv2dGrad, "depthwise_conv2d_grad")
_variants(Conv3d, Conv3dGrad, "conv3d_grad")


# -- transposed convolution ops ---------------------------------------------------------------
class _ConvTranspose(Op):
    """Shared rules of conv2d_transpose / depthwise_conv2d_transpose / conv3d_transpose.

    Filter is [C_in, C_out / groups, *k]; the output is the input gradient of the convolution
    with that filter, sized by output_size / output_padding.
    """

    inputs, outputs = ("Input", "Filter", "Bias"), ("Output",)
    saves = ("Input", "Filter")
    grad_ops = None

    def forward(self, xp, x, w, bias=None):
        a = self.attrs
        last = channel_last(a)
        xf = _to_first(x, last)
        out_sp, strides, pads, dils = transpose_out_size(a, list(xf.shape[2:]), w.shape[2:], self.type)
        out = conv_grad_input(xf, w, out_sp, strides, pads, dils, a.get("groups", 1))
        if out.dtype != x.dtype:
            out = out.astype(x.dtype)
        if bias is not None:
            out += bias.reshape((1, -1) + (1,) * (out.ndim - 2))
        return _from_first(out, last)

    def infer_meta(self, x, w, bias=None):
        a = self.attrs
        last = channel_last(a)
        sp = _spatial(x.shape, last)
        out_sp = transpose_out_size(a, sp, list(w.shape[2:]), self.type)[0]
        c = -1 if w.shape[1] < 0 else w.shape[1] * a.get("groups", 1)
        return TensorMeta(_meta_shape(x.shape, last, x.shape[0], c, out_sp), x.dtype)

    def backward(self, g):
        x, w = self.saved
        nx, nw = bool(self.need(0)), bool(self.need(1))
        dx, dw = apply(self.grad_ops[(nx, nw)], x, w, g, **self.attrs)
        return (dx if nx else None), (dw if nw else None), None


class _ConvTransposeGrad(_ConvGrad):
    """Gradients of a transposed convolution: dX = conv(g, W), dW = filter gradient of that conv."""

    def forward(self, xp, x, w, g):
        a = self.attrs
        last = channel_last(a)
        xf, gf = _to_first(x, last), _to_first(g, last)
        _, strides, pads, dils = transpose_out_size(a, list(xf.shape[2:]), w.shape[2:], self.type)
        groups = a.get("groups", 1)
        dx = dw = None
        if self.want[0]:
            dx = _from_first(conv_forward(gf, w, strides, pads, dils, groups, self.type), last)
            if dx.dtype != x.dtype:
                dx = dx.astype(x.dtype)
        if self.want[1]:
            dw = conv_grad_filter(gf, xf, w.shape[2:], strides, pads, dils, groups)
            if dw.dtype != w.dtype:
                dw = dw.astype(w.dtype)
        return (dx if dx is not None else _placeholder(x.dtype)), (dw if dw is not None else _placeholder(w.dtype))


@register("conv2d_transpose")
class Conv2dTranspose(_ConvTranspose):
    pass


@register("depthwise_conv2d_transpose")
class DepthwiseConv2dTranspose(_ConvTranspose):
    pass


@register("conv3d_transpose")
class Conv3dTranspose(_ConvTranspose):
    pass


class Conv2dTransposeGrad(_ConvTransposeGrad):
    pass


class DepthwiseConv2dTransposeGrad(_ConvTransposeGrad):
    pass


class Conv3dTransposeGrad(_ConvTransposeGrad):
    pass


_variants(Conv2dTranspose, Conv2dTransposeGrad, "conv2d_transpose_grad")
_variants(DepthwiseConv2dTranspose, DepthwiseConv2dTransposeGrad, "depthwise_conv2d_transpose_grad")
_variants(Conv3dTranspose, Conv3dTransposeGrad, "conv3d_transpose_grad")
