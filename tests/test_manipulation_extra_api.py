"""tensor_split & co., stacks, atleast_Nd, views, *_scatter, fill_diagonal, tensor arrays, numel, nanmedian,
quantile, argwhere: Paddle's results, errors, in-place variants and static programs."""
import numpy as np
import pytest

import purepaddle as paddle

nan = float("nan")
x3 = paddle.arange(24, dtype="float32").reshape([2, 3, 4])
m34 = paddle.arange(12, dtype="float32").reshape([3, 4])

# (call, exception type, message fragment) as real Paddle 3.3.1 raises them
ERRORS = [
    (lambda: paddle.tensor_split(x3, 0), ValueError, "num_or_indices must be larger than 0."),
    (lambda: paddle.tensor_split(x3, 2, axis=3), ValueError, "must be greater than 0 or axis which is 3, but got 3"),
    (lambda: paddle.tensor_split(paddle.to_tensor(1.0), 2), ValueError, "must be greater than 0"),
    (lambda: paddle.tensor_split(x3, 2.5), ValueError, "The num_or_indices should be int, list or tuple of ints"),
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
    (lambda: paddle.view(x3, [5, -1]), ValueError, "X's size = 24"),
    (lambda: paddle.as_strided(x3, [3, 3], [1, 3], -2), ValueError, "The offset must be non-negative, but got -2."),
    (lambda: paddle.as_strided(x3, [30, 3], [1, 3]), ValueError, "reads outside the 24 elements"),
    (lambda: paddle.unfold(x3, 2, 5, 1), ValueError, "paddle.unfold size(5) must be less than shape[axis](4)."),
    (lambda: paddle.unfold(x3, 2, 2, 0), ValueError, "paddle.unfold step must be greater than 0"),
    (lambda: paddle.select_scatter(x3, paddle.ones([2, 3]), 1, 0), RuntimeError,
     "expected values to have a size equal to the slice of x. value size = paddle.Size([2, 3]) slice size = "
     "paddle.Size([2, 4])"),
    (lambda: paddle.slice_scatter(x3, paddle.ones([2, 3, 3]), [2], [0], [4], [2]), ValueError,
     "The shape of tensor assigned value must match the shape of target shape"),
    (lambda: paddle.slice_scatter(x3, paddle.ones([1]), [2], [0], [4], []), ValueError, "must be equal"),
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


@pytest.mark.parametrize("call,exc,msg", ERRORS, ids=[f"err{i}" for i in range(len(ERRORS))])
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
    assert [t.shape for t in paddle.hsplit(x3, 3)] == [[2, 1, 4]] * 3
    assert [t.shape for t in x3.tensor_split(2, axis=paddle.to_tensor(2))] == [[2, 3, 2]] * 2
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
    n = paddle.numel(x3)
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
    assert _v(paddle.quantile(y.astype("int64"), 0.5, axis=0, interpolation="lower")) == [2, 3]
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
