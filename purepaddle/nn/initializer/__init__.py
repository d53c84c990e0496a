"""paddle.nn.initializer: Constant, Normal, XavierUniform, KaimingNormal, ..."""
__all__ = []
