"""paddle.nn layers: norm."""
__all__ = []
