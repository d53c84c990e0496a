"""paddle.io: Dataset, samplers and DataLoader (floor 6).

default_collate_fn / default_convert_fn are reachable here too (Paddle keeps them in
paddle.io.dataloader.collate only).
"""
from .dataloader import (BatchSampler, ChainDataset, ComposeDataset, ConcatDataset, Dataset, DistributedBatchSampler,
                         IterableDataset, RandomSampler, Sampler, SequenceSampler, Subset, SubsetRandomSampler,
                         TensorDataset, WeightedRandomSampler, default_collate_fn, default_convert_fn,
                         get_worker_info, random_split)  # noqa: F401
from .reader import DataLoader

__all__ = ["Dataset", "IterableDataset", "TensorDataset", "ComposeDataset", "ChainDataset", "BatchSampler",
           "DistributedBatchSampler", "DataLoader", "get_worker_info", "Sampler", "SequenceSampler",
           "RandomSampler", "WeightedRandomSampler", "random_split", "Subset", "SubsetRandomSampler",
           "ConcatDataset"]
