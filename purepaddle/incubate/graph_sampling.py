"""paddle.incubate.graph_sample_neighbors and graph_khop_sampler: the pre-2.4 names of neighbour sampling, on top of
paddle.geometric.sample_neighbors (same draws from the global generator)."""
import numpy as np

from .._core.tensor import Tensor
from ..geometric.sampling import sample_neighbors
from ..tensor.creation.conversion import to_tensor

__all__ = ["graph_sample_neighbors", "graph_khop_sampler"]


def graph_sample_neighbors(row, colptr, input_nodes, eids=None, perm_buffer=None, sample_size=-1, return_eids=False,
                           flag_perm_buffer=False, name=None):
    """Up to sample_size neighbours of each input node of a CSC graph (paddle.geometric.sample_neighbors).

    Args:
        row (Tensor): int32/int64 source node of each edge, edges grouped by destination, shape [E].
        colptr (Tensor): int32/int64 offsets of each node's edges in row, shape [N + 1].
        input_nodes (Tensor): the nodes to sample around.
        eids (Tensor, optional): the id of each edge (needed when return_eids).
        perm_buffer (Tensor, optional): Paddle's GPU permutation buffer (needed when flag_perm_buffer; unused).
        sample_size (int, optional): neighbours per node; -1 takes them all. Default -1.
        return_eids (bool, optional): also return the ids of the sampled edges. Default False.
        flag_perm_buffer (bool, optional): Paddle's GPU fast path switch (unused on CPU). Default False.
        name (str, optional): unused.

    Returns:
        tuple: out_neighbors, out_count (int32, one per input node) and, when return_eids, out_eids.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> row = paddle.to_tensor([3, 7, 0, 9, 1, 4, 2, 9, 3, 9, 1, 9, 7])
            >>> colptr = paddle.to_tensor([0, 2, 4, 5, 6, 7, 9, 11, 11, 13, 13])
            >>> nodes = paddle.to_tensor([0, 8, 1, 2])
            >>> neighbors, count = paddle.incubate.graph_sample_neighbors(row, colptr, nodes, sample_size=5)
            >>> print(neighbors.numpy().tolist(), count.numpy().tolist())
            [3, 7, 9, 7, 0, 9, 1] [2, 2, 2, 1]
    """
    if return_eids and eids is None:
        raise ValueError("`eids` should not be None if `return_eids` is True.")
    if flag_perm_buffer and perm_buffer is None:
        raise ValueError("`perm_buffer` should not be None if `flag_perm_buffer` is True.")
    return sample_neighbors(row, colptr, input_nodes, sample_size=sample_size, eids=eids, return_eids=return_eids)


def graph_khop_sampler(row, colptr, input_nodes, sample_sizes, sorted_eids=None, return_eids=False, name=None):
    """Sample a k-hop subgraph around input_nodes and renumber its nodes from 0.

    Hop i samples up to sample_sizes[i] neighbours of each frontier node (the input nodes first, then the distinct
    neighbours the previous hop drew, in order of first appearance). The nodes are renumbered with the input nodes
    first and every other node in order of first appearance.

    Args:
        row (Tensor): int32/int64 source node of each edge, edges grouped by destination, shape [E].
        colptr (Tensor): int32/int64 offsets of each node's edges in row, shape [N + 1].
        input_nodes (Tensor): the centre nodes.
        sample_sizes (list|tuple): neighbours per node at each hop (-1: all).
        sorted_eids (Tensor, optional): the id of each edge in CSC order (needed when return_eids).
        return_eids (bool, optional): also return the ids of the sampled edges. Default False.
        name (str, optional): unused.

    Returns:
        tuple: edge_src [E', 1] and edge_dst [E', 1] (renumbered), sample_index (the original id of each new
        number), reindex_nodes (the new numbers of input_nodes) and, when return_eids, edge_eids.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> row = paddle.to_tensor([3, 7, 0, 9, 1, 4, 2, 9, 3, 9, 1, 9, 7])
            >>> colptr = paddle.to_tensor([0, 2, 4, 5, 6, 7, 9, 11, 11, 13, 13])
            >>> nodes = paddle.to_tensor([0, 8, 1, 2])
            >>> src, dst, index, centre = paddle.incubate.graph_khop_sampler(row, colptr, nodes, [5])
            >>> print(index.numpy().tolist(), centre.numpy().tolist())
            [0, 8, 1, 2, 3, 7, 9] [0, 1, 2, 3]
    """
    if return_eids and sorted_eids is None:
        raise ValueError("`sorted_eid` should not be None if return_eids is True.")
    if not isinstance(input_nodes, Tensor):
        raise TypeError(f"The input_nodes should be a Tensor, but received {type(input_nodes).__name__}.")
    dtype = row.numpy().dtype
    frontier = input_nodes
    srcs, dsts, eids = [], [], []
    for size in sample_sizes:
        drawn = sample_neighbors(row, colptr, frontier, sample_size=size, eids=sorted_eids, return_eids=return_eids)
        neighbors, counts = drawn[0].numpy(), drawn[1].numpy()
        srcs.append(neighbors)
        dsts.append(np.repeat(frontier.numpy().reshape(-1), counts))
        if return_eids:
            eids.append(drawn[2].numpy())
        _, first = np.unique(neighbors, return_index=True)
        frontier = to_tensor(neighbors[np.sort(first)].astype(dtype))
    centre = input_nodes.numpy().reshape(-1)
    number = {}
    for v in list(centre) + [v for part in srcs for v in part]:
        number.setdefault(int(v), len(number))
    renumber = np.vectorize(lambda v: number[int(v)], otypes=[np.int64])
    src = np.concatenate(srcs) if srcs else np.zeros(0, dtype)
    dst = np.concatenate(dsts) if dsts else np.zeros(0, dtype)
    out = [to_tensor(renumber(src).astype(dtype).reshape(-1, 1)), to_tensor(renumber(dst).astype(dtype).reshape(-1, 1)),
           to_tensor(np.array(list(number), dtype=dtype)), to_tensor(renumber(centre).astype(dtype))]
    if return_eids:
        out.append(to_tensor(np.concatenate(eids)))
    return tuple(out)
