"""paddle.base: Paddle's legacy namespace (core, framework, dygraph, unique_name), re-exporting purepaddle's pieces."""
from . import core, dygraph, framework, unique_name  # noqa: F401
from .data_feeder import DataFeeder  # noqa: F401
from .lod_tensor import create_lod_tensor, create_random_int_lodtensor  # noqa: F401
from ..framework.flags import get_flags, set_flags  # noqa: F401
from ..static import (CompiledProgram, Executor, Program, Variable, cpu_places, cuda_places, default_main_program,  # noqa: F401
                      default_startup_program, global_scope, name_scope, program_guard, scope_guard)
from .core import (CPUPlace, CUDAPinnedPlace, CUDAPlace, is_compiled_with_cuda, is_compiled_with_rocm,  # noqa: F401
                   is_compiled_with_xpu)
from .dygraph import disable_dygraph, enable_dygraph  # noqa: F401
from .framework import in_dygraph_mode, in_dynamic_or_pir_mode, in_pir_mode  # noqa: F401
