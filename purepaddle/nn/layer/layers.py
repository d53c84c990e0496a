"""paddle.nn layers: layers."""
__all__ = []
