"""paddle.nn.functional: common functions."""
__all__ = []
