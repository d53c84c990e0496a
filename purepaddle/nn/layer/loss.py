"""paddle.nn layers: loss."""
__all__ = []
