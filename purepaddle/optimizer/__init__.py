"""paddle.optimizer."""
