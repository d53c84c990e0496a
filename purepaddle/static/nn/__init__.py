"""paddle.static.nn: static-graph layers (fc, embedding, batch_norm, ...) and control flow (cond, while_loop).

Floor 6: builds on nn, ops and tensor; the face imports it so `paddle.static.nn.fc` works.
"""
from . import common, control_flow, loss, metric, sequence_lod, static_pylayer  # noqa: F401
from .common import (batch_norm, bilinear_tensor_product, continuous_value_model, conv2d, conv2d_transpose,
                     conv3d, conv3d_transpose, deform_conv2d, embedding, fc, group_norm, instance_norm, layer_norm,
                     prelu, py_func, sparse_embedding, spectral_norm)
from .control_flow import Print, case, cond, switch_case, while_loop
from .ema import ExponentialMovingAverage
from .loss import nce
from .metric import accuracy, auc
from .sequence_lod import (row_conv, sequence_conv, sequence_expand, sequence_first_step, sequence_last_step,
                           sequence_pool, sequence_softmax)
from .static_pylayer import static_pylayer

__all__ = ["fc", "batch_norm", "bilinear_tensor_product", "embedding", "sparse_embedding", "conv2d", "conv3d",
           "conv2d_transpose", "conv3d_transpose", "continuous_value_model", "deform_conv2d", "group_norm",
           "instance_norm", "layer_norm", "nce", "py_func", "spectral_norm", "static_pylayer", "case", "cond",
           "switch_case", "while_loop", "prelu", "row_conv", "sequence_conv", "sequence_expand", "sequence_first_step",
           "sequence_last_step", "sequence_pool", "sequence_softmax"]
