"""paddle.nn layers: pooling."""
__all__ = []
