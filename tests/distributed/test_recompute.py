"""paddle.distributed.fleet.utils.recompute: same gradients as without it, measurably less peak memory."""
import tracemalloc

import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.distributed.fleet.recompute import recompute_sequential
from purepaddle.distributed.fleet.utils import recompute


def _blocks(n=4, width=32, dtype="float32"):
    paddle.seed(0)
    blocks = [paddle.nn.Sequential(paddle.nn.Linear(width, width), paddle.nn.GELU(), paddle.nn.Dropout(0.3),
                                   paddle.nn.Linear(width, width), paddle.nn.Tanh()) for _ in range(n)]
    if dtype != "float32":
        for b in blocks:
            b.to(dtype=dtype)
    return blocks


def _run(blocks, x, mode, upstream=None):
    params = [p for b in blocks for p in b.parameters()]
    for p in params:
        p.clear_gradient(False)
    x = x.detach()
    x.stop_gradient = False
    paddle.seed(42)  # the dropout masks: the same draws in every mode
    h = x
    for b in blocks:
        h = b(h) if mode == "plain" else recompute(b, h, use_reentrant=(mode == "reentrant"))
    out = h if upstream is None else h * upstream
    out.sum().backward()
    return [x.grad.numpy()] + [p.grad.numpy() for p in params], h.numpy()


@pytest.mark.parametrize("mode", ["reentrant", "hooks"])
def test_same_gradients_as_without_recompute(mode):
    blocks = _blocks(dtype="float64")
    rng = np.random.default_rng(0)
    x = paddle.to_tensor(rng.standard_normal((5, 32)))
    up = paddle.to_tensor(rng.standard_normal((5, 32)))  # a random upstream gradient
    want, out_plain = _run(blocks, x, "plain", up)
    got, out = _run(blocks, x, mode, up)
    np.testing.assert_array_equal(out, out_plain)  # dropout drew the same masks
    for a, b in zip(got, want):
        np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-12)


def test_recomputed_gradient_matches_finite_differences():
    paddle.seed(1)
    lin = paddle.nn.Linear(3, 2)
    lin.to(dtype="float64")
    rng = np.random.default_rng(2)
    xa, up = rng.standard_normal((4, 3)), rng.standard_normal((4, 2))

    def f(xv):
        x = paddle.to_tensor(xv)
        x.stop_gradient = False
        y = recompute(lambda t: paddle.tanh(lin(t)) ** 2, x)
        return x, (y * paddle.to_tensor(up)).sum()

    x, loss = f(xa)
    loss.backward()
    num = np.zeros_like(xa)
    eps = 1e-6
    for i in np.ndindex(xa.shape):
        d = np.zeros_like(xa)
        d[i] = eps
        num[i] = (float(f(xa + d)[1]) - float(f(xa - d)[1])) / (2 * eps)
    np.testing.assert_allclose(x.grad.numpy(), num, rtol=1e-6, atol=1e-8)


@pytest.mark.parametrize("mode", ["reentrant", "hooks"])
def test_peak_memory_is_lower(mode):
    blocks = _blocks(n=6, width=128)  # activations (1024 rows) outweigh the parameters' gradients
    x = paddle.rand([1024, 128])
    peaks = {}
    for m in ("plain", mode):
        _run(blocks, x, m)  # warm up (accumulators, caches)
        tracemalloc.start()
        _run(blocks, x, m)
        peaks[m] = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    assert peaks[mode] < 0.75 * peaks["plain"], peaks


def test_block_runs_again_in_backward_only_when_needed():
    calls = []
    lin = paddle.nn.Linear(2, 2)

    def block(t, scale=1.0):
        calls.append(1)
        return lin(t) * scale

    x = paddle.ones([1, 2])
    x.stop_gradient = False
    y = recompute(block, x, 2.0)
    assert len(calls) == 1
    y.sum().backward()
    assert len(calls) == 2 and lin.weight.grad is not None
    np.testing.assert_allclose(lin.bias.grad.numpy(), [2.0, 2.0])
    z = recompute(block, x, use_reentrant=False, scale=3.0)  # keyword arguments: the hooks form
    z.sum().backward()
    assert len(calls) == 4


def test_recompute_keeps_the_auto_cast_of_the_forward(cpu_amp):
    blocks = _blocks(n=2, width=16)
    x = paddle.rand([4, 16])
    x.stop_gradient = False
    grads = []
    for use in (False, True):
        for b in blocks:
            b.clear_gradients()
        x.clear_gradient(False)
        paddle.seed(3)
        with paddle.amp.auto_cast():
            h = x
            for b in blocks:
                h = recompute(b, h) if use else b(h)
        assert h.dtype == paddle.float16  # the blocks' last op (tanh) follows its float16 input
        h.astype("float32").sum().backward()  # backward outside the block: the re-run still auto-casts
        grads.append([p.grad.numpy() for b in blocks for p in b.parameters()])
    for a, b in zip(*grads):
        np.testing.assert_array_equal(a, b)


def test_errors_and_aliases():
    import purepaddle.distributed.fleet as fleet
    assert fleet.recompute.recompute is recompute and fleet.utils.recompute is recompute
    lin = paddle.nn.Linear(2, 2)
    with pytest.warns(UserWarning, match="None of the inputs to current recompute block need grad"):
        recompute(lin, paddle.ones([1, 2]))

    def kw_only(t, *, scale):
        return t * scale

    x = paddle.ones([1, 2])
    x.stop_gradient = False
    with pytest.raises(ValueError, match="keyword-only arguments are not supported"):
        recompute(kw_only, x, scale=2.0)
    with pytest.raises(ValueError, match="tuple containing tensor and non-tensor"):
        recompute(lambda t: t[0] * 2, (x, 1))


def test_recompute_sequential_segments():
    paddle.seed(5)
    model = paddle.nn.Sequential(*[paddle.nn.Linear(4, 4) for _ in range(4)])
    x = paddle.rand([3, 4])
    x.stop_gradient = False
    model(x).sum().backward()
    want = [p.grad.numpy().copy() for p in model.parameters()]
    model.clear_gradients()
    recompute_sequential({"segments": 2}, model, x).sum().backward()
    for p, w in zip(model.parameters(), want):
        np.testing.assert_allclose(p.grad.numpy(), w, rtol=1e-6)
