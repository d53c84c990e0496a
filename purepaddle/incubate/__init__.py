"""paddle.incubate: experimental APIs — function-style autograd, fused ops, LookAhead, segment/graph reductions."""
from . import asp, autograd, autotune, cc, layers, nn, optimizer, xpu  # noqa: F401
from .inference_decorator import inference  # noqa: F401
from .graph_sampling import graph_khop_sampler, graph_sample_neighbors  # noqa: F401
from .fused_softmax import softmax_mask_fuse, softmax_mask_fuse_upper_triangle  # noqa: F401
from .loss import identity_loss  # noqa: F401
from .rng_state import get_rng_state, register_rng_state_as_index, set_rng_state  # noqa: F401
from .optimizer import LookAhead, ModelAverage  # noqa: F401
from .segment import graph_reindex, graph_send_recv, segment_max, segment_mean, segment_min, segment_sum  # noqa: F401

__all__ = ["LookAhead", "ModelAverage", "softmax_mask_fuse_upper_triangle", "softmax_mask_fuse", "graph_send_recv", "graph_reindex",
           "segment_sum", "graph_khop_sampler", "graph_sample_neighbors", "inference",
           "segment_mean", "segment_max", "segment_min", "identity_loss"]
