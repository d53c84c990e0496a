"""stat public functions."""
__all__ = []
METHODS = {}
