"""paddle.nn.functional input functions: one_hot and embedding."""
from ... import tensor as _T
from ..._core.dispatch import apply, known_value
from ..._core.methods import TensorMethods
from ...ops import input as _I
from ...tensor._check import kernel_error as _kernel_error
from ...tensor._check import need_tensor as _need_tensor
from ._param_alias import param_alias


@param_alias(input="x")
def one_hot(x, num_classes=-1, name=None):
    """float32 one-hot vectors of length num_classes for the integer ids in x (-1: max(x) + 1).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> label = paddle.to_tensor([1, 1, 3, 0], dtype='int64')
            >>> paddle.nn.functional.one_hot(label, num_classes=4)
            Tensor(shape=[4, 4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[0., 1., 0., 0.],
                    [0., 1., 0., 0.],
                    [0., 0., 0., 1.],
                    [1., 0., 0., 0.]])
    """
    if not isinstance(x, TensorMethods):
        _need_tensor(x, "one_hot")
    if x.dtype.name not in ("int32", "int64"):
        raise _kernel_error("one_hot", x.dtype, "int64, int32")
    if isinstance(num_classes, TensorMethods):
        num_classes = int(num_classes.item())
    elif num_classes == -1:
        v = known_value(x)
        if v is None:
            raise ValueError("one_hot: num_classes=-1 needs the data; give num_classes in static mode")
        num_classes = int(v.max()) + 1 if v.size else 0
    return apply(_I.OneHotV2, x, depth=int(num_classes), allow_out_of_range=False)


def embedding_renorm_(x, weight, max_norm, norm_type=2.0):
    """Rescale, in place, the rows of `weight` that `x` looks up and whose p-norm exceeds `max_norm`.

    Each such row is multiplied by max_norm / (norm + 1e-7); no gradient is recorded.

    Args:
        x (Tensor): int32/int64 ids, each in [0, weight.shape[0]).
        weight (Tensor): the 2-D embedding table, updated in place.
        max_norm (float): the largest norm a looked-up row may keep.
        norm_type (float, optional): the p of the p-norm. Default: 2.0.

    Returns:
        Tensor, `weight` itself, updated.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> w = paddle.to_tensor([[3.0, 4.0], [1.0, 0.0]])
            >>> out = F.embedding_renorm_(paddle.to_tensor([0]), w, max_norm=2.0)
            >>> out is w
            True
            >>> print(w.numpy().round(4).tolist())
            [[1.2, 1.6], [1.0, 0.0]]
    """
    from ..._core.mode import no_grad
    with no_grad():
        ids = _T.unique(x)
        rows = _T.index_select(weight, ids)
        norm = _T.norm(rows, p=norm_type, axis=1, keepdim=True)
        scale = _T.where(norm > max_norm, max_norm / (norm + 1e-7), _T.ones_like(norm))
        _T.scatter_(weight, ids, rows * _T.expand_as(scale, rows), overwrite=True)
    return weight


@param_alias(input="x")
def embedding(x, weight, padding_idx=None, max_norm=None, norm_type=2.0, sparse=False, scale_grad_by_freq=False,
              name=None):
    """Rows of weight looked up by the integer ids in x; rows for padding_idx come out zero and get
    no gradient. sparse=True gives weight a row-sparse (SelectedRows) gradient.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> w = paddle.full([4, 3], 2.0)
            >>> F.embedding(paddle.to_tensor([[0], [2]]), w, padding_idx=2)
            Tensor(shape=[2, 1, 3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[[2., 2., 2.]],
                    [[0., 0., 0.]]])
    """
    if not isinstance(x, TensorMethods):
        _need_tensor(x, "embedding")
    if not isinstance(weight, TensorMethods):
        _need_tensor(weight, "embedding", "weight", 1)
    n = weight.shape[0]
    padding_idx = -1 if padding_idx is None else (padding_idx if padding_idx >= 0 else n + padding_idx)
    if n != 0 and (padding_idx >= n or padding_idx < -n):
        raise ValueError(f"padding_idx must be within [-{n}, {n})")
    if x.dtype.name not in ("int32", "int64"):
        raise NotImplementedError(
            f"(Unimplemented) embedding input only support int32 and int64, but get {x.dtype.name}")
    if len(weight.shape) != 2:
        raise ValueError(
            "(InvalidArgument) ShapeError: The dimensions of the 'lookup table' must be 2. But received lookup "
            f"table's dimensions = {len(weight.shape)}, lookup table's shape = {list(weight.shape)}.")
    if max_norm and weight.size != 0:
        weight = embedding_renorm_(x, weight, max_norm=max_norm, norm_type=norm_type)
    if scale_grad_by_freq:
        if sparse:
            raise AttributeError("scale_grad_by_freq = True is not supported with sparse update.")
        return apply(_I.EmbeddingScaledGrad, x, weight, padding_idx=int(padding_idx))
    return apply(_I.LookupTableV2, x, weight, is_sparse=bool(sparse), is_distributed=False,
                 remote_prefetch=bool(sparse), padding_idx=int(padding_idx))


__all__ = ["one_hot", "embedding", "embedding_renorm_"]
