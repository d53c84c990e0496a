"""search public functions."""
__all__ = []
METHODS = {}
