"""CUDA streams, events and runtime handles: declared stubs at each of Paddle's paths (purepaddle/_core/exclusions.py
says why). The classes exist so code that names them imports; making one raises UnavailableFeatureError."""
from .._core.exclusions import unavailable

__all__ = ["Stream", "Event", "StreamContext", "stream_guard", "set_stream", "get_stream_from_external",
           "ipc_collect", "CUDA_STUBS", "CUDA_NAMESPACE_STUBS"]

# paddle.device.*
Stream = unavailable("paddle.device.Stream", "class")
Event = unavailable("paddle.device.Event", "class")
StreamContext = unavailable("paddle.device.StreamContext", "class")
stream_guard = unavailable("paddle.device.stream_guard", "class")
set_stream = unavailable("paddle.device.set_stream")
get_stream_from_external = unavailable("paddle.device.get_stream_from_external")
ipc_collect = unavailable("paddle.device.ipc_collect")

# paddle.device.cuda.* (attached by that module) and paddle.cuda.* (the torch-style namespace)
CUDA_STUBS = {n: unavailable(f"paddle.device.cuda.{n}", "class" if n[0].isupper() or n == "stream_guard"
                             else "function")
              for n in ("Stream", "Event", "stream_guard", "memory_summary", "vmm_compact")}
CUDA_NAMESPACE_STUBS = {n: unavailable(f"paddle.cuda.{n}", "class" if n[0].isupper() else "function")
                        for n in ("Stream", "Event", "StreamContext", "stream", "set_stream",
                                  "get_stream_from_external", "ipc_collect", "cudart", "check_error")}
