"""paddle.nn.functional: conv functions."""
__all__ = []
