"""OpSpec table: shape ops (reshape, flatten, squeeze, transpose, expand, tile, flip, roll, indexing, ...)."""
import numpy as np

import purepaddle as paddle
from tests.opspec import OpSpec, parametrize, rand


def const(a, dtype=None):
    """Input factory: a fixed array."""
    return lambda rng: np.array(a, dtype=dtype)


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


SPECS = [
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
    OpSpec("setitem_dup", setitem([1, 1, 0]), setitem_ref([1, 1, 0]), [rand(3, 2), rand(3, 2)]),
    OpSpec("setitem_adjacent", setitem((slice(None), [0, 2], [1, 3])), setitem_ref((slice(None), [0, 2], [1, 3])),
           [rand(2, 3, 4), rand(2, 1)]),
    OpSpec("setitem_separated", setitem(([0, 1], slice(None), [1, 3])), setitem_ref(([0, 1], slice(None), [1, 3])),
           [rand(2, 3, 4), rand(2, 3)]),
    OpSpec("setitem_mask", setitem_mask, setitem_mask_ref, [rand(3, 4), scalar()]),
]

test_forward, test_grad, test_static, test_static_grad, test_double = parametrize(SPECS)
