"""The rulebook of a sparse convolution or pooling (arrays only): which stored input entry meets which kernel
offset at which output entry.

A COO input holds [1 + nd, nnz] indices (batch, then nd spatial dims; channels are the values' last dim).
A regular conv/pool reaches every output position o with o*stride - pad + k*dilation equal to a stored input
position; its output entries are those positions in lexicographic (batch, spatial) order, as Paddle lists them.
A submanifold conv keeps the input's entries (listed in lexicographic order too), and for each kernel offset looks up the
neighbour at o + (k - kernel//2)*dilation (the kernel centred, the given stride and padding unused, as in Paddle).
"""
import itertools

import numpy as np


def out_size(size, kernel, stride, pad, dilation):
    """The spatial output size of a regular sparse conv/pool (the dense conv formula)."""
    return [(s + 2 * p - d * (k - 1) - 1) // st + 1 for s, k, st, p, d in zip(size, kernel, stride, pad, dilation)]


def _offsets(kernel):
    return np.array(list(itertools.product(*[range(k) for k in kernel])), dtype=np.int64).reshape(-1, len(kernel))


def _linear(pos, batch, size):
    """Row-major keys of [n, 1 + nd] (batch, spatial) positions inside [batch, *size]."""
    return np.ravel_multi_index(tuple(pos.T), (batch, *size))


def regular(indices, batch, size, kernel, stride, pad, dilation):
    """(out_indices [1 + nd, nout], out_size, pairs): pairs is a list over kernel offsets (row-major over the
    kernel) of (input rows, output rows)."""
    osize = out_size(size, kernel, stride, pad, dilation)
    pos = indices.T  # [nnz, 1 + nd]
    stride, pad, dilation = (np.asarray(v, dtype=np.int64) for v in (stride, pad, dilation))
    found = []
    for off in _offsets(kernel):
        num = pos[:, 1:] + pad - off * dilation
        o = num // stride
        ok = np.all((num % stride == 0) & (o >= 0) & (o < np.asarray(osize)), axis=1)
        rows = np.nonzero(ok)[0]
        found.append((rows, np.concatenate([pos[rows, :1], o[rows]], axis=1)))
    keys = [_linear(p, batch, osize) for _, p in found]
    uniq, inverse = np.unique(np.concatenate(keys) if keys else np.zeros(0, np.int64), return_inverse=True)
    out_idx = np.array(np.unravel_index(uniq, (batch, *osize)), dtype=np.int64).reshape(1 + len(size), -1)
    pairs, start = [], 0
    for rows, _ in found:
        pairs.append((rows, inverse[start:start + len(rows)]))
        start += len(rows)
    return out_idx, osize, pairs


def submanifold(indices, batch, size, kernel, dilation):
    """(out_indices, pairs) of a submanifold conv: the output entries are the input's, sorted."""
    pos = indices.T
    keys = _linear(pos, batch, size)
    order = np.argsort(keys, kind="stable")
    sorted_keys = keys[order]
    rank = np.empty_like(order)
    rank[order] = np.arange(len(order))
    dilation = np.asarray(dilation, dtype=np.int64)
    centre = np.asarray([k // 2 for k in kernel], dtype=np.int64)
    pairs = []
    for off in _offsets(kernel):
        nb = pos[:, 1:] + (off - centre) * dilation
        inside = np.all((nb >= 0) & (nb < np.asarray(size)), axis=1)
        out_rows = np.nonzero(inside)[0]
        nb_keys = _linear(np.concatenate([pos[out_rows, :1], nb[out_rows]], axis=1), batch, size)
        at = np.searchsorted(sorted_keys, nb_keys)
        hit = (at < len(sorted_keys)) & (sorted_keys[np.minimum(at, len(sorted_keys) - 1)] == nb_keys)
        pairs.append((order[at[hit]], rank[out_rows[hit]]))
    return indices[:, order], pairs


def max_winners(values, pairs, nout):
    """For a max pool: [nout, C] input rows holding each output entry's channel-wise max (the first in rulebook
    order on a tie)."""
    c = values.shape[1]
    best = np.full((nout, c), -np.inf)
    win = np.zeros((nout, c), dtype=np.int64)
    for rows, outs in pairs:
        for r, o in zip(rows, outs):
            v = values[r]
            better = v > best[o]
            best[o, better] = v[better]
            win[o, better] = r
    return win
