"""Sequence and tree loss layers of paddle.nn: CTCLoss, RNNTLoss, HSigmoidLoss."""
from ...._core.dtype import get_default_dtype
from ... import functional as F
from ..layers import Layer


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
