"""paddle.nn loss layers (face, Paddle's nn.layer.loss): thin Layers holding a loss's options and calling its
functional form; classification, regression, margin and sequence losses, one part each."""
from .classification import (AdaptiveLogSoftmaxWithLoss, BCELoss, BCEWithLogitsLoss, CrossEntropyLoss,  # noqa: F401
                             KLDivLoss, NLLLoss)
from .margin import (CosineEmbeddingLoss, HingeEmbeddingLoss, MarginRankingLoss, MultiLabelMarginLoss,  # noqa: F401
                     MultiLabelSoftMarginLoss, MultiMarginLoss, SoftMarginLoss, TripletMarginLoss,
                     TripletMarginWithDistanceLoss)
from .regression import GaussianNLLLoss, L1Loss, MSELoss, PoissonNLLLoss, SmoothL1Loss  # noqa: F401
from .sequence import CTCLoss, HSigmoidLoss, RNNTLoss  # noqa: F401

__all__ = ["BCEWithLogitsLoss", "CrossEntropyLoss", "HSigmoidLoss", "MSELoss", "L1Loss", "BCELoss", "NLLLoss",
           "PoissonNLLLoss", "KLDivLoss", "MarginRankingLoss", "CTCLoss", "RNNTLoss", "SmoothL1Loss",
           "MultiLabelSoftMarginLoss", "HingeEmbeddingLoss", "CosineEmbeddingLoss", "TripletMarginWithDistanceLoss",
           "TripletMarginLoss", "MultiMarginLoss", "MultiLabelMarginLoss", "SoftMarginLoss", "GaussianNLLLoss",
           "AdaptiveLogSoftmaxWithLoss"]
