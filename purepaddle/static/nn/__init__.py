"""paddle.static.nn: static-graph layers (fc, embedding, batch_norm, ...) and control flow (cond, while_loop).

Floor 6: builds on nn, ops and tensor; the face imports it so `paddle.static.nn.fc` works.
"""
from .common import batch_norm, conv2d, embedding, fc, layer_norm, sparse_embedding
from .control_flow import Print, case, cond, switch_case, while_loop
from .metric import accuracy, auc

__all__ = ["fc", "batch_norm", "embedding", "sparse_embedding", "conv2d", "layer_norm", "case", "cond",
           "switch_case", "while_loop"]
