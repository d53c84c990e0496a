"""Fused scaled dot-product attention: `flash_attn` (Paddle's op type and slots) and its `flash_attn_grad`.

Layout is Paddle's flash-attention one, [batch, seq, heads, head_dim]; the kernels work on
[batch, heads, seq, head_dim] views of it, so no transposed copies are made: the batched
matmuls read strided views and write straight into the [batch, seq, heads, head_dim] results.
softmax(scale * q k^T + mask (+ causal -1e4 above the diagonal)) with dropout on the weights.
Besides Paddle's attrs (dropout, causal, return_softmax, is_test, rng_name) `scale` sets the
softmax scale (<= 0: 1/sqrt(head_dim)). The `softmax` output keeps the weights before dropout
and `softmax_lse` the weights after dropout, before its upscale (both only for the backward;
callers wanting the weights use the composed form).
"""
import numpy as np

from .._core.dispatch import apply
from .._core.generator import engine
from .._core.op import Op, TensorMeta, register
from .common.dropout import keep_mask
from .rnn._kernels import WORK


def _heads(x):
    """[B, S, H, D] -> [B, H, S, D] view."""
    return x.transpose(0, 2, 1, 3)


def _keep_mask(shape, p):
    """Dropout keep-mask of the [B, H, Sq, Sk] weights: Paddle's CPU flash_attention is the math path, whose
    F.dropout keeps an element where a uniform_real<float> draw of the global engine is >= p."""
    if np.float32(p) == 1:  # dropout's kernel zeroes everything without drawing
        return np.zeros(shape, np.bool_)
    return keep_mask(engine(), shape, p)


def _upscale(p):
    return 1.0 / (1.0 - p) if p < 1 else 0.0


def _scale(attrs, d):
    s = float(attrs.get("scale", -1.0))
    return s if s > 0 else (d ** -0.5 if d else 1.0)


def _reduce_to(g, shape):
    """Sum a [B, H, Sq, Sk] gradient down to a broadcastable mask shape."""
    lead = g.ndim - len(shape)
    axes = tuple(range(lead)) + tuple(i + lead for i, n in enumerate(shape) if n == 1 and g.shape[i + lead] != 1)
    return (g.sum(axis=axes, keepdims=True) if axes else g).reshape(shape)


@register("flash_attn")
class FlashAttn(Op):
    """out = dropout(softmax(scale * q k^T + mask)) v over [B, S, H, D] tensors."""

    inputs = ("q", "k", "v", "fixed_seed_offset", "attn_mask")
    outputs = ("out", "softmax", "softmax_lse", "seed_offset")
    nondiff_outputs = ("softmax", "softmax_lse", "seed_offset")
    saves = ("q", "k", "v", "attn_mask", "softmax", "softmax_lse")

    def forward(self, xp, q, k, v, seed_offset=None, mask=None):
        a = self.attrs
        B, Sq, H, D = q.shape
        Sk = k.shape[1]
        dt = q.dtype
        S = WORK.empty((B, H, Sq, Sk), dt)
        np.matmul(_heads(q), k.transpose(0, 2, 3, 1), out=S)
        S *= dt.type(_scale(a, D))
        if mask is not None:
            S += mask
        if a.get("causal", False):
            S += np.triu(np.full((Sq, Sk), -1e4, dt), 1)
        with np.errstate(invalid="ignore"):  # a fully masked (-inf) row gives NaN, as in Paddle
            S -= S.max(axis=-1, keepdims=True)
            np.exp(S, out=S)
            S /= S.sum(axis=-1, keepdims=True)
        p = float(a.get("dropout", 0.0))
        kept = np.zeros(0, dt)  # the weights after dropout, before the 1/(1-p) upscale
        weights = S
        if p > 0 and not a.get("is_test", False):
            kept = WORK.empty(S.shape, dt)
            np.multiply(S, _keep_mask(S.shape, p), out=kept)
            weights = kept
        out = np.empty((B, Sq, H, v.shape[-1]), dt)
        np.matmul(weights, _heads(v), out=_heads(out))
        if kept.size:
            out *= dt.type(_upscale(p))  # on the smaller tensor
        return out, S, kept, np.zeros(2, np.int64)

    def infer_meta(self, q, k, v, seed_offset=None, mask=None):
        B, Sq, H, _ = q.shape
        return (TensorMeta([B, Sq, H, v.shape[-1]], q.dtype), TensorMeta([B, H, Sq, k.shape[1]], q.dtype),
                TensorMeta([-1], q.dtype), TensorMeta([2], _int64()))

    def backward(self, d_out, *_):
        q, k, v, mask, probs, kept = self.saved
        dq, dk, dv, dmask = apply(FlashAttnGrad, q, k, v, mask, probs, kept, d_out, **self.attrs)
        return ((dq if self.need(0) else None), (dk if self.need(1) else None), (dv if self.need(2) else None),
                None, (dmask if self.need(4) else None))


def _int64():
    from .._core import dtype as _dt
    return _dt.int64


@register("flash_attn_grad")
class FlashAttnGrad(Op):
    """Gradients of flash_attn from its saved weights (double backward is not implemented)."""

    inputs = ("q", "k", "v", "attn_mask", "softmax", "softmax_lse", "out@GRAD")
    outputs = ("q@GRAD", "k@GRAD", "v@GRAD", "attn_mask@GRAD")

    def forward(self, xp, q, k, v, mask, P, kept, dout):
        # With W the weights multiplied into v (P, or P * keep with dropout) and c the dropout upscale:
        # dW = c dO v^T, and since P * keep = W, d(scores) = P * (dP - rowsum(dP P)) = c (E W - P rowsum(E W))
        # with E = dO v^T: a handful of passes over the [B, H, Sq, Sk] weights.
        a = self.attrs
        dt = q.dtype
        D = q.shape[-1]
        p = float(a.get("dropout", 0.0))
        dropped = kept.size > 0
        c = _upscale(p) if dropped else 1.0
        W = kept if dropped else P
        dO = _heads(np.asarray(dout, dt))
        dv = np.empty(v.shape, dt)
        np.matmul(W.transpose(0, 1, 3, 2), dO, out=_heads(dv))
        if dropped:
            dv *= dt.type(c)
        E = WORK.empty(P.shape, dt)
        np.matmul(dO, v.transpose(0, 2, 3, 1), out=E)
        E *= W
        tmp = WORK.empty(P.shape, dt)
        np.multiply(P, E.sum(axis=-1, keepdims=True), out=tmp)
        E -= tmp                                                # d(scores) / c
        del tmp
        if mask is not None:
            dmask = (_reduce_to(E, mask.shape) * dt.type(c)).astype(mask.dtype, copy=False)  # a copy: E moves on
        else:
            dmask = np.zeros(0, dt)
        E *= dt.type(c * _scale(a, D))
        dq = np.empty(q.shape, dt)
        np.matmul(E, _heads(k), out=_heads(dq))
        dk = np.empty(k.shape, dt)
        np.matmul(E.transpose(0, 1, 3, 2), _heads(q), out=_heads(dk))
        return dq, dk, dv, dmask

    def infer_meta(self, q, k, v, mask, P, kept, dout):
        return (TensorMeta(q.shape, q.dtype), TensorMeta(k.shape, k.dtype), TensorMeta(v.shape, v.dtype),
                TensorMeta(mask.shape if mask is not None else [0], q.dtype))

    def backward(self, *grads):
        raise NotImplementedError(
            "flash_attn: double backward (differentiating flash_attn_grad) is not implemented; compose the "
            "attention from matmul and softmax to take higher-order gradients")
