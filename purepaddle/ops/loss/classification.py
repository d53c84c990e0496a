"""Classification loss ops: softmax_with_cross_entropy (+ grad op), sigmoid_cross_entropy_with_logits
(+ grad), bce_loss, nll_loss (+ grad), kldiv_loss, log_loss. Kernels work on the [rows, classes]
view of _rows.py.
"""
import numpy as np

from ..._core.dispatch import apply
from ..._core.op import OPS, Op, TensorMeta, register
from ..activation.softmax import SHIFT_FLOOR
from ..creation.fill import FillAnyLike
from .._errors import InvalidArgument
from .._through_float import to_int
from ..math.reduction import ReduceSum
from ..math.unary import Sigmoid
from ._rows import _TINY, _loss_shape, clip, from_rows, hard_labels, is_zero_const, row_sum, to_rows


_CLIP_LOG = SHIFT_FLOOR  # Paddle's stable softmax clips logits - rowmax at -64 (exp(-64) is still normal in fp32)
_TOLERABLE = 1e20  # Paddle's TolerableValue: log(0) reads as -1e20, not -inf


def _row_shifted(x2):
    """(s, e, tot) with s = x - rowmax clipped at -64 (Paddle's stable softmax), e = exp(s), tot = row sums."""
    s = x2 - x2.max(axis=1, keepdims=True)
    np.maximum(s, _CLIP_LOG, out=s)
    e = np.exp(s)
    return s, e, row_sum(e)


def _global_shifted(x2):
    """(s, e, tot) shifted by the global max: the same log-softmax without numpy's slow per-row max.

    None when some row's sum leaves the normal range (a row far below the global max, inf, nan):
    the caller then uses _row_shifted."""
    s = x2 - x2.max()
    e = np.exp(s)
    tot = row_sum(e)
    if not tot.min() >= _TINY.get(x2.dtype.char, 0.0):  # nan-safe
        return None
    return s, e, tot


def _hard_fast(x2, flat):
    """(softmax, loss) of rows against class ids with one global shift, or None where the row path is needed.

    The global shift gives the row-wise log-softmax exactly unless a row's sum leaves the normal
    range (a row far below the global max, inf, nan) or a label's logit sits more than 64 below its
    row max (its loss then exceeds 64), where Paddle clips."""
    s = x2 - x2.max()
    s_lab = s.ravel().take(flat)
    e = np.exp(s, out=s)
    tot = row_sum(e)
    if not tot.min() >= _TINY.get(x2.dtype.char, 0.0):  # nan-safe
        return None
    loss = np.log(tot)
    loss -= s_lab
    if not loss.max() <= -_CLIP_LOG:
        return None
    e /= tot[:, None]
    return e, loss


@register("softmax_with_cross_entropy")
class SoftmaxWithCrossEntropy(Op):
    """Softmax of Logits along `axis` and the cross entropy against Label (class ids, or soft labels)."""

    inputs, outputs = ("Logits", "Label"), ("Softmax", "Loss")
    saves = ("Label", "Softmax")
    materialize_grads = False  # the Softmax output is rarely used: skip its zero grad

    def forward(self, xp, logits, label):
        a = self.attrs
        shape = logits.shape
        axis = a["axis"] % len(shape)
        x2 = logits.reshape(-1, shape[-1]) if axis == len(shape) - 1 else to_rows(logits, axis)
        rows, c = x2.shape
        soft = a["soft_label"]
        if soft:
            y2 = to_rows(label, axis).astype(x2.dtype, copy=False)
        else:
            flat, ign = hard_labels(label, rows, c, a["ignore_index"])
        if x2.size == 0:
            loss = np.full(rows, np.nan if rows and not c else 0, x2.dtype)
            p = x2.copy()
        elif a.get("use_softmax", True):
            fast = None if soft else _hard_fast(x2, flat)
            if fast is not None:
                p, loss = fast
            else:
                parts = None if not soft else _global_shifted(x2)
                if parts is not None:
                    s, p, tot = parts
                    s -= np.log(tot)[:, None]  # log-softmax
                    if not s.min() >= _CLIP_LOG:  # some entry Paddle would clip
                        parts = None
                if parts is None:
                    s, p, tot = _row_shifted(x2)
                    s -= np.log(tot)[:, None]
                loss = -row_sum(y2 * s) if soft else -s.ravel().take(flat)
                p /= tot[:, None]
        else:  # Logits already are probabilities
            p = x2.copy()
            if soft:
                loss = -row_sum(y2 * np.clip(np.log(p), -_TOLERABLE, _TOLERABLE))
            else:
                loss = -np.clip(np.log(p.ravel().take(flat)), -_TOLERABLE, _TOLERABLE)
        if not soft and ign is not None:
            loss[ign] = 0
        out_shape = shape[:axis] + (1,) + shape[axis + 1:]
        return (p.reshape(shape) if axis == len(shape) - 1 else from_rows(p, shape, axis)), loss.reshape(out_shape)

    def infer_meta(self, logits, label):
        axis = self.attrs["axis"] % max(len(logits.shape), 1)
        return TensorMeta(logits.shape, logits.dtype), TensorMeta(_loss_shape(logits.shape, axis), logits.dtype)

    def backward(self, g_softmax, g_loss):
        if not self.need(0):
            return None, None
        label, softmax = self.saved
        gx = None if g_loss is None else apply(SoftmaxWithCrossEntropyGrad, label, softmax, g_loss, **self.attrs)
        if g_softmax is not None and not is_zero_const(g_softmax):  # someone used the Softmax output
            if self.attrs.get("use_softmax", True):
                ax = self.attrs["axis"]
                inner = apply(ReduceSum, g_softmax * softmax, dim=[ax], keep_dim=True, reduce_all=False)
                term = softmax * (g_softmax - inner)
            else:
                term = g_softmax
            gx = term if gx is None else gx + term
        return gx, None


@register("softmax_with_cross_entropy_grad")
class SoftmaxWithCrossEntropyGrad(Op):
    """Logits@GRAD = (softmax - w) * g with w the (one-hot or soft) label, 0 on ignored rows; -w * g / p without
    softmax. As in Paddle, soft labels are taken to sum to one: (softmax - w) * g even where they do not (torch's
    softmax * sum(w) - w differs there, and already in the last bits for label smoothing's float32 labels)."""

    inputs, outputs = ("Label", "Softmax", "Loss@GRAD"), ("Logits@GRAD",)
    saves = ("Label", "Softmax", "Loss@GRAD")

    def forward(self, xp, label, softmax, g):
        a = self.attrs
        shape = softmax.shape
        axis = a["axis"] % len(shape)
        last = axis == len(shape) - 1
        p2 = softmax.reshape(-1, shape[-1]) if last else to_rows(softmax, axis)
        rows, c = p2.shape
        g1 = g.reshape(-1, 1)
        use_softmax = a.get("use_softmax", True)
        if a["soft_label"]:
            y2 = to_rows(label, axis)
            if use_softmax:
                out = (p2 - y2) * g1
            else:
                out = -(y2 * g1) / p2
        else:
            flat, ign = hard_labels(label, rows, c, a["ignore_index"], check=False)
            g0 = g1[:, 0]
            if use_softmax:
                out = p2 * g1
                out.ravel()[flat] -= g0
            else:
                out = np.zeros_like(p2)
                out.ravel()[flat] = -g0 / p2.ravel().take(flat)
            if ign is not None:
                out[ign] = 0
        return out.reshape(shape) if last else from_rows(out, shape, axis)

    def infer_meta(self, label, softmax, g):
        return TensorMeta(softmax.shape, softmax.dtype)

    def backward(self, v):
        label, softmax, g = self.saved
        a = self.attrs
        ax = a["axis"]
        # -w (one-hot or soft label, zero on ignored rows) is this op at softmax = 0, g = 1
        attrs = dict(a, use_softmax=True)
        neg_w = apply(SoftmaxWithCrossEntropyGrad, label, apply(FillAnyLike, softmax, value=0.0, dtype=-1),
                      apply(FillAnyLike, g, value=1.0, dtype=-1), **attrs)
        if a.get("use_softmax", True):
            # the weight of softmax in this op: 1 for soft labels, and for hard ones 0 on ignored rows
            sum_w = 1.0 if a["soft_label"] else -apply(ReduceSum, neg_w, dim=[ax], keep_dim=True, reduce_all=False)
            g_soft = v * g * sum_w if self.need(1) else None
            g_g = apply(ReduceSum, v * (softmax * sum_w + neg_w), dim=[ax], keep_dim=True,
                        reduce_all=False) if self.need(2) else None
        else:
            g_soft = -(v * neg_w * g) / (softmax * softmax) if self.need(1) else None
            g_g = apply(ReduceSum, v * neg_w / softmax, dim=[ax], keep_dim=True, reduce_all=False) \
                if self.need(2) else None
        return None, g_soft, g_g


def _softplus_neg(x):
    """log(1 + exp(-x)) computed without overflow."""
    return np.log1p(np.exp(-np.abs(x))) + np.maximum(-x, 0)


def _sce_mask(z, ignore_index, normalize):
    """(mask of ignored labels or None, normaliser or None) for sigmoid_cross_entropy_with_logits."""
    ign = to_int(np, z, np.int32) == ignore_index  # Paddle compares static_cast<int>(label): -100.5 is ignored too
    has = ign.any()
    norm = None
    if normalize:
        norm = max(int(z.size - np.count_nonzero(ign)), 1) if z.size else 1
    return (ign if has else None), norm


@register("sigmoid_cross_entropy_with_logits")
class SigmoidCrossEntropyWithLogits(Op):
    """Elementwise (1 - z) * x + w * log(1 + exp(-x)) (w = pos_weight or 1), zero where z == ignore_index."""

    inputs, outputs = ("X", "Label", "pos_weight"), ("Out",)
    saves = ("X", "Label", "pos_weight")

    def forward(self, xp, x, z, pw):
        z = z.astype(x.dtype, copy=False)
        with np.errstate(all="ignore"):
            if pw is None:  # Paddle's kernel: (x > 0 ? x : 0) - x * z + log(1 + exp(-|x|)), NaN and inf as it gives
                out = np.where(x > 0, x, 0) - x * z + np.log(1 + np.exp(-np.abs(x)))
            else:
                out = (1 - z) * x + pw * _softplus_neg(x)
        ign, norm = _sce_mask(z, self.attrs["ignore_index"], self.attrs["normalize"])
        if ign is not None:
            out = np.where(ign, 0, out).astype(x.dtype, copy=False)
        if norm is not None:
            out /= norm
        return out.astype(x.dtype, copy=False)

    def infer_meta(self, x, z, pw):
        return TensorMeta(x.shape, x.dtype)

    def backward(self, g):
        x, z, pw = self.saved
        gx = apply(SigmoidCrossEntropyWithLogitsGrad, x, z, pw, g, **self.attrs) if self.need(0) else None
        return gx, None, None


@register("sigmoid_cross_entropy_with_logits_grad")
class SigmoidCrossEntropyWithLogitsGrad(Op):
    """X@GRAD = ((1 - z) - w * (1 - sigmoid(x))) * g, masked and normalised as the forward."""

    inputs, outputs = ("X", "Label", "pos_weight", "Out@GRAD"), ("X@GRAD",)
    saves = ("X", "Label", "pos_weight", "Out@GRAD")

    def forward(self, xp, x, z, pw, g):
        z = z.astype(x.dtype, copy=False)
        with np.errstate(all="ignore"):
            sig = 1 / (1 + np.exp(-x))
            d = sig - z if pw is None else (1 - z) - pw * (1 - sig)
            d *= g
        ign, norm = _sce_mask(z, self.attrs["ignore_index"], self.attrs["normalize"])
        if ign is not None:
            d[ign] = 0
        if norm is not None:
            d /= norm
        return d.astype(x.dtype, copy=False)

    def infer_meta(self, x, z, pw, g):
        return TensorMeta(x.shape, x.dtype)

    def backward(self, v):
        x, z, pw, g = self.saved
        a = self.attrs
        gx = gg = None
        if self.need(0):
            s = apply(Sigmoid, x)
            keep = (z != a["ignore_index"]).astype(x.dtype)
            d = s * (1 - s) * keep
            if pw is not None:
                d = d * pw
            if a["normalize"]:
                d = d / clip(keep.sum(), 1.0)
            gx = v * g * d
        if self.need(3):
            gg = v * apply(SigmoidCrossEntropyWithLogitsGrad, x, z, pw, apply(FillAnyLike, g, value=1.0, dtype=-1), **a)
        return gx, None, None, gg


@register("bce_loss")
class BCELoss(Op):
    """-(z log x + (1 - z) log(1 - x)) with each log clipped at -100; x must lie in [0, 1]."""

    inputs, outputs = ("X", "Label"), ("Out",)
    saves = ("X", "Label")

    def forward(self, xp, x, z):
        # Paddle checks element by element, `x >= 0` then `x <= 1`, and names the first element that fails
        # either: NaN fails the first
        inside = (x >= 0) & (x <= 1)
        if not inside.all():
            v = float(x.reshape(-1)[int(np.argmin(inside.reshape(-1)))])
            if not v >= 0:
                raise InvalidArgument(
                    "(InvalidArgument) Illegal input, input must be greater than  or equal to 0\n  [Hint: Expected "
                    f"x_data[i] >= static_cast<T>(0), but received x_data[i]:{v:g} < static_cast<T>(0):0.]")
            raise InvalidArgument(
                "(InvalidArgument) Illegal input, input must be less than or equal to 1\n  [Hint: Expected "
                f"x_data[i] <= static_cast<T>(1), but received x_data[i]:{v:g} > static_cast<T>(1):1.]")
        with np.errstate(divide="ignore"):
            lx = np.maximum(np.log(x), -100)
            l1 = np.maximum(np.log1p(-x), -100)
        return (-(z * lx + (1 - z) * l1)).astype(x.dtype, copy=False)

    def infer_meta(self, x, z):
        return TensorMeta(x.shape, x.dtype)

    def backward(self, g):
        x, z = self.saved
        if not self.need(0):
            return None, None
        # Paddle's grad: (x - z) / max(x (1 - x), 1e-12)
        den = clip(x * (1 - x), 1e-12)
        return g * (x - z) / den, None


@register("nll_loss")
class NLLLoss(Op):
    """-w[y] * x[n, y, ...] per position (class axis 1), reduced by `reduction`; Total_weight = sum of w[y]."""

    inputs, outputs = ("X", "Label", "Weight"), ("Out", "Total_weight")
    nondiff_outputs = ("Total_weight",)
    saves = ("X", "Label", "Weight")

    def _picked(self, x, label, w):
        """(x at the labels, weights at the labels with ignored ones zeroed, flat indices) for [N*..., C] rows."""
        c = x.shape[1]
        x2 = to_rows(x, 1)
        lab = label.reshape(-1)
        if lab.size != x2.shape[0]:
            raise InvalidArgument(
                "(InvalidArgument) ShapeError: Expected input batch_size to match label batch_size,But received: "
                f"the Input(x) shape is {list(x.shape)}, the Input(label) shape is {list(label.shape)}.")
        ign = lab == self.attrs["ignore_index"]
        labc = np.where(ign, 0, lab)
        if labc.size and ((labc < 0) | (labc >= c)).any():
            raise InvalidArgument(
                "(InvalidArgument) label should not be out of bounds.\n  [Hint: Expected cur_label >= 0 && cur_label "
                "< n_classes == true, but received cur_label >= 0 && cur_label < n_classes:0 != true:1.]")
        flat = np.arange(0, x2.size, c) + labc
        wv = np.ones(lab.shape, x.dtype) if w is None else w.take(labc).astype(x.dtype, copy=False)
        wv[ign] = 0
        return x2.ravel().take(flat), wv, flat

    def forward(self, xp, x, label, w):
        picked, wv, _ = self._picked(x, label, w)
        out = -picked * wv
        # an ignored position is skipped (0), whatever x holds at the class it stands in for (no inf * 0)
        out[label.reshape(-1) == self.attrs["ignore_index"]] = 0
        red = self.attrs["reduction"]
        if red == "none":
            return out.reshape((x.shape[0],) + x.shape[2:]), np.zeros((), x.dtype)
        total = wv.sum(dtype=x.dtype)
        s = out.sum(dtype=x.dtype)
        if red == "mean":
            with np.errstate(invalid="ignore", divide="ignore"):
                s = s / total  # all labels ignored: nan, as 0/0
        return np.asarray(s, x.dtype), np.asarray(total, x.dtype)

    def infer_meta(self, x, label, w):
        out = [x.shape[0]] + list(x.shape[2:]) if self.attrs["reduction"] == "none" else []
        return TensorMeta(out, x.dtype), TensorMeta([], x.dtype)

    def backward(self, g, g_total):
        x, label, w = self.saved
        if not self.need(0):
            return None, None, None
        return apply(NLLLossGrad, x, label, w, g, **self.attrs), None, None


@register("nll_loss_grad")
class NLLLossGrad(Op):
    """X@GRAD: -w[y] * g (divided by the total weight for 'mean') at the label positions, zero elsewhere."""

    inputs, outputs = ("X", "Label", "Weight", "Out@GRAD"), ("X@GRAD",)
    saves = ("Label", "Weight")

    def forward(self, xp, x, label, w, g):
        _, wv, flat = NLLLoss._picked(self, x, label, w)
        red = self.attrs["reduction"]
        gv = g.reshape(-1).astype(x.dtype, copy=False)
        coef = -wv * gv
        if red == "mean":
            with np.errstate(invalid="ignore", divide="ignore"):
                coef = coef / wv.sum(dtype=x.dtype)
        out = np.zeros(x.size, x.dtype)
        out[flat] = coef
        shape = list(x.shape)
        return from_rows(out.reshape(-1, shape[1]), shape, 1)

    def infer_meta(self, x, label, w, g):
        return TensorMeta(x.shape, x.dtype)

    def backward(self, v):
        label, w = self.saved
        if not self.need(3):
            return None, None, None, None
        # the grad is linear in Out@GRAD with the forward's own coefficients
        out, _ = apply(NLLLoss, v, label, w, **self.attrs)
        return None, None, None, out


_KL_REDUCTIONS = ("none", "mean", "sum", "batchmean")


@register("kldiv_loss")
class KLDivLoss(Op):
    """t (log t - x) where t > 0 (else 0); exp(t) (t - x) with log_target; reduced by `reduction`."""

    inputs, outputs = ("X", "Target"), ("Loss",)
    saves = ("X", "Target")

    def forward(self, xp, x, t):
        if self.attrs.get("log_target", False):
            out = np.exp(t) * (t - x)
        else:
            with np.errstate(divide="ignore", invalid="ignore"):
                out = np.where(t <= 0, 0, t * (np.log(np.where(t <= 0, 1, t)) - x))  # a NaN target gives NaN
        out = out.astype(x.dtype, copy=False)
        red = self.attrs.get("reduction", "none")
        if red == "none":
            return out
        s = out.sum(dtype=x.dtype)
        if red == "mean":
            s = s / max(out.size, 1)
        elif red == "batchmean" and x.ndim:
            s = s / max(x.shape[0], 1)
        return np.asarray(s, x.dtype)

    def infer_meta(self, x, t):
        return TensorMeta(x.shape if self.attrs.get("reduction", "none") == "none" else [], x.dtype)

    def backward(self, g):
        x, t = self.saved
        if not self.need(0):
            return None, None
        if self.attrs.get("log_target", False):
            w = t.exp()
        else:  # Paddle: target where target > 0 (inf and NaN kept), else 0
            w = apply(OPS["where"], t <= 0.0, apply(FillAnyLike, t, value=0.0, dtype=-1), t)
        red = self.attrs.get("reduction", "none")
        if red == "mean":
            g = g / x.numel()
        elif red == "batchmean" and x.ndim:
            g = g / x.shape[0]
        return -w * g, None


@register("log_loss")
class LogLoss(Op):
    """-y log(p + eps) - (1 - y) log(1 - p + eps)."""

    inputs, outputs = ("Predicted", "Labels"), ("Loss",)
    saves = ("Predicted", "Labels")

    def forward(self, xp, p, y):
        e = p.dtype.type(np.float32(self.attrs["epsilon"]))
        return (-y * np.log(p + e) - (1 - y) * np.log(1 - p + e)).astype(p.dtype, copy=False)

    def infer_meta(self, p, y):
        return TensorMeta(p.shape, p.dtype)

    def backward(self, g):
        p, y = self.saved
        if not self.need(0):
            return None, None
        e = float(np.float32(self.attrs["epsilon"]))
        return g * ((1 - y) / (1 - p + e) - y / (p + e)), None
