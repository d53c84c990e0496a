"""paddle.nn.functional: input functions."""
__all__ = []
