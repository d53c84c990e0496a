"""Convolution ops (face): conv2d / depthwise_conv2d / conv3d and their transposes (conv.py, kernels in
_kernels.py), deformable_conv v1/v2 (deformable.py), each with its grad ops."""
from .conv import (Conv2d, Conv2dGrad, Conv2dTranspose, Conv2dTransposeGrad, Conv3d, Conv3dGrad,  # noqa: F401
                   Conv3dTranspose, Conv3dTransposeGrad, DepthwiseConv2d, DepthwiseConv2dGrad, DepthwiseConv2dTranspose,
                   DepthwiseConv2dTransposeGrad)
from .deformable import DeformableConv, DeformableConvGrad, DeformableConvV1, DeformableConvV1Grad  # noqa: F401
