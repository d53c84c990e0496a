"""paddle.nn layers: vision."""
__all__ = []
