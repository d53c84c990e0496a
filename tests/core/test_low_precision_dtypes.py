"""paddle.uint16/uint32/uint64, float8_e4m3fn/float8_e5m2, pstring/raw and paddle.check_shape, as Paddle 3.3.1
has them (expected values written by real Paddle's cast; see docs/conformance.md for the NaN difference)."""
import numpy as np
import pytest

import purepaddle as paddle

SRC = [1.3, 2.7, 300., -1000., 0.0013, 1e-9, 500., 464., float("inf"), -float("inf"), 1e6]
# real Paddle 3.3.1: x.astype(d).astype('float32')
E4M3 = [1.25, 2.75, 288., -448., 0.001953125, 0., 448., 448., 448., -448., 448.]
E5M2 = [1.25, 2.5, 320., -1024., 0.0012207031, 0., 512., 448., 57344., -57344., 57344.]


@pytest.mark.parametrize("name,want", [("float8_e4m3fn", E4M3), ("float8_e5m2", E5M2)])
def test_float8_cast_saturates_and_rounds_to_nearest_even(name, want):
    y = paddle.to_tensor(SRC).astype(name)
    assert y.dtype == getattr(paddle, name)
    np.testing.assert_allclose(y.astype("float32").numpy(), want, rtol=1e-6)


def test_float8_cast_passes_gradient():
    x = paddle.to_tensor([1., 2.], stop_gradient=False)
    x.astype(paddle.float8_e4m3fn).astype("float32").sum().backward()
    np.testing.assert_array_equal(x.grad.numpy(), [1., 1.])
    assert paddle.zeros([2], dtype="float8_e5m2").astype("float16").dtype == paddle.float16


def test_uint16_is_bfloat16_storage():
    assert paddle.uint16 != paddle.bfloat16
    assert paddle.to_tensor([1.5]).astype("uint16").dtype == paddle.bfloat16
    assert paddle.zeros([2], dtype=paddle.uint16).dtype == paddle.bfloat16


@pytest.mark.parametrize("name", ["uint32", "uint64"])
def test_uint32_uint64_have_no_kernel(name):
    with pytest.raises(ValueError, match=f"Not supported numpy dtype {name}"):
        paddle.zeros([2], dtype=name)
    with pytest.raises(ValueError, match=f"Not supported numpy dtype {name}"):
        paddle.to_tensor([1.]).astype(getattr(paddle, name))
    assert paddle.iinfo(getattr(paddle, name)).max == np.iinfo(name).max
    assert str(paddle.finfo(paddle.float8_e4m3fn)).startswith("paddle.finfo(min=-448, max=448, eps=0.125, resolution=1")


def test_pstring_raw_are_declared_names():
    assert str(paddle.pstring) == "paddle.pstring" and paddle.raw is not paddle.pstring
    with pytest.raises(TypeError):
        paddle.zeros([2], dtype=paddle.raw)


def test_check_shape_static_only():
    assert paddle.check_shape("bad", "my_op") is None  # dynamic mode: unchecked, as Paddle
    paddle.enable_static()
    try:
        paddle.check_shape([2, 3], "my_op")
        with pytest.raises(TypeError, match="The type of 'shape' in my_op must be"):
            paddle.check_shape("a", "my_op")
        with pytest.raises(TypeError, match="The type of 'element of shape' in my_op"):
            paddle.check_shape([2, "x"], "my_op")
        v = paddle.static.data("v", [2], "float32")
        with pytest.raises(TypeError, match=r"The data type of 'shape' in my_op must be \('int32', 'int64'\)"):
            paddle.check_shape(v, "my_op")
    finally:
        paddle.disable_static()
