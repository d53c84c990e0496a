"""paddle.io.DataLoader: batching, worker processes (order, shared memory, errors, crashes, leaks)."""
import math
import os
import signal
import sys
import time

import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.io import BatchSampler, DataLoader, Dataset, IterableDataset, get_worker_info

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="worker processes need fork (Linux)")


def children():
    """Live child processes of this process (from /proc, so nothing is reaped or hidden)."""
    me, out = os.getpid(), set()
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                with open(f"/proc/{pid}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == me and fields[0] != "Z":
                out.add(int(pid))
    return out


def shm_files():
    try:
        return [n for n in os.listdir("/dev/shm") if n.startswith(f"purepaddle_{os.getpid()}_")]
    except OSError:
        return []


class Samples(Dataset):
    """Sample i: (float32 image filled with i, int label i, a dict with a string)."""

    def __init__(self, n=10, shape=(3,), jitter=False):
        self.n, self.shape, self.jitter = n, shape, jitter

    def __getitem__(self, i):
        if self.jitter:  # finish out of order across workers
            time.sleep(0.004 * ((i * 7) % 3))
        return np.full(self.shape, i, "float32"), i, {"name": f"s{i}", "w": np.float64(i) * np.ones(1)}

    def __len__(self):
        return self.n


class Split(IterableDataset):
    def __init__(self, start, end):
        self.start, self.end = start, end

    def __iter__(self):
        info = get_worker_info()
        lo, hi = self.start, self.end
        if info is not None:
            per = int(math.ceil((hi - lo) / info.num_workers))
            lo = self.start + info.id * per
            hi = min(lo + per, self.end)
        for i in range(lo, hi):
            yield np.array([i])


def flat(batches):
    return [v for b in batches for v in b[1].tolist()]


# -- main process -----------------------------------------------------------------------------------------
def test_batches_are_lists_of_tensors():
    loader = DataLoader(Samples(10), batch_size=4)
    assert len(loader) == 3
    batches = list(loader)
    img, label, extra = batches[0]
    assert isinstance(img, paddle.Tensor) and img.shape == [4, 3] and img.dtype == paddle.float32
    assert label.dtype == paddle.int64 and label.tolist() == [0, 1, 2, 3] and label.stop_gradient
    assert extra["name"] == ["s0", "s1", "s2", "s3"] and extra["w"].shape == [4, 1]
    assert batches[-1][1].tolist() == [8, 9]
    img._data[...] = 1  # batches are writable
    assert len(list(DataLoader(Samples(10), batch_size=4, drop_last=True))) == 2
    assert sorted(flat(DataLoader(Samples(10), batch_size=4, shuffle=True))) == list(range(10))
    unbatched = list(DataLoader(Samples(3), batch_size=None))  # no collation: numbers stay numbers
    assert [b[1] for b in unbatched] == [0, 1, 2] and unbatched[2][0].tolist() == [2.0, 2.0, 2.0]
    assert flat(DataLoader(Samples(5), batch_sampler=BatchSampler(sampler=[4, 0, 2], batch_size=2))) == [4, 0, 2]
    custom = DataLoader(Samples(4), batch_size=2, collate_fn=lambda b: np.array([s[1] for s in b]))
    assert [t.tolist() for t in custom()] == [[0, 1], [2, 3]]


def test_iterable_dataset_in_main_process():
    out = [t.tolist() for t in DataLoader(Split(0, 5), batch_size=2)]
    assert out == [[[0], [1]], [[2], [3]], [[4]]]
    assert len([t for t in DataLoader(Split(0, 5), batch_size=2, drop_last=True)]) == 2
    with pytest.raises(ValueError, match="length of IterableDataset not supported"):
        len(DataLoader(Split(0, 5)))
    with pytest.raises(ValueError, match="IterableDataset not support shuffle, but got shuffle=True"):
        DataLoader(Split(0, 5), shuffle=True)
    with pytest.raises(ValueError, match="IterableDataset expect unspecified batch_sampler"):
        DataLoader(Split(0, 5), batch_sampler=[[0]])


def test_argument_checks():
    with pytest.raises(AssertionError, match="num_workers should be a non-negative value"):
        DataLoader(Samples(), num_workers=-1)
    with pytest.raises(AssertionError, match="batch_size/shuffle/drop_last should not be set when batch_sampler"):
        DataLoader(Samples(), batch_sampler=BatchSampler(dataset=Samples()), batch_size=2)
    with pytest.raises(AssertionError, match="timeout should be a non-negative value"):
        DataLoader(Samples(), timeout=-1)
    with pytest.raises(AssertionError, match="prefetch_factor should be a positive value"):
        DataLoader(Samples(), prefetch_factor=0)


def test_errors_in_main_process_propagate_unchanged():
    class Bad(Samples):
        def __getitem__(self, i):
            raise KeyError(i)

    with pytest.raises(KeyError):
        next(iter(DataLoader(Bad(), batch_size=2)))


def test_static_mode_feeds(static_mode):
    x = paddle.static.data("x", [None, 3], "float32")
    y = paddle.static.data("y", [None], "int64")
    loader = DataLoader(Samples(4), feed_list=[x, y], return_list=False, batch_size=2,
                        collate_fn=lambda b: [np.stack([s[0] for s in b]), np.array([s[1] for s in b])])
    feeds = list(loader)
    assert len(feeds) == 2 and isinstance(feeds[0], list) and set(feeds[0][0]) == {"x", "y"}
    assert np.array(feeds[1][0]["y"]).tolist() == [2, 3]


# -- worker processes -------------------------------------------------------------------------------------
@linux_only
def test_workers_keep_order_and_match_single_process():
    before = children()
    ref = list(DataLoader(Samples(23, jitter=True), batch_size=3))
    got = list(DataLoader(Samples(23, jitter=True), batch_size=3, num_workers=2, prefetch_factor=3))
    assert len(got) == len(ref) == 8
    for a, b in zip(ref, got):
        np.testing.assert_array_equal(a[0].numpy(), b[0].numpy())
        assert a[1].tolist() == b[1].tolist() and a[2]["name"] == b[2]["name"]
        assert b[1].dtype == paddle.int64 and b[2]["w"].dtype == paddle.float64
    unbatched = [b[1] for b in DataLoader(Samples(5), batch_size=None, num_workers=2)]
    assert unbatched == [0, 1, 2, 3, 4]
    assert children() == before and shm_files() == []


@linux_only
def test_big_batches_travel_through_shared_memory(monkeypatch):
    import mmap

    from purepaddle.io.dataloader import transport
    kinds, receive = [], transport.receive

    def spy(payload, arena, fd_sock, keep=True):
        kinds.append(payload[0])
        return receive(payload, arena, fd_sock, keep)

    monkeypatch.setattr(transport, "receive", spy)
    ds = Samples(6, shape=(128, 128))
    ref = list(DataLoader(ds, batch_size=3))
    batches = list(DataLoader(ds, batch_size=3, num_workers=2))
    assert set(kinds) == {"ring"}  # arrays copied through the workers' shared arenas, not pickled
    np.testing.assert_array_equal(batches[1][0].numpy(), ref[1][0].numpy())
    batches[0][0]._data[...] = -1  # owned and writable
    kinds.clear()
    monkeypatch.setattr(transport, "ARENA_BYTES", 1 << 16)  # too small: big batches go through memory files
    big = list(DataLoader(ds, batch_size=3, num_workers=2))
    assert set(kinds) == {"fd"} and isinstance(big[0][0]._data.base, mmap.mmap)  # mapped, zero-copy
    np.testing.assert_array_equal(big[1][0].numpy(), ref[1][0].numpy())
    kinds.clear()
    plain = list(DataLoader(ds, batch_size=3, num_workers=2, use_shared_memory=False))
    assert set(kinds) == {"inline"}
    np.testing.assert_array_equal(plain[1][0].numpy(), ref[1][0].numpy())
    assert shm_files() == []


@linux_only
def test_iterable_dataset_with_workers():
    got = [int(t) for t in DataLoader(Split(2, 9), num_workers=2, batch_size=1, drop_last=True)]
    assert got == [2, 6, 3, 7, 4, 8, 5]  # Paddle's interleaving (its get_worker_info example)

    class Plain(IterableDataset):
        def __iter__(self):
            yield from (np.array([i]) for i in range(3))

    dup = sorted(int(v) for b in DataLoader(Plain(), num_workers=2, batch_size=2) for v in b.numpy().ravel())
    assert dup == [0, 0, 1, 1, 2, 2]  # each worker iterates its own full copy

    def init(worker_id):
        info = get_worker_info()
        ds = info.dataset
        per = int(math.ceil((ds.end - ds.start) / info.num_workers))
        ds.start, ds.end = ds.start + worker_id * per, min(ds.start + (worker_id + 1) * per, ds.end)

    class NoSplit(Split):
        def __iter__(self):
            yield from (np.array([i]) for i in range(self.start, self.end))

    got = sorted(int(t) for t in DataLoader(NoSplit(2, 9), num_workers=2, batch_size=1, worker_init_fn=init))
    assert got == list(range(2, 9))


@linux_only
def test_worker_info_and_seeds():
    class Info(Dataset):
        def __getitem__(self, i):
            info = get_worker_info()
            with pytest.raises(RuntimeError, match="Cannot assign attributes to WorkerInfo objects"):
                info.id = 5
            return np.array([info.id, info.num_workers, isinstance(info.dataset, Info), info.seed % 1000,
                             np.random.randint(1 << 30)])

        def __len__(self):
            return 4

    rows = np.concatenate([b.numpy() for b in DataLoader(Info(), batch_size=1, num_workers=2)])
    assert rows[:, 0].tolist() == [0, 1, 0, 1] and set(rows[:, 1]) == {2} and rows[:, 2].all()
    assert len(set(rows[:, 3])) == 1  # one base seed
    assert rows[0, 4] != rows[1, 4]  # but each worker's NumPy stream differs


@linux_only
def test_worker_exception_names_worker_sample_and_traceback():
    class Bad(Samples):
        def __getitem__(self, i):
            if i == 5:
                raise KeyError(f"bad sample {i}")
            return super().__getitem__(i)

    before, got = children(), []
    with pytest.raises(SystemError) as err:
        for batch in DataLoader(Bad(8), batch_size=2, num_workers=2):
            got.append(batch[1].tolist())
    msg = str(err.value)
    assert msg.startswith("(Fatal) Blocking queue is killed because the data reader raises an exception.")
    assert "DataLoader worker(0)" in msg and "KeyError" in msg and "sample indices [4, 5]" in msg
    assert "at sample 5" in msg and "raise KeyError(f\"bad sample {i}\")" in msg  # the worker's traceback
    assert isinstance(err.value.__cause__, KeyError)
    assert got == [[0, 1], [2, 3]]  # batches before the failing one were delivered in order
    assert children() == before

    def bad_init(worker_id):
        raise ValueError("init failed")

    with pytest.raises(SystemError, match="caught ValueError in worker_init_fn"):
        list(DataLoader(Samples(4), batch_size=2, num_workers=2, worker_init_fn=bad_init))


@linux_only
def test_killed_worker_raises_instead_of_hanging():
    class Killer(Samples):
        def __getitem__(self, i):
            if i == 4:
                os.kill(os.getpid(), signal.SIGKILL)
            return super().__getitem__(i)

    before, start = children(), time.monotonic()
    with pytest.raises(RuntimeError, match=r"DataLoader worker 0 \(pid \d+\) was killed by signal SIGKILL"):
        list(DataLoader(Killer(8), batch_size=2, num_workers=2))
    assert time.monotonic() - start < 5 and children() == before


@linux_only
def test_timeout_on_a_stuck_worker():
    class Stuck(Samples):
        def __getitem__(self, i):
            if i == 2:
                time.sleep(60)
            return super().__getitem__(i)

    before = children()
    with pytest.raises(RuntimeError, match=r"DataLoader timed out after 0.5 seconds waiting for worker 1"):
        list(DataLoader(Stuck(6), batch_size=2, num_workers=2, timeout=0.5))
    assert children() == before


@linux_only
def test_break_and_reiterate_leak_no_process():
    before = children()
    loader = DataLoader(Samples(40), batch_size=2, num_workers=2)
    for _ in range(3):
        for i, _batch in enumerate(loader):
            if i == 2:
                break
        assert children() == before
    assert flat(loader) == list(range(40))
    assert children() == before and shm_files() == []


@linux_only
def test_persistent_workers_are_reused():
    before = children()
    loader = DataLoader(Split(0, 6), batch_size=2, num_workers=2, persistent_workers=True)
    epochs, pids = [], []
    for _ in range(3):
        epochs.append(sorted(v for b in loader for v in b.numpy().ravel().tolist()))
        pids.append(children() - before)
    assert epochs == [list(range(6))] * 3  # the iterable copies restart each epoch
    assert len(pids[0]) == 2 and pids[0] == pids[1] == pids[2]
    maps = DataLoader(Samples(12), batch_size=2, num_workers=2, persistent_workers=True)
    for i, _ in enumerate(maps):
        if i == 1:
            break  # an abandoned pass: its in-flight results must not leak into the next one
    assert flat(maps) == list(range(12))
    del loader, maps
    import gc
    gc.collect()
    assert children() == before and shm_files() == []
