"""Autograd state is per thread (issue 13, "Threads"): grad mode, the engine's backward switch, auto_cast and
saved_tensors_hooks of one thread never reach another, and threads training their own models get exactly the
single-thread results. Static mode follows Paddle's rule (checked against real Paddle below)."""
import json
import subprocess
import sys
import threading

import numpy as np
import pytest

import purepaddle as paddle
from purepaddle._core.mode import STATE
from tests.checkout import child_env

N_THREADS, STEPS = 4, 100


def _run(target, n, *args):
    """Run target(k, *args) in n threads started together; re-raise the first failure."""
    errors = []

    def body(k):
        try:
            target(k, *args)
        except BaseException as e:  # noqa: BLE001 - handed back to the test
            errors.append(e)

    threads = [threading.Thread(target=body, args=(k,)) for k in range(n)]
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)  # switch threads often: interleave every op of every thread
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
    finally:
        sys.setswitchinterval(old)
    if errors:
        raise errors[0]
    assert not any(t.is_alive() for t in threads)


def _model(seed):
    """A small model, its optimizer and its data; weights from NumPy (the global generator is shared)."""
    rng = np.random.default_rng(seed)
    net = paddle.nn.Sequential(paddle.nn.Linear(6, 12), paddle.nn.Tanh(), paddle.nn.Linear(12, 1))
    for p in net.parameters():
        p.set_value((rng.standard_normal(p.shape) * 0.3).astype("float32"))
    opt = paddle.optimizer.Adam(learning_rate=0.01, parameters=net.parameters())
    data = rng.standard_normal((STEPS, 16, 7)).astype("float32")
    return net, opt, data


def _train(net, opt, data):
    """STEPS steps; a no_grad evaluation and a paddle.grad in between. Returns every number it saw."""
    losses, evals = [], []
    for batch in data:
        x, y = paddle.to_tensor(batch[:, :6]), paddle.to_tensor(batch[:, 6:])
        loss = ((net(x) - y) ** 2).mean()
        assert not loss.stop_gradient
        loss.backward()
        opt.step()
        opt.clear_grad()
        with paddle.no_grad():
            evals.append(float(net(x).sum()))
        losses.append(float(loss))
    return losses, evals, [p.numpy().copy() for p in net.parameters()]


def test_threads_training_their_own_models_match_the_single_thread_run():
    alone = [_train(*_model(k)) for k in range(N_THREADS)]
    models = [_model(k) for k in range(N_THREADS)]
    got = [None] * N_THREADS

    def work(k):
        got[k] = _train(*models[k])

    _run(work, N_THREADS)
    for k in range(N_THREADS):
        assert got[k][0] == alone[k][0] and got[k][1] == alone[k][1], f"model {k}"
        for a, b in zip(got[k][2], alone[k][2]):
            np.testing.assert_array_equal(a, b)
    assert paddle.is_grad_enabled()


def test_no_grad_in_one_thread_does_not_stop_another_from_recording():
    inside, go, done = threading.Event(), threading.Event(), threading.Event()
    seen = {}

    def quiet(k):
        with paddle.no_grad():
            inside.set()
            go.wait(30)
            seen["quiet"] = paddle.is_grad_enabled()
        done.set()

    def busy(k):
        inside.wait(30)
        x = paddle.ones([2])
        x.stop_gradient = False
        y = x * 3
        seen["busy_records"] = not y.stop_gradient and paddle.is_grad_enabled()
        y.sum().backward()
        seen["busy_grad"] = x.grad.numpy().tolist()
        go.set()

    _run(lambda k: (quiet, busy)[k](k), 2)
    assert seen == {"quiet": False, "busy_records": True, "busy_grad": [3.0, 3.0]}
    assert paddle.is_grad_enabled()


def test_a_new_thread_records_even_when_its_parent_is_inside_no_grad():
    seen = []
    with paddle.no_grad():
        _run(lambda k: seen.append(paddle.is_grad_enabled()), 1)
    assert seen == [True]  # as in Paddle and torch: a thread starts with grad on


def test_interleaved_guards_restore_each_threads_own_state():
    """Threads enter no_grad / enable_grad / set_grad_enabled (one shared no_grad object too) together and
    leave the shared guard in the reverse order of a stack (first in, first out): each thread gets its own
    state back, and nothing stays switched off."""
    shared = paddle.no_grad()  # one guard object entered by every thread
    barrier = threading.Barrier(3)
    turn = [threading.Event() for _ in range(3)]
    seen = {}

    def work(k):
        trace = []
        with shared:
            barrier.wait()
            trace.append(paddle.is_grad_enabled())
            with paddle.enable_grad():
                barrier.wait()
                trace.append(paddle.is_grad_enabled())
                with paddle.set_grad_enabled(False):
                    barrier.wait()
                    trace.append(paddle.is_grad_enabled())
                trace.append(paddle.is_grad_enabled())
            trace.append(paddle.is_grad_enabled())
            barrier.wait()
            turn[k].wait(30)  # thread 0 leaves first, while the others are still inside
        trace.append(paddle.is_grad_enabled())
        if k + 1 < 3:
            turn[k + 1].set()
        seen[k] = trace

    turn[0].set()
    _run(work, 3)
    assert seen == {k: [False, True, False, True, False, True] for k in range(3)}
    assert paddle.is_grad_enabled()


def test_decorated_no_grad_called_from_many_threads():
    @paddle.no_grad()
    def evaluate(x):
        return x * 2

    results = []

    def work(k):
        x = paddle.ones([3])
        x.stop_gradient = False
        for _ in range(200):
            y = evaluate(x)
            z = x * 2
            results.append((y.stop_gradient, z.stop_gradient, paddle.is_grad_enabled()))

    _run(work, 4)
    assert set(results) == {(True, False, True)}


def test_backward_in_one_thread_while_another_runs_forward():
    """The engine turns grad off for its own walk only: the forward thread keeps recording throughout."""
    stop = threading.Event()
    counts = {"recorded": 0, "not": 0}

    def backwards(k):
        w = paddle.to_tensor(np.ones((32, 32), "float32"))
        w.stop_gradient = False
        for _ in range(100):
            h = w
            for _ in range(10):
                h = paddle.tanh(paddle.matmul(h, w))
            h.sum().backward()
            w.clear_grad()
        stop.set()

    def forwards(k):
        v = paddle.ones([4])
        v.stop_gradient = False
        while not stop.is_set():
            out = paddle.exp(v) * 2
            counts["recorded" if not out.stop_gradient else "not"] += 1

    _run(lambda k: (backwards, forwards)[k](k), 2)
    assert counts["not"] == 0 and counts["recorded"] > 0


def test_auto_cast_in_one_thread_casts_only_that_threads_ops(cpu_amp):
    inside, go = threading.Event(), threading.Event()
    seen = {}
    a = paddle.ones([4, 4])

    def casting(k):
        with paddle.amp.auto_cast():
            inside.set()
            go.wait(30)
            seen["casting"] = (paddle.matmul(a, a).dtype, paddle.amp.is_autocast_enabled())
        seen["casting_after"] = paddle.matmul(a, a).dtype

    def plain(k):
        inside.wait(30)
        seen["plain"] = (paddle.matmul(a, a).dtype, paddle.amp.is_autocast_enabled())
        go.set()

    _run(lambda k: (casting, plain)[k](k), 2)
    assert seen == {"casting": (paddle.float16, True), "plain": (paddle.float32, False),
                    "casting_after": paddle.float32}
    assert not paddle.amp.is_autocast_enabled()


def test_one_auto_cast_object_entered_by_threads_leaving_out_of_order(cpu_amp):
    guard = paddle.amp.auto_cast()
    barrier = threading.Barrier(2)
    seen = {}

    def work(k):
        a = paddle.ones([2, 2])
        with guard:
            barrier.wait()
            if k == 0:
                barrier.wait()  # thread 1 leaves first
            seen[k] = [paddle.matmul(a, a).dtype]
        seen[k].append(paddle.matmul(a, a).dtype)
        if k == 1:
            barrier.wait()

    _run(work, 2)
    assert seen == {0: [paddle.float16, paddle.float32], 1: [paddle.float16, paddle.float32]}


def test_saved_tensors_hooks_apply_to_the_installing_threads_ops_only():
    inside, go = threading.Event(), threading.Event()
    packed = []

    def hooked(k):
        def pack(t):
            packed.append(k)
            return t

        with paddle.autograd.saved_tensors_hooks(pack, lambda t: t):
            x = paddle.ones([2])
            x.stop_gradient = False
            (x * x).sum()
            inside.set()
            go.wait(30)

    def other(k):
        inside.wait(30)
        x = paddle.ones([2])
        x.stop_gradient = False
        y = x * x
        y.sum().backward()
        go.set()

    _run(lambda k: (hooked, other)[k](k), 2)
    assert packed and set(packed) == {0}  # only the hooked thread's ops packed what they saved


def test_unique_names_drawn_by_many_threads_never_repeat():
    names = []
    _run(lambda k: names.extend(paddle.utils.unique_name.generate("thread_test") for _ in range(500)), 4)
    assert len(set(names)) == 2000


def test_static_mode_per_thread_and_state_is_restored():
    assert STATE.static is False and paddle.in_dynamic_mode()
    seen = {}
    paddle.enable_static()
    try:
        _run(lambda k: seen.__setitem__("child", paddle.in_dynamic_mode()), 1)
    finally:
        paddle.disable_static()
    _run(lambda k: seen.__setitem__("child_after", paddle.in_dynamic_mode()), 1)
    assert seen == {"child": False, "child_after": True}


# The same script under real Paddle and purepaddle: what a thread sees of the mode its parent set (new threads
# start in the mode most recently set; a running thread keeps its own), of grad mode and of no_grad.
MODE_SCRIPT = r"""
import json, threading
import paddle
res = {}
def child(tag):
    res[tag + "_dynamic"] = paddle.in_dynamic_mode()
    res[tag + "_grad"] = paddle.is_grad_enabled()
    x = paddle.ones([2])
    x.stop_gradient = False
    res[tag + "_records"] = not (x * 2).stop_gradient
with paddle.no_grad():
    t = threading.Thread(target=child, args=("in_no_grad",)); t.start(); t.join()
paddle.enable_static()
t = threading.Thread(target=lambda: res.__setitem__("started_static", paddle.in_dynamic_mode())); t.start(); t.join()
paddle.disable_static()
read, switched = threading.Event(), threading.Event()
def running():
    res["running_before"] = paddle.in_dynamic_mode()
    read.set(); switched.wait()
    res["running_after"] = paddle.in_dynamic_mode()
t = threading.Thread(target=running); t.start(); read.wait()
paddle.enable_static(); switched.set(); t.join()
res["main_static"] = not paddle.in_dynamic_mode()
paddle.disable_static()
def off():
    paddle.set_grad_enabled(False)
    res["off_inside"] = paddle.is_grad_enabled()
t = threading.Thread(target=off); t.start(); t.join()
res["main_after_off"] = paddle.is_grad_enabled()
print("RESULT " + json.dumps(res, sort_keys=True))
"""


def _result(python, tmp_path, args=()):
    script = tmp_path / "modes.py"
    script.write_text(MODE_SCRIPT)
    r = subprocess.run([str(python), *args, str(script)], capture_output=True, text=True, timeout=300,
                       env=child_env(), cwd=tmp_path)
    assert r.returncode == 0, r.stderr[-3000:]
    line = [ln for ln in r.stdout.splitlines() if ln.startswith("RESULT ")][-1]
    return json.loads(line[len("RESULT "):])


def test_thread_modes_match_real_paddle(tmp_path, ref_python):
    ours = _result(sys.executable, tmp_path, ("-m", "purepaddle"))
    assert ours == _result(ref_python, tmp_path)
    assert ours["running_after"] is True and ours["started_static"] is False and ours["in_no_grad_records"]
