"""The benchmark timer behind Profiler(timer_only=True) and step_info(): reader_cost, batch_cost, ips.

Like Paddle's: the first 10 steps are skipped in the summary's max/min/avg; step_info() averages
the steps since its last call. The DataLoader's wait is measured by the profiler's loader patch
(before_reader / after_reader around each batch).
"""
import timeit

SKIP_ITER = 10
INPUT_BOUND = 0.5  # reader share of the step above which the summary says the loop waits for data


class _Averager:
    """Costs since the last reset: total time, iterations, samples."""

    def __init__(self):
        self.reset()

    def reset(self):
        self.iters, self.time, self.samples = 0, 0.0, 0

    def record(self, cost, num_samples=None):
        self.iters += 1
        self.time += cost
        if num_samples:
            self.samples += num_samples

    def average(self):
        return self.time / self.iters if self.iters else 0.0


class _Event:
    """The timing of one profiled loop (a nested evaluation loop pushes its own)."""

    def __init__(self):
        self.reader = _Averager()
        self.batch = _Averager()
        self.total_iters = 0
        self.total_samples = 0
        self.reader_rec = {"max": 0.0, "min": float("inf"), "total": 0.0}
        self.batch_rec = {"max": 0.0, "min": float("inf"), "total": 0.0}
        self.speed_rec = {"max": 0.0, "min": float("inf")}
        self.speed_mode = "samples/s"  # steps/s once a step comes without num_samples
        self.speed_unit = "samples/s"
        self.loader = None
        self.need_record = True

    @staticmethod
    def _update(value, rec):
        if value > rec["max"]:
            rec["max"] = value
        elif value < rec["min"]:
            rec["min"] = value
        if "total" in rec:
            rec["total"] += value

    def record_reader(self, cost):
        self.reader.record(cost)
        if self.total_iters >= SKIP_ITER:
            self._update(cost, self.reader_rec)

    def record_batch(self, cost, num_samples):
        if num_samples is None:
            self.speed_mode = self.speed_unit = "steps/s"
        self.batch.record(cost, num_samples)
        self.total_iters += 1
        if self.total_iters >= SKIP_ITER:
            self._update(cost, self.batch_rec)
            if self.speed_mode == "samples/s":
                speed = float(num_samples) / cost
                self.total_samples += num_samples
            else:
                speed = 1.0 / cost
            self._update(speed, self.speed_rec)

    def speed_average(self):
        b = self.batch
        if self.speed_mode == "samples/s":
            return b.samples / b.time if b.samples and b.iters else 0.0
        return b.iters / b.time if b.iters else 0.0

    def summary(self):
        """{'reader', 'batch', 'ips': {avg, max, min}, 'reader_ratio'} over the steps after the skipped ones."""
        if self.total_iters <= SKIP_ITER:
            return {}
        n = float(self.total_iters - SKIP_ITER)
        reader_avg = self.reader_rec["total"] / n
        batch_avg = self.batch_rec["total"] / n
        if self.speed_mode == "samples/s":
            ips = self.total_samples / self.batch_rec["total"]
        else:
            ips = n / self.batch_rec["total"]
        return {"reader": {"avg": reader_avg, "max": self.reader_rec["max"], "min": self.reader_rec["min"]},
                "batch": {"avg": batch_avg, "max": self.batch_rec["max"], "min": self.batch_rec["min"]},
                "ips": {"avg": ips, "max": self.speed_rec["max"], "min": self.speed_rec["min"]},
                "reader_ratio": reader_avg / batch_avg * 100 if batch_avg else 0.0}


class Benchmark:
    """Step and reader timing shared by every Profiler (Paddle keeps one global benchmark too)."""

    def __init__(self):
        self.events = []
        self.current = None
        self.num_samples = None
        self.start_time = timeit.default_timer()
        self.start_reader = self.start_time

    def begin(self):
        """Start timing a loop (Profiler.start)."""
        self.events.append(_Event())
        self.current = self.events[-1]
        self.start_time = timeit.default_timer()

    def before_reader(self):
        self.start_reader = timeit.default_timer()

    def after_reader(self):
        cost = timeit.default_timer() - self.start_reader
        ev = self.current
        if ev is None or not ev.need_record or cost == 0:
            return
        ev.record_reader(cost)

    def check_loader(self, loader_iter):
        """Pause timing while a different DataLoader (say, evaluation) runs inside the profiled loop."""
        ev = self.current
        if ev is None:
            return
        dataset = getattr(loader_iter, "_dataset", None)
        if ev.need_record:
            if ev.loader is None:
                ev.loader = dataset
            elif ev.loader is not dataset:
                ev.need_record = False
        elif ev.loader is dataset:
            ev.need_record = True
            self.start_time = timeit.default_timer()

    def step(self, num_samples=None):
        """One training step ended (Profiler.step)."""
        self.num_samples = num_samples
        ev = self.current
        if ev is None or not ev.need_record:
            return
        ev.record_batch(timeit.default_timer() - self.start_time, num_samples)
        self.start_time = timeit.default_timer()

    def step_info(self, unit):
        """' reader_cost: .. s batch_cost: .. s ips: .. unit/s' averaged since the last call."""
        ev = self.current
        if ev is None:
            return ""
        msg = ""
        reader_avg = ev.reader.average()
        batch_avg = ev.batch.average()
        if reader_avg:
            msg += f" reader_cost: {reader_avg:.5f} s"
        if batch_avg:
            ev.speed_unit = "steps/s" if ev.speed_mode == "steps/s" else unit + "/s"
            msg += f" batch_cost: {batch_avg:.5f} s"
        speed = ev.speed_average()
        if speed:
            msg += f" ips: {speed:.3f} {ev.speed_unit}"
        ev.reader.reset()
        ev.batch.reset()
        return msg

    def end(self):
        """Stop timing the current loop and print its Perf Summary (Profiler.stop)."""
        if not self.events:
            return
        text = perf_summary(self.current)
        if text:
            print(text)
        self.events.pop()
        self.current = self.events[-1] if self.events else None
        self.start_time = timeit.default_timer()


def _row(item, values):
    """One row of the Perf Summary table."""
    cells = [item.center(15)] + [f"{values[k]:.5f}".center(15) for k in ("avg", "max", "min")]
    return "| " + " | ".join(cells) + " |"


def perf_summary(event):
    """Paddle's 'Perf Summary' table for a loop, plus purepaddle's input-bound verdict; '' if too short."""
    s = event.summary() if event is not None else {}
    if not s:
        return ""
    lines = ["Perf Summary".center(100, "=")]
    if s["reader_ratio"] != 0:
        lines.append(f"Reader Ratio: {s['reader_ratio']:.3f}%")
    lines.append(f"Time Unit: s, IPS Unit: {event.speed_unit}")
    lines.append("| " + " | ".join(["".center(15), "avg".center(15), "max".center(15), "min".center(15)]) + " |")
    if s["reader"]["avg"] != 0:
        lines.append(_row("reader_cost", s["reader"]))
    lines.append(_row("batch_cost", s["batch"]))
    lines.append(_row("ips", s["ips"]))
    if s["reader_ratio"] >= INPUT_BOUND * 100:
        lines.append(input_bound_advice(s["reader_ratio"] / 100))
    return "\n".join(lines)


def input_bound_advice(ratio):
    """The verdict printed when waiting for data dominates the step (the seeds' low-utilisation FAQ)."""
    import os
    cpus = os.cpu_count() or 1
    return (f"Diagnosis: the loop is input-bound: {ratio:.0%} of each step waits for the DataLoader. Load batches in "
            f"worker processes (paddle.io.DataLoader(..., num_workers=N), N up to {cpus} CPUs here), move "
            "preprocessing into the Dataset so the workers run it, and cache decoded samples; a bigger "
            "batch_size also raises the share of compute.")


BENCHMARK = Benchmark()


def benchmark():
    """The global Benchmark."""
    return BENCHMARK
