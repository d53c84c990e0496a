"""Profiler.summary(): Paddle's Device / Overview / Model / Operator / UserDefined summary tables, and
purepaddle's verdict on where a step's time goes."""
import collections
from enum import Enum

from .recorder import TracerEventType as T

_SPACING = 2
INPUT_BOUND = 0.5  # share of the step spent waiting for data above which the summary calls it input-bound


class SortedKeys(Enum):
    """How the operator and user-defined tables are sorted."""

    CPUTotal = 0
    CPUAvg = 1
    CPUMax = 2
    CPUMin = 3
    GPUTotal = 4
    GPUAvg = 5
    GPUMax = 6
    GPUMin = 7


class SummaryView(Enum):
    """The tables summary() can print."""

    DeviceView = 0
    OverView = 1
    ModelView = 2
    DistributedView = 3
    KernelView = 4
    OperatorView = 5
    MemoryView = 6
    MemoryManipulationView = 7
    UDFView = 8


class _Item:
    """Calls and CPU time of one row (GPU time is always 0 on the CPU)."""

    def __init__(self):
        self.call, self.total, self.max, self.min = 0, 0, 0, float("inf")
        self.inner = collections.OrderedDict()

    def add(self, dur):
        self.call += 1
        self.total += dur
        self.max = max(self.max, dur)
        self.min = min(self.min, dur)

    @property
    def avg(self):
        return self.total / self.call if self.call else 0


def merged_sum(ranges):
    """Total length of the union of [start, end) ranges."""
    total, cur_s, cur_e = 0, None, None
    for s, e in sorted(ranges):
        if cur_e is None or s > cur_e:
            if cur_e is not None:
                total += cur_e - cur_s
            cur_s, cur_e = s, e
        else:
            cur_e = max(cur_e, e)
    if cur_e is not None:
        total += cur_e - cur_s
    return total


class _Table:
    """Paddle's fixed-width tables: columns padded and separated by two spaces, titles centred in dashes."""

    def __init__(self, widths):
        self.fmt = "".join("{:<" + str(w) + "}" + " " * _SPACING for w in widths)
        self.sep = "".join("-" * w + " " * _SPACING for w in widths)
        self.length = sum(w + _SPACING for w in widths) - _SPACING

    def title(self, text):
        left = self.length - len(text)
        return "-" * (left // 2) + text + "-" * (left - left // 2)

    def row(self, values):
        return self.fmt.format(*values)


def _fmt_time(ns, unit):
    """A time in ns shown in `unit` with 2 decimals ('-' for inf)."""
    if ns == float("inf"):
        return "-"
    div = {"s": 1e9, "ms": 1e6, "us": 1e3, "ns": 1.0}[unit]
    return f"{ns / div:.2f}"


def _ratio(r):
    """A ratio as a percentage with 2 decimals."""
    return f"{r * 100:.2f}"


def _stats(item, unit, ratio):
    """'total / avg / max / min / ratio' of a row."""
    return (f"{_fmt_time(item.total, unit)} / {_fmt_time(item.avg, unit)} / {_fmt_time(item.max, unit)} / "
            f"{_fmt_time(item.min, unit)} / {_ratio(ratio)}")


_ZERO_GPU = "0.00 / 0.00 / 0.00 / 0.00 / 0.00"


def _sorted(items, sorted_by):
    """Rows in SortedKeys order."""
    key = {SortedKeys.CPUAvg: lambda kv: -kv[1].avg, SortedKeys.CPUMax: lambda kv: -kv[1].max,
           SortedKeys.CPUMin: lambda kv: kv[1].min}.get(sorted_by, lambda kv: -kv[1].total)
    return sorted(items.items(), key=key)


class Statistic:
    """The events of one recorded range, aggregated the way the summary tables need them."""

    def __init__(self, events, meta):
        self.events = events
        self.meta = meta
        self.steps = [e for e in events if e.type is T.ProfileStep]
        self.total = sum(e.duration_ns for e in self.steps)
        self.by_type = collections.defaultdict(list)
        for e in events:
            self.by_type[e.type].append(e)
        self.model = collections.OrderedDict()
        for name, etype in (("ProfileStep", T.ProfileStep), ("Dataloader", T.Dataloader), ("Forward", T.Forward),
                            ("Backward", T.Backward), ("Optimization", T.Optimization)):
            evs = self.by_type.get(etype)
            if evs:
                item = self.model[name] = _Item()
                for e in evs:
                    item.add(e.duration_ns)
        self.ops = collections.OrderedDict()
        children = collections.defaultdict(list)
        for e in events:
            if e.parent is not None:
                children[id(e.parent)].append(e)
        for e in self.by_type.get(T.Operator, ()):
            item = self.ops.setdefault(e.name, _Item())
            item.add(e.duration_ns)
            for c in children.get(id(e), ()):
                item.inner.setdefault(c.name, _Item()).add(c.duration_ns)
        self.udf = collections.OrderedDict()
        for etype in (T.PythonUserDefined, T.UserDefined):
            for e in self.by_type.get(etype, ()):
                self.udf.setdefault(e.name, _Item()).add(e.duration_ns)

    def type_time(self, etype):
        return merged_sum([(e.start_ns, e.end_ns) for e in self.by_type.get(etype, ())])

    def phase_ratio(self, name):
        item = self.model.get(name)
        return item.total / self.total if item is not None and self.total else 0.0


def build_table(stat, sorted_by=SortedKeys.CPUTotal, op_detail=True, thread_sep=False, time_unit="ms",
                views=None):
    """The summary text: each requested view in Paddle's layout, then purepaddle's diagnosis."""
    out = []
    want = (lambda v: True) if views is None else (lambda v: v in views)
    if want(SummaryView.DeviceView):
        out += _device_view(stat)
        if stat.total == 0:
            return "\n".join(out) + "\n"
    if want(SummaryView.OverView):
        out += _overview(stat, time_unit)
    if want(SummaryView.ModelView):
        out += _model_view(stat, time_unit)
    if want(SummaryView.OperatorView):
        out += _item_view(stat, "Operator Summary", stat.ops, sorted_by, time_unit, op_detail, 52, flops=True)
    if want(SummaryView.UDFView) and stat.udf:
        width = max(8, max(len(n) for n in stat.udf))
        out += _item_view(stat, "UserDefined Summary", stat.udf, sorted_by, time_unit, False, width, flops=False,
                          ratio_total=stat.total)
    if want(SummaryView.MemoryView) and stat.meta.get("memory"):
        out += _memory_view(stat.meta["memory"])
    verdict = diagnosis(stat)
    if verdict:
        out += [verdict, ""]
    return "\n".join(out) + "\n"


def _device_view(stat):
    """The Device Summary table."""
    t = _Table([30, 20])
    meta = stat.meta
    out = [t.title("Device Summary"), t.sep, t.row(["Device", "Utilization (%)"]), t.sep,
           t.row(["CPU(Process)", _ratio(meta.get("process_util", 0.0))]),
           t.row(["CPU(System)", _ratio(meta.get("system_util", 0.0))]), t.sep,
           "Note:\nCPU(Process) Utilization = Current process CPU time over all cpu cores / elapsed time, so max "
           "utilization can be reached 100% * number of cpu cores.\nCPU(System) Utilization = All processes CPU time "
           "over all cpu cores(busy time) / (busy time + idle time).\nGPU Utilization = Current process GPU time / "
           "elapsed time.", "-" * t.length, "", ""]
    return out


def _overview(stat, unit):
    """The Overview Summary table."""
    t = _Table([25] * 4)
    rows = {}
    calls = {}
    for etype, evs in stat.by_type.items():
        rows[etype] = stat.type_time(etype)
        calls[etype] = len(evs)
    for name, etype in (("Dataloader", T.Dataloader), ("Forward", T.Forward), ("Backward", T.Backward),
                        ("Optimization", T.Optimization)):
        if name in stat.model:
            rows[etype] = stat.model[name].total
            calls[etype] = stat.model[name].call
    out = [t.title("Overview Summary"), f"Time unit: {unit}", t.sep,
           t.row(["Event Type", "Calls", "CPU Time", "Ratio (%)"]), t.sep]
    items = sorted(rows.items(), key=lambda kv: -kv[1])
    for k, (etype, ns) in enumerate(items):
        indent = "" if k == 0 else "  "
        out.append(t.row([indent + etype.name, calls[etype], _fmt_time(ns, unit),
                          _ratio(ns / stat.total if stat.total else 0)]))
    out += [t.sep, t.row(["", "Calls", "GPU Time", "Ratio (%)"]), t.sep, t.sep,
            "Note:\nIn this table, We sum up all collected events in terms of event type.\nThe time of events "
            "collected on host are presented as CPU Time, and as GPU Time if on device.\nEvents with different types "
            "may overlap or inclusion, e.g. Operator includes OperatorInner, so the sum of ratios is not 100%.\nThe "
            "time of events in the same type with overlap will not calculate twice, and all time is summed after "
            "merged.\nExample:\nThread 1:\n  Operator: |___________|     |__________|\nThread 2:\n  Operator:   "
            "|____________|     |___|\nAfter merged:\n  Result:   |______________|  |__________|\n",
            "-" * t.length, "", ""]
    return out


def _model_view(stat, unit):
    """The Model Summary table (the step split into phases)."""
    if len(stat.model) <= 1:
        return []
    rows = []
    accumulated = 0
    for name, item in stat.model.items():
        label = name if name == "ProfileStep" else "  " + name
        rows.append([label, item.call, _stats(item, unit, item.total / stat.total if stat.total else 0), _ZERO_GPU])
        if name != "ProfileStep":
            accumulated += item.total
    other = stat.total - accumulated
    rows.append(["  Others", "-", f"{_fmt_time(other, unit)} / - / - / - / "
                 f"{_ratio(other / stat.total if stat.total else 0)}", "0.00 / - / - / - / 0.00"])
    t = _Table([15, max(6, *(len(str(r[1])) for r in rows)), max(40, *(len(r[2]) for r in rows)), 40])
    out = [t.title("Model Summary"), f"Time unit: {unit}", t.sep,
           t.row(["Name", "Calls", "CPU Total / Avg / Max / Min / Ratio(%)", "GPU Total / Avg / Max / Min / Ratio(%)"]),
           t.sep]
    out += [t.row(r) for r in rows]
    out += [t.sep, "Note:\nIn this table, GPU time is the sum of all device(GPU) events called in the phase.\n"
            "Unlike overview summary, if two device(GPU) events execute on different streams with overlap time, we "
            "sum them directly here.\n", "-" * t.length, "", ""]
    return out


def _item_view(stat, title, items, sorted_by, unit, detail, name_width, flops, ratio_total=None):
    """The Operator or UserDefined Summary table."""
    if not items:
        return []
    total_cpu = sum(i.total for i in items.values())
    rows = ["Thread: All threads merged"]
    for name, item in _sorted(items, sorted_by):
        denom = ratio_total if ratio_total is not None else total_cpu
        row = [name, item.call, _stats(item, unit, item.total / denom if denom else 0), _ZERO_GPU]
        rows.append(row + ([0] if flops else []))
        if detail:
            for iname, inner in item.inner.items():
                label = iname if len(iname) + 2 <= name_width else iname[:name_width - 5] + "..."
                r = ["  " + label, inner.call, _stats(inner, unit, inner.total / item.total if item.total else 0),
                     _ZERO_GPU]
                rows.append(r + (["-"] if flops else []))
    table_rows = [r for r in rows if not isinstance(r, str)]
    widths = [name_width, max(6, *(len(str(r[1])) for r in table_rows)), max(40, *(len(r[2]) for r in table_rows)), 40]
    if flops:
        widths.append(10)
    t = _Table(widths)
    headers = ["Name", "Calls", "CPU Total / Avg / Max / Min / Ratio(%)", "GPU Total / Avg / Max / Min / Ratio(%)"]
    out = [t.title(title), f"Time unit: {unit}", t.sep, t.row(headers + (["FLOPs"] if flops else [])), t.sep]
    for r in rows:
        out.append(t.title(r) if isinstance(r, str) else t.row(r))
    out += [t.sep, "", ""] if flops else ["", ""]
    return out


def _memory_view(mem):
    """The Memory Summary table (profile_memory)."""
    t = _Table([30, 20, 20])
    out = [t.title("Memory Summary"), "Unit: MB", t.sep, t.row(["Place", "Peak Allocated", "Allocated At End"]), t.sep]
    out.append(t.row(["Place(cpu)", f"{mem['peak'] / 2**20:.2f}", f"{mem['current'] / 2**20:.2f}"]))
    out += [t.sep, "", ""]
    return out


def diagnosis(stat):
    """One line on where the step goes; names the input-bound case and what to change (None if no steps)."""
    if not stat.total or len(stat.model) <= 1:
        return None
    data = stat.phase_ratio("Dataloader")
    shares = {n: stat.phase_ratio(n) for n in ("Dataloader", "Forward", "Backward", "Optimization")}
    parts = ", ".join(f"{n} {v:.0%}" for n, v in shares.items() if v)
    if data >= INPUT_BOUND:
        from .timer import input_bound_advice
        return input_bound_advice(data) + f" (step split: {parts})"
    top = max(shares, key=shares.get)
    return f"Diagnosis: step time split: {parts}; the largest share is {top}."
