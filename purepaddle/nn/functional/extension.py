"""paddle.nn.functional extension functions: sequence_mask, gather_tree, temporal_shift, diag_embed."""
from ..._core import dtype as _dt
from ..._core.dispatch import apply
from ..._core.methods import TensorMethods
from ...ops import extension as _S
from ...tensor._check import need_tensor as _need_tensor
from ...tensor.creation.matrix import diag_embed

__all__ = ["diag_embed", "sequence_mask", "gather_tree", "temporal_shift"]


def sequence_mask(x, maxlen=None, dtype="int64", name=None):
    """mask[..., j] = j < x[...] for j in [0, maxlen); maxlen defaults to max(x).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.nn.functional.sequence_mask(paddle.to_tensor([3, 1]), maxlen=4)
            Tensor(shape=[2, 4], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[1, 1, 1, 0],
                    [1, 0, 0, 0]])
    """
    if not isinstance(x, TensorMethods):
        _need_tensor(x, "sequence_mask")
    out_dtype = _dt.convert_dtype(dtype)
    maxlen_t = None
    if isinstance(maxlen, TensorMethods):
        maxlen_t, maxlen = maxlen, -1
    elif maxlen is None:
        maxlen = -1
    out = apply(_S.SequenceMask, x, maxlen_t, maxlen=int(maxlen), out_dtype=out_dtype.proto)
    out.stop_gradient = True
    return out


def gather_tree(ids, parents):
    """Backtrace beam-search results: ids and parents are [max_time, batch_size, beam_size] int tensors.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> ids = paddle.to_tensor([[[2, 2], [6, 1]], [[3, 9], [6, 1]], [[0, 1], [9, 0]]])
            >>> parents = paddle.to_tensor([[[0, 0], [1, 1]], [[1, 0], [1, 0]], [[0, 0], [0, 1]]])
            >>> paddle.nn.functional.gather_tree(ids, parents)[:, 1]
            Tensor(shape=[3, 2], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[1, 6],
                    [6, 1],
                    [9, 0]])
    """
    if not isinstance(ids, TensorMethods):
        _need_tensor(ids, "gather_tree", "ids")
    if not isinstance(parents, TensorMethods):
        _need_tensor(parents, "gather_tree", "parents", 1)
    if ids.ndim != 3:
        raise ValueError("The input ids must be a 3D tensor with shape [length, batch_size, beam_size]")
    if ids.ndim != parents.ndim:
        raise ValueError("The ids's shape must be the same as parents' shape. ")
    for arg, t in (("ids", ids), ("parents", parents)):
        if t.dtype not in (_dt.int32, _dt.int64):
            raise TypeError(f"The data type of '{arg}' in gather_tree must be one of ['int32', 'int64'], but "
                            f"received {t.dtype.name}.")
    return apply(_S.GatherTree, ids, parents)


def temporal_shift(x, seg_num, shift_ratio=0.25, name=None, data_format="NCHW"):
    """Temporal Shift Module: x [N*T, C, H, W] (or NHWC); a shift_ratio slice of the channels takes the
    previous segment's values, the next slice the following segment's, zeros at the ends.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> x = paddle.arange(8, dtype='float32').reshape([2, 4, 1, 1])
            >>> F.temporal_shift(x, seg_num=2, shift_ratio=0.25).flatten()
            Tensor(shape=[8], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0., 5., 2., 3., 0., 0., 6., 7.])
    """
    if data_format not in ("NCHW", "NHWC"):
        raise ValueError(f"Attr(data_format) should be 'NCHW' or 'NHWC'. Received Attr(data_format): {data_format}.")
    if not isinstance(x, TensorMethods):
        _need_tensor(x, "temporal_shift")
    if not isinstance(seg_num, int) or isinstance(seg_num, bool):
        raise TypeError("seg_num must be int type.")
    if x.ndim != 4:
        raise ValueError(f"(InvalidArgument) Input(X) rank should be 4. But received X rank({x.ndim}).")
    n = x.shape[0]
    if n >= 0 and seg_num > 0 and n % seg_num:
        raise ValueError(f"(InvalidArgument) Input(X) dimension[0] should be divided exactly by Attr(seg_num), but "
                         f"received X dimension[0]({n}) mod seg_num({seg_num}) != 0")
    return apply(_S.TemporalShift, x, seg_num=seg_num, shift_ratio=float(shift_ratio), data_format=data_format)
