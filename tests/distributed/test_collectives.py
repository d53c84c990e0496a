"""paddle.distributed collectives and DataParallel: one process in place, and 2 real ranks under the launcher."""
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import purepaddle as paddle
import purepaddle.distributed as dist
from purepaddle._core.op import OPS

SCRIPTS = Path(__file__).resolve().parent


def test_collectives_need_init_first(solo):
    assert (dist.get_rank(), dist.get_world_size(), dist.is_initialized()) == (0, 1, False)
    with pytest.raises(RuntimeError, match="The global group is not initialized"):
        dist.all_reduce(paddle.ones([2]))
    with pytest.raises(RuntimeError, match="The global group is not initialized"):
        dist.barrier()


def test_world_of_one_leaves_data_as_is(solo):
    group = dist.init_parallel_env()
    assert dist.is_initialized() and repr(group) == "rank: 0, nranks: 1, id: 0, ranks: 0; name: _default_pg"
    for op in (dist.ReduceOp.SUM, dist.ReduceOp.MAX, dist.ReduceOp.MIN, dist.ReduceOp.PROD, dist.ReduceOp.AVG):
        x = paddle.to_tensor([1.0, -2.0])
        before = x.inplace_version
        assert dist.all_reduce(x, op).wait() is True
        assert x.numpy().tolist() == [1.0, -2.0] and x.inplace_version == before + 1
    gathered = []
    dist.all_gather(gathered, paddle.to_tensor([3, 4]))
    assert [t.numpy().tolist() for t in gathered] == [[3, 4]]
    objs = []
    dist.all_gather_object(objs, {"a": 1})
    assert objs == [{"a": 1}]
    out = paddle.zeros([2])
    dist.reduce_scatter(out, [paddle.to_tensor([5.0, 6.0])])
    assert out.numpy().tolist() == [5.0, 6.0]
    with pytest.raises(RuntimeError, match="a job of one process has no other rank to exchange with"):
        dist.isend(paddle.ones([1]), dst=0)


def test_arguments_are_checked(solo):
    dist.init_parallel_env()
    with pytest.raises(ValueError, match="all_reduce: op must be one of ReduceOp"):
        dist.all_reduce(paddle.ones([1]), op=7)
    with pytest.raises(TypeError, match="all_reduce: tensor must be a paddle.Tensor, but received list"):
        dist.all_reduce([1.0])
    with pytest.raises(ValueError, match=r"broadcast: src=3 is not a rank of the group \(its ranks: \[0\]\)"):
        dist.broadcast(paddle.ones([1]), src=3)
    with pytest.raises(ValueError, match="new_group: ranks must be distinct ranks"):
        dist.new_group([0, 5])
    with pytest.raises(ValueError, match="all_gather: the output list holds 2 tensors but the group has 1"):
        dist.all_gather([paddle.ones([1]), paddle.ones([1])], paddle.ones([1]))


def test_parallel_env_reads_the_launcher_environment(monkeypatch):
    monkeypatch.setenv("PADDLE_TRAINER_ID", "3")
    monkeypatch.setenv("PADDLE_TRAINERS_NUM", "4")
    monkeypatch.setenv("PADDLE_RANK_IN_NODE", "1")
    monkeypatch.setenv("PADDLE_CURRENT_ENDPOINT", "10.0.0.2:6071")
    monkeypatch.setenv("PADDLE_TRAINER_ENDPOINTS", "a:1,b:2,c:3,10.0.0.2:6071")
    env = dist.ParallelEnv()
    assert (env.rank, env.world_size, env.nranks, env.local_rank) == (3, 4, 4, 1)
    assert env.current_endpoint == "10.0.0.2:6071" and len(env.trainer_endpoints) == 4
    sampler = paddle.io.DistributedBatchSampler(list(range(10)), batch_size=2)
    assert (sampler.nranks, sampler.local_rank) == (4, 3)


def test_collectives_are_ops_static_programs_carry(solo):
    for op_type in ("all_reduce", "broadcast", "reduce", "all_gather", "reduce_scatter", "all_to_all", "barrier",
                    "c_scatter", "c_allreduce_sum", "c_allreduce_max", "c_broadcast", "c_allgather"):
        assert op_type in OPS
    dist.init_parallel_env()
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main, paddle.static.Program()):
            x = paddle.static.data("x", [2, 3], "float32")
            y = x * 2.0
            dist.all_reduce(y, op=dist.ReduceOp.MAX)
            dist.broadcast(y, src=0)
        ops = [op for op in main.global_block().ops if op.type in ("all_reduce", "broadcast")]
        assert [op.type for op in ops] == ["all_reduce", "broadcast"]
        assert ops[0].attr("reduce_type") == 1 and ops[0].attr("ring_id") == 0
        exe = paddle.static.Executor()
        feed = np.arange(6, dtype="float32").reshape(2, 3)
        (res,) = exe.run(main, feed={"x": feed}, fetch_list=[y])
    finally:
        paddle.disable_static()
    np.testing.assert_array_equal(res, feed * 2)


def test_data_parallel_alone_is_the_plain_model(solo):
    dist.init_parallel_env()
    paddle.seed(3)
    net = paddle.nn.Linear(3, 2)
    model = paddle.DataParallel(net)
    assert list(model.state_dict()) == ["weight", "bias"] and model._reducer is None
    x = paddle.randn([4, 3])
    model(x).mean().backward()
    ref = paddle.nn.Linear(3, 2)
    ref.set_state_dict(net.state_dict())
    ref(x).mean().backward()
    np.testing.assert_allclose(net.weight.grad.numpy(), ref.weight.grad.numpy())
    with pytest.raises(ValueError, match="comm_buffer_size must be a positive number of MB"):
        paddle.DataParallel(net, comm_buffer_size=0)
    with pytest.raises(TypeError, match="layers must be a paddle.nn.Layer"):
        paddle.DataParallel(lambda x: x)


# -- 2 real ranks under the launcher ------------------------------------------------------------------
@pytest.fixture(scope="module")
def two_ranks(tmp_path_factory, mpi, launcher_free_env):
    """job_ok.py on 2 ranks (devices 3,5 out of CUDA_VISIBLE_DEVICES=3,5) and alone; their results."""
    root = tmp_path_factory.mktemp("two_ranks")
    (root / "two").mkdir()
    (root / "one").mkdir()
    env = dict(launcher_free_env, CUDA_VISIBLE_DEVICES="3,5")
    script = str(SCRIPTS / "job_ok.py")
    proc = subprocess.run([sys.executable, "-m", "purepaddle.distributed.launch", "--devices", "3,5", "--log_dir",
                           "logs", "--job_id", "ok", script, str(root / "two")], cwd=root, env=env,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr + proc.stdout
    alone = subprocess.run([sys.executable, "-m", "purepaddle", script, str(root / "one")], cwd=root, env=env,
                           capture_output=True, text=True, timeout=120)
    assert alone.returncode == 0, alone.stderr
    res = [json.loads((root / "two" / f"result.{r}.json").read_text()) for r in (0, 1)]
    return {"root": root, "proc": proc, "res": res,
            "one": json.loads((root / "one" / "result.0.json").read_text())}


def test_launched_workers_see_paddles_environment(two_ranks):
    root = two_ranks["root"]
    for r, res in enumerate(two_ranks["res"]):
        env = res["env"]
        assert (res["rank"], res["world"], res["initialized"]) == (r, 2, True)
        assert env["PADDLE_TRAINER_ID"] == env["PADDLE_RANK_IN_NODE"] == env["PADDLE_LOCAL_RANK"] == str(r)
        assert env["PADDLE_TRAINERS_NUM"] == env["PADDLE_LOCAL_SIZE"] == "2" and env["PADDLE_NNODES"] == "1"
        eps = env["PADDLE_TRAINER_ENDPOINTS"].split(",")
        assert len(eps) == 2 and env["PADDLE_CURRENT_ENDPOINT"] == eps[r]
        assert env["PADDLE_MASTER"].startswith("127.0.0.1:") and env["PADDLE_LOG_DIR"] == str(root / "logs")
        assert env["FLAGS_selected_gpus"] == str(r)  # relative to CUDA_VISIBLE_DEVICES=3,5
        assert res["penv"] == [r, 2, r, eps[r]]
    assert {p.name for p in (root / "logs").iterdir()} == {"workerlog.0", "workerlog.1", "envlog.0", "envlog.1",
                                                         "ok.launch.log"}
    assert "rank 1 of 2 started" in (root / "logs" / "workerlog.1").read_text()
    out = two_ranks["proc"].stdout
    assert "rank 0 of 2 started" in out and "rank 1" not in out  # only rank 0 is echoed


def test_every_collective_on_two_ranks(two_ranks):
    r0, r1 = two_ranks["res"]
    for res in (r0, r1):
        assert res["SUM"] == [3.0, 6.0] and res["MAX"] == [2.0, 4.0] and res["MIN"] == [1.0, 2.0]
        assert res["PROD"] == [2.0, 8.0] and res["AVG"] == [1.5, 3.0]
        assert res["int"] == [1, 9] and res["bool"] == [True, False] and res["fp16"] == [4.0]
        assert res["big"] == [3.0, 3.0, 3.0] and res["strided"] == [[3.0, 4.0], [10.0, 21.0]]
        assert res["bcast"] == [1.0, 1.0, 1.0] and res["gather"] == [[0, 10], [1, 11]]
        assert res["gather_obj"] == [{"r": 0}, {"r": 1}] and res["bcast_obj"] == [{"lr": 1}]
        assert res["async_avg"] == [1.5]
    assert (r0["reduce"], r1["reduce"]) == ([1.0], [3.0])
    assert (r0["scatter"], r1["scatter"]) == ([5.0, 5.0], [6.0, 6.0])
    assert (r0["reduce_scatter"], r1["reduce_scatter"]) == ([3.0, 3.0], [23.0, 23.0])
    assert (r0["alltoall"], r1["alltoall"]) == ([[0], [10]], [[1], [11]])
    assert (r0["p2p"], r1["p2p"]) == ([0.0, 0.0], [42.0, 42.0])
    assert (r0["ring"], r1["ring"]) == ([1.0], [0.0])
    assert r0["group"][:3] == [-1, 1, False] and r1["group"][:3] == [0, 1, True]
    assert r0["group"][4:] == [-1, -1] and r1["group"][4:] == [0, 1]
    assert (r0["group_all_reduce"], r1["group_all_reduce"]) == ([3.0], [4.0])


def test_data_parallel_two_shards_equal_one_process_whole_batch(two_ranks):
    root = two_ranks["root"]
    r0, r1, one = two_ranks["res"][0], two_ranks["res"][1], two_ranks["one"]
    assert r0["buckets"] >= 2 and r0["shard_sizes"] == [4, 4, 4, 4] and one["shard_sizes"] == [8, 8, 8, 8]
    assert r0["grads_equal_across_ranks"] and r1["grads_equal_across_ranks"]
    p0, p1, ref = (np.load(root / d / f"params.{r}.npz") for d, r in (("two", 0), ("two", 1), ("one", 0)))
    assert len(ref.files) == 6
    for k in ref.files:
        np.testing.assert_array_equal(p0[k], p1[k])
        np.testing.assert_allclose(p0[k], ref[k], rtol=1e-5, atol=1e-6)


def test_data_parallel_no_sync_and_unused_parameters(two_ranks):
    r0, r1 = two_ranks["res"]
    # no_sync keeps rank-local sums (2 rows of 1s / 2s); the next synced backward averages their totals
    assert (r0["no_sync_local"], r1["no_sync_local"]) == ([2.0] * 3, [4.0] * 3)
    assert r0["no_sync_then_synced"] == r1["no_sync_then_synced"] == [6.0] * 3
    assert r0["legacy_noops"] and r0["dp_state_keys"] == ["weight", "bias"]
    msg = r0["unused_error"]
    assert msg and "not used in the forward of step 1" in msg and "unused.weight" in msg
    assert "find_unused_parameters=True" in msg and "used.weight" not in msg.replace("unused.weight", "")
    assert r0["find_unused_grad"] == r1["find_unused_grad"] == [1.5] * 4
    assert two_ranks["one"]["unused_error"] is None  # one process: nothing to wait for
    msg = r1["incomplete_error"]
    assert msg and "the backward of step 1 did not produce gradients for 2 parameter(s)" in msg
    assert "b.weight" in msg and "b.bias" in msg and "a.weight" not in msg


def test_fleet_dygraph_and_static_on_two_ranks(two_ranks):
    root = two_ranks["root"]
    r0, r1, one = two_ranks["res"][0], two_ranks["res"][1], two_ranks["one"]
    assert r0["fleet"] == [0, 2, True, 2] and r1["fleet"] == [1, 2, False, 2] and one["fleet"][:3] == [0, 1, True]
    assert r0["fleet_buckets"] == 2  # fuse_all_reduce_ops=False: one all-reduce per parameter
    assert r0["static_ops"] == ["all_reduce", "all_reduce"] and r0["startup_broadcasts"] == 2
    f0, f1, ref = (np.load(root / d / f"fleet.{r}.npz") for d, r in (("two", 0), ("two", 1), ("one", 0)))
    assert len(ref.files) == 4  # dygraph weight, bias; static sfc.w_0, sfc.b_0
    for k in ref.files:
        np.testing.assert_array_equal(f0[k], f1[k])
        np.testing.assert_allclose(f0[k], ref[k], rtol=1e-5, atol=1e-6)
