"""More legacy (fluid) ops emitted by paddle.static.nn and paddle.nn.clip: spectral_norm, cvm, nce (with
their grad ops), assert, get_tensor_from_selected_rows and merge_selected_rows."""
import numpy as np

from .._core.dispatch import apply
from .._core.generator import rng
from .._core.op import Op, TensorMeta, register

__all__ = ["SpectralNorm", "Cvm", "Nce", "Assert", "GetTensorFromSelectedRows", "MergeSelectedRows"]


# -- spectral_norm ------------------------------------------------------------------------------
def _weight_matrix(w, dim):
    """W with `dim` moved first, as an [h, w] matrix (and the permutation used)."""
    perm = [dim] + [i for i in range(w.ndim) if i != dim]
    return np.transpose(w, perm).reshape(w.shape[dim], -1), perm


def _power_iteration(mat, u, v, iters, eps):
    """(u, v, sigma) after `iters` power iterations from u, v (copies; the inputs stay as they were)."""
    u, v = u.astype(np.float64), v.astype(np.float64)
    for _ in range(iters):
        v = mat.T @ u
        v = v / (np.sqrt(v @ v) + eps)
        u = mat @ v
        u = u / (np.sqrt(u @ u) + eps)
    return u, v, u @ (mat @ v)


@register("spectral_norm")
class SpectralNorm(Op):
    """Out = Weight / sigma, sigma the largest singular value of Weight (as an [h, w] matrix along `dim`)
    estimated by `power_iters` power iterations from U ([h]) and V ([w]); U and V are not updated."""

    inputs, outputs = ("Weight", "U", "V"), ("Out",)
    saves = ("Weight", "U", "V")

    def forward(self, xp, w, u, v):
        a = self.attrs
        mat, _ = _weight_matrix(w.astype(np.float64), a.get("dim", 0))
        _, _, sigma = _power_iteration(mat, u, v, a.get("power_iters", 1), a.get("eps", 1e-12))
        return (w / sigma).astype(w.dtype, copy=False)

    def infer_meta(self, w, u, v):
        return TensorMeta(w.shape, w.dtype)

    def backward(self, g):
        w, u, v = self.saved
        return apply(SpectralNormGrad, w, u, v, g, **self.attrs), None, None


@register("spectral_norm_grad")
class SpectralNormGrad(Op):
    """Weight@GRAD of spectral_norm by Paddle's rule: G * (1 - u v^T * sum(W / sigma)) / sigma.

    This is what Paddle's kernel computes (and so what training with it does); it is not the
    derivative of Weight / sigma(Weight), so no finite-difference check applies to it.
    """

    inputs, outputs = ("Weight", "U", "V", "Out@GRAD"), ("Weight@GRAD",)

    def forward(self, xp, w, u, v, g):
        a = self.attrs
        dim = a.get("dim", 0)
        mat, perm = _weight_matrix(w.astype(np.float64), dim)
        gmat, _ = _weight_matrix(g.astype(np.float64), dim)
        u, v, sigma = _power_iteration(mat, u, v, a.get("power_iters", 1), a.get("eps", 1e-12))
        dmat = gmat * (1.0 - np.outer(u, v) * np.sum(mat / sigma)) / sigma
        shape = [w.shape[i] for i in perm]
        return np.transpose(dmat.reshape(shape), np.argsort(perm)).astype(w.dtype)

    def infer_meta(self, w, u, v, g):
        return TensorMeta(w.shape, w.dtype)

    def backward(self, gg):
        raise NotImplementedError("the double gradient of spectral_norm is not implemented")


# -- cvm (continuous value model) ----------------------------------------------------------------
@register("cvm")
class Cvm(Op):
    """CTR show/click columns: use_cvm keeps X's width with Y[:, 0] = log(show + 1) and
    Y[:, 1] = log(click + 1) - log(show + 1); otherwise Y = X[:, 2:]."""

    inputs, outputs = ("X", "CVM"), ("Y",)
    saves = ("X", "CVM")

    def forward(self, xp, x, cvm):
        if x.shape[-1] < 2:
            raise ValueError(f"(InvalidArgument) Input(X)'s last dimension of cvm must be at least 2 (show and "
                             f"click), but received shape {list(x.shape)}")
        if not self.attrs.get("use_cvm", True):
            return x[..., 2:].copy()
        y = x.copy()
        show = np.log(x[..., 0] + 1)
        y[..., 0] = show
        y[..., 1] = np.log(x[..., 1] + 1) - show
        return y

    def infer_meta(self, x, cvm):
        shape = list(x.shape)
        if not self.attrs.get("use_cvm", True):
            shape[-1] = -1 if shape[-1] < 0 else shape[-1] - 2
        return TensorMeta(shape, x.dtype)

    def backward(self, g):
        x, cvm = self.saved
        return apply(CvmGrad, x, cvm, g, **self.attrs), None


@register("cvm_grad")
class CvmGrad(Op):
    """X@GRAD of cvm as Paddle defines it: the show/click columns get the CVM values, the others Y@GRAD."""

    inputs, outputs = ("X", "CVM", "Y@GRAD"), ("X@GRAD",)

    def forward(self, xp, x, cvm, g):
        dx = np.empty(x.shape, dtype=x.dtype)
        dx[..., :2] = cvm.reshape(dx[..., :2].shape)
        dx[..., 2:] = g[..., 2:] if self.attrs.get("use_cvm", True) else g
        return dx

    def infer_meta(self, x, cvm, g):
        return TensorMeta(x.shape, x.dtype)


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
    """`count` negative class ids from the sampler (fresh per run unless the op has a seed)."""
    n = a["num_total_classes"]
    kind = a.get("sampler", _UNIFORM)
    r = rng(a.get("seed", 0))
    if kind == _LOG_UNIFORM:  # P(c) = log((c + 2) / (c + 1)) / log(n), c = floor(n^u) - 1
        ids = np.floor(np.exp(r.random(count) * np.log(n))).astype(np.int64) - 1
        return np.clip(ids, 0, n - 1)
    if kind == _CUSTOM:  # Walker's alias table: a column at random, then it or its alias
        _, alias, alias_probs = dist
        col = r.integers(0, n, count)
        keep = r.random(count) < alias_probs[col]
        return np.where(keep | (alias[col] < 0), col, alias[col]).astype(np.int64)
    return r.integers(0, n, count).astype(np.int64)


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
        from .._core import dtype as _dt
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


# -- assert --------------------------------------------------------------------------------------
@register("assert")
class Assert(Op):
    """Raise ValueError when Cond (one bool) is false, after printing the first `summarize` values of
    each Data tensor in the print op's format."""

    inputs, outputs = ("Cond", "Data"), ()
    duplicable = ("Data",)
    differentiable = False
    names = None

    def bind(self, op):
        """Executor hook: the names of Cond and Data (the error and the printout name them)."""
        self.names = (op.input("Cond")[0], op.input("Data"))

    def forward(self, xp, cond, data):
        c = np.asarray(cond)
        if c.size != 1:
            raise ValueError(f"(InvalidArgument) The numel of Input(Condition) of AssertOp must be 1. But now "
                             f"the Condition's shape is {list(c.shape)}.")
        if bool(c.reshape(-1)[0]):
            return None
        from ..static.control_flow import _print_tensor
        cond_name, data_names = self.names or ("Cond", [f"Data[{i}]" for i in range(len(data))])
        for name, arr in zip(data_names, data or []):
            _print_tensor(name, arr, {"summarize": self.attrs.get("summarize", 20)})
        err = ValueError(f"(InvalidArgument) The condition variable '{cond_name}' of AssertOp must be true, but "
                         "received false")
        err.paddle_kernel = True
        raise err

    def infer_meta(self, cond, data):
        return None


# -- selected rows -------------------------------------------------------------------------------
@register("get_tensor_from_selected_rows")
class GetTensorFromSelectedRows(Op):
    """The value tensor of a SelectedRows (its rows' data); a dense input passes through as a copy."""

    differentiable = False

    def forward(self, xp, x):
        return np.array(x)  # a rows array (a scope's SelectedRows) becomes its plain [rows, ...] values

    def infer_meta(self, x):
        return TensorMeta([-1] + list(x.shape[1:]) if x.shape else [], x.dtype)


@register("merge_selected_rows")
class MergeSelectedRows(Op):
    """A SelectedRows with its duplicated rows summed (a dense value passes through)."""

    differentiable = False

    def forward(self, xp, x):
        rows = getattr(x, "rows", None)
        if rows is None:
            return x.copy()
        uniq, inv = np.unique(np.asarray(rows, np.int64), return_inverse=True)
        vals = np.zeros((len(uniq),) + x.shape[1:], x.dtype)
        np.add.at(vals, inv, np.asarray(x))
        out = vals.view(type(x))
        out.rows, out.height = [int(r) for r in uniq], x.height
        return out

    def infer_meta(self, x):
        return TensorMeta(x.shape, x.dtype)
