"""Ranking, embedding and margin losses of paddle.nn.functional: margin_ranking_loss, cosine/hinge
embedding, soft margin, triplet, multi margin, npair, margin_cross_entropy. All are compositions of
differentiable ops.
"""
from .... import tensor as _T
from ...._core.dispatch import apply
from ...._core.tensor import Tensor
from ....ops import loss as _L
from ..activation import log_sigmoid, relu
from ..distance import pairwise_distance
from ..input import one_hot
from ....tensor._check import check_float, check_reduction, check_reduction_arg, check_var
from ._reduction import mean_all, reduce_loss, sum_all


def margin_ranking_loss(input, other, label, margin=0.0, reduction="mean", name=None):
    """max(0, -label * (input - other) + margin), reduced by `reduction`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> input = paddle.to_tensor([[1, 2], [3, 4]], dtype='float32')
            >>> other = paddle.to_tensor([[2, 1], [2, 4]], dtype='float32')
            >>> label = paddle.to_tensor([[1, -1], [-1, -1]], dtype='float32')
            >>> paddle.nn.functional.margin_ranking_loss(input, other, label)
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   0.75000000)
    """
    check_reduction(reduction, "The value of 'reduction' in MarginRankingLoss")
    out = _T.multiply(_T.subtract(other, input), label)
    if margin != 0.0:
        out = out + margin
    return reduce_loss(relu(out), reduction)


def npair_loss(anchor, positive, labels, l2_reg=0.002):
    """N-pair loss: soft-label cross entropy of anchor-positive similarities plus an L2 penalty.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> anchor = paddle.to_tensor([[1.0, 0.0], [0.0, 1.0]])
            >>> positive = paddle.to_tensor([[0.9, 0.1], [0.2, 0.8]])
            >>> labels = paddle.to_tensor([0.0, 1.0])
            >>> paddle.nn.functional.npair_loss(anchor, positive, labels)
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   0.40406105)
    """
    check_float(anchor, "npair_loss", "anchor")
    check_float(positive, "npair_loss", "positive")
    check_var(labels, "npair_loss", "labels")
    if isinstance(anchor, Tensor) and anchor.size == 0:
        raise ValueError("The dims of anchor should be greater than 0.")
    if isinstance(positive, Tensor) and positive.size == 0:
        raise ValueError("The dims of positive should be greater than 0.")
    b = labels.shape[0]
    lab = _T.tile(labels.reshape([b, 1]), [1, b])
    lab = _T.equal(lab, lab.transpose([1, 0])).astype(anchor.dtype)
    lab = lab / lab.sum(axis=1, keepdim=True)
    l2 = mean_all(_T.square(anchor).sum(axis=1)) + mean_all(_T.square(positive).sum(axis=1))
    l2 = l2 * (0.25 * l2_reg)
    sim = _T.matmul(anchor, positive, transpose_y=True)
    _, ce = apply(_L.SoftmaxWithCrossEntropy, sim, lab, soft_label=True, ignore_index=-100, numeric_stable_mode=True,
                  axis=-1, use_softmax=True)
    return l2 + mean_all((lab * ce).sum(axis=0))


def multi_label_soft_margin_loss(input, label, weight=None, reduction="mean", name=None):
    """Mean over classes of -(y log sigmoid(x) + (1 - y) log sigmoid(-x)), then reduced over the batch.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> input = paddle.to_tensor([[1., -2., 3.], [0., -1., 2.]])
            >>> label = paddle.to_tensor([[1., 0., 1.], [0., 0., 1.]])
            >>> F.multi_label_soft_margin_loss(input, label, reduction='none')
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.16292568, 0.37777898])
    """
    check_reduction_arg(reduction, "multi_label_soft_margin_loss")
    check_var(input, "multi_label_soft_margin_loss", "input")
    check_var(label, "multi_label_soft_margin_loss", "label")
    if list(input.shape) != list(label.shape):
        raise ValueError(f"The input and label should have same dimension,but received {list(input.shape)}!="
                         f"{list(label.shape)}")
    loss = -(label * log_sigmoid(input) + (1 - label) * log_sigmoid(-input))
    if weight is not None:
        loss = loss * weight
    return reduce_loss(loss.mean(axis=-1), reduction)


def hinge_embedding_loss(input, label, margin=1.0, reduction="mean", name=None):
    """input where label == 1, max(0, margin - input) where label == -1, reduced by `reduction`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> input = paddle.to_tensor([[1., -2., 3.], [0., -1., 2.]])
            >>> label = paddle.to_tensor([[-1., 1., -1.], [1., 1., 1.]])
            >>> F.hinge_embedding_loss(input, label, reduction='none')
            Tensor(shape=[2, 3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[ 0., -2.,  0.],
                    [ 0., -1.,  2.]])
    """
    check_reduction_arg(reduction, "hinge_embedding_loss")
    check_var(input, "hinge_embedding_loss", "input")
    check_var(label, "hinge_embedding_loss", "label")
    zero = _T.zeros([1], dtype=input.dtype)
    loss = _T.where(label == 1.0, input, zero) + _T.where(label == -1.0, relu(margin - input), zero)
    return reduce_loss(loss, reduction)


def cosine_embedding_loss(input1, input2, label, margin=0, reduction="mean", name=None):
    """1 - cos(x1, x2) for label 1, max(0, cos(x1, x2) - margin) for label -1.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> input1 = paddle.to_tensor([[1.6, 1.2, -0.5], [3.2, 2.6, -5.8]], 'float32')
            >>> input2 = paddle.to_tensor([[0.5, 0.5, -1.8], [2.3, -1.4, 1.1]], 'float32')
            >>> label = paddle.to_tensor([1, -1], 'int64')
            >>> paddle.nn.functional.cosine_embedding_loss(input1, input2, label, margin=0.5, reduction='none')
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.42310387, 0.        ])
    """
    for t, arg in ((input1, "input1"), (input2, "input2"), (label, "label")):
        check_var(t, "cosine_embedding_loss", arg)
    if len(label.shape) != 1:
        raise ValueError("1D target tensor expected, multi-target not supported")
    if list(input1.shape) != list(input2.shape):
        raise ValueError("the shape of input tensor 1 should be equal to input tensor 2, but found inputs with "
                         "different sizes")
    if len(input1.shape) > 2:
        raise ValueError("1D target tensor expects 1D or 2D input tensors, but found inputs with different sizes")
    if input1.dtype.name not in ("float32", "float64"):
        raise ValueError("The data type of input Variable must be 'float32' or 'float64'")
    if label.dtype.name not in ("int32", "int64", "float32", "float64"):
        raise ValueError("The data type of label Variable must be 'int32', 'int64', 'float32', 'float64'")
    prod = (input1 * input2).sum(axis=-1)
    mag1 = _T.square(input1).sum(axis=-1) + 1e-11
    mag2 = _T.square(input2).sum(axis=-1) + 1e-11
    cos = prod / _T.sqrt(mag1 * mag2)
    zeros = _T.zeros_like(cos)
    out = _T.where(label == 1, 1 - cos, zeros) + _T.where(label == -1, _T.clip(cos - margin, min=0), zeros)
    return reduce_loss(out, reduction) if reduction in ("mean", "sum") else out


def soft_margin_loss(input, label, reduction="mean", name=None):
    """log(1 + exp(-label * input)), reduced by `reduction`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> input = paddle.to_tensor([[0.5, 0.6, 0.7], [0.3, 0.5, 0.2]], 'float32')
            >>> label = paddle.to_tensor([[1.0, -1.0, 1.0], [-1.0, 1.0, 1.0]], 'float32')
            >>> paddle.nn.functional.soft_margin_loss(input, label)
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   0.64022034)
    """
    check_reduction(reduction, "The value of 'reduction' in soft_margin_loss")
    check_var(input, "soft_margin_loss", "input")
    check_var(label, "soft_margin_loss", "label")
    if list(input.shape) != list(label.shape):
        raise ValueError("input's shape must equal to label's shape")
    label = label.astype(input.dtype)
    return reduce_loss(_T.log(1 + _T.exp(-label * input)), reduction)


def _triplet(input, positive, negative, dist, margin, swap, reduction):
    pos = dist(input, positive)
    neg = dist(input, negative)
    if swap:
        neg = _T.minimum(neg, dist(positive, negative))
    return pos, neg, lambda: reduce_loss(_T.clip(pos - neg + margin, min=0.0), reduction)


def _check_triplet(input, positive, negative, margin, reduction, api):
    check_reduction_arg(reduction, api)
    if margin < 0:
        raise ValueError("The margin between positive samples and negative samples should be greater than 0.")
    for t, arg in ((input, "input"), (positive, "positive"), (negative, "negative")):
        check_float(t, api, arg)
    if not list(input.shape) == list(positive.shape) == list(negative.shape):
        raise ValueError("input's shape must equal to positive's shape and negative's shape")


def triplet_margin_with_distance_loss(input, positive, negative, distance_function=None, margin=1.0, swap=False,
                                      reduction="mean", name=None):
    """max(d(a, p) - d(a, n) + margin, 0) with a custom distance (default: pairwise L2 distance).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> input = paddle.to_tensor([[1., 5., 3.], [0., 3., 2.]])
            >>> positive = paddle.to_tensor([[5., 1., 2.], [3., 2., 1.]])
            >>> negative = paddle.to_tensor([[2., 1., -3.], [1., 1., -1.]])
            >>> F.triplet_margin_with_distance_loss(input, positive, negative, reduction='none')
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.        , 0.57496595])
    """
    _check_triplet(input, positive, negative, margin, reduction, "triplet_margin_with_distance_loss")
    dist = distance_function if distance_function is not None else (lambda x, y: pairwise_distance(x, y, 2))
    pos, neg, finish = _triplet(input, positive, negative, dist, margin, swap, reduction)
    for d in (pos, neg):
        if isinstance(d, Tensor) and not bool((d._data >= 0).all()):
            raise ValueError("The positive distance or negative distance should be greater than 0, The distance "
                             "functions should be checked.")
    return finish()


def triplet_margin_loss(input, positive, negative, margin=1.0, p=2, epsilon=1e-6, swap=False, reduction="mean",
                        name=None):
    """max(||a - p + eps||_p - ||a - n + eps||_p + margin, 0), reduced by `reduction`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> input = paddle.to_tensor([[1., 5., 3.], [0., 3., 2.]])
            >>> positive = paddle.to_tensor([[5., 1., 2.], [3., 2., 1.]])
            >>> negative = paddle.to_tensor([[2., 1., -3.], [1., 1., -1.]])
            >>> F.triplet_margin_loss(input, positive, negative, reduction='none')
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.        , 0.57496595])
    """
    _check_triplet(input, positive, negative, margin, reduction, "triplet_margin_loss")
    _, _, finish = _triplet(input, positive, negative, lambda x, y: pairwise_distance(x, y, p, epsilon=epsilon),
                            margin, swap, reduction)
    return finish()


def multi_margin_loss(input, label, p=1, margin=1.0, weight=None, reduction="mean", name=None):
    """Multi-class hinge loss: mean over classes i != y of max(0, margin - x[y] + x[i])^p (times weight[y]).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> input = paddle.to_tensor([[1., 5., 3.], [0., 3., 2.], [1., 4., 1.]])
            >>> label = paddle.to_tensor([1, 2, 1], dtype='int32')
            >>> F.multi_margin_loss(input, label, reduction='none')
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.        , 0.66666663, 0.        ])
    """
    check_reduction_arg(reduction, "multi_margin_loss")
    check_float(input, "multi_margin_loss")
    check_var(label, "multi_margin_loss", "label")
    if input.shape[0] != label.shape[0]:
        raise ValueError(f"The label's shape[0] should be equal to input's shape[0], but received input's shape[0] "
                         f"{input.shape[0]} and label's shape[0]:{label.shape[0]}. ")
    c = input.shape[1]
    label = label.reshape([-1, 1])
    picked = _T.index_sample(input, label)
    hinge = _T.pow(_T.clip(margin - picked + input, min=0.0), p)
    if weight is not None:
        check_float(weight, "multi_margin_loss", "weight")
        if weight.shape[0] != c:
            raise ValueError(f"The weight's shape[0] should be equal to input's shape[1]but received weight's "
                             f"shape[0]: {weight.shape[0]} and input's shape[1]: {c}")
        w = _T.gather(weight, label.reshape([-1]), axis=0).reshape([-1, 1])
        loss = (w * hinge).mean(axis=1) - (w * (margin ** p / c)).reshape([-1])
    else:
        loss = hinge.mean(axis=1) - margin ** p / c
    return reduce_loss(loss, reduction)


def multi_label_margin_loss(input, label, reduction="mean", name=None):
    """Multi-label hinge loss: sum over targets j and non-targets i of max(0, 1 - (x[j] - x[i])) / C.

    label [N, C] lists each sample's target classes, ended by the first -1.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> input = paddle.to_tensor([[0.1, 0.2, 0.4, 0.8], [0.2, 0.5, 0.3, 0.1]], dtype='float32')
            >>> label = paddle.to_tensor([[3, 0, -1, -1], [0, 2, -1, -1]], dtype='int64')
            >>> F.multi_label_margin_loss(input, label, reduction='mean')
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   0.94999999)
    """
    check_reduction_arg(reduction, "multi_label_margin_loss")
    check_float(input, "multi_label_margin_loss")
    check_var(label, "multi_label_margin_loss", "label")
    if input.ndim != 2:
        raise ValueError(f"Expected 2D input tensor, but got {input.ndim}D")
    if label.ndim != 2:
        raise ValueError(f"Expected 2D label tensor, but got {label.ndim}D")
    n, c = input.shape
    if isinstance(label, Tensor) and label.size > 0:
        if int(label._data.min()) < -1:
            raise ValueError("label values should be >= -1")
        if int(label._data.max()) >= c:
            raise ValueError(f"label values should be < {c}")
    valid = _T.cumprod((label != -1).astype("int64"), dim=1)      # targets end at the first -1
    lab = label.astype("int64") * valid
    vmask = valid.astype(input.dtype)
    is_target = (one_hot(lab, c) * vmask.unsqueeze(-1)).max(axis=1)  # [N, C]
    x_t = _T.take_along_axis(input, lab, axis=1)                    # [N, L]
    hinge = relu(1 - x_t.unsqueeze(-1) + input.unsqueeze(1))        # [N, L, C]
    hinge = hinge * vmask.unsqueeze(-1) * (1 - is_target).unsqueeze(1)
    return reduce_loss(hinge.sum(axis=[1, 2]) / c, reduction)


def margin_cross_entropy(logits, label, margin1=1.0, margin2=0.5, margin3=0.0, scale=64.0, group=None,
                         return_softmax=False, reduction="mean"):
    """ArcFace-style cross entropy: the target logit cos(t) becomes cos(m1 t + m2) - m3, all scaled by `scale`.

    Single-process version: `group` must be None or False.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> logits = paddle.to_tensor([[0.6, 0.8], [0.1, -0.3]], dtype='float64')
            >>> loss = F.margin_cross_entropy(logits, paddle.to_tensor([1, 0]), scale=4.0, reduction=None)
            >>> loss.shape
            paddle.Size([2, 1])
    """
    assert reduction in ("mean", "sum", "none", None)
    if not (group is False or group is None or hasattr(group, "is_member")):
        raise ValueError(f"Expected group is False, None or instance of paddle.distributed.collective.Group "
                         f"(got group: {group})")
    check_float(logits, "margin_cross_entropy", "logits")
    check_var(label, "margin_cross_entropy", "label")
    if logits.shape[-1] == 0:
        raise ValueError(f"Expected logit_dims[-1] > 0 (got logit_dims {logits.shape})")
    nd, ld = logits.ndim, label.ndim
    if nd - 1 != ld and nd != ld:
        raise ValueError(f"Expected input_dims - 1 = label_dims or input_dims == label_dims (got input_dims{nd}, "
                         f"label_dims{ld})")
    if ld == nd:
        label = label.squeeze(-1)
    hot = one_hot(label.astype("int64"), logits.shape[-1]).astype(logits.dtype)
    target = (logits * hot).sum(axis=-1, keepdim=True)
    theta = _T.acos(_T.clip(target, -1.0, 1.0))
    adjusted = (logits + hot * (_T.cos(margin1 * theta + margin2) - margin3 - target)) * scale
    softmax, loss = apply(_L.SoftmaxWithCrossEntropy, adjusted, label.unsqueeze(-1), soft_label=False,
                          ignore_index=-100, numeric_stable_mode=True, axis=-1, use_softmax=True)
    if reduction == "mean":
        loss = mean_all(loss)
    elif reduction == "sum":
        loss = sum_all(loss)
    return (loss, softmax) if return_softmax else loss
