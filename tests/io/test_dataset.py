"""paddle.io datasets, samplers, batch samplers and collate functions (index sequences checked against Paddle)."""
import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.io import (BatchSampler, ChainDataset, ComposeDataset, ConcatDataset, Dataset,
                           DistributedBatchSampler, IterableDataset, RandomSampler, Sampler, SequenceSampler, Subset,
                           SubsetRandomSampler, TensorDataset, WeightedRandomSampler, get_worker_info, random_split)
from purepaddle.io.dataloader.collate import default_collate_fn, default_convert_fn


class Range(Dataset):
    def __init__(self, n):
        self.n = n

    def __getitem__(self, i):
        return i

    def __len__(self):
        return self.n


class It(IterableDataset):
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        yield from range(self.n)


def test_dataset_bases_raise_like_paddle():
    with pytest.raises(NotImplementedError, match="'__getitem__' not implement in class Dataset"):
        Dataset()[0]
    with pytest.raises(NotImplementedError, match="'__len__' not implement in class Dataset"):
        len(Dataset())
    with pytest.raises(RuntimeError, match="'__len__' should not be called for IterableDatasetIt"):
        len(It(2))
    with pytest.raises(NotImplementedError, match="'__iter__' not implement"):
        iter(IterableDataset())
    assert Dataset[int] is not None  # generic, as Paddle's typed classes


def test_tensor_compose_chain_concat_subset():
    x = paddle.arange(12).reshape([4, 3])
    y = paddle.to_tensor([0, 1, 0, 1])
    ds = TensorDataset([x, y])
    assert len(ds) == 4 and ds[2][0].tolist() == [6, 7, 8] and ds[2][1].item() == 0
    with pytest.raises(AssertionError, match="same shape of the 1st dimension"):
        TensorDataset([x, paddle.ones([3])])

    class Pair(Dataset):
        def __getitem__(self, i):
            return i, -i

        def __len__(self):
            return 3

    assert ComposeDataset([Pair(), Range(3)])[2] == (2, -2, 2)
    with pytest.raises(AssertionError, match="lengths of datasets should be same"):
        ComposeDataset([Range(2), Range(3)])
    with pytest.raises(AssertionError, match="paddle.io.IterableDataset not supported"):
        ComposeDataset([It(2)])
    assert [v for v in ChainDataset([It(2), It(3)])] == [0, 1, 0, 1, 2]
    with pytest.raises(AssertionError, match="ChainDataset only support paddle.io.IterableDataset"):
        ChainDataset([Range(2)])
    cat = ConcatDataset([Range(2), Range(3)])
    assert len(cat) == 5 and [cat[i] for i in range(5)] == [0, 1, 0, 1, 2] and cat[-1] == 2
    assert cat.cumulative_sizes == [2, 5]
    with pytest.raises(ValueError, match="absolute value of index should not exceed dataset length"):
        cat[-6]
    sub = Subset(Range(10), [3, 3, 7])
    assert len(sub) == 3 and list(sub) == [3, 3, 7]


def test_random_split():
    parts = random_split(range(10), [3, 7])
    assert [len(p) for p in parts] == [3, 7]
    assert sorted(list(parts[0]) + list(parts[1])) == list(range(10))
    assert [len(p) for p in random_split(range(10), [0.33, 0.33, 0.34])] == [4, 3, 3]  # Paddle's remainder rule
    assert [len(p) for p in random_split(range(11), [0.5, 0.5])] == [6, 5]
    with pytest.raises(ValueError, match="Sum of input lengths does not equal the length of the input dataset!"):
        random_split(range(10), [3, 3])
    from purepaddle._core.generator import Generator
    a = [list(p) for p in random_split(range(8), [4, 4], generator=Generator(7))]
    assert a == [list(p) for p in random_split(range(8), [4, 4], generator=Generator(7))]
    c = [list(p) for p in random_split(range(8), [4, 4], generator=np.random.default_rng(1))]
    assert c == [list(p) for p in random_split(range(8), [4, 4], generator=np.random.default_rng(1))]


def test_samplers_match_paddle_sequences():
    # the sequences real Paddle 3.3.1 gives for these seeds (its docstring examples and our probes)
    np.random.seed(2023)
    seq = list(RandomSampler(Range(100)))
    assert seq[:3] == [56, 12, 68] and seq[-1] == 87 and sorted(seq) == list(range(100))
    np.random.seed(2023)
    batches = list(BatchSampler(sampler=RandomSampler(Range(100)), batch_size=8, drop_last=True))
    assert batches[0] == [56, 12, 68, 0, 82, 66, 91, 44] and batches[-1] == [53, 17, 22, 86, 52, 3, 92, 33]
    np.random.seed(2023)
    assert list(WeightedRandomSampler(weights=[0.1, 0.3, 0.5, 0.7, 0.2], num_samples=5)) == [2, 4, 3, 1, 1]
    np.random.seed(1)
    assert list(RandomSampler(range(6), replacement=True, num_samples=4)) == [5, 3, 4, 0]
    np.random.seed(1)
    assert list(RandomSampler(range(6), num_samples=3)) == [2, 1, 4]
    np.random.seed(1)
    assert list(WeightedRandomSampler(np.array([1.0, 2, 3, 0]), 3, replacement=False)) == [1, 2, 0]
    assert list(SequenceSampler(range(3))) == [0, 1, 2] and len(SequenceSampler(range(3))) == 3
    assert list(RandomSampler(range(5), generator=iter([4, 2]))) == [4, 2]
    assert sorted(SubsetRandomSampler([1, 3, 5])) == [1, 3, 5]
    two_d = WeightedRandomSampler(np.array([[1.0, 0, 0], [0, 0, 2]]), 2)
    assert len(two_d) == 4 and list(two_d) == [0, 0, 2, 2]


def test_sampler_argument_errors():
    with pytest.raises(TypeError, match="expect boolean value for replacement"):
        RandomSampler(range(3), replacement=1)
    with pytest.raises(ValueError, match="num_samples should be smaller than or equal to length of data_source"):
        RandomSampler(range(3), num_samples=4)
    with pytest.raises(ValueError, match="num_samples should be a positive integer"):
        RandomSampler(range(3), replacement=True, num_samples=0)
    with pytest.raises(ValueError, match="num_samples should be a positive integer"):
        WeightedRandomSampler([1.0], 0)
    with pytest.raises(ValueError, match="replacement should be a boolean value"):
        WeightedRandomSampler([1.0], 1, replacement=None)
    with pytest.raises(AssertionError, match="weights should be positive value"):
        list(WeightedRandomSampler([-1.0, 1.0], 1))
    with pytest.raises(ValueError, match="The length of `indices` in SubsetRandomSampler should be greater than 0."):
        SubsetRandomSampler([])
    with pytest.raises(NotImplementedError):
        iter(Sampler())


def test_batch_sampler():
    assert list(BatchSampler(dataset=Range(5), batch_size=2)) == [[0, 1], [2, 3], [4]]
    assert len(BatchSampler(dataset=Range(5), batch_size=2)) == 3
    bs = BatchSampler(dataset=Range(5), batch_size=2, drop_last=True)
    assert list(bs) == [[0, 1], [2, 3]] and len(bs) == 2
    assert isinstance(BatchSampler(dataset=Range(5), shuffle=True).sampler, RandomSampler)
    assert list(BatchSampler(sampler=[4, 3, 2], batch_size=2)) == [[4, 3], [2]]
    with pytest.raises(AssertionError, match="either dataset or sampler should be set"):
        BatchSampler()
    with pytest.raises(AssertionError, match="should not set both dataset and sampler"):
        BatchSampler(dataset=Range(2), sampler=[0])
    with pytest.raises(AssertionError, match="shuffle should be False when sampler is set"):
        BatchSampler(sampler=[0], shuffle=True)
    with pytest.raises(AssertionError, match="batch_size should be a positive integer, but got 0"):
        BatchSampler(dataset=Range(2), batch_size=0)
    with pytest.raises(AssertionError, match="dataset should not be a paddle.io.IterableDataset"):
        BatchSampler(dataset=It(2))


# (n, batch_size, num_replicas, shuffle, drop_last) -> per rank: (batches at epoch 5, len, batches next pass);
# the values real Paddle 3.3.1 produces
DIST = {
    (10, 3, 3, False, False): [([[0, 1, 2], [9]], 2, [[0, 1, 2], [9]]), ([[3, 4, 5], [0]], 2, [[3, 4, 5], [0]]),
                               ([[6, 7, 8], [1]], 2, [[6, 7, 8], [1]])],
    (10, 3, 3, True, False): [([[7, 5, 2], [0]], 2, [[8, 1, 1], [3]]), ([[9, 1, 4], [6]], 2, [[6, 0, 7], [9]]),
                              ([[8, 1, 0], [3]], 2, [[5, 2, 4], [0]])],
    (7, 2, 2, True, True): [([[0, 2], [0, 5]], 2, [[0, 5], [4, 3]]), ([[4, 1], [6, 3]], 2, [[6, 0], [1, 2]])],
    (5, 4, 4, False, False): [([[0, 1]], 1, [[0, 1]]), ([[2, 3]], 1, [[2, 3]]), ([[4, 0]], 1, [[4, 0]]),
                              ([[1, 2]], 1, [[1, 2]])],
    (2, 2, 3, False, False): [([[0]], 1, [[0]]), ([[1]], 1, [[1]]), ([[0]], 1, [[0]])],
}


@pytest.mark.parametrize("key", list(DIST))
def test_distributed_batch_sampler_matches_paddle(key):
    n, bs, nr, shuffle, drop = key
    for rank, expected in enumerate(DIST[key]):
        s = DistributedBatchSampler(list(range(n)), batch_size=bs, num_replicas=nr, rank=rank, shuffle=shuffle,
                                    drop_last=drop)
        s.set_epoch(5)
        assert (list(s), len(s), list(s)) == expected


def test_distributed_batch_sampler_defaults_from_env(monkeypatch):
    monkeypatch.setenv("PADDLE_TRAINERS_NUM", "2")
    monkeypatch.setenv("PADDLE_TRAINER_ID", "1")
    s = DistributedBatchSampler(list(range(6)), batch_size=2)
    assert (s.nranks, s.local_rank, list(s)) == (2, 1, [[2, 3], [5]])
    with pytest.raises(AssertionError, match="num_replicas should be a positive integer"):
        DistributedBatchSampler(range(3), 1, num_replicas=0)
    with pytest.raises(AssertionError, match="rank should be a non-negative integer"):
        DistributedBatchSampler(range(3), 1, rank=-1)


def test_default_collate_fn():
    batch = [(np.zeros(2, "float32"), 1, 0.5, "a", {"k": np.ones(1)}), (np.ones(2, "float32"), 2, 1.5, "b",
                                                                         {"k": np.zeros(1)})]
    img, ints, floats, strs, d = default_collate_fn(batch)
    assert img.shape == (2, 2) and img.dtype == np.float32
    assert ints.dtype == np.int64 and ints.tolist() == [1, 2] and floats.dtype == np.float64
    assert strs == ["a", "b"] and d["k"].shape == (2, 1)
    t = default_collate_fn([paddle.ones([2]), paddle.zeros([2])])
    assert isinstance(t, paddle.Tensor) and t.shape == [2, 2]
    with pytest.raises(RuntimeError, match="fields number not same among samples in a batch"):
        default_collate_fn([(1, 2), (1,)])
    with pytest.raises(TypeError, match="batch data con only contains"):
        default_collate_fn([object()])
    assert default_convert_fn((1, {"a": (np.ones(1), "s")})) [1]["a"][1] == "s"
    assert isinstance(default_convert_fn((1, 2)), list)


def test_get_worker_info_is_none_in_main_process():
    assert get_worker_info() is None
