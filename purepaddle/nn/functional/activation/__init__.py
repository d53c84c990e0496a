"""paddle.nn.functional activations (face, Paddle's nn.functional.activation): piecewise-linear ones,
smooth ones and the softmax family, with the part names of ops/activation/."""
from .piecewise import (hardshrink, hardsigmoid, hardswish, hardtanh, hardtanh_, leaky_relu,  # noqa: F401
                        leaky_relu_, maxout, prelu, relu, relu6, relu_, rrelu, softshrink, thresholded_relu,
                        thresholded_relu_)
from .smooth import (celu, elu, elu_, gelu, glu, log_sigmoid, logsigmoid, mish, selu, sigmoid, silu,  # noqa: F401
                     softplus, softsign, swiglu, swish, tanh, tanh_, tanhshrink)
from .softmax import gumbel_softmax, log_softmax, softmax, softmax_  # noqa: F401

__all__ = ["relu", "relu_", "sigmoid", "tanh", "tanh_", "softmax", "softmax_", "log_softmax", "celu", "elu", "elu_",
           "hardshrink", "hardtanh", "hardtanh_", "hardsigmoid", "hardswish", "leaky_relu", "leaky_relu_",
           "log_sigmoid", "logsigmoid", "relu6", "selu", "silu", "swish", "mish", "softshrink",
           "softsign", "tanhshrink", "thresholded_relu", "thresholded_relu_", "gelu", "softplus",
           "prelu", "rrelu", "maxout", "glu", "gumbel_softmax", "swiglu"]
