"""Legacy (fluid) ops that Paddle's static layers still emit: mul (+ mul_grad) for static.nn.fc,
lookup_table (v1) for static.nn.sparse_embedding, and auc with its running statistics."""
import numpy as np

from .._core import dtype as _dt
from .._core.dispatch import apply
from .._core.op import Op, TensorMeta, register
from .input import LookupTableV2, LookupTableV2Grad


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


# -- lookup_table (v1) -------------------------------------------------------------------------
@register("lookup_table")
class LookupTable(LookupTableV2):
    """Out = W[Ids] for Ids shaped [..., 1] (the last dim is the id): Out is Ids.dims[:-1] + [emb]."""

    def forward(self, xp, ids, w):
        if ids.ndim == 0 or ids.shape[-1] != 1:
            e = ValueError(f"(InvalidArgument) The last dimensions of Input(Ids) should be 1, but received "
                           f"Ids's shape = {list(ids.shape)}.")
            e.paddle_kernel = True
            raise e
        return LookupTableV2.forward(self, xp, ids.reshape(ids.shape[:-1]), w)

    def infer_meta(self, ids, w):
        return TensorMeta(list(ids.shape[:-1]) + list(w.shape[1:]), w.dtype)

    def backward(self, g):
        ids, w = self.saved
        if not self.need(1):
            return None, None
        return None, apply(LookupTableV2Grad, ids, w, g, padding_idx=self.attrs.get("padding_idx", -1))


# -- auc ---------------------------------------------------------------------------------------
def _bins(predict, label, num_thresholds):
    """Per-bucket positive and negative counts of one batch (bucket = int(p * num_thresholds))."""
    p = predict[:, -1] if predict.ndim == 2 else predict.reshape(-1)
    if p.size and (p.min() < 0 or p.max() > 1):
        e = ValueError("(InvalidArgument) The predict data must gather or equal 0 and less or equal 1.")
        e.paddle_kernel = True
        raise e
    idx = (p.astype(np.float64) * num_thresholds).astype(np.int64)
    lab = label.reshape(-1)
    pos = np.bincount(idx[lab > 0], minlength=num_thresholds + 1)[: num_thresholds + 1]
    neg = np.bincount(idx[lab == 0], minlength=num_thresholds + 1)[: num_thresholds + 1]
    return pos.astype(np.int64), neg.astype(np.int64)


def _area(pos, neg):
    """ROC area from bucket counts: trapezoids from the highest threshold down, normalised."""
    tp = np.cumsum(pos[::-1].astype(np.float64))
    fp = np.cumsum(neg[::-1].astype(np.float64))
    tp_prev = np.concatenate([[0.0], tp[:-1]])
    fp_prev = np.concatenate([[0.0], fp[:-1]])
    area = float(np.sum(np.abs(fp - fp_prev) * (tp + tp_prev) / 2.0))
    if tp[-1] > 0 and fp[-1] > 0:
        return area / tp[-1] / fp[-1]
    return 0.0


@register("auc")
class Auc(Op):
    """Area under the ROC curve over running statistics (StatPos/StatNeg -> StatPosOut/StatNegOut).

    slide_steps == 0: the stats are [1, num_thresholds + 1] bucket counts of every batch so far.
    slide_steps > 0: the stats hold slide_steps rings of buckets, then their sum, then a batch
    counter; the AUC is that of the last slide_steps batches.
    """

    inputs = ("Predict", "Label", "StatPos", "StatNeg", "InsTagWeight")
    outputs = ("AUC", "StatPosOut", "StatNegOut")
    differentiable = False

    def forward(self, xp, predict, label, stat_pos, stat_neg, weight):
        a = self.attrs
        nt, steps = a.get("num_thresholds", 4095), a.get("slide_steps", 1)
        if a.get("curve", "ROC") != "ROC":
            e = ValueError(f"(Unimplemented) auc curve {a.get('curve')!r} is not supported, only 'ROC'")
            e.paddle_kernel = True
            raise e
        pos_out = stat_pos.astype(np.int64).reshape(-1)
        neg_out = stat_neg.astype(np.int64).reshape(-1)
        bp, bn = _bins(predict, label, nt)
        width = nt + 1
        if steps == 0:
            pos_out = pos_out + bp
            neg_out = neg_out + bn
            area = _area(pos_out, neg_out)
        else:
            pos_out, neg_out = pos_out.copy(), neg_out.copy()
            cur = int(pos_out[(steps + 1) * width]) % steps
            ring, total = slice(cur * width, (cur + 1) * width), slice(steps * width, (steps + 1) * width)
            for out, batch in ((pos_out, bp), (neg_out, bn)):
                out[total] -= out[ring]
                out[ring] = batch
                out[total] += batch
            area = _area(pos_out[total], neg_out[total])
            pos_out[(steps + 1) * width] += 1
            neg_out[(steps + 1) * width] += 1
        return (np.asarray(area, np.float64), pos_out.reshape(stat_pos.shape),
                neg_out.reshape(stat_neg.shape))

    def infer_meta(self, predict, label, stat_pos, stat_neg, weight):
        return TensorMeta([], _dt.float64), TensorMeta(stat_pos.shape, _dt.int64), TensorMeta(stat_neg.shape,
                                                                                             _dt.int64)
