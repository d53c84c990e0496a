"""paddle.nn layers: activation."""
__all__ = []
