"""paddle.autograd.explain_no_grad: which parameters get no gradient and why, on the seeds' FAQs
(stop_gradient in the middle of a network; freezing a layer), checked against what backward really does."""
import pytest

import purepaddle as paddle
from purepaddle._core.op import OP_RAN


def no_grad_names(params):
    return sorted(p.name for p in params if p.grad is None)


def test_faq_stop_gradient_in_the_middle_cuts_every_layer_before_it():
    fc1, fc2, fc3 = paddle.nn.Linear(4, 4), paddle.nn.Linear(4, 4), paddle.nn.Linear(4, 1)
    params = fc1.parameters() + fc2.parameters() + fc3.parameters()
    with paddle.autograd.trace_grad_flow() as tracer:
        h = fc2(fc1(paddle.ones([2, 4])))
        h.stop_gradient = True
        loss = fc3(h).mean()
    report = paddle.autograd.explain_no_grad(loss, params)
    loss.backward()
    assert sorted(report.names()) == no_grad_names(params)
    assert set(report.names()) == {p.name for p in fc1.parameters() + fc2.parameters()}
    for e in report:
        assert e["reason"] == "stop_gradient=True was set on an intermediate tensor"
        assert "test_grad_flow.py" in e["detail"] and "h = fc2(fc1(paddle.ones([2, 4])))" in e["detail"]
    assert tracer._hook not in (OP_RAN.active or ())  # the tracer is gone after its block


def test_faq_freeze_a_layer_trainable_false_and_learning_rate_zero():
    frozen = paddle.nn.Linear(3, 3, weight_attr=paddle.ParamAttr(trainable=False))
    slow = paddle.nn.Linear(3, 1, weight_attr=paddle.ParamAttr(learning_rate=0.0))
    loss = slow(frozen(paddle.ones([1, 3]))).sum()
    params = frozen.parameters() + slow.parameters()
    report = paddle.autograd.explain_no_grad(loss, params)
    loss.backward()
    assert report.names() == [frozen.weight.name] == no_grad_names(params)
    assert report[0]["reason"].startswith("trainable=False")
    assert any("learning_rate=0" in n and slow.weight.name in n for n in report.notes)


def test_no_grad_detach_integer_op_and_unused():
    a, b, c, d, unused = (paddle.nn.Linear(2, 2) for _ in range(5))
    x = paddle.ones([1, 2])
    with paddle.autograd.trace_grad_flow():
        with paddle.no_grad():
            ha = a(x)
        hb = b(x).detach()
        hc = paddle.argmax(c(x), axis=-1, keepdim=True).astype("float32")
        loss = d(ha + hb + hc).sum()
    params = [a.weight, b.weight, c.weight, d.weight, unused.weight]
    report = paddle.autograd.explain_no_grad(loss, params)
    loss.backward()
    reasons = {e["name"]: e["reason"] for e in report}
    assert sorted(reasons) == no_grad_names(params)
    assert reasons[a.weight.name] == "computed inside a no_grad region"
    assert reasons[b.weight.name] == "detach() cut the graph"
    assert reasons[c.weight.name] == "an integer-valued or non-differentiable op"
    assert reasons[unused.weight.name].startswith("unused in the forward")
    assert d.weight.name not in reasons
    text = str(report)
    assert text.startswith("4 of 5 parameters get no gradient from the loss:")


def test_without_a_tracer_it_still_says_which_and_how_to_find_where():
    fc1, fc2 = paddle.nn.Linear(2, 2), paddle.nn.Linear(2, 1)
    loss = fc2(fc1(paddle.ones([1, 2])).detach()).sum()
    report = paddle.autograd.explain_no_grad(loss, fc1.parameters() + fc2.parameters())
    assert report.names() == [p.name for p in fc1.parameters()]
    assert "trace_grad_flow" in report[0]["detail"]
    with paddle.no_grad():
        dead = fc2(paddle.ones([1, 2])).sum()
    r = paddle.autograd.explain_no_grad(dead, fc2.parameters())
    assert len(r) == 2 and "the loss has stop_gradient=True" in r.notes[0]
    with pytest.raises(TypeError, match="loss must be a Tensor"):
        paddle.autograd.explain_no_grad(3.0, fc2.parameters())
    with pytest.raises(ValueError, match="pass `parameters`"):
        paddle.autograd.explain_no_grad(dead)


def test_static_faq_stop_gradient_matches_append_backward():
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [None, 2])
            fc1, fc2, fc3 = paddle.nn.Linear(2, 2), paddle.nn.Linear(2, 1), paddle.nn.Linear(2, 2)
            h = fc1(x)
            h.stop_gradient = True
            loss = paddle.mean(fc2(h))
            report = paddle.autograd.explain_no_grad(loss)
            with_grad = [p.name for p, _ in paddle.static.append_backward(loss)]
    finally:
        paddle.disable_static()
    names = {p.name for p in main.global_block().all_parameters()}
    assert set(report.names()) == names - set(with_grad)
    reasons = {e["name"]: e["reason"] for e in report}
    assert reasons[fc1.weight.name].startswith("stop_gradient=True on intermediate variable '" + h.name)
    assert reasons[fc3.weight.name].startswith("unused in the forward")
