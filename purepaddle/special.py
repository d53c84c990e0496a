"""paddle.special: the special functions Paddle also lists under this name (the same functions as paddle.*)."""
from .nn.functional.activation.softmax import compat_softmax as softmax  # noqa: F401  (torch's signature, as Paddle)
from .tensor import logsumexp  # noqa: F401  (paddle.logsumexp, keyword aliases included)
from .tensor.math.unary import expm1  # noqa: F401

__all__ = ["logsumexp", "softmax", "expm1"]
