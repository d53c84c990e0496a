"""Shape / join / slicing functions: Paddle's errors, dtypes, in-place variants, views, static programs."""
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
