"""Classification losses of paddle.nn.functional: cross_entropy, softmax_with_cross_entropy, nll_loss,
binary cross entropy (with logits), kl_div, log_loss, sigmoid_focal_loss, dice_loss,
adaptive_log_softmax_with_loss.
"""

from __future__ import annotations

from .... import tensor as _T
from ...._core import dtype as _dt
from ...._core.dispatch import apply
from ...._core.methods import TensorMethods
from ...._core.tensor import Tensor
from ....ops import loss as _L
from ....tensor._check import normalize_axis
from ....tensor._check import kernel_error as _kernel_error
from .._param_alias import param_alias
from ..activation import log_softmax, sigmoid
from ..common import linear
from ..input import one_hot
from ....tensor._check import _REDUCTIONS, check_float, check_reduction, check_same_shape, check_var, label_shape_error, same_dims
from ._shapes import shape_of
from ._reduction import mean_all, reduce_loss, sum_all


_HARD_LABEL_DTYPES = frozenset(("int32", "int64", "float16", "bfloat16", "float32", "float64", "bool"))


def _check_labels(input, label, axis, soft_label):
    """Shape and dtype checks of cross_entropy's label against the logits."""
    ishape, lshape = shape_of(input), shape_of(label)
    if soft_label:
        if not same_dims(ishape, lshape):
            raise label_shape_error(list(ishape), list(lshape))
        return
    if label.dtype.name not in _HARD_LABEL_DTYPES:
        raise _kernel_error("multiply", label.dtype, "int64, float64, complex128, float32, complex64, int32, bfloat16, "
                                                     "bool")
    want = ishape[:axis] + ishape[axis + 1:]
    if lshape == want:  # the common case, checked without Python loops
        return
    if len(lshape) == len(ishape):
        if lshape[axis] not in (1, -1):
            raise ValueError(
                "(InvalidArgument) If Attr(soft_label) == false, the axis dimension of Input(Label) should be 1.\n  "
                f"[Hint: Expected labels_dims[axis] == 1, but received labels_dims[axis]:{lshape[axis]} != 1:1.]")
        lshape = lshape[:axis] + lshape[axis + 1:]
    if not same_dims(want, lshape):
        raise label_shape_error(list(ishape), list(shape_of(label)))


def _smoothed(input, label, axis, epsilon):
    """Soft labels (1 - eps) * one_hot + eps / C for label smoothing (integer ids or one-hot floats)."""
    c = input.shape[axis]
    if not label.dtype.is_floating:
        if label.ndim == input.ndim:
            label = label.squeeze(axis)
        label = one_hot(label.astype("int64"), c)
        if axis != input.ndim - 1:
            label = _T.moveaxis(label, -1, axis)
    return (label * (1.0 - epsilon) + epsilon / c).astype(input.dtype)


def _class_weights(weight, label, input, axis, soft_label, ignore_index, out):
    """Per-position weights shaped like `out`: w[label] (0 where ignored) or sum_c label_c * w_c."""
    if soft_label:
        shape = [1] * input.ndim
        shape[axis] = -1
        w = label.astype(weight.dtype) * weight.reshape(shape)
        return w.sum(axis=axis, keepdim=True)
    if input.shape[axis] != weight.shape[-1]:
        raise ValueError(f"input's class_dimension({input.shape[axis]}) must equal to weight's "
                         f"class_dimension({weight.shape[-1]}) when weight is provided")
    lab = label if label.dtype.name in ("int32", "int64") else label.astype("int64")
    keep = lab != ignore_index
    valid = lab * keep.astype(lab.dtype)
    w = _T.gather(weight, valid.reshape([-1])).reshape(out.shape)
    return w * keep.astype(w.dtype).reshape(out.shape)


@param_alias(target="label")
def cross_entropy(input: Tensor, label: Tensor, weight: Tensor | None = None, ignore_index: int = -100,
                  reduction: str = "mean", soft_label: bool = False, axis: int = -1, use_softmax: bool = True,
                  label_smoothing: float = 0.0, name: str | None = None) -> Tensor:
    """Softmax cross entropy of logits `input` against class ids (shape [N] or [N, 1]) or soft labels.

    `weight` rescales each class (the weighted mean divides by the weights of the non-ignored
    labels); `label_smoothing` mixes the labels with the uniform distribution; with
    use_softmax=False `input` already holds probabilities.

    Args:
        input (Tensor): The logits (or probabilities when use_softmax is False), classes along `axis`.
        label (Tensor): Class indices (int64), or probabilities per class when soft_label is True.
        weight (Tensor|None, optional): A weight per class (a 1-D tensor of size C); None weighs all classes
            alike. Default: None.
        ignore_index (int, optional): A label value whose entries do not count in the loss. Default: -100.
        reduction (str, optional): How the per-element losses are combined: 'mean', 'sum' or 'none'. Default:
            "mean".
        soft_label (bool, optional): Whether `label` holds probabilities per class instead of class indices.
            Default: False.
        axis (int, optional): The axis of the classes. Default: -1.
        use_softmax (bool, optional): Whether softmax is applied to the input first. Default: True.
        label_smoothing (float, optional): The amount of label smoothing, in [0, 1). Default: 0.0.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Returns:
        Tensor: the loss, a 0-D tensor unless reduction is 'none'.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> logits = paddle.to_tensor([[2.0, 1.0, 0.1], [0.5, 2.5, 0.3]])
            >>> label = paddle.to_tensor([0, 1])
            >>> F.cross_entropy(logits, label)
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   0.31853980)
            >>> F.cross_entropy(logits, label, reduction='none')
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.41703004, 0.22004955])
    """
    if reduction not in _REDUCTIONS:
        raise ValueError("The value of 'reduction' in softmax_cross_entropyshould be 'sum', 'mean' or 'none', but "
                         f"received {reduction}, which is not allowed.")
    if ignore_index > 0 and soft_label:
        raise ValueError("When soft_label == True, the value of 'ignore_index' in softmax_cross_entropyshould be "
                         f"'-100', but received {ignore_index}, which is not allowed.")
    if not isinstance(input, TensorMethods):
        check_var(input, "cross_entropy", "input")
    if not isinstance(label, TensorMethods):
        check_var(label, "cross_entropy", "label")
    nd, ld = input.ndim, label.ndim
    if nd == 0:
        raise ValueError("The dimension of input should be larger than zero!")
    if ld != nd - 1 and ld != nd:
        raise ValueError(f"Expected input_dims - 1 = label_dims or input_dims == label_dims (got input_dims{nd}, "
                         f"label_dims{ld})")
    if not input.dtype.is_floating:
        raise _kernel_error("cross_entropy_with_softmax", input.dtype, "float64, float32, float16, bfloat16")
    ax = axis + nd if type(axis) is int and -nd <= axis < 0 else normalize_axis(axis, nd, "cross_entropy")
    if label_smoothing > 0.0:
        label = _smoothed(input, label, ax, label_smoothing)
        soft_label = True
        ld = label.ndim  # Paddle keeps the [N, 1] loss shape of soft labels then
    soft_label = bool(soft_label)
    _check_labels(input, label, ax, soft_label)
    # the op takes the [N] label as its [N, 1] form (no unsqueeze op needed); Loss has 1 at `axis`
    _, out = apply(_L.SoftmaxWithCrossEntropy, input, label, soft_label=soft_label, ignore_index=int(ignore_index),
                   numeric_stable_mode=True, axis=int(axis), use_softmax=bool(use_softmax))
    if weight is not None:
        check_float(weight, "softmax_cross_entropy", "weight")
        w = _class_weights(weight, label, input, ax, soft_label, ignore_index, out)
        out = out.astype(w.dtype) * w
    if reduction == "none":
        return out.squeeze(ax) if ld == nd - 1 else out
    if reduction == "sum":
        return sum_all(out)
    if 0 in input.shape:
        return mean_all(out + float("nan"))
    if ignore_index >= 0:  # mean over the labels that are not ignored
        keep = (label != ignore_index).astype(out.dtype)
        den = sum_all(keep) if weight is None else sum_all(keep.reshape(w.shape) * w)
    elif weight is not None:
        den = sum_all(w)
    else:
        return mean_all(out)
    return sum_all(out) / (den + (den == 0.0).astype(den.dtype))


def base_softmax_with_cross_entropy(logits, label, soft_label=False, ignore_index=-100, numeric_stable_mode=True,
                                    return_softmax=False, axis=-1):
    """softmax_with_cross_entropy without the deprecation notice.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> logits = paddle.to_tensor([0.4, 0.6, 0.9])
            >>> paddle.nn.functional.loss.base_softmax_with_cross_entropy(logits, paddle.to_tensor([1]))
            Tensor(shape=[1], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [1.15328646])
    """
    check_var(logits, "softmax_with_cross_entropy", "logits")
    check_var(label, "softmax_with_cross_entropy", "label")
    nd, ld = logits.ndim, label.ndim
    if nd == 0:
        raise ValueError("The dimension of input should be larger than zero!")
    if ld != nd - 1 and ld != nd:
        raise ValueError(f"Expected input_dims - 1 = label_dims or input_dims == label_dims (got input_dims{nd}, "
                         f"label_dims{ld})")
    ax = normalize_axis(axis, nd, "softmax_with_cross_entropy")
    _check_labels(logits, label, ax, bool(soft_label))
    softmax, loss = apply(_L.SoftmaxWithCrossEntropy, logits, label, soft_label=bool(soft_label),
                          ignore_index=int(ignore_index), numeric_stable_mode=bool(numeric_stable_mode),
                          axis=int(axis), use_softmax=True)
    return (loss, softmax) if return_softmax else loss


def softmax_with_cross_entropy(logits, label, soft_label=False, ignore_index=-100, numeric_stable_mode=True,
                               return_softmax=False, axis=-1):
    """Softmax of logits and its cross entropy against label; label has the rank of logits (1 at `axis`).

    Returns the loss (shape of logits with 1 at `axis`), and the softmax when return_softmax.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> logits = paddle.to_tensor([0.4, 0.6, 0.9], dtype="float32")
            >>> label = paddle.to_tensor([1], dtype="int64")
            >>> paddle.nn.functional.softmax_with_cross_entropy(logits=logits, label=label)
            Tensor(shape=[1], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [1.15328646])
    """
    return base_softmax_with_cross_entropy(logits, label, soft_label, ignore_index, numeric_stable_mode,
                                           return_softmax, axis)


def nll_loss(input, label, weight=None, ignore_index=-100, reduction="mean", name=None):
    """Negative log likelihood of log-probabilities `input` [N, C, d...] at class ids `label` [N, d...].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> log_p = F.log_softmax(paddle.to_tensor([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]]), axis=1)
            >>> F.nll_loss(log_p, paddle.to_tensor([2, 0]))
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   0.75310916)
    """
    check_reduction(reduction, "The value of 'reduction' in nll_loss")
    check_float(input, "nll_loss")
    check_var(label, "nll_loss", "label")
    ishape, lshape = list(input.shape), list(label.shape)
    nd, ld = len(ishape), len(lshape)
    if nd - 1 != ld and nd != ld:
        raise ValueError(f"Expected input_dims - 1 = label_dims or input_dims == label_dims (got input_dims{nd}, "
                         f"label_dims{ld})")
    if nd < 2:
        raise ValueError(f"Expected 2 or more dimensions (got {nd})")
    if ishape[1] < 1 and ishape[1] != -1:
        raise ValueError(f"Expected 1 or more classes (got num classes{ishape[1]})")
    if label.dtype.name != "int64":
        raise ValueError("(InvalidArgument) The type of data we are trying to retrieve (int64) does not match the "
                         f"type of data ({label.dtype.name}) currently contained in the container.")
    if ishape[0] != lshape[0] and -1 not in (ishape[0], lshape[0]):
        raise ValueError("(InvalidArgument) ShapeError: Expected input batch_size to match label batch_size,But "
                         f"received: the Input(x) batch_size is [{ishape[0]}], the Input(label)  batch_size is "
                         f"[{lshape[0]}].\n  [Hint: Expected x_dims[0] == label_dims[0], but received "
                         f"x_dims[0]:{ishape[0]} != label_dims[0]:{lshape[0]}.]")
    if weight is not None:
        check_float(weight, "nll_loss", "weight")
    out, _ = apply(_L.NLLLoss, input, label, weight, ignore_index=int(ignore_index), reduction=reduction)
    return out


def binary_cross_entropy(input, label, weight=None, reduction="mean", name=None):
    """Binary cross entropy of probabilities `input` (in [0, 1]) against `label`; logs clipped at -100.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> input = paddle.to_tensor([0.5, 0.6, 0.7], 'float32')
            >>> label = paddle.to_tensor([1.0, 0.0, 1.0], 'float32')
            >>> paddle.nn.functional.binary_cross_entropy(input, label)
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   0.65537095)
    """
    check_reduction(reduction, "The value of 'reduction' in binary_cross_entropy")
    check_float(input, "binary_cross_entropy")
    check_float(label, "binary_cross_entropy", "label")
    check_same_shape(input, label)
    out = apply(_L.BCELoss, input, label.astype(input.dtype))
    if weight is not None:
        check_var(weight, "binary_cross_entropy", "weight")
        out = _T.multiply(out, weight)
    return reduce_loss(out, reduction)


def binary_cross_entropy_with_logits(logit, label, weight=None, reduction="mean", pos_weight=None, name=None):
    """Sigmoid then binary cross entropy, computed stably from the logits; pos_weight scales positives.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> logit = paddle.to_tensor([5.0, 1.0, 3.0])
            >>> label = paddle.to_tensor([1.0, 0.0, 1.0])
            >>> paddle.nn.functional.binary_cross_entropy_with_logits(logit, label)
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   0.45618811)
    """
    check_reduction(reduction, "The value of 'reduction' in binary_cross_entropy_with_logits")
    check_float(logit, "binary_cross_entropy_with_logits", "logit")
    check_float(label, "binary_cross_entropy_with_logits", "label")
    check_same_shape(logit, label, " except the last dimension.")
    label = label.astype(logit.dtype)
    if pos_weight is not None:
        check_float(pos_weight, "binary_cross_entropy_with_logits", "pos_weight")
        pos_weight = label * (pos_weight - 1.0) + 1.0  # Paddle feeds the op a per-element weight
    out = apply(_L.SigmoidCrossEntropyWithLogits, logit, label, pos_weight, ignore_index=-100, normalize=False)
    if weight is not None:
        check_float(weight, "binary_cross_entropy_with_logits", "weight")
        out = _T.multiply(out, weight)
    return reduce_loss(out, reduction)


def kl_div(input: Tensor, label: Tensor, reduction: str = "mean", log_target: bool = False,
           name: str | None = None) -> Tensor:
    """Kullback-Leibler divergence label * (log(label) - input) of log-probabilities `input`.

    reduction: 'none', 'mean', 'sum' or 'batchmean' (sum divided by the batch size).

    Args:
        input (Tensor): Log-probabilities.
        label (Tensor): The target probabilities (log ones when log_target).
        reduction (str, optional): 'mean', 'batchmean', 'sum' or 'none'. Default: "mean".
        log_target (bool, optional): Whether the label holds log-probabilities. Default: False.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Returns:
        Tensor: the Kullback-Leibler divergence, reduced.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> x = paddle.to_tensor([[-1.0, -2.0], [-0.5, -3.0]])
            >>> t = paddle.to_tensor([[0.5, 0.5], [0.9, 0.1]])
            >>> F.kl_div(x, t, reduction='batchmean')
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   0.61588490)
    """
    check_float(input, "kl_div")
    check_float(label, "kl_div", "label")
    if input.dtype is _dt.float32 and label.dtype is _dt.float64:
        input = input.astype("float64")
    elif input.dtype is _dt.float64 and label.dtype is _dt.float32:
        label = label.astype("float64")
    out = apply(_L.KLDivLoss, input, label, reduction="none", log_target=bool(log_target))
    if reduction == "mean":
        return mean_all(out)
    if reduction == "sum":
        return sum_all(out)
    if reduction == "batchmean" and input.ndim > 0:
        return sum_all(out) / input.shape[0]
    return out


def log_loss(input, label, epsilon=1e-4, name=None):
    """Negative log likelihood of probabilities: -label log(input + eps) - (1 - label) log(1 - input + eps).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> prob = paddle.to_tensor([[0.2], [0.9]])
            >>> label = paddle.to_tensor([[1.0], [0.0]])
            >>> F.log_loss(prob, label)
            Tensor(shape=[2, 1], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[1.60893798],
                    [2.30158544]])
    """
    check_float(input, "log_loss")
    check_float(label, "log_loss", "label")
    shape = list(input.shape)
    if len(shape) != 2 or shape[1] not in (1, -1):
        raise ValueError("(InvalidArgument) Each row of Input(Predicted) contains a real value, so the 2nd dimension "
                         f"of Input(X) must be 1,But got [{shape[1] if len(shape) > 1 else shape}]")
    check_same_shape(input, label)
    return apply(_L.LogLoss, input, label.astype(input.dtype), epsilon=float(epsilon))


def sigmoid_focal_loss(logit, label, normalizer=None, alpha=0.25, gamma=2.0, reduction="sum", name=None):
    """Focal loss alpha_t (1 - p_t)^gamma BCE(logit, label) for dense detection, divided by `normalizer`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> logit = paddle.to_tensor([[0.97, 0.91, 0.03], [0.55, 0.43, 0.71]], dtype='float32')
            >>> label = paddle.to_tensor([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]], dtype='float32')
            >>> paddle.nn.functional.sigmoid_focal_loss(logit, label, normalizer=paddle.to_tensor(2.0))
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   0.65782464)
    """
    check_reduction(reduction, "The value of 'reduction' in sigmoid_focal_loss")
    if normalizer is not None:
        check_float(normalizer, "sigmoid_focal_loss", "normalizer")
        if normalizer.ndim > 1:
            raise ValueError("Expected zero or one dimension of normalizer in sigmoid_focal_loss but got "
                             f"{normalizer.ndim}.")
    check_float(logit, "sigmoid_focal_loss", "logit")
    check_float(label, "sigmoid_focal_loss", "label")
    loss = apply(_L.SigmoidCrossEntropyWithLogits, logit, label.astype(logit.dtype), None, ignore_index=-100,
                 normalize=False)
    pred = sigmoid(logit)
    p_t = pred * label + (1 - pred) * (1 - label)
    alpha_t = alpha * label + (1 - alpha) * (1 - label)
    loss = alpha_t * loss * _T.pow(1 - p_t, gamma)
    if normalizer is not None:
        loss = loss / normalizer
    return reduce_loss(loss, reduction)


def dice_loss(input, label, epsilon=1e-5, name=None):
    """1 - 2 |X & Y| / (|X| + |Y|) averaged over the batch, for predictions [N, ..., C] and ids [N, ..., 1].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> pred = paddle.to_tensor([[[0.7, 0.3], [0.2, 0.8]]])
            >>> label = paddle.to_tensor([[[0], [1]]])
            >>> F.dice_loss(pred, label)
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   0.25000185)
    """
    assert input.dtype in (_dt.float32, _dt.float64)
    assert label.dtype in (_dt.int32, _dt.int64)
    assert len(input.shape) >= 2, "The rank of input should be greater than or equal to 2."
    assert len(input.shape) == len(label.shape), (
        f"The rank of input and label should be equal, but received input: {len(input.shape)}, label: "
        f"{len(label.shape)}.")
    assert label.shape[-1] == 1, f"The last dimension of label should be 1, but received {label.shape[-1]}."
    assert list(input.shape[:-1]) == list(label.shape[:-1]), "All dimensions should be equal except the last one."
    label = one_hot(label.squeeze(-1), input.shape[-1])
    dims = list(range(1, input.ndim))
    inse = (input * label).sum(axis=dims)
    den = input.sum(axis=dims) + label.sum(axis=dims)
    return mean_all(1 - inse * 2 / (den + epsilon))


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
