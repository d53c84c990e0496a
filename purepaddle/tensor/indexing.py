"""indexing public functions."""
__all__ = []
METHODS = {}
