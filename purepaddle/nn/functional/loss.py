"""paddle.nn.functional: loss functions."""
__all__ = []
