"""paddle.nn: clip."""
__all__ = []
