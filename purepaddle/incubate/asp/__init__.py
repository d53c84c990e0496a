"""paddle.incubate.asp: Automatic SParsity — n:m (2:4) pruning of Linear/Conv2D weights, kept through training."""
from .asp import ASPHelper, decorate, prune_model, reset_excluded_layers, set_excluded_layers  # noqa: F401
from .masks import (CheckMethod, MaskAlgo, calculate_density, check_mask_1d, check_mask_2d,  # noqa: F401
                    check_sparsity, create_mask, get_mask_1d, get_mask_2d_best, get_mask_2d_greedy)
from .supported_layers import add_supported_layer  # noqa: F401

__all__ = ["calculate_density", "decorate", "prune_model", "set_excluded_layers", "reset_excluded_layers",
           "add_supported_layer"]
