"""Floor 2: static graphs: Program, Block, Variable, OpDesc, Executor, Scope, append_backward."""
from . import builder  # noqa: F401  (installs the static_builder / const_builder hooks)
from . import log_helper  # noqa: F401
from .backward import append_backward, gradients
from .executor import (BuildStrategy, CompiledProgram, DenseTensor, ExecutionStrategy, Executor, Scope, cpu_places,
                       cuda_places, global_scope, scope_guard)
from .executor import IpuCompiledProgram, IpuStrategy, ipu_shard_guard, set_ipu_shard, xpu_places  # noqa: F401
from .executor import device_guard  # noqa: F401
from .input import InputSpec, create_global_var, create_parameter, data
from .io import load_inference_model, save_inference_model
from .name import name_scope
from .program import (Block, Operator, OpDesc, Parameter, Program, Variable, VarType, default_main_program,
                      default_startup_program, grad_var_name, program_guard)
from .program_state import load, load_program_state, save, set_program_state
from .prune import normalize_program
from .serialization import (deserialize_persistables, deserialize_program, load_from_file, save_to_file,
                            serialize_persistables, serialize_program)

# Paddle's paddle.static.__all__ (the parts this floor provides); Parameter, Operator, Scope, Block,
# DenseTensor, ExecutionStrategy are reachable as attributes too, as in Paddle
__all__ = ["data", "InputSpec", "Program", "Variable", "program_guard", "default_main_program",
           "default_startup_program", "Executor", "global_scope", "scope_guard", "append_backward", "gradients",
           "name_scope", "cpu_places", "cuda_places", "CompiledProgram", "BuildStrategy", "create_parameter",
           "create_global_var"]
__all__ += ["save_inference_model", "load_inference_model", "serialize_program", "serialize_persistables",
            "deserialize_program", "deserialize_persistables", "save_to_file", "load_from_file",
            "normalize_program", "save", "load", "load_program_state", "set_program_state"]
__all__ += ["xpu_places", "IpuStrategy", "IpuCompiledProgram", "ipu_shard_guard", "set_ipu_shard"]  # declared stubs
__all__ += ["device_guard"]
