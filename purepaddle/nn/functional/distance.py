"""paddle.nn.functional: distance functions."""
__all__ = []
