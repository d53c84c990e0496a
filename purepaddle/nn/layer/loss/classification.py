"""Classification loss layers of paddle.nn: CrossEntropyLoss, NLLLoss, BCELoss, BCEWithLogitsLoss, KLDivLoss,
AdaptiveLogSoftmaxWithLoss.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from purepaddle._core.tensor import Tensor

from .... import tensor as _T
from ...._core.dtype import get_default_dtype
from ... import functional as F
from ...functional._param_alias import param_alias
from ...functional.activation import log_softmax
from ...functional.common import linear
from ..layers import Layer
from ....tensor._check import check_reduction
from ._reduction import _legacy_reduction


class BCEWithLogitsLoss(Layer):
    """Sigmoid + binary cross entropy on logits (see F.binary_cross_entropy_with_logits).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> logit = paddle.to_tensor([5.0, 1.0, 3.0], dtype="float32")
            >>> label = paddle.to_tensor([1.0, 0.0, 1.0], dtype="float32")
            >>> paddle.nn.BCEWithLogitsLoss()(logit, label)
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   0.45618811)
    """

    @_legacy_reduction(1, 2)
    def __init__(self, weight=None, reduction="mean", pos_weight=None, name=None):
        check_reduction(reduction, "The value of 'reduction' in BCEWithLogitsLoss")
        super().__init__()
        self.weight = weight
        self.reduction = reduction
        self.pos_weight = pos_weight
        self.name = name

    def forward(self, logit, label):
        return F.binary_cross_entropy_with_logits(logit, label, self.weight, self.reduction, self.pos_weight,
                                                  self.name)


def _ce_positional(args):
    return len(args) > 2 and args[2] in ("mean", "sum", "none")


class CrossEntropyLoss(Layer):
    """Softmax cross entropy (see F.cross_entropy).

    Args:
        weight (Tensor|None, optional): A weight per class (a 1-D tensor of size C); None weighs all classes
            alike. Default: None.
        ignore_index (int, optional): A label value whose entries do not count in the loss. Default: -100.
        reduction (str, optional): How the per-element losses are combined: 'mean', 'sum' or 'none'. Default:
            "mean".
        soft_label (bool, optional): Whether `label` holds probabilities per class instead of class indices.
            Default: False.
        axis (int, optional): The axis of the classes. Default: -1.
        use_softmax (bool, optional): Whether softmax is applied to the input first (False: the input already
            holds probabilities). Default: True.
        label_smoothing (float, optional): The amount of label smoothing, in [0, 1). Default: 0.0.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> loss = paddle.nn.CrossEntropyLoss()
            >>> loss(paddle.to_tensor([[2.0, 1.0, 0.1], [0.5, 2.5, 0.3]]), paddle.to_tensor([0, 1]))
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   0.31853980)
    """

    @_legacy_reduction(1, 3, _ce_positional)
    def __init__(self, weight: Tensor | None = None, ignore_index: int = -100, reduction: str = "mean",
                 soft_label: bool = False, axis: int = -1, use_softmax: bool = True,
                 label_smoothing: float = 0.0, name: str | None = None) -> None:
        super().__init__()
        self.weight = weight
        self.reduction = reduction
        self.ignore_index = ignore_index
        self.soft_label = soft_label
        self.axis = axis
        self.use_softmax = use_softmax
        self.label_smoothing = label_smoothing
        self.name = name

    @param_alias(target="label")
    def forward(self, input, label):
        return F.cross_entropy(input, label, weight=self.weight, ignore_index=self.ignore_index,
                               reduction=self.reduction, soft_label=self.soft_label, axis=self.axis,
                               use_softmax=self.use_softmax, label_smoothing=self.label_smoothing, name=self.name)


class BCELoss(Layer):
    """Binary cross entropy of probabilities (see F.binary_cross_entropy).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.nn.BCELoss()(paddle.to_tensor([0.5, 0.6, 0.7]), paddle.to_tensor([1.0, 0.0, 1.0]))
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   0.65537095)
    """

    @_legacy_reduction(1, 2)
    def __init__(self, weight=None, reduction="mean", name=None):
        check_reduction(reduction, "The value of 'reduction' in bce_loss")
        super().__init__()
        self.weight = weight
        self.reduction = reduction
        self.name = name

    def forward(self, input, label):
        return F.binary_cross_entropy(input, label, self.weight, self.reduction, self.name)


class NLLLoss(Layer):
    """Negative log likelihood of log-probabilities (see F.nll_loss).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> log_p = paddle.log(paddle.to_tensor([[0.2, 0.8], [0.6, 0.4]]))
            >>> paddle.nn.NLLLoss()(log_p, paddle.to_tensor([1, 0]))
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   0.36698455)
    """

    @_legacy_reduction(1, 3)
    def __init__(self, weight=None, ignore_index=-100, reduction="mean", name=None):
        check_reduction(reduction, "The value of 'reduction' in nll_loss")
        super().__init__()
        self._weight = weight
        self._ignore_index = ignore_index
        self._reduction = reduction
        self._name = name

    def forward(self, input, label):
        return F.nll_loss(input, label, weight=self._weight, ignore_index=self._ignore_index,
                          reduction=self._reduction, name=self._name)


def _kl_positional(args):
    return len(args) > 0 and args[0] in ("mean", "sum", "none", "batchmean")


class KLDivLoss(Layer):
    """Kullback-Leibler divergence (see F.kl_div).

    Args:
        reduction (str, optional): 'mean', 'batchmean', 'sum' or 'none'. Default: "mean".
        log_target (bool, optional): Whether the label holds log-probabilities. Default: False.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[-1.0, -2.0]])
            >>> paddle.nn.KLDivLoss(reduction='sum')(x, paddle.to_tensor([[0.5, 0.5]]))
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   0.80685282)
    """

    @_legacy_reduction(0, 1, _kl_positional)
    def __init__(self, reduction: str = "mean", log_target: bool = False) -> None:
        super().__init__()
        self.reduction = reduction
        self.log_target = log_target

    def forward(self, input, label):
        return F.kl_div(input, label, self.reduction, self.log_target)


class AdaptiveLogSoftmaxWithLoss(Layer):
    """Adaptive softmax: a head over the most frequent classes and one projected cluster per tail range.

    As in Paddle only head_weight/head_bias are registered parameters; tail_weights is a plain list.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> asfm = paddle.nn.AdaptiveLogSoftmaxWithLoss(in_features=8, n_classes=10, cutoffs=[4, 7])
            >>> out, loss = asfm(paddle.randn([3, 8]), paddle.to_tensor([0, 5, 9]))
            >>> out.shape, loss.shape
            (paddle.Size([3]), paddle.Size([]))
    """

    def __init__(self, in_features, n_classes, cutoffs, weight_attr=None, bias_attr=None, div_value=4.0,
                 head_bias=False, name=None):
        super().__init__()
        self._dtype = get_default_dtype()
        cutoffs = list(cutoffs)
        if (cutoffs != sorted(cutoffs) or min(cutoffs) <= 0 or max(cutoffs) > n_classes - 1
                or len(set(cutoffs)) != len(cutoffs) or any(int(c) != c for c in cutoffs)):
            raise ValueError("cutoffs should be a sequence of unique, positive integers sorted in an increasing "
                             "order, where each value is between 1 and n_classes-1")
        self.in_features = in_features
        self.n_classes = n_classes
        self.cutoffs = cutoffs + [n_classes]
        self.div_value = div_value
        self._weight_attr = weight_attr
        self._bias_attr = bias_attr
        self.is_head_bias = head_bias
        self.shortlist_size = self.cutoffs[0]
        self.n_clusters = len(self.cutoffs) - 1
        self.head_size = self.shortlist_size + self.n_clusters
        self.head_weight = self.create_parameter([in_features, self.head_size], attr=weight_attr, dtype=self._dtype)
        self.head_bias = self.create_parameter([self.head_size], attr=bias_attr, dtype=self._dtype,
                                               is_bias=True) if head_bias else None
        tails = []
        for i in range(self.n_clusters):
            hsz = int(in_features // div_value ** (i + 1))
            osz = self.cutoffs[i + 1] - self.cutoffs[i]
            tails.append([self.create_parameter([in_features, hsz], attr=weight_attr, dtype=self._dtype),
                          self.create_parameter([hsz, osz], attr=weight_attr, dtype=self._dtype)])
        self.tail_weights = tails

    def forward(self, input, label):
        return F.adaptive_log_softmax_with_loss(input, label, self.head_weight, self.tail_weights, self.cutoffs,
                                                self.head_bias)

    def _get_full_log_prob(self, input, head_output):
        head_lp = log_softmax(head_output, axis=1)
        parts = [head_lp[:, :self.shortlist_size]]
        for i in range(self.n_clusters):
            w0, w1 = self.tail_weights[i]
            cluster_lp = log_softmax(linear(linear(input, w0), w1), axis=1)
            parts.append(cluster_lp + head_lp[:, self.shortlist_size + i].unsqueeze(1))
        return _T.concat(parts, axis=1)

    def log_prob(self, input):
        """Log-probabilities of every class, [N, n_classes]."""
        return self._get_full_log_prob(input, linear(input, self.head_weight, self.head_bias))

    def predict(self, input):
        """The most likely class of each row (float32, as Paddle returns it)."""
        head_output = linear(input, self.head_weight, self.head_bias)
        output = _T.argmax(head_output, axis=1).astype("float32")
        not_in_shortlist = output >= self.shortlist_size
        if not bool(not_in_shortlist.any()):
            return output
        full = _T.argmax(self._get_full_log_prob(input, head_output), axis=1).astype("float32")
        return _T.where(not_in_shortlist, full, output)
