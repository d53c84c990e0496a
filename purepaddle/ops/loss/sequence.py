"""Sequence and tree losses: warpctc (CTC), warprnnt (RNN-T), hierarchical_sigmoid (+ grad), edit_distance.

CTC and RNN-T run the forward-backward recursions in log space in float64, vectorised over the
batch and the label positions (RNN-T over anti-diagonals of its lattice); only time (or the
diagonal index) is a Python loop. Their forward also yields the gradient, as warp-ctc does."""
import numpy as np

from ..._core.dispatch import apply
from ..._core.op import Op, TensorMeta, register
from .._errors import InvalidArgument

_NEG = -np.inf


def _log_softmax(x, axis):
    m = x.max(axis=axis, keepdims=True)
    s = x - m
    return s - np.log(np.exp(s).sum(axis=axis, keepdims=True))


def _lengths(a, n, what):
    out = np.asarray(a, np.int64).reshape(-1)
    if out.size != n:
        raise InvalidArgument(f"(InvalidArgument) The size of {what} ({out.size}) must equal the batch size ({n}).")
    return out


@register("warpctc")
class WarpCTC(Op):
    """CTC loss -log p(label | logits) of unnormalised logits [T, B, C] (softmax inside), per sequence."""

    inputs, outputs = ("Logits", "Label", "LogitsLength", "LabelLength"), ("WarpCTCGrad", "Loss")
    nondiff_outputs = ("WarpCTCGrad",)
    saves = ("WarpCTCGrad",)

    def forward(self, xp, logits, label, logits_len, label_len):
        t_max, b, c = logits.shape
        blank = self.attrs["blank"]
        if not 0 <= blank < c:
            raise InvalidArgument(f"(InvalidArgument) The value of Attr(blank) should be in interval [0, {c}), "
                                  f"but received {blank}")
        tl = _lengths(logits_len, b, "LogitsLength")
        ll = _lengths(label_len, b, "LabelLength")
        lab = np.asarray(label, np.int64).reshape(b, -1)
        lmax = max(int(ll.max()) if b else 0, 0)
        lab = lab[:, :lmax] if lab.shape[1] >= lmax else np.pad(lab, ((0, 0), (0, lmax - lab.shape[1])))
        s_len = 2 * lmax + 1
        ext = np.full((b, s_len), blank, np.int64)           # blank, l1, blank, l2, ..., blank
        ext[:, 1::2] = lab
        pos = np.arange(s_len)
        valid = pos[None, :] < (2 * ll + 1)[:, None]
        skip = np.zeros((b, s_len), bool)                    # s may come from s - 2: a label unlike its predecessor
        skip[:, 3::2] = lab[:, 1:] != lab[:, :-1]
        lp = _log_softmax(logits.astype(np.float64), 2)
        emit = np.where(valid[None], lp[:, np.arange(b)[:, None], ext], _NEG)   # [T, B, S]
        alpha = np.full((t_max, b, s_len), _NEG)
        alpha[0, :, 0] = emit[0, :, 0]
        if s_len > 1:
            alpha[0, :, 1] = emit[0, :, 1]
        for t in range(1, t_max):
            a = alpha[t - 1]
            acc = a.copy()
            np.logaddexp(acc[:, 1:], a[:, :-1], out=acc[:, 1:])
            np.logaddexp(acc[:, 2:], np.where(skip[:, 2:], a[:, :-2], _NEG), out=acc[:, 2:])
            alpha[t] = acc + emit[t]
        last = np.clip(tl - 1, 0, max(t_max - 1, 0))
        rows = np.arange(b)
        end = 2 * ll
        a_end = alpha[last, rows]
        loglik = np.logaddexp(a_end[rows, end], np.where(ll > 0, a_end[rows, np.maximum(end - 1, 0)], _NEG))
        beta = np.full((t_max, b, s_len), _NEG)
        init = np.full((b, s_len), _NEG)
        init[rows, end] = emit[last, rows, end]
        has = ll > 0
        init[rows[has], end[has] - 1] = emit[last[has], rows[has], end[has] - 1]
        for t in range(t_max - 1, -1, -1):
            if t < t_max - 1:
                nb = beta[t + 1]
                acc = nb.copy()
                np.logaddexp(acc[:, :-1], nb[:, 1:], out=acc[:, :-1])
                np.logaddexp(acc[:, :-2], np.where(skip[:, 2:], nb[:, 2:], _NEG), out=acc[:, :-2])
                rec = acc + emit[t]
            else:
                rec = np.full((b, s_len), _NEG)
            beta[t] = np.where((t == last)[:, None], init, np.where((t < last)[:, None], rec, _NEG))
        repeats = (lab[:, 1:] == lab[:, :-1]) & (np.arange(1, max(lmax, 1))[None, :lmax - 1] < ll[:, None])
        feasible = (ll + repeats.sum(axis=1) <= tl) & np.isfinite(loglik)  # warp-ctc gives 0 when impossible
        with np.errstate(invalid="ignore"):
            occ = np.exp(alpha + beta - emit - np.where(feasible, loglik, 0)[None, :, None])
        occ = np.nan_to_num(occ, nan=0.0)
        onehot = np.zeros((b, s_len, c))
        onehot[rows[:, None], pos[None, :], ext] = valid
        per_class = np.matmul(occ.transpose(1, 0, 2), onehot).transpose(1, 0, 2)   # [T, B, C]
        grad = np.exp(lp) - per_class
        live = (np.arange(t_max)[:, None] < tl[None, :]) & feasible[None, :]
        grad *= live[:, :, None]
        if self.attrs.get("norm_by_times", False):
            grad /= np.maximum(tl, 1)[None, :, None]
        loss = np.where(feasible, -loglik, 0.0)
        return grad.astype(logits.dtype), loss.reshape(b, 1).astype(logits.dtype)

    def infer_meta(self, logits, label, logits_len, label_len):
        return TensorMeta(logits.shape, logits.dtype), TensorMeta([logits.shape[1], 1], logits.dtype)

    def backward(self, g_grad, g_loss):
        (grad,) = self.saved
        return (grad * g_loss.unsqueeze(0) if self.need(0) else None), None, None, None


@register("warprnnt")
class WarpRNNT(Op):
    """RNN-T loss of joint log-probabilities [B, T, U + 1, V] (used as given), per sequence."""

    inputs, outputs = ("input", "label", "input_lengths", "label_lengths"), ("warprnntgrad", "loss")
    nondiff_outputs = ("warprnntgrad",)
    saves = ("warprnntgrad",)

    def forward(self, xp, acts, label, in_len, lab_len):
        b, t_max, u1, v = acts.shape
        blank = self.attrs["blank"]
        lam = float(self.attrs.get("fastemit_lambda", 0.0))
        tl = _lengths(in_len, b, "input_lengths")
        ul = _lengths(lab_len, b, "label_lengths")
        lab = np.zeros((b, max(u1 - 1, 1)), np.int64)
        given = np.asarray(label, np.int64).reshape(b, -1)[:, :u1 - 1]
        lab[:, :given.shape[1]] = given
        lp = acts.astype(np.float64)  # Paddle's warprnnt takes log-probabilities as they are
        blank_lp = lp[..., blank]                                          # [B, T, U1]
        emit = np.full((b, t_max, u1), _NEG)
        if u1 > 1:
            emit[:, :, :-1] = np.take_along_axis(lp[:, :, :-1, :], lab[:, None, :, None], 3)[..., 0]
        tt, uu = np.meshgrid(np.arange(t_max), np.arange(u1), indexing="ij")
        valid = (tt[None] < tl[:, None, None]) & (uu[None] <= ul[:, None, None])
        alpha = np.full((b, t_max, u1), _NEG)
        alpha[:, 0, 0] = 0.0
        for d in range(1, t_max + u1 - 1):   # anti-diagonals t + u = d depend only on d - 1
            t = np.arange(max(0, d - u1 + 1), min(d, t_max - 1) + 1)
            u = d - t
            top = np.where(t >= 1, alpha[:, t - 1, u] + blank_lp[:, t - 1, u], _NEG)
            left = np.where(u >= 1, alpha[:, t, u - 1] + emit[:, t, u - 1], _NEG)
            alpha[:, t, u] = np.logaddexp(top, left)
        rows = np.arange(b)
        tl1 = np.clip(tl - 1, 0, t_max - 1)
        loglik = alpha[rows, tl1, ul] + blank_lp[rows, tl1, ul]
        beta = np.full((b, t_max, u1), _NEG)
        corner = (tt[None] == tl1[:, None, None]) & (uu[None] == ul[:, None, None])
        for d in range(t_max + u1 - 2, -1, -1):
            t = np.arange(max(0, d - u1 + 1), min(d, t_max - 1) + 1)
            u = d - t
            down = np.where(t + 1 < t_max, beta[:, np.minimum(t + 1, t_max - 1), u] + blank_lp[:, t, u], _NEG)
            right = np.where(u + 1 < u1, beta[:, t, np.minimum(u + 1, u1 - 1)] + emit[:, t, u], _NEG)
            rec = np.logaddexp(down, right)
            beta[:, t, u] = np.where(corner[:, t, u], blank_lp[:, t, u], np.where(valid[:, t, u], rec, _NEG))
        ll = loglik[:, None, None]
        grad = np.zeros_like(lp)
        with np.errstate(invalid="ignore", over="ignore"):
            nb = np.full_like(beta, _NEG)
            nb[:, :-1, :] = beta[:, 1:, :]
            g_blank = np.exp(alpha + blank_lp + np.where(corner, 0.0, nb) - ll)
            nr = np.full_like(beta, _NEG)
            nr[:, :, :-1] = beta[:, :, 1:]
            g_emit = np.exp(np.log1p(lam) + alpha + emit + nr - ll)
        grad[..., blank] -= g_blank
        if u1 > 1:  # each (b, t, u) names one label entry: plain fancy-index subtraction is safe
            bi, ti, ui = np.meshgrid(rows, np.arange(t_max), np.arange(u1 - 1), indexing="ij")
            ge = np.where(ui < ul[:, None, None], g_emit[:, :, :-1], 0.0)
            grad[bi, ti, ui, np.broadcast_to(lab[:, None, :u1 - 1], bi.shape)] -= ge
        grad = np.nan_to_num(grad * valid[..., None], nan=0.0)
        return grad.astype(acts.dtype), (-loglik).astype(acts.dtype)

    def infer_meta(self, acts, label, in_len, lab_len):
        return TensorMeta(acts.shape, acts.dtype), TensorMeta([acts.shape[0]], acts.dtype)

    def backward(self, g_grad, g_loss):
        (grad,) = self.saved
        return (grad * g_loss.reshape([-1, 1, 1, 1]) if self.need(0) else None), None, None, None


def _hs_paths(label, num_classes, table, code):
    """(node index [N, L] (-1 = none), bit [N, L]) of each label's path: Paddle's default complete tree
    (code = label + num_classes, read from the low bits) or the custom PathTable/PathCode."""
    if table is not None:
        idx = np.asarray(table, np.int64)
        bits = np.asarray(code, np.int64)
        return np.where(idx >= 0, idx, -1), np.where(idx >= 0, bits, 0)
    c = np.asarray(label, np.int64).reshape(-1) + num_classes
    j = np.arange(int(num_classes - 1).bit_length())[None, :]   # Paddle's code length: every row this wide
    length = np.floor(np.log2(np.maximum(c, 1))).astype(np.int64)[:, None]
    idx = np.where(j < length, (c[:, None] >> (j + 1)) - 1, -1)
    bits = np.where(j < length, (c[:, None] >> j) & 1, 0)
    return idx, bits


def _hs_pre(x, w, bias, idx):
    """(pre-activations [N, L] clipped to [-40, 40], zero off the path; mask; row indices into w).

    Paddle reads nodes past the end of W (labels >= num_classes) out of bounds; they count as zero rows."""
    keep = (idx >= 0) & (idx < w.shape[0])
    safe = np.where(keep, idx, 0)
    pre = np.einsum("nd,nld->nl", x, w[safe])
    if bias is not None:
        pre = pre + bias.reshape(-1)[safe]
    return np.clip(pre, -40.0, 40.0) * keep, keep, safe


@register("hierarchical_sigmoid")
class HierarchicalSigmoid(Op):
    """Hierarchical sigmoid: sum over the label's tree path of softplus(p) - bit * p, p = x.w_node + b_node."""

    inputs = ("X", "W", "Label", "PathTable", "PathCode", "Bias")
    outputs = ("Out", "PreOut", "W_Out")
    nondiff_outputs = ("PreOut", "W_Out")
    saves = ("X", "W", "Label", "PathTable", "PathCode", "Bias")

    def forward(self, xp, x, w, label, table, code, bias):
        idx, bits = _hs_paths(label, self.attrs["num_classes"], table, code)
        pre, keep, _ = _hs_pre(x, w, bias, idx)
        # positions past a short path keep pre = 0 and still add softplus(0) = log 2, as in Paddle
        out = (np.log1p(np.exp(pre)) - bits * pre).sum(axis=1, keepdims=True)
        return out.astype(x.dtype), pre.astype(x.dtype), w

    def infer_meta(self, x, w, label, table, code, bias):
        n = x.shape[0]
        return TensorMeta([n, 1], x.dtype), TensorMeta([n, -1], x.dtype), TensorMeta(w.shape, w.dtype)

    def backward(self, g, g_pre, g_w):
        x, w, label, table, code, bias = self.saved
        gx, gw, gb = apply(HierarchicalSigmoidGrad, x, w, label, table, code, bias, g, **self.attrs)
        return (gx if self.need(0) else None), (gw if self.need(1) else None), None, None, None, \
            (gb if self.need(5) else None)


@register("hierarchical_sigmoid_grad")
class HierarchicalSigmoidGrad(Op):
    """X@GRAD, W@GRAD, Bias@GRAD of hierarchical_sigmoid: d pre = (sigmoid(pre) - bit) * Out@GRAD."""

    inputs = ("X", "W", "Label", "PathTable", "PathCode", "Bias", "Out@GRAD")
    outputs = ("X@GRAD", "W@GRAD", "Bias@GRAD")
    differentiable = False

    def forward(self, xp, x, w, label, table, code, bias, g):
        idx, bits = _hs_paths(label, self.attrs["num_classes"], table, code)
        pre, keep, safe = _hs_pre(x, w, bias, idx)
        d = (1 / (1 + np.exp(-pre)) - bits) * keep * g.reshape(-1, 1)
        gx = np.einsum("nl,nld->nd", d, w[safe])
        gw = np.zeros_like(w)
        np.add.at(gw, safe, d[..., None] * x[:, None, :])
        gb = None
        if bias is not None:
            gb = np.zeros(bias.size, bias.dtype)
            np.add.at(gb, safe, d)
            gb = gb.reshape(bias.shape)
        return gx.astype(x.dtype), gw.astype(w.dtype), (None if gb is None else gb.astype(bias.dtype))

    def infer_meta(self, x, w, label, table, code, bias, g):
        return TensorMeta(x.shape, x.dtype), TensorMeta(w.shape, w.dtype), \
            (None if bias is None else TensorMeta(bias.shape, bias.dtype))


@register("edit_distance")
class EditDistance(Op):
    """Levenshtein distance between each hypothesis and reference (optionally divided by the reference length)."""

    inputs, outputs = ("Hyps", "Refs", "HypsLength", "RefsLength"), ("SequenceNum", "Out")
    differentiable = False

    def forward(self, xp, hyps, refs, hyps_len, refs_len):
        b = hyps.shape[0]
        hyps = hyps.reshape(b, -1)
        refs = refs.reshape(b, -1)
        hl = np.full(b, hyps.shape[1], np.int64) if hyps_len is None else _lengths(hyps_len, b, "HypsLength")
        rl = np.full(b, refs.shape[1], np.int64) if refs_len is None else _lengths(refs_len, b, "RefsLength")
        m = refs.shape[1]
        j = np.arange(m + 1, dtype=np.int64)
        row = np.broadcast_to(j, (b, m + 1)).copy()           # distances from the empty hypothesis prefix
        rows = [row]
        for i in range(hyps.shape[1]):
            sub = row[:, :-1] + (hyps[:, i:i + 1] != refs)     # substitute (or keep)
            cand = np.concatenate([row[:, :1] + 1, np.minimum(row[:, 1:] + 1, sub)], axis=1)
            row = np.minimum.accumulate(cand - j, axis=1) + j  # insertions along the reference
            rows.append(row)
        table = np.stack(rows, 1)                              # [B, Lh + 1, Lr + 1]
        dist = table[np.arange(b), hl, rl].astype(np.float32)
        if self.attrs.get("normalized", True):
            if (rl == 0).any():
                k = int(np.argmax(rl == 0))
                raise InvalidArgument(f"(InvalidArgument) The reference string (#{k}) cannot be empty when "
                                      "Attr(normalized) is enabled.")
            dist = dist / rl.astype(np.float32)
        return np.array([b], np.int64), dist.reshape(b, 1)

    def infer_meta(self, hyps, refs, hyps_len, refs_len):
        from ..._core import dtype as _dt
        return TensorMeta([1], _dt.int64), TensorMeta([hyps.shape[0], 1], _dt.float32)
