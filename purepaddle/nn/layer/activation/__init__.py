"""paddle.nn activation layers (face, Paddle's nn.layer.activation): piecewise-linear ones, smooth ones and
the softmax layers, with the part names of nn/functional/activation/ and ops/activation/."""
from .piecewise import (Hardshrink, Hardsigmoid, Hardswish, Hardtanh, LeakyReLU, Maxout, PReLU, ReLU,  # noqa: F401
                        ReLU6, RReLU, Softshrink, ThresholdedReLU)
from .smooth import (CELU, ELU, GELU, GLU, SELU, LogSigmoid, Mish, Sigmoid, SiLU, Silu, Softplus,  # noqa: F401
                     Softsign, Swish, Tanh, Tanhshrink)
from .softmax import LogSoftmax, Softmax, Softmax2D  # noqa: F401

__all__ = ["CELU", "ELU", "GELU", "Hardswish", "Tanh", "Hardtanh", "ReLU", "ReLU6", "SELU", "LeakyReLU", "Sigmoid",
           "Hardsigmoid", "Softplus", "Softsign", "Swish", "Mish", "Tanhshrink", "ThresholdedReLU", "LogSigmoid",
           "Hardshrink", "Softshrink", "Silu", "SiLU",
           "PReLU", "RReLU", "Softmax2D", "Softmax", "LogSoftmax", "Maxout", "GLU"]
