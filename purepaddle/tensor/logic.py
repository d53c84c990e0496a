"""logic public functions."""
__all__ = []
METHODS = {}
