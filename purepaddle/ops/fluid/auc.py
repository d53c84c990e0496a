"""auc with its running statistics (static.nn.auc): positive/negative counts per threshold bin."""
import numpy as np

from ..._core import dtype as _dt
from ..._core.op import Op, TensorMeta, register


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
