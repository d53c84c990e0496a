"""paddle.nn loss layers for ranking, embedding and margin losses and adaptive softmax (re-exported by
nn.layer.loss, where Paddle defines them)."""
from ... import tensor as _T
from ..._core.dtype import get_default_dtype
from ..functional import loss as F
from ..functional.activation import log_softmax
from ..functional.common import linear
from .layers import Layer
from .loss import _check, _legacy_reduction

__all__ = []


class MarginRankingLoss(Layer):
    """max(0, -label * (input - other) + margin) (see F.margin_ranking_loss).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> loss = paddle.nn.MarginRankingLoss(margin=0.5)
            >>> loss(paddle.to_tensor([1.0, 2.0]), paddle.to_tensor([2.0, 1.0]), paddle.to_tensor([1.0, 1.0]))
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   0.75000000)
    """

    @_legacy_reduction(1, 2)
    def __init__(self, margin=0.0, reduction="mean", name=None):
        _check(reduction, "The value of 'reduction' in MarginRankingLoss")
        super().__init__()
        self.margin = margin
        self.reduction = reduction
        self.name = name

    def forward(self, input, other, label):
        return F.margin_ranking_loss(input, other, label, self.margin, self.reduction, self.name)


class MultiLabelSoftMarginLoss(Layer):
    """Multi-label one-versus-all logistic loss (see F.multi_label_soft_margin_loss).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> m = paddle.nn.MultiLabelSoftMarginLoss(reduction='none')
            >>> m(paddle.to_tensor([[1., -2., 3.]]), paddle.to_tensor([[1., 0., 1.]]))
            Tensor(shape=[1], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.16292568])
    """

    @_legacy_reduction(1, 2)
    def __init__(self, weight=None, reduction="mean", name=None):
        super().__init__()
        if reduction not in ("sum", "mean", "none"):
            raise ValueError("'reduction' in 'MultiLabelSoftMarginloss' should be 'sum', 'mean' or 'none', but "
                             f"received {reduction}.")
        self.weight = weight
        self.reduction = reduction
        self.name = name

    def forward(self, input, label):
        return F.multi_label_soft_margin_loss(input, label, weight=self.weight, reduction=self.reduction,
                                              name=self.name)


class HingeEmbeddingLoss(Layer):
    """input for label 1, max(0, margin - input) for label -1 (see F.hinge_embedding_loss).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> m = paddle.nn.HingeEmbeddingLoss(margin=1.0, reduction='sum')
            >>> m(paddle.to_tensor([0.5, 0.2]), paddle.to_tensor([1.0, -1.0]))
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   1.29999995)
    """

    @_legacy_reduction(1, 2)
    def __init__(self, margin=1.0, reduction="mean", name=None):
        super().__init__()
        self.margin = margin
        self.reduction = reduction
        self.name = name

    def forward(self, input, label):
        return F.hinge_embedding_loss(input, label, reduction=self.reduction, margin=self.margin, name=self.name)


class CosineEmbeddingLoss(Layer):
    """1 - cos for similar pairs, max(0, cos - margin) for dissimilar ones (see F.cosine_embedding_loss).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> m = paddle.nn.CosineEmbeddingLoss(margin=0.5, reduction='sum')
            >>> m(paddle.to_tensor([[1., 0.]]), paddle.to_tensor([[1., 1.]]), paddle.to_tensor([1]))
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   0.29289323)
    """

    @_legacy_reduction(1, 2)
    def __init__(self, margin=0, reduction="mean", name=None):
        if margin > 1 or margin < -1:
            raise ValueError(f"The value of 'margin' should be in the interval of [-1, 1], but received {margin:f}, "
                             "which is not allowed.")
        _check(reduction, "The value of 'reduction'")
        super().__init__()
        self.margin = margin
        self.reduction = reduction
        self.name = name

    def forward(self, input1, input2, label):
        return F.cosine_embedding_loss(input1, input2, label, margin=self.margin, reduction=self.reduction,
                                       name=self.name)


class TripletMarginWithDistanceLoss(Layer):
    """Triplet margin loss with a custom distance (see F.triplet_margin_with_distance_loss).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> m = paddle.nn.TripletMarginWithDistanceLoss(reduction='sum')
            >>> a = paddle.to_tensor([[0., 0.]])
            >>> m(a, paddle.to_tensor([[1., 0.]]), paddle.to_tensor([[0., 1.5]]))
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   0.49999994)
    """

    def __init__(self, distance_function=None, margin=1.0, swap=False, reduction="mean", name=None):
        super().__init__()
        _check(reduction, "The value of 'reduction' in TripletMarginWithDistanceLoss")
        self.margin = margin
        self.swap = swap
        self.reduction = reduction
        self.distance_function = distance_function
        self.name = name

    def forward(self, input, positive, negative):
        # as in Paddle 3.3.1 the stored distance_function is not passed on: the default distance is used
        return F.triplet_margin_with_distance_loss(input, positive, negative, margin=self.margin, swap=self.swap,
                                                   reduction=self.reduction, name=self.name)


class TripletMarginLoss(Layer):
    """max(d(a, p) - d(a, n) + margin, 0) with the p-norm distance (see F.triplet_margin_loss).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> m = paddle.nn.TripletMarginLoss(reduction='sum')
            >>> a = paddle.to_tensor([[0., 0.]])
            >>> m(a, paddle.to_tensor([[1., 0.]]), paddle.to_tensor([[0., 1.5]]))
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   0.49999994)
    """

    @_legacy_reduction(4, 5)
    def __init__(self, margin=1.0, p=2.0, epsilon=1e-6, swap=False, reduction="mean", name=None):
        super().__init__()
        _check(reduction, "The value of 'reduction' in TripletMarginLoss")
        self.margin = margin
        self.p = p
        self.epsilon = epsilon
        self.swap = swap
        self.reduction = reduction
        self.name = name

    def forward(self, input, positive, negative):
        return F.triplet_margin_loss(input, positive, negative, margin=self.margin, p=self.p, epsilon=self.epsilon,
                                     swap=self.swap, reduction=self.reduction, name=self.name)


class MultiMarginLoss(Layer):
    """Multi-class hinge loss (see F.multi_margin_loss).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> m = paddle.nn.MultiMarginLoss(reduction='none')
            >>> m(paddle.to_tensor([[1., 5., 3.]]), paddle.to_tensor([2]))
            Tensor(shape=[1], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [1.])
    """

    @_legacy_reduction(3, 4)
    def __init__(self, p=1, margin=1.0, weight=None, reduction="mean", name=None):
        super().__init__()
        if reduction not in ("sum", "mean", "none"):
            raise ValueError(f"'reduction' in 'MultiMarginLoss' should be 'sum', 'mean' or 'none', but received "
                             f"{reduction}.")
        self.p = p
        self.margin = margin
        self.weight = weight
        self.reduction = reduction
        self.name = name

    def forward(self, input, label):
        return F.multi_margin_loss(input, label, p=self.p, margin=self.margin, weight=self.weight,
                                   reduction=self.reduction, name=self.name)


class MultiLabelMarginLoss(Layer):
    """Multi-label hinge loss (see F.multi_label_margin_loss).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> m = paddle.nn.MultiLabelMarginLoss()
            >>> m(paddle.to_tensor([[0.1, 0.2, 0.4, 0.8]]), paddle.to_tensor([[3, 0, -1, 1]]))
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   0.85000002)
    """

    @_legacy_reduction(0, 1)
    def __init__(self, reduction="mean", name=None):
        super().__init__()
        if reduction not in ("sum", "mean", "none"):
            raise ValueError(f"'reduction' in 'MultiLabelMarginLoss' should be 'sum', 'mean' or 'none', but "
                             f"received {reduction}.")
        self.reduction = reduction
        self.name = name

    def forward(self, input, label):
        return F.multi_label_margin_loss(input, label, reduction=self.reduction, name=self.name)


class SoftMarginLoss(Layer):
    """log(1 + exp(-label * input)) (see F.soft_margin_loss).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.nn.SoftMarginLoss()(paddle.to_tensor([0.5, -0.5]), paddle.to_tensor([1.0, 1.0]))
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   0.72407699)
    """

    @_legacy_reduction(0, 1)
    def __init__(self, reduction="mean", name=None):
        _check(reduction, "The value of 'reduction' in SoftMarginLoss")
        super().__init__()
        self.reduction = reduction
        self.name = name

    def forward(self, input, label):
        return F.soft_margin_loss(input, label, self.reduction, self.name)


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
