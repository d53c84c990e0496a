"""Loss ops (face): classification losses (classification.py), huber_loss (regression.py), sequence and
tree losses: warpctc, warprnnt, hierarchical_sigmoid, edit_distance (sequence.py)."""
from .classification import (BCELoss, KLDivLoss, LogLoss, NLLLoss, NLLLossGrad,  # noqa: F401
                             SigmoidCrossEntropyWithLogits, SigmoidCrossEntropyWithLogitsGrad, SoftmaxWithCrossEntropy,
                             SoftmaxWithCrossEntropyGrad)
from .regression import HuberLoss  # noqa: F401
from .sequence import EditDistance, HierarchicalSigmoid, HierarchicalSigmoidGrad, WarpCTC, WarpRNNT  # noqa: F401
