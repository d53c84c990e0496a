"""attribute public functions."""
__all__ = []
METHODS = {}
