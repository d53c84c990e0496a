"""DistributedStrategy's gradient_merge and localsgd in static programs (fleet.distributed_optimizer(...).minimize
rewrites the program) against the single-process results, in one process and on 2 launched ranks."""
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
    for mode in ("merge", "localsgd"):
        proc = subprocess.run([sys.executable, "-m", "purepaddle.distributed.launch", "--nproc_per_node", "2",
                               "--log_dir", f"logs_{mode}", str(SCRIPT), str(root), mode], cwd=root,
                              env=launcher_free_env, capture_output=True, text=True, timeout=180)
        assert proc.returncode == 0, proc.stderr + proc.stdout
        out[mode] = [np.load(root / f"static_{mode}.{r}.npy") for r in (0, 1)]
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
