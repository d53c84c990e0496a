"""Hand-written checks of the selection family against recorded Paddle 3.3.1 behaviour: shapes, dtypes, errors."""
import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.tensor.manipulation.gathering import gather, gather_nd, index_select, take, take_along_axis
from purepaddle.tensor.search import select as _select
from purepaddle.tensor.search.select import masked_fill_, masked_select, nonzero, where
from purepaddle.tensor.manipulation import scattering as SS
from purepaddle.tensor.creation.matrix import diag, diag_embed, diagflat, meshgrid, tril, triu_
from purepaddle.tensor.manipulation.distinct import unique, unique_consecutive


T = paddle.to_tensor


def first_line(e):
    return str(e.value).split("\n")[0]


def x23():
    return T([[1., 2., 3.], [4., 5., 6.]])


# -- gather: the FAQ's semantics ---------------------------------------------------------
def test_gather_faq_shapes():
    x = paddle.ones([4, 5, 6])
    idx = T([3, 0])
    assert gather(x, idx).shape == [2, 5, 6]               # axis defaults to 0
    assert gather(x, idx, axis=1).shape == [4, 2, 6]       # shape_out[axis] = M
    assert gather(x, T([[1], [2], [0]]), axis=2).shape == [4, 5, 3]  # [M, 1] index
    assert gather(x, T(1), axis=1).shape == [4, 6]         # 0-D index drops the axis
    assert gather(x, idx, axis=T(2)).shape == [4, 5, 2]    # axis as a Tensor
    assert gather(x, idx, axis=T([2])).shape == [4, 5, 2]


def test_gather_values_and_negative_index():
    x = x23()
    np.testing.assert_array_equal(gather(x, T([1, 0, 1])).numpy(), [[4, 5, 6], [1, 2, 3], [4, 5, 6]])
    np.testing.assert_array_equal(gather(x, T([-1, 0]), axis=1).numpy(), [[3, 1], [6, 4]])
    np.testing.assert_array_equal(x.gather(T([2, 0], dtype="int32"), axis=-1).numpy(), [[3, 1], [6, 4]])
    assert gather(T([1, 2, 3]), T([2, 2])).dtype == paddle.int64
    assert gather(x, T([], dtype="int64")).shape == [0, 3]


def test_gather_is_torch_gather_only_in_1d():
    x = T([5., 6., 7.])
    i = T([2, 0])
    np.testing.assert_array_equal(gather(x, i).numpy(), [7, 5])
    # torch order gather(input, dim, index): take_along_axis without broadcasting
    m = x23()
    out = gather(m, 1, T([[1], [0]]))
    np.testing.assert_array_equal(out.numpy(), [[2], [4]])
    out = gather(input=m, dim=1, index=T([[1, 0], [0, 1]]))
    np.testing.assert_array_equal(out.numpy(), [[2, 1], [4, 5]])


def test_gather_errors():
    x = x23()
    with pytest.raises(ValueError) as e:
        gather(x, T([[1, 0], [0, 1]]))
    assert str(e.value) == ("(InvalidArgument) The last dim of index should be 0 or 1 when it is 2D, but we get 2\n"
                            "  [Hint: Expected index_dims[1] == 1, but received index_dims[1]:2 != 1:1.]")
    with pytest.raises(ValueError) as e:
        gather(x, T([[[1]]]))
    assert first_line(e) == "(InvalidArgument) The index should be 0D or 1D, when it is not 2D, but we get 3"
    with pytest.raises(ValueError) as e:
        gather(x, T([1., 0.]))
    assert str(e.value) == "(InvalidArgument) The data type of Input(Index) of gather must be int32 or int64 on CPU."
    with pytest.raises(ValueError, match="gather must be int32 or int64"):
        gather(x, T([1, 0], dtype="int16"))
    with pytest.raises(IndexError) as e:
        gather(x, T([0]), axis=2)
    assert first_line(e) == ("(OutOfRange) Attr(axis) is out of range, It's expected to be in range of [-2, 1]. "
                             "But received Attr(axis) = 2.")
    with pytest.raises(IndexError) as e:
        gather(x, T([5, 0]), axis=1)
    assert first_line(e) == ("(OutOfRange) The element of Index must be less than the size of input dim size of "
                             "axis which is 3, but received index element which is 5 in the 0 index.")
    with pytest.raises(IndexError) as e:
        gather(x, T([-4, 0]), axis=1)
    assert first_line(e) == ("(OutOfRange) The element of Index must be greater than or equal to -3, but received "
                             "index element which is -4 in the 0 index.")
    with pytest.raises(ValueError) as e:
        gather(x, [1, 0])
    assert str(e.value) == "(InvalidArgument) gather(): argument 'index' (position 1) must be Tensor, but got list"
    with pytest.raises(TypeError, match="Too few arguments"):
        gather(x)


def test_gather_grad_accumulates_duplicates():
    x = T([[1., 2., 3.], [4., 5., 6.]], stop_gradient=False)
    (gather(x, T([1, 1, 0])) * T([[1.], [2.], [3.]])).sum().backward()
    np.testing.assert_array_equal(x.grad.numpy(), [[3, 3, 3], [3, 3, 3]])


def test_static_op_types_and_attrs():
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main):
            x = paddle.static.data("x", [2, 3], "float32")
            i = paddle.static.data("i", [2], "int64")
            m = paddle.static.data("m", [2, 3], "bool")
            gather(x, i, axis=1)
            where(m, x, x)
            nonzero(m)
            _select.masked_fill(x, m, 2.0)
            SS.scatter(x, i, x)
            tril(x, 1)
            diag(i)
            take_along_axis(x, paddle.static.data("j", [2, 3], "int64"), 1)
        ops = {op.type: op for op in main.global_block().ops}
    finally:
        paddle.disable_static()
    g = ops["gather"]
    assert g.attr("axis") == 1 and g.attr("overwrite") is False
    assert set(ops["where"].input_names) == {"Condition", "X", "Y"}
    assert ops["where_index"].output_names == ["Out"]
    assert set(ops["masked_fill"].input_names) == {"x", "mask", "value"}
    assert set(ops["scatter"].input_names) == {"X", "Ids", "Updates"} and ops["scatter"].attr("overwrite") is True
    assert ops["tril_triu"].attr("lower") is True and ops["tril_triu"].attr("diagonal") == 1
    assert ops["diag_v2"].attr("offset") == 0
    assert ops["take_along_axis"].attr("Axis") == 1 and ops["take_along_axis"].output_names == ["Result"]


def test_static_index_dtype_error_is_type_error():
    paddle.enable_static()
    try:
        with paddle.static.program_guard(paddle.static.Program()):
            x = paddle.static.data("x", [2, 3], "float32")
            i = paddle.static.data("i", [2], "float32")
            with pytest.raises(TypeError) as e:
                gather(x, i)
    finally:
        paddle.disable_static()
    assert str(e.value) == "The data type of 'index' in gather must be ['int32', 'int64'], but received float32. "


# -- other readers -----------------------------------------------------------------------
def test_gather_nd_and_index_select():
    x = x23()
    assert gather_nd(x, T([1, 2])).shape == []
    np.testing.assert_array_equal(gather_nd(x, T([[-1, 0]])).numpy(), [4])
    assert gather_nd(x, T(np.zeros((2, 0), "int64"))).shape == [2, 2, 3]
    with pytest.raises(ValueError) as e:
        gather_nd(x, T([[2, 0]]))
    assert first_line(e) == "(InvalidArgument) Input(index[-1)] has wrong value, it is [2]"
    with pytest.raises(ValueError) as e:
        gather_nd(x, T([[0., 0.]]))
    assert first_line(e) == ("(InvalidArgument) Index holds the wrong type, it holds [float32],but desires to be "
                             "[int32] or [int64]")
    np.testing.assert_array_equal(index_select(x, 1, T([1])).numpy(), [[2], [5]])  # torch order
    np.testing.assert_array_equal(x.index_select(T([-1, 0]), axis=1).numpy(), [[3, 1], [6, 4]])
    with pytest.raises(ValueError) as e:
        index_select(x, T([3, 0]), axis=1)
    assert first_line(e) == ("(InvalidArgument) Variable value (index) of OP(index_select) expected >= -3 and < 3, "
                             "but got 3. Please check input value.")
    with pytest.raises(IndexError, match=r"Attr\(dim\) is out of range"):
        index_select(x, T([1]), axis=-3)
    with pytest.raises(ValueError, match="must be 1-D tensor"):
        index_select(x, T([[1, 0]]), axis=1)


def test_take_along_axis_broadcast_rules():
    x = T([[1., 2., 3.], [4., 5., 6.]])
    np.testing.assert_array_equal(take_along_axis(x, T([[2, 0]]), 1).numpy(), [[3, 1], [6, 4]])
    np.testing.assert_array_equal(take_along_axis(x, T([[1, 0]]), 0, broadcast=False).numpy(), [[4, 2]])
    np.testing.assert_array_equal(take_along_axis(input=x, indices=T([[1], [0]]), dim=1).numpy(), [[2], [4]])
    with pytest.raises(ValueError, match="The value \\(2\\) of the non-singleton dimension does not match"):
        take_along_axis(x, T([[1, 0]]), 0)
    with pytest.raises(RuntimeError, match="Size does not match at dimension 1"):
        take_along_axis(x, T([[1, 0, 1, 1]]), 0, broadcast=False)
    with pytest.raises(ValueError, match="same number of dimensions"):
        take_along_axis(x, T([1, 0]), 0)
    with pytest.raises(AssertionError, match=r"'axis'  must be in the range of \[-2, 2\)"):
        take_along_axis(x, T([[1], [0]]), 2)
    with pytest.raises(IndexError, match="of gather cpu kernel, expected >= -3 and < 3, but got 3"):
        take_along_axis(x, T([[3], [0]]), 1)


def test_take_modes():
    x = T([[0, 1, 2], [3, 4, 5]])
    np.testing.assert_array_equal(take(x, T([6, -7]), mode="wrap").numpy(), [0, 5])
    np.testing.assert_array_equal(take(x, T([6, -7]), mode="clip").numpy(), [5, 0])
    np.testing.assert_array_equal(take(x, T([[0, -1]])).numpy(), [[0, 5]])
    with pytest.raises(ValueError, match="'mode' in 'take' should be"):
        take(x, T([0]), mode="bad")
    with pytest.raises(TypeError, match="must be one of \\['int32', 'int64'\\]"):
        take(x, T([0.]))


# -- masks, where, nonzero ---------------------------------------------------------------
def test_masked_fill_faq_recipe_via_where():
    x = T([[0.00276479, 0.45899123, 0.96637046], [0.66818708, 0.05855134, 0.33184195],
           [0.34202638, 0.95503175, 0.33745834]])
    mask = T([[True, True, False], [True, True, True], [True, True, True]])

    def masked_fill(x, mask, value):
        y = paddle.full(x.shape, value, x.dtype)
        return where(mask, y, x)

    out = masked_fill(x, mask, 2)
    assert out.dtype == paddle.float32
    np.testing.assert_allclose(out.numpy(), [[2, 2, 0.96637046], [2, 2, 2], [2, 2, 2]], rtol=1e-6)
    np.testing.assert_allclose(_select.masked_fill(x, mask, 2).numpy(), out.numpy())
    np.testing.assert_allclose(x.masked_fill(mask, T(2.)).numpy(), out.numpy())


def test_masked_fill_rules():
    x = paddle.ones([2, 3])
    out = _select.masked_fill(T([1., 2., 3.]), T([[True, False, False], [False, False, True]]), 0.)
    assert out.shape == [2, 3]                                           # mask broadcasts x
    assert _select.masked_fill(T([1, 2, 3]), T([True, False, True]), 9.5).numpy().tolist() == [9, 2, 9]
    assert _select.masked_fill(x, T([1, 0, 1]), 0.).numpy().tolist() == [[0, 1, 0], [0, 1, 0]]  # int mask is cast
    with pytest.raises(ValueError, match="Broadcast dimension mismatch"):
        _select.masked_fill(x, T([True, False]), 0.)
    with pytest.raises(ValueError, match="must be the same as x"):
        _select.masked_fill(x, T([True, False, True]), T(7, dtype="int64"))
    y = paddle.zeros([3])
    assert masked_fill_(y, T([False, True, False]), 5.) is y
    assert y.numpy().tolist() == [0, 5, 0] and y.inplace_version == 1


def test_masked_fill_value_grad():
    """Paddle 3.3.1 returns a zero gradient for a Tensor `value` (a bug); purepaddle gives the true one."""
    x = T([[1., 2., 3.], [4., 5., 6.]], stop_gradient=False)
    v = T(5., stop_gradient=False)
    w = T([[1., 2., 3.], [4., 5., 6.]])
    (_select.masked_fill(x, T([[True, False, False], [False, False, True]]), v) * w).sum().backward()
    np.testing.assert_array_equal(x.grad.numpy(), [[0, 2, 3], [4, 5, 0]])
    assert float(v.grad) == 7.0


def test_masked_select():
    x = x23()
    m = T([[True, False, True], [False, False, True]])
    assert masked_select(x, m).numpy().tolist() == [1, 3, 6]
    assert masked_select(x, T([True, False, True])).numpy().tolist() == [1, 3, 4, 6]
    with pytest.raises(RuntimeError) as e:
        masked_select(x, T([True, False]))
    assert str(e.value) == ("(PreconditionNotMet) The size of tensor x (3) must match the size of tensor y (2) at "
                            "non-singleton dimension 1.")
    with pytest.raises(ValueError, match="'mask' in masked_select must be bool"):
        masked_select(x, T([1, 0, 1]))
    xx = T([1., 2., 3.], stop_gradient=False)
    masked_select(xx, T([[True, False, True], [True, True, True]])).sum().backward()
    assert xx.grad.numpy().tolist() == [2, 1, 2]


def test_where_dtype_rules():
    m = T([[True, False, True], [False, False, True]])
    x = x23()
    assert where(m, x, 0.).dtype == paddle.float32
    assert where(m, 1., 0.).dtype == paddle.float32
    assert where(m, 1, 0).dtype == paddle.int64
    assert where(m, x, T([0.5], dtype="float64")).dtype == paddle.float64
    assert where(m, T([True, True, True]), T([False, False, False])).dtype == paddle.bool
    with pytest.raises(TypeError) as e:
        where(m, x, 0)
    assert str(e.value) == ("(InvalidType) Type promotion only support calculations between floating-point numbers "
                            "and between complex and real numbers. But got different data type x: float32, y: int64.")
    with pytest.raises(ValueError) as e:
        where(T([1, 0, 1]), T([1., 2., 3.]), T([0., 0., 0.]))
    assert str(e.value) == ("The `condition` is expected to be a boolean Tensor, but got a Tensor with dtype "
                            "paddle.int64")
    with pytest.raises(ValueError, match="either both or neither of x and y should be given"):
        where(m, x)
    with pytest.raises(ValueError) as e:
        where(m, x, T([1., 2.]))
    assert str(e.value) == ("(InvalidArgument) Broadcast dimension mismatch. Operands could not be broadcast "
                            "together with the shape of X = [2, 3] and the shape of Y = [2]. Received [3] in X is not "
                            "equal to [2] in Y at i:1.")
    out = where(T([[True], [False]]), T([1., 2., 3.]), T([[9.], [8.]]))
    assert out.numpy().tolist() == [[1, 2, 3], [8, 8, 8]]
    assert where(m, input=x, other=x * 0).numpy().tolist() == [[1, 0, 3], [0, 0, 6]]


def test_where_one_arg_and_nonzero():
    m = T([[True, False, True], [False, False, True]])
    rows, cols = where(m)
    assert rows.numpy().tolist() == [0, 0, 1] and cols.numpy().tolist() == [0, 2, 2]
    assert rows.dtype == paddle.int64
    nz = nonzero(T([[1., 0.], [0., 3.]]))
    assert nz.shape == [2, 2] and nz.dtype == paddle.int64 and nz.stop_gradient
    assert nonzero(T([0, 0])).shape == [0, 1]
    (only,) = nonzero(T([0, 3, 1]), as_tuple=True)
    assert only.numpy().tolist() == [1, 2]
    with pytest.raises(ValueError, match="should have number of dimension at least 1"):
        nonzero(T(3.))


def test_where_grad_broadcast():
    a = T([1., 2., 3.], stop_gradient=False)
    b = T([[9.], [8.]], stop_gradient=False)
    (where(T([[True, False, True], [False, True, True]]), a, b) * T([[1., 2., 3.], [4., 5., 6.]])).sum().backward()
    assert a.grad.numpy().tolist() == [1, 5, 9] and b.grad.numpy().tolist() == [[2], [4]]


# -- scatter family ----------------------------------------------------------------------
def test_scatter_semantics_and_grads():
    x = T([[1., 1.], [2., 2.], [3., 3.]], stop_gradient=False)
    index = T([2, 1, 0, 1])
    updates = T([[1., 1.], [2., 2.], [3., 3.], [4., 4.]], stop_gradient=False)
    assert SS.scatter(x, index, updates, overwrite=False).numpy().tolist() == [[3, 3], [6, 6], [1, 1]]
    out = SS.scatter(x, index, updates)
    assert out.numpy().tolist() == [[3, 3], [4, 4], [1, 1]]
    (out * T([[1., 2.], [3., 4.], [5., 6.]])).sum().backward()
    assert x.grad.numpy().tolist() == [[0, 0], [0, 0], [0, 0]]
    # Paddle hands every duplicate the gathered grad, overwritten or not
    assert updates.grad.numpy().tolist() == [[5, 6], [3, 4], [1, 2], [3, 4]]
    assert SS.scatter(T([[1., 2.], [3., 4.]]), T(1), T([9., 9.])).numpy().tolist() == [[1, 2], [9, 9]]
    assert SS.scatter(T([[1., 2.], [3., 4.]]), T([-1]), T([[9., 9.]])).numpy().tolist() == [[1, 2], [9, 9]]


def test_scatter_errors():
    x = paddle.ones([3, 3])
    with pytest.raises(IndexError) as e:
        SS.scatter(x, T([3]), paddle.ones([1, 3]))
    assert first_line(e).startswith("(OutOfRange) The index is out of bounds, please check whether the values of "
                                    "index and dimensions of input meet the requirements. each index should be less "
                                    "than 1st-dim size (3) of input, but received [3]")
    with pytest.raises(ValueError) as e:
        SS.scatter(x, T([1., 0.]), paddle.ones([2, 3]))
    assert first_line(e) == ("(InvalidArgument) Index holds the wrong type, it holds [float32],but desires to be "
                             "[int32] or [int64].")
    with pytest.raises(ValueError, match="should be no greater than Input\\(Updates\\)"):
        SS.scatter(x, T([1, 0]), paddle.ones([1, 3]))
    with pytest.raises(ValueError, match="source tensor's 1-th dimension is 2,target tensor's 1-th dimension is 3"):
        SS.scatter(x, T([1, 0]), paddle.ones([2, 2]))
    with pytest.raises(ValueError, match="The last dim of the index should be 1 when the index is a 2D tensor"):
        SS.scatter(x, T([[1, 0]]), paddle.ones([2, 3]))
    with pytest.raises(TypeError, match=r"scatter\(\): argument \(position 4\) must be bool, but got int"):
        SS.scatter(x, T([1]), paddle.ones([1, 3]), overwrite=1)


def test_scatter_torch_order_and_inplace():
    x = T([[1., 2., 3.], [4., 5., 6.]])
    out = SS.scatter(x, 1, T([[0], [2]]), T([[7.], [8.]]))
    assert out.numpy().tolist() == [[7, 2, 3], [4, 5, 8]]
    out = SS.scatter(x, 1, T([[0], [2]]), T([[7.], [8.]]), reduce="add")
    assert out.numpy().tolist() == [[8, 2, 3], [4, 5, 14]]
    y = paddle.zeros([3, 2])
    assert x.scatter_ is not None
    assert SS.scatter_(y, T([1]), T([[5., 6.]])) is y
    assert y.numpy().tolist() == [[0, 0], [5, 6], [0, 0]]
    leaf = paddle.zeros([2], dtype="float32")
    leaf.stop_gradient = False
    with pytest.raises(ValueError, match="Leaf Var .* that doesn't stop gradient can't use inplace strategy"):
        SS.scatter_(leaf, T([0]), T([1.]))


def test_scatter_nd():
    x = paddle.zeros([3, 3])
    assert SS.scatter_nd_add(x, T([[-1]]), T([[1., 2., 3.]])).numpy().tolist()[2] == [1, 2, 3]
    assert SS.scatter_nd(T([[1], [1]]), T([[1., 2.], [3., 4.]]), T([3, 2])).numpy().tolist() == [[0, 0], [4, 6],
                                                                                                 [0, 0]]
    with pytest.raises(TypeError) as e:
        SS.scatter_nd_add(x, T([[1]]), T([[1, 2, 3]]))
    assert str(e.value) == "x and updates must have same data type but x.dtype=float32, updates.dtype=int64"
    with pytest.raises(ValueError, match="Updates's1-th dimension is 3, Input\\(Updates\\)'s 1-th dimension is 2"):
        SS.scatter_nd_add(x, T([[1], [1]]), paddle.ones([2, 2]))
    with pytest.raises(ValueError, match="the last dimension of Input\\(Index\\)'s shape is 3, the rank of"):
        SS.scatter_nd_add(x, T([[1, 1, 1]]), paddle.ones([1]))
    with pytest.raises(IndexError, match="It should be less than \\[3\\] and greater or equal to \\[-3\\], but "
                                         "received \\[3\\]"):
        SS.scatter_nd_add(x, T([[3]]), paddle.ones([1, 3]))


PUT_GRADS = {  # recorded from Paddle 3.3.1: (arr.grad, values.grad); w = arange(1, 10), axis 0, broadcast=False
    ("assign", True): ([[0, 2, 0], [4, 0, 6], [7, 0, 0]], [[0, 5, 3], [1, 8, 9]]),
    ("add", True): ([[1, 2, 3], [4, 5, 6], [7, 8, 9]], [[1, 5, 3], [1, 8, 9]]),
    ("add", False): ([[0, 2, 0], [4, 0, 6], [7, 0, 0]], [[1, 5, 3], [1, 8, 9]]),
    ("mul", True): ([[20, 2, 10.5], [4, 2.5, 6], [7, 72, 63]], [[2, 25, 9], [10, 64, 81]]),
    ("mul", False): ([[0, 2, 0], [4, 0, 6], [7, 0, 0]], [[2, 5, 3], [10, 8, 9]]),
    ("mean", True): ([[1 / 3, 2, 1.5], [4, 2.5, 6], [7, 4, 4.5]], [[1 / 3, 2.5, 1.5], [1 / 3, 4, 4.5]]),
    ("mean", False): ([[0, 2, 0], [4, 0, 6], [7, 0, 0]], [[0.5, 5, 3], [0.5, 8, 9]]),
    ("amin", True): ([[1, 2, 3], [4, 0, 6], [7, 8, 0]], [[0, 5, 0], [0, 0, 9]]),
    ("amax", True): ([[0, 2, 0], [4, 5, 6], [7, 0, 9]], [[1, 0, 3], [0, 8, 0]]),
}


@pytest.mark.parametrize("reduce,include_self", sorted(PUT_GRADS))
def test_put_along_axis_grads_match_paddle(reduce, include_self):
    a = T([[1., 2., 3.], [4., 5., 6.], [7., 8., 9.]], stop_gradient=False)
    v = T([[10., 0.5, 3.5], [2., 9., 7.]], stop_gradient=False)
    out = SS.put_along_axis(a, T([[0, 1, 0], [0, 2, 2]]), v, 0, reduce, include_self, False)
    (out * T(np.arange(1, 10, dtype="float32").reshape(3, 3))).sum().backward()
    ga, gv = PUT_GRADS[(reduce, include_self)]
    np.testing.assert_allclose(a.grad.numpy(), ga, rtol=1e-6)
    np.testing.assert_allclose(v.grad.numpy(), gv, rtol=1e-6)


def test_put_along_axis_values_and_errors():
    x = T([[10, 30, 20], [60, 40, 50]])
    index = paddle.zeros([2, 2], dtype="int64")
    value = T([[1, 2], [3, 4]])
    expect = {"add": [14, 36], "mul": [30, 240], "mean": [4, 12], "amin": [1, 2], "amax": [10, 30]}
    for red, row in expect.items():
        assert SS.put_along_axis(x, index, value, 0, red, True, False).numpy().tolist()[0][:2] == row
    assert SS.put_along_axis(x, T([[0]]), 99, 0).numpy().tolist() == [[99, 99, 99], [60, 40, 50]]
    with pytest.raises(ValueError, match="can not support reduce: 'foo' for scatter kernel"):
        SS.put_along_axis(x, index, value, 0, "foo")
    with pytest.raises(TypeError, match="should be one of \\['int32', 'int64'\\], but got float32"):
        SS.put_along_axis(paddle.ones([2, 2]), T([[1.]]), 1., 0)
    with pytest.raises(IndexError, match="of scatter cpu kernel, expected >= -2 and < 2, but got 2"):
        SS.put_along_axis(paddle.ones([2, 2]), T([[2]]), 1., 0)
    with pytest.raises(RuntimeError, match="one of element of indices is out of bounds for dimension 0 with size 2"):
        SS.put_along_axis(paddle.ones([2, 2]), T([[2]]), 1., 0, broadcast=False)
    y = paddle.zeros([2, 3])
    SS.put_along_axis_(y, T([[1, 0, 1]]), 7.0, 0)
    assert y.numpy().tolist() == [[0, 7, 0], [7, 0, 7]]


def test_index_add_and_index_fill():
    x = paddle.ones([3, 3])
    v = T([[1., 1., 1.], [1., 1., 1.]])
    assert SS.index_add(x, T([0, 2]), 0, v).numpy().tolist() == [[2, 2, 2], [1, 1, 1], [2, 2, 2]]
    assert SS.index_add(x, 1, T([1]), T([[1.], [2.], [3.]])).numpy()[:, 1].tolist() == [2, 3, 4]  # torch order
    assert SS.index_add(x, T([1]), 1, T([[1.], [2.], [3.]]), alpha=2).numpy()[:, 1].tolist() == [3, 5, 7]
    with pytest.raises(ValueError, match="The add_value must be the same dimension as x"):
        SS.index_add(x, T([1]), 1, T([1., 2., 3.]))
    with pytest.raises(ValueError, match="does not supported broadcast, so input_dim\\[i\\]\\(3\\) must be equal"):
        SS.index_add(x, T([1]), 1, T([[1.], [2.]]))
    with pytest.raises(ValueError, match="expected >= -3 and < 3, but got 3"):
        SS.index_add(x, T([3]), 1, T([[1.], [2.], [3.]]))
    y = paddle.zeros([3])
    SS.index_add_(y, T([1, 1]), 0, T([2., 3.]))
    assert y.numpy().tolist() == [0, 5, 0]
    m = T([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
    assert SS.index_fill(m, T([0, 2]), 0, -1).numpy().tolist() == [[-1, -1, -1], [4, 5, 6], [-1, -1, -1]]
    assert SS.index_fill(m, T([-1]), 1, 0).numpy()[:, 2].tolist() == [0, 0, 0]
    with pytest.raises(ValueError, match="value must be scalar or 0-D tensor"):
        SS.index_fill(m, T([0]), 0, T([1, 2]))
    with pytest.raises(ValueError, match="The axis should be int, and in range"):
        SS.index_fill(m, T([0]), 2, 1)
    z = paddle.zeros([2, 2])
    SS.index_fill_(z, T([1]), 1, 3.0)
    assert z.numpy().tolist() == [[0, 3], [0, 3]]


# -- triangular, diagonal, grids, unique -------------------------------------------------
def test_tril_triu():
    x = T([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
    assert tril(x, 1).numpy().tolist() == [[1, 2, 0], [4, 5, 6], [7, 8, 9]]
    assert x.triu(-1).numpy().tolist() == [[1, 2, 3], [4, 5, 6], [0, 8, 9]]
    assert tril(T([[True, True], [True, True]])).dtype == paddle.bool
    with pytest.raises(ValueError, match="Input\\(X\\)'s rank must be at least 2 in TrilTriuOp"):
        tril(T([1., 2.]))
    with pytest.raises(TypeError, match="tril\\(\\): argument \\(position 2\\) must be int, but got float"):
        tril(x, 1.0)
    y = paddle.ones([2, 2])
    triu_(y)
    assert y.numpy().tolist() == [[1, 1], [0, 1]]


def test_diag_family():
    assert diag(T([1., 2.]), offset=1, padding_value=9).numpy().tolist() == [[9, 1, 9], [9, 9, 2], [9, 9, 9]]
    assert diag(T([1, 2]), padding_value=0.5).numpy().tolist() == [[1, 0], [0, 2]]
    assert diag(x23(), 5).shape == [0]
    assert diag(T(3.)).shape == [1, 1]
    with pytest.raises(ValueError, match="should be either 1 or 2, but received 3"):
        diag(paddle.ones([2, 2, 2]))
    v = T([1., 2.], stop_gradient=False)
    d = diag(v, offset=1, padding_value=3.)
    assert not d.stop_gradient
    d.sum().backward()
    assert v.grad.numpy().tolist() == [1, 1]
    x = T([[1., 2.], [3., 4.]], stop_gradient=False)
    assert diag_embed(x).stop_gradient  # Paddle records no gradient for diag_embed
    assert diag_embed(T([[1., 2.], [3., 4.]]), offset=-1, dim1=0, dim2=2).shape == [3, 2, 3]
    with pytest.raises(ValueError, match="diagonal dimensions should not be identical 1 vs -2"):
        diag_embed(x, dim1=1, dim2=-2)
    with pytest.raises(IndexError, match="Dim1 is out of range \\(expected to be in range of \\[-3, 2\\], but got 3"):
        diag_embed(x, dim1=3)
    assert diagflat(T([1., 2.]), 1).shape == [3, 3]
    assert not diagflat(x).stop_gradient


def test_meshgrid():
    a, b = meshgrid(T([1., 2.]), T([3., 4., 5.]))
    assert a.shape == b.shape == [2, 3]
    a, b = meshgrid([T([1., 2.]), T([3., 4., 5.])], indexing="xy")
    assert a.shape == [3, 2] and a.numpy().tolist() == [[1, 2]] * 3
    assert [t.shape for t in meshgrid(T(1.), T([3., 4.]))] == [[1, 2], [1, 2]]
    assert isinstance(meshgrid(T([1.])), list)
    with pytest.raises(ValueError, match="the first tensor is float32, but 1th tensor is int64"):
        meshgrid(T([1., 2.]), T([3, 4, 5]))
    with pytest.raises(ValueError, match="must be list of Tensors, but got empty list"):
        meshgrid()


def test_unique():
    a = T([2, 3, 3, 1, 5, 3])
    out, index, inverse, counts = unique(a, return_index=True, return_inverse=True, return_counts=True)
    assert out.numpy().tolist() == [1, 2, 3, 5]
    assert index.numpy().tolist() == [3, 0, 1, 4]
    assert inverse.numpy().tolist() == [1, 2, 2, 0, 3, 2]
    assert counts.numpy().tolist() == [1, 1, 3, 1]
    _, inv = unique(a, return_inverse=True, dtype="int32")
    assert inv.dtype == paddle.int32
    xf = T([[2., 1., 3.], [3., 0., 1.], [2., 1., 3.]], stop_gradient=False)
    u = unique(xf, axis=1)
    assert u.stop_gradient and u.numpy().tolist() == [[1, 2, 3], [0, 3, 1], [1, 2, 3]]
    assert unique(xf, return_inverse=True)[1].shape == [9]
    assert unique(T(3)).shape == [1]
    nan = unique(T([np.nan, 1., np.nan])).numpy()
    assert nan[0] == 1 and np.isnan(nan[1:]).all() and nan.size == 3  # NaNs stay distinct, as in Paddle
    with pytest.raises(ValueError, match="The axis\\(2\\) should be less than the dimension size\\(2\\) of x"):
        unique(xf, axis=2)
    with pytest.raises(NotImplementedError):
        unique(a, dtype="float32")
    out, inv, cnt = unique_consecutive(T([[2, 1, 3], [2, 1, 3], [3, 0, 1]]), return_inverse=True,
                                          return_counts=True, axis=0)
    assert out.numpy().tolist() == [[2, 1, 3], [3, 0, 1]]
    assert inv.numpy().tolist() == [0, 0, 1] and cnt.numpy().tolist() == [2, 1]


def test_out_argument():
    x = x23()
    out = paddle.zeros([1])
    res = gather(x, T([1]), out=out)  # Paddle returns the result and fills `out`
    assert res is not out and out.numpy().tolist() == res.numpy().tolist() == [[4, 5, 6]]
    out = paddle.zeros([1])
    tril(paddle.ones([2, 2]), out=out)
    assert out.numpy().tolist() == [[1, 0], [1, 1]]


def test_count_nonzero_counts_complex_with_either_part_nonzero():
    # real Paddle 3.3.1: 1j and nan+0j count, 0j does not (a cast to bool tests both parts)
    c = paddle.to_tensor([0j, 1j, 1 + 0j, 0j, complex(float("nan"), 0)], dtype="complex64")
    n = paddle.count_nonzero(c)
    assert n.dtype == paddle.int64 and n.item() == 3
    c = paddle.to_tensor([[0j, 1j], [0j, 0j]], dtype="complex128")
    assert paddle.count_nonzero(c, axis=1).numpy().tolist() == [1, 0]
    assert paddle.cast(paddle.to_tensor([0j, 1j, 1 + 0j]), "bool").numpy().tolist() == [False, True, True]
    assert paddle.cast(paddle.to_tensor([0j, 1j, 1 + 0j]), "int32").numpy().tolist() == [0, 0, 1]


# -- where_ (checked against real Paddle 3.3.1) -----------------------------------------------------
def test_where_inplace():
    c = paddle.to_tensor([True, False, True])
    x = paddle.to_tensor([1.0, 2.0, 3.0])
    assert paddle.where_(c, x, paddle.zeros([3])) is x and x.numpy().tolist() == [1.0, 0.0, 3.0]
    x = paddle.to_tensor([1.0, 2.0, 3.0])  # a y of a wider float dtype widens x in place
    assert paddle.where_(c, x, paddle.zeros([3], dtype="float64")) is x and x.dtype == paddle.float64
    x = paddle.to_tensor([1.0, 2.0, 3.0])  # x must broadcast: a new tensor, x unchanged
    out = paddle.where_(c, x, paddle.zeros([2, 3]))
    assert out.shape == [2, 3] and x.numpy().tolist() == [1.0, 2.0, 3.0]
    with pytest.raises(ValueError, match="either both or neither of x and y should be given"):
        paddle.where_(c, x, 1.0)
    with pytest.raises(ValueError, match="The `condition` is expected to be a boolean Tensor"):
        paddle.where_(x, x, x)


def test_where_inplace_gradient():
    a = paddle.to_tensor([1.0, 2.0, 3.0], stop_gradient=False)
    x = a * 1
    paddle.where_(paddle.to_tensor([True, False, True]), x, paddle.zeros([3])).sum().backward()
    assert a.grad.numpy().tolist() == [1.0, 0.0, 1.0]


def test_scatter_add_inplace():
    x = paddle.zeros([2, 3])
    assert paddle.scatter_add_(x, 1, paddle.to_tensor([[0, 0], [2, 1]]), paddle.ones([2, 2])) is x
    assert x.numpy().tolist() == [[2.0, 0.0, 0.0], [0.0, 1.0, 1.0]]


def test_put_along_axis_scalar_value_takes_to_tensor_dtype():
    i = paddle.to_tensor([[0], [3], [1]])
    assert paddle.put_along_axis(paddle.zeros([3, 4]), i, 2.0, 1, reduce="add").dtype == paddle.float32
    assert paddle.put_along_axis(paddle.zeros([3, 4], dtype="int64"), i, 2, 1).dtype == paddle.int64
    for dtype, value in (("int64", 2.0), ("float64", 2.0), ("float32", 2), ("int32", 2)):
        with pytest.raises(ValueError, match="The type of data we are trying to retrieve"):
            paddle.put_along_axis(paddle.zeros([3, 4], dtype=dtype), i, value, 1)
