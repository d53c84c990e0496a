"""OpSpec table: tensor_split / stacks / atleast_Nd / tensordot / block_diag / *_scatter / fill_diagonal /
as_complex / as_strided / unfold / nanmedian / quantile."""
import numpy as np

import purepaddle as paddle
from tests.opspec import OpSpec, parametrize, rand


def const(a, dtype=None):
    """Input factory: a fixed array."""
    return lambda rng: np.array(a, dtype=dtype)


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


SPECS = [
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

test_forward, test_grad, test_static, test_static_grad, test_double = parametrize(SPECS)
