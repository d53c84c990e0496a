"""paddle.nn.functional embedding, margin and likelihood losses (re-exported by nn.functional.loss):
cosine/hinge embedding, soft margin, triplet, multi margin, npair, poisson/gaussian NLL, adaptive
log-softmax, margin cross entropy. All are compositions of differentiable ops."""
import math

from ... import tensor as _T
from ..._core.dispatch import apply
from ..._core.mode import no_grad
from ..._core.tensor import Tensor
from ...ops import loss as _L
from .activation import log_sigmoid, log_softmax, relu
from .common import linear
from .distance import pairwise_distance
from .input import one_hot
from ...tensor._check import check_float, check_reduction, check_var as check_tensor
from .loss import mean_all, reduce_loss, sum_all

__all__ = []


def _check_reduction(reduction, api):
    if reduction not in ("sum", "mean", "none"):
        raise ValueError(f"'reduction' in '{api}' should be 'sum', 'mean' or 'none', but received {reduction}.")


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
    check_tensor(labels, "npair_loss", "labels")
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


def poisson_nll_loss(input, label, log_input=True, full=False, epsilon=1e-8, reduction="mean", name=None):
    """Poisson negative log likelihood: exp(input) - label * input (or input - label * log(input + eps)).

    full adds the Stirling term label log(label) - label + 0.5 log(2 pi label) where label > 1.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.poisson_nll_loss(paddle.to_tensor([0.5, 1.0]), paddle.to_tensor([1.0, 2.0]))
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   0.93350160)
    """
    if epsilon <= 0:
        raise ValueError(f"The value of `epsilon` in poisson_nll_loss should be positive, but received {epsilon:f}, "
                         "which is not allowed")
    check_reduction(reduction, "The value of 'reduction' in poisson_nll_loss")
    check_float(input, "poisson_nll_loss")
    check_float(label, "poisson_nll_loss", "label")
    if list(input.shape) != list(label.shape):
        raise ValueError("input's shape must equal to label's shape")
    if log_input:
        loss = _T.exp(input) - label * input
    else:
        loss = input - label * _T.log(input + epsilon)
    if full:
        stirling = label * _T.log(label) - label + 0.5 * _T.log(2 * math.pi * label)
        loss = loss + _T.where(label > 1, stirling, _T.zeros_like(stirling))
    return reduce_loss(loss, reduction)


def gaussian_nll_loss(input, label, variance, full=False, epsilon=1e-6, reduction="mean", name=None):
    """Gaussian negative log likelihood 0.5 (log(var) + (input - label)^2 / var) (+ 0.5 log(2 pi) if full).

    As in Paddle, the variance is clamped at epsilon without gradient: it receives none.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> x = paddle.to_tensor([[0.5, 1.0]])
            >>> y = paddle.to_tensor([[0.2, 0.1]])
            >>> F.gaussian_nll_loss(x, y, paddle.ones([1, 2]))
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   0.22499999)
    """
    check_tensor(input, "gaussian_nll_loss", "input")
    check_tensor(variance, "gaussian_nll_loss", "variance")
    ishape, vshape = list(input.shape), list(variance.shape)
    if vshape != ishape:
        if ishape[:-1] == vshape:
            variance = variance.unsqueeze(-1)
        elif not (ishape[:-1] == vshape[:-1] and vshape[-1] == 1):
            raise ValueError("variance is of incorrect shape")
    if reduction not in ("none", "mean", "sum"):
        raise ValueError(reduction + " is not valid")
    check_float(input, "gaussian_nll_loss", "Input")
    check_float(label, "gaussian_nll_loss", "Label")
    check_float(variance, "gaussian_nll_loss", "Variance")
    if isinstance(variance, Tensor) and bool((variance._data < 0).any()):
        raise ValueError("variance has negative entry/entries")
    with no_grad():
        variance = _T.clip(variance, min=epsilon)
    loss = 0.5 * (_T.log(variance) + _T.square(input - label) / variance)
    if full:
        loss = loss + 0.5 * math.log(2 * math.pi)
    return reduce_loss(loss, reduction)


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
    _check_reduction(reduction, "multi_label_soft_margin_loss")
    check_tensor(input, "multi_label_soft_margin_loss", "input")
    check_tensor(label, "multi_label_soft_margin_loss", "label")
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
    _check_reduction(reduction, "hinge_embedding_loss")
    check_tensor(input, "hinge_embedding_loss", "input")
    check_tensor(label, "hinge_embedding_loss", "label")
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
        check_tensor(t, "cosine_embedding_loss", arg)
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
    check_tensor(input, "soft_margin_loss", "input")
    check_tensor(label, "soft_margin_loss", "label")
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
    _check_reduction(reduction, api)
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
    _check_reduction(reduction, "multi_margin_loss")
    check_float(input, "multi_margin_loss")
    check_tensor(label, "multi_margin_loss", "label")
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
    _check_reduction(reduction, "multi_label_margin_loss")
    check_float(input, "multi_label_margin_loss")
    check_tensor(label, "multi_label_margin_loss", "label")
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


def adaptive_log_softmax_with_loss(input, label, head_weight, tail_weights, cutoffs, head_bias=None, name=None):
    """Adaptive softmax: log-probabilities of the labels through a head over the shortlist and cluster
    tokens and one two-layer projection per tail cluster. Returns (output, loss = mean(-output)).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> input = paddle.to_tensor([[1.0, 0.5], [0.2, -0.3]])
            >>> head_weight = paddle.to_tensor([[1.0, 0.0, 0.5], [0.0, 1.0, 0.5]])
            >>> tail = [[paddle.to_tensor([[1.0], [0.5]]), paddle.to_tensor([[1.0, -1.0]])]]
            >>> out, loss = F.adaptive_log_softmax_with_loss(input, paddle.to_tensor([0, 3]), head_weight,
            ...                                              tail, cutoffs=[2, 4])
            >>> out.shape, loss.shape
            (paddle.Size([2]), paddle.Size([]))
    """
    td = label.ndim
    if td == 1:
        if input.shape[0] != label.shape[0] and label.shape[0] != 0:
            raise ValueError("Input and label should have the same size in the batch dimension.")
        if input.ndim != 2:
            raise ValueError(f"1D label tensor expects 2D input tensors, but found inputs with size {input.shape}")
    elif td == 0:
        if input.ndim != 1:
            raise ValueError(f"0D label tensor expects 1D input tensors, but found inputs with size {input.shape}")
    else:
        raise ValueError("0D or 1D label tensor expected, multi-label not supported")
    if td == 0:
        input, label = input.unsqueeze(0), label.unsqueeze(0)
    bounds = [0] + [int(c) for c in cutoffs]
    if isinstance(label, Tensor) and label.size:
        lo, hi = int(label._data.min()), int(label._data.max())
        if lo < 0 or hi >= bounds[-1]:
            raise ValueError(f"label values should be in [0, n_classes - 1], but values in range [{lo}, {hi}] were "
                             "found. ")
    head_lp = log_softmax(linear(input, head_weight, head_bias), axis=1)
    output = _T.zeros(label.shape, dtype=input.dtype)
    gather = label
    for i in range(1, len(bounds) - 1):
        lo, hi = bounds[i], bounds[i + 1]
        in_cluster = (label >= lo) & (label < hi)
        w0, w1 = tail_weights[i - 1][0], tail_weights[i - 1][1]
        cluster_lp = log_softmax(linear(linear(input, w0), w1), axis=1)
        rel = _T.clip(label - lo, 0, hi - lo - 1).astype("int64")
        local = _T.take_along_axis(cluster_lp, rel.unsqueeze(1), axis=1).squeeze(1)
        output = output + _T.where(in_cluster, local, _T.zeros_like(local))
        gather = _T.where(in_cluster, _T.full_like(label, bounds[1] + i - 1), gather)
    output = output + _T.take_along_axis(head_lp, gather.astype("int64").unsqueeze(1), axis=1).squeeze(1)
    loss = mean_all(-output)
    if td == 0:
        output = output.squeeze(0)
    return output, loss


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
    check_tensor(label, "margin_cross_entropy", "label")
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
