"""paddle.nn.functional: extension functions."""
__all__ = []
