"""paddle.device on a CPU-only machine, as a CPU build of Paddle 3.3.1 behaves (checked against it)."""
import pytest

import purepaddle as paddle
from purepaddle import device

pytestmark = pytest.mark.skipif(device.is_compiled_with_cuda(), reason="expects a CPU-only machine (no cupy GPU)")


def test_queries_on_a_cpu_build():
    assert device.get_all_device_type() == []
    assert device.get_all_custom_device_type() == []
    assert device.get_available_device() == []
    assert device.get_available_custom_device() == []
    assert device.device_count() == 0
    assert device.cuda.device_count() == 0
    assert device.cpu.device_count() == 0
    assert device.is_available() is False
    for f in (device.is_compiled_with_cuda, device.is_compiled_with_rocm, device.is_compiled_with_xpu,
              device.is_compiled_with_ipu, device.is_compiled_with_cinn):
        assert f() is False
    assert device.is_compiled_with_custom_device("npu") is False
    assert device.get_cudnn_version() is None


def test_set_and_get_device():
    assert device.set_device("cpu") == paddle.CPUPlace()
    assert device.set_device("CPU") == paddle.CPUPlace()
    assert device.set_device(0) == paddle.CPUPlace()
    assert device.set_device(paddle.CPUPlace()) == paddle.CPUPlace()
    assert device.get_device() == "cpu"
    assert device.get_device(paddle.to_tensor([1, 2])) == -1


@pytest.mark.parametrize("arg, message", [
    ("gpu", "The device should not be 'gpu', since PaddlePaddle is not compiled with CUDA"),
    ("gpu:0", "The device should not be 'gpu:0', since PaddlePaddle is not compiled with CUDA"),
    ("xpu", "The device should not be 'xpu', since PaddlePaddle is not compiled with XPU"),
    ("foo", "The device must be a string which is like 'cpu', 'gpu', 'gpu:x', 'dcu', 'dcu:x', 'xpu', 'xpu:x', "
            "'npu', 'npu:x'"),
    ("cpu:0", "The device must be a string which is like"),
    (1, "CPU device only supports index 0, got 1"),
])
def test_set_device_errors(arg, message):
    with pytest.raises(ValueError) as e:
        device.set_device(arg)
    assert str(e.value).startswith(message)
    assert device.get_device() == "cpu"


def test_device_guard():
    with device.device_guard("cpu"):
        assert device.get_device() == "cpu"
    with pytest.raises(ValueError, match="not compiled with CUDA"):
        with device.device_guard("gpu"):
            pass
    with pytest.raises(ValueError, match="'device' must be a string or an instance of a subclass of paddle.Place"):
        device.device_guard(3)


def test_accelerator_only_apis_fail_like_paddle():
    with pytest.raises(TypeError, match="^device should be gpu, xpu, $"):
        device.synchronize()
    with pytest.raises(RuntimeError, match=r"^\(Unavailable\) Paddle is not compiled with CUDA. Cannot visit device "
                                           "synchronize.$"):
        device.cuda.synchronize()
    # purepaddle answers the memory queries for its CPU tensors (tests/core/test_memory.py), where Paddle's
    # CPU build raises; CUDA-only queries still raise as Paddle does
    with pytest.raises(ValueError) as e:
        device.cuda.memory_reserved()
    assert str(e.value) == ("The API paddle.device.cuda.memory_reserved is not supported in CPU-only PaddlePaddle. "
                            "Please reinstall PaddlePaddle with GPU or custom device support to call this API.")
    with pytest.raises(ValueError, match="paddle.device.cuda.get_device_properties is not supported"):
        device.cuda.get_device_name()
    assert device.cuda.empty_cache() is None and device.empty_cache() is None
