"""einsum public functions."""
__all__ = []
METHODS = {}
