"""OpSpec table: gather/scatter/select/masking/triangular ops (paddle.gather, scatter, where, tril, unique, ...)."""
import numpy as np

from purepaddle.tensor.manipulation.gathering import gather, gather_nd, index_select, take, take_along_axis
from purepaddle.tensor.search.select import index_sample, masked_fill, masked_select, nonzero, where
from purepaddle.tensor.manipulation import scattering as SS
from purepaddle.tensor.creation.matrix import diag, diag_embed, diagflat, meshgrid, tril, triu
from purepaddle.tensor.manipulation.distinct import unique, unique_consecutive
from tests.opspec import OpSpec, ints, parametrize, rand



def const(a, dtype=None):
    """Input factory: a fixed array (index tables without duplicates where the gradient needs it)."""
    return lambda rng: np.array(a, dtype=dtype)


def bools(*shape, p=0.5):
    return lambda rng: rng.random(shape) < p


def with_zeros(*shape):
    return lambda rng: rng.uniform(-1, 1, size=shape) * (rng.random(shape) < 0.6)


# -- numpy references --------------------------------------------------------------------
def ref_gather(x, index, axis=0):
    return np.take(x, index.reshape(-1) if index.ndim == 2 else index, axis=axis)


def ref_gather_nd(x, index):
    return x[tuple(index[..., k] for k in range(index.shape[-1]))]


def ref_index_sample(x, index):
    return np.take_along_axis(x, index, axis=1)


def ref_scatter(x, index, updates, overwrite=True):
    out = x.copy()
    if overwrite:
        for i, j in enumerate(index):
            out[j] = updates[i]
    else:
        out[index] = 0
        np.add.at(out, index, updates)
    return out


def ref_scatter_nd_add(x, index, updates):
    out = x.copy()
    np.add.at(out, tuple(index[..., k] for k in range(index.shape[-1])), updates)
    return out


def ref_put(arr, index, values, axis, reduce, include_self=True):
    """Loop reference of put_along_axis (no broadcasting)."""
    out = arr.copy()
    acc = {}
    for pos in np.ndindex(*index.shape):
        tgt = list(pos)
        tgt[axis] = index[pos] % arr.shape[axis]
        acc.setdefault(tuple(tgt), []).append(values[pos])
    for tgt, vals in acc.items():
        pool = ([arr[tgt]] if include_self and reduce != "assign" else []) + vals
        if reduce == "assign":
            out[tgt] = vals[-1]
        elif reduce == "add":
            out[tgt] = np.sum(pool)
        elif reduce == "mul":
            out[tgt] = np.prod(pool)
        elif reduce == "mean":
            out[tgt] = np.mean(pool)
        elif reduce == "amin":
            out[tgt] = np.min(pool)
        else:
            out[tgt] = np.max(pool)
    return out


def ref_index_add(x, index, value, axis, alpha=1):
    out = x.copy()
    np.add.at(out, (slice(None),) * axis + (index,), value * alpha)
    return out


def ref_index_fill(x, index, axis, value):
    out = x.copy()
    sl = [slice(None)] * x.ndim
    sl[axis] = index
    out[tuple(sl)] = value
    return out


def ref_diag(x, offset=0, padding_value=0):
    if x.ndim == 1:
        n = x.size + abs(offset)
        out = np.full((n, n), padding_value, dtype=x.dtype)
        out[np.where(np.eye(n, k=offset, dtype=bool))] = x
        return out
    return np.diagonal(x, offset)


def ref_diag_embed(x, offset=0, dim1=-2, dim2=-1):
    m = x.shape[-1] + abs(offset)
    out = np.zeros(x.shape[:-1] + (m, m), dtype=x.dtype)
    for i in range(x.shape[-1]):
        r, c = (i, i + offset) if offset >= 0 else (i - offset, i)
        out[..., r, c] = x[..., i]
    nd = out.ndim
    return np.moveaxis(out, [nd - 2, nd - 1], [dim1 % nd, dim2 % nd])


def ref_unique_consecutive(x):
    x = x.reshape(-1)
    keep = np.ones(x.size, dtype=bool)
    keep[1:] = x[1:] != x[:-1]
    starts = np.flatnonzero(keep)
    return x[starts], np.cumsum(keep) - 1, np.diff(np.append(starts, x.size))


SPECS = [
    # gather family
    OpSpec("gather", gather, ref_gather, [rand(3, 4), ints(5, high=3)], double=True),
    OpSpec("gather_axis1_Mx1", lambda x, i: gather(x, i, axis=1), lambda x, i: ref_gather(x, i, 1),
           [rand(2, 4, 3), const([[3], [0], [3]], "int64")]),
    OpSpec("gather_0d_index", lambda x, i: gather(x, i, axis=-1), lambda x, i: np.take(x, i, axis=-1),
           [rand(3, 4), const(2, "int32")]),
    OpSpec("gather_negative_index", gather, ref_gather, [rand(3, 2), const([-1, 0, -3])]),
    OpSpec("gather_int", gather, ref_gather, [ints(4, 3, high=9), ints(3, high=4)]),
    OpSpec("gather_nd", gather_nd, ref_gather_nd, [rand(3, 4, 2), const([[1, 2], [0, 0], [1, 2]])], double=True),
    OpSpec("gather_nd_rows", gather_nd, ref_gather_nd, [rand(3, 4), const([[[2], [0]], [[2], [1]]])]),
    OpSpec("take_along_axis", lambda x, i: take_along_axis(x, i, 1),
           lambda x, i: np.take_along_axis(x, i, 1), [rand(3, 4), ints(3, 5, high=4)], double=True),
    OpSpec("take_along_axis_broadcast", lambda x, i: take_along_axis(x, i, 1),
           lambda x, i: np.take_along_axis(x, np.broadcast_to(i, (3, 2)), 1), [rand(3, 4), ints(1, 2, high=4)]),
    OpSpec("take_along_axis_nobroadcast", lambda x, i: take_along_axis(x, i, 0, broadcast=False),
           lambda x, i: np.take_along_axis(x[:, :2], i, 0), [rand(3, 4), ints(2, 2, high=3)]),
    OpSpec("index_select", lambda x, i: index_select(x, i, axis=1),
           lambda x, i: np.take(x, i, axis=1), [rand(3, 4), ints(5, high=4)], double=True),
    OpSpec("index_sample", index_sample, ref_index_sample, [rand(3, 4), ints(3, 5, high=4)]),
    OpSpec("take", take, lambda x, i: np.take(x.reshape(-1), i), [rand(3, 4), const([[0, 11], [-1, 5]])]),
    OpSpec("take_wrap", lambda x, i: take(x, i, mode="wrap"),
           lambda x, i: np.take(x.reshape(-1), i, mode="wrap"), [rand(3, 4), const([[0, 13], [-14, 5]])]),
    OpSpec("take_clip", lambda x, i: take(x, i, mode="clip"),
           lambda x, i: np.take(x.reshape(-1), i, mode="clip"), [rand(3, 4), const([[0, 13], [-14, 5]])]),
    # masks and where
    OpSpec("masked_select", masked_select, lambda x, m: x[m], [rand(3, 4), bools(3, 4)]),
    OpSpec("masked_select_broadcast", masked_select, lambda x, m: np.broadcast_to(x, (3, 4))[m],
           [rand(4), bools(3, 4)]),
    OpSpec("masked_fill", lambda x, m: masked_fill(x, m, 2.0), lambda x, m: np.where(m, 2.0, x),
           [rand(3, 4), bools(4)]),
    OpSpec("masked_fill_tensor_value", masked_fill, lambda x, m, v: np.where(m, v, x),
           [rand(3, 4), bools(3, 4), rand()], double=True),
    OpSpec("where", where, np.where, [bools(3, 4), rand(3, 4), rand(4)], double=True),
    OpSpec("where_scalar", lambda c, x: where(c, x, 0.5), lambda c, x: np.where(c, x, 0.5),
           [bools(2, 3), rand(2, 3)]),
    OpSpec("nonzero", nonzero, np.argwhere, [with_zeros(3, 4)], grad=()),
    OpSpec("nonzero_tuple", lambda x: nonzero(x, as_tuple=True), np.nonzero, [with_zeros(3, 4)], grad=()),
    OpSpec("where_1arg", where, np.nonzero, [bools(2, 5)]),
    # scatter family
    OpSpec("scatter", SS.scatter, ref_scatter, [rand(4, 3), const([2, 0]), rand(2, 3)], double=True),
    OpSpec("scatter_accumulate", lambda x, i, u: SS.scatter(x, i, u, overwrite=False),
           lambda x, i, u: ref_scatter(x, i, u, False), [rand(4, 3), const([1, 1, 3]), rand(3, 3)], double=True),
    OpSpec("scatter_nd_add", SS.scatter_nd_add, ref_scatter_nd_add,
           [rand(3, 4), const([[1, 2], [1, 2], [0, 0]]), rand(3)], double=True),
    OpSpec("scatter_nd_add_rows", SS.scatter_nd_add, ref_scatter_nd_add,
           [rand(3, 4), const([[1], [1]]), rand(2, 4)]),
    OpSpec("scatter_nd", lambda i, u: SS.scatter_nd(i, u, [3, 4]),
           lambda i, u: ref_scatter_nd_add(np.zeros((3, 4), u.dtype), i, u), [const([[1], [2], [1]]), rand(3, 4)]),
    OpSpec("index_add", lambda x, i, v: SS.index_add(x, i, 1, v, alpha=2),
           lambda x, i, v: ref_index_add(x, i, v, 1, 2), [rand(3, 4), const([0, 2, 0]), rand(3, 3)], double=True),
    OpSpec("index_fill", lambda x, i: SS.index_fill(x, i, 1, 5.0),
           lambda x, i: ref_index_fill(x, i, 1, 5.0), [rand(3, 4), const([1, 3])]),
    OpSpec("scatter_reduce_sum", lambda x, i, v: SS.scatter_reduce(x, 0, i, v, "sum"),
           lambda x, i, v: ref_put(x, i, v, 0, "add"), [rand(3, 4), ints(2, 4, high=3), rand(2, 4)]),
]

for _red in ("assign", "add", "mul", "mean", "amin", "amax"):
    for _inc in (True, False):
        SPECS.append(OpSpec(
            f"put_along_axis_{_red}{'' if _inc else '_exclude_self'}",
            (lambda r, inc: lambda a, i, v: SS.put_along_axis(a, i, v, 0, r, inc, False))(_red, _inc),
            (lambda r, inc: lambda a, i, v: ref_put(a, i, v, 0, r, inc))(_red, _inc),
            [rand(3, 4), ints(4, 3, high=3), rand(4, 4)], double=_red in ("assign", "mean") and _inc))
SPECS += [
    OpSpec("put_along_axis_broadcast", lambda a, i, v: SS.put_along_axis(a, i, v, 1),
           lambda a, i, v: ref_put(a, np.broadcast_to(i, (3, 2)), np.broadcast_to(v, (3, 2)), 1, "assign"),
           [rand(3, 4), const([[3, 0]]), rand(1, 2)]),
    OpSpec("put_along_axis_scalar", lambda a, i: SS.put_along_axis(a, i, 9.0, 1, "add"),
           lambda a, i: ref_put(a, np.broadcast_to(i, (3, 1)), np.full((3, 1), 9.0), 1, "add"), [rand(3, 4),
                                                                                             const([[2]])]),
    # triangular / diagonal / grids
    OpSpec("tril", tril, np.tril, [rand(3, 4)], double=True),
    OpSpec("tril_diag1", lambda x: tril(x, 1), lambda x: np.tril(x, 1), [rand(2, 3, 3)]),
    OpSpec("triu_diag-1", lambda x: triu(x, -1), lambda x: np.triu(x, -1), [rand(4, 3)]),
    OpSpec("diag_vector", lambda x: diag(x, 1, 2.0), lambda x: ref_diag(x, 1, 2.0), [rand(3)], double=True),
    OpSpec("diag_matrix", lambda x: diag(x, -1), lambda x: ref_diag(x, -1), [rand(3, 4)], double=True),
    OpSpec("diag_0d", diag, lambda x: x.reshape(1, 1), [rand()]),
    OpSpec("diagflat", lambda x: diagflat(x, -1), lambda x: ref_diag(x.reshape(-1), -1), [rand(2, 2)]),
    OpSpec("diag_embed", diag_embed, ref_diag_embed, [rand(2, 3)], grad=()),
    OpSpec("diag_embed_dims", lambda x: diag_embed(x, 1, 0, 2), lambda x: ref_diag_embed(x, 1, 0, 2),
           [rand(2, 3)], grad=()),
    OpSpec("meshgrid", lambda a, b, c: meshgrid(a, b, c), lambda a, b, c: np.meshgrid(a, b, c, indexing="ij"),
           [rand(2), rand(3), rand()], double=True),
    OpSpec("meshgrid_xy", lambda a, b: meshgrid([a, b], indexing="xy"), lambda a, b: np.meshgrid(a, b),
           [rand(2), rand(3)]),
    # unique
    OpSpec("unique", lambda x: unique(x, True, True, True),
           lambda x: np.unique(x, return_index=True, return_inverse=True, return_counts=True),
           [ints(10, high=5)]),
    OpSpec("unique_axis", lambda x: unique(x, return_inverse=True, axis=0),
           lambda x: np.unique(x, return_inverse=True, axis=0), [ints(6, 2, high=2)]),
    OpSpec("unique_float", unique, np.unique, [const([2.5, -1.0, 2.5, 0.0])], grad=()),
    OpSpec("unique_consecutive", lambda x: unique_consecutive(x, True, True), ref_unique_consecutive,
           [ints(10, high=3)]),
]

test_forward, test_grad, test_static, test_static_grad, test_double = parametrize(SPECS)
