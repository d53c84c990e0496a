"""Parameter-server training (issue 18): the launcher's PS layout, the servers' tables and row rules, the program
split, and real jobs of servers and workers under mpirun (sync = one process on the whole batch; async and geo
converge; saving and incremental training; a dying server or worker stops the job with its role named)."""
import json
import os
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import numpy as np
import pytest

import purepaddle as paddle
import purepaddle.distributed.fleet as fleet
from purepaddle.distributed.launch import args as launch_args
from purepaddle.distributed.launch.supervisor import log_path, worker_env
from purepaddle.distributed.ps.tables import RowInit, RowRule, SparseTable

JOB = str(Path(__file__).resolve().parent / "job_ps.py")


# -- the launcher's PS layout ------------------------------------------------------------------------------
def test_ps_flags_parse_in_both_spellings():
    a = launch_args.parse(["--server_num", "2", "--worker_num", "3", "t.py"], environ={})
    assert (a.server_num, a.trainer_num) == (2, 3)
    a = launch_args.parse(["--servers", "127.0.0.1:6170", "--workers", "127.0.0.1:6171,127.0.0.1:6172", "t.py"],
                          environ={})
    assert (a.servers, a.trainers) == ("127.0.0.1:6170", "127.0.0.1:6171,127.0.0.1:6172")


def test_ps_environment_per_role():
    from purepaddle.distributed.launch.plan import ps_layout
    nodes = [{"host": "127.0.0.1", "log_dir": "/l"}]
    plan = {"nproc": 3, "nodes": nodes, "job_id": "j", "master": "m",
            "endpoints": ["127.0.0.1:1", "127.0.0.1:2", "127.0.0.1:9"],
            "ps": ps_layout(["127.0.0.1:1", "127.0.0.1:2"], ["127.0.0.1:9"], nodes)}
    w1, s0 = worker_env(plan, 1), worker_env(plan, 2)
    assert (w1["TRAINING_ROLE"], w1["PADDLE_TRAINER_ID"], w1["PADDLE_TRAINERS_NUM"], w1["PADDLE_PORT"],
            w1["POD_IP"]) == ("TRAINER", "1", "2", "2", "127.0.0.1")
    assert w1["PADDLE_PSERVERS_IP_PORT_LIST"] == "127.0.0.1:9"
    assert w1["PADDLE_TRAINER_ENDPOINTS"] == "127.0.0.1:1,127.0.0.1:2"
    assert (s0["TRAINING_ROLE"], s0["PADDLE_PORT"], s0["PADDLE_TRAINERS_NUM"]) == ("PSERVER", "9", "2")
    assert [os.path.basename(log_path(plan, r)) for r in range(3)] == ["workerlog.0", "workerlog.1", "serverlog.0"]


def test_role_maker_reads_a_servers_environment(monkeypatch):
    for k, v in {"TRAINING_ROLE": "PSERVER", "PADDLE_PSERVERS_IP_PORT_LIST": "127.0.0.1:5,127.0.0.1:6",
                 "POD_IP": "127.0.0.1", "PADDLE_PORT": "6", "PADDLE_TRAINERS_NUM": "3"}.items():
        monkeypatch.setenv(k, v)
    role = fleet.PaddleCloudRoleMaker()
    assert (role._is_server(), role._role_id(), role._worker_num(), role._server_num()) == (True, 1, 3, 2)


def test_ps_layout_of_several_hosts_fills_each_node_workers_first():
    from purepaddle.distributed.launch.plan import ps_layout
    from purepaddle.distributed.launch.supervisor import local_rank, node_of, ps_ranks
    nodes = [{"host": "10.0.0.1", "log_dir": "/a"}, {"host": "10.0.0.2", "log_dir": "/b"}]
    plan = {"nproc": 2, "nodes": nodes, "job_id": "j", "master": "m", "endpoints": ["e"] * 4,
            "ps": ps_layout(["10.0.0.1:2", "10.0.0.2:2"], ["10.0.0.1:1", "10.0.0.2:1"], nodes)}
    assert plan["ps"]["ranks"] == [["worker", 0, 0], ["server", 0, 0], ["worker", 1, 1], ["server", 1, 1]]
    assert (ps_ranks(plan, "worker"), ps_ranks(plan, "server")) == ([0, 2], [1, 3])
    assert [node_of(plan, r) for r in range(4)] == [0, 0, 1, 1] and local_rank(plan, 3) == 1
    assert log_path(plan, 3) == "/b/serverlog.0" and log_path(plan, 2) == "/b/workerlog.0"
    env = worker_env(plan, 2)
    assert (env["PADDLE_TRAINER_ID"], env["POD_IP"], env["PUREPADDLE_PS_SERVER_RANKS"]) == ("1", "10.0.0.2", "1,3")


@pytest.mark.parametrize("argv, message", [
    (["--servers", "10.255.0.1:6170", "--worker_num", "1"], "needs both endpoint lists"),
    (["--servers", "127.0.0.1:6170,10.255.0.1:6170", "--workers", "10.255.0.1:6171"], "different machine"),
    (["--server_num", "1", "--worker_num", "1", "--nnodes", "2"], "--master"),
])
def test_launch_checks_ps_jobs_of_several_hosts(tmp_path, capsys, argv, message):
    from purepaddle.distributed.launch.main import launch
    code = launch(["--log_dir", str(tmp_path), *argv, "t.py"])
    assert code == 1
    assert message in capsys.readouterr().err


# -- tables and row rules ----------------------------------------------------------------------------------
def test_row_init_is_a_function_of_the_id():
    init = RowInit("uniform_random", {"min": -0.5, "max": 0.5, "seed": 3}, 4)
    a = init.rows(np.array([7, 3, 7]))
    assert a.dtype == np.float32 and a.shape == (3, 4)
    np.testing.assert_array_equal(a[0], a[2])
    np.testing.assert_array_equal(init.rows(np.array([3])), a[1:2])
    big = init.rows(np.arange(20000))
    assert -0.5 <= big.min() and big.max() < 0.5 and abs(big.mean()) < 0.01
    g = RowInit("gaussian_random", {"mean": 1.0, "std": 2.0}, 8).rows(np.arange(20000))
    assert abs(g.mean() - 1.0) < 0.05 and abs(g.std() - 2.0) < 0.05
    assert (RowInit("fill_constant", {"value": 0.25}, 2).rows(np.array([1])) == 0.25).all()


@pytest.mark.parametrize("name", ["SGD", "Adam", "Adagrad"])
def test_row_rules_equal_the_dense_optimizer_on_touched_rows(name):
    """Every row touched every step: the lazy row rule is the dense optimizer (checked against purepaddle's)."""
    rng = np.random.default_rng(1)
    w0 = rng.standard_normal((5, 3)).astype("float32")
    grads = [rng.standard_normal((5, 3)).astype("float32") for _ in range(4)]
    p = paddle.create_parameter([5, 3], "float32", default_initializer=paddle.nn.initializer.Assign(w0))
    opt = {"SGD": lambda: paddle.optimizer.SGD(0.1, parameters=[p]),
           "Adam": lambda: paddle.optimizer.Adam(0.1, parameters=[p]),
           "Adagrad": lambda: paddle.optimizer.Adagrad(0.1, parameters=[p])}[name]()
    from purepaddle.distributed.ps.tables import row_rule
    table = SparseTable("t", 3, RowInit("fill_constant", {"value": 0.0}, 3), row_rule(opt))
    table.load(np.arange(5), w0)
    for g in grads:
        p.grad = paddle.to_tensor(g)
        opt.step()
        table.push(np.arange(5), g)
    np.testing.assert_allclose(table.pull(np.arange(5)), p.numpy(), rtol=2e-6, atol=1e-7)


def test_sparse_table_keeps_only_touched_rows():
    """A 100M-id table with 200k touched ids holds those rows (and the rule's state) only."""
    rule = RowRule("adam", 0.01)
    table = SparseTable("t", 8, RowInit("uniform_random", {"min": -0.1, "max": 0.1}, 8), rule)
    rng = np.random.default_rng(0)
    tracemalloc.start()
    for _ in range(4):
        ids = rng.integers(0, 100_000_000, 50_000)
        table.pull(ids)
        table.push(np.unique(ids), np.ones((len(np.unique(ids)), 8), np.float32))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert 199_000 < len(table) <= 200_000
    assert table.nbytes() == len(table) * (8 * 4 + 18 * 4)
    assert peak < 150e6  # a dense 100M x 8 float32 table alone would be 3.2 GB


def test_entry_count_filter_admits_an_id_after_n_pulls():
    table = SparseTable("t", 2, RowInit("fill_constant", {"value": 1.0}, 2), RowRule("sgd", 0.1),
                        entry=("count_filter", 3))
    for k in range(2):
        assert (table.pull(np.array([5])) == 0).all() and len(table) == 0
    assert (table.pull(np.array([5])) == 1).all() and len(table) == 1


def test_entries_are_paddle_distributed_names():
    import purepaddle.distributed as dist
    assert dist.CountFilterEntry(3)._to_attr() == "count_filter_entry:3"
    assert dist.ProbabilityEntry(0.5)._to_attr() == "probability_entry:0.5"


# -- the program split (no servers needed) -----------------------------------------------------------------
def test_minimize_splits_the_program(no_launcher_env):
    paddle.enable_static()
    try:
        rm = fleet.UserDefinedRoleMaker(current_id=0, role=fleet.Role.WORKER, worker_num=2,
                                        server_endpoints=["127.0.0.1:1", "127.0.0.1:2"])
        fleet.init(rm)
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            ids = paddle.static.data("ids", [None, 1], "int64")
            emb = paddle.static.nn.sparse_embedding(ids, [100_000_000, 8])
            loss = paddle.mean(paddle.static.nn.fc(emb, 1))
            fleet.distributed_optimizer(paddle.optimizer.SGD(0.1)).minimize(loss)
        types = [op.type for op in main.global_block().ops]
        assert types[0] == "distributed_lookup_table" and types[-1] == "ps_send_recv"
        assert "lookup_table" not in types and "sgd" not in types
        assert "sparse_embedding_0.w_0" not in startup.global_block().vars  # never materialised on a worker
        plan = fleet.fleet._ps_plan
        assert plan["mode"] == "async"  # DistributedStrategy.a_sync defaults to True, as in Paddle
        assert sorted(plan["owner"].values()) == [0, 1]  # fc's w and b on different servers
        exe = paddle.static.Executor()
        exe.run(startup)
        with pytest.raises(RuntimeError, match="fleet.init_worker"):
            exe.run(main, feed={"ids": np.zeros((2, 1), "int64")}, fetch_list=[loss])
    finally:
        paddle.disable_static()


# -- real jobs ---------------------------------------------------------------------------------------------
def _launch(tmp_path, env, servers, workers, *script_args, name="run"):
    out = tmp_path / name
    out.mkdir()
    t0 = time.time()
    proc = subprocess.run([sys.executable, "-m", "purepaddle.distributed.launch", "--server_num", str(servers),
                           "--worker_num", str(workers), "--log_dir", str(out / "log"), JOB, str(out),
                           *script_args], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    result = json.loads((out / "ps.json").read_text()) if (out / "ps.json").exists() else None
    return proc, result, time.time() - t0, out


def _local(tmp_path, env, *script_args):
    out = tmp_path / "local"
    out.mkdir()
    subprocess.run([sys.executable, "-m", "purepaddle", JOB, str(out), "local", *script_args], cwd=tmp_path, env=env,
                   check=True, capture_output=True, timeout=300)
    return json.loads((out / "ps.json").read_text())


def _assert_same_params(a, b, rtol):
    for k in a["params"]:
        np.testing.assert_allclose(np.array(a["params"][k]), np.array(b["params"][k]), rtol=rtol, atol=1e-6)
    np.testing.assert_allclose(np.array(a["rows"]), np.array(b["rows"]), rtol=rtol, atol=1e-6)


@pytest.mark.parametrize("opt", ["sgd", "adagrad", "sgd_sched"])
def test_sync_equals_one_process_on_the_whole_batch(tmp_path, mpi, launcher_free_env, opt):
    """(Not Adam: the servers' sparse Adam is lazy with per-row beta powers, as Paddle's PS sparse rule, so rows
    not touched in a step do not move, where dense Adam's momentum moves them; its row rule is checked above.)
    `sgd_sched`: an LRScheduler the worker script steps; the servers apply its value of each step."""
    proc, ps, _, _ = _launch(tmp_path, launcher_free_env, 1, 2, "sync", opt, "6")
    assert proc.returncode == 0, proc.stderr
    ref = _local(tmp_path, launcher_free_env, opt, "6")
    _assert_same_params(ps, ref, rtol=1e-5)


@pytest.mark.parametrize("opt", ["adam", "adagrad"])
def test_saving_at_step_k_and_continuing_equals_an_uninterrupted_run(tmp_path, mpi, launcher_free_env, opt):
    """The servers save their optimizer state with the parameters (dense moments and beta powers, every sparse
    row's own); a new job (with another number of servers) continues from them as if never stopped."""
    env = launcher_free_env
    proc, whole, _, _ = _launch(tmp_path, env, 2, 2, "sync", opt, "6", name="whole")
    assert proc.returncode == 0, proc.stderr
    save = tmp_path / "saved"
    proc, _, _, _ = _launch(tmp_path, env, 2, 2, "sync", opt, "3", str(save), name="first")
    assert proc.returncode == 0, proc.stderr
    proc, rest, _, _ = _launch(tmp_path, dict(env, PS_FIRST_STEP="3"), 1, 2, "sync", opt, "3", "-", str(save),
                               name="rest")
    assert proc.returncode == 0, proc.stderr
    assert rest["losses"] == pytest.approx(whole["losses"][3:], rel=1e-6)
    _assert_same_params(rest, whole, rtol=1e-6)
    # the dense accumulators are Paddle tensor files under a static optimizer's names
    names = {"adam": ["fc1.w_moment1_0", "fc1.w_moment2_0", "fc1.w_beta1_pow_acc_0", "fc1.w_beta2_pow_acc_0"],
             "adagrad": ["fc1.w_moment_0"]}[opt]
    from purepaddle.static.tensor_record import read_tensor_record
    for name in names:
        acc = read_tensor_record((save / name).read_bytes())
        assert acc.shape == ((1,) if "pow" in name else (8, 1)), name
    if opt == "adam":
        assert read_tensor_record((save / "fc1.w_beta1_pow_acc_0").read_bytes())[0] == pytest.approx(0.9 ** 4)
    with np.load(save / "emb.shard0.npz") as z:
        assert z["state"].shape[0] == len(z["ids"])


def test_save_inference_model_holds_the_trained_net_with_its_touched_rows(tmp_path, mpi, launcher_free_env,
                                                                         ref_python):
    """fleet.save_inference_model under PS: the lookups become searchsorted lookups over the touched ids and their
    rows (an id never touched reads zeros); purepaddle's loaders and real Paddle's Predictor give the trained net's
    outputs."""
    model = tmp_path / "model"
    proc, res, _, _ = _launch(tmp_path, dict(launcher_free_env, PS_INFER=str(model)), 2, 2, "sync", "adam", "5")
    assert proc.returncode == 0, proc.stderr
    ids = np.array([0, 3, 9, 7, 42, 999])
    dense = np.linspace(-1, 1, 12).reshape(6, 2).astype("float32")
    p = {k: np.array(v, "float32") for k, v in res["params"].items()}
    emb = np.where((ids < 10)[:, None], np.array(res["rows"], "float32")[np.minimum(ids, 49)], 0)
    want = np.maximum(np.concatenate([emb, dense], 1) @ p["fc0.w"] + p["fc0.b"], 0) @ p["fc1.w"] + p["fc1.b"]
    from purepaddle.static.tensor_record import read_tensor_record
    assert read_tensor_record((model / "emb.ids").read_bytes()).tolist()[:-1] == list(range(10))  # touched only
    check = Path(__file__).resolve().parent / "ps_infer_check.py"
    for python, args in ((sys.executable, ["-m", "purepaddle"]), (str(ref_python), [])):
        out = tmp_path / f"out{len(args)}.json"
        run = subprocess.run([python, *args, str(check), str(model), str(out)] + (["static"] if args else []),
                             cwd=tmp_path, env=dict(launcher_free_env, FLAGS_enable_pir_api="0"), capture_output=True,
                             text=True, timeout=300)
        assert run.returncode == 0, run.stderr[-3000:]
        got = json.loads(out.read_text())
        for key in ("predictor", "static"):
            if key in got:
                np.testing.assert_allclose(np.array(got[key]), want, rtol=1e-5, atol=1e-6, err_msg=f"{python} {key}")


def test_async_and_geo_converge_near_sync_and_saving_reloads(tmp_path, mpi, launcher_free_env):
    """40 steps of the CTR-style model (Adam) on 2 servers and 2 workers: every mode falls from about 0.69, and the
    mean loss of the last 10 steps of async and of geo (k=2) is at most 0.15 above sync's (async, with twice the
    updates, usually ends below it). Sync saves; a new job's init_server(dirname) reloads it."""
    env = launcher_free_env
    save = tmp_path / "saved"
    proc, sync, _, _ = _launch(tmp_path, env, 2, 2, "sync", "adam", "40", str(save), name="sync")
    assert proc.returncode == 0, proc.stderr
    tails = {"sync": np.mean(sync["losses"][-10:])}
    for mode in ("async", "geo"):
        proc, res, _, _ = _launch(tmp_path, env, 2, 2, mode, "adam", "40", name=mode)
        assert proc.returncode == 0, proc.stderr
        tails[mode] = np.mean(res["losses"][-10:])
    assert tails["sync"] < 0.4, tails
    assert tails["async"] < tails["sync"] + 0.15 and tails["geo"] < tails["sync"] + 0.15, tails
    assert sorted(p.name for p in save.iterdir() if p.name.startswith("emb")) == ["emb.shard0.npz", "emb.shard1.npz"]
    # the dense files are Paddle tensor files: purepaddle's loader reads them
    from purepaddle.static.tensor_record import read_tensor_record
    np.testing.assert_allclose(read_tensor_record((save / "fc1.w").read_bytes()), np.array(sync["params"]["fc1.w"]))
    # incremental training: a 1-server job starting from the 2 servers' shards, 0 steps, holds the same values
    proc, again, _, _ = _launch(tmp_path, env, 1, 1, "sync", "adam", "0", "-", str(save), name="reload")
    assert proc.returncode == 0, proc.stderr
    _assert_same_params(again, sync, rtol=0)


@pytest.mark.parametrize("who, role", [("worker1", "worker process with rank=[1]"),
                                       ("server0", "server process with rank=[0]")])
def test_a_dying_server_or_worker_stops_the_job_with_its_role_named(tmp_path, mpi, launcher_free_env, who, role):
    env = dict(launcher_free_env, PS_DIE=who)
    proc, _, took, out = _launch(tmp_path, env, 1, 2, "sync", "sgd", "50")
    assert proc.returncode != 0
    assert role in proc.stderr and "RuntimeError: this" in proc.stderr
    assert (out / "log" / "serverlog.0").exists() and (out / "log" / "workerlog.1").exists()


@pytest.mark.parametrize("make, message", [
    (lambda d: d.CountFilterEntry(-1), "greater or equal than 0"),
    (lambda d: d.CountFilterEntry(1.5), "greater than 0"),
    (lambda d: d.ProbabilityEntry(1), r"float in \(0,1\)"),
    (lambda d: d.ShowClickEntry(1, "c"), "must be a str"),
])
def test_entries_check_their_arguments_as_paddle(make, message):
    import purepaddle.distributed as dist
    with pytest.raises(ValueError, match=message):
        make(dist)


def test_sparse_nn_embedding_becomes_a_table_under_ps(no_launcher_env):
    paddle.enable_static()
    try:
        rm = fleet.UserDefinedRoleMaker(current_id=0, role=fleet.Role.WORKER, worker_num=1,
                                        server_endpoints=["127.0.0.1:1"])
        fleet.init(rm)
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            ids = paddle.static.data("ids", [None, 3], "int64")
            emb = paddle.nn.Embedding(1000, 4, sparse=True)
            fleet.distributed_optimizer(paddle.optimizer.SGD(0.1)).minimize(paddle.mean(emb(ids)))
        ops = main.global_block().ops
        assert ops[0].type == "distributed_lookup_table" and ops[0].attrs["v1"] is False
        (table,) = fleet.fleet._ps_plan["tables"].values()
        assert (table["dim"], table["init"][0]) == (4, "uniform_random")
    finally:
        paddle.disable_static()


def test_launch_ps_spelling_gives_each_role_its_environment(tmp_path, mpi, launcher_free_env):
    servers = "127.0.0.1:36170,127.0.0.1:36171"
    proc = subprocess.run([sys.executable, "-m", "purepaddle", "-m", "paddle.distributed.launch_ps", "--servers",
                           servers, "--worker_num", "1", "--log_dir", str(tmp_path / "log"),
                           str(Path(__file__).resolve().parent / "job_ps_env.py"), str(tmp_path)],
                          cwd=tmp_path, env=launcher_free_env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    got = {p.stem: json.loads(p.read_text()) for p in tmp_path.glob("*.json")}
    assert sorted(got) == ["server.0", "server.1", "worker.0"]
    s1, w0 = got["server.1"], got["worker.0"]
    assert (s1["env"]["TRAINING_ROLE"], s1["env"]["PADDLE_PORT"], s1["env"]["POD_IP"]) == ("PSERVER", "36171",
                                                                                           "127.0.0.1")
    assert (w0["env"]["TRAINING_ROLE"], w0["env"]["PADDLE_TRAINER_ID"], w0["env"]["PADDLE_TRAINERS_NUM"]) == (
        "TRAINER", "0", "1")
    assert w0["env"]["PADDLE_PSERVERS_IP_PORT_LIST"] == servers
    assert (w0["worker_num"], w0["server_num"], s1["worker_num"], s1["server_num"]) == (1, 2, 1, 2)
    assert sorted(p.name for p in (tmp_path / "log").iterdir() if "log." in p.name and "env" not in p.name) == [
        "serverlog.0", "serverlog.1", "workerlog.0"]


def test_a_worker_ending_without_stop_worker_still_lets_the_servers_exit(tmp_path, mpi, launcher_free_env):
    proc, result, _, _ = _launch(tmp_path, dict(launcher_free_env, PS_NO_STOP="1"), 1, 2, "async", "sgd", "2")
    assert proc.returncode == 0, proc.stderr
    assert len(result["losses"]) == 2


def test_hang_timeout_diagnoses_a_worker_the_step_waits_for(tmp_path, mpi, launcher_free_env):
    """Sync mode, worker 1 stalls (a 60 s sleep): worker 0 waits in its push; --hang_timeout names both."""
    out = tmp_path / "run"
    out.mkdir()
    proc = subprocess.run([sys.executable, "-m", "purepaddle.distributed.launch", "--server_num", "1", "--worker_num",
                           "2", "--hang_timeout", "3", "--log_dir", str(out / "log"), JOB, str(out), "sync", "sgd", "5"],
                          cwd=tmp_path, env=dict(launcher_free_env, PS_HANG="worker1"), capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode != 0
    assert "HANG!!!" in proc.stderr and "worker 0 (MPI rank 0) waits in ps_request" in proc.stderr
    # the stalled worker and the server (which serves, so made no PS request) are named by role, not rank alone
    assert "worker 1 (MPI rank 1) has not issued" in proc.stderr, proc.stderr
    assert "server 0 (MPI rank 2) has answered" in proc.stderr and "fleet.run_server()" in proc.stderr, proc.stderr
    assert "time.sleep(60)" in proc.stderr


def test_paddle_ps_internals_keep_their_names():
    """the_one_ps's table descriptions write their fields onto any description; the CPU program builders point at
    fleet's minimize, the GPU/heter/FL/Nu ones refuse at construction."""
    from types import SimpleNamespace
    from purepaddle.distributed.ps import the_one_ps
    from purepaddle.distributed.ps.utils import ps_factory
    ctx = SimpleNamespace(table_id=lambda: 2, is_sparse=lambda: True)
    proto = SimpleNamespace()
    the_one_ps.SparseTable({}, ctx)._set(proto)
    assert (proto.table_id, proto.table_class, proto.type) == (2, "MemorySparseTable", "PS_SPARSE_TABLE")
    dense = SimpleNamespace()
    the_one_ps.DenseTable({}, ctx)._set(dense)  # a sparse context describes no dense table
    assert vars(dense) == {}
    with pytest.raises(ValueError, match="not geo sparse table"):
        the_one_ps.GeoSparseTable({"ps_mode": "sync"}, ctx)
    pass_ctx = SimpleNamespace(_attrs={"ps_mode": "async", "is_server": True})
    builder = ps_factory.CpuAsyncPsProgramBuilder(pass_ctx)
    assert builder.is_server and builder.ps_mode == "async"
    with pytest.raises(NotImplementedError, match="minimize"):
        builder._build_programs()
    for name in ("GpuPsProgramBuilder", "HeterAsyncPsProgramBuilder", "FlPsProgramBuilder", "NuPsProgramBuilder"):
        with pytest.raises(NotImplementedError, match="not supported by purepaddle"):
            getattr(ps_factory, name)(pass_ctx)
