"""OpSpec table: creation ops (to_tensor, full, zeros, arange, linspace, eye, assign, clone, cast, ...); and
complex, polar, split_with_sizes, resize_, set_, tensor/asarray/from_numpy, range, create_tensor,
create_parameter, MmapStorage, element_size, paddle.tensor(...) (OpSpec rows and API tests)."""
import warnings

import numpy as np
import pytest

import purepaddle as paddle
from tests.opspec import OpSpec, parametrize, positive, rand

F32 = np.float32


# what real Paddle 3.3.1 prints for paddle.uniform([2, 3], min=-2.0, max=3.0, seed=7): an op-level seed is a
# fresh std::mt19937_64(seed)
_UNIFORM_SEED_7 = [[1.7719264030456543, 2.7465057373046875, -1.412928581237793],
                   [2.459566116333008, -1.2936421632766724, -1.724534273147583]]


def _spaced(a, b, n, dt=F32):
    """Paddle's linspace: computed in the output dtype, filled from both ends."""
    a, b = dt(a), dt(b)
    step = (b - a) / dt(n - 1)
    i = np.arange(n)
    return np.where(i < n // 2, a + step * i.astype(dt), b - step * (n - 1 - i).astype(dt))


def const(name, fn, ref, **kw):
    """A spec for a function without tensor inputs (nothing to differentiate)."""
    return OpSpec(name, fn, ref, grad=(), **kw)


SPECS = [
    # -- constants -------------------------------------------------------------------------
    OpSpec("to_tensor", lambda x: paddle.to_tensor(x), lambda x: x, [rand(2, 3)], grad=()),
    const("zeros", lambda: paddle.zeros([2, 3]), lambda: np.zeros((2, 3), F32)),
    const("ones_int", lambda: paddle.ones([3], dtype="int32"), lambda: np.ones(3, np.int32)),
    const("full", lambda: paddle.full([2, 2], 1.5), lambda: np.full((2, 2), 1.5, F32)),
    const("full_int64_exact", lambda: paddle.full([2], 2**53 + 1, "int64"),
          lambda: np.full(2, 2**53 + 1, np.int64), atol=0, rtol=0),
    const("full_bool", lambda: paddle.full([3], True), lambda: np.ones(3, bool)),
    const("empty_shape", lambda: paddle.zeros_like(paddle.empty([2, 3])), lambda: np.zeros((2, 3), F32)),
    OpSpec("zeros_like", paddle.zeros_like, np.zeros_like, [rand(2, 3)], grad=()),
    OpSpec("ones_like", lambda x: paddle.ones_like(x, dtype="int64"), lambda x: np.ones(x.shape, np.int64),
           [rand(4)], grad=()),
    OpSpec("full_like", lambda x: paddle.full_like(x, 7.0), lambda x: np.full_like(x, 7.0), [rand(3, 2)], grad=()),
    OpSpec("empty_like", lambda x: paddle.zeros_like(paddle.empty_like(x)), np.zeros_like, [rand(3, 2)], grad=()),
    # -- ranges ----------------------------------------------------------------------------
    const("arange_int", lambda: paddle.arange(1, 10, 3), lambda: np.arange(1, 10, 3)),
    const("arange_float", lambda: paddle.arange(0, 1, 0.3), lambda: np.arange(F32(0), F32(1), F32(0.3), dtype=F32)),
    const("arange_neg_step", lambda: paddle.arange(5, 0, -2, dtype="float64"), lambda: np.arange(5.0, 0, -2)),
    const("linspace", lambda: paddle.linspace(0.1, 2.3, 11), lambda: _spaced(0.1, 2.3, 11), atol=0, rtol=0),
    const("linspace_int", lambda: paddle.linspace(0, 10, 5, dtype="int32"), lambda: np.array([0, 2, 5, 7, 10])),
    const("logspace", lambda: paddle.logspace(0, 2, 5, base=2.0), lambda: np.logspace(0, 2, 5, base=2.0)),
    const("eye", lambda: paddle.eye(3, 4), lambda: np.eye(3, 4, dtype=F32)),
    const("tril_indices", lambda: paddle.tril_indices(4, 3, -1), lambda: np.array(np.tril_indices(4, -1, 3))),
    const("triu_indices", lambda: paddle.triu_indices(3, 4, 1), lambda: np.array(np.triu_indices(3, 1, 4))),
    # -- copies and casts (differentiable) ---------------------------------------------------
    OpSpec("assign", paddle.assign, lambda x: x, [rand(2, 3)]),
    const("assign_ndarray", lambda: paddle.assign(np.arange(6.0).reshape(2, 3)),
          lambda: np.arange(6.0).reshape(2, 3)),
    OpSpec("clone", paddle.clone, lambda x: x, [rand(3, 4)]),
    OpSpec("clone_method", lambda x: (x * x).clone(), lambda x: x * x, [rand(3)], double=True),
    OpSpec("cast_f64", lambda x: paddle.cast(x * x, "float64"), lambda x: (x * x).astype(np.float64), [rand(2, 3)],
           double=True),
    OpSpec("cast_int", lambda x: paddle.cast(x * 5, "int32"), lambda x: (x * 5).astype(np.int32), [rand(2, 3)],
           grad=()),
    OpSpec("astype_f64", lambda x: x.astype("float64") * 2, lambda x: x * 2, [rand(4)]),
    OpSpec("fill_", lambda x: (x * 1).fill_(2.5), lambda x: np.full_like(x, 2.5), [rand(3)]),
    OpSpec("zero_", lambda x: (x * 3).zero_(), np.zeros_like, [rand(2, 2)]),
    # -- a random op with its own seed is deterministic: static == eager -----------------------
    const("uniform_seed", lambda: paddle.uniform([2, 3], min=-2.0, max=3.0, seed=7),
          lambda: np.array(_UNIFORM_SEED_7, F32)),
]


# -- complex, polar, resize_/set_, asarray/from_numpy, range, create_tensor/parameter ------------------------
def _real(z):
    """The real part of a complex tensor by a cast (its gradient flows back as a complex one)."""
    return paddle.cast(z, "float64" if z.dtype == paddle.complex128 else "float32")


def _resized(x, shape):
    y = x * 1.0  # a non-leaf: in-place ops on it are recorded
    return y.resize_(shape)


COMPLEX_AND_STORAGE = [
    OpSpec("complex_real", lambda x, y: _real(paddle.complex(x, y)), lambda x, y: x + 0 * y, [rand(2, 3), rand(3)]),
    OpSpec("complex_real_broadcast", lambda x, y: _real(paddle.complex(y, x)), lambda x, y: y + 0 * x,
           [rand(3), rand(2, 3)]),
    OpSpec("polar", lambda r, t: _real(paddle.polar(r, t)), lambda r, t: r * np.cos(t), [positive(3), rand(2, 3)]),
    OpSpec("split_with_sizes", lambda x: x.split_with_sizes([1, 3], dim=1), lambda x: (x[:, :1], x[:, 1:]),
           [rand(3, 4)]),
    OpSpec("resize_shrink", lambda x: _resized(x, [2, 2]), lambda x: x.reshape(-1)[:4].reshape(2, 2),
           [rand(2, 3)], static=False),
    OpSpec("resize_grow", lambda x: _resized(x, [3, 3]),
           lambda x: np.concatenate([x.reshape(-1), np.zeros(3, x.dtype)]).reshape(3, 3), [rand(2, 3)],
           static=False),
]



def test_complex_grad_of_both_parts():
    x = paddle.to_tensor([1., 2.], stop_gradient=False)
    y = paddle.to_tensor([3.], stop_gradient=False)
    z = paddle.complex(x, y)
    gx, gy = paddle.grad(z, [x, y], grad_outputs=paddle.to_tensor([1 + 2j, 3 - 1j]))
    assert gx.tolist() == [1., 3.] and gy.tolist() == [1.]  # real parts to x, imaginary parts summed to y
    r = paddle.to_tensor([2.], stop_gradient=False)
    t = paddle.to_tensor([0.5], stop_gradient=False)
    gr, gt = paddle.grad(paddle.polar(r, t), [r, t], grad_outputs=paddle.to_tensor([1j]))
    np.testing.assert_allclose([gr.item(), gt.item()], [np.sin(0.5), 2 * np.cos(0.5)], rtol=1e-6)


def test_complex_dtypes_and_errors():
    z = paddle.complex(paddle.to_tensor([1.], dtype="float64"), paddle.to_tensor([2.], dtype="float64"))
    assert z.dtype == paddle.complex128 and z.numpy()[0] == 1 + 2j
    with pytest.raises(ValueError, match="argument 'real'"):
        paddle.complex(1.0, paddle.to_tensor([1.]))
    with pytest.raises(RuntimeError, match="complex"):
        paddle.complex(paddle.to_tensor([1]), paddle.to_tensor([2]))
    with pytest.raises(ValueError, match="same dtype"):
        paddle.complex(paddle.to_tensor([1.]), paddle.to_tensor([1.], dtype="float64"))
    w = paddle.polar(paddle.to_tensor([1., 2.]), paddle.to_tensor([3.], dtype="float64"))
    assert w.dtype == paddle.complex128


def test_tensor_asarray_from_numpy():
    t = paddle.tensor(paddle.to_tensor(1, stop_gradient=False))
    assert t.stop_gradient and t.dtype == paddle.int64 and t.shape == []
    assert not paddle.tensor([0.1], requires_grad=True).stop_gradient
    assert paddle.tensor([[1 + 1j, 2]], dtype="complex64").dtype == paddle.complex64
    a = np.array([1, 2, 3])
    shared = paddle.asarray(a, copy=False)
    a[0] = 9
    assert shared.tolist()[0] == 9 and paddle.asarray(a).tolist()[0] == 9
    copied = paddle.asarray(a)
    a[0] = 1
    assert copied.tolist()[0] == 9
    f = paddle.from_numpy(a)
    a[1] = 7
    assert f.tolist() == [1, 7, 3] and f.dtype == paddle.int64
    assert paddle.from_numpy(np.array([1, 2], np.int32)).dtype == paddle.int32
    with pytest.raises(TypeError, match="numpy.ndarray"):
        paddle.from_numpy([1, 2])


def test_paddle_tensor_is_callable_module():
    assert paddle.tensor(1).shape == [] and paddle.tensor.create_tensor is not None
    assert paddle.tensor.creation.to_tensor is paddle.to_tensor


def test_range_inclusive():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        assert paddle.range(5).tolist() == [0, 1, 2, 3, 4, 5] and paddle.range(5).dtype == paddle.float32
        assert paddle.range(3, 9, 2.0).tolist() == [3, 5, 7, 9]
        assert paddle.range(4.999).tolist() == [0, 1, 2, 3, 4]
        assert paddle.range(paddle.to_tensor(3), 7).tolist() == [3, 4, 5, 6, 7]
        assert paddle.range(5, 0, -2, dtype="int32").tolist() == [5, 3, 1]
        np.testing.assert_allclose(paddle.range(0, 1, 0.3).numpy(), [0, .3, .6, .9], rtol=1e-6)
        assert paddle.range(2, 1).shape == [0]
        with pytest.raises(ValueError, match="nonzero"):
            paddle.range(0, 5, 0)


def test_create_tensor_and_parameter():
    t = paddle.tensor.create_tensor("float64", persistable=True)
    assert t.dtype == paddle.float64 and t.persistable
    assert paddle.create_parameter is paddle.static.create_parameter
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main):
            v = paddle.tensor.create_tensor("float32", name="ct")
            w = paddle.create_parameter(shape=[4, 2], dtype="float32")
        assert v.name == "ct" and v.dtype == paddle.float32 and w.shape == (4, 2)
    finally:
        paddle.disable_static()


def test_element_size_and_mmap(tmp_path):
    assert paddle.to_tensor([1.]).element_size() == 4 and paddle.to_tensor(1).element_size() == 8
    assert paddle.to_tensor([True]).element_size() == 1 and paddle.to_tensor([1j]).element_size() == 8
    a = paddle.arange(20).reshape([4, 5]).astype("float32")
    path = str(tmp_path / "t.pp")
    a.numpy().tofile(path)
    s = paddle.MmapStorage(path, a.size * a.element_size())
    np.testing.assert_array_equal(s.get_slice(dtype="float32", start=0, stop=a.size).reshape([4, 5]).numpy(),
                                  a.numpy())
    assert s.get_slice("float32", 2, 8, 2).tolist() == [2, 4, 6] and s.get_slice().shape == [80]
    with pytest.raises(ValueError, match="holds only"):
        paddle.MmapStorage(path, 1000)


def test_set_shares_memory():
    src = paddle.to_tensor([[11., 22., 33.]])
    src2 = paddle.to_tensor([11., 22., 33., 44., 55., 66.])
    x = paddle.to_tensor([1., 2., 3., 4., 5.])
    assert x.set_().shape == [0]
    x.set_(src)
    assert x.shape == [1, 3] and x._is_shared_buffer_with(src)
    assert paddle.to_tensor([1.]).set_(src, shape=[2, 1]).tolist() == [[11.], [22.]]
    assert paddle.to_tensor([1.]).set_(src2, shape=[3], stride=[2]).tolist() == [11., 33., 55.]
    y = paddle.to_tensor([1.]).set_(src2, shape=[5], offset=4)
    assert y.tolist() == [22., 33., 44., 55., 66.]
    y[0] = 100.0
    assert src2.tolist()[1] == 100.0  # a view: writes reach the source
    with pytest.raises(ValueError, match="outside"):
        paddle.to_tensor([1.]).set_(src2, shape=[5], offset=8)
    with pytest.raises(ValueError, match="dtype"):
        paddle.to_tensor([1.]).set_(paddle.to_tensor([1, 2]))
    with pytest.raises(ValueError, match="inplace"):
        paddle.to_tensor([1.], stop_gradient=False).set_(src)


def test_resize_and_split_with_sizes_errors():
    x = paddle.to_tensor([1., 2., 3.])
    assert x.resize_([2, 1]).tolist() == [[1.], [2.]]
    assert paddle.to_tensor([1., 2., 3.]).resize_([2, 3], fill_zero=True).tolist() == [[1, 2, 3], [0, 0, 0]]
    with pytest.raises(ValueError, match="list or tuple"):
        x.resize_(3)
    with pytest.raises(ValueError, match="no less than 0"):
        x.resize_([-1])
    with pytest.raises(ValueError, match="inplace"):
        paddle.to_tensor([1., 2.], stop_gradient=False).resize_([1])
    m = paddle.arange(12).reshape([3, 4])
    with pytest.raises(ValueError, match="add up to 2"):
        m.split_with_sizes([1, 1])
    with pytest.raises(ValueError, match="non-negative"):
        m.split_with_sizes([1, -1], dim=1)


test_forward, test_grad, test_static, test_static_grad, test_double = parametrize(SPECS + COMPLEX_AND_STORAGE)


def test_grad_passes_through_integer_casts_like_paddle():
    # values produced by paddle 3.3.1 (eager): the gradient flows back through a cast to an integer or bool
    # dtype, cast to that dtype on the way (so 2.7 truncates to 2 and any nonzero becomes True -> 1)
    for dtype, k, want in (("int32", 0.5, 0.0), ("int32", 2.7, 2.0), ("int32", -1.6, -1.0), ("int64", 2.7, 2.0),
                           ("uint8", 2.7, 2.0), ("bool", 0.5, 1.0), ("bool", -1.6, 1.0)):
        x = paddle.to_tensor([1.5, 2.7], stop_gradient=False)
        mid = x.astype(dtype)
        mid.retain_grads()
        assert not mid.stop_gradient
        (mid.astype("float32") * k).sum().backward()
        np.testing.assert_array_equal(x.grad.numpy(), [want, want], err_msg=f"{dtype} {k}")
        assert mid.grad.dtype == mid.dtype
    x = paddle.to_tensor([1.5, 2.7], stop_gradient=False)
    ((x.astype("int32") * 3).astype("float32") * 2).sum().backward()
    np.testing.assert_array_equal(x.grad.numpy(), [6.0, 6.0])
    x = paddle.to_tensor([1.5, 2.7], "float64", stop_gradient=False)
    paddle.cast(x, "int64").sum().backward()
    assert x.grad.dtype == paddle.float64
    np.testing.assert_array_equal(x.grad.numpy(), [1.0, 1.0])
