"""The `reduction` argument of the loss functions: the mean / sum / none reductions (its checks are in
tensor/_check.py)."""
from ...._core.dispatch import apply
from ....ops.math.reduction import ReduceSum
from ....ops.stat import ReduceMean



def mean_all(x):
    """Mean of every element (a 0-D result): Paddle's reduce_mean with reduce_all."""
    return apply(ReduceMean, x, dim=[], keep_dim=False, reduce_all=True)


def sum_all(x):
    """Sum of every element (a 0-D result)."""
    return apply(ReduceSum, x, dim=[], keep_dim=False, reduce_all=True)


def reduce_loss(out, reduction):
    """Apply a checked reduction ('none' returns out)."""
    if reduction == "mean":
        return mean_all(out)
    if reduction == "sum":
        return sum_all(out)
    return out
