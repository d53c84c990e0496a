"""paddle.nn: param_attr."""
__all__ = []
