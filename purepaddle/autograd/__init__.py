"""paddle.autograd: backward, grad, PyLayer."""
from .._core.autograd import backward, grad  # noqa: F401
