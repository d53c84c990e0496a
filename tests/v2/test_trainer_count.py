"""paddle.init(use_gpu=False, trainer_count=N) (PADDLE_REFERENCE F row 79): N threads split each batch and
their gradients are merged, equal to one thread on the whole batch; use_gpu/gpu_id without a GPU fail clearly."""
import threading

import numpy as np
import pytest

import purepaddle
import purepaddle.v2 as paddle
from purepaddle.v2 import trainer as trainer_mod


def _classifier():
    purepaddle.seed(5)
    x = paddle.layer.data(name="x", type=paddle.data_type.dense_vector(6))
    words = paddle.layer.data(name="w", type=paddle.data_type.sparse_binary_vector(40))
    lbl = paddle.layer.data(name="l", type=paddle.data_type.integer_value(3))
    h = paddle.layer.fc(input=[x, words], size=8, name="h")
    prob = paddle.layer.fc(input=h, size=3, act=paddle.activation.Softmax(), name="prob")
    return paddle.layer.classification_cost(input=prob, label=lbl)


def _data(n=37):
    rng = np.random.RandomState(1)
    return [(rng.randn(6).astype("float32"), rng.choice(40, 3, replace=False).tolist(), int(rng.randint(3)))
            for _ in range(n)]


def _run(count, seen=None):
    paddle.init(use_gpu=False, trainer_count=count)
    try:
        cost = _classifier()
        params = paddle.parameters.create(cost)
        outs, costs = [], []

        def handler(e):
            if isinstance(e, paddle.event.EndForwardBackward):
                got = e.gm.getLayerOutputs(["prob", "w"])  # "w": the sparse slot, densified on request
                outs.append(got["prob"]["value"])
                assert got["w"]["value"].shape == (len(outs[-1]), 40) and got["w"]["value"].sum() == 3 * len(outs[-1])
            if isinstance(e, paddle.event.EndIteration):
                costs.append(e.cost)
        data = _data()
        paddle.trainer.SGD(cost, params, paddle.optimizer.Adam(learning_rate=0.01)).train(
            paddle.batch(lambda: iter(data), 10), 2, handler)
    finally:
        paddle.init(use_gpu=False, trainer_count=1)
    return params, outs, costs


@pytest.mark.parametrize("count", [2, 3])
def test_threads_equal_one_thread(count, monkeypatch):
    names = set()
    real = trainer_mod.SGD._run_part

    def spy(self, part, feeding):
        names.add(threading.current_thread().name)
        return real(self, part, feeding)
    monkeypatch.setattr(trainer_mod.SGD, "_run_part", spy)
    p1, o1, c1 = _run(1)
    assert names == {threading.main_thread().name}
    names.clear()
    pn, on, cn = _run(count)
    assert names == {f"v2-trainer-{i}" for i in range(count)}
    for k in p1.keys():
        np.testing.assert_allclose(pn.get(k), p1.get(k), rtol=1e-5, atol=1e-6, err_msg=k)
    assert [o.shape for o in on] == [o.shape for o in o1] == [(10, 3)] * 3 + [(7, 3)] + [(10, 3)] * 3 + [(7, 3)]
    np.testing.assert_allclose(np.concatenate(on), np.concatenate(o1), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(cn, c1, rtol=1e-5)


def test_more_threads_than_samples_and_errors_in_threads():
    assert [len(p) for p in trainer_mod._split(list(range(2)), 4)] == [1, 1]
    assert [len(p) for p in trainer_mod._split(list(range(10)), 3)] == [3, 3, 4]
    paddle.init(use_gpu=False, trainer_count=2)
    try:
        cost = _classifier()
        params = paddle.parameters.create(cost)
        bad = [(np.zeros(6, "float32"), [1], 7)] * 4  # label out of range: raised from a trainer thread
        with pytest.raises(ValueError, match="integer_value"):
            paddle.trainer.SGD(cost, params, paddle.optimizer.Adam()).train(lambda: iter([bad]), 1)
    finally:
        paddle.init(use_gpu=False, trainer_count=1)


def test_init_arguments():
    with pytest.raises(ValueError, match="trainer_count must be >= 1"):
        paddle.init(use_gpu=False, trainer_count=0)
    paddle.init(use_gpu="false", trainer_count=1, gpu_id=3)  # gpu_id is ignored on the CPU, as before
    from purepaddle.v2.runtime import RUNTIME
    assert RUNTIME.use_gpu is False and RUNTIME.trainer_count == 1


@pytest.mark.skipif(purepaddle.device.cuda.device_count() > 0, reason="checks the machine without a GPU")
def test_use_gpu_without_gpu_is_a_clear_error(monkeypatch):
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "2,3")
    with pytest.raises(RuntimeError, match=r"use_gpu=True \(gpu_id=2\), but this machine has no GPU .*"
                                           r"CUDA_VISIBLE_DEVICES='2,3'.*use_gpu=False"):
        paddle.init(use_gpu=True, trainer_count=2, gpu_id=2)
    from purepaddle.v2.runtime import RUNTIME
    assert RUNTIME.use_gpu is False
