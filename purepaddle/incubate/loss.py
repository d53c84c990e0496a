"""paddle.incubate.identity_loss: mark a tensor as the loss, optionally reducing it."""
from .. import tensor as _t

__all__ = ["identity_loss"]

_REDUCTIONS = {"sum": 0, "mean": 1, "none": 2}


def identity_loss(x, reduction="none"):
    """Return x as a loss: summed, averaged or unchanged.

    Args:
        x (Tensor): the loss values.
        reduction (str|int): "sum" (0), "mean" (1) or "none" (2). Default "none".

    Returns:
        Tensor: a 0-D tensor for "sum"/"mean", a copy of x for "none".

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.to_tensor([1., 2., 3.])
        >>> float(paddle.incubate.identity_loss(x, reduction="mean"))
        2.0
    """
    if isinstance(reduction, str):
        code = _REDUCTIONS.get(reduction.lower())
        if code is None:
            raise TypeError(f"Unsupported reduction type {reduction!r}: use 'sum', 'mean' or 'none'")
    else:
        code = reduction
    if code not in (0, 1, 2):
        raise ValueError(f"reduction should be 0, 1 and 2. But get {reduction}")
    if code == 0:
        return _t.sum(x)
    if code == 1:
        return _t.mean(x)
    return _t.assign(x)
