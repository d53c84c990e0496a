"""paddle.nn.functional: pooling functions."""
__all__ = []
