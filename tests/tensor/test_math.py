"""Math family API behaviour checked against real Paddle 3.3.1: dtype rules, edge cases, in-place
semantics, error types and messages, static op types; and the special functions, scans, list ops and
elementwise extras: values at special points, dtype rules, errors, in-place forms, methods and static op types."""
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
                                "erf", "acosh", "asinh", "atanh"])
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
    # Paddle works in float32: each element rounded, summed and divided in float32 (values from Paddle 3.3.1)
    assert paddle.mean(t([2 ** 40 + 1, 2 ** 40 + 2, 3], "int64")).item() == 733007773696
    assert paddle.mean(t([2 ** 24 + 1, 2 ** 24 + 2], "int64")).item() == 2 ** 24
    np.testing.assert_array_equal(paddle.mean(t([[2 ** 24 + 1, 3]] * 2, "int64"), axis=0).numpy(), [2 ** 24, 3])
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
_INF, _NAN = float("inf"), float("nan")
_EDGES = [_NAN, _INF, -_INF, 0.0, -0.0, 1.0, -1.0, 0.5, 2.0, -2.0, 1e38, 1e-40]
# real Paddle 3.3.1 (CPU), float64: values and gradients of sum(f(x)) at _EDGES
_INVERSE_HYPERBOLIC = {
    "acosh": ([_NAN, _INF, _NAN, _NAN, _NAN, 0.0, _NAN, _NAN, 1.3169578969248166, _NAN, 88.19138071433369, _NAN],
              [_NAN, 0.0, 0.0, _NAN, _NAN, _INF, _INF, _NAN, 0.5773502691896258, 0.5773502691896258, 1e-38, _NAN]),
    "asinh": ([_NAN, _INF, -_INF, 0.0, -0.0, 0.881373587019543, -0.881373587019543, 0.48121182505960347,
               1.4436354751788103, -1.4436354751788103, 88.19138071433369, 1e-40],
              [_NAN, 0.0, 0.0, 1.0, 1.0, 0.7071067811865475, 0.7071067811865475, 0.8944271909999159,
               0.4472135954999579, 0.4472135954999579, 1e-38, 1.0]),
    "atanh": ([_NAN, _NAN, _NAN, 0.0, -0.0, _INF, -_INF, 0.5493061443340548, _NAN, _NAN, _NAN, 1e-40],
              [_NAN, -0.0, -0.0, 1.0, 1.0, _INF, _INF, 1.3333333333333333, -0.3333333333333333,
               -0.3333333333333333, -1.0000000000000001e-76, 1.0]),
}


@pytest.mark.parametrize("fn", sorted(_INVERSE_HYPERBOLIC))
def test_inverse_hyperbolic_edges_match_paddle(fn):
    want, want_grad = _INVERSE_HYPERBOLIC[fn]
    x = t(_EDGES, "float64", stop_gradient=False)
    y = getattr(paddle, fn)(x)
    assert y.dtype == paddle.float64 and not y.stop_gradient
    real = ~np.isnan(want)
    np.testing.assert_array_equal(np.signbit(y.numpy()[real]), np.signbit(np.array(want)[real]))  # -0.0 kept
    np.testing.assert_allclose(y.numpy(), want, rtol=1e-15)
    np.testing.assert_allclose(paddle.grad(y.sum(), x)[0].numpy(), want_grad, rtol=1e-15)
    assert getattr(paddle, fn)(t(0.5)).shape == [] and getattr(paddle, fn)(paddle.zeros([0, 3])).shape == [0, 3]


def test_inverse_hyperbolic_dtypes_complex_gradients_and_inplace():
    assert np.allclose(np_of(paddle.atanh(t([0, 1, 2], "int8"))), [0.0, math.inf, math.nan], equal_nan=True)
    assert paddle.asinh(t([1], "uint8")).dtype == paddle.float32
    for fn in ("acosh", "asinh", "atanh"):
        with pytest.raises(RuntimeError, match=f"kernel `{fn}` is not registered.*`bool`"):
            getattr(paddle, fn)(t([True]))
        with pytest.raises(ValueError, match=rf"{fn}\(\): argument 'x' \(position 0\) must be Tensor"):
            getattr(paddle, fn + "_")([1.0])
        with pytest.raises(RuntimeError, match=f"kernel `{fn}` is not registered.*`int64`"):
            getattr(paddle, fn + "_")(t([1, 2]))  # in place, integers are not cast
        with pytest.raises(ValueError, match="Leaf Var"):
            getattr(t([0.5], stop_gradient=False), fn + "_")()
    # Paddle's complex gradients are out_grad * conj(f'(z))
    z = t([0.5 + 0.5j, 2 + 1j], stop_gradient=False)
    want = {"acosh": [0.21728689968585968 + 0.9204420447349548j, 0.40224790573120117 + 0.24860291182994843j],
            "asinh": [0.9204420447349548 + 0.21728689968585968j, 0.3884434998035431 + 0.16089855134487152j],
            "atanh": [0.800000011920929 - 0.4000000059604645j, -0.10000000149011612 - 0.20000000298023224j]}
    for fn, g in want.items():
        np.testing.assert_allclose(paddle.grad(getattr(paddle, fn)(z).sum(), z)[0].numpy(), g, rtol=1e-6)
    x = t([1.5, 2.0])
    assert paddle.acosh_(x) is x and np.allclose(np_of(x), [0.9624236822128296, 1.316957950592041])
    x = t([0.3, 0.6], stop_gradient=False)
    y = x * 1.0
    y.atanh_()
    np.testing.assert_allclose(paddle.grad(y.sum(), x)[0].numpy(), 1 / (1 - np.array([0.3, 0.6]) ** 2), rtol=1e-6)
    out = paddle.zeros([2])
    paddle.acosh(t([1.0, 2.0]), out=out)
    assert np.allclose(np_of(out), [0.0, 1.316957950592041])


def test_static_op_types():
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [None, 3], "float32")
            outs = [paddle.exp(x), paddle.mean(x), paddle.isnan(x), paddle.clip(x, 0.0, 1.0), F.softmax(x),
                    paddle.logsumexp(x, 1), paddle.cumsum(x, 1), paddle.max(x, 0), paddle.atan2(x, x),
                    paddle.neg(x), paddle.acosh(x), paddle.asinh(x), paddle.atanh(x)]
        types = [op.type for op in main.global_block().ops]
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        arr = np.array([[0.5, -1.0, 2.0], [1.0, 0.0, 3.0]], "float32")
        res = exe.run(main, feed={"x": arr}, fetch_list=outs)
    finally:
        paddle.disable_static()
    for want in ("exp", "reduce_mean", "isnan_v2", "clip", "softmax", "logsumexp", "cumsum", "reduce_max",
                 "atan2", "scale", "acosh", "asinh", "atanh"):
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


# -- special functions, scans, list ops, elementwise extras ----------------------------------------
def t_exact(data, dtype=None, stop_gradient=True):
    if dtype == "float64":  # exact float64 values (not rounded through float32 on the way)
        data = np.asarray(data, dtype=np.float64)
    return paddle.to_tensor(data, dtype=dtype, stop_gradient=stop_gradient)


def close(x, want, **kw):
    np.testing.assert_allclose(x.numpy(), np.asarray(want, dtype=np.float64), **{"rtol": 1e-6, "atol": 1e-7, **kw})


# -- special functions: values from Paddle 3.3.1 (float64) --------------------------------
def test_gamma_family_special_points():
    x = t_exact([0., -0., -1., -2.5, 1e-10, 100., 1., 2.], "float64")
    lg = paddle.lgamma(x).numpy()
    assert lg[0] == lg[1] == lg[2] == np.inf and lg[6] == 0.0 and lg[7] == 0.0
    close(paddle.lgamma(x)[3:6], [-0.05624372, 23.02585093, 359.13420537], rtol=1e-8)
    dg = paddle.digamma(t_exact([0., -0., -1., -2.5, 1e-300, 100.], "float64")).numpy()
    assert dg[0] == -np.inf and dg[1] == np.inf and np.isnan(dg[2])
    np.testing.assert_allclose(dg[3:], [1.10315664, -1e300, 4.60016185], rtol=1e-8)
    close(paddle.polygamma(t_exact([-1.5, 0.5, 2., 3., 25.5], "float64"), 1),
          [9.37924664, 4.93480220, 0.64493407, 0.39493407, 0.03999467], rtol=1e-8)
    close(paddle.polygamma(t_exact([-1.5, -0.3, -7.7], "float64"), 2), [-0.23620405, 67.6390812, -68.85236099], rtol=1e-8)
    close(paddle.polygamma(t_exact([1.5, 0.5], "float64"), 3), [1.40909103, 97.40909103], rtol=1e-8)
    assert paddle.polygamma(t_exact([0., -2.]), 2).numpy().tolist() == [-np.inf, -np.inf]
    assert paddle.polygamma(t_exact([0., -2.]), 3).numpy().tolist() == [np.inf, np.inf]
    close(paddle.multigammaln(t_exact([2.5, 0.4], "float64"), 2), [0.85704781, 3.73800409], rtol=1e-8)


def test_incomplete_gamma_values_and_edges():
    a = t_exact([0.5, 0.5, 0.5, 0.5, 0.5, 50., 1e3, 0., 1e5, 3e4], "float64")
    y = t_exact([0, 1, 10, 100, 1000, 50., 1e3, 1., 1e5 + 100, 3e4], "float64")
    q = paddle.gammaincc(a, y).numpy()
    np.testing.assert_allclose(q, [1., 0.157299207, 7.74421643e-06, 2.08848758e-45, 0., 0.48119168, 0.49579476, 1.,
                                   0.37555487, 0.49923224], rtol=1e-7)
    close(paddle.gammainc(a, y), 1 - q, atol=1e-15)
    # broadcasting works (Paddle 3.3.1 mis-broadcasts y of a smaller shape; this is the true value)
    close(paddle.gammainc(t_exact([1., 2.], "float64"), t_exact([1.], "float64")), [1 - math.exp(-1), 1 - 2 * math.exp(-1)],
          rtol=1e-12)
    with pytest.raises(ValueError, match="The input argument x must be greater than or equal to 0."):
        paddle.gammaincc(t_exact([-1.]), t_exact([1.]))
    with pytest.raises(ValueError, match="The input argument y must be greater than or equal to 0."):
        paddle.gammainc(t_exact([1.]), t_exact([-1.]))
    with pytest.raises(RuntimeError, match="kernel `gammaincc` is not registered.*float64, float32"):
        paddle.gammainc(t_exact([1, 2]), t_exact([1, 2]))
    with pytest.raises(ValueError, match=r"retrieve \(float64\) does not match the type of data \(float32\)"):
        paddle.gammainc(t_exact([1.]), t_exact([1.], "float64"))


def test_erfinv_erf_bessel_values():
    x = t_exact([0., 0.5, -1., 1., 1.5, -0.9999999, 1e-10, 0.99999999999], "float64")
    out = paddle.erfinv(x).numpy()
    assert out[2] == -np.inf and out[3] == np.inf and np.isnan(out[4])
    np.testing.assert_allclose(out[[0, 1, 5, 6, 7]], [0., 0.476936276204470, -3.76656258, 8.86226925e-11, 4.81292406],
                               rtol=1e-8)
    e = paddle.erf(t_exact([-6., -2.5, 0.3, 2.0000001, 30.], "float64")).numpy()
    np.testing.assert_allclose(e, [math.erf(v) for v in (-6., -2.5, 0.3, 2.0000001, 30.)], rtol=1e-15)
    v = t_exact([0., 1., 2., -3., 100.], "float64")
    close(paddle.i0(v), [1., 1.26606588, 2.2795853, 4.88079259, 1.0737517071310738e+42], rtol=1e-8)
    close(paddle.i0e(v), [1., 0.46575961, 0.30850832, 0.24300035, 0.03994437929909668], rtol=1e-8)
    close(paddle.i1(v), [0., 0.5651591, 1.59063685, -3.95337022, 1.0683693903381625e+42], rtol=1e-8)
    close(paddle.i1e(v), [0., 0.20791042, 0.21526929, -0.19682671, 0.03974415302513025], rtol=1e-8)


def test_special_dtype_rules():
    for fn in ("lgamma", "digamma", "erfinv", "i0", "i0e", "i1", "i1e", "logit", "stanh"):
        assert getattr(paddle, fn)(t_exact([1, 0], "int32")).dtype == paddle.float32, fn
        with pytest.raises(RuntimeError, match=f"kernel `{fn}` is not registered"):
            getattr(paddle, fn)(t_exact([True]))
        with pytest.raises(ValueError, match=rf"\(InvalidArgument\) {fn}\(\): argument 'x' \(position 0\) must be "
                                             "Tensor, but got list"):
            getattr(paddle, fn)([1.0])
    assert paddle.lgamma(t_exact([1.], "float64")).dtype == paddle.float64
    with pytest.raises(RuntimeError, match="kernel `gammaln` is not registered.*int64"):
        paddle.gammaln(t_exact([1, 2]))
    with pytest.raises(TypeError, match="The input of n must be int type, but received: <class 'float'>"):
        paddle.polygamma(t_exact([1.]), 1.0)
    with pytest.raises(ValueError, match="n must be greater than or equal to 0. But received n = -1"):
        paddle.polygamma(t_exact([1.]), -1)
    with pytest.raises(AssertionError, match="The p must be greater than or equal to 1, But received p is 0."):
        paddle.multigammaln(t_exact([2.5]), 0)


def test_logit_and_stanh():
    close(paddle.logit(t_exact([0., 1., 0.5, -1.]), eps=0.1), [-2.19722462, 2.19722438, 0., -2.19722462], rtol=1e-6)
    out = paddle.logit(t_exact([0., 1., 0.5, -1.])).numpy()
    assert out[0] == -np.inf and out[1] == np.inf and out[2] == 0 and np.isnan(out[3])
    x = t_exact([0.1, 0.5, 0.9, 0.2], "float64", stop_gradient=False)
    (g,) = paddle.grad((paddle.logit(x, 0.2) * t_exact([1., 2., 3., 4.], "float64")).sum(), x)
    close(g, [0., 8., 0., 25.])  # zero outside [eps, 1 - eps], the bounds included
    x = t_exact([0.5, -0.2], "float64", stop_gradient=False)
    (g,) = paddle.grad(paddle.logit(x).sum(), x)
    assert np.isnan(g.numpy()[1])
    close(paddle.stanh(t_exact([1., 2.]), t_exact([1.]), 2), [1.52318835, 1.92805517])


# -- scans -----------------------------------------------------------------------------------
def test_cummax_cummin_ties_nan_and_dtypes():
    v, i = paddle.cummax(t_exact([1., 3, 3, 2, 3]))
    assert v.numpy().tolist() == [1, 3, 3, 3, 3] and i.numpy().tolist() == [0, 1, 2, 2, 4]
    v, i = paddle.cummin(t_exact([3., 1, 1, 2, 1]))
    assert i.numpy().tolist() == [0, 1, 2, 2, 4]
    v, i = paddle.cummax(t_exact([1., float("nan"), float("nan"), 2., float("nan")]))
    assert np.isnan(v.numpy()[1:]).all() and i.numpy().tolist() == [0, 1, 2, 2, 4]
    v, i = paddle.cummax(t_exact([1, 2], "int32"), dtype="int32")
    assert v.dtype == paddle.int32 and i.dtype == paddle.int32
    v, i = paddle.cummax(t_exact(3.))
    assert v.shape == [1] and i.shape == [1]
    v, i = paddle.cummax(t_exact(3.), axis=0)
    assert v.shape == [] and i.numpy() == 0
    with pytest.raises(ValueError, match="dtype of indices must be DataType::INT32 or DataType::INT64"):
        paddle.cummax(t_exact([1.]), dtype="float32")
    with pytest.raises(RuntimeError, match="kernel `cummax` is not registered.*int32, int64, float64, float32"):
        paddle.cummax(t_exact([True]))
    with pytest.raises(IndexError, match=r"expected to be in range of \[-2, 2\), but got 2"):
        paddle.cummax(t_exact([[3.]]), axis=2)
    with pytest.raises(TypeError, match="must be int, but got float"):
        paddle.cummin(t_exact([[3.]]), axis=1.5)
    x = t_exact([1., 3, 3, 2, 3], "float64", stop_gradient=False)
    (g,) = paddle.grad((paddle.cummax(x)[0] * t_exact([1., 2, 3, 4, 5], "float64")).sum(), x)
    assert g.numpy().tolist() == [1., 2., 7., 0., 5.]


def test_logcumsumexp():
    y = paddle.logcumsumexp(t_exact([1, 2, 3]))
    assert y.dtype == paddle.float32
    close(y, [1., 2.31326175, 3.40760612])
    assert paddle.logcumsumexp(t_exact([1, 2], "int32"), dtype="float64").dtype == paddle.float64
    assert paddle.logcumsumexp(t_exact(3.)).shape == [1] and paddle.logcumsumexp(t_exact(3.), axis=0).shape == []
    close(paddle.logcumsumexp(t_exact([-1000., 0., 1000.], "float64")), [-1000., 0., 1000.])
    x = t_exact([2., -1., 3.], "float64", stop_gradient=False)
    (g,) = paddle.grad((paddle.logcumsumexp(x) * t_exact([1., -2., 0.5], "float64")).sum(), x)
    close(g, [-0.77245429, -0.0882453, 0.36069959], rtol=1e-7)
    with pytest.raises(IndexError, match=r"expected to be in range of \[-2, 2\), but got -3"):
        paddle.logcumsumexp(t_exact([[3.]]), axis=-3)


def test_diff_trapezoid_vander():
    x = t_exact([1, 4, 5, 2])
    assert paddle.diff(x, n=3, append=t_exact([7, 9])).numpy().tolist() == [-2, 12, -11]
    assert paddle.diff(x, n=5).shape == [0]
    assert paddle.diff(t_exact([True, False, False])).numpy().tolist() == [True, False]
    assert paddle.diff(t_exact([[1, 2, 4]]), axis=0, prepend=t_exact([[1, 2, 3]])).numpy().tolist() == [[0, 0, 1]]
    with pytest.raises(ValueError, match="n=0"):
        paddle.diff(x, n=0)
    with pytest.raises(ValueError, match="isn't consistent"):
        paddle.diff(t_exact([1, 2], "int32"), prepend=t_exact([1.]))
    assert paddle.trapezoid(t_exact([1., 2, 3], "float64"), t_exact([8., 6, 4], "float64")).numpy() == -8.0
    close(paddle.trapezoid(t_exact([[1., 2], [3, 4]]), dx=t_exact(2.)), [3., 7.])
    close(paddle.cumulative_trapezoid(t_exact([1., 2, 5]), dx=0.5), [0.75, 2.5])
    with pytest.raises(ValueError, match="Not permitted to specify both x and dx input args."):
        paddle.trapezoid(t_exact([1., 2]), t_exact([1., 2]), 2.)
    with pytest.raises(TypeError, match="but got paddle.int64"):
        paddle.trapezoid(t_exact([1, 2]))
    assert paddle.vander(t_exact([1, 2, 3])).numpy().tolist() == [[1, 1, 1], [4, 2, 1], [9, 3, 1]]
    assert paddle.vander(t_exact([1, 2, 3]), 0).shape == [3, 0]
    assert paddle.vander(t_exact([True])).numpy().tolist() == [[True]]
    assert paddle.vander(t_exact([1, 2], "int32")).dtype == paddle.int32
    out = paddle.vander(t_exact([2 + 1j, 4 + 3j]))
    assert out.dtype == paddle.complex64 and out.numpy().tolist() == [[2 + 1j, 1], [4 + 3j, 1]]
    with pytest.raises(ValueError, match="N must be non-negative."):
        paddle.vander(t_exact([1, 2]), -1)
    with pytest.raises(ValueError, match="expected to be a 1-D Tensor.But now the dims of Input\\(X\\) is 2."):
        paddle.vander(t_exact([[1, 2]]))


def test_combinations_and_cartesian_prod():
    assert paddle.combinations(t_exact([1, 2, 3]), 3).numpy().tolist() == [[1, 2, 3]]
    assert paddle.combinations(t_exact([1, 2, 3]), 4).shape == [0, 4]
    assert paddle.combinations(t_exact([1, 2, 3]), 0).shape == [0]
    assert paddle.combinations(t_exact([1, 2, 3]), 2, True).shape == [6, 2]
    with pytest.raises(ValueError, match="Expect a non-negative int, but got r=-1"):
        paddle.combinations(t_exact([1, 2, 3]), -1)
    with pytest.raises(TypeError, match="Expect a 1-D vector"):
        paddle.combinations(t_exact([[1, 2, 3]]))
    c = t_exact([7., 8., 9.])
    assert paddle.cartesian_prod([c]) is c
    out = paddle.cartesian_prod([paddle.empty([0], "float64"), t_exact([1., 2.], "float64"), t_exact([3., 4., 5.], "float64")])
    assert out.shape == [0, 3] and out.dtype == paddle.float64
    with pytest.raises(ValueError, match="the first tensor is int64, but 1th tensor is float32"):
        paddle.cartesian_prod([t_exact([1, 2]), t_exact([1., 2.])])


# -- list ops ------------------------------------------------------------------------------
def test_multiplex_add_n_reduce_as_errors():
    a, b = t_exact([[1., 2], [3, 4]]), t_exact([[5., 6], [7, 8]])
    idx = t_exact([[1], [0]], "int32")
    assert paddle.multiplex([a, b], idx).numpy().tolist() == [[5, 6], [3, 4]]
    with pytest.raises(RuntimeError, match="index exceeds the number of candidate tensors"):
        paddle.multiplex([a, b], t_exact([[1], [5]], "int32"))
    with pytest.raises(ValueError, match=r"retrieve \(int32\) does not match the type of data \(int64\)"):
        paddle.multiplex([a, b], t_exact([[1], [0]]))
    with pytest.raises(ValueError, match="should have more than one candidate input tensors"):
        paddle.multiplex([a], idx)
    with pytest.raises(RuntimeError, match="must be a vector with 2 dimensions"):
        paddle.multiplex([a, b], t_exact([1, 0], "int32"))
    assert paddle.add_n(a) is a
    assert paddle.add_n([t_exact([1, 2]), t_exact([1, 2])]).numpy().tolist() == [2, 4]
    with pytest.raises(ValueError, match="must be list of Tensors, but got empty list"):
        paddle.add_n([])
    with pytest.raises(ValueError, match=r"X\[0\]'s shape = \[2\], X\[1\]'s shape = \[1, 2\]"):
        paddle.add_n([t_exact([1., 2]), t_exact([[1., 2]])])
    with pytest.raises(RuntimeError, match="kernel `add_n` is not registered"):
        paddle.add_n([t_exact([True]), t_exact([False])])
    assert paddle.reduce_as(a, t_exact([[1.], [2.]])).numpy().tolist() == [[3.], [7.]]
    r = paddle.reduce_as(t_exact([[1, 2], [3, 4]], "int32"), t_exact([[1., 2.]]))
    assert r.dtype == paddle.int64 and r.numpy().tolist() == [[4, 6]]
    with pytest.raises(ValueError, match=r"in_dims = \[2, 2\] and the shape of out_dims = \[1, 3\]"):
        paddle.reduce_as(a, t_exact([[1., 2., 3.]]))


def test_renorm_baddbmm_broadcast_shapes():
    x = t_exact([[1., 2], [3, 4]])
    close(paddle.renorm(x, 2, -1, 1.), [[0.31622776, 0.44721359], [0.94868326, 0.89442718]])
    close(paddle.renorm(x, -1, 0, 1.), [[1., 2.], [1.75000012, 2.33333349]], rtol=1e-6)
    assert paddle.renorm(x, 0, 0, 1.).numpy().tolist() == [[0, 0], [0, 0]]
    with pytest.raises(ValueError, match="the axis:2 should be less then the shape's size 2"):
        paddle.renorm(x, 2, 2, 1.)
    with pytest.raises(ValueError, match="the axis:-3 should not be less than -1 \\* length of input_shape:-2"):
        paddle.renorm(x, 2, -3, 1.)
    x = t_exact([[1., 2], [3, 4]], "float64", stop_gradient=False)
    (g,) = paddle.grad((paddle.renorm(x, 2., 0, 1.) * t_exact([[1., -1], [0.5, 2]], "float64")).sum(), x)
    close(g, [[0.53665631, -0.26832816], [-0.128, 0.096]], rtol=1e-6)
    out = paddle.baddbmm(t_exact([[1., 2], [3, 4]]), paddle.ones([2, 2, 2]), paddle.ones([2, 2, 2]))
    assert out.numpy().tolist() == [[[3, 4], [3, 4]], [[5, 6], [5, 6]]]  # 2-D input: [batch, cols]
    with pytest.raises(ValueError, match="batch size of input must be equal to the batch size of x"):
        paddle.baddbmm(paddle.ones([3, 2]), paddle.ones([2, 2, 2]), paddle.ones([2, 2, 2]))
    assert paddle.baddbmm(paddle.full([2, 2, 2], float("nan")), paddle.ones([2, 2, 2]), paddle.ones([2, 2, 2]),
                          beta=0.).numpy().max() == 2.0
    with pytest.raises(ValueError, match="The dimension of input should be 3 or 2"):
        paddle.baddbmm(paddle.ones([2]), paddle.ones([2, 2, 2]), paddle.ones([2, 2, 2]))
    with pytest.raises(ValueError, match="x's width must be equal with Variable y's height"):
        paddle.baddbmm(paddle.ones([2, 2, 2]), paddle.ones([2, 2, 3]), paddle.ones([2, 2, 2]))
    with pytest.raises(RuntimeError, match="kernel `baddbmm` is not registered"):
        paddle.baddbmm(*[paddle.ones([1, 2, 2], "int32")] * 3)
    assert paddle.broadcast_shapes([2, 1, 3], [1, 3, 1]) == [2, 3, 3]
    assert paddle.broadcast_shapes() == [] and paddle.broadcast_shapes([-1, 3], [4, 1]) == [4, 3]
    assert paddle.broadcast_shapes([0, 3], [1, 1]) == [0, 3]
    with pytest.raises(ValueError, match=r"X = \[2, 1, 3\] and the shape of Y = \[3, 3, 1\]"):
        paddle.broadcast_shapes([2, 1, 3], [3, 3, 1])


# -- elementwise extras --------------------------------------------------------------------
def test_sign_and_predicates():
    assert paddle.copysign(t_exact([1, 2]), -1.).numpy().tolist() == [-1, -2]
    assert paddle.copysign(t_exact([1., 2, 3], "float64"), t_exact([-0.0], "float64")).numpy().tolist() == [-1, -2, -3]
    assert paddle.copysign(t_exact([True, False]), t_exact([True, False])).numpy().tolist() == [True, False]
    with pytest.raises(TypeError, match="Type promotion only support"):
        paddle.copysign(t_exact([1, 2], "int32"), t_exact([-1., 2]))
    x = t_exact([0., -0., 2., -3.], "float64", stop_gradient=False)
    y = t_exact([-1., 1., -1., 1.], "float64", stop_gradient=False)
    gx, gy = paddle.grad((paddle.copysign(x, y) * t_exact([1., 2, 3, 4], "float64")).sum(), [x, y])
    assert gx.numpy().tolist() == [0, 0, -3, -4] and gy.numpy().tolist() == [0, 0, 0, 0]
    assert paddle.signbit(t_exact([1., -0.0, float("nan"), -float("nan")])).numpy().tolist() == [False, True, False, True]
    assert paddle.signbit(t_exact([-5, -2, 3], "int32")).numpy().tolist() == [True, True, False]
    with pytest.raises(RuntimeError, match="kernel `sign` is not registered"):
        paddle.signbit(t_exact([True]))
    assert paddle.isposinf(t_exact([1, 2])).numpy().tolist() == [False, False]
    assert paddle.isneginf(t_exact([-np.inf, np.inf])).numpy().tolist() == [True, False]
    assert paddle.isreal(t_exact([(-0. + 1j), (-2.1 + 0j), (2.5 - 0j)])).numpy().tolist() == [False, True, True]
    assert paddle.isreal(t_exact([True])).numpy().tolist() == [True]
    out = paddle.sgn(t_exact([3 + 4j, 0, -2]))
    np.testing.assert_allclose(out.numpy(), [0.6 + 0.8j, 0, -1], rtol=1e-6)
    with pytest.raises(TypeError, match=r"must be one of \['float16', 'float32', 'float64', 'complex64', "):
        paddle.sgn(t_exact([1, 2]))
    x = t_exact([-1, 0, 1])
    assert paddle.positive(x) is x
    with pytest.raises(TypeError, match="The `\\+` operator, on a bool tensor is not supported."):
        paddle.positive(t_exact([True]))


def test_complex_helpers():
    z = t_exact([1 + 1j, -2 + 0.5j], stop_gradient=False)
    (g,) = paddle.grad((paddle.angle(z) * t_exact([1., 2.])).sum(), z)
    np.testing.assert_allclose(g.numpy(), [-0.5 + 0.5j, -0.23529412 - 0.94117647j], rtol=1e-6)
    assert paddle.angle(t_exact([1., -2, 0, -0.0])).numpy().tolist() == [0, np.float32(np.pi), 0, 0]
    assert paddle.conj(t_exact([1, 2])).numpy().tolist() == [1, 2]
    assert paddle.conj(t_exact([1 + 2j])).numpy().tolist() == [1 - 2j]
    with pytest.raises(RuntimeError, match="kernel `conj` is not registered"):
        paddle.conj(t_exact([True]))
    with pytest.raises(RuntimeError, match="kernel `angle` is not registered"):
        paddle.angle(t_exact([1, 2]))


def test_binary_special_extras():
    assert paddle.hypot(t_exact([3, 5]), t_exact([4, 12])).numpy().tolist() == [5., 13.]
    with pytest.raises(TypeError, match="y must be tensor type, but got <class 'float'>"):
        paddle.hypot(t_exact([3.]), 4.)
    r = paddle.ldexp(t_exact([1, 2]), t_exact([2, 3]))
    assert r.dtype == paddle.float32 and r.numpy().tolist() == [4., 16.]
    assert paddle.ldexp(t_exact([1., 2]), t_exact([-2000, 3000])).numpy().tolist() == [0., np.inf]
    assert paddle.heaviside(t_exact([1, 0, -1]), t_exact([5])).numpy().tolist() == [1, 5, 0]
    assert paddle.heaviside(t_exact([1., 0, -1, float("nan")]), t_exact([5.])).numpy().tolist() == [1, 5, 0, 0]
    with pytest.raises(ValueError, match=r"retrieve \(float64\) does not match the type of data \(float32\)"):
        paddle.heaviside(t_exact([1.]), t_exact([5.], "float64"))
    assert paddle.nextafter(t_exact([1., 2]), t_exact([1.], "float64")).dtype == paddle.float64
    with pytest.raises(RuntimeError, match="kernel `nextafter` is not registered"):
        paddle.nextafter(t_exact([1, 2]), t_exact([3]))
    assert paddle.gcd(t_exact([[12], [18]], "int32"), t_exact([8, 12], "int32")).numpy().tolist() == [[4, 12], [2, 6]]
    assert paddle.lcm(t_exact([[12], [18]], "int32"), t_exact([8, 12], "int32")).numpy().tolist() == [[24, 12], [72, 36]]
    assert paddle.gcd(t_exact([12.5]), t_exact([5.])).numpy().tolist() == [2.5] and paddle.lcm(t_exact([-12]), t_exact([5])).item() == 60
    assert paddle.gcd(t_exact(0), t_exact(0)).item() == 0 and paddle.lcm(t_exact(0), t_exact(20)).item() == 0
    with pytest.raises(TypeError, match="Type promotion only support"):
        paddle.gcd(t_exact([12], "int32"), t_exact([8]))
    with pytest.raises(RuntimeError, match="kernel `abs` is not registered.*int8"):
        paddle.gcd(t_exact([12], "int8"), t_exact([8], "int8"))


def test_conversions():
    m, e = paddle.frexp(t_exact([0., -3., 1024.]))
    assert m.numpy().tolist() == [0., -0.75, 0.5] and e.numpy().tolist() == [0., 2., 11.]
    with pytest.raises(TypeError, match=r"must be one of \['float32', 'float64'\], but got paddle.int64"):
        paddle.frexp(t_exact([1, 2]))
    x = t_exact([3., 0.7, 8.], "float64", stop_gradient=False)
    (g,) = paddle.grad((paddle.frexp(x)[0] * t_exact([1., 2., 3.], "float64")).sum(), x)
    assert g.numpy().tolist() == [0.25, 2.0, 0.1875]
    assert paddle.frac(t_exact([1, 2])).numpy().tolist() == [0, 0]
    assert np.isnan(paddle.frac(t_exact([float("inf")])).numpy()).all()
    with pytest.raises(TypeError, match="but got paddle.bool"):
        paddle.frac(t_exact([True]))
    close(paddle.sinc(t_exact([0., 1., 0.5])), [1., 0., 0.63661975], atol=1e-7)
    x = t_exact([0., 0.5], "float64", stop_gradient=False)
    (g,) = paddle.grad(paddle.sinc(x).sum(), x)
    close(g, [0., -1.27323954])
    r = paddle.rad2deg(t_exact(1))
    assert r.dtype == paddle.float32 and abs(r.item() - 57.29578018) < 1e-5
    assert paddle.deg2rad(t_exact([180.], "float64")).item() == math.pi


# -- in-place forms, methods, static ---------------------------------------------------------
def test_inplace_forms_and_methods():
    for name in ("baddbmm_", "renorm_", "gammaln_", "digamma_", "gammaincc_", "gammainc_", "lgamma_",
                 "multigammaln_", "logit_", "gcd_", "lcm_", "frac_", "i0_", "polygamma_", "ldexp_", "copysign_",
                 "hypot_", "sinc_"):
        assert hasattr(paddle, name) and hasattr(paddle.Tensor, name), name
    assert hasattr(paddle.Tensor, "erfinv_") and not hasattr(paddle, "erfinv_")
    assert not hasattr(paddle.Tensor, "positive") and not hasattr(paddle.Tensor, "cartesian_prod")
    x = t_exact([0.5, 2.0], "float64")
    assert paddle.lgamma_(x) is x
    close(x, [math.lgamma(0.5), 0.0])
    x = t_exact([3.0, -4.5], "float64")
    x.copysign_(-1.0)
    assert x.numpy().tolist() == [-3.0, -4.5]
    xi = t_exact([3, 4])  # Paddle casts x in place to the float result dtype first
    assert paddle.ldexp_(xi, t_exact([1, 2])) is xi and xi.dtype == paddle.float32
    assert xi.numpy().tolist() == [6.0, 16.0]
    assert t_exact([1., 2.]).cummax()[1].numpy().tolist() == [0, 1]
    leaf = t_exact([0.5], stop_gradient=False)
    with pytest.raises(ValueError, match="Leaf Var"):
        paddle.digamma_(leaf)


def test_static_op_types_and_results():
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [None, 3], "float32")
            idx = paddle.static.data("idx", [None, 1], "int32")
            outs = [paddle.lgamma(x), paddle.digamma(x), paddle.polygamma(x, 1), paddle.erfinv(x * 0.1),
                    paddle.i0(x), paddle.i1e(x), paddle.logit(x * 0.1), paddle.stanh(x), paddle.gammaincc(x, x),
                    paddle.cummax(x, axis=1)[0], paddle.cummin(x, axis=1)[1], paddle.logcumsumexp(x, axis=0),
                    paddle.renorm(x, 2.0, 0, 1.0), paddle.multiplex([x, x * 2.0], idx), paddle.add_n([x, x]),
                    paddle.copysign(x, -x), paddle.heaviside(x, x), paddle.conj(x), paddle.angle(x),
                    paddle.frexp(x)[1], paddle.gcd(x, x), paddle.diff(x, axis=1), paddle.reduce_as(x, x[:1])]
        types = {op.type for op in main.global_block().ops}
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        arr = np.array([[0.5, 1.0, 2.0], [1.5, 3.0, 0.25]], "float32")
        res = exe.run(main, feed={"x": arr, "idx": np.array([[1], [0]], "int32")}, fetch_list=outs)
    finally:
        paddle.disable_static()
    for want in ("lgamma", "digamma", "polygamma", "erfinv", "i0", "i1e", "logit", "stanh", "gammaincc", "cummax",
                 "cummin", "logcumsumexp", "renorm", "multiplex", "sum", "copysign", "elementwise_heaviside", "conj",
                 "angle", "reduce_as"):
        assert want in types, want
    eager = [paddle.lgamma(t_exact(arr)), paddle.cummax(t_exact(arr), axis=1)[0], paddle.multiplex(
        [t_exact(arr), t_exact(arr) * 2.0], t_exact([[1], [0]], "int32")), paddle.reduce_as(t_exact(arr), t_exact(arr[:1]))]
    for got, want in zip([res[0], res[9], res[13], res[22]], eager):
        np.testing.assert_allclose(got, want.numpy(), rtol=1e-6)


def test_unary_plus_and_vecdot_with_a_scalar():
    x = t([1.0, -2.0])
    assert (+x) is x and (+t([1, -2])).numpy().tolist() == [1, -2]
    with pytest.raises(TypeError, match="The `\\+` operator, on a bool tensor is not supported."):
        +t([True])
    out = paddle.vecdot(t([1.0, 2.0]), 2.5)  # Paddle: (conj(x) * y).sum(axis)
    assert out.dtype == paddle.float32 and out.shape == [] and out.item() == 7.5
    assert paddle.vecdot(t([1, 2]), 2).dtype == paddle.int64 and paddle.vecdot(t([1, 2]), 2.5).item() == 7.5
    assert paddle.vecdot(t([1 + 1j, 2j]), 2.0).item() == 2 - 6j
    assert paddle.vecdot(paddle.ones([2, 3]), 2.0, axis=0).numpy().tolist() == [4.0, 4.0, 4.0]
    xg = t([1.0, 2.0], stop_gradient=False)
    assert paddle.grad(paddle.vecdot(xg, 2.5), xg)[0].numpy().tolist() == [2.5, 2.5]


def test_top_level_softmax_has_torchs_signature():
    x = t([[1.0, 2.0], [3.0, 5.0]])
    np.testing.assert_allclose(paddle.softmax(x).numpy(), [[0.268941, 0.731059], [0.119203, 0.880797]], rtol=1e-5)
    by_col = [[0.119203, 0.047426], [0.880797, 0.952574]]
    out = paddle.softmax(x, 0, "float64")
    assert out.dtype == paddle.float64
    np.testing.assert_allclose(out.numpy(), by_col, rtol=1e-5)
    np.testing.assert_allclose(paddle.softmax(x, 0, 3).numpy(), by_col, rtol=1e-5)  # _stacklevel is ignored
    assert paddle.softmax(x, 0, 3, "float64").dtype == paddle.float64
    np.testing.assert_allclose(paddle.softmax(input=x, dim=1).numpy(), paddle.softmax(x).numpy())
    # without dim: 0 for 0-D, 1-D and 3-D input, 1 otherwise (Paddle's rule)
    assert paddle.softmax(t(2.0)).item() == 1.0
    np.testing.assert_allclose(paddle.softmax(paddle.arange(24.0).reshape([2, 3, 4])).numpy().sum(0), np.ones([3, 4]),
                               rtol=1e-6)
    for key in ("axis", "x"):
        with pytest.raises(TypeError, match=f"paddle.compat.nn.functional.softmax\\(\\) received unexpected keyword "
                                            f"argument '{key}'"):
            paddle.softmax(**{key: x})
    with pytest.raises(RuntimeError, match="kernel `softmax` is not registered"):
        paddle.softmax(t([1, 2]))
    xg = t([[1.0, 2.0]], stop_gradient=False)
    y = paddle.softmax(xg)
    g = paddle.grad((y * t([[1.0, 3.0]])).sum(), xg)[0]
    np.testing.assert_allclose(g.numpy(), [[-0.393224, 0.393224]], rtol=1e-5)
    assert paddle.softmax(paddle.zeros([0, 3])).shape == [0, 3]


# -- integers never detour through floats (values from real Paddle 3.3.1) -------------------------
_I64_MAX, _I64_MIN = np.iinfo(np.int64).max, np.iinfo(np.int64).min


def test_neg_and_abs_at_the_int64_and_int32_ends():
    x = t([_I64_MAX, _I64_MIN, 5, -3], "int64")
    want = [-_I64_MAX, _I64_MIN, -5, 3]  # -INT64_MIN wraps to itself, as in C++
    assert np_of(paddle.neg(x)) == want and np_of(-x) == want
    assert paddle.neg(x).dtype == paddle.int64
    assert np_of(paddle.abs(x)) == [_I64_MAX, _I64_MIN, 5, 3]
    x32 = t([2 ** 31 - 1, -2 ** 31, 5], "int32")
    assert np_of(paddle.neg(x32)) == [-2 ** 31 + 1, -2 ** 31, -5]
    assert np_of(paddle.abs(x32)) == [2 ** 31 - 1, -2 ** 31, 5]


@pytest.mark.parametrize("s, b, after, want", [
    (2.0, 0.0, True, [-2, 0, 18014398509481986, 14, -14]),
    (1.0, 1.0, True, [_I64_MIN, _I64_MIN + 1, 9007199254740994, 8, -6]),
    (1.5, 0.0, True, [_I64_MAX, _I64_MIN, 9007199254740993, 7, -7]),  # scale and bias truncate to int64
    (1.0, 0.5, False, [_I64_MAX, _I64_MIN, 9007199254740993, 7, -7]),
    (3.0, 1.0, True, [_I64_MAX - 1, _I64_MIN + 1, 27021597764222980, 22, -20]),
    (3.0, 1.0, False, [_I64_MIN, _I64_MIN + 3, 27021597764222982, 24, -18]),
])
def test_scale_int64_is_exact_and_wraps(s, b, after, want):
    y = paddle.scale(t([_I64_MAX, _I64_MIN, 2 ** 53 + 1, 7, -7], "int64"), scale=s, bias=b, bias_after_scale=after)
    assert y.dtype == paddle.int64 and np_of(y) == want


def test_scale_small_ints_wrap_and_truncate():
    assert np_of(paddle.scale(t([2 ** 31 - 1, -2 ** 31, 7, -7], "int32"), scale=2.0, bias=1.0)) == [-1, 1, 15, -13]
    y = paddle.scale(t([100, -100, 7], "int8"), scale=2.0, bias=0.5)
    assert y.dtype == paddle.int8 and np_of(y) == [-56, 56, 14]
    assert np_of(paddle.scale(t([200, 7], "uint8"), scale=2.0, bias=0.5)) == [144, 14]
    assert np_of(paddle.scale(t([7, -7], "int64"), scale=-1.5, bias=-0.7)) == [-7, 7]
    assert np_of(paddle.scale(t([7], "int64"), scale=t(2.5), bias=0.0)) == [14]


def test_nanmean_int64_sums_exactly_in_int64():
    # the int64 sum is exact (and wraps like Paddle's); only the final division is float32
    for data, want in [([2 ** 53 + 1, 2 ** 53 + 3], 9007199254740994.0), ([_I64_MAX, _I64_MAX - 1], -1.5),
                       ([_I64_MAX, _I64_MAX - 1, 3], 0.0), ([2 ** 62, 2 ** 62, 1, 1], -2.0 ** 61)]:
        r = paddle.nanmean(t(data, "int64"))
        assert r.dtype == paddle.float32 and r.item() == np.float32(want)
    r = paddle.nanmean(t([[2 ** 53 + 1, 2 ** 53 + 3], [1, 2]], "int64"), axis=1)
    assert np_of(r) == [np.float32(9007199254740994.0), 1.5]
    assert paddle.nanmean(t([2 ** 31 - 1, 2 ** 31 - 1], "int32")).item() == np.float32(2147483647)


def test_isreal_looks_at_the_imaginary_part_only():
    nan, inf = float("nan"), float("inf")
    c = [complex(nan, 0), complex(0, nan), complex(inf, 0), 1 + 0j, 1 + 1j, complex(1, -0.0)]
    for d in ("complex64", "complex128"):
        assert np_of(paddle.isreal(t(c, d))) == [True, False, True, True, False, True]


def test_clip_and_increment_keep_int64_exact():
    big = 2 ** 53 + 1  # not a float64 value: any detour through float would round it
    y = paddle.clip(t([_I64_MAX - 1, big, -7], "int64"), -5, _I64_MAX)
    assert y.dtype == paddle.int64 and np_of(y) == [_I64_MAX - 1, big, -5]
    y = paddle.clip(t([big + 2, -big - 2], "int64"), -big, big)
    assert np_of(y) == [big, -big]
    assert np_of(paddle.clip(t([big + 2, -big - 2], "int64"), t(-big, "int64"), t(big, "int64"))) == [big, -big]
    assert np_of(paddle.clip(t([big], "int64"))) == [big]
    assert np_of(paddle.increment(t([_I64_MAX - 1], "int64"), 1.0)) == [_I64_MAX]
    assert np_of(paddle.increment(t([big], "int64"), 1.0)) == [big + 1]
    assert np_of(paddle.increment(t([5], "int64"), 1.5)) == [6]  # the step truncates to the dtype
# -- empty inputs (Paddle returns where a naive kernel would divide by zero or index nothing) --
@pytest.mark.parametrize("reduce", ["mean", "std", "var"])
def test_reduction_backward_over_an_empty_tensor(reduce):
    # Paddle 3.3.1: the value is NaN and x_grad is an empty tensor of x's shape
    x = paddle.zeros([0, 3])
    x.stop_gradient = False
    y = getattr(x, reduce)()
    y.backward()
    assert y.shape == [] and np.isnan(y.item())
    assert x.grad.shape == [0, 3]


@pytest.mark.parametrize("fn", ["median", "nanmedian"])
def test_median_of_an_empty_tensor(fn):
    # Paddle 3.3.1: NaN per reduced row, MedianIndex 0, empty x_grad
    f = getattr(paddle, fn)
    out = f(paddle.zeros([0]))
    assert out.shape == [] and np.isnan(out.item())
    assert f(paddle.zeros([0, 3]), keepdim=True).shape == [1, 1]
    val, idx = f(paddle.zeros([0, 3]), axis=0, mode="min")
    assert val.shape == [3] and np.isnan(val.numpy()).all()
    np.testing.assert_array_equal(idx.numpy(), [0, 0, 0])
    x = paddle.zeros([0, 3])
    x.stop_gradient = False
    f(x, axis=0).sum().backward()
    assert x.grad.shape == [0, 3]


@pytest.mark.parametrize("fn", ["quantile", "nanquantile"])
@pytest.mark.parametrize("interpolation", ["linear", "lower", "higher", "nearest", "midpoint"])
def test_quantile_of_an_empty_tensor(fn, interpolation):
    # Paddle 3.3.1: 0.0 for each q over an empty axis, an empty x_grad
    f = getattr(paddle, fn)
    x = paddle.zeros([0])
    x.stop_gradient = False
    out = f(x, 0.5, interpolation=interpolation)
    assert out.shape == [] and out.item() == 0.0
    if interpolation == "linear":
        out.backward()
        assert x.grad.shape == [0]
    np.testing.assert_array_equal(f(paddle.zeros([0, 3]), 0.5, axis=0).numpy(), [0.0, 0.0, 0.0])
    assert f(paddle.zeros([0]), [0.2, 0.5]).shape == [2]
    assert f(paddle.zeros([0, 3]), 0.5, axis=1).shape == [0]


@pytest.mark.parametrize("dtype", ["int8", "int16", "int32", "int64", "uint8"])
def test_floor_divide_python_number_is_a_default_dtype_tensor(dtype):
    # Paddle 3.3.1: paddle.floor_divide(int tensor, 2) is int64 and (., 2.5) float32; the // operator keeps int
    x = t([7, -7, 5], dtype)
    r = paddle.floor_divide(x, 2)
    assert r.dtype == paddle.int64
    assert r.numpy().tolist() == ([3, 124, 2] if dtype == "uint8" else [3, -4, 2])
    r = paddle.floor_divide(x, 2.5)
    assert r.dtype == paddle.float32
    assert r.numpy().tolist() == ([2.0, 99.0, 2.0] if dtype == "uint8" else [2.0, -3.0, 2.0])
    assert (x // 2).dtype == x.dtype
    assert paddle.floor_divide(x, True).dtype == x.dtype
    assert paddle.floor_divide(x, t(2, "int32")).dtype == (paddle.int64 if dtype == "int64" else paddle.int32)


def test_floor_divide_python_number_float_tensors():
    # Paddle 3.3.1: float16 // 2 stays float16, float16 / bfloat16 // 2.5 give float32, float64 // 2.5 stays
    h = t([7, -7, 5], "float16")
    assert paddle.floor_divide(h, 2).dtype == paddle.float16
    r = paddle.floor_divide(h, 2.5)
    assert r.dtype == paddle.float32 and r.numpy().tolist() == [2.0, -3.0, 2.0]
    assert paddle.floor_divide(t([7, -7], "bfloat16"), 2.5).dtype == paddle.float32
    assert paddle.floor_divide(t([7, -7], "float64"), 2.5).dtype == paddle.float64


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_ldexp_half_precision_gives_float32(dtype):
    # Paddle 3.3.1 computes ldexp in float32 for float16/bfloat16 inputs
    for ydtype in ["int32", "int64"]:
        r = paddle.ldexp(t([1.5, 2.0], dtype), t([2, 3], ydtype))
        assert r.dtype == paddle.float32
        assert r.numpy().tolist() == [6.0, 16.0]
    assert paddle.ldexp(t([1.5, 2.0], "float64"), t([2, 3], "int32")).dtype == paddle.float64


@pytest.mark.parametrize("dtype", ["int32", "int64"])
def test_remainder_python_float_takes_the_integer_dtype(dtype):
    # Paddle 3.3.1: paddle.remainder/mod/floor_mod and the method cast 2.5 to the tensor's dtype (2);
    # the % operator promotes to float32 instead
    x = t([5, -7, 3], dtype)
    for r in (paddle.remainder(x, 2.5), paddle.mod(x, 2.5), paddle.floor_mod(x, 2.7), x.remainder(2.5)):
        assert r.dtype == x.dtype and r.numpy().tolist() == [1, 1, 1]
    assert paddle.remainder(x, -2.5).numpy().tolist() == [-1, -1, -1]
    r = x % 2.5
    assert r.dtype == paddle.float32 and r.numpy().tolist() == [0.0, 0.5, 0.5]
    r = 7.5 % x
    assert r.dtype == paddle.float32 and r.numpy().tolist() == [2.5, -6.5, 1.5]


@pytest.mark.parametrize("dtype,out", [("bool", "int64"), ("uint8", "uint8"), ("int8", "int8"), ("int16", "int16"),
                                       ("int32", "int64"), ("int64", "int64"), ("float16", "float16")])
def test_reduce_as_result_dtype(dtype, out):
    # Paddle 3.3.1: bool and int32 sum in int64, the other dtypes keep theirs (int8 wraps)
    x = t([[1, 2, 3], [4, 5, 6]]).astype(dtype)
    r = paddle.reduce_as(x, t([1, 2, 3], "int32"))
    assert r.dtype == getattr(paddle, out)
    assert r.astype("float32").numpy().tolist() == ([2.0, 2.0, 2.0] if dtype == "bool" else [5.0, 7.0, 9.0])
    if dtype == "int8":
        assert paddle.reduce_as(t([[100], [100]], "int8"), t([1], "int8")).numpy().tolist() == [-56]


# -- issue 12 round 2: complex kernels and checks Paddle has (values printed by real Paddle 3.3.1) ----------
def test_complex_remainder_rounds_the_quotient_half_away():
    x = paddle.to_tensor([3 + 4j, -3.5 + 2j, 5 - 7j, 1, 3, 2.5j, 1 + 1j, -1, -3, 0.5 + 1.5j], dtype="complex64")
    y = paddle.to_tensor([2 + 1j, 1 - 1j, -2 + 3j, 2, 2, 1, 2 + 2j, 2, 2, 1], dtype="complex64")
    expected = [0, 0.5, 1 - 1j, -1, -1, -0.5j, -1 - 1j, 1, 1, -0.5 - 0.5j]
    for out in (paddle.remainder(x, y), x % y, paddle.floor_mod(x, y)):
        assert out.dtype == paddle.complex64
        np.testing.assert_allclose(out.numpy(), expected, atol=1e-6)
    assert np.isnan(paddle.remainder(x[:1], paddle.zeros([1], dtype="complex64")).numpy().real).all()


def test_complex_reductions_paddle_computes():
    x = paddle.to_tensor([complex(float("nan"), 1), 1 + 1j, complex(2, float("nan")), 3 + 0j])
    assert complex(paddle.nansum(x).item()) == 4 + 1j  # an element with a NaN part counts as 0
    assert complex(paddle.nanmean(x).item()) == 2 + 0.5j
    assert complex(paddle.prod(paddle.to_tensor([1 + 1j, 2 - 1j])).item()) == 3 + 1j


def test_complex_stanh_and_sinc():
    z = paddle.to_tensor([0j, 1 + 1j], dtype="complex64")
    np.testing.assert_allclose(paddle.sinc(z).numpy(), [1, -1.83803904 - 1.83803868j], rtol=1e-6)
    np.testing.assert_allclose(paddle.stanh(z).numpy(), 1.7159 * np.tanh(0.67 * np.array([0j, 1 + 1j])), rtol=1e-5)


def test_median_and_logsumexp_dtypes():
    for d in ("int8", "int16", "uint8", "bool"):
        assert paddle.median(paddle.to_tensor([1, 0, 1]).astype(d)).dtype == paddle.float32  # 'avg' casts first
    assert paddle.median(paddle.to_tensor([1 + 2j, 3 + 1j, 2 - 1j])).item() == 2.0
    with pytest.raises(RuntimeError, match="Paddle support following DataTypes: int32, int64, float64, float32"):
        paddle.median(paddle.to_tensor([1, 2], dtype="int8"), mode="min")
    assert paddle.logsumexp(paddle.to_tensor([1, 2, 3], dtype="int8")).dtype == paddle.float32
    with pytest.raises(RuntimeError, match="kernel `logsumexp` is not registered"):
        paddle.logsumexp(paddle.to_tensor([True]))


def test_increment_empty_and_leaf():
    assert paddle.increment(paddle.ones([0, 3])).shape == [0, 3]
    with pytest.raises(ValueError, match="should be 1.Now the number is 2"):
        paddle.increment(paddle.ones([2]))
    x = paddle.to_tensor([1.0], stop_gradient=False)  # Paddle writes a leaf that needs grad and records nothing
    y = paddle.increment(x)
    assert y is x and not y.stop_gradient and x.numpy().tolist() == [2.0]
    (y * 2).sum().backward()
    assert x.grad.numpy().tolist() == [2.0]


@pytest.mark.parametrize("fn", [paddle.copysign_, paddle.hypot_, paddle.divide_, paddle.gammainc_])
def test_inplace_broadcast_must_keep_x_shape(fn):
    with pytest.raises(ValueError, match=r"The shape of broadcast output \[3, 4\] is different from that of inplace "
                                         r"tensor paddle.Size\(\[3, 1\]\) in the Inplace operation."):
        fn(paddle.ones([3, 1]), paddle.ones([3, 4]))


def test_negative_refuses_bool():
    with pytest.raises(TypeError, match="The `-` operator, on a bool tensor is not supported."):
        paddle.negative(paddle.to_tensor([True]))
    assert paddle.neg(paddle.to_tensor([True])).numpy().tolist() == [True]  # paddle.neg takes it
    assert paddle.negative(paddle.to_tensor([1, -2])).numpy().tolist() == [-1, 2]


def test_ldexp_inplace_casts_x_first():
    x = paddle.to_tensor([1.5]).astype("float16")
    assert paddle.ldexp_(x, paddle.to_tensor([2], dtype="int32")) is x
    assert x.dtype == paddle.float32 and x.numpy().tolist() == [6.0]


def test_python_level_dtype_checks():
    for d in ("float16", "bfloat16", "int32"):
        with pytest.raises(AssertionError):
            paddle.nan_to_num(paddle.ones([2]).astype(d))
    with pytest.raises(TypeError, match="The data type of input must be one of"):
        paddle.sgn(paddle.ones([2], dtype="bfloat16"))
    x = paddle.ones([2, 1], dtype="float16")
    with pytest.raises(ValueError, match="The data type of input Variable must be 'float32' or 'float64'"):
        F.gaussian_nll_loss(x, x, x)


# -- integer kernels Paddle computes in floating point (values real Paddle 3.3.1 printed) -----------------------------
def test_integer_matmul_runs_in_float_and_overflows_to_int_min():
    i32 = lambda v: paddle.to_tensor(np.array(v, np.int32))  # noqa: E731
    assert paddle.matmul(i32([[16777217, 0]]), i32([[1], [1]])).numpy().tolist() == [[16777216]]
    assert paddle.matmul(i32([[2 ** 30, 2 ** 30]]), i32([[1], [1]])).numpy().tolist() == [[-2 ** 31]]
    assert paddle.matmul(i32([[3, 5]]), i32([[7], [11]])).numpy().tolist() == [[76]]
    i64 = paddle.to_tensor(np.array([[2 ** 53 + 1, 0]], np.int64))
    assert paddle.matmul(i64, paddle.ones([2, 1], "int64")).numpy().tolist() == [[2 ** 53]]
    x = i32([16777217, 2 ** 31 - 1])
    assert paddle.dot(x, paddle.ones([2], "int32")).numpy().tolist() == -2130706432  # dot wraps exactly


def test_integer_pow_fmax_fmin_trunc_through_float():
    a = paddle.to_tensor(np.array([0, 2, -2, 46341, 3, -1, 2, 7], np.int32))
    b = paddle.to_tensor(np.array([-1, -1, 3, 2, 20, -3, 31, 11], np.int32))
    assert paddle.pow(a, b).numpy().tolist() == [0, 0, -8, -2 ** 31, -2 ** 31, -1, -2 ** 31, 1977326743]
    assert (a ** 3).numpy().tolist()[3] == -1932785795  # a Python int exponent: exact powers that wrap
    b64 = paddle.to_tensor(np.array([39], np.int64))
    assert paddle.pow(paddle.to_tensor(np.array([3], np.int64)), b64).numpy().tolist() == [4052555153018976256]
    m = paddle.to_tensor(np.array([2 ** 31 - 1, -2 ** 31 + 1], np.int32))
    assert paddle.fmax(m, m).numpy().tolist() == [-2 ** 31, -2 ** 31]
    assert paddle.fmin(m, m).numpy().tolist() == [-2 ** 31, -2 ** 31]
    t = paddle.to_tensor(np.array([2 ** 63 - 1, 2 ** 53 + 1, -7], np.int64))
    assert paddle.trunc(t).numpy().tolist() == [-2 ** 63, 2 ** 53, -7]
    assert paddle.frac(t).numpy().tolist() == [-1, 1, 0]
    x = paddle.to_tensor(np.array([1, -1], np.int32))
    assert paddle.atan2(x, x).dtype == paddle.float64
    assert paddle.atan2(x, x).numpy().tolist()[1] == float(np.float32(-3 * np.pi / 4))


def test_clip_bounds_as_paddle_fills_and_converts_them():
    x = paddle.to_tensor(np.array([5, -3, 2 ** 31 - 1, -2 ** 31], np.int32))
    assert paddle.clip(x).numpy().tolist() == [5, -3, 2 ** 31 - 129, -2 ** 31]
    z = paddle.to_tensor(np.array([2 ** 63 - 1], np.int64))
    assert paddle.clip(z).numpy().tolist() == [2 ** 63 - 1 - 2 ** 39]
    y = x.clone()
    y.clip_()  # -+FLT_MAX bounds become INT_MIN in int32
    assert y.numpy().tolist() == [-2 ** 31] * 4
    y = x.clone()
    y.clip_(0.5, 3.5)
    assert y.dtype == paddle.int32 and y.numpy().tolist() == [3, 0, 3, 0]
    with pytest.raises(ValueError, match="max should be greater"):
        x.clone().clip_(-2)
    f = paddle.to_tensor(np.array([1e300, 3.0]))
    f.clip_()
    assert f.numpy().tolist() == [float(np.finfo(np.float32).max), 3.0]


def test_small_integer_angles_and_inplace_cumsum_keep_their_dtype():
    x = paddle.to_tensor(np.array([100, 27], np.int16))
    assert paddle.rad2deg(x).dtype == paddle.int16 and paddle.rad2deg(x).numpy().tolist() == [5700, 1539]
    assert paddle.deg2rad(paddle.to_tensor([180])).dtype == paddle.float32
    y = paddle.to_tensor(np.array([100, 100], np.int8))
    paddle.cumsum_(y, axis=0)
    assert y.dtype == paddle.int8 and y.numpy().tolist() == [100, -56]


def test_float32_attrs_reach_float64_kernels_rounded():
    x = paddle.to_tensor(np.array([0.3, -1.2]))
    want = np.float64(np.float32(1.7159)) * np.tanh(np.float64(np.float32(0.67)) * x.numpy())
    assert np.array_equal(paddle.stanh(x).numpy(), want)
    r = paddle.renorm(paddle.to_tensor(np.array([[3.0, 4.0]])), 2.0, 0, 1.0)
    assert r.numpy().tolist()[0][0] == 3 * (1 / 5.0)  # Paddle: max_norm / norm, no epsilon
