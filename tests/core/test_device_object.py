"""paddle.device(...) -> Device, get_default_device / set_default_device: values real Paddle 3.3.1 gives."""
import pytest

import purepaddle as paddle


@pytest.mark.parametrize("args, text, kind, index", [
    (("cpu",), "cpu", "cpu", None), (("gpu:1",), "gpu:1", "gpu", 1), (("cuda", 0), "cuda:0", "cuda", 0),
    ((0,), "cuda:0", "cuda", 0), (("xpu", 1), "xpu:1", "xpu", 1), (("cpu", 3), "cpu", "cpu", None)])
def test_device_strings(args, text, kind, index):
    d = paddle.device(*args)
    assert isinstance(d, paddle.device.Device) and isinstance(d, str)
    assert (str(d), d.type, d.index) == (text, kind, index)


def test_device_errors_context_and_default():
    with pytest.raises(ValueError):
        paddle.device("tpu")
    with pytest.raises(TypeError):
        paddle.device(1.5)
    with pytest.raises(ValueError):
        paddle.device(index=1)
    assert paddle.device(paddle.CPUPlace()) == "cpu"
    with paddle.device("cpu"):
        assert str(paddle.zeros([1]).place) == "Place(cpu)"
    assert paddle.get_default_device() == "cpu" and isinstance(paddle.get_default_device(), paddle.device.Device)
    assert paddle.set_default_device("cpu") is None
    assert paddle.device.cuda is not None and callable(paddle.device.get_device)
