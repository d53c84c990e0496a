"""The declared exclusions: Paddle's public names purepaddle keeps only as stubs, each with the reason it cannot work.

A name belongs here only when it needs hardware or a native toolchain a NumPy package cannot have: compiling C++/CUDA
operators, Kunlun XPU, Graphcore IPU, TensorRT, Paddle's plug-in custom devices. Such a name exists at Paddle's path
(so `from paddle.x import y` and `hasattr` work as they do on a CPU build of Paddle), and calling it (or, for a
class, making one) raises `UnavailableFeatureError` naming the feature and why. `tests/test_public_surface.py`
counts these names as declared, checks each one raises, and fails on a Paddle name that is neither present nor here.
"""
from typing import Any, NoReturn

__all__ = ["UnavailableFeatureError", "EXCLUSIONS", "REASONS", "unavailable", "reason_of"]


class UnavailableFeatureError(NotImplementedError):
    """Raised by a Paddle API that needs hardware or a native toolchain purepaddle does not have.

    A NotImplementedError (so a RuntimeError too): code that probes for an optional feature with
    `except RuntimeError` or `except NotImplementedError` keeps working.
    """


# reason key -> (the feature, why purepaddle cannot offer it)
REASONS = {
    "native": ("compiling custom C++/CUDA operators",
               "purepaddle is pure Python on NumPy and has no native toolchain or compiled kernels to link them "
               "against. Write the operator in Python instead: subclass paddle.autograd.PyLayer (forward and "
               "backward on Tensors) or use paddle.static.py_func in a static program"),
    "xpu": ("Kunlun XPU devices", "they need Paddle's XPU build and its runtime libraries; purepaddle computes on "
                                  "the CPU with NumPy (and on NVIDIA GPUs only through cupy)"),
    "cuda": ("CUDA streams, events and the CUDA runtime's own objects",
             "purepaddle's optional GPU path runs through cupy on its current stream and exposes none of them "
             "(on a CPU-only machine there is no CUDA at all); paddle.device.synchronize() waits for queued work"),
    "gpu_kernel": ("a kernel Paddle ships for NVIDIA GPUs only",
                   "Paddle's CPU build has no kernel for it either, and purepaddle has no implementation of it"),
    "ap_compiler": ("Paddle's AP kernel compiler (paddle.incubate.cc), which generates and builds CUDA kernels "
                    "through its CINN/PCC backends",
                    "Paddle's CPU build has no kernels for it either (ap_trivial_fusion_begin is not registered), and "
                    "purepaddle has no code generator; call the Python function itself, it computes the same values"),
    "ipu": ("Graphcore IPU devices", "they need Paddle's IPU build (WITH_IPU=ON) and the Poplar SDK; purepaddle "
                                     "computes on the CPU with NumPy"),
}

# Paddle's public name -> reason key. One entry per name; the stub is placed at that path by its module.
EXCLUSIONS = {
    "paddle.utils.cpp_extension.load": "native",
    "paddle.utils.cpp_extension.setup": "native",
    "paddle.utils.cpp_extension.CppExtension": "native",
    "paddle.utils.cpp_extension.CUDAExtension": "native",
    "paddle.static.IpuCompiledProgram": "ipu",
    "paddle.static.IpuStrategy": "ipu",
    "paddle.static.ipu_shard_guard": "ipu",
    "paddle.static.set_ipu_shard": "ipu",
    "paddle.sysconfig.get_include": "native",
    "paddle.sysconfig.get_lib": "native",
    "paddle.device.IPUPlace": "ipu",
    "paddle.XPUPinnedPlace": "xpu",
    "paddle.device.XPUPlace": "xpu",
    "paddle.static.xpu_places": "xpu",
    "paddle.inference.XpuConfig": "xpu",
    "paddle.linalg.fp8_fp8_half_gemm_fused": "gpu_kernel",
    "paddle.incubate.nn.functional.variable_length_memory_efficient_attention": "gpu_kernel",
    "paddle.incubate.nn.functional.masked_multihead_attention": "gpu_kernel",
    "paddle.incubate.nn.functional.fused_bias_act": "gpu_kernel",
    "paddle.incubate.nn.functional.fast_ln": "gpu_kernel",
    "paddle.incubate.nn.functional.fast_rms_norm": "gpu_kernel",
    "paddle.incubate.nn.functional.fused_multi_transformer": "gpu_kernel",
    "paddle.incubate.nn.functional.block_multihead_attention": "gpu_kernel",
    "paddle.incubate.nn.functional.int_bincount": "gpu_kernel",
    "paddle.incubate.nn.functional.fused_act_dequant": "gpu_kernel",
    "paddle.nn.functional.moe_permute": "gpu_kernel",
    "paddle.nn.functional.moe_unpermute": "gpu_kernel",
    "paddle.nn.functional.sparse_attention": "gpu_kernel",
    "paddle.nn.quant.weight_quantize": "gpu_kernel",
    "paddle.nn.quant.weight_dequantize": "gpu_kernel",
    "paddle.nn.quant.weight_only_linear": "gpu_kernel",
    "paddle.nn.quant.llm_int8_linear": "gpu_kernel",
    "paddle.device.xpu.Event": "xpu",
    "paddle.device.xpu.Stream": "xpu",
    "paddle.device.xpu.empty_cache": "xpu",
    "paddle.device.xpu.max_memory_allocated": "xpu",
    "paddle.device.xpu.max_memory_reserved": "xpu",
    "paddle.device.xpu.memory_allocated": "xpu",
    "paddle.device.xpu.memory_reserved": "xpu",
    "paddle.device.xpu.memory_total": "xpu",
    "paddle.device.xpu.memory_used": "xpu",
    "paddle.device.xpu.reset_max_memory_allocated": "xpu",
    "paddle.device.xpu.reset_max_memory_reserved": "xpu",
    "paddle.device.xpu.set_debug_level": "xpu",
    "paddle.device.xpu.synchronize": "xpu",
    "paddle.incubate.xpu.resnet_block.ResNetBasicBlock": "xpu",
    "paddle.incubate.xpu.resnet_block.resnet_basic_block": "xpu",
    "paddle.incubate.cc.compile": "ap_compiler",
    "paddle.incubate.cc.compiler.compile": "ap_compiler",
    "paddle.incubate.cc.fuse.by_register": "ap_compiler",
    "paddle.incubate.cc.fuse.matmul": "ap_compiler",
}
# ERNIE's MoE, fp8 and fused-norm kernels: Paddle 3.3.1's CPU build answers "kernel ... is not registered" for each
EXCLUSIONS.update({f"paddle.incubate.nn.functional.{n}": "gpu_kernel" for n in (
    "blha_get_max_len", "build_src_rank_and_local_expert_id", "cal_aux_loss",
    "cross_entropy_with_softmax_bwd_w_downcast", "embedding_grad_add_to_", "expand_modality_expert_id",
    "fused_rms_norm_ext", "fused_swiglu_weighted_bwd", "moe_combine", "moe_gate_dispatch",
    "moe_gate_dispatch_partial_nosoftmaxtopk", "moe_gate_dispatch_permute", "fp8_gemm_blockwise",
    "fp8_quant_blockwise", "fused_stack_transpose_quant", "fused_transpose_split_quant",
    "fused_transpose_wlch_split_quant", "fused_weighted_swiglu_act_quant", "moe_gate_dispatch_and_quant")})
# CUDA runtime objects, at each of Paddle's paths for them
EXCLUSIONS.update({f"paddle.device.{n}": "cuda" for n in (
    "Stream", "Event", "StreamContext", "stream_guard", "set_stream", "get_stream_from_external", "ipc_collect")})
EXCLUSIONS.update({f"paddle.device.cuda.{n}": "cuda" for n in (
    "Stream", "Event", "stream_guard", "memory_summary", "vmm_compact")})
EXCLUSIONS.update({f"paddle.cuda.{n}": "cuda" for n in (
    "Stream", "Event", "StreamContext", "stream", "set_stream", "get_stream_from_external", "ipc_collect", "cudart",
    "check_error")})


def _stub_doc(module, short, message, kind):
    """A stub's docstring in Paddle's layout: what it would be, why it is not, Args, Returns, a runnable example."""
    returns = "" if kind == "class" else """
    Returns:
        NoReturn: it always raises UnavailableFeatureError.
"""
    return f"""Unavailable in purepaddle: {short} exists at Paddle's path and raises when {"made" if kind == "class" else "called"}.

    {message}

    Args:
        *args (Any): Paddle's positional arguments; any call raises UnavailableFeatureError.
        **kwargs (Any): Paddle's keyword arguments; any call raises UnavailableFeatureError.
{returns}
    Examples:
        .. code-block:: python

            >>> import importlib
            >>> stub = getattr(importlib.import_module("{module}"), "{short}")
            >>> try:
            ...     stub()
            ... except NotImplementedError as e:
            ...     print("is not available in purepaddle" in str(e))
            True
    """


def reason_of(public_name):
    """The message a declared-unavailable `public_name` raises with (KeyError for a name not declared)."""
    feature, why = REASONS[EXCLUSIONS[public_name]]
    return f"{public_name} is not available in purepaddle: it is for {feature}, and {why}."


def unavailable(public_name, kind="function"):
    """A stub for a declared-unavailable Paddle name: a function, or a class whose construction, raises.

    Args:
        public_name (str): Paddle's dotted name, a key of EXCLUSIONS (a KeyError otherwise, so every stub is
            declared in the one table).
        kind (str, optional): "function" or "class" (a class keeps `isinstance` checks and subclassing working).

    Returns:
        function|type: The stub; calling it raises UnavailableFeatureError with the reason.

    Examples:
        .. code-block:: python

            >>> from purepaddle._core.exclusions import UnavailableFeatureError, unavailable
            >>> load = unavailable("paddle.utils.cpp_extension.load")
            >>> try:
            ...     load(name="custom_relu", sources=["relu.cc"])
            ... except UnavailableFeatureError as e:
            ...     print(str(e).split(":")[0])
            paddle.utils.cpp_extension.load is not available in purepaddle
    """
    message = reason_of(public_name)
    module, _, short = public_name.rpartition(".")

    def refuse(*args: Any, **kwargs: Any) -> NoReturn:
        raise UnavailableFeatureError(message)

    def init(self, *args: Any, **kwargs: Any) -> None:
        refuse()

    if kind not in ("function", "class"):
        raise ValueError(f"unavailable: kind must be 'function' or 'class', got {kind!r}")
    doc = _stub_doc(module, short, message, kind)
    if kind == "class":
        stub = type(short, (), {"__init__": init, "__doc__": doc})
    else:
        stub = refuse
        stub.__name__ = stub.__qualname__ = short
        stub.__doc__ = doc
    stub.__module__ = "purepaddle" + public_name[len("paddle"):].rpartition(".")[0]
    stub.__purepaddle_unavailable__ = message
    return stub
