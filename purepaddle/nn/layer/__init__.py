"""paddle.nn layer classes, one family per module."""
