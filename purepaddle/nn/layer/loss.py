"""paddle.nn loss layers: thin Layers holding a loss's options and calling its functional form."""
import functools
import inspect

from ... import tensor as _T
from ..._core.dtype import get_default_dtype
from ..functional import loss as F
from ..functional.activation import log_softmax
from ..functional.common import linear
from .layers import Layer

__all__ = ["BCEWithLogitsLoss", "CrossEntropyLoss", "HSigmoidLoss", "MSELoss", "L1Loss", "BCELoss", "NLLLoss",
           "PoissonNLLLoss", "KLDivLoss", "MarginRankingLoss", "CTCLoss", "RNNTLoss", "SmoothL1Loss",
           "MultiLabelSoftMarginLoss", "HingeEmbeddingLoss", "CosineEmbeddingLoss", "TripletMarginWithDistanceLoss",
           "TripletMarginLoss", "MultiMarginLoss", "MultiLabelMarginLoss", "SoftMarginLoss", "GaussianNLLLoss",
           "AdaptiveLogSoftmaxWithLoss"]


def _legacy_reduction(size_average_pos, reduce_pos, positional_ok=None):
    """__init__ decorator: torch's removed size_average/reduce arguments raise Paddle's ValueError naming
    the `reduction` to use. Positions count the arguments after self; `positional_ok(args)` exempts
    calls whose positional arguments are the new ones (CrossEntropyLoss, KLDivLoss)."""

    def deco(init):
        cls_name = init.__qualname__.split(".")[0]

        @functools.wraps(init)
        def wrapper(self, *args, **kwargs):
            sa = kwargs.pop("size_average", "") if "size_average" in kwargs else (
                args[size_average_pos] if len(args) > size_average_pos and type(args[size_average_pos]) is bool
                else "")
            rd = kwargs.pop("reduce", "") if "reduce" in kwargs else (
                args[reduce_pos] if len(args) > reduce_pos and type(args[reduce_pos]) is bool else "")
            if (sa != "" or rd != "") and not (positional_ok and positional_ok(args)):
                suggested = "none" if rd is False else ("sum" if sa is False else "mean")
                raise ValueError(f"[Deprecated] '{cls_name}' no longer supports 'reduce' or 'size_average'.\n"
                                 f"Detected: reduce={None if rd == '' else rd}, size_average="
                                 f"{None if sa == '' else sa}\nPlease use: reduction='{suggested}' instead.")
            return init(self, *args, **kwargs)

        wrapper.__signature__ = inspect.signature(init)
        return wrapper

    return deco


def _check(reduction, msg):
    if reduction not in ("sum", "mean", "none"):
        raise ValueError(f"{msg} should be 'sum', 'mean' or 'none', but received {reduction}, which is not allowed.")


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
        _check(reduction, "The value of 'reduction' in BCEWithLogitsLoss")
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

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> loss = paddle.nn.CrossEntropyLoss()
            >>> loss(paddle.to_tensor([[2.0, 1.0, 0.1], [0.5, 2.5, 0.3]]), paddle.to_tensor([0, 1]))
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   0.31853980)
    """

    @_legacy_reduction(1, 3, _ce_positional)
    def __init__(self, weight=None, ignore_index=-100, reduction="mean", soft_label=False, axis=-1, use_softmax=True,
                 label_smoothing=0.0, name=None):
        super().__init__()
        self.weight = weight
        self.reduction = reduction
        self.ignore_index = ignore_index
        self.soft_label = soft_label
        self.axis = axis
        self.use_softmax = use_softmax
        self.label_smoothing = label_smoothing
        self.name = name

    @F.param_alias(target="label")
    def forward(self, input, label):
        return F.cross_entropy(input, label, weight=self.weight, ignore_index=self.ignore_index,
                               reduction=self.reduction, soft_label=self.soft_label, axis=self.axis,
                               use_softmax=self.use_softmax, label_smoothing=self.label_smoothing, name=self.name)


class HSigmoidLoss(Layer):
    """Hierarchical sigmoid loss with its own weight [C, feature_size] and bias [C, 1] (C = num_classes - 1,
    or num_classes for a custom tree).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> m = paddle.nn.HSigmoidLoss(3, 6)
            >>> m.weight.shape, m.bias.shape
            (paddle.Size([5, 3]), paddle.Size([5, 1]))
    """

    def __init__(self, feature_size, num_classes, weight_attr=None, bias_attr=None, is_custom=False, is_sparse=False,
                 name=None):
        super().__init__()
        if num_classes < 2 and not is_custom:
            raise ValueError("num_classes must not be less than 2 with default tree")
        if not is_custom and is_sparse:
            is_sparse = False  # sparse mode needs a custom tree
        self._feature_size = feature_size
        self._num_classes = num_classes
        self._is_custom = is_custom
        self._is_sparse = is_sparse
        self._weight_attr = weight_attr
        self._bias_attr = bias_attr
        self._name = name
        self._dtype = get_default_dtype()
        c = num_classes if is_custom else num_classes - 1
        self.weight = self.create_parameter([c, feature_size], attr=weight_attr, is_bias=False, dtype=self._dtype)
        self.bias = self.create_parameter([c, 1], attr=bias_attr, is_bias=True, dtype=self._dtype)

    def forward(self, input, label, path_table=None, path_code=None):
        return F.hsigmoid_loss(input, label, self._num_classes, self.weight, self.bias, path_table=path_table,
                               path_code=path_code, is_sparse=self._is_sparse, name=self._name)


class MSELoss(Layer):
    """Mean squared error (see F.mse_loss).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.nn.MSELoss()(paddle.to_tensor([1.5]), paddle.to_tensor([1.7]))
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   0.04000002)
    """

    @_legacy_reduction(0, 1)
    def __init__(self, reduction="mean"):
        super().__init__()
        if reduction not in ("sum", "mean", "none"):
            raise ValueError(f"'reduction' in 'MSELoss' should be 'sum', 'mean' or 'none', but received {reduction}.")
        self.reduction = reduction

    def forward(self, input, label):
        return F.mse_loss(input, label, self.reduction)


class L1Loss(Layer):
    """Mean absolute error (see F.l1_loss).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.nn.L1Loss(reduction='sum')(paddle.to_tensor([1.5, 0.8]), paddle.to_tensor([1.7, 1.0]))
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   0.40000004)
    """

    @_legacy_reduction(0, 1)
    def __init__(self, reduction="mean", name=None):
        _check(reduction, "The value of 'reduction' in L1Loss")
        super().__init__()
        self.reduction = reduction
        self.name = name

    def forward(self, input, label):
        return F.l1_loss(input, label, self.reduction, name=self.name)


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
        _check(reduction, "The value of 'reduction' in bce_loss")
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
        _check(reduction, "The value of 'reduction' in nll_loss")
        super().__init__()
        self._weight = weight
        self._ignore_index = ignore_index
        self._reduction = reduction
        self._name = name

    def forward(self, input, label):
        return F.nll_loss(input, label, weight=self._weight, ignore_index=self._ignore_index,
                          reduction=self._reduction, name=self._name)


class PoissonNLLLoss(Layer):
    """Poisson negative log likelihood (see F.poisson_nll_loss).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.nn.PoissonNLLLoss()(paddle.to_tensor([0.5, 1.0]), paddle.to_tensor([1.0, 2.0]))
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   0.93350160)
    """

    @_legacy_reduction(2, 4)
    def __init__(self, log_input=True, full=False, epsilon=1e-8, reduction="mean", name=None):
        if epsilon <= 0:
            raise ValueError(f"The value of `epsilon` in PoissonNLLLoss should be positive, but received "
                             f"{epsilon:f}, which is not allowed")
        _check(reduction, "The value of 'reduction' in PoissonNLLLoss")
        super().__init__()
        self._log_input = log_input
        self._full = full
        self._epsilon = epsilon
        self._reduction = reduction
        self._name = name

    def forward(self, input, label):
        return F.poisson_nll_loss(input, label, log_input=self._log_input, full=self._full, epsilon=self._epsilon,
                                  reduction=self._reduction, name=self._name)


def _kl_positional(args):
    return len(args) > 0 and args[0] in ("mean", "sum", "none", "batchmean")


class KLDivLoss(Layer):
    """Kullback-Leibler divergence (see F.kl_div).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[-1.0, -2.0]])
            >>> paddle.nn.KLDivLoss(reduction='sum')(x, paddle.to_tensor([[0.5, 0.5]]))
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   0.80685282)
    """

    @_legacy_reduction(0, 1, _kl_positional)
    def __init__(self, reduction="mean", log_target=False):
        super().__init__()
        self.reduction = reduction
        self.log_target = log_target

    def forward(self, input, label):
        return F.kl_div(input, label, self.reduction, self.log_target)


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


class CTCLoss(Layer):
    """CTC loss of unnormalised logits [T, B, C] (see F.ctc_loss).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> logits = paddle.to_tensor([[[0.4, 0.7, 0.1]], [[0.2, 0.3, 0.4]], [[0.9, 0.1, 0.8]]])
            >>> labels = paddle.to_tensor([[1, 2]], dtype='int32')
            >>> paddle.nn.CTCLoss()(logits, labels, paddle.to_tensor([3]), paddle.to_tensor([2]))
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   0.64132571)
    """

    def __init__(self, blank=0, reduction="mean", zero_infinity=False):
        super().__init__()
        self.blank = blank
        self.reduction = reduction
        self.zero_infinity = zero_infinity

    def forward(self, log_probs, labels, input_lengths, label_lengths, norm_by_times=False):
        return F.ctc_loss(log_probs, labels, input_lengths, label_lengths, self.blank, self.reduction,
                          norm_by_times=norm_by_times, zero_infinity=self.zero_infinity)


class RNNTLoss(Layer):
    """RNN-T loss of joint log-probabilities [B, T, U + 1, V] (see F.rnnt_loss).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> fn = paddle.nn.RNNTLoss(reduction='sum', fastemit_lambda=0.0)
            >>> acts = paddle.zeros([1, 2, 2, 3])
            >>> fn(acts, paddle.to_tensor([[1]], dtype='int32'), paddle.to_tensor([2], dtype='int32'),
            ...    paddle.to_tensor([1], dtype='int32'))
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   -0.69314718)
    """

    def __init__(self, blank=0, fastemit_lambda=0.001, reduction="mean", name=None):
        super().__init__()
        self.blank = blank
        self.reduction = reduction
        self.fastemit_lambda = fastemit_lambda
        self.name = name

    def forward(self, input, label, input_lengths, label_lengths):
        return F.rnnt_loss(input, label, input_lengths, label_lengths, blank=self.blank,
                           fastemit_lambda=self.fastemit_lambda, reduction=self.reduction, name=self.name)


class SmoothL1Loss(Layer):
    """Huber loss (see F.smooth_l1_loss).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.nn.SmoothL1Loss()(paddle.to_tensor([0.0, 3.0]), paddle.to_tensor([0.5, 0.0]))
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   1.31250000)
    """

    @_legacy_reduction(0, 1)
    def __init__(self, reduction="mean", delta=1.0, is_huber=True, name=None):
        super().__init__()
        self.reduction = reduction
        self.delta = delta
        self.is_huber = is_huber
        self.name = name

    @F.param_alias(target="label")
    def forward(self, input, label):
        return F.smooth_l1_loss(input, label, reduction=self.reduction, delta=self.delta, is_huber=self.is_huber,
                                name=self.name)


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


class GaussianNLLLoss(Layer):
    """Gaussian negative log likelihood (see F.gaussian_nll_loss).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> m = paddle.nn.GaussianNLLLoss()
            >>> m(paddle.to_tensor([[0.5, 1.0]]), paddle.to_tensor([[0.2, 0.1]]), paddle.ones([1, 2]))
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   0.22499999)
    """

    def __init__(self, full=False, epsilon=1e-6, reduction="mean", name=None):
        _check(reduction, "The value of 'reduction' in GaussianNLLLoss")
        super().__init__()
        self.full = full
        self.epsilon = epsilon
        self.reduction = reduction
        self.name = name

    def forward(self, input, label, variance):
        return F.gaussian_nll_loss(input, label, variance, self.full, self.epsilon, self.reduction, self.name)


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
