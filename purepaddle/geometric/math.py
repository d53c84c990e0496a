"""Segment reductions: rows of data reduced by their (sorted) segment id; segment k is row k of the result."""

import numpy as np

from .message_passing import _index, recv


def _segment(data, segment_ids, reduce_op):
    segment_ids = _index(segment_ids, "segment_ids")
    ids = segment_ids.numpy().reshape(-1)
    if ids.size != data.shape[0]:  # Paddle's kernel checks, with its messages
        raise ValueError(f"(InvalidArgument) Segment_ids should be the same size as dimension 0 of input X.\n  "
                         f"[Hint: Expected num_indices == x.dims()[0], but received num_indices:{ids.size} != "
                         f"x.dims()[0]:{data.shape[0]}.]")
    down = np.flatnonzero(np.diff(ids) < 0)
    if down.size:
        k = int(down[0])
        raise ValueError(f"(InvalidArgument) The segment ids should be sorted, but got segment_ids[{k}]:{ids[k]} > "
                         f"segment_ids[{k + 1}]:{ids[k + 1]}.")
    n = int(ids.max()) + 1 if ids.size else 0
    return recv(data, segment_ids, reduce_op, n)


def segment_sum(data, segment_ids, name=None):
    """Sum of the rows of data in each segment (empty segments are 0).

    Args:
        data (Tensor): float32/float64/int32/int64, shape [N, ...].
        segment_ids (Tensor): int32/int64 segment of each row, sorted, shape [N].
        name (str, optional): unused.

    Returns:
        Tensor: data's dtype, shape [max(segment_ids) + 1, ...].

    Examples:
        >>> import purepaddle as paddle
        >>> data = paddle.to_tensor([[1., 2., 3.], [3., 2., 1.], [4., 5., 6.]])
        >>> ids = paddle.to_tensor([0, 0, 1], dtype="int32")
        >>> paddle.geometric.segment_sum(data, ids).numpy().tolist()
        [[4.0, 4.0, 4.0], [4.0, 5.0, 6.0]]
    """
    return _segment(data, segment_ids, "sum")


def segment_mean(data, segment_ids, name=None):
    """Mean of the rows of data in each segment (empty segments are 0; integer means truncate).

    Args:
        data (Tensor): float32/float64/int32/int64, shape [N, ...].
        segment_ids (Tensor): int32/int64 segment of each row, sorted, shape [N].
        name (str, optional): unused.

    Returns:
        Tensor: data's dtype, shape [max(segment_ids) + 1, ...].

    Examples:
        >>> import purepaddle as paddle
        >>> data = paddle.to_tensor([[1., 2., 3.], [3., 2., 1.], [4., 5., 6.]])
        >>> ids = paddle.to_tensor([0, 0, 1], dtype="int32")
        >>> paddle.geometric.segment_mean(data, ids).numpy().tolist()
        [[2.0, 2.0, 2.0], [4.0, 5.0, 6.0]]
    """
    return _segment(data, segment_ids, "mean")


def segment_max(data, segment_ids, name=None):
    """Elementwise maximum of the rows of data in each segment (empty segments are 0; every tied row gets the
    gradient).

    Args:
        data (Tensor): float32/float64/int32/int64, shape [N, ...].
        segment_ids (Tensor): int32/int64 segment of each row, sorted, shape [N].
        name (str, optional): unused.

    Returns:
        Tensor: data's dtype, shape [max(segment_ids) + 1, ...].

    Examples:
        >>> import purepaddle as paddle
        >>> data = paddle.to_tensor([[1., 2., 3.], [3., 2., 1.], [4., 5., 6.]])
        >>> ids = paddle.to_tensor([0, 0, 1], dtype="int32")
        >>> paddle.geometric.segment_max(data, ids).numpy().tolist()
        [[3.0, 2.0, 3.0], [4.0, 5.0, 6.0]]
    """
    return _segment(data, segment_ids, "max")


def segment_min(data, segment_ids, name=None):
    """Elementwise minimum of the rows of data in each segment (empty segments are 0; every tied row gets the
    gradient).

    Args:
        data (Tensor): float32/float64/int32/int64, shape [N, ...].
        segment_ids (Tensor): int32/int64 segment of each row, sorted, shape [N].
        name (str, optional): unused.

    Returns:
        Tensor: data's dtype, shape [max(segment_ids) + 1, ...].

    Examples:
        >>> import purepaddle as paddle
        >>> data = paddle.to_tensor([[1., 2., 3.], [3., 2., 1.], [4., 5., 6.]])
        >>> ids = paddle.to_tensor([0, 0, 1], dtype="int32")
        >>> paddle.geometric.segment_min(data, ids).numpy().tolist()
        [[1.0, 2.0, 1.0], [4.0, 5.0, 6.0]]
    """
    return _segment(data, segment_ids, "min")


__all__ = ["segment_sum", "segment_mean", "segment_max", "segment_min"]
