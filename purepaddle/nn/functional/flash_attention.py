"""paddle.nn.functional: flash_attention functions."""
__all__ = []
