"""Shapes of loss operands: a Tensor's or a Variable's, cheaply."""


def shape_of(t):
    """A Tensor's or Variable's shape as a tuple (-1 for unknown static dims), cheaply for Tensors."""
    d = getattr(t, "_data", None)
    return d.shape if d is not None else tuple(t.shape)
