"""Matrix products: matmul_v2 (numpy matmul rules with trans_x/trans_y), dot, bmm, ..."""
from .._core.op import Op, TensorMeta, register
from .elementwise import broadcast_shape, sum_to


def _t(a):
    """Swap the last two axes (1-D arrays are left alone)."""
    return a if a.ndim < 2 else a.swapaxes(-1, -2)


@register("matmul_v2")
class MatMul(Op):
    inputs, outputs = ("X", "Y"), ("Out",)
    saves = ("X", "Y")

    def forward(self, xp, x, y):
        a = self.attrs
        if a["trans_x"]:
            x = _t(x)
        if a["trans_y"]:
            y = _t(y)
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
            g = g.unsqueeze(-2)
        if yv:
            y = y.unsqueeze(-1)
            g = g.unsqueeze(-1)
        if not tx and not ty:
            gx = g.matmul(y, transpose_y=True)
            gy = x.matmul(g, transpose_x=True)
        elif tx and not ty:
            gx = y.matmul(g, transpose_y=True)
            gy = x.matmul(g)
        elif not tx and ty:
            gx = g.matmul(y)
            gy = g.matmul(x, transpose_x=True)
        else:
            gx = y.matmul(g, transpose_x=True, transpose_y=True)
            gy = g.matmul(x, transpose_x=True, transpose_y=True)
        gx = sum_to(gx, x)
        gy = sum_to(gy, y)
        if xv:
            gx = gx.squeeze(0)
        if yv:
            gy = gy.squeeze(-1)
        return gx, gy
