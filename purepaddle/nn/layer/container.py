"""paddle.nn layers: container."""
__all__ = []
