"""search ops."""
