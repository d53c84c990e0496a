"""Recurrent ops (face): the fused `rnn` op and its `rnn_grad` (fused.py), array kernels in _kernels.py."""
from .fused import Rnn, RnnGrad  # noqa: F401
