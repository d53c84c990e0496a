"""paddle.io."""
