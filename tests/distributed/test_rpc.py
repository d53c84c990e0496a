"""paddle.distributed.rpc: one worker in place, and 2 and 3 real workers under the launcher (calls over MPI)."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

import purepaddle.distributed.rpc as rpc

HERE = Path(__file__).resolve().parent


def _double(x):
    return 2 * x


def _fail():
    raise KeyError("nope")


def test_one_worker(no_launcher_env):
    with pytest.raises(RuntimeError, match="rpc is not initialized"):
        rpc.rpc_sync("w", _double, args=(1,))
    rpc.init_rpc("w", rank=0, world_size=1)
    try:
        assert rpc.rpc_sync("w", _double, args=(21,)) == 42
        fut = rpc.rpc_async("w", _double, kwargs={"x": 4})
        assert fut.wait() == 8
        info = rpc.get_current_worker_info()
        assert (info.name, info.rank) == ("w", 0) and rpc.get_worker_info("w") == info
        assert repr(info).startswith("{name: w, rank: 0, ip: ") and rpc.get_all_worker_infos() == [info]
        with pytest.raises(KeyError, match="nope"):
            rpc.rpc_sync("w", _fail)
        with pytest.raises(ValueError, match="no worker named 'x'"):
            rpc.rpc_sync("x", _double, args=(1,))
        with pytest.raises(RuntimeError, match="already an RPC worker"):
            rpc.init_rpc("w")
    finally:
        rpc.shutdown()
    with pytest.raises(ValueError, match="this process is rank 0 of a job of 1"):
        rpc.init_rpc("w", rank=1, world_size=2)


@pytest.mark.parametrize("n", [2, 3])
def test_workers_call_each_other(n, tmp_path, mpi, launcher_free_env):
    proc = subprocess.run([sys.executable, "-m", "purepaddle.distributed.launch", "--nproc_per_node", str(n),
                           "--log_dir", str(tmp_path / "logs"), str(HERE / "job_rpc.py"), str(tmp_path)],
                          cwd=tmp_path, env=launcher_free_env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:] + proc.stdout[-3000:]
    for rank in range(n):
        res = json.loads((tmp_path / f"rpc.{rank}.json").read_text())
        assert res["all"] == [f"worker{r}" for r in range(n)]
        assert res["me"].startswith(f"{{name: worker{rank}, rank: {rank}, ip: ")
        assert res["info1"].startswith("{name: worker1, rank: 1, ip: ")
        for peer in range(n):
            call = res["calls"][f"worker{peer}"]
            assert call["sync"] == f"from {rank} on worker{peer}"
            assert call["async"] == [i + rank * 100 for i in range(5)]
            assert call["nested"] == 42 and call["pid_differs"]
        assert res["error"] == "boom on purpose"
