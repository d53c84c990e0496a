"""Convolution ops: conv2d / depthwise_conv2d / conv3d and their transposes, with their grad ops.

The kernels live in _kernels.py. Grad ops are ops of their own (conv2d_grad, ...) so double
backward is written with convolutions again.
"""
import numpy as np

from ..._core.dispatch import apply
from ..._core.op import Op, TensorMeta, register
from ._kernels import (channel_last, conv_forward, conv_grad_filter, conv_grad_input, conv_grads,  # noqa: F401
                           conv_out_size, pad_spatial, resolve_padding, transpose_out_size, windows)


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
        dx, dw = conv_grads(xf, gf, w, strides, pads, dils, a.get("groups", 1), *self.want)
        if dx is not None:
            dx = _from_first(dx, last)
            if dx.dtype != x.dtype:
                dx = dx.astype(x.dtype)
        if dw is not None and dw.dtype != w.dtype:
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
            dx = conv_forward(gf, w, strides, pads, dils, groups, self.type)
            if dx.shape[2:] != xf.shape[2:]:  # output_padding at stride 1 leaves windows past the input
                dx = dx[(Ellipsis,) + tuple(slice(0, m) for m in xf.shape[2:])]
            dx = _from_first(dx, last)
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
