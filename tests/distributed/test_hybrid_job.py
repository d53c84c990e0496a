"""On 2 real ranks under the launcher: the stream collectives, HybridCommunicateGroup's groups, and
group_sharded_parallel training to plain data parallel's numbers with the optimizer state split between ranks,
InMemoryDataset.global_shuffle."""
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import purepaddle as paddle

SCRIPT = str(Path(__file__).resolve().parent / "job_hybrid.py")


def _launch(root, level, launcher_free_env):
    out = root / level
    out.mkdir()
    proc = subprocess.run([sys.executable, "-m", "purepaddle.distributed.launch", "--nproc_per_node", "2",
                           "--log_dir", str(root / f"logs_{level}"), SCRIPT, str(out), level], cwd=root,
                          env=dict(launcher_free_env), capture_output=True, text=True, timeout=240)
    assert proc.returncode == 0, proc.stderr + proc.stdout
    return [json.loads((out / f"result.{r}.json").read_text()) for r in (0, 1)]


@pytest.fixture(scope="module")
def jobs(tmp_path_factory, mpi, launcher_free_env):
    root = tmp_path_factory.mktemp("hybrid")
    return {level: _launch(root, level, launcher_free_env) for level in ("plain", "os", "p_g_os")} | {"root": root}


def test_stream_collectives_on_two_ranks(jobs):
    r0, r1 = jobs["os"]
    for res in (r0, r1):
        assert res["all_reduce"] == [3.0, 4.0]
        assert res["all_gather_tensor"] == [0.0, 10.0, 1.0, 11.0]
        assert res["all_gather_list"] == [[0], [1]]
        assert res["calc_stream_error"] == "use_calc_stream can only be true in sync op behavior."
    assert (r0["alltoall"], r1["alltoall"]) == ([0.0, 10.0], [1.0, 11.0])
    assert (r0["alltoall_single"], r1["alltoall_single"]) == ([0.0, 100.0, 101.0], [1.0, 2.0, 102.0])
    assert (r0["reduce_scatter"], r1["reduce_scatter"]) == ([3.0], [11.0])
    assert (r0["scatter"], r1["scatter"]) == ([0.0, 1.0], [2.0, 3.0])
    assert (r0["reduce"], r1["reduce"]) == ([3.0], [7.0])
    assert r0["broadcast"] == r1["broadcast"] == [14.0]
    assert (r0["gather"], r1["gather"]) == ([[0.5], [1.5]], [])
    assert r1["p2p"] == [4.0, 2.0]


def test_global_shuffle_deals_every_instance_once(jobs):
    r0, r1 = jobs["os"]
    assert sorted(r0["shuffled"] + r1["shuffled"]) == list(range(5)) + list(range(10, 15))
    assert r0["sizes"][:2] == r1["sizes"][:2] == [10, 10] and r0["sizes"][2] + r1["sizes"][2] == 10


def test_split_layers_compute_the_whole_layer(jobs):
    rng = np.random.RandomState(0)
    W, B = rng.uniform(-1, 1, (6, 4)).astype("float32"), rng.uniform(-1, 1, 4).astype("float32")
    E = rng.uniform(-1, 1, (8, 3)).astype("float32")
    X = rng.uniform(-1, 1, (2, 6)).astype("float32")
    ids = np.array([[0, 5], [7, 2]])
    y = X @ W + B  # loss = sum(y^2): dW = X^T 2y
    new_w = W - 0.1 * X.T @ (2 * y)
    e = E[ids]
    new_e = E.copy()
    np.add.at(new_e, ids.ravel(), -0.1 * 2 * e.reshape(-1, 3))
    r0, r1 = jobs["os"]
    for r, res in enumerate((r0, r1)):
        np.testing.assert_allclose(res["split_row"]["out"], y, rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(res["split_row"]["w"], new_w[3 * r:3 * r + 3], rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(res["split_col"]["out"], y, rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(res["split_col"]["w"], new_w[:, 2 * r:2 * r + 2], rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(res["split_emb"]["out"], e, rtol=1e-6)
        np.testing.assert_allclose(res["split_emb"]["w"], new_e[4 * r:4 * r + 4], rtol=1e-5, atol=1e-6)


def test_hybrid_groups_on_two_ranks(jobs):
    r0, r1 = jobs["os"]
    pp0, pp1 = r0["hcg[1, 2, 1, 1, 1]"], r1["hcg[1, 2, 1, 1, 1]"]
    assert (pp0["mode"], pp0["stage"], pp1["stage"]) == (2, 0, 1)  # PIPELINE_PARALLEL
    assert pp0["pp_ranks"] == [0, 1] and pp0["mp_ranks"] == [0] and pp1["mp_ranks"] == [1]
    assert (pp0["mp_sum"], pp1["mp_sum"]) == ([1.0], [2.0])  # model groups of one rank each
    assert (pp0["next"], pp1["next"], pp0["first"], pp0["last"], pp1["last"]) == (1, 0, True, False, True)
    mp0, mp1 = r0["hcg[1, 1, 1, 1, 2]"], r1["hcg[1, 1, 1, 1, 2]"]
    assert (mp0["mode"], mp0["mp_rank"], mp1["mp_rank"]) == (1, 0, 1)  # TENSOR_PARALLEL
    assert mp0["mp_ranks"] == [0, 1] and mp0["mp_sum"] == mp1["mp_sum"] == [3.0] and mp0["dp_ranks"] == [0]


@pytest.mark.parametrize("level", ["os", "p_g_os"])
def test_sharded_training_equals_data_parallel(jobs, level):
    plain = jobs["plain"][0]["params"]
    for res in jobs[level]:
        for a, b in zip(res["params"], plain):
            np.testing.assert_allclose(a, b, rtol=1e-6, atol=1e-7)
    r0, r1 = jobs[level]
    assert r0["local_params"] + r1["local_params"] == 4 and r0["local_params"] and r1["local_params"]
    assert not set(r0["state_keys"]) & set(r1["state_keys"])  # each rank keeps the moments of its own params
    full = paddle.load(str(jobs["root"] / level / "saved" / "model.pdopt"))
    assert sorted(k for k in full if "moment1" in k) == sorted(r0["state_keys"] + r1["state_keys"])
