"""paddle.nn.functional: norm functions."""
__all__ = []
