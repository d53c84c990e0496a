"""fleet's meta-optimizers in dygraph (gradient merge, LocalSGD) on 2 launched ranks vs one process, and
fleet.save_inference_model / save_persistables."""
import os
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

import purepaddle as paddle
import purepaddle.distributed.fleet as fleet

SCRIPT = Path(__file__).with_name("job_fleet_meta.py")


def _data(world=2):
    rng = np.random.default_rng(0)
    return (rng.standard_normal((4, world * 6, 3)).astype("float32"),
            rng.standard_normal((4, world * 6, 2)).astype("float32"))


def _replica():
    paddle.seed(7)
    m = paddle.nn.Linear(3, 2)
    return m, paddle.optimizer.SGD(0.1, parameters=m.parameters())


def _grad_step(model, opt, x, y):
    loss = ((model(paddle.to_tensor(x)) - paddle.to_tensor(y)) ** 2).mean()
    loss.backward()
    opt.step()
    opt.clear_grad()


# -- one process -------------------------------------------------------------------------------------
def test_gradient_merge_in_one_process_updates_every_k_steps(solo):
    s = fleet.DistributedStrategy()
    s.gradient_merge = True
    s.gradient_merge_configs = {"k_steps": 3, "avg": False}
    fleet.init(is_collective=True, strategy=s)
    model, opt = _replica()
    w0 = model.weight.numpy().copy()
    model = fleet.distributed_model(model)
    opt = fleet.distributed_optimizer(opt)
    X, Y = _data(1)
    grads = []
    for step in range(3):
        loss = ((model(paddle.to_tensor(X[step])) - paddle.to_tensor(Y[step])) ** 2).mean()
        loss.backward()
        grads.append(model._layers.weight.grad.numpy().copy())
        opt.step()
        opt.clear_grad()
        if step < 2:
            np.testing.assert_array_equal(model._layers.weight.numpy(), w0)  # no update inside the window
    # the gradient accumulated over the window; avg=False: the sum is applied as is
    np.testing.assert_allclose(model._layers.weight.numpy(), w0 - 0.1 * grads[-1], rtol=1e-6, atol=1e-7)
    assert model._layers.weight.grad is None or not model._layers.weight.grad.numpy().any()


def test_meta_fields_warn_where_they_do_not_apply(solo):
    s = fleet.DistributedStrategy()
    s.localsgd = True
    fleet.init(is_collective=True, strategy=s)
    model = paddle.nn.Linear(2, 2)
    with pytest.warns(UserWarning, match="localsgd applies to SGD and Momentum only"):
        fleet.distributed_optimizer(paddle.optimizer.Adam(parameters=model.parameters()))
    s2 = fleet.DistributedStrategy()
    s2.gradient_merge = True
    s2.gradient_merge_configs = {"k_steps": 0}
    fleet.init(is_collective=True, strategy=s2)
    with pytest.raises(ValueError, match="gradient_merge_configs\\['k_steps'\\] must be a positive int"):
        fleet.distributed_optimizer(paddle.optimizer.SGD(parameters=model.parameters()))
    s3 = fleet.DistributedStrategy()
    s3.gradient_merge = True
    fleet.init(is_collective=True, strategy=s3)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        fleet.distributed_optimizer(paddle.optimizer.SGD(parameters=model.parameters()))
    assert not any("gradient_merge" in str(x.message) for x in w)  # applied: no "not applied" warning


def test_strategy_amp_decorates_static_programs(solo):
    s = fleet.DistributedStrategy()
    s.amp = True
    s.amp_configs = {"init_loss_scaling": 256.0, "custom_black_list": ["relu"]}
    fleet.init(is_collective=True, strategy=s)
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [None, 3], "float32")
            loss = paddle.mean(paddle.nn.functional.relu(paddle.static.nn.fc(x, 2)))
            opt = fleet.distributed_optimizer(paddle.optimizer.SGD(0.1))
            with warnings.catch_warnings(record=True) as w:
                warnings.simplefilter("always")
                opt.minimize(loss)
        assert not any("amp" in str(m.message) for m in w)
        types = [op.type for op in main.global_block().ops]
        assert "cast" in types and types.index("check_finite_and_unscale") > max(
            i for i, t in enumerate(types) if t == "all_reduce")
        relu = [op for op in main.global_block().ops if op.type == "relu"][0]
        assert relu.input("X")[0].endswith(".cast_fp32")  # the custom black list reached the program
        exe = paddle.static.Executor()
        exe.run(startup)
        opt.amp_init(paddle.CPUPlace())
        exe.run(main, feed={"x": np.ones((2, 3), "float32")}, fetch_list=[loss])
        scale = paddle.static.global_scope().find_var(opt._amp_opt.get_loss_scaling().name).get_tensor()
        assert float(np.array(scale)[0]) == 256.0
    finally:
        paddle.disable_static()
    with pytest.warns(UserWarning, match="amp=True is accepted but not applied by purepaddle yet"):
        fleet.distributed_model(paddle.nn.Linear(2, 2))


# -- save_inference_model / save_persistables ---------------------------------------------------------------
def _static_net():
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [None, 3], "float32")
        y = paddle.static.nn.fc(x, 2, name="fcm")
        loss = paddle.mean(y)
        paddle.optimizer.SGD(0.1).minimize(loss)
    return main, startup, x, y


def test_fleet_save_inference_model_and_persistables(solo, tmp_path):
    fleet.init(is_collective=True)
    paddle.enable_static()
    try:
        main, startup, x, y = _static_net()
        exe = paddle.static.Executor()
        exe.run(startup)
        feed = {"x": np.ones((2, 3), "float32")}
        want = exe.run(main.clone(for_test=True), feed=feed, fetch_list=[y])[0]
        d = tmp_path / "infer"
        fleet.save_inference_model(exe, str(d), ["x"], [y], main_program=main)
        assert {"__model__", "fcm.w_0", "fcm.b_0"} <= set(os.listdir(d))
        prog, feeds, fetches = paddle.static.load_inference_model(str(d), exe, model_filename="__model__")
        assert feeds == ["x"]
        np.testing.assert_allclose(exe.run(prog, feed=feed, fetch_list=fetches)[0], want, rtol=1e-6)
        assert "sgd" not in [op.type for op in prog.global_block().ops]
        p = tmp_path / "persist"
        fleet.save_persistables(exe, str(p), main)
        files = set(os.listdir(p))
        assert {"fcm.w_0", "fcm.b_0"} <= files and any(f.startswith("learning_rate_") for f in files)
        w = np.array(paddle.static.global_scope().find_var("fcm.w_0").get_tensor()).copy()
        paddle.static.global_scope().find_var("fcm.w_0").get_tensor().set(np.zeros_like(w), paddle.CPUPlace())
        paddle.static.load(main, str(p), exe)
        np.testing.assert_array_equal(np.array(paddle.static.global_scope().find_var("fcm.w_0").get_tensor()), w)
        with pytest.raises(ValueError, match="feeded_var_names \\['nope'\\] are not variables"):
            fleet.save_inference_model(exe, str(d), ["nope"], [y], main_program=main)
        # another rank writes nothing
        from purepaddle.distributed.fleet import saving
        saving.save_persistables(1, exe, str(tmp_path / "rank1"), main)
        assert not (tmp_path / "rank1").exists()
    finally:
        paddle.disable_static()
    with pytest.raises(RuntimeError, match="works on static programs"):
        fleet.save_persistables(None, str(tmp_path / "x"))


# -- 2 real ranks -------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def launched(tmp_path_factory, mpi, launcher_free_env):
    root = tmp_path_factory.mktemp("fleet_meta")
    env = launcher_free_env
    out = {}
    for mode in ("merge", "localsgd"):
        proc = subprocess.run([sys.executable, "-m", "purepaddle.distributed.launch", "--nproc_per_node", "2",
                               "--log_dir", f"logs_{mode}", str(SCRIPT), str(root), mode], cwd=root, env=env,
                              capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, proc.stderr + proc.stdout
        out[mode] = [np.load(root / f"{mode}.{r}.npz") for r in (0, 1)]
    return out


def test_gradient_merge_on_two_ranks_equals_one_process_big_batch(launched):
    r0, r1 = launched["merge"]
    X, Y = _data()
    model, opt = _replica()
    for u in range(2):  # one update per 2 steps, on the union of 2 steps x 2 ranks (avg: the mean loss)
        x = np.concatenate([X[2 * u], X[2 * u + 1]])
        y = np.concatenate([Y[2 * u], Y[2 * u + 1]])
        _grad_step(model, opt, x, y)
        for r in (r0, r1):
            np.testing.assert_allclose(r[f"w{2 * u + 1}"], model.weight.numpy(), rtol=1e-5, atol=1e-6)
            np.testing.assert_allclose(r[f"b{2 * u + 1}"], model.bias.numpy(), rtol=1e-5, atol=1e-6)
    np.testing.assert_array_equal(r0["w0"], r1["w0"])
    assert not np.array_equal(r0["grad0"], r1["grad0"])  # first backward of a window: local, not all-reduced
    np.testing.assert_array_equal(r0["grad1"], r1["grad1"])  # the window's last: all-reduced


def test_localsgd_on_two_ranks_equals_two_replicas_averaged(launched):
    r0, r1 = launched["localsgd"]
    X, Y = _data()
    reps = [_replica(), _replica()]
    for step in range(4):
        for rank, (m, o) in enumerate(reps):
            _grad_step(m, o, X[step, rank * 6:(rank + 1) * 6], Y[step, rank * 6:(rank + 1) * 6])
        if step + 1 in (1, 3):  # begin_step=1: average after step 1, then every k_steps=2 steps
            for name in ("weight", "bias"):
                avg = (getattr(reps[0][0], name).numpy() + getattr(reps[1][0], name).numpy()) / 2
                for m, _ in reps:
                    getattr(m, name).set_value(avg)
        for rank, r in enumerate((r0, r1)):
            np.testing.assert_allclose(r[f"w{step}"], reps[rank][0].weight.numpy(), rtol=1e-5, atol=1e-6)
    assert not np.array_equal(r0["w1"], r1["w1"])  # step 2: local updates only
    np.testing.assert_array_equal(r0["w2"], r1["w2"])
