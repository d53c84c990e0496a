"""paddle.nn layers: common."""
__all__ = []
