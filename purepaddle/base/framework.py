"""paddle.base.framework: Program, Variable, program_guard and the mode queries (purepaddle has no PIR)."""
from .._core.dtype import convert_dtype as convert_np_dtype_to_dtype_  # noqa: F401
from .._core.mode import in_dynamic_mode as _non_static_mode  # noqa: F401
from .._core.mode import in_dynamic_mode as in_dygraph_mode  # noqa: F401
from ..device import (device_guard, is_compiled_with_cinn, is_compiled_with_distribute,  # noqa: F401
                      is_compiled_with_rocm, is_compiled_with_xpu)
from ..framework.flags import get_flags, set_flags  # noqa: F401
from ..pir_utils import in_dynamic_or_pir_mode, in_pir_mode  # noqa: F401
from ..static import (Block, Operator, Parameter, Program, Variable, cpu_places, cuda_places,  # noqa: F401
                      default_main_program, default_startup_program, grad_var_name, name_scope, program_guard)
from ..static.program import switch_main_program, switch_startup_program  # noqa: F401
from .core import is_compiled_with_cuda  # noqa: F401


def disable_signal_handler():
    """Accepted for Paddle scripts: purepaddle installs no signal handlers of its own, so Python's stay.

    Paddle's C++ core catches SIGSEGV/SIGTERM to print a stack; scripts that embed Paddle
    beside another framework call this to keep that framework's handlers.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.disable_signal_handler()
    """
    return None
