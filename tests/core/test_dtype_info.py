"""paddle.finfo / paddle.iinfo / paddle.manual_seed, against what real Paddle 3.3.1 prints."""
import pytest

import purepaddle as paddle


@pytest.mark.parametrize("dtype, text", [
    (paddle.float16, "paddle.finfo(min=-65504, max=65504, eps=0.000976562, resolution=0.001, "
                     "smallest_normal=6.10352e-05, tiny=6.10352e-05, bits=16, dtype=float16)"),
    (paddle.bfloat16, "paddle.finfo(min=-3.38953e+38, max=3.38953e+38, eps=0.0078125, resolution=0.01, "
                      "smallest_normal=1.17549e-38, tiny=1.17549e-38, bits=16, dtype=bfloat16)"),
    ("float64", "paddle.finfo(min=-1.79769e+308, max=1.79769e+308, eps=2.22045e-16, resolution=1e-15, "
                "smallest_normal=2.22507e-308, tiny=2.22507e-308, bits=64, dtype=float64)"),
    (paddle.complex64, "paddle.finfo(min=-3.40282e+38, max=3.40282e+38, eps=1.19209e-07, resolution=1e-06, "
                       "smallest_normal=1.17549e-38, tiny=1.17549e-38, bits=32, dtype=float32)"),
])
def test_finfo(dtype, text):
    assert repr(paddle.finfo(dtype)) == text


def test_iinfo_and_errors():
    assert repr(paddle.iinfo("uint8")) == "paddle.iinfo(min=0, max=255, bits=8, dtype=uint8)"
    info = paddle.iinfo(paddle.int64)
    assert (info.min, info.max, info.bits, info.dtype) == (-2 ** 63, 2 ** 63 - 1, 64, "int64")
    with pytest.raises(ValueError, match="The argument of paddle.finfo can only be"):
        paddle.finfo("int32")
    with pytest.raises(ValueError, match="the argument of paddle.iinfo can only be"):
        paddle.iinfo(paddle.bool)


def test_manual_seed_is_seed():
    paddle.manual_seed(3)
    a = paddle.rand([2])
    paddle.seed(3)
    assert (paddle.rand([2]) == a).all()


def test_amp_queries_at_top_level():
    assert paddle.autocast is paddle.amp.autocast
    assert paddle.is_autocast_enabled() is False
    assert paddle.get_autocast_dtype() == paddle.get_autocast_cpu_dtype() == paddle.get_autocast_gpu_dtype() == "float16"
