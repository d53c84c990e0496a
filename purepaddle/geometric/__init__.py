"""paddle.geometric: graph learning helpers — segment reductions, message passing (send_u_recv, send_ue_recv,
send_uv), neighbour sampling and graph reindexing."""
from .math import segment_max, segment_mean, segment_min, segment_sum
from .message_passing import send_u_recv, send_ue_recv, send_uv
from .reindex import reindex_graph, reindex_heter_graph
from .sampling import sample_neighbors, weighted_sample_neighbors

__all__ = ["send_u_recv", "send_ue_recv", "send_uv", "segment_sum", "segment_mean", "segment_min", "segment_max",
           "reindex_graph", "reindex_heter_graph", "sample_neighbors", "weighted_sample_neighbors"]
