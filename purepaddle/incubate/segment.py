"""paddle.incubate's segment_* and graph_* names: Paddle's older spellings of paddle.geometric's functions (the
same kernels: geometric's send_u_recv op), kept with their incubate signatures."""
from ..geometric import (reindex_graph, segment_max, segment_mean, segment_min, segment_sum,  # noqa: F401
                         send_u_recv)

__all__ = ["segment_sum", "segment_mean", "segment_max", "segment_min", "graph_send_recv", "graph_reindex"]


def graph_send_recv(x, src_index, dst_index, pool_type="sum", out_size=None, name=None):
    """Message passing on a graph: gather `x[src_index]` and reduce the messages into rows `dst_index`
    (paddle.geometric.send_u_recv under its incubate name; `pool_type` is its `reduce_op`).

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
    return send_u_recv(x, src_index, dst_index, reduce_op=pool_type.lower(), out_size=out_size, name=name)


def graph_reindex(x, neighbors, count, value_buffer=None, index_buffer=None, flag_buffer_hashtable=False,
                  name=None):
    """Renumber a sampled subgraph's nodes from 0 (paddle.geometric.reindex_graph under its incubate name; the GPU
    hash-table buffers are unused on a CPU).

    Args:
        x (Tensor): 1-D int32/int64 input nodes (unique).
        neighbors (Tensor): 1-D neighbors of the input nodes, concatenated.
        count (Tensor): 1-D int32, how many neighbors each input node has.
        value_buffer, index_buffer (Tensor, optional): GPU hash-table buffers, unused.
        flag_buffer_hashtable (bool): use the GPU buffers; unused.
        name (str, optional): unused.

    Returns:
        tuple: (reindex_src, reindex_dst, out_nodes).

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.to_tensor([0, 1, 2], dtype="int64")
        >>> neighbors = paddle.to_tensor([8, 9, 0, 4, 7, 6, 7], dtype="int64")
        >>> count = paddle.to_tensor([2, 3, 2], dtype="int32")
        >>> src, dst, nodes = paddle.incubate.graph_reindex(x, neighbors, count)
        >>> src.numpy().tolist(), dst.numpy().tolist(), nodes.numpy().tolist()
        ([3, 4, 0, 5, 6, 7, 6], [0, 0, 1, 1, 1, 2, 2], [0, 1, 2, 8, 9, 4, 7, 6])
    """
    return reindex_graph(x, neighbors, count, value_buffer, index_buffer, name=name)
