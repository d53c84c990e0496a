"""paddle.amp: mixed-precision helpers; `paddle.amp.debugging` holds the numerics checkers."""
from . import debugging  # noqa: F401
from . import amp_lists, grad_scaler  # noqa: F401
from .amp_lists import black_list, white_list  # noqa: F401
from .auto_cast import amp_guard, auto_cast, autocast, get_autocast_dtype, is_autocast_enabled  # noqa: F401
from .decorate import amp_decorate, decorate  # noqa: F401
from .grad_scaler import AmpScaler, GradScaler, OptimizerState  # noqa: F401
from .support import is_bfloat16_supported, is_float16_supported  # noqa: F401

__all__ = ["auto_cast", "GradScaler", "decorate", "is_float16_supported", "is_bfloat16_supported",
           "is_autocast_enabled", "get_autocast_dtype", "get_autocast_cpu_dtype", "get_autocast_gpu_dtype"]

get_autocast_cpu_dtype = get_autocast_dtype
get_autocast_gpu_dtype = get_autocast_dtype
