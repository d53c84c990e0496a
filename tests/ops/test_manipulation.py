"""OpSpec table of the manipulation family: gather/scatter/select/masking/triangular ops (paddle.gather, scatter,
where, tril, unique, ...); join / split / slicing ops (concat, stack, split, unbind, slice, strided_slice, crop,
pad, ...); shape ops (reshape, transpose, squeeze, expand, flip, roll, ...); tensor_split / stacks / atleast_Nd /
tensordot / block_diag / *_scatter / fill_diagonal / as_complex / as_strided / unfold / nanmedian / quantile."""
import numpy as np

import purepaddle as paddle
import purepaddle.nn.functional as F
from purepaddle import tensor as S  # the tensor face: every public function, whichever family part holds it
from purepaddle.tensor.manipulation import join as J
from tests.opspec import OpSpec, ints, parametrize, rand

SS = ST = S


# -- gather / scatter / select / masking / triangular --------------------------------------------------------
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
    OpSpec("gather", S.gather, ref_gather, [rand(3, 4), ints(5, high=3)], double=True),
    OpSpec("gather_axis1_Mx1", lambda x, i: S.gather(x, i, axis=1), lambda x, i: ref_gather(x, i, 1),
           [rand(2, 4, 3), const([[3], [0], [3]], "int64")]),
    OpSpec("gather_0d_index", lambda x, i: S.gather(x, i, axis=-1), lambda x, i: np.take(x, i, axis=-1),
           [rand(3, 4), const(2, "int32")]),
    OpSpec("gather_negative_index", S.gather, ref_gather, [rand(3, 2), const([-1, 0, -3])]),
    OpSpec("gather_int", S.gather, ref_gather, [ints(4, 3, high=9), ints(3, high=4)]),
    OpSpec("gather_nd", S.gather_nd, ref_gather_nd, [rand(3, 4, 2), const([[1, 2], [0, 0], [1, 2]])], double=True),
    OpSpec("gather_nd_rows", S.gather_nd, ref_gather_nd, [rand(3, 4), const([[[2], [0]], [[2], [1]]])]),
    OpSpec("take_along_axis", lambda x, i: S.take_along_axis(x, i, 1),
           lambda x, i: np.take_along_axis(x, i, 1), [rand(3, 4), ints(3, 5, high=4)], double=True),
    OpSpec("take_along_axis_broadcast", lambda x, i: S.take_along_axis(x, i, 1),
           lambda x, i: np.take_along_axis(x, np.broadcast_to(i, (3, 2)), 1), [rand(3, 4), ints(1, 2, high=4)]),
    OpSpec("take_along_axis_nobroadcast", lambda x, i: S.take_along_axis(x, i, 0, broadcast=False),
           lambda x, i: np.take_along_axis(x[:, :2], i, 0), [rand(3, 4), ints(2, 2, high=3)]),
    OpSpec("index_select", lambda x, i: S.index_select(x, i, axis=1),
           lambda x, i: np.take(x, i, axis=1), [rand(3, 4), ints(5, high=4)], double=True),
    OpSpec("index_sample", S.index_sample, ref_index_sample, [rand(3, 4), ints(3, 5, high=4)]),
    OpSpec("take", S.take, lambda x, i: np.take(x.reshape(-1), i), [rand(3, 4), const([[0, 11], [-1, 5]])]),
    OpSpec("take_wrap", lambda x, i: S.take(x, i, mode="wrap"),
           lambda x, i: np.take(x.reshape(-1), i, mode="wrap"), [rand(3, 4), const([[0, 13], [-14, 5]])]),
    OpSpec("take_clip", lambda x, i: S.take(x, i, mode="clip"),
           lambda x, i: np.take(x.reshape(-1), i, mode="clip"), [rand(3, 4), const([[0, 13], [-14, 5]])]),
    # masks and where
    OpSpec("masked_select", S.masked_select, lambda x, m: x[m], [rand(3, 4), bools(3, 4)]),
    OpSpec("masked_select_broadcast", S.masked_select, lambda x, m: np.broadcast_to(x, (3, 4))[m],
           [rand(4), bools(3, 4)]),
    OpSpec("masked_fill", lambda x, m: S.masked_fill(x, m, 2.0), lambda x, m: np.where(m, 2.0, x),
           [rand(3, 4), bools(4)]),
    OpSpec("masked_fill_tensor_value", S.masked_fill, lambda x, m, v: np.where(m, v, x),
           [rand(3, 4), bools(3, 4), rand()], double=True),
    OpSpec("where", S.where, np.where, [bools(3, 4), rand(3, 4), rand(4)], double=True),
    OpSpec("where_scalar", lambda c, x: S.where(c, x, 0.5), lambda c, x: np.where(c, x, 0.5),
           [bools(2, 3), rand(2, 3)]),
    OpSpec("nonzero", S.nonzero, np.argwhere, [with_zeros(3, 4)], grad=()),
    OpSpec("nonzero_tuple", lambda x: S.nonzero(x, as_tuple=True), np.nonzero, [with_zeros(3, 4)], grad=()),
    OpSpec("where_1arg", S.where, np.nonzero, [bools(2, 5)]),
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
    # a 0-D value of a's dtype (a Python float is a float32 tensor to Paddle, refused for float64 `a`)
    OpSpec("put_along_axis_0d_value", lambda a, i: SS.put_along_axis(a, i, (a * 0).sum() + 9.0, 1, "add"),
           lambda a, i: ref_put(a, np.broadcast_to(i, (3, 1)), np.full((3, 1), 9.0), 1, "add"), [rand(3, 4),
                                                                                             const([[2]])]),
    # triangular / diagonal / grids
    OpSpec("tril", ST.tril, np.tril, [rand(3, 4)], double=True),
    OpSpec("tril_diag1", lambda x: ST.tril(x, 1), lambda x: np.tril(x, 1), [rand(2, 3, 3)]),
    OpSpec("triu_diag-1", lambda x: ST.triu(x, -1), lambda x: np.triu(x, -1), [rand(4, 3)]),
    OpSpec("diag_vector", lambda x: ST.diag(x, 1, 2.0), lambda x: ref_diag(x, 1, 2.0), [rand(3)], double=True),
    OpSpec("diag_matrix", lambda x: ST.diag(x, -1), lambda x: ref_diag(x, -1), [rand(3, 4)], double=True),
    OpSpec("diag_0d", ST.diag, lambda x: x.reshape(1, 1), [rand()]),
    OpSpec("diagflat", lambda x: ST.diagflat(x, -1), lambda x: ref_diag(x.reshape(-1), -1), [rand(2, 2)]),
    OpSpec("diag_embed", ST.diag_embed, ref_diag_embed, [rand(2, 3)], grad=()),
    OpSpec("diag_embed_dims", lambda x: ST.diag_embed(x, 1, 0, 2), lambda x: ref_diag_embed(x, 1, 0, 2),
           [rand(2, 3)], grad=()),
    OpSpec("meshgrid", lambda a, b, c: ST.meshgrid(a, b, c), lambda a, b, c: np.meshgrid(a, b, c, indexing="ij"),
           [rand(2), rand(3), rand()], double=True),
    OpSpec("meshgrid_xy", lambda a, b: ST.meshgrid([a, b], indexing="xy"), lambda a, b: np.meshgrid(a, b),
           [rand(2), rand(3)]),
    # unique
    OpSpec("unique", lambda x: ST.unique(x, True, True, True),
           lambda x: np.unique(x, return_index=True, return_inverse=True, return_counts=True),
           [ints(10, high=5)]),
    OpSpec("unique_axis", lambda x: ST.unique(x, return_inverse=True, axis=0),
           lambda x: np.unique(x, return_inverse=True, axis=0), [ints(6, 2, high=2)]),
    OpSpec("unique_float", ST.unique, np.unique, [const([2.5, -1.0, 2.5, 0.0])], grad=()),
    OpSpec("unique_consecutive", lambda x: ST.unique_consecutive(x, True, True), ref_unique_consecutive,
           [ints(10, high=3)]),
]


# -- join / split / slicing ----------------------------------------------------------------------------------
def ref_pad_constant(x, pad, value=0.0):
    """numpy pad of the last dims, torch-style pad order (last dim first)."""
    widths = [(0, 0)] * x.ndim
    for i in range(len(pad) // 2):
        widths[x.ndim - 1 - i] = (pad[2 * i], pad[2 * i + 1])
    return np.pad(x, widths, constant_values=value)


def ref_pad_nchw(mode):
    np_mode = {"reflect": "reflect", "replicate": "edge", "circular": "wrap"}[mode]

    def ref(x, pad):
        widths = [(0, 0)] * x.ndim
        for i in range(len(pad) // 2):
            widths[x.ndim - 1 - i] = (pad[2 * i], pad[2 * i + 1])
        return np.pad(x, widths, mode=np_mode)
    return ref


def ref_split(x, sections, axis):
    return np.split(x, np.cumsum(sections)[:-1], axis=axis)


def ref_index_put(x, i, v, accumulate=False):
    out = x.copy()
    if accumulate:
        np.add.at(out, (i,), v)
    else:
        out[i] = v
    return out


JOIN = [
    OpSpec("concat", lambda a, b: paddle.concat([a, b], 1), lambda a, b: np.concatenate([a, b], 1),
           [rand(2, 3), rand(2, 4)], double=True),
    OpSpec("concat_neg_axis", lambda a, b, c: paddle.concat([a, b, c], -1), lambda a, b, c: np.concatenate([a, b, c], -1),
           [rand(2, 1), rand(2, 2), rand(2, 3)]),
    OpSpec("concat_tuple", lambda a, b: paddle.concat((a, b)),
           lambda a, b: np.concatenate([a, b]), [rand(1, 3), rand(2, 3)]),
    OpSpec("cat", lambda a, b: paddle.cat([a, b], -1), lambda a, b: np.concatenate([a, b], -1), [rand(2, 1), rand(2, 2)]),
    OpSpec("narrow", lambda x: paddle.narrow(x, 1, -3, 2), lambda x: x[:, 1:3], [rand(2, 4)]),
    OpSpec("stack", lambda a, b: paddle.stack([a, b], 1), lambda a, b: np.stack([a, b], 1), [rand(2, 3), rand(2, 3)],
           double=True),
    OpSpec("stack_last", lambda a, b: paddle.stack([a, b], -1), lambda a, b: np.stack([a, b], -1),
           [rand(2, 3), rand(2, 3)]),
    OpSpec("split_num", lambda x: paddle.split(x, 3, 1), lambda x: np.split(x, 3, 1), [rand(2, 6)], double=True),
    OpSpec("split_sections", lambda x: paddle.split(x, [1, -1, 2], 0), lambda x: ref_split(x, [1, 3, 2], 0),
           [rand(6, 2)]),
    OpSpec("split_method", lambda x: x.split(2, axis=-1), lambda x: np.split(x, 2, -1), [rand(2, 4)]),
    OpSpec("split_one_used", lambda x: paddle.split(x, 2, 0)[1], lambda x: np.split(x, 2, 0)[1], [rand(4, 3)]),
    OpSpec("chunk", lambda x: paddle.chunk(x, 2, 1), lambda x: np.split(x, 2, 1), [rand(3, 4)]),
    OpSpec("unbind", lambda x: paddle.unbind(x, 1), lambda x: [x[:, i] for i in range(3)], [rand(2, 3)], double=True),
    OpSpec("unstack", lambda x: paddle.unstack(x, -1), lambda x: [x[..., i] for i in range(2)], [rand(3, 2)]),
    OpSpec("slice", lambda x: paddle.slice(x, [0, 2], [1, -3], [3, 100]), lambda x: x[1:3, :, -3:],
           [rand(4, 2, 5)], double=True),
    OpSpec("strided_slice", lambda x: paddle.strided_slice(x, [0, 1], [-1, 0], [-10, 5], [-2, 2]),
           lambda x: x[-1:-10:-2, 0:5:2], [rand(5, 6)], double=True),
    OpSpec("crop", lambda x: paddle.crop(x, [2, -1], [1, 2]), lambda x: x[1:3, 2:], [rand(4, 5)], double=True),
    OpSpec("pad_constant", lambda x: J.pad(x, [1, 2, 0, 1], value=0.5),
           lambda x: np.pad(x, [(1, 2), (0, 1)], constant_values=0.5), [rand(2, 3)], double=True),
    OpSpec("pad_constant_last_dims", lambda x: J.pad(x, [1, 2], value=0.5),
           lambda x: ref_pad_constant(x, [1, 2], 0.5), [rand(2, 3, 2)]),
    OpSpec("pad_crop", lambda x: J.pad(x, [-1, 1]), lambda x: np.pad(x[:, 1:], [(0, 0), (0, 1)]), [rand(2, 3)]),
    OpSpec("pad_reflect", lambda x: J.pad(x, [1, 2, 2, 0], mode="reflect"),
           lambda x: ref_pad_nchw("reflect")(x, [1, 2, 2, 0]), [rand(1, 2, 3, 4)], double=True),
    OpSpec("pad_replicate", lambda x: J.pad(x, [2, 1], mode="replicate"),
           lambda x: ref_pad_nchw("replicate")(x, [2, 1]), [rand(1, 2, 3)]),
    OpSpec("pad_circular", lambda x: J.pad(x, [1, 0, 2, 1, 0, 1], mode="circular"),
           lambda x: ref_pad_nchw("circular")(x, [1, 0, 2, 1, 0, 1]), [rand(1, 1, 2, 3, 3)]),
    OpSpec("pad_nhwc", lambda x: J.pad(x, [1, 1, 0, 1], mode="reflect", data_format="NHWC"),
           lambda x: np.pad(x, [(0, 0), (0, 1), (1, 1), (0, 0)], mode="reflect"), [rand(1, 3, 3, 2)]),
    OpSpec("index_put", lambda x, i, v: paddle.index_put(x, (i,), v), ref_index_put,
           [rand(4, 3), const([3, 0], "int64"), rand(2, 3)]),
    OpSpec("index_put_accumulate", lambda x, i, v: paddle.index_put(x, (i,), v, accumulate=True),
           lambda x, i, v: ref_index_put(x, i, v, True), [rand(4, 3), const([3, 0, 3], "int64"), rand(3, 1)],
           double=True),
    OpSpec("index_put_bool", lambda x, m, v: paddle.index_put(x, (m,), v), lambda x, m, v: ref_index_put(x, m, v),
           [rand(4), const([True, False, True, True]), rand(1)]),
]


# -- shape: reshape, transpose, squeeze, expand, tile, flip, roll, indexing ----------------------------------
def scalar():
    """Input factory: a 0-D float."""
    return lambda rng: np.array(rng.uniform(-1, 1))


def ref_flatten(x, start_axis=0, stop_axis=-1):
    n = x.ndim
    s, e = start_axis % n, stop_axis % n
    return x.reshape(x.shape[:s] + (-1,) + x.shape[e + 1:])


def ref_moveaxis(x, source, destination):
    return np.moveaxis(x, source, destination)


def ref_tile(x, repeat_times):
    return np.tile(x, repeat_times)


def ref_rot90(x, k=1, axes=(0, 1)):
    return np.rot90(x, k, axes)


def setitem(idx):
    """fn(x, v): x * 1 with x[idx] = v (the target is a non-leaf, so grads flow to both)."""
    def fn(x, v):
        y = x * 1.0
        y[idx] = v
        return y
    return fn


def setitem_ref(idx):
    def ref(x, v):
        y = x.copy()
        y[idx] = v
        return y
    return ref


def setitem_mask(x, v):
    y = x * 1.0
    y[y > 0.2] = v
    return y


def setitem_mask_ref(x, v):
    y = x.copy()
    y[y > 0.2] = v
    return y


SHAPE = [
    # reshape family
    OpSpec("reshape", lambda x: paddle.reshape(x, [4, -1]), lambda x: x.reshape(4, -1), [rand(2, 3, 4)], double=True),
    OpSpec("reshape_zero", lambda x: paddle.reshape(x, [0, -1]), lambda x: x.reshape(2, -1), [rand(2, 3, 4)]),
    OpSpec("reshape_method", lambda x: x.reshape([3, 8]), lambda x: x.reshape(3, 8), [rand(2, 3, 4)]),
    OpSpec("reshape_", lambda x: paddle.reshape_(x * 1.0, [6, 4]), lambda x: x.reshape(6, 4), [rand(2, 3, 4)]),
    OpSpec("flatten", paddle.flatten, ref_flatten, [rand(2, 3, 4)]),
    OpSpec("flatten_range", lambda x: paddle.flatten(x, 1, 2), lambda x: ref_flatten(x, 1, 2), [rand(2, 3, 4, 2)]),
    OpSpec("flatten_", lambda x: paddle.flatten_(x * 1.0, 0, 1), lambda x: ref_flatten(x, 0, 1), [rand(2, 3, 4)]),
    OpSpec("squeeze", paddle.squeeze, np.squeeze, [rand(1, 3, 1, 2)], double=True),
    OpSpec("squeeze_axis", lambda x: paddle.squeeze(x, [0, 1]), lambda x: x.reshape(3, 1, 2), [rand(1, 3, 1, 2)]),
    OpSpec("squeeze_", lambda x: paddle.squeeze_(x * 1.0, -2), lambda x: x.reshape(1, 3, 2), [rand(1, 3, 1, 2)]),
    OpSpec("unsqueeze", lambda x: paddle.unsqueeze(x, [0, -1]), lambda x: x[None, ..., None], [rand(2, 3)]),
    OpSpec("unsqueeze_", lambda x: paddle.unsqueeze_(x * 1.0, 1), lambda x: x[:, None], [rand(2, 3)]),
    # transpose family
    OpSpec("transpose", lambda x: paddle.transpose(x, [2, 0, 1]), lambda x: x.transpose(2, 0, 1), [rand(2, 3, 4)],
           double=True),
    OpSpec("transpose_", lambda x: paddle.transpose_(x * 1.0, [1, 0]), lambda x: x.T, [rand(2, 3)]),
    OpSpec("t", paddle.t, np.transpose, [rand(2, 3)]),
    OpSpec("t_", lambda x: paddle.t_(x * 1.0), np.transpose, [rand(2, 3)]),
    OpSpec("T", lambda x: x.T, np.transpose, [rand(2, 3, 4)]),
    OpSpec("permute", lambda x: x.permute(2, 0, 1), lambda x: x.transpose(2, 0, 1), [rand(2, 3, 4)]),
    OpSpec("swapaxes", lambda x: paddle.swapaxes(x, [1, 0]), lambda x: x.T, [rand(2, 3)]),
    OpSpec("unflatten", lambda x: paddle.unflatten(x, 1, [2, -1]), lambda x: x.reshape(2, 2, 3, 2), [rand(2, 6, 2)]),
    OpSpec("view_as", lambda x, y: paddle.view_as(x, y), lambda x, y: x.reshape(y.shape), [rand(2, 6), rand(3, 4)],
           grad=[0]),
    OpSpec("moveaxis", lambda x: paddle.moveaxis(x, [0, 1], [2, 0]), lambda x: ref_moveaxis(x, [0, 1], [2, 0]),
           [rand(2, 3, 4)]),
    # broadcasting
    OpSpec("expand", lambda x: paddle.expand(x, [2, 3, -1]), lambda x: np.broadcast_to(x, (2, 3, 4)), [rand(1, 4)],
           double=True),
    OpSpec("broadcast_to", lambda x: paddle.broadcast_to(x, [2, 3, 4]), lambda x: np.broadcast_to(x, (2, 3, 4)),
           [rand(3, 1)]),
    OpSpec("expand_as", paddle.expand_as, lambda x, y: np.broadcast_to(x, y.shape), [rand(1, 4), rand(3, 4)],
           grad=[0]),
    OpSpec("broadcast_tensors", lambda x, y: paddle.broadcast_tensors([x, y]), lambda x, y: np.broadcast_arrays(x, y),
           [rand(2, 1), rand(3)]),
    # repetition, reordering
    OpSpec("tile", lambda x: paddle.tile(x, [2, 1, 3]), lambda x: ref_tile(x, [2, 1, 3]), [rand(2, 3)], double=True),
    OpSpec("tile_short", lambda x: paddle.tile(x, [2]), lambda x: ref_tile(x, [2]), [rand(2, 3)]),
    OpSpec("repeat_interleave", lambda x: paddle.repeat_interleave(x, 2, 1), lambda x: np.repeat(x, 2, 1),
           [rand(2, 3)], double=True),
    OpSpec("repeat_interleave_flat", lambda x: paddle.repeat_interleave(x, 3), lambda x: np.repeat(x, 3),
           [rand(2, 3)]),
    OpSpec("repeat_interleave_tensor", lambda x, r: paddle.repeat_interleave(x, r, 0),
           lambda x, r: np.repeat(x, r, 0), [rand(3, 2), const([2, 0, 1], "int64")], double=True),
    OpSpec("flip", lambda x: paddle.flip(x, [0, 2]), lambda x: np.flip(x, (0, 2)), [rand(2, 3, 4)], double=True),
    OpSpec("roll", lambda x: paddle.roll(x, [1, -2], [0, 1]), lambda x: np.roll(x, (1, -2), (0, 1)), [rand(3, 4)],
           double=True),
    OpSpec("roll_flat", lambda x: paddle.roll(x, 5), lambda x: np.roll(x, 5), [rand(3, 4)]),
    OpSpec("rot90", paddle.rot90, ref_rot90, [rand(2, 3)]),
    OpSpec("rot90_k", lambda x: paddle.rot90(x, -1, [2, 0]), lambda x: ref_rot90(x, -1, (2, 0)), [rand(2, 3, 4)]),
    OpSpec("rot90_2", lambda x: paddle.rot90(x, 2, [1, 2]), lambda x: ref_rot90(x, 2, (1, 2)), [rand(2, 3, 4)]),
    # indexing (__getitem__)
    OpSpec("getitem_int", lambda x: x[1], lambda x: x[1], [rand(3, 4)], double=True),
    OpSpec("getitem_slices", lambda x: x[1:, ::-2], lambda x: x[1:, ::-2], [rand(3, 5)], double=True),
    OpSpec("getitem_none_ellipsis", lambda x: x[None, ..., -1], lambda x: x[None, ..., -1], [rand(2, 3, 4)]),
    OpSpec("getitem_list", lambda x: x[[2, 0, 2]], lambda x: x[[2, 0, 2]], [rand(3, 4)], double=True),
    OpSpec("getitem_adjacent", lambda x: x[:, [0, 2], [1, 3]], lambda x: x[:, [0, 2], [1, 3]], [rand(2, 3, 4)]),
    OpSpec("getitem_separated", lambda x: x[[0, 1], :, [1, 3]], lambda x: x[[0, 1], :, [1, 3]], [rand(2, 3, 4)]),
    OpSpec("getitem_int_tensor", lambda x, i: x[:, i], lambda x, i: x[:, i], [rand(2, 4, 3),
           const([[0, 3], [1, 1]], "int64")]),
    OpSpec("getitem_bool", lambda x, m: x[m], lambda x, m: x[m], [rand(3, 4), const([[1, 0, 1, 0], [0, 0, 1, 1],
           [1, 1, 1, 0]], bool)]),
    OpSpec("getitem_bool_row", lambda x: x[:, np.array([True, False, True])],
           lambda x: x[:, np.array([True, False, True])], [rand(2, 3, 2)]),
    # indexing (__setitem__): gradient to the target (zero where overwritten) and to the value
    OpSpec("setitem_int", setitem(1), setitem_ref(1), [rand(3, 4), rand(4)], double=True),
    OpSpec("setitem_slice_bcast", setitem((slice(None), slice(1, None, 2))), setitem_ref((slice(None),
           slice(1, None, 2))), [rand(3, 5), rand(1, 2)]),
    OpSpec("setitem_none", setitem((None, 0)), setitem_ref((None, 0)), [rand(2, 3), rand(1, 3)]),
    OpSpec("setitem_list", setitem([2, 0]), setitem_ref([2, 0]), [rand(3, 4), rand(2, 4)]),
    # a duplicate index: the overwritten write's value gets its target's gradient too (index_put's rule, and
    # torch's), so only x's gradient is the numeric one (tests/tensor/test_indexing.py pins the value's)
    OpSpec("setitem_dup", setitem([1, 1, 0]), setitem_ref([1, 1, 0]), [rand(3, 2), rand(3, 2)], grad=(0,)),
    OpSpec("setitem_adjacent", setitem((slice(None), [0, 2], [1, 3])), setitem_ref((slice(None), [0, 2], [1, 3])),
           [rand(2, 3, 4), rand(2, 1)]),
    OpSpec("setitem_separated", setitem(([0, 1], slice(None), [1, 3])), setitem_ref(([0, 1], slice(None), [1, 3])),
           [rand(2, 3, 4), rand(2, 3)]),
    OpSpec("setitem_mask", setitem_mask, setitem_mask_ref, [rand(3, 4), scalar()]),
]


# -- tensor_split, stacks, atleast_Nd, tensordot, block_diag, *_scatter, views, nanmedian, quantile ----------
def with_nans(*shape):
    """Input factory: floats with a few NaNs (one whole row NaN when there are several rows)."""
    def make(rng):
        a = rng.uniform(-1, 1, size=shape)
        a.reshape(-1)[::5] = np.nan
        if len(shape) > 1 and shape[0] > 2:
            a[-1] = np.nan
        return a
    return make


def ref_fill_diag_tensor(x, y, offset=0, dim1=0, dim2=1):
    out = x.copy()
    m = np.moveaxis(out, (dim1, dim2), (-2, -1))
    r0, c0 = max(-offset, 0), max(offset, 0)
    n = y.shape[-1]
    m[..., np.arange(r0, r0 + n), np.arange(c0, c0 + n)] = y
    return out


def ref_masked_scatter(x, m, v):
    out = x.copy()
    out[m] = v.reshape(-1)[:m.sum()]
    return out


def ref_block_diag(*ms):
    ms = [np.atleast_2d(m) for m in ms]
    out = np.zeros((sum(m.shape[0] for m in ms), sum(m.shape[1] for m in ms)))
    r = c = 0
    for m in ms:
        out[r:r + m.shape[0], c:c + m.shape[1]] = m
        r, c = r + m.shape[0], c + m.shape[1]
    return out


def ref_unfold(x, axis, size, step):
    n = (x.shape[axis] - size) // step + 1
    wins = [np.take(x, np.arange(i * step, i * step + size), axis=axis) for i in range(n)]
    return np.moveaxis(np.stack(wins, axis), axis + 1, -1)


def ref_select_scatter(x, v, axis, index):
    out = x.copy()
    idx = [slice(None)] * x.ndim
    idx[axis] = index
    out[tuple(idx)] = v
    return out


def ref_slice_scatter(x, v):
    out = x.copy()
    out[:, 1:6:2] = v
    return out


SPLITS_VIEWS_AND_SCATTERS = [
    OpSpec("tensor_split_num", lambda x: paddle.tensor_split(x, 3, axis=1),
           lambda x: np.array_split(x, 3, axis=1), [rand(2, 7)], double=True),
    OpSpec("tensor_split_indices", lambda x: paddle.tensor_split(x, [1, -2, 9]),
           lambda x: np.split(x, [1, 4, 9]), [rand(6, 2)]),
    OpSpec("tensor_split_empty_parts", lambda x: paddle.tensor_split(x, 4), lambda x: np.array_split(x, 4),
           [rand(3)]),
    OpSpec("hsplit", lambda x: paddle.hsplit(x, [1, 3]), lambda x: np.hsplit(x, [1, 3]), [rand(2, 4, 2)]),
    OpSpec("vsplit", lambda x: paddle.vsplit(x, 2), lambda x: np.vsplit(x, 2), [rand(4, 3)]),
    OpSpec("dsplit", lambda x: paddle.dsplit(x, [1]), lambda x: np.dsplit(x, [1]), [rand(2, 2, 3)]),
    OpSpec("hstack", lambda a, b: paddle.hstack([a, b]), lambda a, b: np.hstack([a, b]), [rand(2, 1), rand(2, 3)]),
    OpSpec("hstack_1d", lambda a, b: paddle.hstack([a, b]), lambda a, b: np.hstack([a, b]), [rand(2), rand()]),
    OpSpec("vstack", lambda a, b: paddle.vstack([a, b]), lambda a, b: np.vstack([a, b]), [rand(3), rand(2, 3)]),
    OpSpec("row_stack", lambda a, b: paddle.row_stack((a, b)), lambda a, b: np.vstack([a, b]), [rand(), rand()]),
    OpSpec("dstack", lambda a, b: paddle.dstack([a, b]), lambda a, b: np.dstack([a, b]), [rand(3), rand(1, 3, 2)]),
    OpSpec("column_stack", lambda a, b: paddle.column_stack([a, b]), lambda a, b: np.column_stack([a, b]),
           [rand(3), rand(3, 2)]),
    OpSpec("atleast_3d", lambda a, b, c: paddle.atleast_3d(a, b, c), lambda a, b, c: np.atleast_3d(a, b, c),
           [rand(), rand(2), rand(2, 3)]),
    OpSpec("atleast_2d", lambda a: paddle.atleast_2d(a), np.atleast_2d, [rand(3)]),
    OpSpec("ravel", paddle.ravel, np.ravel, [rand(2, 3)]),
    OpSpec("repeat", lambda x: x.repeat(2, 1, 2), lambda x: np.tile(x, (2, 1, 2)), [rand(2, 3)]),
    OpSpec("tensordot_int", lambda x, y: paddle.tensordot(x, y, 2), lambda x, y: np.tensordot(x, y, 2),
           [rand(2, 3, 4), rand(3, 4, 2)], double=True),
    OpSpec("tensordot_lists", lambda x, y: paddle.tensordot(x, y, [[0, 2], [1, 0]]),
           lambda x, y: np.tensordot(x, y, [[0, 2], [1, 0]]), [rand(2, 3, 4), rand(4, 2, 5)]),
    OpSpec("tensordot_broadcast", lambda x, y: paddle.tensordot(x, y, [[1], [0]]),
           lambda x, y: np.tensordot(x, np.broadcast_to(y, (3, 2)), [[1], [0]]), [rand(2, 3), rand(1, 2)]),
    OpSpec("tensordot_outer", lambda x, y: paddle.tensordot(x, y, 0), lambda x, y: np.tensordot(x, y, 0),
           [rand(2), rand(3)]),
    OpSpec("block_diag", lambda a, b, c: paddle.block_diag([a, b, c]), ref_block_diag, [rand(2, 2), rand(), rand(3)],
           double=True),
    OpSpec("fill_diagonal_tensor", lambda x, y: x.fill_diagonal_tensor(y, offset=1),
           lambda x, y: ref_fill_diag_tensor(x, y, 1), [rand(3, 4), rand(3)], double=True),
    OpSpec("diagonal_scatter_3d", lambda x, y: paddle.diagonal_scatter(x, y, -1, 2, 0),
           lambda x, y: ref_fill_diag_tensor(x, y, -1, 2, 0), [rand(3, 2, 4), rand(2, 3)]),
    OpSpec("fill_diagonal_", lambda x: (x * 1.0).fill_diagonal_(0.5, offset=-1, wrap=True),
           lambda x: np.where(np.isin(np.arange(12).reshape(6, 2), [2, 8]), 0.5, x), [rand(6, 2)]),
    OpSpec("select_scatter", lambda x, v: paddle.select_scatter(x, v, 1, -1),
           lambda x, v: ref_select_scatter(x, v, 1, -1), [rand(2, 3, 2), rand(2, 2)]),
    OpSpec("slice_scatter", lambda x, v: paddle.slice_scatter(x, v, [1], [1], [6], [2]), ref_slice_scatter,
           [rand(2, 7), rand(2, 1)]),
    OpSpec("masked_scatter", lambda x, m, v: paddle.masked_scatter(x, m, v), ref_masked_scatter,
           [rand(3, 4), lambda rng: rng.uniform(size=(3, 4)) > 0.5, rand(13)], grad=(0, 2)),
    OpSpec("as_complex_real", lambda x: paddle.as_real(paddle.as_complex(x) + paddle.as_complex(x)),
           lambda x: 2 * x, [rand(3, 2)], double=True),
    OpSpec("as_complex", lambda x: paddle.as_complex(x), lambda x: x[..., 0] + 1j * x[..., 1], [rand(2, 3, 2)],
           grad=(), static=True),
    OpSpec("as_strided", lambda x: paddle.as_strided(x, [3, 2], [1, 2], 8),
           lambda x: np.lib.stride_tricks.as_strided(x.reshape(-1)[1:], (3, 2), (8, 16)).copy(), [rand(2, 4)],
           dtype="float64"),
    OpSpec("unfold", lambda x: paddle.unfold(x, 1, 3, 2), lambda x: ref_unfold(x, 1, 3, 2), [rand(2, 7)],
           double=True),
    OpSpec("unfold_last", lambda x: x.unfold(-1, 2, 1), lambda x: ref_unfold(x, 2, 2, 1), [rand(2, 1, 3)]),
    OpSpec("nanmedian_axis", lambda x: paddle.nanmedian(x, axis=1), lambda x: np.nanmedian(x, axis=1),
           [with_nans(2, 5)], double=True),
    OpSpec("nanmedian_all_nan_row", lambda x: paddle.nanmedian(x, axis=-1, keepdim=True),
           lambda x: np.array([np.nanmedian(r) if not np.isnan(r).all() else np.nan for r in x])[:, None],
           [with_nans(4, 5)], grad=()),
    OpSpec("nanmedian_all", lambda x: paddle.nanmedian(x, keepdim=True), lambda x: np.nanmedian(x, keepdims=True),
           [with_nans(3, 4)]),
    OpSpec("nanmedian_axes", lambda x: paddle.nanmedian(x, axis=[0, 2]), lambda x: np.nanmedian(x, axis=(0, 2)),
           [rand(2, 3, 4)]),
    OpSpec("nanmedian_min", lambda x: paddle.nanmedian(x, axis=0, mode="min")[0],
           lambda x: np.sort(x, 0)[(x.shape[0] - 1) // 2], [rand(4, 3)]),
    OpSpec("quantile", lambda x: paddle.quantile(x, [0.2, 0.5], axis=1),
           lambda x: np.quantile(x, [0.2, 0.5], axis=1), [rand(3, 6)], double=True, atol=1e-5),
    OpSpec("quantile_axes_keepdim", lambda x: paddle.quantile(x, 0.3, axis=[0, 2], keepdim=True),
           lambda x: np.quantile(x, 0.3, axis=(0, 2), keepdims=True), [rand(2, 3, 4)]),
    OpSpec("quantile_nearest", lambda x: paddle.quantile(x, 0.4, interpolation="higher"),
           lambda x: np.quantile(x, 0.4, method="higher"), [rand(7)]),
    OpSpec("nanquantile", lambda x: paddle.nanquantile(x, 0.7, axis=0, interpolation="midpoint"),
           lambda x: np.nanquantile(x, 0.7, axis=0, method="midpoint"), [with_nans(5, 3)]),
]

SPECS += [  # the nn.functional forms of pad (pad3d)
    OpSpec("pad_reflect_4d", lambda x: F.pad(x, [1, 2, 2, 1], mode="reflect"),
           lambda x: np.pad(x, [(0, 0), (0, 0), (2, 1), (1, 2)], mode="reflect"), [rand(1, 2, 4, 4)]),
    OpSpec("zeropad2d", lambda x: F.zeropad2d(x, [1, 0, 0, 2]),
           lambda x: np.pad(x, [(0, 0), (0, 0), (0, 2), (1, 0)]), [rand(1, 2, 3, 3)]),
]

test_forward, test_grad, test_static, test_static_grad, test_double = parametrize(
    SPECS + JOIN + SHAPE + SPLITS_VIEWS_AND_SCATTERS)


def test_put_along_axis_mul_gradient_divides_the_result_as_paddle():
    # Paddle 3.3.1: x_grad = g * (out / x), value_grad = g * (out / value) where written: NaN for 0/0 and inf/inf
    x = paddle.to_tensor(np.array([[2.0, -np.inf, 0.0], [3.0, 1.0, 5.0]], "float32"), stop_gradient=False)
    v = paddle.to_tensor(np.array([[4.0, 2.0, 0.0]], "float32"), stop_gradient=False)
    y = paddle.put_along_axis(x, paddle.to_tensor(np.array([[1, 0, 1]])), v, 0, reduce="mul")
    y.backward(paddle.ones_like(y))
    np.testing.assert_array_equal(x.grad.numpy(), [[1.0, np.nan, 1.0], [4.0, 1.0, 0.0]])
    np.testing.assert_array_equal(v.grad.numpy(), [[3.0, -np.inf, np.nan]])
