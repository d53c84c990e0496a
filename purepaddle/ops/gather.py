"""gather ops."""
