"""paddle.incubate segment_* and graph_send_recv: rows of a tensor reduced by an index (sum/mean/max/min).

One rule serves both families: `graph_send_recv` gathers rows `x[src_index]` and reduces them into
`dst_index` slots, `segment_*` is the same reduction with src = every row and slots = `segment_ids`.
Written with differentiable Tensor calls (a one-hot matmul for sum, a masked max for max/min), so
gradients come from the ops underneath. Empty slots read 0, as in Paddle.
"""
import numpy as np

from .. import tensor as _t
from .._core.tensor import Tensor

__all__ = ["segment_sum", "segment_mean", "segment_max", "segment_min", "graph_send_recv", "graph_reindex"]

_POOLS = ("sum", "mean", "max", "min")


def _index_array(index, what):
    a = np.asarray(index.numpy() if isinstance(index, Tensor) else index)
    if a.ndim != 1 or a.dtype.kind not in "iu":
        raise ValueError(f"{what} must be a 1-D integer tensor, got shape {list(a.shape)} dtype {a.dtype}")
    if a.size and a.min() < 0:
        raise ValueError(f"{what} must hold non-negative indices, got {int(a.min())}")
    return a.astype(np.int64)


def _reduce_rows(values, slots, n, pool):
    """Reduce rows of `values` (E, ...) into `n` slots named by the int array `slots` (E,)."""
    if pool not in _POOLS:
        raise ValueError(f"pool_type must be one of {_POOLS}, got {pool!r}")
    dtype = values._data.dtype
    e = values.shape[0]
    rest = list(values.shape[1:])
    member = np.zeros((n, e), dtype=bool)
    member[slots, np.arange(e)] = True
    count = member.sum(axis=1)
    flat = values.reshape([e, -1])
    if pool in ("sum", "mean"):
        out = _t.matmul(Tensor._make(member.astype(dtype)), flat)
        if pool == "mean":
            out = out / Tensor._make(np.maximum(count, 1).astype(dtype)[:, None])
    else:
        info = np.finfo(dtype) if dtype.kind == "f" else np.iinfo(dtype)
        fill = info.min if pool == "max" else info.max
        mask = Tensor._make(member[:, :, None])
        filled = _t.where(mask, flat.unsqueeze(0), Tensor._make(np.asarray(fill, dtype=dtype)))
        out = (_t.max if pool == "max" else _t.min)(filled, axis=1)
        out = _t.where(Tensor._make((count > 0)[:, None]), out, Tensor._make(np.zeros((), dtype=dtype)))
    return out.reshape([n] + rest)


def _segment(data, segment_ids, pool):
    ids = _index_array(segment_ids, "segment_ids")
    if ids.shape[0] != data.shape[0]:
        raise ValueError(f"segment_ids has {ids.shape[0]} entries but data has {data.shape[0]} rows")
    if ids.size and np.any(np.diff(ids) < 0):
        raise ValueError("segment_ids must be sorted in ascending order")
    n = int(ids.max()) + 1 if ids.size else 0
    return _reduce_rows(data, ids, n, pool)


def segment_sum(data, segment_ids, name=None):
    """Sum the rows of `data` that share a segment id.

    Args:
        data (Tensor): input of shape [N, ...], float32/float64/int32/int64.
        segment_ids (Tensor): sorted 1-D int32/int64 tensor of length N.
        name (str, optional): unused, kept for Paddle's signature.

    Returns:
        Tensor: shape [max(segment_ids) + 1, ...]; row i sums the rows with id i (0 where none).

    Examples:
        >>> import purepaddle as paddle
        >>> data = paddle.to_tensor([[1., 2, 3], [3, 2, 1], [4, 5, 6]])
        >>> paddle.incubate.segment_sum(data, paddle.to_tensor([0, 0, 1])).numpy().tolist()
        [[4.0, 4.0, 4.0], [4.0, 5.0, 6.0]]
    """
    return _segment(data, segment_ids, "sum")


def segment_mean(data, segment_ids, name=None):
    """Mean of the rows of `data` that share a segment id.

    Args:
        data (Tensor): input of shape [N, ...].
        segment_ids (Tensor): sorted 1-D int32/int64 tensor of length N.
        name (str, optional): unused.

    Returns:
        Tensor: shape [max(segment_ids) + 1, ...]; empty segments are 0.

    Examples:
        >>> import purepaddle as paddle
        >>> data = paddle.to_tensor([[1., 2, 3], [3, 2, 1], [4, 5, 6]])
        >>> paddle.incubate.segment_mean(data, paddle.to_tensor([0, 0, 1])).numpy().tolist()
        [[2.0, 2.0, 2.0], [4.0, 5.0, 6.0]]
    """
    return _segment(data, segment_ids, "mean")


def segment_max(data, segment_ids, name=None):
    """Element-wise maximum over the rows of `data` that share a segment id.

    Args:
        data (Tensor): input of shape [N, ...].
        segment_ids (Tensor): sorted 1-D int32/int64 tensor of length N.
        name (str, optional): unused.

    Returns:
        Tensor: shape [max(segment_ids) + 1, ...]; empty segments are 0.

    Examples:
        >>> import purepaddle as paddle
        >>> data = paddle.to_tensor([[1., 2, 3], [3, 2, 1], [4, 5, 6]])
        >>> paddle.incubate.segment_max(data, paddle.to_tensor([0, 0, 1])).numpy().tolist()
        [[3.0, 2.0, 3.0], [4.0, 5.0, 6.0]]
    """
    return _segment(data, segment_ids, "max")


def segment_min(data, segment_ids, name=None):
    """Element-wise minimum over the rows of `data` that share a segment id.

    Args:
        data (Tensor): input of shape [N, ...].
        segment_ids (Tensor): sorted 1-D int32/int64 tensor of length N.
        name (str, optional): unused.

    Returns:
        Tensor: shape [max(segment_ids) + 1, ...]; empty segments are 0.

    Examples:
        >>> import purepaddle as paddle
        >>> data = paddle.to_tensor([[1., 2, 3], [3, 2, 1], [4, 5, 6]])
        >>> paddle.incubate.segment_min(data, paddle.to_tensor([0, 0, 1])).numpy().tolist()
        [[1.0, 2.0, 1.0], [4.0, 5.0, 6.0]]
    """
    return _segment(data, segment_ids, "min")


def graph_send_recv(x, src_index, dst_index, pool_type="sum", out_size=None, name=None):
    """Message passing on a graph: gather `x[src_index]` and reduce the messages into rows `dst_index`.

    Args:
        x (Tensor): node features of shape [N, ...].
        src_index (Tensor): 1-D int32/int64 source node of each edge.
        dst_index (Tensor): 1-D int32/int64 destination node of each edge, same length.
        pool_type (str): "sum", "mean", "max" or "min". Default "sum".
        out_size (int|Tensor, optional): number of output rows; None or <= 0 keeps N rows.
        name (str, optional): unused.

    Returns:
        Tensor: shape [out_size or N, ...]; rows that receive nothing are 0.

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.to_tensor([[0., 2, 3], [1, 4, 5], [2, 6, 7]])
        >>> out = paddle.incubate.graph_send_recv(x, paddle.to_tensor([0, 1, 2, 0]), paddle.to_tensor([1, 2, 1, 0]))
        >>> out.numpy().tolist()
        [[0.0, 2.0, 3.0], [2.0, 8.0, 10.0], [1.0, 4.0, 5.0]]
    """
    src = _index_array(src_index, "src_index")
    dst = _index_array(dst_index, "dst_index")
    if src.shape != dst.shape:
        raise ValueError(f"src_index and dst_index differ in length: {src.shape[0]} vs {dst.shape[0]}")
    if isinstance(out_size, Tensor):
        out_size = int(out_size.numpy().reshape(-1)[0])
    n = x.shape[0] if out_size is None or out_size <= 0 else int(out_size)
    if dst.size and dst.max() >= n:
        raise ValueError(f"dst_index holds {int(dst.max())}, beyond out_size {n}")
    messages = _t.index_select(x, Tensor._make(src), axis=0)
    return _reduce_rows(messages, dst, n, pool_type.lower())


def graph_reindex(x, neighbors, count, value_buffer=None, index_buffer=None, flag_buffer_hashtable=False,
                  name=None):
    """Renumber a sampled subgraph's nodes from 0: the input nodes first, then each new neighbor in order of
    first appearance.

    Args:
        x (Tensor): 1-D int32/int64 input nodes (unique).
        neighbors (Tensor): 1-D neighbors of the input nodes, concatenated.
        count (Tensor): 1-D int32, how many neighbors each input node has.
        value_buffer, index_buffer (Tensor, optional): GPU hash-table buffers, unused.
        flag_buffer_hashtable (bool): use the GPU buffers; unused.
        name (str, optional): unused.

    Returns:
        tuple: (reindex_src, reindex_dst, out_nodes) — the new ids of the neighbors, the new id of the input node
        each edge ends at, and the original id of every new id; all of x's dtype.

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.to_tensor([0, 1, 2], dtype="int64")
        >>> neighbors = paddle.to_tensor([8, 9, 0, 4, 7, 6, 7], dtype="int64")
        >>> count = paddle.to_tensor([2, 3, 2], dtype="int32")
        >>> src, dst, nodes = paddle.incubate.graph_reindex(x, neighbors, count)
        >>> src.numpy().tolist(), dst.numpy().tolist(), nodes.numpy().tolist()
        ([3, 4, 0, 5, 6, 7, 6], [0, 0, 1, 1, 1, 2, 2], [0, 1, 2, 8, 9, 4, 7, 6])
    """
    xa, nb, cnt = (np.asarray(t.numpy()).reshape(-1) for t in (x, neighbors, count))
    if int(cnt.sum()) != nb.size or cnt.size != xa.size:
        raise ValueError(f"count must have one entry per input node ({xa.size}) summing to the number of "
                         f"neighbors ({nb.size}); got {cnt.tolist()}")
    new_id = {int(v): i for i, v in enumerate(xa)}
    order = list(xa.tolist())
    for v in nb.tolist():
        if v not in new_id:
            new_id[v] = len(order)
            order.append(v)
    dtype = xa.dtype
    src = np.array([new_id[v] for v in nb.tolist()], dtype=dtype)
    dst = np.repeat(np.arange(xa.size, dtype=dtype), cnt)
    return Tensor._make(src), Tensor._make(dst), Tensor._make(np.array(order, dtype=dtype))
