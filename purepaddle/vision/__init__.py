"""paddle.vision."""
