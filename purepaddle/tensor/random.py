"""random public functions."""
__all__ = []
METHODS = {}
