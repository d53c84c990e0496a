"""Functions whose kernels Paddle ships for NVIDIA GPUs only (its CPU build refuses them too): declared stubs,
purepaddle/_core/exclusions.py says why."""
from ..._core.exclusions import unavailable

__all__ = ["moe_permute", "moe_unpermute", "sparse_attention"]

moe_permute = unavailable("paddle.nn.functional.moe_permute")
moe_unpermute = unavailable("paddle.nn.functional.moe_unpermute")
sparse_attention = unavailable("paddle.nn.functional.sparse_attention")
