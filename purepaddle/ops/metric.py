"""Metric ops: accuracy (top-k hit rate from top_k's values and indices; no gradient)."""
import numpy as np

from .._core import dtype as _dt
from .._core.op import Op, TensorMeta, register


@register("accuracy")
class Accuracy(Op):
    """Fraction of rows whose top-k indices contain the label; also the hit and row counts."""

    inputs, outputs = ("Out", "Indices", "Label"), ("Accuracy", "Correct", "Total")
    differentiable = False

    def forward(self, xp, out, indices, label):
        if label.ndim != 2:
            err = ValueError(
                f"(InvalidArgument) ShapeError: label's dimensions of AccuracyOp must be 2. But received "
                f"label's dimensions = {label.ndim}, label's shape = {list(label.shape)}")
            err.paddle_kernel = True
            raise err
        if indices.shape[0] != label.shape[0]:
            err = ValueError(
                f"(InvalidArgument) ShapeError: the first dimension of label ({label.shape[0]}) must equal "
                f"the number of rows of the top-k indices ({indices.shape[0]}) in AccuracyOp")
            err.paddle_kernel = True
            raise err
        total = indices.shape[0]
        # a row counts once even when the label shows up in several of its k columns
        correct = int(np.count_nonzero((indices == label[:, :1]).any(axis=1))) if total else 0
        acc = np.float32(correct / total) if total else np.float32(0.0)
        return np.asarray(acc, np.float32), np.asarray(correct, np.int32), np.asarray(total, np.int32)

    def infer_meta(self, out, indices, label):
        return TensorMeta([], _dt.float32), TensorMeta([], _dt.int32), TensorMeta([], _dt.int32)
