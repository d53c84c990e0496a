"""Axis bookkeeping of the reducing ops (math reductions, stat, logic's reduce_any/reduce_all)."""


def reduce_axes(attrs, ndim):
    """The axis tuple a reduce op works on (None = all)."""
    if attrs.get("reduce_all") or not attrs["dim"]:
        return None
    return tuple(d % ndim if ndim else 0 for d in attrs["dim"])


def reduced_shape(shape, attrs):
    """Static output shape of a reduction."""
    nd = len(shape)
    axes = reduce_axes(attrs, nd)
    axes = range(nd) if axes is None else axes
    if attrs["keep_dim"]:
        return [1 if i in axes else d for i, d in enumerate(shape)]
    return [d for i, d in enumerate(shape) if i not in axes]
