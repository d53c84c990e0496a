"""Per-op timing of a predictor (Config.enable_profile) and Paddle's "Profiling Report" layout."""
from dataclasses import dataclass, field

__all__ = ["Profile", "ProfileReport", "EventStat"]


@dataclass
class EventStat:
    """One row of the Event Summary: an op type (or the parameter load), times in milliseconds."""

    name: str
    calls: int
    total: float
    min: float
    max: float
    ave: float
    ratio: float
    computation: float = 0.0  # time inside the kernels; total - computation is framework overhead
    fused: tuple = ()         # op types an IR pass fused into this op type


@dataclass
class ProfileReport:
    """A predictor's profile as data: `events` sorted by total time, overhead split, and str() in Paddle's layout.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle
            >>> from paddle.static import InputSpec
            >>> # doctest: +REQUIRES(module:google.protobuf)
            >>> paddle.jit.save(paddle.nn.Linear(8, 2), 'model', input_spec=[InputSpec([None, 8], 'float32', 'x')])
            >>> config = paddle.inference.Config('model.json', 'model.pdiparams')
            >>> config.enable_profile()
            >>> predictor = paddle.inference.create_predictor(config)
            >>> predictor.get_input_handle('x').copy_from_cpu(np.ones([4, 8], 'float32'))
            >>> for _ in range(3):
            ...     predictor.run()
            >>> report = predictor.profile_report()
            >>> [(e.name, e.calls) for e in report.events if e.name == 'thread0::fc']
            [('thread0::fc', 3)]
            >>> print(report)  # the Profiling Report, as the predictor prints it when released
            <BLANKLINE>
            ------------------------->     Profiling Report     <-------------------------
            ...
    """

    events: list = field(default_factory=list)
    total: float = 0.0
    computation: float = 0.0
    overhead: float = 0.0
    runs: int = 0

    def __str__(self):
        return format_report(self)


class Profile:
    """Accumulates per-step times of a compiled plan; the predictor owns one per profiled instance."""

    def __init__(self, plan, fused=None):
        n = len(plan.steps)
        self.types = list(plan.types)
        self.calls = [0] * n
        self.total = [0.0] * n
        self.comp = [0.0] * n
        self.min = [float("inf")] * n
        self.max = [0.0] * n
        self.extra = {}  # name -> [calls, total, min, max] for non-op events (parameter loading)
        self.fused = fused or {}
        self.runs = 0
        self.printed = False

    def add(self, k, seconds, kernel_seconds):
        """Record one execution of step k: its whole time and the time inside the kernel."""
        self.calls[k] += 1
        self.total[k] += seconds
        self.comp[k] += kernel_seconds
        if seconds < self.min[k]:
            self.min[k] = seconds
        if seconds > self.max[k]:
            self.max[k] = seconds

    def add_event(self, name, seconds):
        """Record a non-op event (e.g. load_combine) as Paddle lists it."""
        e = self.extra.setdefault(name, [0, 0.0, float("inf"), 0.0])
        e[0] += 1
        e[1] += seconds
        e[2] = min(e[2], seconds)
        e[3] = max(e[3], seconds)

    def report(self):
        """The ProfileReport so far (milliseconds)."""
        agg = {}
        for k, t in enumerate(self.types):
            if not self.calls[k]:
                continue
            a = agg.setdefault(t, [0, 0.0, float("inf"), 0.0, 0.0])
            a[0] += self.calls[k]
            a[1] += self.total[k]
            a[2] = min(a[2], self.min[k])
            a[3] = max(a[3], self.max[k])
            a[4] += self.comp[k]
        for name, (c, tot, mn, mx) in self.extra.items():
            agg[name] = [c, tot, mn, mx, tot]
        grand = sum(a[1] for a in agg.values())
        comp = sum(a[4] for a in agg.values())
        events = []
        for name, (c, tot, mn, mx, cp) in agg.items():
            events.append(EventStat(f"thread0::{name}", c, tot * 1e3, mn * 1e3, mx * 1e3, tot / c * 1e3,
                                    tot / grand if grand else 0.0, cp * 1e3, tuple(self.fused.get(name, ()))))
        events.sort(key=lambda e: -e.total)
        return ProfileReport(events, grand * 1e3, comp * 1e3, (grand - comp) * 1e3, self.runs)


def _g(v):
    """A number as C++ streams print a double (6 significant digits)."""
    return f"{v:g}"


def format_report(r):
    """The report text, laid out as Paddle Inference prints it when a profiled predictor is destroyed."""
    pct = lambda part: _g(part / r.total * 100) if r.total else "0"  # noqa: E731
    lines = ["", "------------------------->     Profiling Report     <-------------------------", "",
             "Place: CPU", "Time unit: ms", "Sorted by total time in descending order in the same thread", "",
             "-------------------------     Overhead Summary      -------------------------", "",
             f"Total time: {_g(r.total)}",
             f"  {'Computation time':<23}{'Total: ' + _g(r.computation):<19}Ratio: {pct(r.computation)}%",
             f"  {'Framework overhead':<23}{'Total: ' + _g(r.overhead):<19}Ratio: {pct(r.overhead)}%", "",
             "-------------------------     GpuMemCpy Summary     -------------------------", "",
             f"{'GpuMemcpy':<25}{'Calls: 0':<19}{'Total: 0':<19}Ratio: 0%", "",
             "-------------------------       Event Summary       -------------------------", ""]
    w = max([len(e.name) for e in r.events] + [len("Event")]) + 8
    cols = ("Calls", "Total", "Min.", "Max.", "Ave.", "Ratio.")
    lines.append(f"{'Event':<{w}}" + "".join(f"{c:<12}" for c in cols))
    for e in r.events:
        vals = (str(e.calls), _g(e.total), _g(e.min), _g(e.max), _g(e.ave), _g(e.ratio))
        lines.append(f"{e.name:<{w}}" + "".join(f"{v:<12}" for v in vals))
    lines += ["", "------------------------->    Memory Profiling Report     <-------------------------", "",
              f"{'Event':<55}{'Alloc Calls':<18}{'Size(MB)':<18}{'Free Calls':<18}{'Size(MB)':<18}", ""]
    return "\n".join(lines) + "\n"
