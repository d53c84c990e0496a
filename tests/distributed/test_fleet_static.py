"""DistributedStrategy's gradient_merge, localsgd and recompute in static programs (fleet.distributed_optimizer(...).minimize
rewrites the program) against the single-process results, in one process and on 2 launched ranks."""
import os
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

import purepaddle as paddle
import purepaddle.distributed.fleet as fleet

from . import static_fleet_net as net

SCRIPT = Path(__file__).with_name("job_fleet_static.py")


def _big_batch_steps(make_opt, X, Y, k):
    """One process, one update per k steps on the union of those steps' batches."""
    batches = [(np.concatenate(X[u * k:(u + 1) * k]), np.concatenate(Y[u * k:(u + 1) * k]))
               for u in range(len(X) // k)]
    return net.train(make_opt, batches)[0]


def test_static_gradient_merge_in_one_process_equals_the_big_batch(solo):
    s = fleet.DistributedStrategy()
    s.gradient_merge = True
    s.gradient_merge_configs = {"k_steps": 2, "avg": True}
    fleet.init(is_collective=True, strategy=s)
    X, Y = net.data(1)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # applied: no "not applied" warning
        merged, main = net.train(lambda: paddle.optimizer.Adam(0.1), list(zip(X, Y)), fleet.distributed_optimizer)
    ref = _big_batch_steps(lambda: paddle.optimizer.Adam(0.1), X, Y, 2)
    np.testing.assert_array_equal(merged[0], net.W0)  # no update inside the window
    np.testing.assert_allclose(merged[1], ref[0], rtol=1e-5, atol=1e-6)
    np.testing.assert_array_equal(merged[2], merged[1])
    np.testing.assert_allclose(merged[3], ref[1], rtol=1e-5, atol=1e-6)
    assert "conditional_block" in [op.type for op in main.global_block().ops]
    assert "adam" not in [op.type for op in main.global_block().ops]  # the update runs inside the window's end


def test_static_gradient_merge_sum_without_avg(solo):
    s = fleet.DistributedStrategy()
    s.gradient_merge = True
    s.gradient_merge_configs = {"k_steps": 3, "avg": False}
    fleet.init(is_collective=True, strategy=s)
    X, Y = net.data(1)
    merged, _ = net.train(lambda: paddle.optimizer.SGD(0.1), list(zip(X[:3], Y[:3])), fleet.distributed_optimizer)
    # SGD on the sum of 3 mean gradients = 3 x the big batch's mean gradient: lr 0.3 on the union
    ref = _big_batch_steps(lambda: paddle.optimizer.SGD(0.3), X[:3], Y[:3], 3)
    np.testing.assert_array_equal(merged[1], net.W0)
    np.testing.assert_allclose(merged[2], ref[0], rtol=1e-5, atol=1e-6)


@pytest.fixture(scope="module")
def launched(tmp_path_factory, mpi, launcher_free_env):
    root = tmp_path_factory.mktemp("fleet_static")
    out = {}
    for mode in ("merge", "localsgd", "recompute", "deep"):
        proc = subprocess.run([sys.executable, "-m", "purepaddle.distributed.launch", "--nproc_per_node", "2",
                               "--log_dir", f"logs_{mode}", str(SCRIPT), str(root), mode], cwd=root,
                              env=launcher_free_env, capture_output=True, text=True, timeout=180)
        assert proc.returncode == 0, proc.stderr + proc.stdout
        ext = "npz" if mode in ("recompute", "deep") else "npy"
        out[mode] = [np.load(root / f"static_{mode}.{r}.{ext}") for r in (0, 1)]
    return out


def test_static_gradient_merge_on_two_ranks_equals_one_process_big_batch(launched):
    r0, r1 = launched["merge"]
    X, Y = net.data(2)
    ref = _big_batch_steps(lambda: paddle.optimizer.Adam(0.1), X, Y, 2)
    for r in (r0, r1):
        np.testing.assert_array_equal(r[0], net.W0)
        np.testing.assert_allclose(r[1], ref[0], rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(r[3], ref[1], rtol=1e-5, atol=1e-6)


def test_static_localsgd_on_two_ranks_equals_two_replicas_averaged(launched):
    r0, r1 = launched["localsgd"]
    X, Y = net.data(2)
    # each rank alone: SGD on its own shard; parameters averaged after update 1 (begin_step) and update 3 (k_steps 2)
    w = [net.W0.copy(), net.W0.copy()]
    expect = []
    for step in range(4):
        for rank in (0, 1):
            x, y = X[step, rank * 6:(rank + 1) * 6], Y[step, rank * 6:(rank + 1) * 6]
            grad = x.T @ (2 * (x @ w[rank] - y) / y.size)
            w[rank] = w[rank] - 0.1 * grad
        if step + 1 in (1, 3):
            w = [(w[0] + w[1]) / 2] * 2
        expect.append([w[0].copy(), w[1].copy()])
    for step in range(4):
        np.testing.assert_allclose(r0[step], expect[step][0], rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(r1[step], expect[step][1], rtol=1e-5, atol=1e-6)
    assert not np.allclose(r0[1], r1[1])  # between averagings the replicas differ


def _checkpoints(h):
    return [h[0], h[1], h[3]]  # fc-relu, fc-tanh, dropout: segments [fc0], [fc1], [batch norm, dropout]


def test_static_recompute_same_values_and_recomputed_ops(solo):
    X, Y = net.data(1)
    batches = list(zip(X, Y))
    plain, plain_loss, _ = net.train_deep(lambda: paddle.optimizer.SGD(0.1), batches)
    rc, rc_loss, main = net.train_deep(lambda: paddle.optimizer.SGD(0.1), batches, checkpoints=_checkpoints)
    assert rc_loss == plain_loss
    for a, b in zip(plain, rc):  # parameters and batch-norm running statistics, bit for bit
        assert a.keys() == b.keys()
        for k in a:
            np.testing.assert_array_equal(a[k], b[k], err_msg=k)
    ops = main.global_block().ops
    first_grad = next(i for i, op in enumerate(ops) if op.type.endswith("_grad"))
    again = [op for op in ops[first_grad:] if not op.type.endswith("_grad") and
             any(".subprog_" in n for n in op.output_arg_names)]
    # the forward ops of each segment run again in the backward section (op_role backward), Paddle's names
    assert [op.type for op in again] == ["batch_norm", "mul", "mul"]
    assert all(op._fw["op_role"] == 1 for op in again)
    assert {n.rsplit(".subprog_", 1)[1] for op in again for n in op.output_arg_names} == {"0", "1", "2"}
    # the recomputed batch norm writes its running statistics to scratch vars: the state is updated once
    bn = again[0]
    assert all(n.endswith(".subprog_0") for n in bn.output_arg_names)
    # the gradient ops of a segment read the recomputed values
    read = {n for op in ops[first_grad:] if op not in again for n in op.input_arg_names if ".subprog_" in n}
    assert read == {n for op in again for n in op.output_arg_names if n in read} and len(read) >= 4


def test_static_recompute_through_fleet_strategy_without_warning(solo):
    s = fleet.DistributedStrategy()
    s.recompute = True
    fleet.init(is_collective=True, strategy=s)
    X, Y = net.data(1)
    batches = list(zip(X, Y))

    def wrap(opt):
        s.recompute_configs = {"checkpoints": [v.name for v in _checkpoints(hidden)]}
        return fleet.distributed_optimizer(opt)  # fleet.init holds s itself

    hidden = []
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # applied: no "not applied" warning
        rc, rc_loss, main = net.train_deep(lambda: paddle.optimizer.SGD(0.1), batches, wrap=wrap, hidden=hidden)
    plain, plain_loss, _ = net.train_deep(lambda: paddle.optimizer.SGD(0.1), batches)
    assert rc_loss == plain_loss
    for k in plain[-1]:
        np.testing.assert_array_equal(plain[-1][k], rc[-1][k], err_msg=k)
    assert any(".subprog_" in n for n in main.global_block().vars)


def test_static_recompute_on_two_ranks_equals_the_plain_program(launched):
    for r in (0, 1):
        rc, plain = launched["recompute"][r], launched["deep"][r]
        assert sorted(rc.files) == sorted(plain.files)
        for k in plain.files:
            np.testing.assert_array_equal(rc[k], plain[k], err_msg=k)
    np.testing.assert_array_equal(launched["recompute"][0]["fc_0.w_0"], launched["recompute"][1]["fc_0.w_0"])


def test_recompute_names_match_paddles(ref_python, tmp_path):
    """Real Paddle recomputes the same segments under the same `<var>.subprog_<k>` names (ours skips a re-run
    whose output no gradient reads, so ours are a subset)."""
    script = tmp_path / "names.py"
    script.write_text(_NAMES_SCRIPT.replace("PADDLE", "paddle"))
    env = dict(os.environ, FLAGS_enable_pir_api="0")
    proc = subprocess.run([str(ref_python), str(script)], capture_output=True, text=True, env=env, timeout=300)
    assert proc.returncode == 0, proc.stderr
    ref = set(proc.stdout.split()[-1].split(","))
    ns = {}
    exec(_NAMES_SCRIPT.replace("import PADDLE", "import purepaddle as paddle"), ns)  # noqa: S102
    ours = set(ns["NAMES"])
    assert ours and ours <= ref, (ours, ref)


_NAMES_SCRIPT = """
import PADDLE
paddle.enable_static()
main, start = paddle.static.Program(), paddle.static.Program()
with paddle.static.program_guard(main, start):
    x = paddle.static.data('x', [-1, 4], 'float32')
    h1 = paddle.static.nn.fc(x, 8, activation='relu')
    h2 = paddle.static.nn.fc(h1, 8, activation='tanh')
    h3 = paddle.static.nn.fc(h2, 8, activation='relu')
    loss = paddle.mean(paddle.static.nn.fc(h3, 1))
    opt = paddle.incubate.optimizer.RecomputeOptimizer(paddle.optimizer.SGD(0.1))
    opt._set_checkpoints([h1, h2])
    opt.minimize(loss)
paddle.disable_static()
NAMES = sorted(n for n in main.global_block().vars if '.subprog_' in n)
print(','.join(NAMES))
"""
