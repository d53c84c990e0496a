"""paddle.nn layers: transformer."""
__all__ = []
