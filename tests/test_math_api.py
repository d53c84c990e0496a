"""Math family API behaviour checked against real Paddle 3.3.1: dtype rules, edge cases, in-place
semantics, error types and messages, static op types."""
import math

import numpy as np
import pytest

import purepaddle as paddle
import purepaddle.nn.functional as F

# NaN/inf results are part of what is checked here; Paddle computes them silently
pytestmark = [pytest.mark.filterwarnings("ignore::RuntimeWarning"),
              pytest.mark.filterwarnings("ignore:Degrees of freedom:UserWarning")]


def t(data, dtype=None, stop_gradient=True):
    return paddle.to_tensor(data, dtype=dtype, stop_gradient=stop_gradient)


def np_of(x):
    return x.numpy().tolist()


# -- dtype rules --------------------------------------------------------------------------
@pytest.mark.parametrize("fn", ["exp", "expm1", "log", "log2", "log10", "log1p", "sqrt", "rsqrt", "reciprocal",
                                "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "sigmoid",
                                "erf"])
def test_float_ops_cast_int_inputs_to_float32(fn):
    for d in ("int32", "int64"):
        out = getattr(paddle, fn)(t([1, 2], d))
        assert out.dtype == paddle.float32
    paddle.set_default_dtype("float64")
    try:
        assert getattr(paddle, fn)(t([1, 2])).dtype == paddle.float32  # always float32, as Paddle
    finally:
        paddle.set_default_dtype("float32")


@pytest.mark.parametrize("fn", ["abs", "sign", "square", "floor", "ceil", "round", "trunc", "neg"])
def test_integer_preserving_ops(fn):
    out = getattr(paddle, fn)(t([-2, 3], "int32"))
    assert out.dtype == paddle.int32


def test_bool_and_small_int_inputs_are_rejected_like_paddle():
    with pytest.raises(RuntimeError, match=r"\(NotFound\) The kernel with key \(CPU, Undefined\(AnyLayout\), bool\) "
                                           r"of kernel `exp` is not registered"):
        paddle.exp(t([True]))
    with pytest.raises(RuntimeError, match="kernel `abs`.*DataType `int8`"):
        paddle.abs(t([1], "int8"))
    assert paddle.sqrt(t([4], "int8")).dtype == paddle.float32  # autocast at the API, as in Paddle
    assert paddle.neg(t([True])).numpy().tolist() == [True]


def test_non_tensor_argument_messages():
    with pytest.raises(ValueError, match=r"\(InvalidArgument\) exp\(\): argument 'x' \(position 0\) must be Tensor, "
                                         "but got list"):
        paddle.exp([1.0])
    with pytest.raises(ValueError, match="but got numpy.ndarray"):
        paddle.tanh(np.ones(2))
    with pytest.raises(ValueError, match=r"trunc\(\): argument 'input'"):
        paddle.trunc([1.0])
    with pytest.raises(TypeError, match="In median, the input x should be a Tensor."):
        paddle.median([1.0])


def test_sum_mean_dtype_rules():
    assert paddle.sum(t([1, 2], "int32")).dtype == paddle.int64
    assert paddle.sum(t([True, True])).numpy() == 2
    assert paddle.sum(t([1, 2], "int8")).dtype == paddle.int8
    m = paddle.mean(t([[1, 2, 3], [4, 5, 6]], "int32"))
    assert m.dtype == paddle.int32 and m.item() == 3          # 3.5 truncated
    assert paddle.mean(t([-1, -2])).item() == -1               # toward zero
    assert paddle.mean(t([True, False, False])).item() is True
    assert paddle.mean(t([1, 2]), dtype="float64").item() == 1.5
    assert math.isnan(paddle.mean(paddle.zeros([0])).item())
    assert paddle.prod(t([1, 2], "int32"), dtype="int64").dtype == paddle.int64
    assert paddle.cumsum(t([1, 2], "int32")).dtype == paddle.int64
    assert paddle.cumprod(t([1, 2], "int32"), 0).dtype == paddle.int32
    assert paddle.logsumexp(t([1, 2])).dtype == paddle.float32
    assert paddle.nansum(t([1, 2], "int32")).dtype == paddle.int64
    assert paddle.nanmean(t([1, 2])).dtype == paddle.float32


def test_sum_accepts_keepdim_in_dtype_position():
    out = paddle.sum(t([[1.0, 2.0]]), [0, 1], True)
    assert out.shape == [1, 1]


def test_var_std_median_dtypes():
    xi = t([[1, 2, 3], [4, 5, 6]], "int32")
    assert paddle.var(xi).dtype == paddle.int32 and paddle.var(xi).item() == 3
    assert paddle.std(xi).dtype == paddle.float32
    assert abs(paddle.std(xi).item() - math.sqrt(3)) < 1e-6
    assert math.isnan(paddle.std(t([1.0])).item())
    assert paddle.median(xi).dtype == paddle.float32 and paddle.median(xi).item() == 3.5
    assert paddle.median(t([1.0, 2.0], "float64")).dtype == paddle.float64
    v, i = paddle.median(t([[1, 5, 3, 4]]), axis=1, mode="min")
    assert v.dtype == paddle.int64 and np_of(v) == [3] and np_of(i) == [2]
    assert paddle.median(t([1, 2, 3, 4]), mode="min").item() == 2  # no axis: values only
    nan = paddle.median(t([[1.0, float("nan"), 3.0]]), axis=1, mode="min")
    assert math.isnan(nan[0].item()) and nan[1].item() == 1


def test_reduction_axis_errors():
    x = t([[1.0, 2.0], [3.0, 4.0]])
    with pytest.raises(ValueError, match=r"The reduce dim index 0 should be in the range \[ -dimension\(X\), "
                                         r"dimension\(X\) \) which dimension = 2. But received dim index = 5."):
        paddle.mean(x, 5)
    with pytest.raises(ValueError, match="Axis contains duplicate dimensions. Dimension 1 appears more than once"):
        paddle.max(x, [1, -1])
    with pytest.raises(TypeError, match=r"\(InvalidType\) sum\(\): argument \(position 2\) must be list, tuple, "
                                        "int, or Tensor, but got float"):
        paddle.sum(x, 1.0)
    with pytest.raises(ValueError, match="When input 0D Tensor, the axis can only be -1, 0, None or"):
        paddle.amax(t(1.0), 1)
    assert paddle.max(t(2.0), 0).item() == 2.0
    with pytest.raises(ValueError, match=r"Cannot perform reduction along an axis \(0\) that has a size of 0"):
        paddle.max(paddle.zeros([0, 2]), 0)
    with pytest.raises(IndexError, match=r"\(OutOfRange\) axis is out of range \(expected to be in range of "
                                         r"\[-2, 2\), but got 2\)"):
        paddle.cumsum(x, 2)
    with pytest.raises(ValueError, match="Attr\\(axis\\) value should be in range"):
        paddle.cumprod(x, 5)
    with pytest.raises(ValueError, match="In median, axis should be none or an integer"):
        paddle.median(x, [0])
    with pytest.raises(ValueError, match="Mode max is not supported. Must be avg or min."):
        paddle.median(x, mode="max")


def test_cumulative_flatten_and_zero_d():
    x = t([[1.0, 2.0], [3.0, 4.0]])
    assert paddle.cumsum(x).shape == [4]
    assert np_of(paddle.cumprod(x)) == [1.0, 2.0, 6.0, 24.0]
    assert paddle.cumsum(t(2.0)).shape == [1]
    assert paddle.cumsum(t(2.0), 0).shape == []
    assert np_of(paddle.cumsum(x, axis=1.0)) == [[1.0, 3.0], [3.0, 7.0]]


def test_special_values():
    assert np_of(paddle.round(t([0.5, 1.5, 2.5, -0.5]))) == [0.0, 2.0, 2.0, -0.0]
    assert np.allclose(paddle.round(t([1.2345, 2.5551]), decimals=2).numpy(), [1.23, 2.56])
    out = paddle.nan_to_num(t([float("nan"), float("inf"), -float("inf"), 1.0]))
    assert np_of(out) == [0.0, float(np.finfo(np.float32).max), float(np.finfo(np.float32).min), 1.0]
    with pytest.raises(AssertionError):
        paddle.nan_to_num(t([1, 2]))
    assert math.isnan(paddle.logsumexp(t([-float("inf"), -float("inf")])).item())  # Paddle's result
    assert paddle.logsumexp(paddle.zeros([0])).item() == -float("inf")
    assert paddle.logsumexp(t([1000.0, 1000.0])).item() == pytest.approx(1000 + math.log(2))


def test_clip_rules():
    xi = t([[1, 2, 3], [4, 5, 6]], "int32")
    assert paddle.clip(xi, 2, 4).dtype == paddle.int32
    f = paddle.clip(xi, 1.5, 4.5)
    assert f.dtype == paddle.float32 and np_of(f) == [[1.5, 2.0, 3.0], [4.0, 4.5, 4.5]]
    assert np_of(paddle.clip(t([1.0, 5.0]), paddle.to_tensor(2.0), paddle.to_tensor([4.0]))) == [2.0, 4.0]
    with pytest.raises(ValueError, match="max should be greater than or equal to min. But received "
                                         "min = 4.000000, max = 2.000000"):
        paddle.clip(t([1.0]), 4.0, 2.0)
    with pytest.raises(ValueError, match="The Scalar only supports Tensor with 1 element, but now Tensor has `2`"):
        paddle.clip(t([1.0]), t([0.0, 1.0]))
    with pytest.raises(TypeError):
        paddle.clip(t([1.0]), "a")
    # bounds are inclusive for the gradient; Tensor bounds get none
    x = t([-2.0, -1.0, 0.0, 1.0, 2.0], stop_gradient=False)
    lo = t(-1.0, stop_gradient=False)
    paddle.clip(x, lo, 1.0).sum().backward()
    assert np_of(x.grad) == [0.0, 1.0, 1.0, 1.0, 0.0] and lo.grad is None


def test_increment_is_in_place():
    x = t([1.0])
    y = paddle.increment(x, 2.0)
    assert y is x and np_of(x) == [3.0]
    assert np_of(paddle.increment(t([1]), 2)) == [3]
    with pytest.raises(ValueError, match=r"The number of elements in Input\(X\) should be 1.Now the number is 2."):
        paddle.increment(t([1.0, 2.0]))


def test_binary_extras():
    assert paddle.atan2(t([1], "int32"), t([1], "int32")).dtype == paddle.float64
    with pytest.raises(TypeError, match="Type promotion only support"):
        paddle.atan2(t([1]), t([1.0]))
    assert paddle.logaddexp(t([1, 2]), t([1, 2])).dtype == paddle.float32
    assert np.allclose(paddle.logaddexp(t([-1.0, -2.0]), t([-1.0])).numpy(), np.logaddexp([-1, -2], -1))
    assert np_of(paddle.lerp(t([1.0, 2.0]), t([3.0, 6.0]), 0.5)) == [2.0, 4.0]
    with pytest.raises(ValueError, match=r"lerp\(\): argument 'weight' \(position 2\) must be Tensor, but got int"):
        paddle.lerp(t([1.0]), t([1.0]), 1)
    with pytest.raises(RuntimeError, match="kernel `lerp`"):
        paddle.lerp(t([1]), t([1]), 0.5)
    with pytest.raises(ValueError, match="does not match the type of data"):
        paddle.lerp(t([1.0]), t([1.0], "float64"), 0.5)
    out = paddle.addmm(paddle.ones([2]), paddle.ones([2, 3]), paddle.ones([3, 2]), beta=0.5, alpha=2.0)
    assert np_of(out) == [[6.5, 6.5], [6.5, 6.5]]
    with pytest.raises(ValueError, match="The dimension of x, y should be 2 but receive x's shape: "
                                         r"paddle.Size\(\[3\]\), y's shape: paddle.Size\(\[3, 2\]\)"):
        paddle.addmm(paddle.ones([2, 2]), paddle.ones([3]), paddle.ones([3, 2]))
    with pytest.raises(ValueError, match="x's width must be equal with Variable y' height"):
        paddle.addmm(paddle.ones([2, 2]), paddle.ones([2, 3]), paddle.ones([2, 2]))
    with pytest.raises(ValueError, match=r"input's dimension\[0\] must be 1 but got 3"):
        paddle.addmm(paddle.ones([3, 3]), paddle.ones([2, 3]), paddle.ones([3, 2]))


def test_pow_and_divide_rules():
    xi = t([1, -2, 3], "int32")
    assert paddle.pow(xi, 2).dtype == paddle.int32
    assert np_of(paddle.pow(xi, 2.5)) == [1, 4, 9]     # integer kernels truncate the factor
    assert (xi ** 2.5).dtype == paddle.float32          # the operator computes in float
    assert np_of(2 ** t([1, -2, 3], "int32")) == [2, 0, 8]
    x, y = t([7, -7]), t([2, 2])
    assert np_of(paddle.divide(x, y, rounding_mode="trunc")) == [3, -3]
    assert np_of(paddle.divide(x, y, rounding_mode="floor")) == [3, -4]
    with pytest.raises(ValueError, match="div expected rounding_mode to be one of None, 'trunc', or 'floor' "
                                         "but found round."):
        paddle.divide(x, y, rounding_mode="round")
    assert np_of(paddle.add(t([1.0]), t([2.0]), alpha=2)) == [5.0]
    with pytest.raises(TypeError, match="Type promotion"):
        paddle.add(t([1]), t([2]), alpha=0.5)


def test_close_and_equal_all():
    x = t([[0.5, 1.0], [2.0, 3.0]])
    r = paddle.allclose(x, x + 1e-9)
    assert r.dtype == paddle.bool and r.shape == [] and r.item() is True
    assert paddle.allclose(t([float("nan")]), t([float("nan")]), equal_nan=True).item() is True
    assert paddle.allclose(t([1, 2]), t([1, 2])).item() is True
    with pytest.raises(RuntimeError, match=r"\(PreconditionNotMet\) Input\(Input\) and Input\(Other\) must have "
                                           "the same dimension size."):
        paddle.isclose(x, x[0])
    with pytest.raises(RuntimeError, match="The value at dim 0 of Input"):
        paddle.allclose(x, x[0:1])
    with pytest.raises(RuntimeError, match="kernel `isclose`"):
        paddle.isclose(t([1]), t([1]))
    with pytest.raises(ValueError, match="does not match the type of data"):
        paddle.allclose(x, x.astype("float64"))
    assert paddle.equal_all(x, x[0]).item() is False  # different shapes: False, no error
    assert paddle.equal_all(t([1, 2]), t([1, 2])).item() is True
    with pytest.raises(ValueError, match="does not match the type of data"):
        paddle.equal_all(t([1.0]), t([1]))


# -- gradients ------------------------------------------------------------------------------
def test_piecewise_ops_pass_zero_gradients():
    for fn in (paddle.sign, paddle.floor, paddle.ceil, paddle.round, paddle.trunc):
        x = t([0.5, 1.5], stop_gradient=False)
        y = fn(x)
        assert y.stop_gradient is False
        y.sum().backward()
        assert np_of(x.grad) == [0.0, 0.0]
    x = t([0.5, 1.5], stop_gradient=False)
    assert paddle.isnan(x).stop_gradient is True


def test_abs_grad_at_zero_and_prod_grad_nan_at_zero():
    x = t([0.0, -1.0], stop_gradient=False)
    paddle.abs(x).sum().backward()
    assert np_of(x.grad) == [0.0, -1.0]
    x = t([2.0, 0.0, 3.0], stop_gradient=False)
    paddle.prod(x).backward()
    g = x.grad.numpy()
    assert g[0] == 0 and math.isnan(g[1]) and g[2] == 0  # out / x, as Paddle


def test_softmax_family():
    x = t([[1.0, 2.0, 3.0]])
    assert F.softmax(t([[1, 2]]), dtype="float64").dtype == paddle.float64
    with pytest.raises(RuntimeError, match="kernel `softmax`.*int64"):
        F.softmax(t([[1, 2]]))
    with pytest.raises(ValueError, match=r"Attr\(axis\) value should be in range \[-R, R-1\]"):
        F.softmax(x, axis=2)
    assert F.softmax(t(2.0)).item() == 1.0 and F.log_softmax(t(2.0)).item() == 0.0
    assert np.allclose(F.log_softmax(x).exp().numpy(), F.softmax(x).numpy())
    with pytest.raises(RuntimeError, match="kernel `relu`"):
        F.relu(t([1]))
    assert F.sigmoid is paddle.sigmoid and F.tanh is paddle.tanh


# -- in-place -------------------------------------------------------------------------------
def test_inplace_results_and_dtypes():
    x = t([1, 2])
    assert paddle.abs_(x) is x
    y = t([1, 2])
    y.exp_()                               # int64 -> float32, as Paddle's int kernel
    assert y.dtype == paddle.float32
    with pytest.raises(RuntimeError, match="kernel `sqrt`"):
        t([1, 2]).sqrt_()
    a = t([1.0, 2.0, 3.0])
    a.add_(t([1.0, 1.0, 1.0], "float64"))  # x takes the promoted dtype
    assert a.dtype == paddle.float64
    with pytest.raises(ValueError, match=r"The shape of broadcast output \[2, 3\] is different from that of "
                                         r"inplace tensor paddle.Size\(\[3\]\) in the Inplace operation."):
        t([1.0, 2.0, 3.0]).add_(paddle.ones([2, 3]))
    b = t([3, 4])
    paddle.divide_(b, t([2, 2]))
    assert b.dtype == paddle.float32 and np_of(b) == [1.5, 2.0]
    with pytest.raises(TypeError, match="y must be scalar type"):
        paddle.pow_(t([1.0]), t([2.0]))
    c = t([[1.0, 2.0], [3.0, 4.0]])
    paddle.cumsum_(c)
    assert c.shape == [4] and np_of(c) == [1.0, 3.0, 6.0, 10.0]
    d = paddle.ones([2])
    paddle.addmm_(d, paddle.ones([2, 3]), paddle.ones([3, 2]))
    assert d.shape == [2, 2]
    e = t([-1.0, 1.0])
    F.relu_(e)
    assert np_of(e) == [0.0, 1.0]


def test_inplace_leaf_error_and_gradient_flow():
    with pytest.raises(ValueError, match="Leaf Var .* that doesn't stop gradient can't use inplace strategy"):
        paddle.tanh_(t([1.0], stop_gradient=False))
    leaf = t([0.5, -0.3, 1.0], "float64", stop_gradient=False)
    y = leaf * 1.0
    y.scale_(2.0)
    y.clip_(0.0, 1.5)
    y.exp_()
    y.sum().backward()
    v = np.array([0.5, -0.3, 1.0]) * 2
    want = np.exp(np.clip(v, 0, 1.5)) * ((v >= 0) & (v <= 1.5)) * 2
    np.testing.assert_allclose(leaf.grad.numpy(), want)


def test_inplace_change_of_saved_output_is_caught():
    """As in Paddle: exp keeps its output, so changing it in place breaks the backward."""
    x = t([0.5, 1.0], stop_gradient=False)
    y = paddle.exp(x)        # exp saves its output for backward
    y.add_(t([1.0, 1.0]))
    with pytest.raises(RuntimeError, match="modified by an inplace operation"):
        y.sum().backward()


def test_methods_bound_on_tensor():
    x = t([[0.5, -1.5], [2.0, 0.1]])
    assert np_of(abs(x)) == np_of(paddle.abs(x))
    assert x.mean().item() == pytest.approx(0.275)
    assert x.max(1).shape == [2]
    assert np_of(x.clip(0, 1)) == np_of(paddle.clip(x, 0, 1))
    assert x.logsumexp().shape == []
    assert x.clamp(max=0.0).numpy().max() == 0.0
    for name in ("exp_", "sqrt_", "rsqrt_", "ceil_", "floor_", "round_", "reciprocal_", "sigmoid_", "clip_",
                 "scale_", "add_", "subtract_", "multiply_", "divide_", "pow_", "lerp_", "tanh_", "abs_"):
        assert hasattr(paddle.Tensor, name), name
    assert not hasattr(paddle, "exp_") and not hasattr(paddle.Tensor, "erf_")  # as in Paddle 3.3.1


# -- static programs ------------------------------------------------------------------------
def test_static_op_types():
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [None, 3], "float32")
            outs = [paddle.exp(x), paddle.mean(x), paddle.isnan(x), paddle.clip(x, 0.0, 1.0), F.softmax(x),
                    paddle.logsumexp(x, 1), paddle.cumsum(x, 1), paddle.max(x, 0), paddle.atan2(x, x),
                    paddle.neg(x)]
        types = [op.type for op in main.global_block().ops]
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        arr = np.array([[0.5, -1.0, 2.0], [1.0, 0.0, 3.0]], "float32")
        res = exe.run(main, feed={"x": arr}, fetch_list=outs)
    finally:
        paddle.disable_static()
    for want in ("exp", "reduce_mean", "isnan_v2", "clip", "softmax", "logsumexp", "cumsum", "reduce_max",
                 "atan2", "scale"):
        assert want in types
    np.testing.assert_allclose(res[0], np.exp(arr), rtol=1e-6)
    np.testing.assert_allclose(res[1], arr.mean(), rtol=1e-6)
    np.testing.assert_allclose(res[5], np.log(np.exp(arr).sum(1)), rtol=1e-6)


def test_broadcast_mismatch_is_explained_in_paddles_words():
    """A kernel's shape failure comes back naming the op and both original shapes."""
    import pytest
    import purepaddle as paddle
    with pytest.raises(ValueError, match=r"Broadcast dimension mismatch in op 'elementwise_add'.*"
                                         r"X = \[2, 3\] and the shape of Y = \[4\]"):
        paddle.add(paddle.ones([2, 3]), paddle.ones([4]))
