"""Manipulation family API: Paddle's errors, dtypes, in-place variants, views and static programs for shape / join /
slicing functions, tensor_split & co., stacks, atleast_Nd, views, *_scatter, fill_diagonal, tensor arrays, numel,
nanmedian, quantile, argwhere."""
import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.tensor.manipulation import join as J

x3 = paddle.to_tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4))
x1 = paddle.to_tensor(np.arange(8, dtype=np.float32).reshape(2, 1, 4))
y3 = paddle.to_tensor(np.arange(72, dtype=np.float32).reshape(4, 6, 3))
s0 = paddle.to_tensor(3.0)

# (call, exception type, message fragment) as real Paddle 3.3.1 raises them
ERRORS = [
    (lambda: paddle.reshape(x3, [5, 5]), ValueError, "X's size = 24, 'shape' is [5, 5], the capacity of 'shape' is 25"),
    (lambda: paddle.reshape(x3, [-1, -1]), ValueError, "Only one dimension value of 'shape' in ReshapeOp can be -1"),
    (lambda: paddle.reshape(x3, [-2, 12]), ValueError, "must not be negative except one unknown dimension"),
    (lambda: paddle.reshape(x3, [1, 1, 1, 0, -1]), ValueError, "The index of 0 in `shape`"),
    (lambda: paddle.reshape(x3, [4.0, 6]), TypeError, "must be list of int, but got float at pos 0"),
    (lambda: paddle.reshape(x3, "ab"), ValueError, "shape must be an instance of `list`, `tuple` `Variable`"),
    (lambda: paddle.reshape(np.ones(3), [3]), ValueError, "reshape(): argument 'x' (position 0) must be Tensor"),
    (lambda: paddle.flatten(x3, 2, 1), ValueError, "The stop_axis should be larger than stat_axis"),
    (lambda: paddle.flatten(x3, 0, 3), ValueError, "The stop_axis should be a int, and in range [-rank(x), rank(x))"),
    (lambda: paddle.flatten(np.ones(2)), ValueError, "The input x should be a Tensor"),
    (lambda: paddle.squeeze(paddle.ones([1, 3, 1]), 3), ValueError, "should be in the range of [-3, 2]"),
    (lambda: paddle.squeeze(paddle.ones([1, 3]), 0.0), TypeError, "must be list, tuple, int, or Tensor, but got float"),
    (lambda: paddle.unsqueeze(x3, 5), ValueError, "should not be larger than the dimension size of input tensor"),
    (lambda: paddle.unsqueeze(x3, -5), ValueError, "should not be less than 0"),
    (lambda: paddle.transpose(x3, [0, 0, 1]), ValueError, "Each element of axis should be unique. but axis[1] is 0"),
    (lambda: paddle.transpose(x3, [3, 0, 1]), ValueError, "received 3"),
    (lambda: paddle.transpose(x3, [0, 1]), ValueError, "perm"),
    (lambda: paddle.moveaxis(x3, [0, 1], [2]), AssertionError, "'source' must have the same number with 'destination'"),
    (lambda: paddle.moveaxis(x3, [0, 0], [1, 2]), ValueError, "Each element of 'source' must be unique!"),
    (lambda: paddle.moveaxis(x3, 3, 0), AssertionError, "'source' must be in the range of [-3, 3)"),
    (lambda: paddle.t(x3), ValueError, "only support N-D (N<=2) tensor"),
    (lambda: paddle.expand(x1, [3, 3, 4]), ValueError, "The value (2) of the non-singleton dimension does not match the "
                                                       "corresponding value (3) in shape for expand_v2 op"),
    (lambda: paddle.expand(x1, [4]), ValueError, "must be greater than or equal to the rank (3) of the input"),
    (lambda: paddle.expand(x1, [-1, 2, 3, 4]), ValueError, "for non-existing dimensions must be positive"),
    (lambda: paddle.expand_as(x1, paddle.ones([3, 3, 4])), ValueError, "in shape for expand_as_v2 op"),
    (lambda: paddle.broadcast_tensors([paddle.ones([2, 1]), paddle.ones([3, 3])]), ValueError,
     "BroadcastTensorsOp inputs does not satisfy bcast semantics"),
    (lambda: paddle.broadcast_tensors([paddle.ones([2]), paddle.ones([2], dtype="float64")]), ValueError,
     "the first tensor is float32, but 1th tensor is float64"),
    (lambda: paddle.broadcast_shape([2, 3], [4, 3]), ValueError, "Received [2] in X is not equal to [4] in Y at i:0"),
    (lambda: paddle.tile(x1, [-1, 1, 1]), ValueError, "must be positive integers, but the value received is -1"),
    (lambda: paddle.repeat_interleave(paddle.ones([3, 2]), paddle.to_tensor([1, 2]), 0), ValueError,
     "But received: [2], required: [3]"),
    (lambda: paddle.repeat_interleave(paddle.ones([3, 2]), [1, 2, 3], 0), TypeError, "must be int, but got list"),
    (lambda: paddle.repeat_interleave(paddle.ones([3, 2]), 0, 0), ValueError, "repeats should be larger than zero"),
    (lambda: paddle.repeat_interleave(paddle.ones([3, 2]), 2, 2), IndexError, "Attr(dim) is out of range"),
    (lambda: paddle.flip(x3, 3), ValueError, "min(axes) should be less than the input tensor X's axes of FlipOp"),
    (lambda: paddle.flip(x3, [0, 0]), ValueError, "axes has duplicates"),
    (lambda: paddle.flip(x3, 0.5), TypeError, "must be list or tuple, but got float"),
    (lambda: paddle.roll(x3, [1, 2], [0]), ValueError, "dims.size() should be equal to shifts.size()"),
    (lambda: paddle.roll(x3, [1, 2]), ValueError, "When dims.size() == 0, shifts.size() should be equal to 1"),
    (lambda: paddle.roll(x3, 1, 3), ValueError, "axis is out of range, it should be in range [-3, 3)"),
    (lambda: paddle.rot90(x3, 1, [1, 1]), ValueError, "expected rotation axes to be different"),
    (lambda: paddle.rot90(x3, 1, [0]), ValueError, "expected total rotation axes == 2"),
    (lambda: paddle.rot90(paddle.ones([3])), ValueError, "expected total dims >= 2"),
    (lambda: paddle.rot90(x3, 1, [0, 5]), ValueError, "Rotation axis1 out of range, axis1 = 5"),
    (lambda: paddle.unflatten(x3, 1, [2, -1]), ValueError, "must be divisible by known capacity of 'shape'"),
    (lambda: paddle.unflatten(x3, 3, [2, 2]), AssertionError, "'axis'  must be in the range of [-3, 3)"),
    (lambda: paddle.view_as(x3, paddle.ones([5])), ValueError, "the capacity of 'shape' is 5"),
    (lambda: paddle.narrow(y3, 1, 5, 3), AssertionError, "start (5) + length (3) exceeds dimension size (6)."),
    (lambda: paddle.concat([x3, paddle.ones([2, 2, 4])], 0), ValueError, "The 1-th dimension of input[0] and input[1] is "
                                                                    "expected to be equal"),
    (lambda: paddle.concat([x3, x3.astype("int64")], 0), ValueError, "the first tensor is float32, but 1th tensor is int64"),
    (lambda: paddle.concat([x3, x3], 3), ValueError, "The axis is expected to be in range of [-3, 3), but got 3"),
    (lambda: paddle.concat(x3, 0), ValueError, "must be list of Tensors, but got Tensor"),
    (lambda: paddle.concat([], 0), ValueError, "must be list of Tensors, but got empty list"),
    (lambda: paddle.concat([s0, s0], 0), ValueError, "The axis is expected to be in range of [0, 0), but got 0"),
    (lambda: paddle.stack([x3, x3], 4), ValueError, "Attr(axis) must be inside [-(rank+1), rank+1), where rank = 3"),
    (lambda: paddle.stack([x3, paddle.ones([2, 3])], 0), ValueError, "The shape of input[0] and input[1] is expected to be"),
    (lambda: paddle.split(y3, 4, 1), ValueError, "must be evenly divisible by Attr(num_or_sections)"),
    (lambda: paddle.split(y3, [-1, -1, 2], 1), ValueError, "Only one dimension value of Attr(num_or_sections)"),
    (lambda: paddle.split(y3, [1, 2], 1), ValueError, "Sum of Attr(num_or_sections) must be equal to the input's size"),
    (lambda: paddle.split(y3, 0, 1), ValueError, "Attr(num_or_sections) should not be 0"),
    (lambda: paddle.split(y3, 2.0, 1), TypeError, "The type of 'num_or_sections' in split must be int, list or tuple"),
    (lambda: paddle.split(y3, 3, 3), ValueError, "The axis is expected to be in range of [-3, 3), but got 3"),
    (lambda: paddle.unbind(y3, 3), ValueError, "The axis must in range(-3, 3)."),
    (lambda: paddle.unbind(y3, 1.0), TypeError, "The type of 'axis'  must be int"),
    (lambda: paddle.unstack(y3, 1, 5), ValueError, "Expect 6 but got 5"),
    (lambda: paddle.unstack(y3, 3), ValueError, "`axis` must be in the range [-3, 3)"),
    (lambda: paddle.slice(y3, [1, 2], [1], [3]), ValueError, "The length of axes (2) and length of starts (1)"),
    (lambda: paddle.slice(y3, 1, 1, 3), ValueError, "Input axes must be a python list or tuple"),
    (lambda: paddle.strided_slice(y3, [1], [0], [4], [0]), ValueError, "stride index in StridedSlice operator is 0"),
    (lambda: paddle.strided_slice(y3, [1], [0, 1], [4], [1]), ValueError, "The size of starts attribute in "
                                                                           "StridedSlice operator is not equal"),
    (lambda: paddle.crop(y3, [4, 3, 2], [1, 1, 1]), ValueError, "The sum of the 0th elements of offsets (1) and "
                                                                "shape (4)"),
    (lambda: paddle.crop(y3, [4, 3], [1, 1]), ValueError, "attribute 'shape' for CropTensor must be equal"),
    (lambda: paddle.crop(y3, [2, 2, 2], [-1, 0, 0]), ValueError, "should be greater than or equal to 0"),
    (lambda: J.pad(paddle.ones([1, 2, 3, 4]), [4, 1, 2, 0], mode="reflect"), ValueError,
     "should be greater than pad_left in reflect mode"),
    (lambda: J.pad(paddle.ones([2, 3]), [1, 1], mode="reflect"), AssertionError, "dimension must be in [3, 4, 5]"),
    (lambda: J.pad(paddle.ones([2, 3]), [1, 1], mode="foo"), AssertionError, "mode should be one of constant"),
    (lambda: J.pad(paddle.ones([1, 2, 3, 4]), [1, 1, 2, 0], data_format="NCL"), AssertionError,
     "it's data format should be in ['NCHW', 'NHWC']"),
]


@pytest.mark.parametrize("call, err, msg", ERRORS, ids=[m[:45] for _, _, m in ERRORS])
def test_errors_match_paddle(call, err, msg):
    with pytest.raises(err) as e:
        call()
    assert msg in str(e.value)
    assert "failed on inputs" not in str(e.value)  # checked before the kernel runs


def test_results_keep_dtype():
    for dt in ("int32", "int64", "bool", "float64", "uint8"):
        t = paddle.ones([2, 3]).astype(dt)
        outs = [paddle.reshape(t, [3, 2]), paddle.flatten(t), paddle.unsqueeze(t, 0), paddle.transpose(t, [1, 0]),
                paddle.expand(t, [2, 2, 3]), paddle.tile(t, [2]), paddle.flip(t, 0), paddle.roll(t, 1),
                paddle.concat([t, t]), paddle.stack([t, t]), paddle.split(t, 3, 1)[0], paddle.unbind(t)[0], t[0], t[:, [0, 2]],
                paddle.slice(t, [0], [0], [1]), paddle.crop(t, [1, 1]), paddle.repeat_interleave(t, 2)]
        assert all(o.dtype == t.dtype for o in outs), dt


def test_shapes_of_edge_cases():
    assert paddle.flatten(s0).shape == [1]
    assert paddle.squeeze(s0, 0).shape == [] and paddle.unsqueeze(s0, [0, 1]).shape == [1, 1]
    assert paddle.reshape(paddle.to_tensor([1.0]), []).shape == []
    assert paddle.reshape(paddle.zeros([0, 3]), [3, -1]).shape == [3, 0]
    assert paddle.squeeze(paddle.ones([1, 3, 1]), 1).shape == [1, 3, 1]  # a listed dim that is not 1 stays
    assert paddle.unsqueeze(x3, [2, 0]).shape == [1, 2, 3, 1, 4]
    assert paddle.tile(x1, [0, 1, 1]).shape == [0, 1, 4]
    assert paddle.unstack(paddle.ones([0, 3]), 0) == []
    assert paddle.t(paddle.ones([3])).shape == [3]
    assert paddle.broadcast_shape([2, 1, 3], [4, 3]) == [2, 4, 3]
    assert paddle.rot90(x3, 0) is x3
    assert [t.shape for t in paddle.split(y3, [0, 6], 1)] == [[4, 0, 3], [4, 6, 3]]
    assert paddle.reshape(x3, paddle.to_tensor([4, 6])).shape == [4, 6]
    assert paddle.reshape(x3, [paddle.to_tensor(4), -1]).shape == [4, 6]
    assert paddle.expand(x1, [2, paddle.to_tensor(3), 4]).shape == [2, 3, 4]
    assert paddle.concat([x3, x3], paddle.to_tensor(1)).shape == [2, 6, 4]
    assert [t.shape for t in paddle.split(y3, [paddle.to_tensor(2), 4], 1)] == [[4, 2, 3], [4, 4, 3]]


def test_inplace_variants_return_the_tensor_and_bump_version():
    for fn, args, shape in [(paddle.reshape_, ([3, 2],), [3, 2]), (paddle.flatten_, (), [6]),
                            (paddle.unsqueeze_, (0,), [1, 2, 3]), (paddle.transpose_, ([1, 0],), [3, 2]),
                            (paddle.t_, (), [3, 2])]:
        x = paddle.ones([2, 3])
        v = x.inplace_version
        assert fn(x, *args) is x and x.shape == shape and x.inplace_version == v + 1
    x = paddle.ones([1, 3])
    assert paddle.squeeze_(x) is x and x.shape == [3]
    leaf = paddle.ones([2, 3])
    leaf.stop_gradient = False
    with pytest.raises(ValueError, match="can't use inplace strategy"):
        paddle.reshape_(leaf, [3, 2])


def test_inplace_keeps_gradients_flowing():
    a = paddle.to_tensor(np.arange(6.0).reshape(2, 3), stop_gradient=False)
    y = a * 2
    paddle.reshape_(y, [3, 2])
    paddle.unsqueeze_(y, 0)
    (y * paddle.to_tensor(np.arange(6.0).reshape(1, 3, 2))).sum().backward()
    np.testing.assert_array_equal(a.grad.numpy(), 2 * np.arange(6.0).reshape(2, 3))


def test_views_and_copies_like_paddle():
    base = paddle.to_tensor(np.arange(6.0).reshape(2, 3))
    for view in (base.reshape([3, 2]), base.transpose([1, 0]), base.unsqueeze(0), base.flatten(),
                 paddle.slice(base, [1], [1], [3]), paddle.unbind(base)[0]):
        assert np.shares_memory(view.numpy() if False else view._data, base._data)
    for copy in (paddle.split(base, 3, 1)[0], paddle.unstack(base)[0], paddle.flip(base, 0), paddle.expand(base, [2, 2, 3]),
                 paddle.concat([base]), paddle.tile(base, [1])):
        assert not np.shares_memory(copy._data, base._data)


def test_backward_needs_no_input_values():
    # reshape / slice keep only the input's shape: changing the input in place afterwards is fine (as in Paddle)
    a = paddle.to_tensor(np.ones((2, 3)), stop_gradient=False)
    y = a * 1
    r, s = y.reshape([3, 2]), y[0]
    y.scale_(2.0) if hasattr(y, "scale_") else y.__setitem__(1, 5.0)
    (r.sum() + s.sum()).backward()
    np.testing.assert_array_equal(a.grad.numpy(), [[2, 2, 2], [1, 1, 1]])


def test_moveaxis_and_rot90_values():
    x = np.arange(24.0).reshape(2, 3, 4)
    t = paddle.to_tensor(x)
    np.testing.assert_array_equal(paddle.moveaxis(t, [0, 1], [2, 0]).numpy(), np.moveaxis(x, [0, 1], [2, 0]))
    np.testing.assert_array_equal(paddle.moveaxis(t, -1, 0).numpy(), np.moveaxis(x, -1, 0))
    for k in (-3, -1, 1, 2, 3, 5):
        np.testing.assert_array_equal(paddle.rot90(t, k, [2, 0]).numpy(), np.rot90(x, k, (2, 0)))


def test_repeat_interleave_int32_repeats_and_axis_none():
    t = paddle.to_tensor([[1, 2], [3, 4]])
    out = paddle.repeat_interleave(t, paddle.to_tensor([1, 2], dtype="int32"), 0)
    assert out.tolist() == [[1, 2], [3, 4], [3, 4]]
    assert paddle.repeat_interleave(t, 2).tolist() == [1, 1, 2, 2, 3, 3, 4, 4]
    assert paddle.repeat_interleave(s0, 2).shape == [2]


def test_pad_orders_like_paddle():
    t = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
    np.testing.assert_array_equal(J.pad(t, [1, 0, 0, 2]).numpy(), [[0, 0, 0, 0], [1, 2, 0, 0], [3, 4, 0, 0]])
    np.testing.assert_array_equal(J.pad(t, [1, 0, 0, 2], pad_from_left_axis=False).numpy(),
                                  [[0, 1, 2], [0, 3, 4], [0, 0, 0], [0, 0, 0]])
    t3 = paddle.to_tensor([[[1.0, 2.0], [3.0, 4.0]]])
    np.testing.assert_array_equal(J.pad(t3, [1, 0]).numpy(), [[[0, 1, 2], [0, 3, 4]]])
    np.testing.assert_array_equal(J.pad(t3, [2, 1], mode="circular").numpy(), [[[1, 2, 1, 2, 1], [3, 4, 3, 4, 3]]])
    assert J.pad(paddle.ones([1, 2, 3, 4], dtype="int64"), [1, 1, 0, 0], value=3).dtype == paddle.int64


def _static(build, feeds):
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            xs = []
            for i, (a, shape) in enumerate(feeds):
                v = paddle.static.data(f"x{i}", shape, str(a.dtype))
                v.stop_gradient = False
                xs.append(v)
            outs = build(*xs)
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        return main, exe.run(main, feed={f"x{i}": a for i, (a, _) in enumerate(feeds)}, fetch_list=outs)
    finally:
        paddle.disable_static()


def test_static_reshape_grad_with_unknown_dims():
    # two unknown dims: backward reshapes the gradient through a runtime `shape` op
    x = np.random.default_rng(0).standard_normal((2, 3, 4)).astype(np.float32)

    def build(v):
        y = paddle.reshape(v, [-1, 4]) * 3.0
        z = paddle.flatten(paddle.unsqueeze(paddle.squeeze(paddle.unsqueeze(v, 1), 1), 0), 1, 2)
        loss = y.sum() + z.sum()
        paddle.static.append_backward(loss)
        return [y, z, "x0@GRAD"]

    main, (y, z, g) = _static(build, [(x, [-1, -1, 4])])
    np.testing.assert_allclose(y, x.reshape(-1, 4) * 3)
    np.testing.assert_allclose(z, x.reshape(1, 6, 4))
    np.testing.assert_allclose(g, np.full_like(x, 4.0))
    assert "shape" in [op.type for op in main.global_block().ops]


def test_static_programs_use_paddles_op_types():
    x = np.random.default_rng(1).standard_normal((2, 3, 4)).astype(np.float32)

    def build(v):
        outs = [paddle.reshape(v, [3, 8]), paddle.squeeze(paddle.unsqueeze(v, 0), 0), paddle.transpose(v, [1, 0, 2]),
                paddle.flatten(v), paddle.expand(v[:, :1], [2, 3, 4]), paddle.expand_as(v[:1], v), paddle.tile(v, [1, 2]),
                paddle.flip(v, 1), paddle.roll(v, 1, 2), paddle.concat([v, v], 1), paddle.stack([v, v]), paddle.split(v, 2, 2)[1],
                paddle.unbind(v, 1)[0], paddle.unstack(v)[1], paddle.slice(v, [2], [1], [3]),
                paddle.strided_slice(v, [2], [3], [0], [-1]), paddle.crop(v, [1, 2, 2], [1, 1, 1]),
                J.pad(v, [1, 1, 0, 0, 0, 0]), J.pad(v, [1, 1], mode="reflect")]
        return outs

    main, outs = _static(build, [(x, [2, 3, 4])])
    want = [x.reshape(3, 8), x, x.transpose(1, 0, 2), x.reshape(-1), np.broadcast_to(x[:, :1], (2, 3, 4)),
            np.broadcast_to(x[:1], (2, 3, 4)), np.tile(x, [1, 2]), x[:, ::-1], np.roll(x, 1, 2),
            np.concatenate([x, x], 1), np.stack([x, x]), x[..., 2:], x[:, 0], x[1], x[..., 1:3], x[..., 3:0:-1],
            x[1:2, 1:3, 1:3], np.pad(x, [(1, 1), (0, 0), (0, 0)]), np.pad(x, [(0, 0), (0, 0), (1, 1)], mode="reflect")]
    for o, w in zip(outs, want):
        np.testing.assert_allclose(o, w)
    types = {op.type for op in main.global_block().ops}
    assert {"reshape2", "squeeze2", "unsqueeze2", "transpose2", "flatten_contiguous_range", "expand_v2",
            "expand_as_v2", "tile", "flip", "roll", "concat", "stack", "split", "unbind", "unstack", "slice",
            "strided_slice", "crop_tensor", "pad", "pad3d"} <= types


def test_static_concat_grad_with_unknown_sizes():
    a = np.ones((2, 3), np.float32)
    b = np.ones((4, 3), np.float32)

    def build(u, v):
        out = paddle.concat([u, v * 2.0], 0)
        paddle.static.append_backward((out * out).sum())
        return [out, "x0@GRAD", "x1@GRAD"]

    main, (out, ga, gb) = _static(build, [(a, [-1, 3]), (b, [-1, 3])])
    assert out.shape == (6, 3)
    np.testing.assert_allclose(ga, 2 * a)
    np.testing.assert_allclose(gb, 8 * b)


def test_static_arguments_given_as_variables():
    x = np.arange(16, dtype=np.float32).reshape(4, 4)

    def build(v):
        n = paddle.full([], 2, dtype="int64")
        ax = paddle.full([1], 1, dtype="int64")
        outs = [paddle.reshape(v, paddle.full([2], 4, dtype="int32")), paddle.reshape(v, [n, -1]),
                paddle.expand(v[:, :1], [4, paddle.full([], 3, dtype="int64")]), paddle.concat([v, v], ax),
                paddle.split(v, 2, ax)[1], paddle.tile(v, paddle.full([3], 2, dtype="int32")), v[:, n]]
        loss = outs[0].sum()
        for o in outs[1:]:
            loss = loss + (o * o).sum()
        paddle.static.append_backward(loss)
        return outs + ["x0@GRAD"]

    _, res = _static(build, [(x, [-1, 4])])
    want = [x, x.reshape(2, 8), np.broadcast_to(x[:, :1], (4, 3)), np.concatenate([x, x], 1), x[:, 2:],
            np.tile(x, [2, 2, 2]), x[:, 2]]
    for o, w in zip(res, want):
        np.testing.assert_array_equal(o, w)
    g = 1 + 2 * x + 2 * 2 * x + 2 * 8 * x
    g[:, 0] += 2 * 3 * x[:, 0]
    g[:, 2:] += 2 * x[:, 2:]
    g[:, 2] += 2 * x[:, 2]
    np.testing.assert_allclose(res[-1], g)


# -- tensor_split & co., stacks, views, *_scatter, tensor arrays, nanmedian/quantile --------------------
nan = float("nan")
x3_arange = paddle.arange(24, dtype="float32").reshape([2, 3, 4])
m34 = paddle.arange(12, dtype="float32").reshape([3, 4])

# (call, exception type, message fragment) as real Paddle 3.3.1 raises them
SPLIT_VIEW_ERRORS = [
    (lambda: paddle.tensor_split(x3_arange, 0), ValueError, "num_or_indices must be larger than 0."),
    (lambda: paddle.tensor_split(x3_arange, 2, axis=3), ValueError, "must be greater than 0 or axis which is 3, but got 3"),
    (lambda: paddle.tensor_split(paddle.to_tensor(1.0), 2), ValueError, "must be greater than 0"),
    (lambda: paddle.tensor_split(x3_arange, 2.5), ValueError, "The num_or_indices should be int, list or tuple of ints"),
    (lambda: paddle.vsplit(paddle.ones([3]), 3), ValueError, "dimension must be greater than 1, but got 1"),
    (lambda: paddle.dsplit(m34, 2), ValueError, "dimension must be greater than 2, but got 2"),
    (lambda: paddle.hstack([]), ValueError, "must be list of Tensors, but got empty list"),
    (lambda: paddle.column_stack([paddle.ones([2]), paddle.ones([2], dtype="float64")]), ValueError,
     "the first tensor is float32, but 1th tensor is float64"),
    (lambda: paddle.block_diag([paddle.ones([2, 2, 2])]), ValueError, "must be 0, 1, or 2, but got 3"),
    (lambda: paddle.tensordot(m34, m34, -1), AssertionError, "should not be negative, but received axes=-1"),
    (lambda: paddle.tensordot(m34, paddle.ones([3, 2]), [[0], [1]]), AssertionError,
     "'x' has size 3 in dim 0 while 'y' has size 2 in dim 1"),
    (lambda: paddle.tensordot(m34, m34, "a"), TypeError, "must be int, tuple, list or Tensor"),
    (lambda: paddle.as_complex(paddle.ones([3])), ValueError, "Expected the size of last dimension of input(X) to be 2"),
    (lambda: paddle.as_complex(paddle.ones([3, 2], dtype="int32")), RuntimeError, "kernel `as_complex` is not registered"),
    (lambda: paddle.as_real(paddle.ones([3])), RuntimeError, "kernel `as_real` is not registered"),
    (lambda: paddle.view(paddle.ones([2, 3]), "float64"), ValueError, "input.shape[1](3) must be multiple of 2"),
    (lambda: paddle.view(paddle.to_tensor(1.0), "int16"), ValueError, "to view float32 as int16"),
    (lambda: paddle.view(x3_arange, [5, -1]), ValueError, "X's size = 24"),
    (lambda: paddle.as_strided(x3_arange, [3, 3], [1, 3], -2), ValueError, "The offset must be non-negative, but got -2."),
    (lambda: paddle.as_strided(x3_arange, [30, 3], [1, 3]), ValueError, "reads outside the 24 elements"),
    (lambda: paddle.unfold(x3_arange, 2, 5, 1), ValueError, "paddle.unfold size(5) must be less than shape[axis](4)."),
    (lambda: paddle.unfold(x3_arange, 2, 2, 0), ValueError, "paddle.unfold step must be greater than 0"),
    (lambda: paddle.select_scatter(x3_arange, paddle.ones([2, 3]), 1, 0), RuntimeError,
     "expected values to have a size equal to the slice of x. value size = paddle.Size([2, 3]) slice size = "
     "paddle.Size([2, 4])"),
    (lambda: paddle.slice_scatter(x3_arange, paddle.ones([2, 3, 3]), [2], [0], [4], [2]), ValueError,
     "The shape of tensor assigned value must match the shape of target shape"),
    (lambda: paddle.slice_scatter(x3_arange, paddle.ones([1]), [2], [0], [4], []), ValueError, "must be equal"),
    (lambda: paddle.masked_scatter(m34, m34 > 5, paddle.ones([2])), AssertionError,
     "mask true nums must be <= value size"),
    (lambda: paddle.masked_scatter(m34, m34 > 5, paddle.ones([20], dtype="float64")), AssertionError,
     "x and value must have the same dtype"),
    (lambda: m34.fill_diagonal_tensor(paddle.ones([2])), AssertionError, "the y shape should be [3]"),
    (lambda: paddle.ones([3]).fill_diagonal_(1.0), ValueError, "at least 2 dims"),
    (lambda: paddle.shard_index(paddle.to_tensor([[25]]), 20, 2, 0), ValueError,
     "must be less than index_num (20), but the value given is 25"),
    (lambda: paddle.shard_index(paddle.to_tensor([[1]]), 20, 2, 2), ValueError,
     "must be less than nshards (2), but the value given is 2"),
    (lambda: paddle.shard_index(paddle.to_tensor([1, 2]), 20, 2, 0), ValueError, "should be at least 2"),
    (lambda: paddle.shard_index(paddle.to_tensor([[1, 2]]), 20, 2, 0), ValueError, "should be 1, but the value "
                                                                                   "given is 2"),
    (lambda: paddle.shard_index(paddle.to_tensor([[1.0]]), 20, 2, 0), RuntimeError, "kernel `shard_index`"),
    (lambda: paddle.nanmedian([1.0]), TypeError, "the input x should be a Tensor"),
    (lambda: m34.nanmedian([]), ValueError, "Axis list should not be empty."),
    (lambda: m34.nanmedian(mode="max"), ValueError, "Mode max is not supported. Must be avg or min."),
    (lambda: m34.nanmedian(2), ValueError, "which dimension = 2. But received axis = 2."),
    (lambda: m34.nanmedian([0, 0]), ValueError, "Attr(axes) has duplicated elements: 0."),
    (lambda: m34.nanmedian(1.5), TypeError, "must be list, tuple, int, or Tensor, but got float"),
    (lambda: paddle.to_tensor([True]).nanmedian(), RuntimeError, "kernel `nanmedian` is not registered"),
    (lambda: paddle.quantile(m34, 1.3), ValueError, "q should be in range [0, 1]"),
    (lambda: paddle.quantile(m34, []), ValueError, "q should not be empty"),
    (lambda: paddle.quantile(m34, "a"), TypeError, "Type of q should be int, float, list or tuple, or tensor"),
    (lambda: paddle.quantile(m34, paddle.ones([1, 1])), ValueError, "q should be a 0-D tensor or a 1-D tensor"),
    (lambda: paddle.quantile(m34, 0.5, interpolation="foo"), ValueError, "interpolation must be one of"),
    (lambda: paddle.quantile(m34, 0.5, axis=2), ValueError, "Axis should be None, int, or a list"),
    (lambda: paddle.quantile(m34, 0.5, axis=(0,)), ValueError, "Axis should be None, int, or a list"),
    (lambda: paddle.quantile(m34.astype("int64"), 0.5), RuntimeError, "kernel `lerp` is not registered"),
    (lambda: paddle.quantile([1.0], 0.5), TypeError, "input x should be a Tensor."),
    (lambda: paddle.tensor.manipulation.tensor_array_to_tensor(paddle.ones([2])), AssertionError, "must be list"),
    (lambda: paddle.tensor.array.array_read([paddle.ones([1])], 0), AssertionError, "must be Variable"),
    (lambda: paddle.tensor.array.array_write(paddle.ones([1]), paddle.to_tensor([3]), []), AssertionError,
     "should not be greater than the length"),
    (lambda: paddle.tensor.array.create_array("float32", [1]), TypeError, "should be Variable"),
]


@pytest.mark.parametrize("call,exc,msg", SPLIT_VIEW_ERRORS, ids=[f"err{i}" for i in range(len(SPLIT_VIEW_ERRORS))])
def test_errors(call, exc, msg):
    with pytest.raises(exc) as info:
        call()
    assert msg in str(info.value)


def _v(t):
    return t.numpy().tolist()


def test_splits_and_stacks():
    x = paddle.arange(8)
    assert [_v(t) for t in paddle.tensor_split(x, [2, 10, 1])] == [[0, 1], [2, 3, 4, 5, 6, 7], [], [1, 2, 3, 4, 5, 6, 7]]
    assert [_v(t) for t in paddle.tensor_split(x, [-3, -1])] == [[0, 1, 2, 3, 4], [5, 6], [7]]
    assert [t.shape for t in paddle.hsplit(x3_arange, 3)] == [[2, 1, 4]] * 3
    assert [t.shape for t in x3_arange.tensor_split(2, axis=paddle.to_tensor(2))] == [[2, 3, 2]] * 2
    assert paddle.hstack(paddle.ones([2])).shape == [2]  # a Tensor is iterated like a sequence
    assert paddle.column_stack([paddle.to_tensor(1.0), paddle.to_tensor(2.0)]).shape == [1, 2]
    out = paddle.atleast_1d(1.5, [1, 2])
    assert [t.shape for t in out] == [[1], [2]] and out[1].dtype == paddle.int64
    single = paddle.atleast_2d([paddle.ones([])])
    assert isinstance(single, paddle.Tensor) and single.shape == [1, 1]
    assert paddle.atleast_3d() == []


def test_repeat_ravel_tolist_numel_argwhere():
    x = paddle.to_tensor([[1, 2], [3, 4]])
    assert x.repeat(2).shape == [2, 4] and x.repeat([2, 3]).shape == [4, 6]
    assert x.repeat(2, 1, 3).shape == [2, 2, 6] and x.repeat(repeats=(1, 2)).shape == [2, 4]
    assert paddle.ravel(paddle.to_tensor(5)).shape == [1]
    assert paddle.tolist(x) == [[1, 2], [3, 4]] and paddle.tolist(paddle.to_tensor(5)) == 5
    n = paddle.numel(x3_arange)
    assert n.shape == [] and n.dtype == paddle.int64 and int(n) == 24
    assert int(paddle.numel(paddle.ones([0, 3]))) == 0
    assert _v(paddle.argwhere(m34 > 9)) == [[2, 2], [2, 3]]
    assert _v(paddle.tensor.search.argwhere(paddle.to_tensor([0, 3, 0, 4]))) == [[1], [3]]


def test_tensordot_like_numpy():
    a = np.arange(720.0).reshape(2, 3, 4, 5, 6)
    b = np.arange(720.0).reshape(3, 2, 4, 5, 6)
    got = paddle.tensordot(paddle.to_tensor(a), paddle.to_tensor(b), axes=[[0, 1, 3, 4], [1, 0]])
    np.testing.assert_allclose(got.numpy(), np.tensordot(a, b, [[0, 1, 3, 4], [1, 0, 3, 4]]))
    v = paddle.arange(10, dtype="float64")
    assert float(paddle.tensordot(v, v, axes=paddle.to_tensor([0]))) == 285.0
    i = paddle.to_tensor([[1, 2], [3, 4]])
    assert _v(paddle.tensordot(i, i, 1)) == [[7, 10], [15, 22]] and paddle.tensordot(i, i, 1).dtype == paddle.int64


def test_fill_diagonal_variants():
    x = paddle.zeros([7, 3])
    assert x.fill_diagonal_(1.0, wrap=True) is x
    assert np.argwhere(x.numpy()).tolist() == [[0, 0], [1, 1], [2, 2], [4, 0], [5, 1], [6, 2]]
    y = paddle.zeros([3, 5])
    y.fill_diagonal_(2.0, offset=-1)
    assert np.argwhere(y.numpy()).tolist() == [[1, 0], [2, 1]]
    z = paddle.zeros([2, 3, 4])
    z.fill_diagonal_(1.0)
    assert np.argwhere(z.numpy()).tolist() == [[0, 0, 0], [1, 1, 1]]
    i = paddle.zeros([3, 3], dtype="int64")
    i.fill_diagonal_(2.7)
    assert _v(i) == [[2, 0, 0], [0, 2, 0], [0, 0, 2]]
    leaf = paddle.ones([2, 2])
    leaf.stop_gradient = False
    with pytest.raises(ValueError, match="Leaf Var"):
        leaf.fill_diagonal_(0.0)
    w = leaf * 2
    w.fill_diagonal_(0.0)
    w.sum().backward()
    assert _v(leaf.grad) == [[0.0, 2.0], [2.0, 0.0]]
    t = paddle.zeros([3, 4])
    assert t.fill_diagonal_tensor_(paddle.to_tensor([1.0, 2.0]), offset=1, dim1=1, dim2=0) is t
    assert np.argwhere(t.numpy()).tolist() == [[1, 0], [2, 1]]
    cast = paddle.zeros([2, 2]).fill_diagonal_tensor(paddle.to_tensor([3, 4]))
    assert cast.dtype == paddle.float32 and _v(cast) == [[3.0, 0.0], [0.0, 4.0]]


def test_scatter_family():
    x = paddle.zeros([3, 3, 5])
    res = paddle.slice_scatter(x, paddle.ones([1, 3, 1]), axes=[0, 2], starts=[1, 0], ends=[3, 4], strides=[1, 2])
    assert res.numpy()[1:, :, 0:4:2].all() and res.numpy().sum() == 12
    s = paddle.select_scatter(paddle.zeros([2, 3]), paddle.to_tensor([1, 2]), 1, -1)
    assert s.dtype == paddle.float32 and _v(s) == [[0.0, 0.0, 1.0], [0.0, 0.0, 2.0]]
    m = paddle.masked_scatter(paddle.zeros([2, 2]), paddle.to_tensor([True, False]), paddle.arange(4.0))
    assert _v(m) == [[0.0, 0.0], [1.0, 0.0]]
    b = paddle.masked_scatter(paddle.zeros([2]), paddle.to_tensor([[True], [False]]), paddle.arange(4.0))
    assert _v(b) == [[0.0, 1.0], [0.0, 0.0]]
    none = paddle.masked_scatter(m34, m34 > 100, paddle.ones([0]))
    assert _v(none) == _v(m34) and none is not m34
    t = paddle.zeros([4])
    assert t.masked_scatter_(paddle.to_tensor([False, True, False, True]), paddle.to_tensor([5.0, 6.0])) is t
    assert _v(t) == [0.0, 5.0, 0.0, 6.0]
    with pytest.raises(ValueError, match="must broadcast to the shape of x"):
        paddle.zeros([2]).masked_scatter_(paddle.to_tensor([[True], [False]]), paddle.arange(4.0))


def test_views_and_complex():
    c = paddle.as_complex(paddle.arange(12, dtype="float32").reshape([2, 3, 2]))
    assert c.dtype == paddle.complex64 and c.shape == [2, 3] and complex(c[1, 2]) == 10 + 11j
    r = paddle.view_as_real(c)
    assert r.dtype == paddle.float32 and _v(r[0, 1]) == [2.0, 3.0]
    assert paddle.view_as_complex(paddle.ones([2], dtype="float64")).dtype == paddle.complex128
    f = paddle.arange(24, dtype="float32").reshape([2, 3, 4])
    assert paddle.view(f, "uint8").shape == [2, 3, 16] and paddle.view(f, paddle.float64).shape == [2, 3, 2]
    assert paddle.view(f, "float32") is f and f.view(4, 6).shape == [4, 6]
    assert f.view(size=[-1, 4]).shape == [6, 4] and f.view(dtype="int16").shape == [2, 3, 8]
    assert paddle.view(f, "int32").numpy()[0, 0, 1] == 1065353216
    assert _v(paddle.as_strided(f, [3, 3], [1, 3], 8)) == [[2.0, 5.0, 8.0], [3.0, 6.0, 9.0], [4.0, 7.0, 10.0]]
    assert paddle.unfold(f, 2, 0, 1).shape == [2, 3, 5, 0]
    assert _v(paddle.unfold(paddle.to_tensor(3.0), 0, 1, 1)) == [3.0]
    g = paddle.arange(9, dtype="float64")
    g.stop_gradient = False
    paddle.unfold(g, 0, 3, 2).sum().backward()  # overlapping windows accumulate
    assert _v(g.grad) == [1.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 1.0]


def test_block_diag_and_shard_index():
    out = paddle.block_diag([paddle.to_tensor([[4], [3], [2]]), paddle.to_tensor([7, 6, 5]), paddle.to_tensor(1)])
    assert out.shape == [5, 5] and out.dtype == paddle.int64 and _v(out)[3] == [0, 7, 6, 5, 0]
    assert paddle.block_diag([paddle.ones([0, 2]), paddle.ones([2, 0])]).shape == [2, 2]
    label = paddle.to_tensor([[0], [5], [9], [10]])
    assert _v(paddle.shard_index(label, 11, 3, 1)) == [[-1], [1], [-1], [-1]]
    assert _v(paddle.shard_index(label, 11, 3, 2, ignore_value=-5)) == [[-5], [-5], [1], [2]]
    assert paddle.shard_index(label.astype("int32"), 11, 3, 0).dtype == paddle.int32


def test_tensor_arrays():
    arr = paddle.tensor.array.create_array("float32")
    i = paddle.zeros([1], dtype="int64")
    assert paddle.tensor.array.array_write(paddle.ones([2, 1]), i, arr) is arr
    paddle.tensor.array.array_write(paddle.ones([2, 3]), i + 1, arr)
    paddle.tensor.array.array_write(paddle.zeros([2, 3]), i + 1, arr)  # overwrites
    assert paddle.tensor.array.array_length(arr) == 2
    assert float(paddle.tensor.array.array_read(arr, i + 1).sum()) == 0.0
    out, sizes = paddle.tensor.manipulation.tensor_array_to_tensor(arr)
    assert out.shape == [2, 4] and _v(sizes) == [1, 3] and sizes.dtype == paddle.int64
    out, sizes = paddle.tensor.manipulation.tensor_array_to_tensor([paddle.ones([2])] * 3, axis=0, use_stack=True)
    assert out.shape == [3, 2] and _v(sizes) == [2, 2, 2]


def test_nanmedian_results():
    x = paddle.to_tensor([[nan, 2.0, 3.0, 5.0], [0.0, 1.0, 2.0, 2.0]])
    assert _v(x.nanmedian(1)) == [3.0, 1.5]
    v, i = x.nanmedian(-1, keepdim=True, mode="min")
    assert _v(v) == [[3.0], [1.0]] and _v(i) == [[2], [1]]
    assert x.nanmedian((0, 1), keepdim=True).shape == [1, 1]
    assert isinstance(x.nanmedian([1], mode="min"), paddle.Tensor)  # list axis: no index
    ints = paddle.to_tensor([[3, 1, 2, 2], [5, 5, 1, 1], [-3, -2, 0, 9]])
    assert _v(ints.nanmedian(1)) == [2, 3, -1] and ints.nanmedian(1).dtype == paddle.int64
    v, i = paddle.full([2, 3], nan).nanmedian(1, mode="min")
    assert np.isnan(v.numpy()).all() and _v(i) == [-1, -1]
    s, si = paddle.nanmedian(paddle.to_tensor(3.0), axis=0, mode="min")
    assert float(s) == 3.0 and int(si) == 0


def test_nanmedian_grads_like_paddle():
    def grad(data, **kw):
        t = paddle.to_tensor(data, stop_gradient=False)
        r = t.nanmedian(**kw)
        (r[0] if isinstance(r, tuple) else r).sum().backward()
        return _v(t.grad)
    assert grad([[1.0, 2.0], [2.0, 3.0]], mode="min") == [[0.0, 0.5], [0.5, 0.0]]  # ties share
    assert grad([[1.0, 2.0, 2.0, 3.0]], axis=1) == [[0.0, 0.5, 0.5, 0.0]]
    np.testing.assert_allclose(grad([[2.0, 2.0, 2.0, 3.0]], axis=1), [[1 / 3, 1 / 3, 1 / 3, 0.0]], rtol=1e-6)
    assert grad([[0.0, 1.0, 2.0, 5.0]], axis=1) == [[0.0, 0.5, 0.5, 0.0]]
    assert grad([[1.0, 2.0, 2.0, 3.0]], axis=1, mode="min") == [[0.0, 1.0, 0.0, 0.0]]


def test_quantile_results():
    y = paddle.arange(0, 8, dtype="float32").reshape([4, 2])
    np.testing.assert_allclose(_v(paddle.quantile(y, q=[0.3, 0.5], axis=0)), [[1.8, 2.8], [3.0, 4.0]], rtol=1e-6)
    assert paddle.quantile(y, q=[0.3], axis=0, keepdim=True).shape == [1, 2]  # one q: no leading dim
    assert paddle.quantile(y, q=[0.3, 0.4], axis=[0, 1], keepdim=True).shape == [2, 1, 1]
    assert paddle.quantile(y, q=paddle.to_tensor(0.3), axis=0).shape == [2]
    assert _v(paddle.quantile(paddle.to_tensor([1.0, 2.0, 3.0, 4.0]), q=[0.5, 0.125, 0.375],
                              interpolation="nearest")) == [3.0, 1.0, 2.0]
    assert paddle.quantile(y.astype("float64"), 0.3).dtype == paddle.float64
    # real Paddle makes q a tensor of x's dtype: an int64 x reads q = 0.5 as 0 (the column minima), 1.0 as 1
    assert _v(paddle.quantile(y.astype("int64"), 0.5, axis=0, interpolation="lower")) == [0, 1]
    assert _v(paddle.quantile(y.astype("int64"), 1.0, axis=0, interpolation="lower")) == [6, 7]
    y[0, 0] = nan
    got = paddle.quantile(y, q=0.8, axis=1, keepdim=True).numpy()
    assert np.isnan(got[0, 0]) and np.allclose(got[1:, 0], [2.8, 4.8, 6.8])
    x = paddle.to_tensor([[nan, 1, 2, 3, 4], [5, 6, 7, 8, 9]], dtype="float32")
    np.testing.assert_allclose(_v(paddle.nanquantile(x, q=[0.3, 0.5], axis=1)), [[1.9, 6.2], [2.5, 7.0]], rtol=1e-6)
    assert np.isnan(paddle.nanquantile(paddle.full([2, 3], nan), 0.8, axis=1).numpy()).all()
    out = paddle.zeros([2])
    assert paddle.quantile(y, 0.5, axis=0, out=out) is out and not np.isnan(out.numpy()[1])


def test_manipulation_module_layout():
    assert paddle.tensor.manipulation.tensor_split is paddle.tensor_split
    assert paddle.tensor.manipulation.concat is paddle.concat
    assert callable(paddle.tensor.manipulation.tensor_array_to_tensor)
    assert not hasattr(paddle, "tensor_array_to_tensor") and not hasattr(paddle, "fill_diagonal_")
    with pytest.raises(AttributeError):
        paddle.tensor.manipulation.no_such_function  # noqa: B018


def test_static_programs():
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [2, 3], "float32")
            ids = paddle.static.data("ids", [3, 1], "int64")
            n = paddle.numel(x)
            s = paddle.shard_index(ids, 10, 2, 1)
            d = paddle.zeros([3, 3]).fill_diagonal_tensor(paddle.ones([3]))
            q = paddle.quantile(x, [0.25, 0.75], axis=1)
            med = paddle.nanmedian(x, axis=0)
        exe = paddle.static.Executor(paddle.CPUPlace())
        xv = np.arange(6, dtype="float32").reshape(2, 3)
        got = exe.run(main, feed={"x": xv, "ids": np.array([[1], [6], [9]])}, fetch_list=[n, s, d, q, med])
    finally:
        paddle.disable_static()
    assert int(got[0]) == 6 and got[1].tolist() == [[-1], [1], [4]]
    assert got[2].tolist() == np.eye(3).tolist()
    np.testing.assert_allclose(got[3], np.quantile(xv, [0.25, 0.75], axis=1), rtol=1e-6)
    np.testing.assert_allclose(got[4], [1.5, 2.5, 3.5])


def test_transpose_swaps_two_dims_like_paddle():
    x = paddle.ones([2, 3, 4])
    assert paddle.swapaxes(x, 0, 1).shape == [3, 2, 4] and paddle.swapdims(x, 0, 2).shape == [4, 3, 2]
    assert paddle.transpose(x, -1, 0).shape == [4, 3, 2] and x.swapaxes(1, 2).shape == [2, 4, 3]
    assert paddle.transpose(input=x, dim0=0, dim1=1).shape == [3, 2, 4]
    assert paddle.transpose(x, perm=[2, 0, 1]).shape == [4, 2, 3]


def test_paddle_aliases_reverse_take_along_dim_ger_as_tensor():
    x = paddle.to_tensor([[1, 2], [3, 4]])
    assert paddle.reverse(x, axis=1).numpy().tolist() == [[2, 1], [4, 3]] and paddle.reverse is paddle.flip
    assert paddle.to_tensor([1, 2]).reverse(0).numpy().tolist() == [2, 1]
    idx = paddle.to_tensor([[1], [0]])
    assert paddle.take_along_dim(x, idx, axis=1).numpy().tolist() == [[2], [3]]
    assert x.take_along_dim(idx, 1).numpy().tolist() == [[2], [3]]
    g = paddle.ger(paddle.to_tensor([1, 2]), paddle.to_tensor([3, 4]))
    assert g.dtype == paddle.int64 and g.numpy().tolist() == [[3, 4], [6, 8]]
    a = paddle.as_tensor([1.0, 2.0], requires_grad=True)
    assert a.dtype == paddle.float32 and not a.stop_gradient
    assert paddle.as_tensor(paddle.to_tensor([1, 2]), dtype="float32").dtype == paddle.float32


def test_cast_in_place_like_paddle():
    y = paddle.to_tensor([1.7, -2.5])
    assert paddle.cast_(y, "int32") is y and y.dtype == paddle.int32 and y.numpy().tolist() == [1, -2]
    y = paddle.to_tensor([1.7, -2.5])
    assert y.cast_(paddle.float64).dtype == paddle.float64 and y.dtype == paddle.float64
    with pytest.raises(ValueError, match="Leaf Var"):
        paddle.to_tensor([1.5], stop_gradient=False).cast_("float64")
    y = paddle.to_tensor([1.7, -2.5], stop_gradient=False)
    z = y * 1
    z.cast_("float64")
    assert z.dtype == paddle.float64 and not z.stop_gradient
    g = paddle.grad(z.sum(), y)[0]
    assert g.dtype == paddle.float32 and g.numpy().tolist() == [1.0, 1.0]
    with pytest.raises(ValueError, match=r"cast\(\): argument 'x' \(position 0\) must be Tensor, but got list"):
        paddle.cast_([1.0], "int32")


@pytest.mark.parametrize("shape,target,expected", [
    ([2, 0], [0, 5], [0, 5]), ([2, 0], [0, -1], [0, 2]), ([2, 0], [0, 0], [0, 0]),
    ([2, 0, 3], [0, 0, 7], [0, 0, 7]), ([0, 3], [0, -1], [0, 3]), ([2, 0], [-1, 0], [2, 0]),
    ([0], [-1, 0], [1, 0]), ([2, 0, 3], [0, -1], [0, 6]), ([0, 6], [2, -1, 0], [2, 3, 0]),
    ([2, 0], [-1, 5], [0, 5]), ([3, 0], [0, 2, 1], [0, 2, 1]), ([2, 3], [0, 3], [2, 3])])
def test_reshape_of_a_zero_size_tensor(shape, target, expected):
    # Paddle 3.3.1: over a zero-size input a 0 in the target stays 0, and -1 is the product of the
    # input's non-zero dims over the target's known non-zero dims
    x = paddle.zeros(shape)
    x.stop_gradient = False
    y = paddle.reshape(x, target)
    y.sum().backward()
    assert y.shape == expected and x.grad.shape == shape


@pytest.mark.parametrize("shape,target", [([2, 0], [3, 4]), ([2, 0, 3], [-1, 4, 0]), ([0, 6], [-1, 4, 0])])
def test_reshape_of_a_zero_size_tensor_that_cannot_fit(shape, target):
    with pytest.raises(ValueError):
        paddle.reshape(paddle.zeros(shape), target)


def test_expand_as_an_empty_tensor():
    # Paddle 3.3.1: shape [0, 3], and x_grad is x-shaped zeros
    x = paddle.ones([1, 3])
    x.stop_gradient = False
    y = paddle.expand_as(x, paddle.zeros([0, 3]))
    y.sum().backward()
    assert y.shape == [0, 3]
    np.testing.assert_array_equal(x.grad.numpy(), np.zeros((1, 3), "float32"))


def test_unique_consecutive_of_an_empty_tensor():
    # Paddle 3.3.1: empty Out, Index and Counts (int64 unless dtype says otherwise)
    out, inv, cnt = paddle.unique_consecutive(paddle.zeros([0]), return_inverse=True, return_counts=True)
    assert out.shape == [0] and inv.shape == [0] and cnt.shape == [0]
    assert inv.dtype == paddle.int64 and cnt.dtype == paddle.int64
    out, inv, cnt = paddle.unique_consecutive(paddle.zeros([0, 3]), return_inverse=True, return_counts=True, axis=0)
    assert out.shape == [0, 3] and inv.shape == [0] and cnt.shape == [0]
    out, inv, cnt = paddle.unique_consecutive(paddle.zeros([3, 0]), return_inverse=True, return_counts=True, axis=1)
    assert out.shape == [3, 0] and inv.shape == [0] and cnt.shape == [0]


# -- issue 12 round 2 (checked against real Paddle 3.3.1) -----------------------------------------
def test_mT_contiguous_and_linalg_matmul():
    x = paddle.ones([2, 3, 4])
    assert x.mT.shape == [2, 4, 3]
    with pytest.raises(ValueError, match=r"Tensor.ndim\(1\) is required to be greater than or equal to 2."):
        paddle.ones([3]).mT
    assert x.contiguous() is x and x.is_contiguous()
    assert paddle.linalg.matmul(paddle.ones([2, 3]), paddle.ones([3, 4])).shape == [2, 4]


def test_flatten_inplace_refuses_0d():
    with pytest.raises(ValueError, match=r"The start_axis should be a int, and in range \[-rank\(x\), rank\(x\)\)"):
        paddle.flatten_(paddle.to_tensor(3))
    assert paddle.flatten(paddle.to_tensor(3)).shape == [1]


@pytest.mark.parametrize("shape", [[0, 3], [3, 0], [2, 0, 4]])
def test_unique_of_empty_input_returns_it_unchanged(shape):
    out, index, inverse, counts = paddle.unique(paddle.zeros(shape), return_index=True, return_inverse=True,
                                                return_counts=True)
    assert out.shape == shape and index.shape == inverse.shape == counts.shape == [0]
    assert paddle.unique(paddle.zeros(shape), axis=0).shape == shape
