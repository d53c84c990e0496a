"""paddle.sparse.nn.functional: activations on the stored values, sparse convolutions (regular and submanifold),
max pooling and sparse attention."""
from .activation import leaky_relu, relu, relu6, softmax
from .conv import conv2d, conv3d, subm_conv2d, subm_conv2d_igemm, subm_conv3d, subm_conv3d_igemm
from .pooling import max_pool3d
from .transformer import attention

__all__ = ["relu", "relu6", "leaky_relu", "softmax", "conv2d", "conv3d", "subm_conv2d", "subm_conv3d",
           "subm_conv2d_igemm", "subm_conv3d_igemm", "max_pool3d", "attention"]
