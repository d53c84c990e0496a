"""LoD sequence ops of Paddle's legacy static mode: sequence_pool, sequence_softmax, sequence_expand, sequence_conv
and row_conv.

A batch of variable-length sequences is one [N, ...] array plus its LoD (levels of row offsets; the last level
splits the rows into sequences). These ops read the LoD of the input slots they list in `lod_inputs`: the static
Executor hands it to `forward_lod(xp, lods, *arrays)` (lods: slot -> LoD or None) and records the LoD each returns
for its outputs. `forward` alone (no LoD) raises as Paddle's kernels do, except row_conv, which also takes a
[B, T, D] batch of equal-length sequences.
"""
import numpy as np

from .._core.op import Op, TensorMeta, register

__all__ = ["SequencePool", "SequenceSoftmax", "SequenceExpand", "SequenceConv", "RowConv"]


def _no_lod(op, what):
    raise ValueError(f"(InvalidArgument) Input(X) phi::DenseTensor of {op} does not contain LoD information. "
                     f"{what}")


def _spans(offsets):
    return list(zip(offsets[:-1], offsets[1:]))


class _LoDOp(Op):
    """An op whose kernel needs its inputs' LoD (the Executor calls forward_lod); never recorded eagerly."""

    lod_inputs = ("X",)

    def forward(self, xp, *arrays):
        return self.forward_lod(xp, {s: None for s in self.lod_inputs}, *arrays)[0]

    def backward(self, *grads):
        raise NotImplementedError(f"(Unimplemented) the gradient of {self.type} (a LoD sequence op) is not "
                                  "implemented in purepaddle")


@register("sequence_pool")
class SequencePool(_LoDOp):
    """Pools each sequence of X (its last LoD level) into one row: pooltype SUM, AVERAGE, SQRT (sum / sqrt(len)),
    MAX (MaxIndex: the row of each maximum), LAST or FIRST; an empty sequence gives pad_value. Out carries the
    LoD levels above the last."""

    inputs, outputs = ("X",), ("Out", "MaxIndex")
    nondiff_outputs = ("MaxIndex",)

    def forward_lod(self, xp, lods, x):
        lod = lods["X"]
        if not lod:
            _no_lod("SequencePoolOp", "[Hint: Expected lod_level > 0, but received lod_level:0 <= 0:0.]")
        a = self.attrs
        kind = a.get("pooltype", "AVERAGE").upper()
        pad = a.get("pad_value", 0.0)
        spans = _spans(lod[-1])
        out = np.empty((len(spans),) + x.shape[1:], dtype=x.dtype)
        index = np.full((len(spans),) + x.shape[1:], -1, dtype=np.int32)
        for i, (s, e) in enumerate(spans):
            seq = x[s:e]
            if e == s:
                out[i] = pad
            elif kind == "SUM":
                out[i] = seq.sum(axis=0)
            elif kind == "AVERAGE":
                out[i] = seq.sum(axis=0) / (e - s)
            elif kind == "SQRT":
                out[i] = seq.sum(axis=0) / np.sqrt(np.asarray(e - s, dtype=x.dtype))
            elif kind == "MAX":
                index[i] = s + seq.argmax(axis=0)
                out[i] = seq.max(axis=0)
            elif kind == "LAST":
                out[i] = seq[-1]
            elif kind == "FIRST":
                out[i] = seq[0]
            else:
                raise ValueError(f"(InvalidArgument) unsupported pooltype {kind}: SUM, AVERAGE, SQRT, MAX, LAST or "
                                 "FIRST")
        return (out, index), {"Out": lod[:-1] or None}

    def infer_meta(self, x):
        shape = [-1] + list(x.shape[1:])
        return TensorMeta(shape, x.dtype), TensorMeta(shape, "int32")


@register("sequence_softmax")
class SequenceSoftmax(_LoDOp):
    """Softmax over each sequence of X ([N] or [N, 1]); Out keeps X's LoD."""

    inputs, outputs = ("X",), ("Out",)

    def forward_lod(self, xp, lods, x):
        lod = lods["X"]
        if not lod:
            _no_lod("SequenceSoftmax operator", "[Hint: Expected lod.empty() == false, but received "
                    "lod.empty():1 != false:0.]")
        out = np.empty_like(x)
        flat, res = x.reshape(-1), out.reshape(-1)
        for s, e in _spans(lod[-1]):
            v = np.exp(flat[s:e] - flat[s:e].max()) if e > s else flat[s:e]
            res[s:e] = v / v.sum() if e > s else v
        return out, {"Out": lod}

    def infer_meta(self, x):
        return TensorMeta(list(x.shape), x.dtype)


@register("sequence_expand")
class SequenceExpand(_LoDOp):
    """Repeats the i-th sequence of X (by its last LoD level; row i without LoD) as many times as the i-th span of
    Y's LoD level ref_level (-1: the last) is long; Out's LoD (when X has one) holds the repeated sequences."""

    inputs, outputs = ("X", "Y"), ("Out",)
    lod_inputs = ("X", "Y")

    def forward_lod(self, xp, lods, x, y):
        x_lod, y_lod = lods["X"], lods["Y"]
        if not y_lod:
            raise ValueError("(InvalidArgument) Level of Input(Y)'s lod should be greater than 0. But received: "
                             "lod level 0.")
        ref = self.attrs.get("ref_level", -1)
        ref = len(y_lod) - 1 if ref == -1 else ref
        if not 0 <= ref < len(y_lod):
            raise ValueError(f"(InvalidArgument) Invalid ref_level {self.attrs.get('ref_level', -1)}: it should be "
                             f"-1 or in [0, {len(y_lod)})")
        reps = np.diff(y_lod[ref])
        x_spans = _spans(x_lod[-1]) if x_lod else [(i, i + 1) for i in range(x.shape[0])]
        if len(x_spans) != len(reps):
            raise ValueError(f"(InvalidArgument) the number of sequences of Input(X) ({len(x_spans)}) must equal "
                             f"the size of Input(Y)'s lod level {ref} ({len(reps)})")
        rows, offsets = [], [0]
        for (s, e), r in zip(x_spans, reps):
            for _ in range(int(r)):
                rows.append(x[s:e])
                offsets.append(offsets[-1] + e - s)
        out = np.concatenate(rows) if rows else np.zeros((0,) + x.shape[1:], x.dtype)
        return out, {"Out": [offsets] if x_lod else None}

    def infer_meta(self, x, y):
        return TensorMeta([-1] + list(x.shape[1:]), x.dtype)


@register("sequence_conv")
class SequenceConv(_LoDOp):
    """Context convolution within each sequence: row t reads rows t + contextStart ... t + contextStart +
    contextLength - 1 of its own sequence (zeros outside it), concatenated, times Filter [contextLength * D, M].
    Out keeps X's LoD."""

    inputs, outputs = ("X", "PaddingData", "Filter"), ("Out",)

    def forward_lod(self, xp, lods, x, padding_data, w):
        lod = lods["X"]
        if not lod:
            _no_lod("SequenceConvOp", "[Hint: Expected in->lod().empty() == false, but received "
                    "in->lod().empty():1 != false:0.]")
        a = self.attrs
        start, length = a.get("contextStart", 0), a["contextLength"]
        if a.get("contextStride", 1) != 1:
            raise ValueError("(InvalidArgument) Currently, SequenceConvOp only supports contextStride=1.")
        n, d = x.shape
        cols = np.zeros((n, length * d), dtype=x.dtype)
        for s, e in _spans(lod[-1]):
            for t in range(s, e):
                for k in range(length):
                    src = t + start + k
                    if s <= src < e:
                        cols[t, k * d:(k + 1) * d] = x[src]
        return (cols @ w).astype(x.dtype), {"Out": lod}

    def infer_meta(self, x, padding_data, w):
        return TensorMeta([x.shape[0], w.shape[1]], x.dtype)


@register("row_conv")
class RowConv(_LoDOp):
    """Lookahead convolution: Out[t] = sum_k X[t + k] * Filter[k] (k = 0 .. future_context_size, per feature)
    within each sequence: X's LoD sequences of [N, D], or the rows of each [B, T, D] batch item without LoD."""

    inputs, outputs = ("X", "Filter"), ("Out",)

    def forward_lod(self, xp, lods, x, w):
        lod = lods["X"]
        if lod:
            spans, flat = _spans(lod[-1]), x
        elif x.ndim == 3:
            b, t = x.shape[:2]
            spans, flat = [(i * t, (i + 1) * t) for i in range(b)], x.reshape(b * t, -1)
        else:
            # Paddle reads past the data here (its output is uninitialised memory): one sequence is the sane answer
            spans, flat = [(0, x.shape[0])], x
        out = np.zeros_like(flat)
        for s, e in spans:
            for k in range(min(w.shape[0], e - s)):
                out[s:e - k] += flat[s + k:e] * w[k]
        return out.reshape(x.shape), {"Out": lod}

    def infer_meta(self, x, w):
        return TensorMeta(list(x.shape), x.dtype)
