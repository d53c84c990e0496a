"""Logic and search APIs against real Paddle 3.3.1: dtypes, tie order, NaN rules, operators and errors."""
import numpy as np
import pytest

import purepaddle as paddle

t = paddle.to_tensor
NAN = float("nan")
BIG = np.array([1.0, 0.0] * 40, dtype="float32")  # 80 values, heavy ties: Paddle's CPU order is std::sort's


def eq(a, b):
    """Tensor equals the expected list/array in value, shape and (given) dtype."""
    np.testing.assert_array_equal(a.numpy() if hasattr(a, "numpy") else a, np.asarray(b))


# -- comparison operators --------------------------------------------------------------------
def test_eq_scalar_and_dtype():
    r = t([1, 2]) == 1
    assert r.dtype == paddle.bool and r.stop_gradient
    eq(r, [True, False])
    eq(1 == t([1, 2]), [True, False])
    eq(1 < t([1, 2]), [False, True])


def test_eq_none_and_non_numbers():
    x = t([1, 2])
    assert (x == None) is False  # noqa: E711
    assert (x != None) is True  # noqa: E711
    assert (x == [1, 2]) is False
    assert (x != (1, 2)) is True
    assert (x == object()) is False
    assert (t([1.0]) == np.bool_(True)) is False
    with pytest.raises(TypeError, match=r"__lt__\(\): argument \(position 1\) must be int, float, bool or Tensor, "
                                        r"but got NoneType"):
        x < None  # noqa: B015
    with pytest.raises(TypeError, match="but got list"):
        x >= [1, 2]  # noqa: B015


def test_hash_is_identity():
    x = t([1, 2])
    assert hash(x) == id(x)
    assert {x: 1}[x] == 1
    assert x in [x]


def test_operator_scalar_promotion():
    i = t([1, 2])
    eq(i < 1.5, [True, False])            # int tensor meets a float: compared as floats
    eq(paddle.equal(i, 1.5), [True, False])  # paddle.equal casts the scalar to x's dtype
    eq(t([True, False]) == 2, [False, False])
    eq(t([True, False]) < 1.5, [True, True])
    eq(t([-1, 0, 1]) == np.float32(0.5), [False, True, False])  # numpy scalars are cast to x's dtype
    eq(t([-1.0, 0.0, 1.0]) < np.float32(0.5), [True, True, False])
    eq(t([1, 2], dtype="uint8") < 300, [True, True])
    eq(np.array([1, 2]) < t([1, 2]), [False, False])
    eq(t([1, 2]) == np.array([1, 2]), [True, True])
    eq(t([1.0, 2.0]) == t([1.0, 2.0], dtype="float64"), [True, True])


def test_compare_dtype_errors():
    with pytest.raises(TypeError, match="Type promotion only support"):
        t([1, 2]) == t([1.0, 2.0])  # noqa: B015
    with pytest.raises(TypeError, match="int32, y: int64"):
        paddle.equal(t([1], dtype="int32"), t([1]))
    with pytest.raises(TypeError, match="int64"):
        t([1]) == np.array([1.0])  # noqa: B015


def test_compare_broadcast_and_errors():
    eq(paddle.equal(t([[1], [2]]), t([1, 2, 3])), [[True, False, False], [False, True, False]])
    with pytest.raises(ValueError, match="Broadcast dimension mismatch"):
        paddle.equal(t([1, 2]), t([1, 2, 3]))
    with pytest.raises(ValueError, match=r"not_equal\(\): argument 'y' \(position 1\) must be Tensor, but got int"):
        paddle.not_equal(t([1]), 1)
    with pytest.raises(ValueError, match=r"less_than\(\): argument 'y' \(position 1\) must be Tensor, but got None"):
        paddle.less_than(t([1]), None)
    with pytest.raises(TypeError, match="must be float, bool, complex, int or Tensor, but received type <class 'list'"):
        paddle.equal(t([1]), [1])
    with pytest.raises(ValueError, match=r"equal\(\): argument 'x' \(position 0\) must be Tensor, but got list"):
        paddle.equal([1], t([1]))


def test_compare_nan_and_no_grad():
    eq(paddle.equal(t([NAN]), t([NAN])), [False])
    x = t([1.0, 2.0], stop_gradient=False)
    assert (x > 1.0).stop_gradient
    assert paddle.greater_equal(x, x).stop_gradient
    for f in (paddle.less, paddle.lt, paddle.greater, paddle.gt, paddle.ge, paddle.le, paddle.ne, paddle.eq):
        assert f(x, x).dtype == paddle.bool


def test_out_keyword():
    o = paddle.zeros([2], dtype="bool")
    r = paddle.equal(t([1, 2]), t([1, 3]), out=o)
    eq(o, [True, False])
    eq(r, [True, False])


def test_inplace_variants():
    x = t([1.0, 2.0])
    assert x.equal_(t([1.0, 3.0])) is x
    assert x.dtype == paddle.bool
    eq(x, [True, False])
    y = t([1, 2])
    paddle.bitwise_and_(y, t([3, 1]))
    eq(y, [1, 0])
    z = t([0.0, 2.0])
    z.logical_not_()
    eq(z, [True, False])
    eq(paddle.less_(t([1.0, 2.0]), t([1.0, 3.0])), [False, True])
    with pytest.raises(ValueError, match="is different from that of inplace tensor"):
        t([1.0, 2.0]).less_than_(t([[1.0], [2.0]]))


# -- logical / bitwise -------------------------------------------------------------------------
def test_logical_ops_dtypes():
    eq(paddle.logical_and(t([0, 1, 2]), t([1, 1, 0])), [False, True, False])
    eq(paddle.logical_xor(t([0.0, 1.5]), t([1.0, 1.0])), [True, False])
    eq(paddle.logical_not(t([0.0, 1.5, -2.0])), [True, False, False])
    eq(paddle.logical_or(t([[True], [False]]), t([True, False])), [[True, True], [True, False]])
    with pytest.raises(TypeError, match="Type promotion"):
        paddle.logical_and(t([True]), t([1]))
    with pytest.raises(ValueError, match=r"logical_and\(\): argument 'y' \(position 1\) must be Tensor, but got bool"):
        paddle.logical_and(t([True]), True)
    with pytest.raises(ValueError, match="but got list"):
        paddle.logical_not([True])


def test_bitwise_ops():
    eq(paddle.bitwise_and(t([-5, -1, 1]), t([4, 2, -3])), [0, 2, 1])
    eq(paddle.bitwise_or(t([True, False]), t([False, False])), [True, False])
    eq(paddle.bitwise_not(t([1, 2], dtype="uint8")), np.array([254, 253], dtype="uint8"))
    eq(~t([True, False]), [False, True])
    eq(1 & t([0, 1, 2]), [0, 1, 0])
    eq(1 | t([0, 1, 2]), [1, 1, 3])
    eq(t([0, 1, 2]) << 1, [0, 2, 4])
    eq(1 << t([1, 2]), [2, 4])
    eq(t([-4, 4]) >> 1, [-2, 2])
    eq(paddle.bitwise_right_shift(t([-4, 4]), t([1, 1]), is_arithmetic=False), [9223372036854775806, 2])
    eq(paddle.bitwise_left_shift(t([1]), t([70])), [0])
    assert paddle.bitwise_and(t([1], dtype="int16"), t([3], dtype="int16")).dtype == paddle.int16


def test_bitwise_errors():
    i = t([0, 1, 2])
    with pytest.raises(RuntimeError, match="kernel `bitwise_and` is not registered. Selected wrong DataType `float32`"):
        paddle.bitwise_and(t([1.0]), t([1.0]))
    with pytest.raises(RuntimeError, match="bitwise_not"):
        ~t([1.0])
    with pytest.raises(ValueError, match="same dtype"):
        paddle.bitwise_and(t([1], dtype="int32"), i)
    with pytest.raises(ValueError, match=r"bitwise_and\(\): argument 'y' \(position 1\) must be Tensor, but got int"):
        i & 1  # noqa: B018
    with pytest.raises(TypeError):
        i << 1.5  # noqa: B018
    with pytest.raises(TypeError):
        1.5 & i  # noqa: B018
    with pytest.raises(RuntimeError, match="bitwise_left_shift"):
        t([True]) << 1  # noqa: B018


# -- any / all / is_empty / isin ---------------------------------------------------------------
def test_any_all():
    b = t([[True, False], [False, False]])
    r = paddle.any(b)
    assert r.shape == [] and bool(r)
    eq(paddle.any(b, axis=0), [True, False])
    assert paddle.any(b, axis=[0, 1], keepdim=True).shape == [1, 1]
    assert paddle.any(b, keepdim=True).shape == [1, 1]
    eq(paddle.all(t([[0.0, 1.0], [2.0, 3.0]]), axis=1), [False, True])
    eq(paddle.all(paddle.zeros([0, 2], dtype="bool"), axis=0), [True, True])
    assert not bool(paddle.any(paddle.zeros([0, 2], dtype="bool")))
    assert paddle.all(t(True), axis=-1).shape == []
    assert b.any(axis=1).shape == [2]


def test_any_all_errors():
    b = t([[True, False]])
    with pytest.raises(ValueError, match=r"should be in the range \[ -dimension\(X\), dimension\(X\) \) which "
                                         r"dimension = 2. But received dim index = 2"):
        paddle.any(b, axis=2)
    with pytest.raises(ValueError, match="duplicate"):
        paddle.all(b, axis=[0, 0])
    with pytest.raises(ValueError, match="When input 0D Tensor, the axis can only be -1, 0, None or"):
        paddle.all(t(True), axis=1)
    with pytest.raises(TypeError, match="must be list or tuple, but got float"):
        paddle.any(b, axis=1.0)


def test_is_empty_and_isin():
    assert bool(paddle.is_empty(paddle.zeros([0, 3])))
    assert not bool(paddle.is_empty(t(1.0)))
    eq(paddle.isin(t([1, 2, 3]), t([2, 5])), [False, True, False])
    eq(paddle.isin(t([[1.0, 2.0], [3.0, 2.0]]), t([[2.0]]), invert=True), [[True, False], [True, False]])
    eq(paddle.isin(t([NAN]), t([NAN])), [False])
    with pytest.raises(TypeError, match="x must be tensor type"):
        paddle.isin(t([1]), [1])
    with pytest.raises(TypeError, match="Type promotion"):
        paddle.isin(t([1.0]), t([1]))


# -- argmax / argmin ---------------------------------------------------------------------------
def test_argmax_argmin_rules():
    x = t([[1.0, 3.0, 3.0], [2.0, 2.0, 0.0]])
    r = paddle.argmax(x)
    assert r.dtype == paddle.int64 and r.shape == [] and int(r) == 1   # first index on ties
    assert paddle.argmax(x, keepdim=True).shape == [1, 1]
    eq(paddle.argmin(x, axis=0, keepdim=True, dtype="int32"), np.array([[0, 1, 1]], dtype="int32"))
    eq(paddle.argmax(x, axis=1.0), [1, 0])
    eq(paddle.argmax(x, axis=t(1)), [1, 0])
    assert int(paddle.argmax(t([1.0, NAN, 3.0, NAN]))) == 2   # NaN is skipped
    assert int(paddle.argmax(t([NAN, NAN]))) == 0
    assert int(paddle.argmin(t([NAN, NAN, 1.0]))) == 2
    assert paddle.argmax(t(3.0), axis=0, keepdim=True).shape == [1]
    assert paddle.argmax(t(3.0), keepdim=True).shape == []
    eq(x.argmin(axis=1), [0, 2])


def test_argmax_errors():
    x = t([[1.0, 2.0]])
    with pytest.raises(ValueError, match=r"'axis'\(2\) must be less than Rank\(X\)\(2\) of Input\(X\)"):
        paddle.argmax(x, axis=2)
    with pytest.raises(ValueError, match=r"'axis'\(-3\) must be greater than or equal to -Rank\(X\)\(-2\)"):
        paddle.argmin(x, axis=-3)
    with pytest.raises(ValueError, match=r"must be \[int32\] or \[int64\], but received \[float32\]"):
        paddle.argmax(x, dtype="float32")
    with pytest.raises(ValueError, match="could not be None"):
        paddle.argmax(x, dtype=None)
    with pytest.raises(TypeError, match="must be int, float, bool or Tensor, but got list"):
        paddle.argmax(x, axis=[1])
    with pytest.raises(TypeError, match=r"argument \(position 3\) must be bool, but got int"):
        paddle.argmax(x, keepdim=1)
    with pytest.raises(RuntimeError, match="kernel `argmax` is not registered. Selected wrong DataType `bool`"):
        paddle.argmax(t([True]))


# -- sorting -------------------------------------------------------------------------------------
def test_argsort_ties_and_nan():
    x = t([3.0, 1.0, 2.0, 1.0, 3.0])
    eq(paddle.argsort(x), [1, 3, 2, 0, 4])
    eq(paddle.argsort(x, descending=True), [0, 4, 2, 1, 3])
    eq(paddle.sort(t([3.0, NAN, 1.0, -np.inf])), [-np.inf, 1.0, 3.0, NAN])
    eq(paddle.sort(t([3.0, NAN, 1.0, -np.inf]), descending=True), [NAN, 3.0, 1.0, -np.inf])
    eq(paddle.argsort(t([3.0, NAN, 1.0, NAN]), descending=True), [1, 3, 0, 2])
    eq(paddle.argsort(t([1, 3, 3, 2]), descending=True), [1, 2, 3, 0])


def test_argsort_matches_paddle_unstable_order():
    # Paddle's CPU kernel is std::sort on (value, index): for long rows with ties the order
    # is the algorithm's, replayed exactly (values from Paddle 3.3.1).
    eq(paddle.argsort(t(BIG)).numpy()[:16], [55, 29, 31, 33, 35, 37, 39, 41, 43, 45, 47, 49, 51, 53, 1, 57])
    eq(paddle.argsort(t(BIG), descending=True).numpy()[:12], [60, 68, 24, 66, 28, 30, 64, 32, 34, 62, 36, 38])
    eq(paddle.argsort(t(BIG), stable=True), np.argsort(BIG, kind="stable"))
    eq(paddle.argsort(t(BIG), descending=True, stable=True).numpy()[:5], [0, 2, 4, 6, 8])


def test_sort_grad_and_dtypes():
    x = t([3.0, 1.0, 2.0], stop_gradient=False)
    (paddle.sort(x) * t([1.0, 2.0, 3.0])).sum().backward()
    eq(x.grad, [3.0, 1.0, 2.0])
    assert paddle.sort(t([2, 1], dtype="int16")).dtype == paddle.int16
    assert paddle.argsort(t(3.0)).shape == []
    assert paddle.sort(paddle.zeros([0])).shape == [0]
    eq(paddle.sort(t([[3, 1], [1, 2]]), axis=0), [[1, 1], [3, 2]])


def test_sort_errors():
    x = t([1.0, 2.0])
    with pytest.raises(ValueError, match=r"'axis'\(1\) must be less than num_dims\(1\)"):
        paddle.sort(x, axis=1)
    with pytest.raises(ValueError, match=r"'axis'\(-2\) must be greater than or equal to -num_dims\(-1\)"):
        paddle.argsort(x, axis=-2)
    with pytest.raises(TypeError, match=r"argument \(position 2\) must be int, but got float"):
        paddle.sort(x, axis=0.0)
    with pytest.raises(TypeError, match=r"argument \(position 3\) must be bool, but got int"):
        paddle.argsort(x, descending=1)
    with pytest.raises(RuntimeError, match="Selected wrong DataType `bool`"):
        paddle.sort(t([True, False]))
    with pytest.raises(ValueError, match=r"argsort\(\): argument 'x' \(position 0\) must be Tensor, but got list"):
        paddle.argsort([1, 2])


def test_topk():
    res = paddle.topk(t([3.0, 1.0, 2.0, 1.0, 3.0]), 2)
    assert type(res).__name__ == "TopKRetType" and res._fields == ("values", "indices")
    eq(res.values, [3.0, 3.0])
    eq(res.indices, [4, 0])   # Paddle's tie order
    eq(paddle.topk(t([3.0, 1.0, 2.0, 1.0, 3.0]), 3, largest=False)[1], [1, 3, 2])
    eq(paddle.topk(t(BIG), 10)[1], [64, 38, 36, 62, 34, 32, 66, 68, 24, 60])
    eq(paddle.topk(t(BIG), 10, largest=False)[1], [41, 53, 51, 49, 47, 45, 43, 31, 33, 35])
    eq(paddle.topk(t([1.0, NAN, 3.0, NAN]), 2)[1], [1, 3])       # NaN counts as the largest
    eq(paddle.topk(t([1.0, NAN, 3.0, NAN]), 2, largest=False)[1], [0, 2])
    eq(paddle.topk(t([[1.0, 4.0, 2.0], [3.0, 0.0, 5.0]]), 1)[0], [[4.0], [5.0]])
    eq(paddle.topk(t([1.0, 2.0, 3.0]), t([2], dtype="int32"))[1], [2, 1])
    eq(paddle.topk(t([1.0, 2.0, 3.0]), 2.0)[1], [2, 1])
    assert paddle.topk(t(3.0), 1)[0].shape == []
    assert paddle.topk(t([3, 1, 2]), 2)[0].dtype == paddle.int64


def test_topk_grad_and_errors():
    x = t([3.0, 1.0, 2.0], stop_gradient=False)
    v, i = paddle.topk(x, 2)
    assert not v.stop_gradient and i.dtype == paddle.int64
    (v * t([1.0, 2.0])).sum().backward()
    eq(x.grad, [1.0, 0.0, 2.0])
    with pytest.raises(ValueError, match="the attribute of k in the topk must >= 1 or be a Tensor, but received 0"):
        paddle.topk(t([1.0]), 0)
    with pytest.raises(ValueError, match="x has only 5 element, can not find 6 top values"):
        paddle.topk(paddle.zeros([5]), 6)
    with pytest.raises(ValueError, match=r"The rank \(3\) of the input 'k' for topk op must be less than or equal to"):
        paddle.topk(paddle.zeros([2, 2]), 3)
    with pytest.raises(ValueError, match=r"the axis of topk must be \[-1, 1\), but you set axis is 1"):
        paddle.topk(t([1.0]), 1, axis=1)
    with pytest.raises(TypeError, match=r"argument \(position 4\) must be bool, but got int"):
        paddle.topk(t([1.0]), 1, largest=1)


def test_kthvalue():
    x = t([3.0, 1.0, 2.0, 1.0, 3.0])
    assert [int(paddle.kthvalue(x, k)[1]) for k in (1, 2, 4, 5)] == [1, 3, 0, 4]
    assert [int(paddle.kthvalue(t(BIG), k)[1]) for k in range(1, 81, 7)] == [1, 31, 71, 61, 15, 17, 60, 4, 70, 40,
                                                                              16, 44]
    v, i = paddle.kthvalue(t([1.0, NAN, 3.0]), 3)
    assert np.isnan(float(v)) and int(i) == 1
    v, i = paddle.kthvalue(t([[3.0, 1.0], [2.0, 5.0]]), 1, axis=0, keepdim=True)
    eq(v, [[2.0, 1.0]])
    eq(i, [[1, 0]])
    assert isinstance(paddle.kthvalue(x, 1), tuple)
    assert paddle.kthvalue(t(3.0), 1, keepdim=True)[0].shape == []
    assert paddle.kthvalue(t([3, 1, 2], dtype="int32"), 2)[0].dtype == paddle.int32


def test_kthvalue_grad_and_errors():
    x = t([[3.0, 1.0, 2.0]], stop_gradient=False)
    v, _ = paddle.kthvalue(x, 2, keepdim=True)
    (v * 2).sum().backward()
    eq(x.grad, [[0.0, 0.0, 2.0]])
    with pytest.raises(ValueError, match="the k in the kthvalue must >= 1, but received 0"):
        paddle.kthvalue(t([1.0]), 0)
    with pytest.raises(ValueError, match="input of kthvalue must have >= 6 columns in axis of 0"):
        paddle.kthvalue(paddle.zeros([5]), 6)
    with pytest.raises(ValueError, match=r"the axis must be \[-1, 1\), but received 1"):
        paddle.kthvalue(t([1.0]), 1, axis=1)
    with pytest.raises(TypeError, match=r"kthvalue\(\): argument \(position 2\) must be long, but got float"):
        paddle.kthvalue(t([1.0]), 1.0)
    with pytest.raises(ValueError, match="must less equal than the elements number"):
        paddle.kthvalue(t(1.0), 2)


def test_mode():
    v, i = paddle.mode(t([3.0, 1.0, 2.0, 1.0, 3.0]))
    assert float(v) == 1.0 and int(i) == 3   # equal counts: the smallest value, its last index
    v, i = paddle.mode(t([[1.0, 2.0, 2.0, 3.0, 3.0], [7.0, 7.0, 7.0, 8.0, 8.0]]))
    eq(v, [2.0, 7.0])
    eq(i, [2, 2])
    v, i = paddle.mode(t([NAN, 1.0, 1.0, NAN, NAN]))   # NaNs never count as equal
    assert float(v) == 1.0 and int(i) == 2
    v, i = paddle.mode(paddle.zeros([0]))
    assert float(v) == 0.0 and int(i) == 0
    v, i = paddle.mode(t([[1.0, 2.0], [2.0, 2.0]]), axis=0, keepdim=True)
    eq(v, [[1.0, 2.0]])
    eq(i, [[0, 1]])
    x = t([3.0, 1.0, 2.0, 3.0], stop_gradient=False)
    v, i = paddle.mode(x)
    v.backward()
    eq(x.grad, [0.0, 0.0, 0.0, 1.0])
    with pytest.raises(ValueError, match=r"the axis must be \[-1, 1\), but received -2"):
        paddle.mode(t([1.0]), axis=-2)
    with pytest.raises(TypeError, match=r"mode\(\): argument \(position 2\) must be int, but got float"):
        paddle.mode(t([1.0]), axis=0.0)


def test_mode_long_rows_match_paddle():
    rng = np.random.default_rng(0)
    row = rng.integers(0, 3, 40).astype("float32")
    v, i = paddle.mode(t(row))
    assert float(v) == np.bincount(row.astype(int)).argmax()
    assert row[int(i)] == float(v)


# -- binning -------------------------------------------------------------------------------------
def test_searchsorted():
    s = t([1.0, 3.0, 3.0, 5.0])
    v = t([[0.0, 3.0], [4.0, 6.0]])
    eq(paddle.searchsorted(s, v), [[0, 1], [3, 4]])
    eq(paddle.searchsorted(s, v, right=True), [[0, 3], [3, 4]])
    eq(paddle.searchsorted(s, v, side="right"), [[0, 3], [3, 4]])
    assert paddle.searchsorted(s, v, out_int32=True).dtype == paddle.int32
    eq(paddle.searchsorted(t([[1.0, 3.0], [2.0, 4.0]]), t([[2.0], [3.0]])), [[1], [1]])
    eq(paddle.searchsorted(t([1.0, 3.0, NAN]), t([NAN, 4.0, 3.0, -np.inf, np.inf])), [3, 2, 1, 3, 3])
    eq(paddle.searchsorted(t([1.0, 3.0, NAN]), t([4.0]), right=True), [3])
    eq(paddle.searchsorted(t([5.0, 1.0, 4.0, 2.0, 3.0, 0.0, 7.0]), t([3.5, 0.5, 6.0])), [6, 0, 6])
    eq(paddle.searchsorted(t([1, 2, 3]), t([1.5, 2.0])), [1, 1])
    assert paddle.searchsorted(s, t(3.0)).shape == []
    eq(paddle.bucketize(t([0.0, 3.0, 6.0]), t([1.0, 3.0, 5.0])), [0, 1, 3])
    eq(paddle.searchsorted(t([3.0, 1.0, 5.0]), t([2.0]), sorter=t([1, 0, 2])), [1])


def test_searchsorted_errors():
    with pytest.raises(RuntimeError, match=r"The dimensions of sorted_sequence tensor \( 2, 2 \) and values tensor "
                                           r"\( 3, 1 \) can not match"):
        paddle.searchsorted(t([[1.0, 3.0], [2.0, 4.0]]), t([[2.0], [3.0], [1.0]]))
    with pytest.raises(ValueError, match="must be greater or equal than 1"):
        paddle.searchsorted(t(1.0), t([1.0]))
    with pytest.raises(ValueError, match=r"argument 'values' \(position 1\) must be Tensor, but got float"):
        paddle.searchsorted(t([1.0]), 3.0)
    with pytest.raises(ValueError, match="sorted_sequence tensor must be 1 dimension, but got dim 2"):
        paddle.bucketize(t([1.0]), t([[1.0, 2.0]]))


def test_bincount():
    r = paddle.bincount(t([1, 1, 3]), minlength=6)
    assert r.dtype == paddle.int64
    eq(r, [0, 2, 0, 1, 0, 0])
    assert paddle.bincount(t([1, 1, 3]), weights=t([0.5, 1.0, 2.0])).dtype == paddle.float32
    w = paddle.bincount(t([1, 1, 3]), weights=t([1, 2, 3]))
    assert w.dtype == paddle.float64
    eq(w, [0.0, 3.0, 0.0, 3.0])
    eq(paddle.bincount(t([1, 2], dtype="int32")), [0, 1, 1])
    eq(paddle.bincount(paddle.zeros([0], dtype="int64"), minlength=3), [0, 0, 0])
    eq(paddle.bincount(t([1, 1]), minlength=t(3)), [0, 2, 0])
    with pytest.raises(ValueError, match="must be non-negative ints"):
        paddle.bincount(t([1, -1, 3]))
    with pytest.raises(TypeError, match="Elements in Input"):
        paddle.bincount(t([1.0, 2.0]))
    with pytest.raises(ValueError, match="must be 1-D tensor"):
        paddle.bincount(t([[1, 2]]))
    with pytest.raises(ValueError, match="The minlength should be greater than or equal to 0"):
        paddle.bincount(t([1]), minlength=-1)
    with pytest.raises(ValueError, match=r"'shape' of Input\(Weights\) is \[2\],the 'shape' of Input\(X\) is \[3\]"):
        paddle.bincount(t([1, 1, 3]), weights=t([1.0, 2.0]))


def test_histogram():
    x = t([1.0, 2.0, 1.0, 4.0])
    r = paddle.histogram(x, bins=4)
    assert r.dtype == paddle.int64
    eq(r, [2, 1, 0, 1])
    eq(paddle.histogram(x, bins=4, min=0, max=3), [0, 2, 1, 0])
    eq(paddle.histogram(t([2.0, 2.0]), bins=4), [0, 0, 2, 0])
    eq(paddle.histogram(t([0.1, 0.2, 0.3, 0.7, 0.9, 1.0]), bins=10, min=0, max=1), [0, 1, 1, 1, 0, 0, 0, 1, 0, 2])
    eq(paddle.histogram(t([0, 1, 2, 3]), bins=2, min=0.5, max=2.5), [1, 2])
    eq(paddle.histogram(t([1.0, NAN, 3.0]), bins=2), [1, 1])
    w = paddle.histogram(x, bins=2, weight=t([1.0, 2.0, 3.0, 4.0]))
    assert w.dtype == paddle.float32
    eq(w, [6.0, 4.0])
    d = paddle.histogram(x, bins=2, weight=t([1.0, 2.0, 3.0, 4.0]), density=True).numpy()
    assert d.tolist() == [0.40000003576278687, 0.2666666805744171]   # Paddle's float32 rounding
    assert paddle.histogram(t([0.3, 1.7, 2.2, 3.9, 0.1]), bins=3, density=True).numpy().tolist() == \
        [0.31578946113586426, 0.31578946113586426, 0.15789473056793213]
    e = paddle.histogram(paddle.zeros([0]), bins=2)
    assert e.dtype == paddle.float32 and e.shape == [2]


def test_histogram_errors():
    x = t([1.0, 2.0])
    with pytest.raises(ValueError, match="The bins should be greater than or equal to 1.But received nbins is 0"):
        paddle.histogram(x, bins=0)
    with pytest.raises(ValueError, match="max must be larger or equal to min.But received max is 1.000000, min is "
                                         "3.000000"):
        paddle.histogram(x, bins=2, min=3, max=1)
    with pytest.raises(TypeError, match=r"argument \(position 3\) must be long, but got float"):
        paddle.histogram(x, bins=2.5)
    with pytest.raises(ValueError, match="The range of max - min is out of range"):
        paddle.histogram(t([NAN, 1.0, 3.0]), bins=2)
    with pytest.raises(ValueError, match="The shape of weight should be equal to the shape of input"):
        paddle.histogram(x, bins=2, weight=t([1.0]))
    with pytest.raises(RuntimeError, match="Selected wrong DataType `bool`"):
        paddle.histogram(t([True]), bins=2)


def test_count_nonzero():
    r = paddle.count_nonzero(t([[0.0, 1.0], [2.0, NAN]]))
    assert r.dtype == paddle.int64 and int(r) == 3
    eq(paddle.count_nonzero(t([[0, 1], [2, 3]]), axis=1), [1, 2])
    assert paddle.count_nonzero(t([[0.0, 1.0]]), axis=[0, 1], keepdim=True).shape == [1, 1]
    assert int(paddle.count_nonzero(t([True, False]))) == 1
    with pytest.raises(TypeError, match="must be list, tuple, int, or Tensor, but got float"):
        paddle.count_nonzero(t([1.0]), axis=0.0)
    with pytest.raises(ValueError, match="But received dim index = 1"):
        paddle.count_nonzero(t([1.0]), axis=1)


# -- static programs -------------------------------------------------------------------------
def test_static_op_types_and_attrs():
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main, paddle.static.Program()):
            x = paddle.static.data("x", [3, 4], "float32")
            paddle.equal(x, x)
            paddle.argmax(x, axis=1)
            paddle.any(x > 0)
            paddle.topk(x, 2)
            paddle.kthvalue(x, 2)
            paddle.mode(x)
        ops = {op.type: op for op in main.global_block().ops}
    finally:
        paddle.disable_static()
    for name in ("equal", "arg_max", "greater_than", "reduce_any", "top_k_v2", "kthvalue", "mode"):
        assert name in ops, name
    am = ops["arg_max"].attrs
    assert am["axis"] == 1 and am["flatten"] is False and am["keepdims"] is False and am["dtype"] == 3
    assert ops["top_k_v2"].attrs["k"] == 2 and ops["top_k_v2"].attrs["largest"] is True


def test_isin_assume_unique_follows_paddles_sort_algorithm():
    # expected values printed by real paddle 3.3.1 (repeated values give its documented wrong answer)
    x = paddle.to_tensor([0., 1., 2.] * 20).reshape([20, 3])
    test_x = paddle.to_tensor([0., 1.] * 20)
    got = paddle.isin(x, test_x, assume_unique=True).numpy()
    assert got[:-1].all() and got[-1].tolist() == [True, True, False]
    assert (paddle.isin(x, test_x, assume_unique=True, invert=True).numpy() == ~got).all()
    a, b = paddle.to_tensor([4, 1, 7, 3]), paddle.to_tensor([7, 2, 4])
    assert paddle.isin(a, b, assume_unique=True).numpy().tolist() == [True, False, True, False]
    assert paddle.isin(a, b).numpy().tolist() == paddle.isin(a, b, assume_unique=True).numpy().tolist()


# -- Paddle's numbers (issue 12): values real Paddle 3.3.1 printed ---------------------------------------------------
def test_float_equality_has_paddles_1e_15_slack():
    # |a - b| < 1e-15 compares equal (so a subnormal equals -0.0); infinities compare exactly, NaN equals nothing
    a = paddle.to_tensor(np.array([1e-40, 1e-16, 1e-15, 1.0, np.inf, np.inf, np.nan], np.float64))
    b = paddle.to_tensor(np.array([-0.0, 0.0, 0.0, 1.0 + 1e-9, np.inf, -np.inf, np.nan], np.float64))
    want = [True, True, False, False, True, False, False]
    assert (a == b).numpy().tolist() == want
    assert (a != b).numpy().tolist() == [not w for w in want]
    assert paddle.equal(a.astype("float32"), b.astype("float32")).numpy().tolist()[:3] == [True, True, False]
    assert bool(paddle.equal_all(a[:2], b[:2]))
    assert paddle.isin(a[:1], b[:1]).numpy().tolist() == [True]
    # complex: each part within 1e-15; exact where a part is infinite
    ca = paddle.to_tensor(np.array([0.8e-15 + 0.8e-15j, complex(np.inf, 1e-20), complex(np.nan, 0)]))
    cb = paddle.to_tensor(np.array([0j, complex(np.inf, 0), complex(np.nan, 0)]))
    assert (ca == cb).numpy().tolist() == [True, False, False]
    assert (paddle.to_tensor([3, 4]) == paddle.to_tensor([3, 5])).numpy().tolist() == [True, False]


def test_isclose_follows_paddles_cpu_rule():
    a = paddle.to_tensor(np.array([1e-20, 1.0, np.inf, 1.0, np.nan]))
    b = paddle.to_tensor(np.array([0.0, np.inf, -np.inf, 1.1, np.nan]))
    assert paddle.isclose(a, b, rtol=0.0, atol=0.0).numpy().tolist() == [True, False, False, False, False]
    assert paddle.isclose(a, b, equal_nan=True).numpy().tolist() == [True, True, True, False, True]
    assert bool(paddle.allclose(a[:1], b[:1], rtol=0.0, atol=0.0))
    c = paddle.to_tensor(np.array([complex(np.nan, 0), 1 + 1j]))
    assert paddle.isclose(c, paddle.to_tensor(np.array([0j, 5j]))).numpy().tolist() == [True, False]


@pytest.mark.parametrize("dtype", ["int8", "int32", "int64", "float32", "float64"])
def test_truth_value_is_value_above_zero(dtype):
    # Paddle's Tensor.__bool__ is `value > 0`: -1 is False
    assert [bool(paddle.to_tensor(np.array(v, dtype))) for v in (-1, 0, 1, 2)] == [False, False, True, True]
    assert bool(paddle.to_tensor(np.array(-0.5 + 1j))) is False and bool(paddle.to_tensor(0.5j)) is True
