"""paddle.profiler: Profiler, schedulers, RecordEvent, Chrome traces and summary tables."""
from .profiler import (Profiler, ProfilerResult, ProfilerState, ProfilerTarget, RecordEvent,  # noqa: F401
                       export_chrome_tracing, export_protobuf, load_profiler_result, make_scheduler)
from .recorder import TracerEventType  # noqa: F401
from .statistic import SortedKeys, SummaryView  # noqa: F401

__all__ = ["ProfilerState", "ProfilerTarget", "make_scheduler", "export_chrome_tracing", "export_protobuf",
           "Profiler", "RecordEvent", "load_profiler_result", "SortedKeys", "SummaryView"]
