"""paddle.nn layers: rnn."""
__all__ = []
