"""paddle.static.amp: mixed precision for static Programs (decorate, amp_init, op lists, fp16_guard).

Floor 6 (it builds on the optimizers and the loss-scaling ops); `purepaddle.amp` imports it, so
`paddle.static.amp` is there once paddle is imported.
"""
from . import amp_nn, decorator, fp16_lists, fp16_utils  # noqa: F401
from . import bf16  # noqa: F401
from .decorator import decorate  # noqa: F401
from .fp16_lists import AutoMixedPrecisionLists, CustomOpLists  # noqa: F401
from .fp16_utils import cast_model_to_fp16, cast_parameters_to_fp16, fp16_guard  # noqa: F401

__all__ = []
