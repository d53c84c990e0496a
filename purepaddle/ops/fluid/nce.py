"""nce (+ grad): noise-contrastive estimation with uniform, log-uniform or custom noise samplers."""
import math

import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import apply
from ..._core import distribution as _random
from ..._core.generator import engine
from ..._core.op import Op, TensorMeta, register


# -- nce (noise-contrastive estimation) -----------------------------------------------------------
_UNIFORM, _LOG_UNIFORM, _CUSTOM = 0, 1, 2


def _probability(a, labels, dist):
    """The sampler's probability of each class id in labels, as float32 (Paddle's samplers return float).

    log_uniform over n classes gives class c the probability log((c + 2) / (c + 1)) / log(n).
    """
    n = a["num_total_classes"]
    kind = a.get("sampler", _UNIFORM)
    if kind == _LOG_UNIFORM:
        q = np.log((labels + 2.0) / (labels + 1.0)) / np.float64(np.float32(np.log(n)))  # a float log_range
    elif kind == _CUSTOM:
        q = dist[0][labels]
    else:
        q = np.full(labels.shape, 1.0 / n)
    return q.astype(np.float32)


def _noise(a, labels, dist):
    """k * q(c) for each sampled class, computed in float32 as Paddle's kernel does."""
    return (_probability(a, labels, dist) * np.float32(a.get("num_neg_samples", 10))).astype(np.float64)


def _draw(a, count, dist):
    """`count` negative class ids as Paddle's CPU samplers draw them (from the global engine, or a fresh one
    of the op's seed): uniform_int(0, n - 1); log-uniform int(exp(u * log(n))) - 1 mod (n - 1) with u a
    uniform_real<double> draw; custom: a uniform_int column, then a uniform_real<double> draw choosing it
    or its alias (Walker's alias table)."""
    n = a["num_total_classes"]
    kind = a.get("sampler", _UNIFORM)
    tw = engine(a.get("seed", 0))
    if kind == _LOG_UNIFORM:
        u = _random.canonical(tw, count, np.float64)
        log_n = math.log(n)
        ids = np.array([int(math.exp(v * log_n)) for v in u.tolist()], np.int64) - 1  # glibc's exp
        return ids % (n - 1) if n > 1 else np.zeros(count, np.int64)
    if kind == _CUSTOM:
        _, alias, alias_probs = dist
        st = _random.Scalars(tw)
        out = np.empty(count, np.int64)
        for i in range(count):
            col = st.uniform_int(0, n - 1)
            take_alias = st.canonical64() > alias_probs[col]
            out[i] = alias[col] if take_alias and alias[col] >= 0 else col
        st.close()
        return out
    return _random.uniform_int(tw, count, 0, n - 1)


def _sample_labels(a, label, dist):
    """[B, true + neg] class ids: each row's true labels, then its negatives."""
    b = label.shape[0]
    neg_fixed = a.get("custom_neg_classes") or []
    k = a.get("num_neg_samples", 10)
    if neg_fixed:
        neg = np.tile(np.asarray(neg_fixed, np.int64)[:k], (b, 1))
    else:
        neg = _draw(a, b * k, dist).reshape(b, k)
    return np.concatenate([label.reshape(b, -1).astype(np.int64), neg], axis=1)


def _dist(probs, alias, alias_probs):
    return None if probs is None else (probs, alias, alias_probs)


@register("nce")
class Nce(Op):
    """Noise-contrastive estimation loss: each row's true classes against sampled negatives.

    SampleLogits holds sigmoid(x . w_c + b_c) of the sampled classes; Cost sums
    -log(o / (o + k q)) over true classes and -log(k q / (o + k q)) over negatives (q the sampler's
    probability of the class, k num_neg_samples), weighted by SampleWeight.
    """

    inputs = ("Input", "Label", "Weight", "Bias", "SampleWeight", "CustomDistProbs", "CustomDistAlias",
              "CustomDistAliasProbs")
    outputs = ("Cost", "SampleLogits", "SampleLabels")
    saves = inputs + ("SampleLogits", "SampleLabels")
    nondiff_outputs = ("SampleLogits", "SampleLabels")

    def forward(self, xp, x, label, w, bias, sw, probs, alias, alias_probs):
        a = self.attrs
        dist = _dist(probs, alias, alias_probs)
        labels = _sample_labels(a, label, dist)
        n_true = label.reshape(label.shape[0], -1).shape[1]
        x64 = x.astype(np.float64)
        logits = np.einsum("bd,bsd->bs", x64, w.astype(np.float64)[labels])
        if bias is not None:
            logits += bias.reshape(-1).astype(np.float64)[labels]
        o = 1.0 / (1.0 + np.exp(-logits))
        bq = _noise(a, labels, dist)
        cost = np.where(np.arange(labels.shape[1]) < n_true, -np.log(o / (o + bq)), -np.log(bq / (o + bq)))
        weight = 1.0 if sw is None else sw.reshape(-1, 1).astype(np.float64)
        cost = (cost * weight).sum(axis=1, keepdims=True)
        return cost.astype(x.dtype), o.astype(x.dtype), labels

    def infer_meta(self, x, label, w, bias, sw, probs, alias, alias_probs):
        b = x.shape[0]
        s = -1 if label.shape[-1] < 0 else label.shape[-1] + self.attrs.get("num_neg_samples", 10)
        return TensorMeta([b, 1], x.dtype), TensorMeta([b, s], x.dtype), TensorMeta([b, s], _dt.int64)

    def backward(self, g, _logits, _labels):
        x, label, w, bias, sw, probs, alias, alias_probs, logits, labels = self.saved
        dx, dw, db = apply(NceGrad, x, label, w, bias, sw, probs, alias, alias_probs, logits, labels, g,
                           **self.attrs)
        return dx, None, dw, (db if bias is not None else None), None, None, None, None


@register("nce_grad")
class NceGrad(Op):
    """Input@GRAD, Weight@GRAD, Bias@GRAD of nce from the sampled classes and their sigmoid outputs."""

    inputs = ("Input", "Label", "Weight", "Bias", "SampleWeight", "CustomDistProbs", "CustomDistAlias",
              "CustomDistAliasProbs", "SampleLogits", "SampleLabels", "Cost@GRAD")
    outputs = ("Input@GRAD", "Weight@GRAD", "Bias@GRAD")

    def forward(self, xp, x, label, w, bias, sw, probs, alias, alias_probs, o, labels, g):
        a = self.attrs
        labels = labels.astype(np.int64)
        o = o.astype(np.float64)
        n_true = label.reshape(label.shape[0], -1).shape[1]
        bq = _noise(a, labels, _dist(probs, alias, alias_probs))
        true = np.arange(labels.shape[1]) < n_true
        d = np.where(true, bq * (o - 1) / (o + bq), o * (1 - o) / (o + bq))  # d cost / d logit
        d = d * g.reshape(-1, 1).astype(np.float64)
        if sw is not None:
            d = d * sw.reshape(-1, 1)
        dx = np.einsum("bs,bsd->bd", d, w.astype(np.float64)[labels])
        dw = np.zeros(w.shape)
        np.add.at(dw, labels.reshape(-1), (d[:, :, None] * x.astype(np.float64)[:, None, :]).reshape(-1, w.shape[1]))
        db = None
        if bias is not None:
            db = np.bincount(labels.reshape(-1), weights=d.reshape(-1), minlength=bias.size).reshape(bias.shape)
            db = db.astype(bias.dtype)
        return dx.astype(x.dtype), dw.astype(w.dtype), (db if db is not None else np.zeros((0,), x.dtype))

    def infer_meta(self, x, label, w, bias, *rest):
        return (TensorMeta(x.shape, x.dtype), TensorMeta(w.shape, w.dtype),
                TensorMeta(bias.shape, bias.dtype) if bias is not None else None)
