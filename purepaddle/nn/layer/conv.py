"""paddle.nn layers: conv."""
__all__ = []
