"""The `reduction` argument of the loss functions: its check and the mean / sum / none reductions."""
from ...._core.dispatch import apply
from ....ops.reduction import ReduceMean, ReduceSum


_REDUCTIONS = ("sum", "mean", "none")


def check_reduction(reduction, msg):
    """Raise Paddle's ValueError for a reduction other than sum/mean/none (msg: the text before 'should')."""
    if reduction not in _REDUCTIONS:
        raise ValueError(f"{msg} should be 'sum', 'mean' or 'none', but received {reduction}, which is not allowed.")


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



def _check_reduction(reduction, api):
    if reduction not in ("sum", "mean", "none"):
        raise ValueError(f"'reduction' in '{api}' should be 'sum', 'mean' or 'none', but received {reduction}.")
