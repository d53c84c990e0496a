"""Public shape and indexing functions: reshape, squeeze, concat, gather, ... (paddle.*)."""
from .._core.dispatch import apply
from ..ops.shape import ExpandAs, Reshape
from ._operand import check_var


def reshape(x, shape, name=None):
    """Change the shape (0 copies an input dim, -1 is inferred)."""
    check_var(x, "paddle.reshape")
    if hasattr(shape, "tolist") and not isinstance(shape, (list, tuple)):
        shape = shape.tolist()
    shape = [int(d.item()) if hasattr(d, "item") else int(d) for d in shape]
    return apply(Reshape, x, shape=shape)


def expand_as(x, y, name=None):
    """Broadcast x to the shape of y."""
    check_var(x, "paddle.expand_as")
    return apply(ExpandAs, x, y)


def unsqueeze(x, axis, name=None):
    """Insert size-1 dims at `axis` (int or list)."""
    axes = [axis] if isinstance(axis, int) else list(axis)
    shape = list(x.shape)
    for a in axes:
        a = a if a >= 0 else a + len(shape) + 1
        shape.insert(a, 1)
    return reshape(x, [0 if False else d for d in shape])


def squeeze(x, axis=None, name=None):
    """Remove size-1 dims (all, or those in `axis`)."""
    shape = list(x.shape)
    if axis is None:
        axes = [i for i, d in enumerate(shape) if d == 1]
    else:
        axes = [a % len(shape) for a in ([axis] if isinstance(axis, int) else axis)]
    return reshape(x, [d for i, d in enumerate(shape) if not (i in axes and d == 1)])


__all__ = ["reshape", "expand_as", "unsqueeze", "squeeze"]
METHODS = {"reshape": reshape, "expand_as": expand_as, "unsqueeze": unsqueeze, "squeeze": squeeze}
