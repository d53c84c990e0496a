"""Tensor.__getitem__ / __setitem__: NumPy semantics (with Paddle's rules), gradients, errors, static mode."""
import numpy as np
import pytest

import purepaddle as paddle

X = np.arange(2 * 3 * 4 * 5, dtype=np.float64).reshape(2, 3, 4, 5)
M34 = np.zeros((3, 4), bool)
M34[0, 1] = M34[2, 3] = M34[1, 0] = True

# index expressions whose result equals NumPy's
GET = [
    1, -1, slice(None, None, -1), (slice(1, None), slice(None, None, 2)), (None, 0), (Ellipsis, 1),
    (0, Ellipsis, None), [0, 1, 1], ([0, 1], [1, 2]), ([0, 1], slice(None), [1, 2]),
    (slice(None), [0, 2], [1, 3]), (slice(None), 1, [1, 3]), ([0, 1], 1, slice(None), [1, 2]),
    np.array([True, False]), np.ones((2, 3), bool), (slice(None), np.array([True, False, True])),
    np.array([[0, 1], [1, 0]]), (slice(None), np.array([[0, 1], [2, 0]])),
    (np.array([[0], [1]]), slice(None), np.array([1, 2, 3])), True, False, slice(5, 10), slice(-10, 2),
    (slice(None), slice(None, None, -2)), (0, None, 1), (slice(None), M34), ([0, 1], np.array([True, False, True])),
    (np.array([True, True]), slice(1, None)), [], range(2), [[0, 1], [1, 0]], (slice(-1, -3, -1),),
    [True, False], (Ellipsis, -1, slice(None, None, -1)), (1, Ellipsis, 2), (None, Ellipsis, None),
    (slice(None), None, [0, 2]), ([0, 1], None, [1, 2]), (None, [0, 1], slice(None), [1, 2]),
    ([-1, 0],), (np.int64(1), np.int32(2)), (slice(3, 1), 0),
]


@pytest.mark.parametrize("idx", GET, ids=[repr(i)[:40] for i in GET])
def test_getitem_matches_numpy(idx):
    got = paddle.to_tensor(X)[idx]
    want = X[idx]
    assert list(got.shape) == list(want.shape)
    np.testing.assert_array_equal(got.numpy(), want)


def test_getitem_int_is_basic_indexing():
    # Paddle removes an int-indexed dim before placing the advanced dims (NumPy treats the int as advanced)
    got = paddle.to_tensor(X)[1, :, [1, 3]]
    assert got.shape == [3, 2, 5]
    np.testing.assert_array_equal(got.numpy(), X[1][:, [1, 3]])


def test_getitem_tensor_indices():
    x = paddle.to_tensor(X)
    np.testing.assert_array_equal(x[paddle.to_tensor(1)].numpy(), X[1])
    np.testing.assert_array_equal(x[paddle.to_tensor([1, 0])].numpy(), X[[1, 0]])
    np.testing.assert_array_equal(x[paddle.to_tensor([0, 1], dtype="int32"), [1, 2]].numpy(), X[[0, 1], [1, 2]])
    np.testing.assert_array_equal(x[:, paddle.to_tensor([[0], [2]])].numpy(), X[:, [[0], [2]]])
    mask = X > 50
    np.testing.assert_array_equal(x[paddle.to_tensor(mask)].numpy(), X[mask])
    np.testing.assert_array_equal(x[slice(paddle.to_tensor(0), paddle.to_tensor(2))].numpy(), X[0:2])
    np.testing.assert_array_equal(paddle.to_tensor(5.0)[...].numpy(), np.array(5.0))


def test_getitem_dtype_and_stop_gradient():
    x = paddle.to_tensor([[1, 2], [3, 4]], dtype="int32")
    assert x[0].dtype == paddle.int32 and x[[1]].dtype == paddle.int32
    b = paddle.to_tensor([True, False])
    assert b[0].dtype == paddle.bool
    w = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    assert w[0].stop_gradient is False and x[0].stop_gradient is True


def test_getitem_returns_views_like_paddle():
    x = paddle.to_tensor(np.arange(6.0).reshape(2, 3))
    row = x[0]
    row[1] = 50.0
    col = x[:, 2]
    col[1] = 70.0
    np.testing.assert_array_equal(x.numpy(), [[0, 50, 2], [3, 4, 70]])
    assert x[...] is not x


@pytest.mark.parametrize("idx, err, msg", [
    (5, IndexError, "The starting index 5 of slice is out of bounds in tensor 0-th axis"),
    (-3, IndexError, "it should be in the range of [-2, 2)"),
    ((0, 0, 0, 0, 0), IndexError, "too many indices"),
    (1.5, ValueError, "but received float in 1th slice item"),
    ((0, 1.5), ValueError, "in 2th slice item"),
    ("a", ValueError, "only allows indexing by Boolean, Integers, Slices"),
    ((Ellipsis, Ellipsis), ValueError, "An index can only have a single ellipsis"),
    (np.array([True, False, True]), IndexError, "The shape of boolean index 3 did not match indexed tensor 2 along axis 0"),
    (slice(None, None, 0), ValueError, "stride index in StridedSlice operator is 0"),
])
def test_getitem_errors(idx, err, msg):
    with pytest.raises(err) as e:
        paddle.to_tensor(X)[idx]
    assert msg in str(e.value)


def test_getitem_float_tensor_index_error():
    with pytest.raises(ValueError, match=r"Index holds the wrong type, it holds \[float32\]"):
        paddle.to_tensor(X)[paddle.to_tensor([1.0])]


def test_iteration_stops_with_index_error():
    a, b = paddle.to_tensor([[1, 2], [3, 4]])
    assert a.tolist() == [1, 2] and b.tolist() == [3, 4]


# -- __setitem__ -------------------------------------------------------------------------------
Y = np.arange(24, dtype=np.float32).reshape(2, 3, 4)

SET = [
    (0, 1.0), ((slice(None), 1), np.ones(4) * 7), ((slice(None), slice(0, 2)), np.arange(4.0)), ([0, 1], 5.0),
    (([0, 1], [1, 2]), np.arange(4.0)), ((1, slice(None), [1, 3]), 9.0), (([0, 1], slice(None), [1, 3]), np.ones((2, 3))),
    ((slice(None), [0, 2], [1, 3]), np.arange(4.0).reshape(2, 2)), ((slice(None), [0, 2]), np.arange(16.0).reshape(2, 2, 4)),
    ((slice(None, None, -1),), np.arange(12.0).reshape(3, 4)), ((Ellipsis, 0), 3.0), ((None, 0), 4.0), (0, 2), (0, True),
    ((slice(None), 0, [0, 1]), 2.0), ((slice(None), [True, False, True]), 2.0), (slice(None), 7.0), (-1, 1.0),
    ((0, slice(1, 3), None), np.ones((2, 1, 4))), ((1, [0, 2]), np.arange(8.0).reshape(2, 4)),
]


def _np_set(idx, value):
    y = Y.copy()
    if isinstance(idx, tuple) and idx == (1, slice(None), [1, 3]):  # Paddle: the int is basic indexing
        y[1][:, [1, 3]] = value
    elif isinstance(idx, tuple) and idx == (slice(None), [0, 2]) and np.ndim(value) == 3:
        y[:, [0, 2]] = value
    else:
        y[idx] = value
    return y


@pytest.mark.parametrize("idx, value", SET, ids=[repr(i)[:40] for i, _ in SET])
@pytest.mark.parametrize("as_tensor", [False, True])
def test_setitem_matches_numpy(idx, value, as_tensor):
    y = paddle.to_tensor(Y)
    v = paddle.to_tensor(np.asarray(value, dtype=np.float32)) if as_tensor and not isinstance(value, bool) else value
    y[idx] = v
    np.testing.assert_array_equal(y.numpy(), _np_set(idx, value))


def test_setitem_mask():
    y = paddle.to_tensor(Y)
    y[y > 10] = paddle.to_tensor(np.arange(13.0, dtype=np.float32))
    want = Y.copy()
    want[want > 10] = np.arange(13.0)
    np.testing.assert_array_equal(y.numpy(), want)


def test_setitem_casts_value_to_target_dtype():
    x = paddle.to_tensor([1, 2, 3])
    x[0] = 2.7
    assert x.dtype == paddle.int64 and x.tolist() == [2, 2, 3]
    x = paddle.zeros([3], dtype="int32")
    x[1] = paddle.to_tensor(3.5)
    assert x.tolist() == [0, 3, 0]
    z = paddle.to_tensor(5.0)
    z[...] = 3.0
    assert z.item() == 3.0


def test_setitem_returns_none_bumps_version_and_writes_through_views():
    x = paddle.to_tensor(np.arange(6.0, dtype=np.float32).reshape(2, 3))
    v0 = x.inplace_version
    assert x.__setitem__(0, 1.0) is None
    x[paddle.to_tensor([1])] = 2.0
    assert x.inplace_version == v0 + 2
    x = paddle.to_tensor(np.arange(6.0, dtype=np.float32).reshape(2, 3))
    x[0][1] = 50.0
    r = x.reshape([3, 2])
    r[2] = 9.0
    np.testing.assert_array_equal(x.numpy(), [[0, 50, 2], [3, 9, 9]])


@pytest.mark.parametrize("idx, value, err, msg", [
    (0, np.ones(5), ValueError, "The shape of tensor assigned value must match the shape of target shape"),
    (0, [1.0, 2.0, 3.0, 4.0], ValueError, "Value type error. The assign value allows Tensor, numpy.ndarray"),
    (([0, 1], slice(None), [1, 3]), np.ones((2, 4), np.float32), ValueError,
     "cannot be broadcast to indexing result of shape [2, 3]"),
    ("mask", np.arange(5.0, dtype=np.float32), ValueError, "shape mismatch: value tensor of shape [5]"),
    (5, 1.0, IndexError, "out of bounds"),
])
def test_setitem_errors(idx, value, err, msg):
    y = paddle.to_tensor(Y)
    if isinstance(idx, str):
        idx = y > 10
    if isinstance(value, np.ndarray) and value.ndim == 2:
        value = paddle.to_tensor(value)
    with pytest.raises(err) as e:
        y[idx] = value
    assert msg in str(e.value)


def test_setitem_on_leaf_that_needs_grad_raises_value_error():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    with pytest.raises(ValueError, match="that doesn't stop gradient can't use inplace strategy"):
        x[0] = 3.0


def _grads(idx, value, weights=None):
    a = paddle.to_tensor(Y.astype(np.float64), stop_gradient=False)
    v = paddle.to_tensor(np.asarray(value, dtype=np.float64), stop_gradient=False)
    y = a * 1.0
    y[y > 10 if isinstance(idx, str) else idx] = v
    w = np.arange(1.0, 25.0).reshape(2, 3, 4) if weights is None else weights
    (y * paddle.to_tensor(w)).sum().backward()
    return y.numpy(), a.grad.numpy(), v.grad.numpy()


def test_setitem_gradients():
    w = np.arange(1.0, 25.0).reshape(2, 3, 4)
    _, ga, gv = _grads((slice(None), 1), 2.0)
    want = w.copy()
    want[:, 1] = 0
    np.testing.assert_array_equal(ga, want)
    assert gv == w[:, 1].sum()
    # duplicates: every write receives its target's gradient, an overwritten one too (Paddle's index_put and
    # torch's rule; Paddle's own setitem leaves uninitialised memory there)
    _, ga, gv = _grads([0, 0, 1], 5.0)
    assert gv == 2 * w[0].sum() + w[1].sum() and not ga.any()
    _, ga, gv = _grads(([1, 0, 1], [2, 2, 2]), [[5.0], [6.0], [7.0]])
    np.testing.assert_array_equal(gv, [[w[1, 2].sum()], [w[0, 2].sum()], [w[1, 2].sum()]])
    # a boolean mask with a scalar value: the value gets the sum over the masked entries
    _, ga, gv = _grads("mask", 1.5)
    assert gv == w[Y > 10].sum()
    np.testing.assert_array_equal(ga, np.where(Y > 10, 0, w))


def test_setitem_value_with_grad_into_constant_target():
    x = paddle.zeros([3])
    v = paddle.to_tensor(2.0, stop_gradient=False)
    x[1] = v
    assert x.stop_gradient is False
    x.sum().backward()
    assert v.grad.item() == 1.0


def test_setitem_after_use_in_backward_raises():
    a = paddle.to_tensor(np.arange(4.0), stop_gradient=False)
    y = a * 1
    z = y * y
    y[0] = 10.0
    with pytest.raises(RuntimeError):
        (z.sum() + y.sum()).backward()


def test_setitem_chained_reads_the_old_value():
    a = paddle.to_tensor(np.arange(6.0).reshape(2, 3), stop_gradient=False)
    y = a * 2
    y[:, 1] = y[:, 0] * 3
    y.sum().backward()
    np.testing.assert_array_equal(a.grad.numpy(), [[8, 0, 2], [8, 0, 2]])


# -- static mode ---------------------------------------------------------------------------------
def _run_static(build, feeds):
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            xs = [paddle.static.data(f"x{i}", shape, str(a.dtype)) for i, (a, shape) in enumerate(feeds)]
            outs = build(*xs)
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        return main, exe.run(main, feed={f"x{i}": a for i, (a, _) in enumerate(feeds)}, fetch_list=outs)
    finally:
        paddle.disable_static()


def test_static_getitem_with_unknown_batch_and_gradients():
    x = np.random.default_rng(0).standard_normal((3, 4, 5)).astype(np.float32)

    def build(v):
        v.stop_gradient = False
        a = v[:, 1]
        b = v[0, ::-2, None]
        c = v[[2, 0], :, [1, 3]]
        d = v[v > 0.5]
        loss = a.sum() + b.sum() + c.sum() + d.sum()
        paddle.static.append_backward(loss)
        return [a, b, c, d, "x0@GRAD"]

    main, (a, b, c, d, g) = _run_static(build, [(x, [-1, 4, 5])])
    np.testing.assert_array_equal(a, x[:, 1])
    np.testing.assert_array_equal(b, x[0, ::-2, None])
    np.testing.assert_array_equal(c, x[[2, 0], :, [1, 3]])
    np.testing.assert_array_equal(d, x[x > 0.5])
    want = np.zeros_like(x)
    want[:, 1] += 1
    want[0, ::-2] += 1
    want[[2, 0], :, [1, 3]] += 1
    want[x > 0.5] += 1
    np.testing.assert_allclose(g, want)
    types = [op.type for op in main.global_block().ops]
    assert "slice" in types and "strided_slice" in types and "gather_nd" in types


def test_static_setitem():
    x = np.arange(12, dtype=np.float32).reshape(3, 4)

    def build(v):
        y = v * 1.0
        y[0] = 5.0
        y[:, 1:3] = paddle.ones([3, 2])
        y[[2, 2], [0, 3]] = -1.0
        return [y]

    main, (y,) = _run_static(build, [(x, [-1, 4])])
    want = x.copy()
    want[0] = 5.0
    want[:, 1:3] = 1.0
    want[[2, 2], [0, 3]] = -1.0
    np.testing.assert_array_equal(y, want)
    types = [op.type for op in main.global_block().ops]
    assert types.count("set_value") == 2 and "index_put" in types


def test_static_variable_index():
    x = np.arange(12, dtype=np.float32).reshape(3, 4)

    def build(v):
        i = paddle.full([], 2, dtype="int64")
        return [v[i], v[:, i]]

    _, (r, c) = _run_static(build, [(x, [3, 4])])
    np.testing.assert_array_equal(r, x[2])
    np.testing.assert_array_equal(c, x[:, 2])


@pytest.mark.parametrize("accumulate", [False, True])
def test_index_put_value_gradient_counts_every_write(accumulate):
    # real Paddle 3.3.1: index [3, 3] writes row 3 twice; each write's value gets row 3's gradient, whether or
    # not a later duplicate overwrote it (x's row 3 gets nothing unless accumulating)
    g = paddle.to_tensor(np.arange(12.0).reshape(4, 3) + 1)
    for vshape, want in (([3], [20.0, 22.0, 24.0]), ([2, 3], [[10.0, 11.0, 12.0]] * 2),
                         ([1, 3], [[20.0, 22.0, 24.0]])):
        x = paddle.to_tensor(np.arange(12.0).reshape(4, 3), stop_gradient=False)
        v = paddle.to_tensor(np.ones(vshape), stop_gradient=False)
        paddle.index_put(x, (paddle.to_tensor([3, 3]),), v, accumulate=accumulate).backward(g)
        np.testing.assert_array_equal(v.grad.numpy(), want)
        np.testing.assert_array_equal(x.grad.numpy()[3], [10.0, 11.0, 12.0] if accumulate else [0.0] * 3)
