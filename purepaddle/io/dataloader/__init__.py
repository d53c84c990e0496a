"""paddle.io.dataloader: datasets, samplers, collate functions, worker info."""
from .batch_sampler import BatchSampler, DistributedBatchSampler
from .collate import default_collate_fn, default_convert_fn
from .dataset import (ChainDataset, ComposeDataset, ConcatDataset, Dataset, IterableDataset, Subset, TensorDataset,
                      random_split)
from .sampler import RandomSampler, Sampler, SequenceSampler, SubsetRandomSampler, WeightedRandomSampler
from .worker import get_worker_info

__all__ = ["Dataset", "IterableDataset", "TensorDataset", "ComposeDataset", "ChainDataset", "ConcatDataset",
           "Subset", "random_split", "BatchSampler", "DistributedBatchSampler", "Sampler", "SequenceSampler",
           "RandomSampler", "WeightedRandomSampler", "SubsetRandomSampler", "get_worker_info",
           "default_collate_fn", "default_convert_fn"]
