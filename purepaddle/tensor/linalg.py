"""linalg public functions."""
__all__ = []
METHODS = {}
