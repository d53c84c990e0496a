"""mul (+ mul_grad), the matrix product static.nn.fc emits: X and Y flattened to matrices at
x_num_col_dims / y_num_col_dims.
"""
import numpy as np

from ..._core.dispatch import apply
from ..._core.op import Op, TensorMeta, register


def _prod(dims):
    n = 1
    for d in dims:
        if d < 0:
            return -1
        n *= d
    return n


def _as_matrix(a, k):
    """a viewed as [prod(shape[:k]), prod(shape[k:])] (mul's num_col_dims flattening)."""
    return a.reshape(_prod(a.shape[:k]), _prod(a.shape[k:]))


# -- mul ---------------------------------------------------------------------------------------
@register("mul")
class Mul(Op):
    """Out = flatten(X, x_num_col_dims) @ flatten(Y, y_num_col_dims), shaped X.dims[:xk] + Y.dims[yk:]."""

    inputs, outputs = ("X", "Y"), ("Out",)
    saves = ("X", "Y")

    def forward(self, xp, x, y):
        a = self.attrs
        xk, yk = a.get("x_num_col_dims", 1), a.get("y_num_col_dims", 1)
        out = _as_matrix(x, xk) @ _as_matrix(y, yk)
        return out.reshape(tuple(x.shape[:xk]) + tuple(y.shape[yk:]))

    def infer_meta(self, x, y):
        a = self.attrs
        xk, yk = a.get("x_num_col_dims", 1), a.get("y_num_col_dims", 1)
        xw, yh = _prod(x.shape[xk:]), _prod(y.shape[:yk])
        if xw >= 0 and yh >= 0 and xw != yh:
            raise ValueError(f"(InvalidArgument) First matrix's width must be equal with second matrix's height. "
                             f"But received first matrix's width = [{xw}], first matrix's shape = {list(x.shape)}, "
                             f"second matrix's height = [{yh}], second matrix's shape = {list(y.shape)}.")
        return TensorMeta(list(x.shape[:xk]) + list(y.shape[yk:]), x.dtype)

    def backward(self, g):
        x, y = self.saved
        nx, ny = bool(self.need(0)), bool(self.need(1))
        dx, dy = apply(MulGrad.variants[(nx, ny)], x, y, g, **self.attrs)
        return (dx if nx else None), (dy if ny else None)


_EMPTY = np.zeros((0,), np.float32)


@register("mul_grad")
class MulGrad(Op):
    """X@GRAD = G @ Y^T and Y@GRAD = X^T @ G on the flattened matrices, reshaped back.

    `want` says which of the two are computed; in a program the executor reads it off the op's
    output slots (an empty X@GRAD slot: the input needs no gradient, as in Paddle's programs).
    """

    inputs, outputs = ("X", "Y", "Out@GRAD"), ("X@GRAD", "Y@GRAD")
    saves = ("X", "Y", "Out@GRAD")
    want = (True, True)
    variants = {}

    def bind(self, op):
        """Executor hook: compute only the gradients the program names."""
        self.want = (bool(op.output("X@GRAD")), bool(op.output("Y@GRAD")))

    def forward(self, xp, x, y, g):
        a = self.attrs
        xk, yk = a.get("x_num_col_dims", 1), a.get("y_num_col_dims", 1)
        x2, y2 = _as_matrix(x, xk), _as_matrix(y, yk)
        g2 = g.reshape(x2.shape[0], y2.shape[1])
        dx = (g2 @ y2.T).reshape(x.shape) if self.want[0] else _EMPTY
        dy = (x2.T @ g2).reshape(y.shape) if self.want[1] else _EMPTY
        return dx, dy

    def infer_meta(self, x, y, g):
        return (TensorMeta(x.shape, x.dtype) if self.want[0] else None,
                TensorMeta(y.shape, y.dtype) if self.want[1] else None)

    def backward(self, ggx, ggy):
        x, y, g = self.saved
        a = self.attrs
        ggx = ggx if self.want[0] else None
        ggy = ggy if self.want[1] else None
        gx = gy = gg = None
        if ggy is not None and self.need(0):  # dX = G Y^T: its Y-part gives X through G ggY^T
            gx = apply(MulGrad.variants[(True, False)], x, ggy, g, **a)[0]
        if ggx is not None and self.need(1):
            gy = apply(MulGrad.variants[(False, True)], ggx, y, g, **a)[1]
        if self.need(2):
            if ggx is not None:
                gg = apply(Mul, ggx, y, **a)
            if ggy is not None:
                t = apply(Mul, x, ggy, **a)
                gg = t if gg is None else gg + t
        return gx, gy, gg


MulGrad.variants[(True, True)] = MulGrad.variants[(False, False)] = MulGrad
for _want in ((True, False), (False, True)):
    MulGrad.variants[_want] = type(f"MulGrad{'X' if _want[0] else 'Y'}", (MulGrad,), {"want": _want})
