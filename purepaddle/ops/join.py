"""join ops."""
