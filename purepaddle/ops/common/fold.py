"""unfold / fold (im2col / col2im) of paddle.nn.functional.unfold / fold."""
import math

import numpy as np

from ..._core.dispatch import apply
from ..._core.op import Op, TensorMeta, register
from ..conv._kernels import pad_spatial, windows


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
