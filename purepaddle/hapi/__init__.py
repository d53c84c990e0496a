"""paddle.hapi."""
