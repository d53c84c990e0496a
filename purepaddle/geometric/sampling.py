"""Neighbour sampling on a CSC graph (row, colptr): up to sample_size neighbours of each input node, uniformly or
by edge weight, without replacement; draws come from the global generator (paddle.seed makes them repeat)."""
import numpy as np

from .._core.generator import default_generator
from .._core.tensor import Tensor
from ..tensor.creation.conversion import to_tensor


def _arr(t, name):
    if not isinstance(t, Tensor):
        raise TypeError(f"The {name} should be a Tensor, but received {type(t).__name__}.")
    return t.numpy().reshape(-1)


def _sample(row, colptr, nodes, sample_size, weight, eids, return_eids):
    if return_eids and eids is None:
        raise ValueError("`eids` should not be None if `return_eids` is True.")
    r, cp, nd = _arr(row, "row"), _arr(colptr, "colptr"), _arr(nodes, "input_nodes")
    w = None if weight is None else _arr(weight, "edge_weight").astype(np.float64)
    e = None if eids is None else _arr(eids, "eids")
    rng = np.random.default_rng(default_generator().random())
    picks, counts = [], []
    for v in nd:
        lo, hi = int(cp[v]), int(cp[v + 1])
        edges = np.arange(lo, hi)
        if 0 <= sample_size < edges.size:
            p = None if w is None else w[lo:hi] / w[lo:hi].sum()
            edges = np.sort(rng.choice(edges, size=sample_size, replace=False, p=p)) if w is not None \
                else rng.choice(edges, size=sample_size, replace=False)
        picks.append(edges)
        counts.append(edges.size)
    picked = np.concatenate(picks).astype(np.int64) if picks else np.zeros(0, np.int64)
    out = [to_tensor(r[picked]), to_tensor(np.array(counts, dtype=np.int32))]
    if return_eids:
        out.append(to_tensor(e[picked]))
    return tuple(out)


def sample_neighbors(row, colptr, input_nodes, sample_size=-1, eids=None, return_eids=False, perm_buffer=None,
                     name=None):
    """Up to sample_size neighbours of each input node, drawn uniformly without replacement.

    Args:
        row (Tensor): int32/int64 source node of each edge, edges grouped by destination (CSC), shape [E].
        colptr (Tensor): int32/int64 offsets of each node's edges in row, shape [N + 1].
        input_nodes (Tensor): the nodes to sample around.
        sample_size (int): neighbours per node; -1 takes them all.
        eids (Tensor, optional): the id of each edge (needed when return_eids).
        return_eids (bool): also return the ids of the sampled edges.
        perm_buffer (Tensor, optional): unused (Paddle's GPU buffer).
        name (str, optional): unused.

    Returns:
        tuple: out_neighbors (row's dtype), out_count (int32, one per input node) and, when return_eids,
        out_eids.

    Examples:
        >>> import purepaddle as paddle
        >>> row = paddle.to_tensor([3, 7, 0, 9, 1, 4, 2, 9, 3, 9, 1, 9, 7])
        >>> colptr = paddle.to_tensor([0, 2, 4, 5, 6, 7, 9, 11, 11, 13, 13])
        >>> nodes = paddle.to_tensor([0, 8, 1, 2])
        >>> neighbors, count = paddle.geometric.sample_neighbors(row, colptr, nodes, sample_size=2)
        >>> count.numpy().tolist()
        [2, 2, 2, 1]
    """
    return _sample(row, colptr, input_nodes, sample_size, None, eids, return_eids)


def weighted_sample_neighbors(row, colptr, edge_weight, input_nodes, sample_size=-1, eids=None, return_eids=False,
                              name=None):
    """Up to sample_size neighbours of each input node, drawn without replacement with probability by edge weight.

    Args:
        row (Tensor): int32/int64 source node of each edge, edges grouped by destination (CSC), shape [E].
        colptr (Tensor): int32/int64 offsets of each node's edges in row, shape [N + 1].
        edge_weight (Tensor): float32 weight of each edge, shape [E].
        input_nodes (Tensor): the nodes to sample around.
        sample_size (int): neighbours per node; -1 takes them all.
        eids (Tensor, optional): the id of each edge (needed when return_eids).
        return_eids (bool): also return the ids of the sampled edges.
        name (str, optional): unused.

    Returns:
        tuple: out_neighbors, out_count (int32) and, when return_eids, out_eids.

    Examples:
        >>> import purepaddle as paddle
        >>> row = paddle.to_tensor([3, 7, 0, 9, 1, 4, 2, 9, 3, 9, 1, 9, 7])
        >>> colptr = paddle.to_tensor([0, 2, 4, 5, 6, 7, 9, 11, 11, 13, 13])
        >>> weight = paddle.rand([13])
        >>> nodes = paddle.to_tensor([0, 8, 1, 2])
        >>> neighbors, count = paddle.geometric.weighted_sample_neighbors(row, colptr, weight, nodes, 2)
        >>> count.numpy().tolist()
        [2, 2, 2, 1]
    """
    return _sample(row, colptr, input_nodes, sample_size, edge_weight, eids, return_eids)
