"""logic ops."""
