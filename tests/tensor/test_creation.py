"""Creation API: dtype rules, edge cases and error types/messages, as checked against Paddle 3.3.1."""
import numpy as np
import pytest

import purepaddle as paddle

T = paddle.to_tensor


# -- to_tensor ----------------------------------------------------------------------------------
@pytest.mark.parametrize("data, dtype, shape", [
    (1, "int64", []), (1.5, "float32", []), (True, "bool", []), (1 + 2j, "complex64", []),
    ([1, 2.5], "float32", [2]), ([True, 1], "int64", [2]), ([1, 2 + 1j], "complex64", [2]), ((1, 2), "int64", [2]),
    (np.float64(1.0), "float64", []), (np.float32(1.0), "float32", []), (np.int32(1), "int32", []),
    (np.bool_(True), "bool", []), (np.float16(1), "float16", []), (np.complex128(1j), "complex128", []),
    (np.array([1, 2], dtype=np.int32), "int32", [2]), (np.array([1.0, 2.0]), "float64", [2]),
    (np.array(3.0), "float64", []), ([np.float64(1.0), 2.0], "float32", [2]), ([[np.float64(1)]], "float32", [1, 1]),
    ([np.array([1, 2], dtype=np.int32)], "int64", [1, 2]), ([np.array([1.0, 2.0])], "float32", [1, 2]),
    ([], "float32", [0]), ([[]], "float32", [1, 0]), ([True, 2.5], "float32", [2]),
])
def test_to_tensor_dtype_rules(data, dtype, shape):
    t = T(data)
    assert t.dtype == getattr(paddle, "bool" if dtype == "bool" else dtype) and t.shape == shape
    assert t.stop_gradient


def test_to_tensor_with_tensors_keeps_their_dtype():
    assert T([T(1.0), T(2.0)]).dtype == paddle.float32
    assert T([T(1.0, dtype="float64")]).dtype == paddle.float64
    assert T([T([1, 2], dtype="int32")]).dtype == paddle.int32
    assert T([T(1), 2.5]).dtype == paddle.float64
    t = T([T([1, 2]), T([3, 4])])
    assert t.shape == [2, 2] and t.dtype == paddle.int64


def test_to_tensor_default_dtype_float64():
    paddle.set_default_dtype("float64")
    assert T(1.5).dtype == paddle.float64
    assert T([1 + 2j]).dtype == paddle.complex128
    assert T(np.array([1.0], dtype=np.float32)).dtype == paddle.float32


def test_to_tensor_dtype_argument_and_copy():
    np.testing.assert_array_equal(T([1.5, 2.7], dtype="int32").numpy(), [1, 2])
    assert T([1, 2], dtype=np.float64).dtype == paddle.float64
    assert T([1, 2], dtype=bool).numpy().tolist() == [True, True]
    assert T([1, 2], dtype=paddle.float16).dtype == paddle.float16
    assert T(-1.5, dtype="uint8").dtype == paddle.uint8
    a = np.array([1.0, 2.0])
    t = T(a)
    a[0] = 9
    assert t.numpy()[0] == 1  # a copy
    src = T([1.0, 2.0], stop_gradient=False)
    c = T(src)
    assert c.stop_gradient and c.dtype == paddle.float32
    c.fill_(5.0)
    assert src.numpy()[0] == 1
    assert not T([1.0], stop_gradient=False).stop_gradient
    assert T(src, dtype="float64").dtype == paddle.float64
    assert T([1, 2], place=paddle.CPUPlace()).place == paddle.CPUPlace()
    assert T([1, 2], place="cpu").shape == [2]


@pytest.mark.parametrize("data, kw, exc, match", [
    ([[1, 2], [3]], {}, ValueError, "inhomogeneous|different lengths"),
    ([[1.0, 2.0], [3.0]], {}, ValueError, "inhomogeneous|different lengths"),
    ([1, None], {}, ValueError, "different lengths"),
    ("abc", {}, TypeError, "Can't constructs a 'paddle.Tensor' with data type <class 'str'>"),
    (None, {}, TypeError, "Can't constructs a 'paddle.Tensor' with data type <class 'NoneType'>"),
    ({1: 2}, {}, TypeError, "with data type <class 'dict'>"),
    (range(3), {}, TypeError, "with data type <class 'range'>"),
    (["a"], {}, ValueError, "InvalidArgument"),
    (b"ab", {}, ValueError, "InvalidArgument"),
    (2**70, {}, ValueError, "InvalidArgument"),
    (np.array([1], dtype=np.uint32), {}, ValueError, "InvalidArgument"),
    (np.array([1, 2], dtype=object), {}, ValueError, "InvalidArgument"),
    ([1, 2], {"dtype": "foo"}, TypeError, "dtype must be any of .*but received foo"),
    ([1, 2], {"dtype": "fp32"}, TypeError, "dtype must be any of"),
    ([1, 2], {"dtype": int}, TypeError, "dtype must be any of"),
    ([1, 2], {"dtype": "float"}, TypeError, "dtype must be any of"),
    ([1, 2], {"place": 1}, ValueError, "place"),
])
def test_to_tensor_errors(data, kw, exc, match):
    with pytest.raises(exc, match=match):
        T(data, **kw)


# -- full / zeros / ones / empty and their _like forms -----------------------------------------------
@pytest.mark.parametrize("value, dtype, expect", [
    (1, "float32", [1.0, 1.0]), (True, "bool", [True, True]), (1.5, "float32", [1.5, 1.5]),
    (1 + 1j, "complex128", [1 + 1j, 1 + 1j]), (np.float64(1.5), "float32", [1.5, 1.5]),
    (np.int32(3), "float32", [3.0, 3.0]), ("1.5", "float32", [1.5, 1.5]), ("inf", "float32", [np.inf, np.inf]),
])
def test_full_default_dtype(value, dtype, expect):
    t = paddle.full([2], value)
    assert t.dtype.name == dtype and t.numpy().tolist() == expect


def test_full_details():
    assert paddle.full([2], T(3)).numpy().tolist() == [3.0, 3.0]
    assert paddle.full([2], T(3.5, dtype="float64")).dtype == paddle.float32
    assert paddle.full([2], 2.7, dtype="int64").numpy().tolist() == [2, 2]
    assert paddle.full([2], 1, dtype="bool").numpy().tolist() == [True, True]
    assert paddle.full([1], 2**62 + 1, dtype="int64").item() == 2**62 + 1
    assert not paddle.full([2], 1.0, requires_grad=True).stop_gradient
    o = paddle.zeros([3])
    r = paddle.full([2], 4.0, out=o)
    assert r is o and o.numpy().tolist() == [4.0, 4.0]
    with pytest.raises(TypeError, match="Required out.dtype == dtype"):
        paddle.ones([2], out=paddle.zeros([3], dtype="int64"))
    with pytest.raises(TypeError, match="The fill_value should be int, float, bool, complex"):
        paddle.full([2], [1])


@pytest.mark.parametrize("dtype, expect", [
    (int, "int64"), (float, "float64"), ("float", "float64"), ("int", "int64"), ("long", "int64"),
    ("double", "float64"), ("half", "float16"), ("FLOAT32", "float32"), (np.int32, "int32"), (bool, "bool"),
    (complex, "complex128"), ("complex", "complex128"), (np.dtype("float32"), "float32"), (None, "float32"),
    ("uint8", "uint8"),
])
def test_dtype_spellings(dtype, expect):
    assert paddle.zeros([1], dtype=dtype).dtype.name == expect


def test_shape_forms():
    assert paddle.zeros(3).shape == [3]
    assert paddle.zeros((2, 3)).shape == [2, 3]
    assert paddle.zeros([]).shape == []
    assert paddle.zeros(T([2, 3])).shape == [2, 3]
    assert paddle.zeros([T(2), 3]).shape == [2, 3]
    assert paddle.ones(2, 3).shape == [2, 3]
    assert paddle.ones(size=[4]).shape == [4]
    assert paddle.zeros([0, 2]).shape == [0, 2]
    assert paddle.empty([2, 3], dtype="int32").dtype == paddle.int32
    assert paddle.empty(2, 3).shape == [2, 3]
    assert not paddle.zeros([2], dtype="int64", requires_grad=True).stop_gradient


@pytest.mark.parametrize("call, exc, match", [
    (lambda: paddle.zeros([-2]), ValueError, r"no less than 0.*shape\[0\] = -2"),
    (lambda: paddle.zeros([2, -1]), ValueError, r"shape\[1\] = -1"),
    (lambda: paddle.zeros([2.0]), TypeError, "must be list of int, but got float at pos 0"),
    (lambda: paddle.zeros("a"), TypeError, "must be list, tuple, int, or Tensor, but got str"),
    (lambda: paddle.zeros([2], dtype="foo"), TypeError, "data type 'foo' not understood"),
    (lambda: paddle.zeros([2], dtype="fp32"), TypeError, "data type 'fp32' not understood"),
    (lambda: paddle.zeros([2], dtype=np.uint32), ValueError, "Not supported numpy dtype uint32"),
    (lambda: paddle.zeros([2], dtype=3), TypeError, "Cannot interpret '3' as a data type"),
    (lambda: paddle.zeros_like([1, 2]), TypeError, "paddle.zeros_like"),
])
def test_shape_and_dtype_errors(call, exc, match):
    with pytest.raises(exc, match=match):
        call()


def test_like_functions():
    x = T([1.0, 2.0])
    assert paddle.zeros_like(x, dtype="int32").dtype == paddle.int32
    assert paddle.full_like(x, 3, dtype="int64").numpy().tolist() == [3, 3]
    assert paddle.full_like(x, "2.5").numpy().tolist() == [2.5, 2.5]
    assert paddle.full_like(T([1, 2]), 2.7).numpy().tolist() == [2, 2]
    assert paddle.empty_like(x).shape == [2] and paddle.empty_like(x, dtype="int64").dtype == paddle.int64
    assert not paddle.zeros_like(x, requires_grad=True).stop_gradient
    y = T([1.0], stop_gradient=False)
    assert paddle.ones_like(y).stop_gradient


def test_default_dtype_float64_for_creation():
    paddle.set_default_dtype("float64")
    for t in (paddle.zeros([1]), paddle.ones([1]), paddle.full([1], 1), paddle.empty([1]), paddle.eye(1),
              paddle.linspace(0, 1, 2), paddle.logspace(0, 1, 2), paddle.arange(1.0)):
        assert t.dtype == paddle.float64
    assert paddle.arange(3).dtype == paddle.int64


# -- arange / linspace / logspace / eye / tri indices ------------------------------------------------
def test_arange_dtype_rules():
    assert paddle.arange(5).dtype == paddle.int64
    assert paddle.arange(5.0).dtype == paddle.float32
    assert paddle.arange(np.int32(5)).dtype == paddle.int64
    assert paddle.arange(np.float64(5)).dtype == paddle.float32
    assert paddle.arange(T(5)).numpy().tolist() == [0, 1, 2, 3, 4]
    assert paddle.arange(T(5.0)).dtype == paddle.float32
    assert paddle.arange(T(1, dtype="int32"), 5).dtype == paddle.int64
    assert paddle.arange(end=3).numpy().tolist() == [0, 1, 2]
    assert paddle.arange(2.5).numpy().tolist() == [0, 1, 2]
    assert paddle.arange(2, 5, 1.5).numpy().tolist() == [2.0, 3.5]
    assert paddle.arange(5, 0).shape == [0]
    assert paddle.arange(5, 0, -1).numpy().tolist() == [5, 4, 3, 2, 1]
    assert paddle.arange(0, 1, 0.1).shape == [10]
    assert not paddle.arange(0, 3, dtype="float64", requires_grad=True).stop_gradient


def test_linspace_logspace_values():
    assert paddle.linspace(0, 1, 1).numpy().tolist() == [0.0]
    assert paddle.linspace(0, 1, 0).shape == [0]
    assert paddle.linspace(0, 9, 4, dtype="int64").numpy().tolist() == [0, 3, 6, 9]
    assert paddle.linspace(0.1, 2.3, 11, dtype="int64").numpy().tolist() == [0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2]
    assert paddle.linspace(-3.3, 7.7, 13, dtype="int64").numpy().tolist() == [-3, -2, -1, 0, 0, 1, 2, 2, 3, 4, 5, 6, 7]
    assert paddle.linspace(1, 0, 3).numpy().tolist() == [1.0, 0.5, 0.0]
    assert paddle.linspace(T(0.0), T(1.0), 3).numpy().tolist() == [0.0, 0.5, 1.0]
    assert paddle.linspace(0, 1, T(3)).shape == [3]
    assert paddle.linspace(0, 1, 2.5).shape == [2]
    np.testing.assert_allclose(paddle.linspace(0, 1, 3, dtype="float64").numpy(), [0, 0.5, 1])
    assert paddle.logspace(0, 2, 3, dtype="int32").numpy().tolist() == [1, 10, 100]
    assert paddle.logspace(0.1, 2.3, 11, dtype="int64").numpy().tolist() == [1, 1, 2, 3, 6, 10, 15, 25, 39, 63, 100]
    assert paddle.logspace(0, 2, 3, base=2, dtype="int64").numpy().tolist() == [1, 2, 4]
    np.testing.assert_allclose(paddle.logspace(-1.7, 9.1, 33).numpy(), np.logspace(-1.7, 9.1, 33), rtol=2e-6)


def test_eye_and_tri_indices():
    assert paddle.eye(0).shape == [0, 0]
    assert paddle.eye(T(2)).numpy().tolist() == [[1, 0], [0, 1]]
    assert paddle.eye(2, None, "float64").dtype == paddle.float64
    assert paddle.eye(2, dtype="int32").dtype == paddle.int32
    np.testing.assert_array_equal(paddle.tril_indices(3, 4, 1).numpy(), np.tril_indices(3, 1, 4))
    np.testing.assert_array_equal(paddle.triu_indices(3, None, -1).numpy(), np.triu_indices(3, -1, 3))
    assert paddle.tril_indices(3, 3, dtype="int32").dtype == paddle.int32
    assert paddle.triu_indices(0).shape == [2, 0]


@pytest.mark.parametrize("call, exc, match", [
    (lambda: paddle.arange(0, 5, 0), ValueError, "The step of range op should not be 0"),
    (lambda: paddle.arange(0, 3, dtype="bool"), RuntimeError, "arange"),
    (lambda: paddle.arange(0, 3, dtype="int8"), RuntimeError, "arange"),
    (lambda: paddle.arange("a"), TypeError, "paddle.arange"),
    (lambda: paddle.linspace(0, 1, -1), ValueError, "larger than or equal to 0, but received num is -1"),
    (lambda: paddle.eye(-1), TypeError, "num_rows should be a non-negative int."),
    (lambda: paddle.eye(2.5), TypeError, "num_rows should be a non-negative int."),
    (lambda: paddle.eye(2, -1), TypeError, "num_columns should be a non-negative int."),
    (lambda: paddle.tril_indices(-1, 3), TypeError, "row should be a non-negative int"),
    (lambda: paddle.triu_indices(3, -2), TypeError, "col should be a non-negative int"),
    (lambda: paddle.tril_indices(3, 3, dtype="float32"), RuntimeError, "tril_indices"),
])
def test_range_errors(call, exc, match):
    with pytest.raises(exc, match=match):
        call()


# -- assign / clone / cast ------------------------------------------------------------------------
@pytest.mark.parametrize("data, dtype, shape", [
    (np.array([1.0, 2.0]), "float64", [2]), ([1.0, 2.0], "float64", [2]), ([1, 2], "int64", [2]),
    (1.5, "float64", [1]), (3, "int64", [1]), (True, "bool", [1]), (np.float64(2), "float64", [1]),
    (np.array([1, 2], dtype=np.int8), "int8", [2]), (np.array([1, 2], dtype=np.float16), "float16", [2]),
    (np.array([1 + 1j]), "complex128", [1]), ((1, 2), "int64", [2]), ([True, False], "bool", [2]),
    (np.array(2.0), "float64", []), (np.zeros([0]), "float64", [0]),
])
def test_assign_data(data, dtype, shape):
    t = paddle.assign(data)
    assert t.dtype.name == dtype and t.shape == shape and t.stop_gradient


def test_assign_tensor_and_output():
    x = T([1.0, 2.0], stop_gradient=False)
    y = paddle.assign(x)
    assert not y.stop_gradient
    (y * y).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [2, 4])
    assert paddle.assign([x, x]).shape == [2, 2]
    o = paddle.zeros([2])
    assert paddle.assign(x, o) is o and o.numpy().tolist() == [1, 2] and not o.stop_gradient
    o2 = paddle.zeros([2])
    paddle.assign(np.array([5.0, 6.0, 7.0]), o2)
    assert o2.dtype == paddle.float64 and o2.numpy().tolist() == [5, 6, 7]
    oi = paddle.zeros([3], dtype="int64")
    paddle.assign(np.array([5, 6]), oi)
    assert oi.numpy().tolist() == [5, 6]
    view = paddle.zeros([2])
    paddle.assign(T([3.0, 4.0]), view)
    assert view.numpy().tolist() == [3, 4]


def test_assign_errors():
    with pytest.raises(ValueError):
        paddle.assign([[1, 2], [3]])
    with pytest.raises(RuntimeError, match="assign_value"):
        paddle.assign(np.array([1, 2], dtype=np.uint8))


def test_clone_copies_and_differentiates():
    x = T([1.0, 2.0], stop_gradient=False)
    y = x.clone()
    assert not y.stop_gradient and y.numpy().tolist() == [1, 2]
    y2 = paddle.clone(T([1.0, 2.0]))
    y2.zero_()
    z = T([3.0])
    c = z.clone()
    c.fill_(0.0)
    assert z.numpy().tolist() == [3.0]


def test_cast_and_astype():
    x = T([1.5, -2.7])
    assert paddle.cast(x, "int32").numpy().tolist() == [1, -2]
    assert paddle.cast(T([1.5, 0.0]), "bool").numpy().tolist() == [True, False]
    assert paddle.cast(x, int).dtype == paddle.int64
    assert paddle.cast(x, "float").dtype == paddle.float64
    assert paddle.cast(x, "complex64").dtype == paddle.complex64
    assert paddle.cast(T([1 + 2j]), "float32").numpy().tolist() == [1.0]
    assert x.astype("float32") is x
    assert paddle.cast(x, "float32") is not x
    assert x.cast(paddle.float16).dtype == paddle.float16
    assert x.astype(np.float64).dtype == paddle.float64
    w = T([1.0, 2.0], stop_gradient=False)
    paddle.cast(w, "float64").sum().backward()
    assert w.grad.dtype == paddle.float32 and w.grad.numpy().tolist() == [1, 1]


@pytest.mark.parametrize("call, exc, match", [
    (lambda: paddle.cast([1, 2], "int32"), ValueError, "must be Tensor, but got list"),
    (lambda: paddle.cast(T([1.0]), "foo"), TypeError, "data type 'foo' not understood"),
    (lambda: paddle.cast(T([1.0]), np.uint32), ValueError, "Not supported numpy dtype uint32"),
    (lambda: T([1.0]).astype("foo"), TypeError, "data type 'foo' not understood"),
    (lambda: T([1.0]).fill_(T(3.0)), TypeError, "The type of 'value'  must be int or float"),
])
def test_cast_errors(call, exc, match):
    with pytest.raises(exc, match=match):
        call()


def test_fill_and_zero_inplace():
    z = T([1.0, 2.0])
    assert z.zero_() is z and z.numpy().tolist() == [0, 0]
    assert z.fill_(2.5).numpy().tolist() == [2.5, 2.5]
    assert T([1, 2]).fill_(2.7).numpy().tolist() == [2, 2]
    v = z.inplace_version
    z.fill_(1)
    assert z.inplace_version == v + 1
    with pytest.raises(ValueError, match="Leaf Var"):
        T([1.0], stop_gradient=False).zero_()
    x = T([1.0, 2.0], stop_gradient=False)
    w = x * 1
    w.fill_(2.0)
    (w * x).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [2, 2])  # fill_ passes no gradient to the old value


def test_tensor_to_and_private_to_like_paddle():
    x = paddle.to_tensor([1.5, 2.5])
    # Paddle: a dtype named by a string always casts (a new tensor); same place / dtype object gives x itself
    assert x.to("float32") is not x and x.to("cpu") is x and x._to() is x and x.to(x) is x
    assert x._to(dtype="float32") is not x and x.to("float32", copy=True) is not x
    assert x.to(paddle.float64).dtype == paddle.float64 and x.to(np.dtype("float64")).dtype == paddle.float64
    assert x.to(dtype=paddle.int32, device="cpu").numpy().tolist() == [1, 2]
    assert x.to(other=paddle.to_tensor([1], dtype="int8")).dtype == paddle.int8
    assert x._to(paddle.CPUPlace(), "int64").dtype == paddle.int64
    assert x._to("cpu", "float16", False).dtype == paddle.float16
    assert x.to("cpu", "float16").dtype == paddle.float16 and x.to("float64", True).dtype == paddle.float64
    xg = paddle.to_tensor([1.5, 2.5], stop_gradient=False)
    y = xg.to("float64")
    assert y.dtype == paddle.float64 and not y.stop_gradient
    assert paddle.grad(y.sum(), xg)[0].numpy().tolist() == [1.0, 1.0]
    with pytest.raises(ValueError, match="The device should not be 'gpu', since PaddlePaddle is not compiled"):
        x.to("gpu")
    with pytest.raises(ValueError, match="The device must be a string which is like 'cpu', 'gpu', 'gpu:x'"):
        x.to("cpu:0")
    with pytest.raises(ValueError, match="device value error, must be str.*but the type of device is type"):
        x.to(np.float64)
    with pytest.raises(TypeError, match="to\\(\\) received too many arguments"):
        x.to()
    with pytest.raises(TypeError, match="to\\(\\) got an unexpected keyword argument bad"):
        x.to(bad=1)
    with pytest.raises(AssertionError, match="blocking value error"):
        x._to(blocking=1)


# -- signal windows (values printed by real Paddle 3.3.1) ------------------------------------------
@pytest.mark.parametrize("call, expected, dtype", [
    (lambda: paddle.hann_window(5), [0.0, 0.3454914689064026, 0.9045084714889526, 0.9045084714889526,
                                     0.3454914689064026], "float32"),
    (lambda: paddle.hamming_window(5, periodic=False, alpha=0.5, beta=0.4, dtype="float64"),
     [0.1, 0.5, 0.9, 0.5, 0.1], "float64"),
    (lambda: paddle.blackman_window(6, dtype="float64"),
     [-1.3877787807814457e-17, 0.13, 0.63, 1.0, 0.63, 0.13], "float64"),
    (lambda: paddle.bartlett_window(6), [0.0, 0.3333333432674408, 0.6666666865348816, 1.0, 0.6666666269302368,
                                         0.3333333730697632], "float32"),
    (lambda: paddle.kaiser_window(6, periodic=False, beta=5.0, dtype="float64"),
     [0.036710892271286676, 0.4149036392433668, 0.9138124838692001, 0.9138124838692001, 0.4149036392433668,
      0.036710892271286676], "float64"),
    (lambda: paddle.hann_window(1), [1.0], "float32"),
    (lambda: paddle.kaiser_window(0), [], "float32"),
])
def test_windows_match_paddle(call, expected, dtype):
    w = call()
    assert w.dtype == getattr(paddle, dtype) and w.stop_gradient
    np.testing.assert_allclose(w.numpy(), expected, rtol=1e-6, atol=1e-7)


def test_window_arguments():
    assert not paddle.hann_window(4, requires_grad=True).stop_gradient
    with pytest.raises(ValueError, match="Window length M must be a non-negative integer"):
        paddle.hann_window(-1)


def test_windows_against_real_paddle(ref_python, tmp_path):
    import subprocess
    script = ("import numpy as np, paddle\n"
              "out = {}\n"
              "for name in ['hann_window', 'hamming_window', 'blackman_window', 'bartlett_window', 'kaiser_window']:\n"
              "    for n in (2, 7, 64):\n"
              "        for periodic in (True, False):\n"
              "            for dt in ('float32', 'float64'):\n"
              "                out[f'{name}|{n}|{periodic}|{dt}'] = getattr(paddle, name)(n, periodic, dtype=dt).numpy()\n"
              f"np.savez({str(tmp_path / 'ref.npz')!r}, **out)\n")
    subprocess.run([str(ref_python), "-c", script], check=True, capture_output=True)
    ref = np.load(tmp_path / "ref.npz")
    for key in ref.files:
        name, n, periodic, dt = key.split("|")
        got = getattr(paddle, name)(int(n), periodic == "True", dtype=dt)
        assert got.dtype == getattr(paddle, dt)
        np.testing.assert_allclose(got.numpy(), ref[key], rtol=1e-5 if dt == "float32" else 1e-12, atol=1e-6,
                                   err_msg=key)


# -- full_like: Paddle's fill range check ------------------------------------------------------------
@pytest.mark.parametrize("dtype, value, message", [
    ("bool", 2.5, "current kernel type is b, the range should between 0.000000 and 1.000000, but now value is "
                  "2.500000."),
    ("int8", 300, "current kernel type is a, the range should between -128.000000 and 127.000000, but now value is "
                  "300.000000."),
    ("int64", 1e19, "current kernel type is l, the range should between -9223372036854775808.000000 and "
                    "9223372036854775808.000000, but now value is 9999999980506447872.000000."),
    ("float16", 1e6, "current kernel type is N3phi5dtype7float16E, the range should between -65504.000000 and "
                     "65504.000000, but now value is 1000000.000000."),
])
def test_full_like_value_out_of_range(dtype, value, message):
    with pytest.raises(ValueError, match="The filled value is out of range for target type") as e:
        paddle.full_like(paddle.ones([2]).astype(dtype), value)
    assert message in str(e.value)


def test_full_like_range_check_skips_inf_nan_and_empty():
    assert paddle.full_like(paddle.ones([2], dtype="float16"), float("inf")).numpy().tolist() == [np.inf, np.inf]
    assert np.isnan(paddle.full_like(paddle.ones([2]), float("nan")).numpy()).all()
    assert paddle.full_like(paddle.ones([0]).astype("bool"), 2.5).shape == [0]


def test_type_as():
    x = paddle.to_tensor([1.5, 2.5])
    assert x.type_as(paddle.to_tensor([1])).numpy().tolist() == [1, 2]
    assert x.type_as(paddle.to_tensor([1.0])) is x


def test_tensor_random_gaussian():
    from purepaddle.tensor import random as R
    x = R.gaussian([2, 3], mean=1.0, std=2.0, seed=5, dtype="float64")
    assert x.shape == [2, 3] and x.dtype == paddle.float64
    assert not hasattr(paddle, "gaussian")  # paddle.tensor.random only, as in Paddle
    assert R.gaussian([2], seed=5).numpy().tolist() == pytest.approx([-0.22414042, 0.08405284])  # Paddle's values
