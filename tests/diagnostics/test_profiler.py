"""paddle.profiler: schedules, the step split, summary tables in Paddle's layout (fixture written by real
Paddle: tests/fixtures/make_profiler_fixtures.py), Chrome traces, and the reader_cost/ips timer."""
import json
import re

import numpy as np
import pytest

import purepaddle as paddle
import purepaddle.profiler as profiler
from purepaddle.profiler import recorder as _rec
from purepaddle._core.op import OP_RAN
from purepaddle._core.op import OPS
from purepaddle.nn.layer.layers import Layer
from tests.checkout import FIXTURES

PADDLE_SUMMARY = open(FIXTURES / "profiler" / "paddle_summary.txt", encoding="utf-8").read()


class DS(paddle.io.Dataset):
    def __init__(self, n=32, work=0):
        self.n, self.work = n, work

    def __getitem__(self, i):
        if self.work:  # a slow reader: CPU work instead of a sleep
            np.sort(np.random.default_rng(i).random(self.work))
        return np.full([8], i, "float32"), np.array([1.0], "float32")

    def __len__(self):
        return self.n


def train(prof, loader, model, opt, record=True):
    for x, y in loader:
        if record:
            with profiler.RecordEvent("my_event"):
                out = model(x)
        else:
            out = model(x)
        loss = paddle.nn.functional.mse_loss(out, y)
        loss.backward()
        opt.step()
        opt.clear_grad()
        prof.step(num_samples=x.shape[0])


def make():
    paddle.seed(0)
    model = paddle.nn.Linear(8, 1)
    return model, paddle.optimizer.Adam(0.01, parameters=model.parameters())


def layout(text):
    """The lines without digits: titles, headers, separators, notes."""
    return [ln.rstrip() for ln in text.splitlines() if ln.strip() and not re.search(r"\d", ln)]


def test_summary_layout_matches_paddle_and_steps_are_split(capsys):
    model, opt = make()
    ready = []
    p = profiler.Profiler(targets=[profiler.ProfilerTarget.CPU], scheduler=(1, 3), on_trace_ready=ready.append)
    p.start()
    train(p, paddle.io.DataLoader(DS(), batch_size=8), model, opt)
    p.stop()
    assert ready == [p]
    p.summary()
    ours = capsys.readouterr().out
    assert layout(ours) == layout(PADDLE_SUMMARY)
    stat = p.statistic()
    assert stat.model["ProfileStep"].call == 2
    for phase in ("Dataloader", "Forward", "Backward", "Optimization"):
        assert stat.model[phase].call == 2, phase
        assert 0 < stat.model[phase].total < stat.total
    assert "matmul_grad" in stat.ops or "linear_grad" in stat.ops
    assert "adam dygraph" in stat.ops and stat.ops["adam dygraph"].call == 4  # weight and bias, 2 steps
    assert "my_event" in stat.udf and stat.udf["my_event"].call == 2
    assert re.search(r"Diagnosis: .*Dataloader \d+%, Forward \d+%, Backward \d+%, Optimization \d+%", ours)


def test_instrumentation_is_removed_after_stop():
    fwd = {cls: cls.__dict__.get("forward") for cls in OPS.values()}
    call = Layer.__call__
    model, opt = make()
    with profiler.Profiler(on_trace_ready=lambda prof: None) as p:
        train(p, paddle.io.DataLoader(DS(8), batch_size=8), model, opt)
    assert _rec._op_hook not in (OP_RAN.active or ())
    assert Layer.__call__ is call
    assert all(cls.__dict__.get("forward") is f for cls, f in fwd.items())


def test_chrome_trace_is_valid_json_with_the_expected_events(tmp_path):
    model, opt = make()
    p = profiler.Profiler(scheduler=(0, 2), on_trace_ready=profiler.export_chrome_tracing(str(tmp_path), "w"),
                          record_shapes=True)
    p.start()
    train(p, paddle.io.DataLoader(DS(24), batch_size=8), model, opt)
    p.stop()
    files = list(tmp_path.glob("w_time_*.paddle_trace.json"))
    assert len(files) == 1
    data = json.loads(files[0].read_text())
    assert data["displayTimeUnit"] == "ms"
    events = [e for e in data["traceEvents"] if e["ph"] == "X"]
    cats = {e["cat"] for e in events}
    assert {"ProfileStep", "Dataloader", "Forward", "Backward", "Optimization", "Operator",
            "PythonUserDefined"} <= cats
    steps = sorted(e["name"].split("[")[0] for e in events if e["cat"] == "ProfileStep")
    assert steps == ["ProfileStep#0", "ProfileStep#1"]
    assert all(e["dur"] >= 0 and isinstance(e["ts"], float) for e in events)
    assert any(e["cat"] == "Operator" and e["args"].get("input_shapes") == [[8, 8], [8, 1]] for e in events)
    assert any(e["cat"] == "Operator" and e["args"].get("input_shapes") == [[8, 1], [1]] for e in events)
    meta = [e for e in data["traceEvents"] if e["ph"] == "M"]
    assert {m["name"] for m in meta} == {"process_name", "thread_name"}
    loaded = profiler.load_profiler_result(str(files[0]))
    assert len(loaded.get_data()) == len(events)


def test_make_scheduler_and_states():
    s = profiler.make_scheduler(closed=1, ready=1, record=2, repeat=2, skip_first=1)
    got = [s(i).name for i in range(10)]
    assert got == ["CLOSED", "CLOSED", "READY", "RECORD", "RECORD_AND_RETURN", "CLOSED", "READY", "RECORD",
                   "RECORD_AND_RETURN", "CLOSED"]
    with pytest.raises(AssertionError, match="Invalid profiler scheduler arguments"):
        profiler.make_scheduler(closed=0, ready=0, record=0)


def test_timer_only_reports_reader_cost_and_input_bound_verdict(capsys):
    model, opt = make()
    p = profiler.Profiler(timer_only=True)
    p.start()
    train(p, paddle.io.DataLoader(DS(14, work=60000), batch_size=1), model, opt, record=False)
    info = p.step_info(unit="images")
    p.stop()
    assert re.fullmatch(r" reader_cost: \d+\.\d{5} s batch_cost: \d+\.\d{5} s ips: \d+\.\d{3} images/s", info)
    out = capsys.readouterr().out
    assert "Perf Summary".center(100, "=") in out
    assert re.search(r"Reader Ratio: \d+\.\d{3}%", out)
    assert "|   reader_cost   |" in out and "|    batch_cost   |" in out and "|       ips       |" in out
    assert _rec._op_hook not in (OP_RAN.active or ())


def test_input_bound_verdict_from_the_timer(monkeypatch, capsys):
    """A fake clock: 8 ms of each 10 ms step waits for the reader (the verdict must say so), then 1 ms of 10."""
    from purepaddle.profiler import timer
    now = [0.0]
    monkeypatch.setattr(timer.timeit, "default_timer", lambda: now[0])
    for wait, want in ((0.008, True), (0.001, False)):
        bench = timer.Benchmark()
        bench.begin()
        for _ in range(14):
            bench.before_reader()
            now[0] += wait
            bench.after_reader()
            now[0] += 0.010 - wait
            bench.step(num_samples=4)
        assert bench.step_info("samples") == f" reader_cost: {wait:.5f} s batch_cost: 0.01000 s ips: 400.000 samples/s"
        bench.end()
        out = capsys.readouterr().out
        # Paddle's timer counts one more batch than reader record after its 10 skipped steps: 64%, not 80%
        ratio = float(re.search(r"Reader Ratio: (\d+\.\d{3})%", out).group(1))
        assert ratio == pytest.approx(wait * 4 / (0.010 * 5) * 100)
        assert ("input-bound: 64% of each step waits for the DataLoader" in out) is want
        assert ("num_workers=N" in out) is want


def test_static_program_ops_are_profiled():
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [4, 3], "float32")
            y = paddle.mean(paddle.nn.functional.relu(x * 2))
        exe = paddle.static.Executor(paddle.CPUPlace())
        with profiler.Profiler(on_trace_ready=lambda prof: None) as p:
            for _ in range(2):
                exe.run(main, feed={"x": np.ones([4, 3], "float32")}, fetch_list=[y])
                p.step()
    finally:
        paddle.disable_static()
    ops = p.statistic().ops
    assert {"scale", "relu", "reduce_mean"} <= set(ops)
    assert ops["relu"].call == 2


def test_summary_arguments():
    model, opt = make()
    with profiler.Profiler(on_trace_ready=lambda prof: None) as p:
        train(p, paddle.io.DataLoader(DS(8), batch_size=8), model, opt)
    text = p.summary_text(sorted_by=profiler.SortedKeys.CPUAvg, op_detail=False, time_unit="us",
                          views=[profiler.SummaryView.OperatorView])
    assert "Operator Summary" in text and "Time unit: us" in text and "Model Summary" not in text
    assert " compute" not in text  # op_detail=False hides the inner rows
    with pytest.raises(ValueError, match="time_unit must be one of"):
        p.summary_text(time_unit="min")


def test_profile_memory_adds_a_memory_summary():
    from purepaddle.device import memory as _mem
    net = paddle.nn.Linear(64, 64)
    with profiler.Profiler(on_trace_ready=lambda prof: None, profile_memory=True) as p:
        for _ in range(2):
            net(paddle.ones([32, 64])).sum().backward()
            p.step()
    text = p.summary_text(views=profiler.SummaryView.MemoryView)
    assert "Memory Summary" in text and "Peak Allocated" in text
    peak = float(text.split("Place(cpu)")[1].split()[0])
    assert peak >= 32 * 64 * 4 / 2**20  # at least the batch's activations
    assert _mem._memory_hook not in (OP_RAN.active or ())  # the profiler stops the tracker it started
