"""paddle.incubate.xpu: Kunlun XPU fused blocks, declared unavailable (purepaddle/_core/exclusions.py)."""
from . import resnet_block  # noqa: F401
