"""Activation ops of paddle.nn.functional (face): piecewise-linear ones, smooth ones, the softmax family."""
from .piecewise import (BRelu, HardShrink, HardSigmoid, HardSwish, LeakyRelu, Maxout, PRelu, Relu, Relu6,  # noqa: F401
                        Relu6Grad, ReluGrad, RRelu, SoftShrink, ThresholdedRelu)
from .smooth import (Celu, Elu, Gelu, GeluGrad, LogSigmoid, Mish, Selu, Silu, Softplus, Softsign, Swish,  # noqa: F401
                     TanhShrink)
from .softmax import GumbelSoftmax, LogSoftmax, Softmax  # noqa: F401
