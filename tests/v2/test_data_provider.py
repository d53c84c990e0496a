"""PyDataProvider2's @provider (seed FAQ 002 section 1-2, PADDLE_REFERENCE F row 77): asynchronous loading into a
shuffle pool (smaller pool: less memory, less shuffling), CACHE_PASS_IN_MEM, init_hook, dict samples."""
import threading
import time
import tracemalloc

import numpy as np
import pytest

import purepaddle.v2 as paddle
from purepaddle.trainer.PyDataProvider2 import (CacheType, dense_vector, integer_value, provider,
                                                 sparse_binary_vector)

N, WIDTH = 400, 2000


def _numbered(pool_size, min_pool_size=-1, calls=None, **kwargs):
    @provider(input_types={"x": dense_vector(WIDTH), "i": integer_value(N)}, pool_size=pool_size,
              min_pool_size=min_pool_size, **kwargs)
    def process(settings, filename):
        if calls is not None:
            calls.append(filename)
        for i in range(N):
            yield {"x": np.full(WIDTH, i, "float32"), "i": i}
    return process


def _one_pass(reader):
    tracemalloc.start()
    try:
        order = [s[1] for s in reader()]
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return order, peak


def test_smaller_pool_uses_less_memory_and_shuffles_less():
    small, big = _numbered(pool_size=8).reader(["f"], seed=1), _numbered(pool_size=N).reader(["f"], seed=1)
    order_s, peak_s = _one_pass(small)
    order_b, peak_b = _one_pass(big)
    assert sorted(order_s) == sorted(order_b) == list(range(N))  # every sample once
    sample = WIDTH * 4
    assert small.peak_pool == 8 and big.peak_pool == N
    assert peak_s < 20 * sample < N * sample <= peak_b  # memory follows the pool size
    # shuffling: how far samples move from their place in the file
    disp_s = np.abs(np.array(order_s) - np.arange(N)).mean()
    disp_b = np.abs(np.array(order_b) - np.arange(N)).mean()
    assert disp_s < 10 < 100 < disp_b, (disp_s, disp_b)
    # with min_pool_size == pool_size every draw picks from a full pool: the order is the seed's
    assert _one_pass(_numbered(pool_size=8).reader(["f"], seed=1))[0] == order_s


def test_no_shuffle_for_test_data_by_default_and_min_pool_size_zero():
    prov = _numbered(pool_size=16, min_pool_size=0)
    assert [s[1] for s in prov.reader(["f"], is_train=False)()] == list(range(N))
    assert prov.reader(["f"]).settings.should_shuffle is True
    fixed = _numbered(pool_size=16, should_shuffle=False)
    assert [s[1] for s in fixed.reader(["f"])()] == list(range(N))


def test_cache_pass_in_mem_reads_the_data_once():
    calls = []
    reader = _numbered(pool_size=50, calls=calls, cache=CacheType.CACHE_PASS_IN_MEM).reader(["a", "b"], seed=0)
    passes = [[s[1] for s in reader()] for _ in range(3)]
    assert calls == ["a", "b"] and reader.generator_calls == 2
    assert all(sorted(p) == sorted(list(range(N)) * 2) for p in passes)
    assert passes[1] != passes[2]  # the replayed passes are shuffled again
    calls.clear()
    plain = _numbered(pool_size=50, calls=calls).reader(["a"])
    for _ in range(3):
        list(plain())
    assert calls == ["a"] * 3


def test_an_unfinished_first_pass_is_not_cached():
    calls = []
    reader = _numbered(pool_size=4, calls=calls, cache=CacheType.CACHE_PASS_IN_MEM).reader(["a"])
    it = reader()
    next(it)
    it.close()  # the loader thread stops too
    assert len([s for s in reader()]) == N and reader.generator_calls == 2
    list(reader())
    assert reader.generator_calls == 2


def test_loader_runs_ahead_in_a_thread_bounded_by_the_pool():
    started = threading.Event()

    @provider(input_types=[integer_value(100)], pool_size=5, min_pool_size=1, should_shuffle=False)
    def process(settings, filename):
        started.set()
        for i in range(100):
            yield i
    reader = process.reader(["f"])
    it = reader()
    assert next(it) == (0,) and started.is_set()
    for _ in range(100):  # while the consumer waits, the loader fills the pool, and stops there
        if reader.peak_pool == 5:
            break
        time.sleep(0.02)
    time.sleep(0.05)
    assert reader.peak_pool == 5
    assert list(it) == [(i,) for i in range(1, 100)]


def test_init_hook_sets_input_types_and_bad_samples():
    seen = {}

    def hook(settings, dict_size, file_list, is_train, **kwargs):
        seen.update(file_list=file_list, is_train=is_train)
        settings.input_types = [sparse_binary_vector(dict_size), integer_value(2)]
        settings.dict_size = dict_size

    @provider(init_hook=hook, min_pool_size=0, check=True, check_fail_continue=True, should_shuffle=False)
    def process(settings, filename):
        yield [1, settings.dict_size - 1], 0
        yield [settings.dict_size], 1  # out of range: skipped under check_fail_continue
        yield [0], 1
    reader = process.reader(["x.txt"], is_train=True, dict_size=10)
    assert seen == {"file_list": ["x.txt"], "is_train": True}
    assert list(reader()) == [([1, 9], 0), ([0], 1)]
    assert reader.feeding() is None

    @provider(input_types=[integer_value(3)])
    def broken(settings, filename):
        yield 1
        raise OSError("disk gone")
    with pytest.raises(OSError, match="disk gone"):
        list(broken.reader(["f"])())
    with pytest.raises(TypeError, match="input_types"):
        provider(input_types="dense")


def test_provider_feeds_the_v2_trainer():
    @provider(input_types={"label": integer_value(2), "x": dense_vector(2)}, pool_size=32,
              cache=CacheType.CACHE_PASS_IN_MEM)
    def process(settings, filename):
        rng = np.random.RandomState(0)
        for _ in range(64):
            v = rng.randn(2).astype("float32")
            yield {"x": v, "label": int(v.sum() > 0)}
    reader = process.reader(["mem"], seed=3)
    x = paddle.layer.data(name="x", type=paddle.data_type.dense_vector(2))
    lbl = paddle.layer.data(name="label", type=paddle.data_type.integer_value(2))
    prob = paddle.layer.fc(input=x, size=2, act=paddle.activation.Softmax())
    cost = paddle.layer.classification_cost(input=prob, label=lbl)
    params = paddle.parameters.create(cost)
    errs = []
    paddle.trainer.SGD(cost, params, paddle.optimizer.Adam(learning_rate=0.05)).train(
        paddle.batch(reader, 16), 10, feeding=reader.feeding(),
        event_handler=lambda e: isinstance(e, paddle.event.EndPass) and errs.append(
            e.metrics["classification_error_evaluator"]))
    assert reader.generator_calls == 1 and errs[-1] < 0.1
