"""Ranking, embedding and margin loss layers of paddle.nn: MarginRankingLoss, HingeEmbeddingLoss,
CosineEmbeddingLoss, the triplet, multi margin and soft margin losses.
"""
from ... import functional as F
from ..layers import Layer
from ....tensor._check import check_reduction
from ._reduction import _legacy_reduction


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
        check_reduction(reduction, "The value of 'reduction' in MarginRankingLoss")
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
        check_reduction(reduction, "The value of 'reduction'")
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
        check_reduction(reduction, "The value of 'reduction' in TripletMarginWithDistanceLoss")
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
        check_reduction(reduction, "The value of 'reduction' in TripletMarginLoss")
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
        check_reduction(reduction, "The value of 'reduction' in SoftMarginLoss")
        super().__init__()
        self.reduction = reduction
        self.name = name

    def forward(self, input, label):
        return F.soft_margin_loss(input, label, self.reduction, self.name)
