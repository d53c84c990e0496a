"""paddle.optimizer API behaviour checked against real Paddle 3.3.1: argument errors, learning rates,
state_dict naming and loading checks, clear_grad, minimize (dynamic and static), multi_precision."""
import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.optimizer import SGD, Adam, Momentum


def _param(shape=(2,), value=1.0, dtype="float32", name=None):
    p = paddle.create_parameter(list(shape), dtype, name=name)
    p.set_value(np.full(shape, value, dtype=dtype))
    return p


def _backward(*params, scale=3.0):
    sum(((p.astype("float32") if p.dtype != paddle.float32 else p) * scale).sum() for p in params).backward()


# -- construction ------------------------------------------------------------------------------
@pytest.mark.parametrize("lr,msg", [(1, "<class 'int'>"), ("a", "<class 'str'>")])
def test_learning_rate_type(lr, msg):
    with pytest.raises(TypeError, match=f"learning rate should be float or LRScheduler, got {msg} here"):
        SGD(lr, parameters=[_param()])


def test_parameters_checks():
    w = _param()
    with pytest.raises(AttributeError, match="should not be None in dygraph mode"):
        SGD(0.1)
    with pytest.raises(TypeError, match="should be an iterable of paddle Tensors"):
        SGD(0.1, parameters=w)
    with pytest.raises(TypeError, match="should not get dict type"):
        SGD(0.1, parameters={"params": [w]})
    with pytest.raises(ValueError, match="some parameters appear in more than one parameter group"):
        SGD(0.1, parameters=[{"params": [w]}, {"params": [w]}])
    with pytest.raises(TypeError, match="should be an instance of GradientClipBase"):
        SGD(0.1, parameters=[w], grad_clip=1.0)


@pytest.mark.parametrize("make,exc,msg", [
    (lambda w: Adam(0.1, beta1=1.0, parameters=[w]), ValueError, r"Invalid value of beta1, expect beta1 in \[0,1\)."),
    (lambda w: Adam(0.1, epsilon=-1, parameters=[w]), ValueError, "Invalid value of epsilon"),
    (lambda w: Momentum(None, parameters=[w]), ValueError, "learning_rate is not set"),
    (lambda w: Momentum(0.1, momentum=None, parameters=[w]), ValueError, "momentum is not set"),
    (lambda w: paddle.optimizer.RMSProp(0.1, rho=-1.0, parameters=[w]), ValueError, "Invalid value of rho"),
    (lambda w: paddle.optimizer.AdamW(0.1, weight_decay="x", parameters=[w]), TypeError,
     "weight_decay should be int, float or Tensor."),
    (lambda w: paddle.optimizer.NAdam(-0.1, parameters=[w]), ValueError, "Invalid learning rate: -0.1"),
    (lambda w: paddle.optimizer.ASGD(0.1, batch_num=0, parameters=[w]), ValueError, "batch_num should be greater"),
    (lambda w: paddle.optimizer.Rprop(0.1, etas=(1.5, 1.2), parameters=[w]), ValueError, "etas"),
])
def test_hyper_parameter_checks(make, exc, msg):
    with pytest.raises(exc, match=msg):
        make(_param())


def test_weight_decay_becomes_l2decay():
    w = _param()
    assert str(SGD(0.1, parameters=[w], weight_decay=1).regularization) == "L2Decay, coeff=1.000000"
    assert Momentum(0.1, parameters=[w], weight_decay=0.1).regularization is None  # fused into the op
    assert paddle.optimizer.AdamW(0.1, parameters=[w]).regularization is None


# -- learning rate -----------------------------------------------------------------------------
def test_get_set_lr():
    opt = Adam(0.1, parameters=[_param()])
    assert opt.get_lr() == 0.1
    opt.set_lr(1)
    assert opt.get_lr() == 1.0 and isinstance(opt.get_lr(), float)
    with pytest.raises(TypeError, match="The type of 'value' in optimizer.set_lr must be float"):
        opt.set_lr("x")
    opt.set_lr_scheduler(paddle.optimizer.lr.StepDecay(0.5, 2))
    assert opt.get_lr() == 0.5
    with pytest.raises(RuntimeError, match="can't be LRScheduler when invoke this API"):
        opt.set_lr(0.2)
    with pytest.raises(TypeError, match="must be LRScheduler"):
        opt.set_lr_scheduler(0.1)


def test_learning_rate_zero_freezes_parameter():
    p = _param()
    p.optimize_attr["learning_rate"] = 0.0
    opt = Adam(0.1, parameters=[p])
    _backward(p)
    opt.step()
    np.testing.assert_array_equal(p.numpy(), [1.0, 1.0])
    np.testing.assert_array_equal(p.grad.numpy(), [3.0, 3.0])


def test_lr_is_float32_for_float32_parameters():
    p = _param(value=0.0)
    SGD(0.1, parameters=[p])
    opt = SGD(0.1, parameters=[p])
    _backward(p, scale=1.0)
    opt.step()
    assert p.numpy()[0] == np.float32(-np.float32(0.1))


# -- the step ----------------------------------------------------------------------------------
def test_update_in_place_and_skips():
    w, frozen, unused = _param(), _param(), _param()
    frozen.stop_gradient = True
    opt = Adam(0.1, parameters=[w, frozen, unused])
    data = w._data
    version = w.inplace_version
    _backward(w, frozen)
    opt.step()
    assert w._data is data and w.inplace_version == version + 1
    np.testing.assert_array_equal(frozen.numpy(), [1.0, 1.0])
    np.testing.assert_array_equal(unused.numpy(), [1.0, 1.0])
    assert all(k.startswith(w.name) for k in opt.state_dict())  # accumulators only for updated params


def test_step_records_no_graph():
    w = _param()
    opt = paddle.optimizer.SGD(0.1, parameters=[w], weight_decay=paddle.regularizer.L1Decay(0.1),
                               grad_clip=paddle.nn.ClipGradByGlobalNorm(1.0))
    _backward(w)
    opt.step()
    assert w.is_leaf and not w.stop_gradient


def test_float64_parameters_keep_float64_state():
    d = _param(dtype="float64")
    opt = Adam(0.1, parameters=[d])
    _backward(d)
    opt.step()
    assert d.dtype == paddle.float64
    assert all(v.dtype == paddle.float64 for v in opt.state_dict().values())
    np.testing.assert_allclose(d.numpy(), [0.9, 0.9], rtol=1e-8)


def test_multi_precision_master_weights():
    h = _param((3,), 1.0, "float16", name="h16")
    ref = _param((3,), 1.0, "float32", name="h32")
    opt = Adam(0.1, parameters=[h], multi_precision=True)
    opt_ref = Adam(0.1, parameters=[ref])
    for _ in range(3):
        _backward(h, ref)
        opt.step()
        opt_ref.step()
        opt.clear_grad()
        opt_ref.clear_grad()
    sd = opt.state_dict()
    assert h.dtype == paddle.float16
    master = sd["master_weights"]["h16"]
    assert master.dtype == paddle.float32 and master.name.startswith("h16_fp32_master_")
    assert any(k.startswith(master.name + "_moment1_") for k in sd)
    np.testing.assert_allclose(master.numpy(), ref.numpy(), rtol=1e-6)
    np.testing.assert_allclose(h.numpy(), ref.numpy().astype("float16"))


def test_adam_rejects_weight_decay_with_sparse_grads():
    e = _param((4, 2))
    opt = Adam(0.1, parameters=[e], weight_decay=0.1)
    paddle.nn.functional.embedding(paddle.to_tensor([1]), e, sparse=True).sum().backward()
    with pytest.raises(RuntimeError, match="Adam don't support weight_decay with sparse parameters"):
        opt.step()


def test_clear_grad():
    q = _param()
    opt = SGD(0.5, parameters=[q])
    _backward(q)
    opt.clear_grad()
    np.testing.assert_array_equal(q.grad.numpy(), [0.0, 0.0])
    opt.clear_grad(set_to_zero=False)
    assert q.grad is None
    _backward(q)
    opt.zero_grad()
    assert q.grad is None
    assert opt.clear_gradients.__func__ is SGD.clear_grad


def test_clear_grad_drops_row_sparse_gradient():
    e = _param((4, 2))
    opt = SGD(0.5, parameters=[e])
    paddle.nn.functional.embedding(paddle.to_tensor([1]), e, sparse=True).sum().backward()
    opt.clear_grad()
    assert e.grad is None


def test_minimize_dygraph():
    q = _param()
    opt = SGD(0.5, parameters=[q])
    loss = (q * 2).sum()
    loss.backward()
    ops, params_grads = opt.minimize(loss)
    assert ops == [] and [(p.name, g.numpy().tolist()) for p, g in params_grads] == [(q.name, [2.0, 2.0])]
    np.testing.assert_array_equal(q.numpy(), [0.0, 0.0])


# -- state_dict --------------------------------------------------------------------------------
def _trained(make, steps=2):
    with paddle.utils.unique_name.guard():
        w = _param((2, 2), 0.5, name="w")
        opt = make([w])
        for _ in range(steps):
            _backward(w)
            opt.step()
            opt.clear_grad()
    return w, opt


def test_state_dict_names_and_round_trip():
    make = lambda ps: Adam(paddle.optimizer.lr.StepDecay(0.1, 1), parameters=ps)  # noqa: E731
    w, opt = _trained(make)
    assert opt.state_dict().keys() == {"w_moment1_0", "w_moment2_0", "w_beta1_pow_acc_0", "w_beta2_pow_acc_0",
                                       "LR_Scheduler"}
    assert opt.state_dict()["w_beta1_pow_acc_0"].shape == [1]
    saved = {k: (v.numpy() if hasattr(v, "numpy") else dict(v)) for k, v in opt.state_dict().items()}
    # a fresh optimizer (same names, as in a new process) continues exactly like the original
    with paddle.utils.unique_name.guard():
        w2 = _param((2, 2), 0.5, name="w")
        w2.set_value(w.numpy())
        opt2 = make([w2])
        opt2.set_state_dict(saved)
    assert opt2.state_dict() == saved  # nothing created yet: the held state is reported
    for o, p in ((opt, w), (opt2, w2)):
        _backward(p)
        o.step()
    np.testing.assert_array_equal(w.numpy(), w2.numpy())
    assert opt2._learning_rate.last_epoch == opt._learning_rate.last_epoch


def test_set_state_dict_missing_accumulator():
    _, opt = _trained(lambda ps: paddle.optimizer.Adagrad(0.1, parameters=ps))
    saved = opt.state_dict()
    with pytest.raises(AssertionError, match="optimizer Tensor w_moment_0 not found"):
        opt.set_state_dict({})
    # loaded before the accumulators exist: checked when they are created at the first step
    with paddle.utils.unique_name.guard():
        w = _param((2, 2), name="w")
        fresh = paddle.optimizer.Adagrad(0.1, parameters=[w])
        paddle.utils.unique_name.generate("w_moment")  # the new accumulator becomes w_moment_1
        fresh.set_state_dict(saved)
        _backward(w)
        with pytest.raises(AssertionError, match="Optimizer set error, w_moment_1 should in state dict"):
            fresh.step()


def test_lr_scheduler_state_required():
    _, opt = _trained(lambda ps: SGD(paddle.optimizer.lr.StepDecay(0.1, 1), parameters=ps))
    with pytest.raises(AssertionError, match="LR_Scheduler state must be included in the state dict"):
        opt.set_state_dict({})
    _, opt = _trained(lambda ps: SGD(paddle.optimizer.lr.LambdaDecay(0.1, lambda e: 0.5), parameters=ps))
    opt.set_state_dict({})  # LambdaDecay is exempt


# -- static graph ------------------------------------------------------------------------------
def _static_train(make, steps=3, scheduler=None):
    """fc-like model (fc.w_0, fc.b_0) trained by `make()`.minimize in a static program."""
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.utils.unique_name.guard(), paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [4, 2], "float32")
            w = paddle.static.create_parameter([2, 1], "float32", name="fc.w_0",
                                               default_initializer=paddle.nn.initializer.Constant(0.5))
            b = paddle.static.create_parameter([1], "float32", name="fc.b_0", is_bias=True)
            loss = paddle.mean(paddle.matmul(x, w) + b)
            opt = make()
            ops, params_grads = opt.minimize(loss)
        exe = paddle.static.Executor()
        scope = paddle.static.Scope()
        xs = np.arange(8, dtype="float32").reshape(4, 2) / 8
        fetched = []
        with paddle.static.scope_guard(scope):
            exe.run(startup)
            for _ in range(steps):
                fetched.append(exe.run(main, feed={"x": xs}, fetch_list=[loss, loss.name + "@GRAD", "fc.b_0@GRAD"]))
                if scheduler is not None:
                    scheduler.step()
            values = {n: np.array(scope.find_var(n).get_tensor()) for n in ("fc.w_0", "fc.b_0")}
            accs = {v.name: np.array(scope.find_var(v.name).get_tensor()) for v in main.list_vars()
                    if v.persistable and scope.find_var(v.name) is not None}
        return main, startup, ops, params_grads, fetched, values, accs, xs
    finally:
        paddle.disable_static()


def _eager_train(make, xs, steps=3, scheduler=None):
    w = _param((2, 1), 0.5)
    b = _param((1,), 0.0)
    opt = make([w, b])
    for _ in range(steps):
        paddle.mean(paddle.matmul(paddle.to_tensor(xs), w) + b).backward()
        opt.step()
        opt.clear_grad()
        if scheduler is not None:
            scheduler.step()
    return w.numpy(), b.numpy()


@pytest.mark.parametrize("name,make", [
    ("sgd", lambda ps=None: SGD(0.01, parameters=ps)),
    ("adam", lambda ps=None: Adam(0.1, parameters=ps, weight_decay=0.01)),
    ("momentum", lambda ps=None: Momentum(0.1, parameters=ps, use_nesterov=True, weight_decay=0.01)),
    ("adamax", lambda ps=None: paddle.optimizer.Adamax(0.1, parameters=ps)),
    ("rmsprop", lambda ps=None: paddle.optimizer.RMSProp(0.1, parameters=ps, centered=True)),
    ("lamb", lambda ps=None: paddle.optimizer.Lamb(0.1, parameters=ps)),
])
def test_static_minimize_matches_eager(name, make):
    main, startup, ops, params_grads, fetched, values, accs, xs = _static_train(make)
    assert [op.type for op in ops].count(name) == 2
    assert all(op.attr("op_role") == 2 for op in ops)
    assert [p.name for p, _ in params_grads] == ["fc.w_0", "fc.b_0"]  # backward order; updates are by name
    assert [op.input("Param") for op in ops if op.type == name][0] == ["fc.b_0"]
    assert "learning_rate_0" in accs
    w, b = _eager_train(make, xs)
    np.testing.assert_allclose(values["fc.w_0"], w, rtol=1e-5)
    np.testing.assert_allclose(values["fc.b_0"], b, rtol=1e-5, atol=1e-7)


def test_static_seed_faq_fetches():
    """The seeds' FAQ: fetch loss, loss@GRAD and fc.b_0@GRAD after one SGD(0.01) step; read the param
    from the scope."""
    main, startup, ops, _, fetched, values, accs, _ = _static_train(lambda: SGD(learning_rate=0.01), steps=1)
    loss, loss_g, b_g = fetched[0]
    assert loss_g.tolist() == 1.0 and b_g.tolist() == [1.0]
    np.testing.assert_allclose(values["fc.b_0"], [-0.01], rtol=1e-6)
    assert [op.type for op in startup.global_block().ops] == ["fill_constant", "fill_constant", "fill_constant"]


def test_static_adam_accumulators_in_scope():
    *_, accs, _ = _static_train(lambda: Adam(0.1))
    assert {"fc.w_0_moment1_0", "fc.w_0_moment2_0", "fc.w_0_beta1_pow_acc_0", "fc.b_0_beta2_pow_acc_0"} <= set(accs)
    np.testing.assert_allclose(accs["fc.w_0_beta1_pow_acc_0"], [0.9 ** 4], rtol=1e-6)


def test_static_lr_scheduler():
    sched = paddle.optimizer.lr.StepDecay(0.1, 1, 0.5)
    *_, values, _, xs = _static_train(lambda: SGD(sched), scheduler=sched)
    sched2 = paddle.optimizer.lr.StepDecay(0.1, 1, 0.5)
    w, b = _eager_train(lambda ps: SGD(sched2, parameters=ps), xs, scheduler=sched2)
    np.testing.assert_allclose(values["fc.b_0"], b, rtol=1e-6)
    np.testing.assert_allclose(values["fc.w_0"], w, rtol=1e-6)


# -- LBFGS -------------------------------------------------------------------------------------
# real Paddle 3.3.1: 3 steps of LBFGS(max_iter=5, history_size=3) on least squares (w, b after each step)
_LBFGS_WANT = {
    None: [([0.04981, -1.3682, 0.86904], 0.18064, 5), ([1.05472, -2.07802, 0.49704], 0.30065, 10),
           ([1.00195, -1.99985, 0.5004], 0.29837, 15)],
    "strong_wolfe": [([0.1355, -1.48097, 0.84714], 0.18059, 6), ([1.0145, -2.02074, 0.50329], 0.3024, 12),
                     ([0.99989, -1.9998, 0.50043], 0.29963, 18)],
}


@pytest.mark.parametrize("line_search", [None, "strong_wolfe"])
def test_lbfgs_against_paddle(line_search):
    rs = np.random.RandomState(0)
    X = rs.rand(8, 3).astype("float32")
    Y = (X @ np.array([[1.0], [-2.0], [0.5]], "float32") + 0.3).astype("float32")
    w, b = _param((3, 1), 0.0), _param((1,), 0.0)
    opt = paddle.optimizer.LBFGS(learning_rate=1, max_iter=5, history_size=3, line_search_fn=line_search,
                                 parameters=[w, b])
    x, y = paddle.to_tensor(X), paddle.to_tensor(Y)

    def closure():
        loss = ((paddle.matmul(x, w) + b - y) ** 2).mean()
        opt.clear_grad()
        loss.backward()
        return loss

    tol = 1e-4 if line_search is None else 2e-3  # the line search's float32 scalars differ slightly
    for want_w, want_b, evals in _LBFGS_WANT[line_search]:
        opt.step(closure)
        np.testing.assert_allclose(w.numpy().ravel(), want_w, atol=tol)
        np.testing.assert_allclose(b.numpy(), [want_b], atol=tol)
        assert opt.state_dict()["state"]["func_evals"] == evals
    assert sorted(opt.state_dict()["state"]) == ["H_diag", "al", "alpha", "d", "func_evals", "n_iter", "old_sk",
                                                 "old_yk", "prev_flat_grad", "prev_loss", "ro"]
    with pytest.raises(NotImplementedError, match="LBFGS optimizer does not use this way to minimize loss"):
        opt.minimize(closure())


def test_param_attr_interplay_matches_paddle():
    """ParamAttr(learning_rate, regularizer) on the weight, need_clip=False on the bias, global-norm clipping and
    Momentum's fused L2 decay together: 3 steps give real Paddle's values."""
    init = paddle.nn.initializer.Constant(0.5)
    lin = paddle.nn.Linear(2, 3, weight_attr=paddle.ParamAttr(learning_rate=0.5, initializer=init,
                                                               regularizer=paddle.regularizer.L1Decay(0.1)),
                           bias_attr=paddle.ParamAttr(need_clip=False))
    opt = Momentum(0.1, grad_clip=paddle.nn.ClipGradByGlobalNorm(0.1), weight_decay=0.01, parameters=lin.parameters())
    xs = paddle.to_tensor(np.arange(8, dtype="float32").reshape(4, 2) / 8)
    for _ in range(3):
        paddle.mean(lin(xs)).backward()
        opt.step()
        opt.clear_grad()
    np.testing.assert_allclose(lin.weight.numpy().ravel(), [0.46223322] * 3 + [0.45899427] * 3, rtol=1e-6)
    np.testing.assert_allclose(lin.bias.numpy(), [-0.18684006] * 3, rtol=1e-6)


def test_adamw_lr_ratio_and_name_prefix():
    """lr_ratio scales the rate (decay included) per parameter; `name` prefixes the accumulator names."""
    a, b = _param((3,), 0.5), _param((3,), 0.5)
    opt_a = paddle.optimizer.AdamW(0.1, parameters=[a], lr_ratio=lambda p: 0.5, name="ratio")
    opt_b = paddle.optimizer.AdamW(0.05, parameters=[b])
    for _ in range(3):
        _backward(a, b)
        opt_a.step()
        opt_b.step()
    np.testing.assert_allclose(a.numpy(), b.numpy(), rtol=1e-6)
    assert all(k.startswith(a.name + "_ratio_") for k in opt_a.state_dict())


def test_dygraph_only_methods_in_static_mode(static_mode):
    opt = SGD(0.1)
    for call, api in ((opt.step, "step"), (opt.clear_grad, "clear_grad"), (opt.state_dict, "state_dict"),
                      (lambda: opt.set_lr(0.2), "set_lr")):
        with pytest.raises(AssertionError, match=f"We only support '{api}\\(\\)' in dynamic graph mode"):
            call()
    assert opt.get_lr() == 0.1
