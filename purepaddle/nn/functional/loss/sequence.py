"""Sequence and tree losses of paddle.nn.functional: ctc_loss, rnnt_loss, hsigmoid_loss, edit_distance."""
from .... import tensor as _T
from ...._core.dispatch import apply
from ....ops import loss as _L
from ....tensor._check import check_float, check_var
from ._reduction import mean_all, sum_all


def _check_int(x, api, arg, dtypes):
    check_var(x, api, arg)
    if x.dtype.name not in dtypes:
        raise ValueError(f"(InvalidArgument) The type of data we are trying to retrieve ({dtypes[0]}) does not match "
                         f"the type of data ({x.dtype.name}) currently contained in the container. ({api}: {arg})")


def ctc_loss(log_probs, labels, input_lengths, label_lengths, blank=0, reduction="mean", norm_by_times=False,
             zero_infinity=False):
    """CTC loss of unnormalised logits [T, B, C] (softmax is applied inside) against padded labels [B, L].

    reduction 'mean' divides each loss by its label length and averages; norm_by_times scales only
    the gradient by 1 / input length (warp-ctc's convention).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> logits = paddle.to_tensor([[[0.4, 0.7, 0.1]], [[0.2, 0.3, 0.4]], [[0.9, 0.1, 0.8]]])
            >>> labels = paddle.to_tensor([[1, 2]], dtype='int32')
            >>> F.ctc_loss(logits, labels, paddle.to_tensor([3]), paddle.to_tensor([2]), reduction='none')
            Tensor(shape=[1], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [1.28265142])
    """
    check_float(log_probs, "warpctc", "input")
    _check_int(labels, "warpctc", "label", ("int32",))
    _check_int(input_lengths, "warpctc", "LogitsLength", ("int64",))
    _check_int(label_lengths, "warpctc", "LabelLength", ("int64",))
    if log_probs.ndim != 3:
        raise ValueError(f"(InvalidArgument) The rank of Input(Logits) should be 3 ([max_seq_length, batch_size, "
                         f"num_classes]) when LogitsLength is given, but received {log_probs.ndim}.")
    _, loss = apply(_L.WarpCTC, log_probs, labels, input_lengths, label_lengths, blank=int(blank),
                    norm_by_times=bool(norm_by_times))
    loss = loss.squeeze(-1)
    if zero_infinity:
        loss = _T.where(_T.isinf(loss), _T.zeros_like(loss), loss)
    assert reduction in ("mean", "sum", "none")
    if reduction == "mean":
        return mean_all(loss / label_lengths.astype(loss.dtype))
    if reduction == "sum":
        return sum_all(loss)
    return loss


def rnnt_loss(input, label, input_lengths, label_lengths, blank=0, fastemit_lambda=0.001, reduction="mean",
              name=None):
    """RNN-T loss of unnormalised joint logits [B, T, U + 1, V] (log-softmax inside) against labels [B, U].

    fastemit_lambda scales the label-emission gradients by 1 + lambda (FastEmit); the loss is unchanged.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> acts = paddle.zeros([1, 2, 2, 3])
            >>> F.rnnt_loss(acts, paddle.to_tensor([[1]], dtype='int32'), paddle.to_tensor([2], dtype='int32'),
            ...             paddle.to_tensor([1], dtype='int32'), reduction='sum')
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   -0.69314718)
    """
    check_float(input, "warprnnt", "input")
    _check_int(label, "warprnnt", "label", ("int32",))
    _check_int(input_lengths, "warprnnt", "input_lengths", ("int32",))
    _check_int(label_lengths, "warprnnt", "label_lengths", ("int32",))
    if input.ndim != 4:
        raise ValueError(f"(InvalidArgument) The rank of Input(input) should be 4 ([batch, max_time, max_label + 1, "
                         f"vocab]), but received {input.ndim}.")
    b = input.shape[0]
    _, loss = apply(_L.WarpRNNT, input, label, input_lengths, label_lengths, blank=int(blank),
                    fastemit_lambda=float(fastemit_lambda))
    assert reduction in ("mean", "sum", "none")
    if reduction == "mean":
        return sum_all(loss) / b
    if reduction == "sum":
        return sum_all(loss)
    return loss


def hsigmoid_loss(input, label, num_classes, weight, bias=None, path_table=None, path_code=None, is_sparse=False,
                  name=None):
    """Hierarchical sigmoid loss [N, 1] over a complete binary tree of num_classes leaves (or a custom tree).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> x = paddle.to_tensor([[0.5, -0.2, 0.1]])
            >>> w = paddle.to_tensor([[0.1, 0.2, 0.3], [-0.3, 0.1, 0.2], [0.2, 0.2, -0.1]])
            >>> F.hsigmoid_loss(x, paddle.to_tensor([2]), 4, w)
            Tensor(shape=[1, 1], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[1.39180684]])
    """
    if num_classes < 2:
        raise ValueError(f"Expected num_classes >= 2 (got {num_classes})")
    check_float(input, "hsigmoid_loss")
    _check_int(label, "hsigmoid_loss", "label", ("int64", "int32"))
    check_float(weight, "hsigmoid_loss", "weight")
    if bias is not None:
        check_float(bias, "hsigmoid_loss", "bias")
    if (path_table is None) != (path_code is None):
        raise ValueError("path_table and path_code must be given together for a custom tree")
    out, _, _ = apply(_L.HierarchicalSigmoid, input, weight, label, path_table, path_code, bias,
                      num_classes=int(num_classes), is_sparse=bool(is_sparse))
    return out


def edit_distance(input, label, normalized=True, ignored_tokens=None, input_length=None, label_length=None):
    """Levenshtein distances between int64 hypotheses and references: (sequence_num [1], distance [B, 1]).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> hyp = paddle.to_tensor([[1, 2, 3]], dtype='int64')
            >>> ref = paddle.to_tensor([[1, 3, 3, 4]], dtype='int64')
            >>> num, dist = F.loss.edit_distance(hyp, ref, normalized=False, input_length=paddle.to_tensor([3]),
            ...                                  label_length=paddle.to_tensor([4]))
            >>> dist
            Tensor(shape=[1, 1], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[2.]])
    """
    if ignored_tokens is not None and len(ignored_tokens) > 0:
        raise ValueError(f"Expected ignored_tokens is None (got {ignored_tokens})")
    _check_int(input, "edit_distance", "input", ("int64",))
    _check_int(label, "edit_distance", "label", ("int64",))
    if input_length is None or label_length is None:
        # without lengths Paddle expects one LoD sequence per tensor, a column [len, 1]
        input_length = label_length = None
        for t, arg in ((input, "Hyps"), (label, "Refs")):
            shape = list(t.shape)
            if len(shape) != 2 or shape[1] != 1:
                raise ValueError(f"(InvalidArgument) Input({arg}) must be a 2-D DenseTensor with the 2nd dimension "
                                 f"equal to 1. But received: input rank {len(shape)}, input shape {shape}.")
        input, label = input.reshape([1, -1]), label.reshape([1, -1])
    seq_num, out = apply(_L.EditDistance, input, label, input_length, label_length, normalized=bool(normalized))
    return seq_num, out
