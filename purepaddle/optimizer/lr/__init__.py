"""paddle.optimizer.lr (face): LRScheduler (scheduler.py) and its 17 strategies by kind: closed-form decays
(decay.py), linear ramps (warmup.py), cyclic and annealing schedules (cyclic.py), ReduceOnPlateau
(plateau.py); and the Paddle 1.x-style decay functions (decay_functions.py)."""
from .cyclic import CosineAnnealingDecay, CosineAnnealingWarmRestarts, CyclicLR, OneCycleLR  # noqa: F401
from .decay import (ExponentialDecay, InverseTimeDecay, LambdaDecay, MultiplicativeDecay,  # noqa: F401
                    MultiStepDecay, NaturalExpDecay, NoamDecay, PiecewiseDecay, PolynomialDecay, StepDecay)
# the Paddle 1.x-style functions (not in __all__, as in Paddle)
from .decay_functions import (autoincreased_step_counter, cosine_decay, exponential_decay,  # noqa: F401
                              inverse_time_decay, linear_lr_warmup, natural_exp_decay, noam_decay, piecewise_decay,
                              polynomial_decay)
from .plateau import ReduceOnPlateau  # noqa: F401
from .scheduler import LRScheduler  # noqa: F401
from .warmup import LinearLR, LinearWarmup  # noqa: F401

__all__ = ["LRScheduler", "NoamDecay", "PiecewiseDecay", "NaturalExpDecay", "InverseTimeDecay", "PolynomialDecay",
           "LinearWarmup", "ExponentialDecay", "MultiStepDecay", "StepDecay", "LambdaDecay", "ReduceOnPlateau",
           "CosineAnnealingDecay", "MultiplicativeDecay", "OneCycleLR", "CyclicLR", "LinearLR",
           "CosineAnnealingWarmRestarts"]
