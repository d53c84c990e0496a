"""Graph reindexing: renumber the nodes of a sampled subgraph compactly (input nodes first, then each new
neighbour in order of first appearance)."""
import numpy as np

from .._core.tensor import Tensor
from ..tensor.creation.conversion import to_tensor


def _ints(t, name):
    if not isinstance(t, Tensor):
        raise TypeError(f"The {name} should be a Tensor, but received {type(t).__name__}.")
    return t.numpy().reshape(-1)


def _reindex(x, neighbors, counts):
    nodes = _ints(x, "x")
    order = {int(v): i for i, v in enumerate(nodes)}
    out_nodes, srcs, dsts = list(nodes), [], []
    for nb, ct in zip(neighbors, counts):
        nb, ct = _ints(nb, "neighbors"), _ints(ct, "count")
        if int(ct.sum()) != nb.size:
            raise ValueError(f"The sum of count ({int(ct.sum())}) should equal the number of neighbors ({nb.size}).")
        for v in nb:
            v = int(v)
            if v not in order:
                order[v] = len(out_nodes)
                out_nodes.append(v)
        srcs.append(np.array([order[int(v)] for v in nb], dtype=np.int64))
        # a count longer than x holds several edge types' counts in turn (as Paddle's kernel reads it): the
        # i-th count belongs to input node i mod len(x)
        dsts.append(np.repeat(np.arange(ct.size, dtype=np.int64) % max(nodes.size, 1), ct))
    dtype = x.numpy().dtype
    return (to_tensor(np.concatenate(srcs).astype(dtype)), to_tensor(np.concatenate(dsts).astype(dtype)),
            to_tensor(np.array(out_nodes, dtype=dtype)))


def reindex_graph(x, neighbors, count, value_buffer=None, index_buffer=None, name=None):
    """Renumber a sampled graph: x keeps ids 0..len(x)-1, new neighbours follow in order of first appearance.

    Args:
        x (Tensor): int32/int64 input nodes, shape [N].
        neighbors (Tensor): int32/int64 neighbours of the input nodes, concatenated, shape [E].
        count (Tensor): int32 number of neighbours of each input node, shape [N].
        value_buffer (Tensor, optional): unused (Paddle's GPU hash buffer).
        index_buffer (Tensor, optional): unused (Paddle's GPU hash buffer).
        name (str, optional): unused.

    Returns:
        tuple: reindex_src (the neighbours renumbered), reindex_dst (the input node of each edge) and out_nodes
        (the original id of every renumbered node), all of x's dtype.

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.to_tensor([0, 1, 2], dtype="int64")
        >>> neighbors = paddle.to_tensor([8, 9, 0, 4, 7, 6, 7], dtype="int64")
        >>> count = paddle.to_tensor([2, 3, 2], dtype="int32")
        >>> src, dst, nodes = paddle.geometric.reindex_graph(x, neighbors, count)
        >>> src.numpy().tolist(), dst.numpy().tolist(), nodes.numpy().tolist()
        ([3, 4, 0, 5, 6, 7, 6], [0, 0, 1, 1, 1, 2, 2], [0, 1, 2, 8, 9, 4, 7, 6])
    """
    return _reindex(x, [neighbors], [count])


def reindex_heter_graph(x, neighbors, count, value_buffer=None, index_buffer=None, name=None):
    """reindex_graph over several edge types at once: one shared numbering, the edges of each type in turn.

    Args:
        x (Tensor): int32/int64 input nodes, shape [N].
        neighbors (list[Tensor]): the neighbours of each edge type.
        count (list[Tensor]): int32 neighbour counts per input node, one per edge type.
        value_buffer (Tensor, optional): unused.
        index_buffer (Tensor, optional): unused.
        name (str, optional): unused.

    Returns:
        tuple: reindex_src, reindex_dst and out_nodes, as reindex_graph.

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.to_tensor([0, 1, 2], dtype="int64")
        >>> n1 = paddle.to_tensor([8, 9, 0, 4, 7, 6, 7], dtype="int64")
        >>> n2 = paddle.to_tensor([0, 2, 3, 5, 1], dtype="int64")
        >>> c1 = paddle.to_tensor([2, 3, 2], dtype="int32")
        >>> c2 = paddle.to_tensor([1, 3, 1], dtype="int32")
        >>> src, dst, nodes = paddle.geometric.reindex_heter_graph(x, [n1, n2], [c1, c2])
        >>> nodes.numpy().tolist()
        [0, 1, 2, 8, 9, 4, 7, 6, 3, 5]
    """
    if not isinstance(neighbors, (list, tuple)) or not isinstance(count, (list, tuple)):
        raise TypeError("neighbors and count of reindex_heter_graph should be lists of Tensors.")
    return _reindex(x, neighbors, count)
