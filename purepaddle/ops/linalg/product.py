"""Matrix products and diagonals: matmul_v2 (numpy matmul rules with trans_x/trans_y), bmm, dot, mv,
kron, cross, diagonal, trace."""
import math

import numpy as np

from ..._core.dispatch import apply
from ..._core.dtype import kind_of
from ..._core.op import Op, TensorMeta, register
from .._through_float import through_float
from ..math.elementwise import broadcast_shape, sum_to
from .._holomorphic import holomorphic


def _t(a):
    """Swap the last two axes (1-D arrays are left alone)."""
    return a if a.ndim < 2 else a.swapaxes(-1, -2)


@register("matmul_v2")
@holomorphic
class MatMul(Op):
    inputs, outputs = ("X", "Y"), ("Out",)
    saves = ("X", "Y")

    def forward(self, xp, x, y):
        a = self.attrs
        if a["trans_x"]:
            x = _t(x)
        if a["trans_y"]:
            y = _t(y)
        if kind_of(x.dtype) in "iu" and kind_of(y.dtype) in "iu":  # Paddle multiplies integers in float32/64
            return through_float(xp, xp.matmul, x, y, dtype=xp.result_type(x, y))
        if x.ndim > 2 and y.ndim == 2 and type(x) is np.ndarray and x.flags.c_contiguous:
            # a batch of rows times one matrix is one GEMM over all rows (as Paddle's kernel folds it):
            # NumPy would run one GEMM per batch entry, ~7% slower at BERT's [4, 128, 768] x [768, 3072]
            rows = math.prod(x.shape[:-1])
            return xp.matmul(x.reshape(rows, x.shape[-1]), y).reshape(x.shape[:-1] + (y.shape[-1],))
        return xp.matmul(x, y)

    def infer_meta(self, x, y):
        a = self.attrs
        xs, ys = list(x.shape), list(y.shape)
        if a["trans_x"] and len(xs) >= 2:
            xs[-1], xs[-2] = xs[-2], xs[-1]
        if a["trans_y"] and len(ys) >= 2:
            ys[-1], ys[-2] = ys[-2], ys[-1]
        xv, yv = len(xs) == 1, len(ys) == 1
        if xv:
            xs = [1] + xs
        if yv:
            ys = ys + [1]
        if xs[-1] != ys[-2] and -1 not in (xs[-1], ys[-2]):
            raise ValueError(
                f"(InvalidArgument) Input(X) shape {list(x.shape)} and Input(Y) shape {list(y.shape)} of "
                f"matmul_v2 cannot be multiplied: {xs[-1]} != {ys[-2]}")
        batch = broadcast_shape(xs[:-2], ys[:-2], "matmul_v2")
        out = batch + ([] if xv else [xs[-2]]) + ([] if yv else [ys[-1]])
        return TensorMeta(out, x.dtype)

    def backward(self, out_grad):
        x, y = self.saved
        a = self.attrs
        tx, ty = a["trans_x"], a["trans_y"]
        g = out_grad
        xv, yv = x.ndim == 1, y.ndim == 1
        # lift vectors to matrices so one set of formulas serves every case
        if xv:
            x = x.unsqueeze(0)
            g = g.unsqueeze(-2 if g.ndim else 0)  # vector @ vector: out_grad is 0-D
        if yv:
            y = y.unsqueeze(-1)
            g = g.unsqueeze(-1)
        # only the wanted gradients are computed: each costs a product as large as the forward
        gx = gy = None
        if self.need(0):
            if not tx and not ty:
                gx = g.matmul(y, transpose_y=True)
            elif tx and not ty:
                gx = y.matmul(g, transpose_y=True)
            elif not tx and ty:
                gx = g.matmul(y)
            else:
                gx = y.matmul(g, transpose_x=True, transpose_y=True)
            gx = sum_to(gx, x)
        if self.need(1):
            if not tx and y.ndim == 2 and x.ndim > 2:
                # a matrix applied to a batch (a linear layer): fold the batch dims into the rows, so
                # Y's gradient is one matrix product instead of a batch of them summed afterwards
                k, n = x.shape[-1], g.shape[-1]
                x2, g2 = x.reshape([-1, k]), g.reshape([-1, n])
                gy = g2.matmul(x2, transpose_x=True) if ty else x2.matmul(g2, transpose_x=True)
            elif not tx and not ty:
                gy = x.matmul(g, transpose_x=True)
            elif tx and not ty:
                gy = x.matmul(g)
            elif not tx and ty:
                gy = g.matmul(x, transpose_x=True)
            else:
                gy = g.matmul(x, transpose_x=True, transpose_y=True)
            gy = sum_to(gy, y)
        if xv and gx is not None:
            gx = gx.squeeze(0)
        if yv and gy is not None:
            gy = gy.squeeze(-1)
        return gx, gy


def _bcast_batch(a, b, op_type):
    """Broadcast the batch dims (all but the last two) of two static shapes."""
    return broadcast_shape(list(a[:-2]), list(b[:-2]), op_type)


@register("bmm")
@holomorphic
class Bmm(Op):
    """Batched matrix product of two 3-D tensors with equal batch sizes."""

    inputs, outputs = ("X", "Y"), ("Out",)
    saves = ("X", "Y")

    def forward(self, xp, x, y):
        return xp.matmul(x, y)

    def infer_meta(self, x, y):
        return TensorMeta([x.shape[0], x.shape[1], y.shape[2]], x.dtype)

    def backward(self, out_grad):
        x, y = self.saved
        gx = out_grad.matmul(y, transpose_y=True) if self.need(0) else None
        gy = x.matmul(out_grad, transpose_x=True) if self.need(1) else None
        return gx, gy


@register("dot")
@holomorphic
class Dot(Op):
    """Inner product of two 1-D tensors, or row-wise of two 2-D tensors."""

    inputs, outputs = ("X", "Y"), ("Out",)
    saves = ("X", "Y")

    def forward(self, xp, x, y):
        if x.ndim == 1:
            return xp.asarray(xp.dot(x, y))
        return xp.einsum("ij,ij->i", x, y)

    def infer_meta(self, x, y):
        return TensorMeta(list(x.shape[:-1]), x.dtype)

    def backward(self, out_grad):
        x, y = self.saved
        g = out_grad if x.ndim == 1 else out_grad.unsqueeze(-1)
        return (g * y if self.need(0) else None), (g * x if self.need(1) else None)


@register("mv")
@holomorphic
class Mv(Op):
    """Matrix-vector product: X [M, N] times Vec [N] -> [M]."""

    inputs, outputs = ("X", "Vec"), ("Out",)
    saves = ("X", "Vec")

    def forward(self, xp, x, vec):
        return xp.matmul(x, vec)

    def infer_meta(self, x, vec):
        return TensorMeta([x.shape[0]], x.dtype)

    def backward(self, out_grad):
        x, vec = self.saved
        gx = out_grad.unsqueeze(-1) * vec if self.need(0) else None
        gv = x.matmul(out_grad, transpose_x=True) if self.need(1) else None
        return gx, gv


@register("kron")
@holomorphic
class Kron(Op):
    """Kronecker product; the operand with fewer dims is padded with leading 1s."""

    inputs, outputs = ("X", "Y"), ("Out",)
    saves = ("X", "Y")

    def forward(self, xp, x, y):
        n = max(x.ndim, y.ndim)
        xs = (1,) * (n - x.ndim) + x.shape
        ys = (1,) * (n - y.ndim) + y.shape
        # one broadcast product over interleaved axes [x0, y0, x1, y1, ...] (numpy.kron is slower)
        out = x.reshape([d for a in xs for d in (a, 1)]) * y.reshape([d for b in ys for d in (1, b)])
        return out.reshape([a * b for a, b in zip(xs, ys)])

    def infer_meta(self, x, y):
        n = max(len(x.shape), len(y.shape))
        xs = [1] * (n - len(x.shape)) + list(x.shape)
        ys = [1] * (n - len(y.shape)) + list(y.shape)
        return TensorMeta([-1 if a < 0 or b < 0 else a * b for a, b in zip(xs, ys)], x.dtype)

    def backward(self, out_grad):
        from ..einsum import einsum_op
        x, y = self.saved
        xs, ys = list(x.shape), list(y.shape)
        n = max(len(xs), len(ys))
        xs, ys = [1] * (n - len(xs)) + xs, [1] * (n - len(ys)) + ys
        # view the grad as [x0, y0, x1, y1, ...] and contract the y (resp. x) halves away
        g = out_grad.reshape([d for pair in zip(xs, ys) for d in pair])
        lo, up = "abcdefghijklmnopqrstuvwxyz"[:n], "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[:n]
        gl = "".join(a + b for a, b in zip(lo, up))
        gx = gy = None
        if self.need(0):
            gx = einsum_op(f"{gl},{up}->{lo}", g, y.reshape(ys)).reshape(list(x.shape))
        if self.need(1):
            gy = einsum_op(f"{gl},{lo}->{up}", g, x.reshape(xs)).reshape(list(y.shape))
        return gx, gy


@register("cross")
@holomorphic
class Cross(Op):
    """Cross product of 3-vectors laid along axis `dim`."""

    inputs, outputs = ("X", "Y"), ("Out",)
    saves = ("X", "Y")

    def forward(self, xp, x, y):
        d = self.attrs["dim"]
        if d == 9:  # Paddle's default: the first axis of size 3
            d = list(x.shape).index(3)
        return xp.cross(x, y, axis=d)

    def infer_meta(self, x, y):
        return TensorMeta(x.shape, x.dtype)

    def backward(self, out_grad):
        from ..._core.dispatch import apply
        x, y = self.saved
        d = self.attrs["dim"]
        gx = apply(Cross, y, out_grad, dim=d) if self.need(0) else None
        gy = apply(Cross, out_grad, x, dim=d) if self.need(1) else None
        return gx, gy


# -- helpers shared by the backward rules (framework ops only) ---------------------------
def mT(x):
    """Swap the last two axes."""
    perm = list(range(x.ndim))
    perm[-1], perm[-2] = perm[-2], perm[-1]
    return x.transpose(perm)


def _moved(x, axis1, axis2):
    """View of x with axis1, axis2 moved to the end (numpy diagonal's order)."""
    return np.moveaxis(x, (axis1, axis2), (-2, -1))


def _diag_index(n1, n2, offset):
    """Row and column indices of the `offset` diagonal of an n1 x n2 matrix."""
    r0, c0 = max(-offset, 0), max(offset, 0)
    n = max(0, min(n1 - r0, n2 - c0))
    return np.arange(r0, r0 + n), np.arange(c0, c0 + n)


# -- trace and diagonal --------------------------------------------------------------------
@register("diagonal")
class Diagonal(Op):
    """The `offset` diagonal over axes (axis1, axis2), appended as the last dim."""

    inputs, outputs = ("Input",), ("Out",)
    saves = ("Input",)

    def forward(self, xp, x):
        a = self.attrs
        return xp.diagonal(x, a["offset"], a["axis1"], a["axis2"]).copy()

    def infer_meta(self, x):
        a = self.attrs
        nd = len(x.shape)
        a1, a2 = a["axis1"] % nd, a["axis2"] % nd
        n1, n2 = x.shape[a1], x.shape[a2]
        n = -1 if n1 < 0 or n2 < 0 else len(_diag_index(n1, n2, a["offset"])[0])
        return TensorMeta([d for i, d in enumerate(x.shape) if i not in (a1, a2)] + [n], x.dtype)

    def backward(self, out_grad):
        (x,) = self.saved
        return apply(DiagonalGrad, x, out_grad, **self.attrs)


@register("diagonal_grad")
class DiagonalGrad(Op):
    """Zeros shaped like Input with Out@GRAD written onto the diagonal (broadcast if its last dim is 1)."""

    inputs, outputs = ("Input", "Out@GRAD"), ("Input@GRAD",)
    saves = ("Out@GRAD",)

    def forward(self, xp, x, g):
        a = self.attrs
        out = xp.zeros(x.shape, dtype=g.dtype)
        m = _moved(out, a["axis1"], a["axis2"])
        r, c = _diag_index(m.shape[-2], m.shape[-1], a["offset"])
        m[..., r, c] = g
        return out

    def infer_meta(self, x, g):
        return TensorMeta(x.shape, g.dtype)

    def backward(self, gg):
        (g,) = self.saved
        a = self.attrs
        d = apply(Diagonal, gg, **a)
        if g.shape[-1] == 1 and d.shape[-1] != 1:
            d = d.sum(axis=-1, keepdim=True)
        return None, d


@register("trace")
class Trace(Op):
    """Sum of the `offset` diagonal over axes (axis1, axis2)."""

    inputs, outputs = ("Input",), ("Out",)
    saves = ("Input",)

    def forward(self, xp, x):
        a = self.attrs
        return xp.asarray(xp.trace(x, a["offset"], a["axis1"], a["axis2"]), dtype=x.dtype)

    def infer_meta(self, x):
        a = self.attrs
        nd = len(x.shape)
        drop = (a["axis1"] % nd, a["axis2"] % nd)
        return TensorMeta([d for i, d in enumerate(x.shape) if i not in drop], x.dtype)

    def backward(self, out_grad):
        (x,) = self.saved
        return apply(DiagonalGrad, x, out_grad.unsqueeze(-1), **self.attrs)
