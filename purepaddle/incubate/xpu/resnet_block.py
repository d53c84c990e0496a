"""paddle.incubate.xpu.resnet_block: the XPU-fused ResNet basic block, declared unavailable."""
from ..._core.exclusions import unavailable

__all__ = ["resnet_basic_block", "ResNetBasicBlock"]

resnet_basic_block = unavailable("paddle.incubate.xpu.resnet_block.resnet_basic_block")
ResNetBasicBlock = unavailable("paddle.incubate.xpu.resnet_block.ResNetBasicBlock", kind="class")
