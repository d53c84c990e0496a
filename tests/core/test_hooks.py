"""The registry of hook points (purepaddle/_core/hooks.py): slots stack, listeners come and go, and the
diagnostics that use them leave nothing installed when they stop."""
import numpy as np
import pytest

import purepaddle as paddle
from purepaddle import profiler
from purepaddle._core import hooks
from purepaddle._core.dispatch import BUILDER
from purepaddle._core.op import OP_RAN

# points that stay installed for the whole session (the tensor maker and backward engine, the static floor's
# builders and program codec, the framework's readers, distributed's SyncBatchNorm sums)
STANDING = {"tensor_make", "backward_engine", "static_builder", "const_builder", "program_codec", "flag_reader",
            "pickle_codec", "batch_stats_sync"}


def _point(kind):
    name = f"test_{kind}_{len(hooks.declared())}"
    return hooks.declare(name, "a point for this test", kind)


def test_slot_installs_stack_and_remove_out_of_order():
    p = _point("slot")
    a, b, c = object(), object(), object()
    ha, hb, hc = p.install(a), p.install(b), p.install(c)
    hb.remove()                 # the middle one leaves: c stays, and its removal gives back a
    assert p.active is c
    hc.remove()
    assert p.active is a
    ha.remove()
    assert p.active is None
    with p.install(a):
        assert p.swap(None) is a and p.active is None
        p.swap(a)
    assert p.active is None


def test_listeners_keep_order_skip_duplicates_and_match_bound_methods():
    p = _point("listeners")

    class Seen:
        def hook(self):
            pass

    s = Seen()
    f = lambda: None  # noqa: E731
    p.install(s.hook)
    p.install(f)
    p.install(s.hook)  # a second install is a no-op
    assert p.active == (s.hook, f) and p.installed(s.hook)
    p.remove(s.hook)   # a bound method made anew matches
    assert p.active == (f,)
    p.remove(f)
    assert p.active is None


def test_a_per_thread_point_keeps_each_threads_installs_apart():
    import threading
    p = hooks.declare(f"test_thread_{len(hooks.declared())}", "a point for this test", per_thread=True)
    a, b = object(), object()
    seen = {}

    def other():
        seen["start"] = p.active
        with p.install(b):
            seen["inside"] = p.active
        seen["end"] = p.active

    with p.install(a):
        t = threading.Thread(target=other)
        t.start()
        t.join()
        assert p.active is a and p.per_thread and "per thread" in repr(p)
    assert p.active is None and seen == {"start": None, "inside": b, "end": None}


def test_declaring_twice_or_an_unknown_kind_is_refused():
    with pytest.raises(ValueError, match="already declared"):
        hooks.declare("amp", "again")
    with pytest.raises(ValueError, match="kind"):
        hooks.declare("test_bad_kind", "doc", "hooks")
    with pytest.raises(KeyError, match="no hook point"):
        hooks.get("no_such_point")
    assert hooks.get("amp").module == "purepaddle._core.dispatch"


def test_a_trace_inside_a_trace_gives_back_the_outer_builder():
    outer_seen, inner_seen = [], []
    base = BUILDER.active

    def outer(op_cls, inputs, attrs):
        outer_seen.append(op_cls.type)
        return base(op_cls, inputs, attrs)

    def inner(op_cls, inputs, attrs):
        inner_seen.append(op_cls.type)
        return base(op_cls, inputs, attrs)

    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main):
            x = paddle.static.data("x", [2])
            with BUILDER.install(outer):
                with BUILDER.install(inner):
                    x * 2
                x + 1
            x - 1
    finally:
        paddle.disable_static()
    assert BUILDER.active is base
    assert inner_seen == ["scale"] and outer_seen == ["scale"]


def test_diagnostics_leave_every_point_idle(cpu_amp):
    net = paddle.nn.Linear(4, 4)
    opt = paddle.optimizer.SGD(parameters=net.parameters())
    with profiler.Profiler(on_trace_ready=lambda prof: None, profile_memory=True) as prof:
        for _ in range(2):
            net(paddle.ones([2, 4])).sum().backward()
            opt.step()
            prof.step()
    with paddle.autograd.trace_grad_flow():
        net(paddle.ones([2, 4])).detach()
    with paddle.amp.auto_cast():
        net(paddle.ones([2, 4]))
    busy = {n: p.active for n, p in hooks.declared().items() if p.active is not None and n not in STANDING
            and not n.startswith("test_")}
    assert busy == {}
    assert OP_RAN.active is None


def test_op_ran_listeners_see_eager_ops_with_the_kernel_span():
    from purepaddle._core.op import KERNEL_SPAN
    seen = []

    def hook(op, ins, outs):
        seen.append((op.type, KERNEL_SPAN.op is op, KERNEL_SPAN.end_ns >= KERNEL_SPAN.start_ns))

    x = paddle.to_tensor(np.ones(3, "float32"), stop_gradient=False)
    with OP_RAN.install(hook):
        y = (x * 2).sum()
        y.backward()
    assert ("scale", True, True) in seen and ("reduce_sum", True, True) in seen
    np.testing.assert_allclose(x.grad.numpy(), [2, 2, 2])
