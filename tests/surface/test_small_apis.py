"""The small top-level APIs of issue 16 against what real Paddle printed and returned (tests/fixtures/surface/
surface.json, written by make_surface_fixtures.py): paddle.flops, utils.run_check, constants, dtype aliases,
version answers; and purepaddle's own rules: the declared exclusions, dlpack, try_import, deprecated, the nn
PyTorch-spelled names, paddle.special / paddle.functional / paddle.random."""
import contextlib
import io
import json
import math
import warnings

import numpy as np
import pytest

import purepaddle as paddle
import purepaddle.nn as nn
from purepaddle._core.exclusions import EXCLUSIONS, REASONS, UnavailableFeatureError, unavailable
from tests.checkout import FIXTURES

REF = json.loads((FIXTURES / "surface" / "surface.json").read_text())


def _printed(call):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        result = call()
    return result, buf.getvalue()


@pytest.mark.parametrize("label", sorted(REF["flops"]))
def test_flops_prints_and_returns_what_paddle_does(label):
    scope = {"paddle": paddle, "nn": nn}
    exec(REF["nets"], scope)
    call = dict(scope["CASES"])[label]
    paddle.utils.unique_name.switch()
    total, out = _printed(call)
    assert total == REF["flops"][label]["total"]
    assert out == REF["flops"][label]["stdout"]


def test_flops_restores_training_mode_and_removes_its_hooks():
    net = nn.Sequential(nn.Linear(2, 3), nn.ReLU())
    net.train()
    _printed(lambda: paddle.flops(net, [1, 2]))
    assert net.training and not net[0]._buffers and not net[0]._forward_post_hooks
    with pytest.warns(UserWarning, match="must be an instance of paddle.nn.Layer"):
        assert _printed(lambda: paddle.flops(object(), [1]))[0] == -1


def test_run_check_prints_paddles_messages():
    assert _printed(paddle.utils.run_check)[1] == REF["run_check_stdout"]
    assert paddle.in_dynamic_mode()


def test_constants_dtype_aliases_version():
    for name, text in REF["constants"].items():
        assert repr(getattr(paddle, name)) == text
    for name, text in REF["dtype_aliases"].items():
        assert str(getattr(paddle, name)) == text
    assert paddle.version.hip == REF["version"]["hip"]
    for name in ("xpu_xre", "xpu_xccl", "xpu_xhpc"):
        assert getattr(paddle.version, name)() == REF["version"][name]
    assert paddle.device.xpu.device_count() == REF["xpu_device_count"]
    assert paddle.Size([2, 3]) == paddle.to_tensor(np.zeros([2, 3])).shape


def test_every_exclusion_names_its_feature_and_reason():
    for public, key in EXCLUSIONS.items():
        assert key in REASONS, public
    with pytest.raises(UnavailableFeatureError, match="native toolchain") as info:
        paddle.utils.cpp_extension.load(name="relu", sources=["relu.cc"])
    assert "paddle.autograd.PyLayer" in str(info.value) and isinstance(info.value, RuntimeError)
    with pytest.raises(UnavailableFeatureError, match=r"paddle\.device\.XPUPlace .*Kunlun XPU"):
        paddle.device.XPUPlace(0)
    with pytest.raises(UnavailableFeatureError, match="Graphcore IPU"):
        paddle.static.IpuStrategy()
    assert isinstance(paddle.XPUPinnedPlace, type)
    with pytest.raises(KeyError):
        unavailable("paddle.not_declared")
    with pytest.raises(ValueError, match="kind"):
        unavailable("paddle.utils.cpp_extension.load", "module")


def test_cpp_extension_build_directory(tmp_path, monkeypatch):
    monkeypatch.setenv("PADDLE_EXTENSION_DIR", str(tmp_path / "ext"))
    assert paddle.utils.cpp_extension.get_build_directory() == str(tmp_path / "ext")
    assert (tmp_path / "ext").is_dir()
    monkeypatch.delenv("PADDLE_EXTENSION_DIR")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert paddle.utils.cpp_extension.get_build_directory() == str(tmp_path / ".cache" / "paddle_extensions")


def test_dlpack_round_trip_shares_memory():
    x = paddle.to_tensor([[0.5, 1.5], [2.5, 3.5]])
    y = paddle.utils.dlpack.from_dlpack(paddle.utils.dlpack.to_dlpack(x))
    assert y.dtype == paddle.float32 and y.stop_gradient and y.numpy().tolist() == x.numpy().tolist()
    y[0, 0] = 10.0  # shared, as in Paddle's example
    assert float(x[0, 0]) == 10.0
    a = np.arange(4, dtype=np.int32)
    z = paddle.from_dlpack(a)
    a[0] = 9
    assert z.dtype == paddle.int32 and int(z[0]) == 9  # no copy
    with pytest.raises(TypeError, match="to_dlpack"):
        paddle.to_dlpack(np.ones(2))
    with pytest.raises(TypeError, match="from_dlpack"):
        paddle.from_dlpack(3)


def test_try_import():
    assert paddle.utils.try_import("json").dumps([1]) == "[1]"
    if _absent("cv2"):
        with pytest.raises(ImportError, match="pip install opencv-python"):
            paddle.utils.try_import("cv2")
    with pytest.raises(ImportError, match="pip install no_such_pkg_x"):
        paddle.utils.try_import("no_such_pkg_x.sub")
    with pytest.raises(ImportError, match="^custom$"):
        paddle.utils.try_import("no_such_pkg_x", err_msg="custom")


def _absent(name):
    import importlib.util
    return importlib.util.find_spec(name) is None


def test_deprecated_levels():
    @paddle.utils.deprecated(update_to="paddle.add", since="2.0", reason="renamed")
    def quiet(x):
        """Adds one."""
        return x + 1

    assert quiet(1) == 2 and quiet.__doc__.startswith("\n\nWarning:\n    API ")
    assert 'Please use "paddle.add" instead.\n    Reason: renamed' in quiet.__doc__

    @paddle.utils.deprecated(since="99.0", level=1)
    def future(x):
        return x

    @paddle.utils.deprecated(level=1)
    def loud(x):
        return x

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert future(3) == 3 and loud(4) == 4
    assert len(caught) == 1 and "is deprecated, and will be removed" in str(caught[0].message)

    @paddle.utils.deprecated(level=2)
    def gone():
        pass

    with pytest.raises(RuntimeError, match="has been deprecated"):
        gone()
    with pytest.raises(AssertionError, match='must start with "paddle."'):
        paddle.utils.deprecated(update_to="torch.add")(lambda: 0)


def test_torch_spelled_nn_names_are_the_same_classes():
    assert nn.Conv2d is nn.Conv2D and nn.Module is nn.Layer and nn.ModuleList is nn.LayerList
    assert nn.ReplicationPad3d is nn.ReplicationPad3D and nn.Parameter is paddle.Parameter


def test_special_functional_random():
    x = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
    assert paddle.special.logsumexp is paddle.logsumexp and paddle.functional.split is paddle.split
    np.testing.assert_allclose(paddle.special.softmax(x, dim=1).numpy().sum(1), [1.0, 1.0], rtol=1e-6)
    paddle.seed(1234)
    assert paddle.random.initial_seed() == 1234
    assert math.isnan(paddle.nan) and paddle.newaxis is None


def test_typed_tensor_constructors():
    assert paddle.FloatTensor([1, 2]).dtype == paddle.float32 and paddle.LongTensor([1]).dtype == paddle.int64
    assert paddle.DoubleTensor(2, 3).shape == [2, 3] and paddle.BoolTensor().shape == [0]
    assert paddle.HalfTensor(np.ones(2)).dtype == paddle.float16
    assert not isinstance(paddle.to_tensor([1.0]), paddle.FloatTensor)
    assert paddle.device.IntTensor is paddle.IntTensor is paddle.cuda.IntTensor


def test_device_and_cuda_queries_on_this_machine():
    state = paddle.device.get_rng_state()
    a = paddle.rand([3])
    paddle.device.set_rng_state(state)
    assert bool((paddle.rand([3]) == a).all())
    paddle.cuda.manual_seed_all(3)
    assert paddle.random.initial_seed() == 3
    with paddle.device.device("cpu"):
        assert str(paddle.ones([1]).place) == "Place(cpu)"
    with paddle.device.device():
        pass
    assert paddle.device.is_bf16_supported() is False and paddle.device.is_current_stream_capturing() is False
    if not paddle.cuda.is_available():
        assert paddle.cuda.device_count() == 0 and paddle.cuda.current_device() == 0
        with pytest.raises(ValueError, match="Expected a cuda device"):
            paddle.cuda.mem_get_info()
    for stub in (paddle.cuda.Stream, paddle.device.Event, paddle.device.cuda.stream_guard):
        with pytest.raises(UnavailableFeatureError, match="CUDA streams"):
            stub()


def test_sdpa_kernel_backends():
    from purepaddle.nn.attention import SDPBackend, sdpa_kernel
    q = paddle.rand([1, 2, 4, 8])
    sdpa = paddle.nn.functional.scaled_dot_product_attention
    with sdpa_kernel([SDPBackend.FLASH_ATTENTION, SDPBackend.MATH]):
        assert sdpa(q, q, q).shape == [1, 2, 4, 8]
    for only in (SDPBackend.EFFICIENT_ATTENTION, SDPBackend.ERROR):
        with sdpa_kernel(only), pytest.raises(RuntimeError, match="No available backend"):
            sdpa(q, q, q)
    assert sdpa(q, q, q).shape == [1, 2, 4, 8]  # the block's choice ends with it
    with pytest.raises(AssertionError, match="instance of SDPBackend"):
        with sdpa_kernel("math"):
            pass
    with pytest.raises(ValueError, match="At least one backend"):
        with sdpa_kernel([]):
            pass
    assert SDPBackend.MATH == 0 and str(SDPBackend.EFFICIENT_ATTENTION) == "2"


def test_static_device_guard_and_quant_stub():
    paddle.enable_static()
    try:
        for ok in (None, "", "cpu", "gpu", "gpu:0", "xpu"):
            with paddle.static.device_guard(ok):
                pass
        with pytest.raises(ValueError, match="But received tpu"):
            with paddle.static.device_guard("tpu"):
                pass
        with pytest.raises(ValueError, match="Should not set device id for cpu."):
            with paddle.static.device_guard("cpu:1"):
                pass
    finally:
        paddle.disable_static()
    stub = paddle.nn.quant.Stub()
    x = paddle.ones([2])
    assert stub(x) is x and not stub.state_dict()
    with pytest.raises(UnavailableFeatureError, match="NVIDIA GPUs only"):
        paddle.nn.quant.weight_only_linear(x, x)
