"""OpSpec table: join / split / slicing ops (concat, stack, split, unbind, slice, strided_slice, crop, pad, ...)."""
import numpy as np

import purepaddle as paddle
from purepaddle.tensor.manipulation import join as J
from tests.opspec import OpSpec, parametrize, rand


def const(a, dtype=None):
    """Input factory: a fixed array."""
    return lambda rng: np.array(a, dtype=dtype)


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


SPECS = [
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

test_forward, test_grad, test_static, test_static_grad, test_double = parametrize(SPECS)
