"""slicing ops."""
