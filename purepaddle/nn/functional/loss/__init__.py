"""paddle.nn.functional losses (face, Paddle's nn.functional.loss): classification, regression, margin and
sequence losses, one part each."""
from .classification import (adaptive_log_softmax_with_loss, base_softmax_with_cross_entropy,  # noqa: F401
                             binary_cross_entropy, binary_cross_entropy_with_logits, cross_entropy, dice_loss, kl_div,
                             log_loss, nll_loss, sigmoid_focal_loss, softmax_with_cross_entropy)
from .margin import (cosine_embedding_loss, hinge_embedding_loss, margin_cross_entropy, margin_ranking_loss,  # noqa: F401
                     multi_label_margin_loss, multi_label_soft_margin_loss, multi_margin_loss, npair_loss,
                     soft_margin_loss, triplet_margin_loss, triplet_margin_with_distance_loss)
from .regression import (gaussian_nll_loss, l1_loss, mse_loss, poisson_nll_loss, smooth_l1_loss,  # noqa: F401
                         square_error_cost)
from .sequence import ctc_loss, edit_distance, hsigmoid_loss, rnnt_loss  # noqa: F401

# edit_distance and base_softmax_with_cross_entropy are reached as F.loss.* only, as in Paddle
__all__ = ["binary_cross_entropy", "binary_cross_entropy_with_logits", "cross_entropy", "dice_loss", "hsigmoid_loss",
           "kl_div", "l1_loss", "log_loss", "mse_loss", "margin_ranking_loss", "multi_label_soft_margin_loss",
           "nll_loss", "poisson_nll_loss", "npair_loss", "sigmoid_focal_loss", "smooth_l1_loss",
           "softmax_with_cross_entropy", "margin_cross_entropy", "square_error_cost", "ctc_loss", "rnnt_loss",
           "hinge_embedding_loss", "cosine_embedding_loss", "triplet_margin_with_distance_loss",
           "triplet_margin_loss", "adaptive_log_softmax_with_loss", "multi_margin_loss", "multi_label_margin_loss",
           "soft_margin_loss", "gaussian_nll_loss"]
