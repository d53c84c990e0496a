"""Memory: paddle.device memory queries on purepaddle's tensors, estimate_memory against a measured peak,
and the out-of-memory report."""
import tracemalloc

import numpy as np
import pytest

import purepaddle as paddle
from purepaddle._core.op import OP_RAN
from purepaddle.device import memory as _mem


@pytest.fixture(autouse=True)
def no_tracking():
    yield
    _mem.stop_tracking()


def test_memory_allocated_counts_live_tensor_bytes():
    before = paddle.device.memory_allocated()
    x = paddle.ones([256, 128])
    view = x.reshape([128, 256])  # shares x's buffer: counted once
    assert paddle.device.memory_allocated() - before == 256 * 128 * 4
    assert paddle.device.cpu.memory_allocated() == paddle.device.memory_allocated()
    del x, view
    assert paddle.device.memory_allocated() == before


def test_max_memory_allocated_sees_a_freed_temporary():
    paddle.device.reset_max_memory_allocated()
    base = paddle.device.memory_allocated()
    x = paddle.ones([512, 512])
    y = (x * 2).sum()  # x * 2 is a 1 MiB temporary freed before we ask
    del x
    peak = paddle.device.max_memory_allocated()
    assert peak - base >= 2 * 512 * 512 * 4
    assert paddle.device.memory_allocated() - base == y._data.nbytes
    paddle.device.cpu.reset_max_memory_allocated()
    assert paddle.device.cpu.max_memory_allocated() == paddle.device.memory_allocated()
    assert paddle.device.memory_reserved() >= paddle.device.memory_allocated()
    assert paddle.device.max_memory_reserved() >= paddle.device.memory_reserved() - 1


def test_tracking_is_an_op_hook_only_while_on():
    hooks = lambda: OP_RAN.active or ()  # noqa: E731
    assert _mem._memory_hook not in hooks()
    paddle.device.reset_max_memory_allocated()
    assert _mem._memory_hook in hooks()
    _mem.stop_tracking()
    assert _mem._memory_hook not in hooks()


def test_device_argument_is_checked():
    assert paddle.device.memory_allocated("cpu") == paddle.device.memory_allocated(paddle.CPUPlace())
    with pytest.raises(ValueError, match="not compiled with CUDA"):
        paddle.device.memory_allocated("gpu:0")
    with pytest.raises(ValueError, match=r"paddle.device.cpu.memory_allocated: device must be the CPU"):
        paddle.device.cpu.memory_allocated("gpu")
    with pytest.raises(ValueError, match="not supported in CPU-only PaddlePaddle"):
        paddle.device.cuda.max_memory_allocated()


def _mlp():
    paddle.seed(1)
    return paddle.nn.Sequential(paddle.nn.Linear(256, 512), paddle.nn.ReLU(), paddle.nn.Linear(512, 512),
                                paddle.nn.ReLU(), paddle.nn.Linear(512, 10))


@pytest.mark.parametrize("opt_name,slots", [("SGD", 0), ("Momentum", 1), ("Adam", 2), ("Adadelta", 2)])
def test_estimate_memory_within_25_percent_of_measured_peak(opt_name, slots):
    batch = 128
    tracemalloc.start()
    try:
        net = _mlp()
        opt = getattr(paddle.optimizer, opt_name)(learning_rate=0.01, parameters=net.parameters())
        est = paddle.utils.estimate_memory(net, [paddle.static.InputSpec([None, 256])], opt, batch_size=batch)
        x = paddle.randn([batch, 256])
        y = paddle.randint(0, 10, [batch, 1])
        for _ in range(2):
            loss = paddle.nn.functional.cross_entropy(net(x), y)
            loss.backward()
            opt.step()
            opt.clear_grad()
        measured = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    params = sum(p._data.nbytes for p in net.parameters())
    assert est["parameters"] == params and est["gradients"] == params
    assert est["optimizer_slots"] == slots
    scalars = 2 if opt_name == "Adam" else 0          # beta1_pow, beta2_pow
    assert est["optimizer_state"] == slots * params + scalars * 4 * len(net.parameters())
    assert est["activations"] > batch * (512 + 512) * 4  # at least the two hidden activations
    assert abs(est["peak"] - measured) <= 0.25 * measured, (est["peak"], measured)


def test_estimate_memory_scales_with_batch_and_explains():
    net = _mlp()
    small = paddle.utils.estimate_memory(net, [[None, 256]], batch_size=16)
    big = paddle.utils.estimate_memory(net, [[None, 256]], batch_size=160)
    assert big["activations"] == pytest.approx(10 * small["activations"], rel=0.01)
    assert big["parameters"] == small["parameters"]
    text = str(paddle.utils.estimate_memory(net, [[None, 256]], paddle.optimizer.Adadelta(parameters=net.parameters()),
                                            batch_size=16))
    assert "optimizer keeps 2 parameter-sized accumulator(s)" in text and "4.0x the parameters" in text
    with pytest.raises(ValueError, match="pass batch_size"):
        paddle.utils.estimate_memory(net, [[None, 256]])
    with pytest.raises(ValueError, match="batch_size must be a positive int"):
        paddle.utils.estimate_memory(net, [[None, 256]], batch_size=0)
    with pytest.raises(TypeError, match=r"input_spec\[0\] must be an InputSpec"):
        paddle.utils.estimate_memory(net, ["x"], batch_size=2)
    assert not paddle.in_dynamic_mode() is False  # the trace leaves dynamic mode on


def test_out_of_memory_names_op_bytes_holdings_and_remedies():
    keep = paddle.nn.Linear(64, 64)
    with pytest.raises(MemoryError) as e:
        paddle.ones([10 ** 6, 10 ** 6])
    msg = str(e.value)
    assert msg.startswith("(ResourceExhausted) Out of memory: op 'fill_constant' failed")
    assert "asked for 3725.29 GB (4000000000000 bytes) for an array of shape [1000000, 1000000]" in msg
    assert "purepaddle tensors hold" in msg and "parameters" in msg and "largest: " in msg and keep.weight.size
    assert "smaller batch_size" in msg and "recompute" in msg and "sort variable-length samples" in msg
    a = paddle.ones([2])
    with pytest.raises(MemoryError, match="Out of memory: op 'tile'"):
        paddle.tile(a, [10 ** 12])
    np.testing.assert_array_equal(a.numpy(), [1, 1])
