"""paddle.nn.functional: vision functions."""
__all__ = []
