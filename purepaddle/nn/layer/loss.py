"""paddle.nn loss layers: thin Layers holding a loss's options and calling its functional form."""
import functools
import inspect

from ..._core.dtype import get_default_dtype
from ..functional import loss as F
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


from .loss_margin import (AdaptiveLogSoftmaxWithLoss, CosineEmbeddingLoss, HingeEmbeddingLoss,  # noqa: E402
                          MarginRankingLoss, MultiLabelMarginLoss, MultiLabelSoftMarginLoss, MultiMarginLoss,
                          SoftMarginLoss, TripletMarginLoss, TripletMarginWithDistanceLoss)
