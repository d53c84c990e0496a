"""Paddle's global FLAGS_* registry: typed defaults, FLAGS_* environment variables, set_flags/get_flags."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from typing import Any

import numbers
import os
import re
import warnings

# Only the standard library is used here, so this module could move down to _core unchanged
# (the static Executor on floor 2 reads flags; see get()).

VALUES = {}     # 'FLAGS_x' -> current value; read it directly (or through get()) on hot paths
_TYPES = {}     # 'FLAGS_x' -> 'bool' | 'int' | 'double' | 'string'
_DEFAULTS = {}  # 'FLAGS_x' -> default value
_DOCS = {}      # 'FLAGS_x' -> one-line description
_WATCHERS = {}  # 'FLAGS_x' -> [callback(value)]

_INT_PREFIX = re.compile(r"\s*[+-]?\d+")


def _parse_env(name, kind, text):
    """Parse a FLAGS_* environment value the way Paddle's flag parser does; None if unusable."""
    s = text.strip()
    if kind == "bool":
        low = s.lower()
        if low in ("1", "true"):
            return True
        if low not in ("0", "false", ""):
            warnings.warn(f"environment variable {name}={text!r}: Paddle reads only 1/true as true; using False")
        return False
    if kind == "int":
        m = _INT_PREFIX.match(s)
        return int(m.group()) if m else None
    if kind == "double":
        try:
            return float(s)
        except ValueError:
            return None
    return text


def define(name, kind, default, doc=""):
    """Register flag `name` ('FLAGS_x') of kind bool/int/double/string; the environment overrides the default.

    Returns the flag's value. Redefining an existing flag keeps its current value.

    Examples:
        .. code-block:: python

            >>> from purepaddle.framework import flags
            >>> flags.define('FLAGS_my_debug_level', 'int', 0, 'how chatty my extension is')
            0
    """
    if not name.startswith("FLAGS_"):
        raise ValueError(f"flags.define: flag names start with 'FLAGS_', but received {name!r}")
    if kind not in ("bool", "int", "double", "string"):
        raise ValueError(f"flags.define: kind must be bool, int, double or string, but received {kind!r}")
    if name in VALUES:
        return VALUES[name]
    _TYPES[name] = kind
    _DEFAULTS[name] = default
    _DOCS[name] = doc
    value = default
    env = os.environ.get(name)
    if env is not None:
        parsed = _parse_env(name, kind, env)
        if parsed is None:
            warnings.warn(f"environment variable {name}={env!r} is not a valid {kind}; using the default {default!r}")
        else:
            value = parsed
    VALUES[name] = value
    return value


def _coerce(name, value):
    """Check and convert a Python value for flag `name` (set_flags semantics: no string parsing)."""
    kind = _TYPES[name]
    if kind == "string":
        if isinstance(value, str):
            return value
    elif kind == "bool":
        if isinstance(value, numbers.Number) and not isinstance(value, complex):
            return bool(value)
    elif kind == "int":
        if isinstance(value, numbers.Integral):
            return int(value)
    elif kind == "double":
        if isinstance(value, numbers.Real):
            return float(value)
    raise RuntimeError(
        f"Flag {name} is of type {kind} and cannot be set to {value!r} ({type(value).__name__})")


def get(name, default=None):
    """The current value of flag `name` ('FLAGS_x'), or `default` when it is not registered (cheap)."""
    return VALUES.get(name, default)


def set_value(name, value):
    """Set one registered flag (typed), then call its watchers."""
    value = _coerce(name, value)
    VALUES[name] = value
    for fn in _WATCHERS.get(name, ()):
        fn(value)
    return value


def watch(name, callback):
    """Call callback(new_value) each time flag `name` is set (e.g. to install a NaN checker)."""
    _WATCHERS.setdefault(name, []).append(callback)
    return callback


def set_flags(flags: dict[str, Any]) -> None:
    """Set global flags from a dict {'FLAGS_x': value}.

    Args:
        flags (dict[str, Any]): Flag names (FLAGS_...) and their new values.

    Returns:
        None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.set_flags({'FLAGS_eager_delete_tensor_gb': 1.0})
            >>> paddle.get_flags('FLAGS_eager_delete_tensor_gb')
            {'FLAGS_eager_delete_tensor_gb': 1.0}
            >>> paddle.set_flags({'FLAGS_eager_delete_tensor_gb': 0.0})
    """
    if not isinstance(flags, dict):
        raise TypeError("flags in set_flags should be a dict")
    for key in flags:
        if key not in VALUES:
            raise ValueError(f"Flag {key} cannot set its value through this function.")
    for key, value in flags.items():
        set_value(key, value)


def get_flags(flags):
    """Values of global flags: a name or a list/tuple of names -> {'FLAGS_x': value}.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.get_flags(['FLAGS_check_nan_inf', 'FLAGS_eager_delete_tensor_gb'])
            {'FLAGS_check_nan_inf': False, 'FLAGS_eager_delete_tensor_gb': 0.0}
    """
    if isinstance(flags, str):
        flags = [flags]
    elif not isinstance(flags, (list, tuple)):
        raise TypeError("Flags in get_flags should be a list, tuple or string.")
    out = {}
    for key in flags:
        if key not in VALUES:
            raise ValueError(f"Flag {key} cannot get its value through this function.")
        out[key] = VALUES[key]
    return out


def defaults():
    """{'FLAGS_x': default} for every registered flag."""
    return dict(_DEFAULTS)


def describe(name):
    """(kind, default, doc) of a registered flag."""
    return _TYPES[name], _DEFAULTS[name], _DOCS[name]


_F32_0_92 = 0.9200000166893005  # Paddle stores the 0.92 default as a float32 constant

for _name, _kind, _default, _doc in (
    # debugging
    ("FLAGS_check_nan_inf", "bool", False, "check every op output (forward and grad) for NaN/Inf"),
    ("FLAGS_check_nan_inf_level", "int", 0, "0: raise at the first NaN/Inf; 1: print bad ops, go on; 3: all ops"),
    ("FLAGS_call_stack_level", "int", 1, "how much of the Python/C++ stack errors show"),
    ("FLAGS_benchmark", "bool", False, "synchronise after each op (for timing)"),
    ("FLAGS_print_ir", "bool", False, "print the program IR before running it"),
    ("FLAGS_enable_unused_var_check", "bool", False, "warn about op inputs an op never reads"),
    ("FLAGS_sort_sum_gradient", "bool", False, "sum gradients of a tensor in a fixed (sorted) order"),
    ("FLAGS_max_inplace_grad_add", "int", 0, "max gradients summed in place before a sum op is used"),
    ("FLAGS_low_precision_op_list", "int", 0, "record the ops run in low precision under AMP"),
    ("FLAGS_set_to_1d", "bool", False, "legacy: turn 0-D outputs into 1-D"),
    ("FLAGS_use_autotune", "bool", False, "pick kernels by measuring them"),
    ("FLAGS_host_trace_level", "int", 1, "profiler host trace level"),
    ("FLAGS_enable_async_trace", "bool", False, "trace async (NCCL) operations"),
    ("FLAGS_check_cuda_error", "bool", False, "check for CUDA errors after each kernel"),
    ("FLAGS_check_kernel_launch", "bool", False, "check CUDA kernel launches"),
    # graph IR and executor
    ("FLAGS_enable_pir_api", "bool", True, "Paddle 3's IR: jit.save / save_inference_model write PIR `.json` "
     "models and jit.load / load_inference_model look for them first (purepaddle builds legacy programs)"),
    ("FLAGS_enable_pir_in_executor", "bool", False, "run legacy programs through the new IR (unused in purepaddle)"),
    ("FLAGS_apply_pass_to_program", "bool", False, "apply IR passes to programs before running them"),
    ("FLAGS_new_executor_use_inplace", "bool", False, "let the executor reuse input buffers for outputs"),
    ("FLAGS_new_executor_sequential_run", "bool", False, "run ops one at a time in program order"),
    ("FLAGS_new_executor_serial_run", "bool", False, "run the executor on one thread"),
    ("FLAGS_new_executor_use_local_scope", "bool", True, "keep temporaries in a per-run local scope"),
    ("FLAGS_local_exe_sub_scope_limit", "double", 256.0, "MB a local scope may hold before it is cleared"),
    ("FLAGS_prim_all", "bool", False, "decompose ops into primitives (forward and backward)"),
    ("FLAGS_prim_forward", "bool", False, "decompose forward ops into primitives"),
    ("FLAGS_prim_backward", "bool", False, "decompose backward ops into primitives"),
    ("FLAGS_use_cinn", "bool", False, "compile with CINN"),
    ("FLAGS_jit_engine_type", "string", "Predictor", "engine that runs jit.load'ed programs"),
    # memory and garbage collection
    ("FLAGS_eager_delete_tensor_gb", "double", 0.0, "GB of garbage before freeing: 0 at once, <0 never"),
    ("FLAGS_fast_eager_deletion_mode", "bool", True, "free without waiting for the device kernel to end"),
    ("FLAGS_memory_fraction_of_eager_deletion", "double", 1.0, "fraction of garbage freed per collection"),
    ("FLAGS_eager_delete_scope", "bool", True, "delete local scopes eagerly"),
    ("FLAGS_allocator_strategy", "string", "auto_growth", "auto_growth, naive_best_fit or thread_local"),
    ("FLAGS_fraction_of_gpu_memory_to_use", "double", _F32_0_92, "first GPU chunk (naive_best_fit); 0: on demand"),
    ("FLAGS_fraction_of_cpu_memory_to_use", "double", 1.0, "initial CPU chunk as a fraction of the memory"),
    ("FLAGS_fraction_of_cuda_pinned_memory_to_use", "double", 0.5, "initial pinned-memory chunk fraction"),
    ("FLAGS_initial_cpu_memory_in_mb", "int", 500, "initial CPU chunk in MB"),
    ("FLAGS_initial_gpu_memory_in_mb", "int", 0, "initial GPU chunk in MB (0: use the fraction flag)"),
    ("FLAGS_reallocate_gpu_memory_in_mb", "int", 0, "size of each further GPU chunk in MB"),
    ("FLAGS_gpu_memory_limit_mb", "int", 0, "cap on GPU memory in MB (0: none)"),
    ("FLAGS_gpu_allocator_retry_time", "int", 10000, "ms to retry an allocation that ran out of memory"),
    ("FLAGS_use_system_allocator", "bool", False, "allocate straight from the system"),
    ("FLAGS_use_pinned_memory", "bool", True, "use pinned host memory for device copies"),
    ("FLAGS_use_stream_safe_cuda_allocator", "bool", True, "stream-safe CUDA allocator"),
    ("FLAGS_use_cuda_managed_memory", "bool", False, "allocate CUDA managed (unified) memory"),
    ("FLAGS_use_virtual_memory_auto_growth", "bool", False, "CUDA virtual-memory auto-growth allocator"),
    ("FLAGS_free_idle_chunk", "bool", False, "release idle allocator chunks to the system"),
    ("FLAGS_free_when_no_cache_hit", "bool", False, "free cached chunks when no cached block fits"),
    ("FLAGS_init_allocated_mem", "bool", False, "fill new allocations with a pattern (debugging)"),
    ("FLAGS_log_memory_stats", "bool", False, "log memory statistics"),
    # threads and determinism
    ("FLAGS_paddle_num_threads", "int", 1, "CPU math threads per instance"),
    ("FLAGS_inner_op_parallelism", "int", 0, "threads inside one op"),
    ("FLAGS_cpu_deterministic", "bool", False, "deterministic CPU reductions"),
    ("FLAGS_cudnn_deterministic", "bool", False, "deterministic cuDNN algorithms"),
    ("FLAGS_embedding_deterministic", "int", 0, "deterministic embedding gradients (0 off, 1 on)"),
    ("FLAGS_cudnn_exhaustive_search", "bool", False, "search all cuDNN algorithms"),
    ("FLAGS_cudnn_batchnorm_spatial_persistent", "bool", False, "cuDNN persistent batch-norm mode"),
    ("FLAGS_conv_workspace_size_limit", "int", 512, "cuDNN workspace limit in MB"),
    ("FLAGS_enable_cublas_tensor_op_math", "bool", False, "allow cuBLAS tensor-core math"),
    ("FLAGS_gemm_use_half_precision_compute_type", "bool", False, "fp16 GEMMs accumulate in fp16"),
    ("FLAGS_use_mkldnn", "bool", False, "use oneDNN (MKL-DNN) kernels"),
    ("FLAGS_use_onednn", "bool", False, "use oneDNN kernels"),
    ("FLAGS_tracer_onednn_ops_on", "string", "", "ops that use oneDNN in dygraph"),
    ("FLAGS_tracer_onednn_ops_off", "string", "", "ops that never use oneDNN in dygraph"),
    ("FLAGS_use_stride_kernel", "bool", True, "strided (view) kernels"),
    # devices and distributed
    ("FLAGS_selected_gpus", "string", "", "GPUs this process uses (set per worker by the launcher)"),
    ("FLAGS_selected_xpus", "string", "", "XPUs this process uses"),
    ("FLAGS_sync_nccl_allreduce", "bool", True, "no effect since 2.0: use DistributedStrategy.sync_nccl_allreduce"),
    ("FLAGS_fuse_parameter_memory_size", "double", -1.0, "no effect since 2.0: strategy.fuse_grad_size_in_MB"),
    ("FLAGS_fuse_parameter_groups_size", "int", 1, "no effect on fleet since 2.0"),
    ("FLAGS_communicator_max_merge_var_num", "int", 20, "PS communicator: gradients merged per send"),
    ("FLAGS_communicator_send_queue_size", "int", 20, "PS communicator: queue length per variable"),
    ("FLAGS_communicator_is_sgd_optimizer", "bool", True, "PS communicator: merge gradients for SGD"),
    ("FLAGS_dist_threadpool_size", "int", 0, "threads for distributed communication"),
    ("FLAGS_rpc_deadline", "int", 180000, "PS RPC timeout in ms"),
    ("FLAGS_rpc_retry_times", "int", 3, "PS RPC retries"),
    ("FLAGS_get_host_by_name_time", "int", 120, "seconds to resolve a host name"),
    ("FLAGS_eager_communication_connection", "bool", False, "connect communicators at init"),
    ("FLAGS_tcp_max_syn_backlog", "int", 2048, "TCP store listen backlog"),
    # data loading
    ("FLAGS_use_shm_cache", "bool", False, "DataLoader workers cache shared memory"),
    ("FLAGS_dataloader_use_file_descriptor", "bool", False, "DataLoader shares memory through file descriptors"),
    ("FLAGS_reader_queue_speed_test_mode", "bool", False, "reader queue speed test (debugging)"),
    # purepaddle's own (no such flag in Paddle)
    ("FLAGS_purepaddle_cpu_amp", "bool", False, "eager AMP on the CPU place emulates a GPU's float16/bfloat16 "
     "(auto_cast casts, decorate O2 casts, GradScaler scales); off: as Paddle's CPU build, a warning and float32"),
):
    define(_name, _kind, _default, _doc)
del _name, _kind, _default, _doc


__all__ = ["set_flags", "get_flags"]
