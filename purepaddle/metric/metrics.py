"""paddle.metric: the Metric protocol, Accuracy, Precision, Recall, Auc and the functional accuracy.

Metrics accumulate on the host in NumPy (as Paddle's do); `Accuracy.compute` and `accuracy`
are framework ops, so they also work inside static programs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Sequence
    from typing import Any

import abc

import numpy as np

from .._core.dispatch import apply, known_value
from .._core.tensor import Tensor
from ..ops.metric import Accuracy as _AccuracyOp
from .. import tensor as _T

__all__ = ["Metric", "Accuracy", "Precision", "Recall", "Auc", "accuracy"]


def _host_array(value, what):
    """NumPy view of a Tensor / ndarray / NumPy scalar argument; Paddle's ValueError otherwise."""
    if isinstance(value, Tensor):
        return np.asarray(value)
    if isinstance(value, (np.ndarray, np.generic)):
        return value
    raise ValueError(f"The '{what}' must be a numpy ndarray or Tensor.")


class Metric(metaclass=abc.ABCMeta):
    """Base class of metrics: `compute` (optional, framework ops), `update`, `accumulate`, `reset`, `name`.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle
            >>> class Hits(paddle.metric.Metric):
            ...     def __init__(self):
            ...         self.hits = 0
            ...     def reset(self):
            ...         self.hits = 0
            ...     def update(self, correct):
            ...         self.hits += int(np.sum(correct))
            ...     def accumulate(self):
            ...         return self.hits
            ...     def name(self):
            ...         return 'hits'
            >>> m = Hits()
            >>> m.update(np.array([1, 0, 1]))
            >>> m.accumulate()
            2
    """

    def __init__(self):
        pass

    @abc.abstractmethod
    def reset(self):
        """Clear the accumulated state."""
        raise NotImplementedError(f"function 'reset' not implemented in {self.__class__.__name__}.")

    @abc.abstractmethod
    def update(self, *args):
        """Fold one batch (NumPy arrays, usually compute's outputs) into the state."""
        raise NotImplementedError(f"function 'update' not implemented in {self.__class__.__name__}.")

    @abc.abstractmethod
    def accumulate(self):
        """The metric over everything updated since the last reset."""
        raise NotImplementedError(f"function 'accumulate' not implemented in {self.__class__.__name__}.")

    @abc.abstractmethod
    def name(self):
        """The metric's name (a str, or a list of str for several values)."""
        raise NotImplementedError(f"function 'name' not implemented in {self.__class__.__name__}.")

    def compute(self, *args):
        """Preprocess (pred, label, ...) with framework ops; the default passes them through."""
        return args


class Accuracy(Metric):
    """Top-k classification accuracy over batches; with several k, one value (and name) per k.

    Args:
        topk (int|Sequence[int], optional): The k of top-k accuracy; several give one accuracy each. Default:
            (1,).
        name (str|None, optional): A name for the operation (debugging output only). Default: None.
        *args (Any): Further positional arguments, passed on.
        **kwargs (Any): Further keyword arguments, passed on.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle
            >>> x = paddle.to_tensor(np.array([[0.1, 0.2, 0.3, 0.4], [0.1, 0.4, 0.3, 0.2],
            ...                                [0.1, 0.2, 0.4, 0.3], [0.1, 0.2, 0.3, 0.4]]))
            >>> y = paddle.to_tensor(np.array([[0], [1], [2], [3]]))
            >>> m = paddle.metric.Accuracy()
            >>> m.update(m.compute(x, y))
            np.float64(0.75)
            >>> print(m.accumulate())
            0.75
    """

    def __init__(self, topk: int | Sequence[int] = (1,), name: str | None = None, *args: Any,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.topk = topk
        self.maxk = max(topk)
        self._init_name(name)
        self.reset()

    def compute(self, pred, label, *args):
        """[N, maxk] float32 hits: column j is 1 where the j-th highest score is the label."""
        order = _T.argsort(pred, descending=True)
        order = _T.slice(order, axes=[len(order.shape) - 1], starts=[0], ends=[self.maxk])
        if len(label.shape) == 1 or (len(label.shape) == 2 and label.shape[-1] == 1):
            label = _T.reshape(label, (-1, 1))
        elif label.shape[-1] != 1:  # one-hot or soft labels: the arg max is the class
            label = _T.argmax(label, axis=-1, keepdim=True)
        return _T.cast(order == label.astype(order.dtype), dtype="float32")

    def update(self, correct, *args):
        """Add a batch of compute's hits; returns this batch's accuracy (a list for several k)."""
        if isinstance(correct, Tensor):
            correct = np.array(correct)
        num_samples = np.prod(np.array(correct.shape[:-1]))
        accs = []
        for i, k in enumerate(self.topk):
            num_corrects = correct[..., :k].sum()
            accs.append(float(num_corrects) / num_samples)
            self.total[i] += num_corrects
            self.count[i] += num_samples
        return accs[0] if len(self.topk) == 1 else accs

    def reset(self):
        """Zero the per-k hit and sample counts."""
        self.total = [0.0] * len(self.topk)
        self.count = [0] * len(self.topk)

    def accumulate(self):
        """Accuracy since the last reset (0.0 before any sample); a list for several k."""
        res = [float(t) / c if c > 0 else 0.0 for t, c in zip(self.total, self.count)]
        return res[0] if len(self.topk) == 1 else res

    def _init_name(self, name):
        name = name or "acc"
        self._name = [f"{name}_top{k}" for k in self.topk] if self.maxk != 1 else [name]

    def name(self):
        """['acc'], or ['acc_top1', 'acc_top5', ...] when some k > 1."""
        return self._name


class Precision(Metric):
    """Binary precision TP / (TP + FP); a prediction counts as positive when it rounds (half up) to 1.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle
            >>> m = paddle.metric.Precision()
            >>> m.update(np.array([0.1, 0.5, 0.6, 0.7]), np.array([0, 1, 1, 1]))
            >>> m.accumulate()
            1.0
    """

    def __init__(self, name="precision", *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.tp = 0
        self.fp = 0
        self._name = name

    def update(self, preds, labels):
        """Count true and false positives of a batch of probabilities against 0/1 labels."""
        preds = _host_array(preds, "preds")
        labels = _host_array(labels, "labels")
        n = labels.shape[0]
        positive = np.floor(preds + 0.5).astype("int32").reshape(n, -1)[:, 0] == 1
        hit = labels.reshape(n, -1)[:, 0] == 1
        tp = int(np.count_nonzero(positive & hit))
        self.tp += tp
        self.fp += int(np.count_nonzero(positive)) - tp

    def reset(self):
        """Zero the counts."""
        self.tp = 0
        self.fp = 0

    def accumulate(self):
        """TP / (TP + FP), or 0.0 when nothing was predicted positive."""
        ap = self.tp + self.fp
        return float(self.tp) / ap if ap != 0 else 0.0

    def name(self):
        """The metric name ('precision' by default)."""
        return self._name


class Recall(Metric):
    """Binary recall TP / (TP + FN); predictions are rounded half to even (0.5 counts as 0).

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle
            >>> m = paddle.metric.Recall()
            >>> m.update(np.array([0.1, 0.5, 0.6, 0.7]), np.array([1, 0, 1, 1]))
            >>> m.accumulate()
            0.6666666666666666
    """

    def __init__(self, name="recall", *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.tp = 0
        self.fn = 0
        self._name = name

    def update(self, preds, labels):
        """Count true positives and false negatives of a batch against 0/1 labels."""
        preds = _host_array(preds, "preds")
        labels = _host_array(labels, "labels")
        n = labels.shape[0]
        pred = np.rint(preds).astype("int32").reshape(n, -1)[:, 0]
        label = labels.reshape(n, -1)[:, 0]
        actual = label == 1
        tp = int(np.count_nonzero(actual & (pred == label)))
        self.tp += tp
        self.fn += int(np.count_nonzero(actual)) - tp

    def accumulate(self):
        """TP / (TP + FN), or 0.0 when no positive label was seen."""
        recall = self.tp + self.fn
        return float(self.tp) / recall if recall != 0 else 0.0

    def reset(self):
        """Zero the counts."""
        self.tp = 0
        self.fn = 0

    def name(self):
        """The metric name ('recall' by default)."""
        return self._name


class Auc(Metric):
    """Area under the ROC curve from bucketed scores (num_thresholds + 1 buckets) of class 1.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle
            >>> preds = np.array([[0.9, 0.1], [0.2, 0.8], [0.6, 0.4], [0.3, 0.7]])
            >>> m = paddle.metric.Auc()
            >>> m.update(preds, np.array([0, 1, 0, 1]))
            >>> m.accumulate()
            1.0
    """

    def __init__(self, curve="ROC", num_thresholds=4095, name="auc", *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._curve = curve
        self._num_thresholds = num_thresholds
        self._stat_pos = np.zeros(num_thresholds + 1)
        self._stat_neg = np.zeros(num_thresholds + 1)
        self._name = name

    def update(self, preds, labels):
        """Bucket a batch: preds [N, 2] probabilities (column 1 is the positive class), labels [N] or [N, 1]."""
        labels = _host_array(labels, "labels")
        preds = _host_array(preds, "preds")
        n = len(labels)
        # int() truncation toward zero, as a per-sample loop would do
        buckets = np.trunc(np.asarray(preds)[:n, 1] * self._num_thresholds).astype(np.int64)
        if buckets.size and (buckets.max() > self._num_thresholds or buckets.min() < -self._num_thresholds - 1):
            raise AssertionError(f"Auc.update: scores must lie in [0, 1], got a bucket index {buckets.max()} "
                                 f"beyond num_thresholds={self._num_thresholds}")
        buckets %= self._num_thresholds + 1  # a negative index counts from the end, like list indexing
        positive = np.asarray(labels).reshape(n, -1)[:, 0].astype(bool)
        size = self._num_thresholds + 1
        self._stat_pos += np.bincount(buckets[positive], minlength=size)
        self._stat_neg += np.bincount(buckets[~positive], minlength=size)

    @staticmethod
    def trapezoid_area(x1, x2, y1, y2):
        """Area of the trapezoid between x1 and x2 under heights y1 and y2."""
        return abs(x1 - x2) * (y1 + y2) / 2.0

    def accumulate(self):
        """The ROC AUC so far (0.0 until both classes were seen)."""
        # walk the buckets from the highest threshold down; counts are integers, so the sums are exact
        pos = np.cumsum(self._stat_pos[::-1])
        neg = np.cumsum(self._stat_neg[::-1])
        tot_pos, tot_neg = (float(pos[-1]), float(neg[-1])) if pos.size else (0.0, 0.0)
        if tot_pos <= 0.0 or tot_neg <= 0.0:
            return 0.0
        pos_prev = np.concatenate([[0.0], pos[:-1]])
        neg_prev = np.concatenate([[0.0], neg[:-1]])
        auc = float(np.sum(np.abs(neg - neg_prev) * (pos + pos_prev) / 2.0))
        return auc / tot_pos / tot_neg

    def reset(self):
        """Empty the buckets."""
        self._stat_pos = np.zeros(self._num_thresholds + 1)
        self._stat_neg = np.zeros(self._num_thresholds + 1)

    def name(self):
        """The metric name ('auc' by default)."""
        return self._name


def accuracy(input, label, k=1, correct=None, total=None, name=None):
    """Top-k accuracy of scores `input` [N, C] against int labels [N, 1], as a float32 0-D tensor.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> pred = paddle.to_tensor([[0.1, 0.9], [0.8, 0.2], [0.3, 0.7]])
            >>> label = paddle.to_tensor([[1], [1], [1]])
            >>> paddle.metric.accuracy(pred, label)
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   0.66666669)
    """
    if str(label.dtype).endswith("int32"):
        label = _T.cast(label, "int64")
    topk_out, topk_indices = _T.topk(input, k=k)
    acc, n_correct, n_total = apply(_AccuracyOp, topk_out, topk_indices, label)
    for given, value in ((correct, n_correct), (total, n_total)):  # Paddle writes the counts into them
        v = known_value(value)
        if v is not None and isinstance(given, Tensor):
            given._set_data(v.astype(given._data.dtype))
    return acc
