"""The PyTorch-spelled names Paddle 3 gives its layers (nn.Conv2d is nn.Conv2D, nn.Module is nn.Layer, ...): the
same classes under a second name, so `paddle.nn.Conv2d is paddle.nn.Conv2D`, as in Paddle."""
from ..._core.tensor import Parameter
from .common import (CircularPad1D, CircularPad2D, CircularPad3D, ConstantPad1D, ConstantPad2D, ConstantPad3D,
                     ReflectionPad1D, ReflectionPad2D, ReflectionPad3D, ReplicationPad1D, ReplicationPad2D,
                     ReplicationPad3D)
from .container import LayerDict, LayerList
from .conv import Conv1D, Conv2D, Conv3D
from .layers import Layer
from .pooling import AdaptiveMaxPool1D, AdaptiveMaxPool2D, AdaptiveMaxPool3D, LPPool1D, LPPool2D

AdaptiveMaxPool1d, AdaptiveMaxPool2d, AdaptiveMaxPool3d = AdaptiveMaxPool1D, AdaptiveMaxPool2D, AdaptiveMaxPool3D
CircularPad1d, CircularPad2d, CircularPad3d = CircularPad1D, CircularPad2D, CircularPad3D
ConstantPad1d, ConstantPad2d, ConstantPad3d = ConstantPad1D, ConstantPad2D, ConstantPad3D
ReflectionPad1d, ReflectionPad2d, ReflectionPad3d = ReflectionPad1D, ReflectionPad2D, ReflectionPad3D
ReplicationPad1d, ReplicationPad2d, ReplicationPad3d = ReplicationPad1D, ReplicationPad2D, ReplicationPad3D
Conv1d, Conv2d, Conv3d = Conv1D, Conv2D, Conv3D
LPPool1d, LPPool2d = LPPool1D, LPPool2D
Module, ModuleDict, ModuleList = Layer, LayerDict, LayerList

__all__ = ["AdaptiveMaxPool1d", "AdaptiveMaxPool2d", "AdaptiveMaxPool3d", "CircularPad1d", "CircularPad2d",
           "CircularPad3d", "ConstantPad1d", "ConstantPad2d", "ConstantPad3d", "Conv1d", "Conv2d", "Conv3d",
           "LPPool1d", "LPPool2d", "Module", "ModuleDict", "ModuleList", "Parameter", "ReflectionPad1d",
           "ReflectionPad2d", "ReflectionPad3d", "ReplicationPad1d", "ReplicationPad2d", "ReplicationPad3d"]
