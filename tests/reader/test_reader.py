"""paddle.reader's decorators and paddle.batch (behaviour as Paddle 3.3.1's pure-Python ones: the same sample
order, Python's random for shuffle, the same errors)."""
import random

import numpy as np
import pytest

import purepaddle as paddle


def counting(n):
    return lambda: iter(range(n))


def test_batch():
    assert list(paddle.batch(counting(5), 2)()) == [[0, 1], [2, 3], [4]]
    assert list(paddle.batch(counting(5), 2, drop_last=True)()) == [[0, 1], [2, 3]]
    assert list(paddle.batch(counting(4), "2")()) == [[0, 1], [2, 3]]
    with pytest.raises(ValueError, match="batch_size should be a positive integer value, but got batch_size=0"):
        paddle.batch(counting(3), 0)


def test_shuffle_uses_pythons_random_per_window():
    random.seed(5)
    got = list(paddle.reader.shuffle(counting(10), 4)())
    random.seed(5)
    want = []
    for window in ([0, 1, 2, 3], [4, 5, 6, 7], [8, 9]):
        random.shuffle(window)
        want += window
    assert got == want


def test_compose_chain_map_firstn_cache_buffered():
    r = paddle.reader.compose(counting(3), lambda: iter([(10, 11), (12, 13), (14, 15)]))
    assert list(r()) == [(0, 10, 11), (1, 12, 13), (2, 14, 15)]
    with pytest.raises(paddle.reader.ComposeNotAligned, match="not aligned"):
        list(paddle.reader.compose(counting(3), counting(2))())
    assert list(paddle.reader.compose(counting(3), counting(2), check_alignment=False)()) == [(0, 0), (1, 1)]
    assert list(paddle.reader.chain(counting(2), counting(3))()) == [0, 1, 0, 1, 2]
    assert list(paddle.reader.map_readers(lambda a, b: a * b, counting(3), counting(4))()) == [0, 1, 4]
    assert list(paddle.reader.firstn(counting(10), 3)()) == [0, 1, 2]
    calls = []

    def once():
        calls.append(1)
        return iter([np.ones(2), np.zeros(2)])
    cached = paddle.reader.cache(once)
    assert len(list(cached())) == 2 and len(list(cached())) == 2 and len(calls) == 1
    assert list(paddle.reader.buffered(counting(50), 3)()) == list(range(50))


def test_xmap_readers():
    r = paddle.reader.xmap_readers(lambda x: x + 100, counting(30), 4, 5, order=True)
    assert list(r()) == [x + 100 for x in range(30)]
    r = paddle.reader.xmap_readers(lambda x: x * 2, counting(30), 3, 5)
    assert sorted(r()) == [x * 2 for x in range(30)]


@pytest.mark.parametrize("use_pipe", [True, False])
def test_multiprocess_reader(use_pipe):
    r = paddle.reader.multiprocess_reader([lambda: iter([(1, 2), (3, 4)]), lambda: iter([(5, 6)])], use_pipe)
    got = list(r())
    # through the pipe samples are JSON (tuples come back as lists); the queue pickles them
    want = [[1, 2], [3, 4], [5, 6]] if use_pipe else [(1, 2), (3, 4), (5, 6)]
    assert sorted(got) == want
    with pytest.raises(AssertionError, match="must be list or tuple"):
        paddle.reader.multiprocess_reader(lambda: iter([1]))
