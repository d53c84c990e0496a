"""paddle.distributed.passes (registry, context, conflict ordering as Paddle's), paddle.distributed.io,
create_nccl_config and paddle.dataset.movielens.unittest."""
import json
import os
import shutil
import subprocess
import sys

import numpy as np
import pytest

import purepaddle as paddle
import purepaddle.distributed as dist
from purepaddle.distributed.passes import PassContext, PassManager, new_pass

ORDERS = [["fuse_optimizer", "fuse_all_reduce", "fuse_bn_act"],
          ["fuse_optimizer", "fuse_all_reduce:10", "fuse_bn_act"],
          ["fuse_bn_act", "fuse_optimizer", "fuse_gemm_epilogue", "fuse_all_reduce:1"],
          ["fuse_all_reduce:10", "fuse_all_reduce:10"],
          ["fuse_adamw", "fused_attention", "fuse_resunit", "fused_feedforward"]]
SURVEY = """
import json
from {mod}.distributed.passes import PassManager, new_pass
def make(spec):
    name, _, size = spec.partition(":")
    return new_pass(name, {{"max_memory_size": int(size)}} if size else {{}})
print(json.dumps([PassManager([make(s) for s in specs]).names for specs in {orders!r}]))
"""


def _names(python, mod):
    proc = subprocess.run([str(python), "-c", SURVEY.format(mod=mod, orders=ORDERS)], capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_pass_manager_orders_as_paddle(ref_python):
    assert _names(sys.executable, "purepaddle") == _names(ref_python, "paddle")


def test_passes_apply_and_record():
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [None, 2], "float32")
            paddle.nn.functional.relu(x + 1.0)
        before = [op.type for op in main.global_block().ops]
        ctx = PassContext()
        ctx.set_attr("k", 3)
        p = new_pass("fuse_elewise_add_act")
        assert p.apply([main], [startup], ctx) is ctx and ctx.passes == [p] and ctx.get_attr("k") == 3
        assert p.apply([main], [startup], ctx).passes == [p]  # the same pass twice: not applied again
        assert [op.type for op in main.global_block().ops] == before
        pm = PassManager([new_pass("fuse_all_reduce", {"max_memory_size": 1})], context=ctx)
        assert pm.apply([main], [startup]) is pm.context and [q.name for q in ctx.passes] == [
            "fuse_elewise_add_act"]  # fuse_all_reduce may not follow a fusion pass
        assert pm.passes == () and pm.names == []
    finally:
        paddle.disable_static()


def test_pass_errors():
    with pytest.raises(AssertionError, match="Pass nope is not registered"):
        new_pass("nope")
    with pytest.raises(NotImplementedError, match="'build_cinn' is not available in purepaddle: it compiles"):
        new_pass("build_cinn")
    with pytest.raises(NotImplementedError, match="auto_parallel_sharding"):
        new_pass("auto_parallel_sharding")


def test_create_nccl_config_is_none_as_in_cpu_paddle():
    assert dist.create_nccl_config() is None
    assert dist.create_nccl_config({"commName": "tp", "nchannels": 4}) is None


def test_io_persistables_roundtrip(tmp_path):
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [None, 2], "float32")
            y = paddle.static.nn.fc(x, 3)
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        feed = {"x": np.ones([1, 2], "float32")}
        want = exe.run(main, feed=feed, fetch_list=[y])[0]
        dist.io.save_persistables(exe, str(tmp_path / "a"), main)
        dist.io.save_persistables(exe, str(tmp_path / "b"), main, filename="all")
        assert sorted(os.listdir(tmp_path / "a")) == ["fc_0.b_0", "fc_0.w_0"]
        exe.run(startup)  # new random values
        dist.io.load_persistables(exe, str(tmp_path / "a"), main)
        np.testing.assert_array_equal(exe.run(main, feed=feed, fetch_list=[y])[0], want)
        exe.run(startup)
        dist.io.load_persistables(exe, str(tmp_path / "b"), main, filename="all")
        np.testing.assert_array_equal(exe.run(main, feed=feed, fetch_list=[y])[0], want)
        assert dist.io.is_persistable(main.global_block().var("fc_0.w_0"))
        with pytest.raises(NotImplementedError, match="pserver_endpoints"):
            dist.io.load_inference_model_distributed(str(tmp_path), exe, pserver_endpoints=["127.0.0.1:1"])
    finally:
        paddle.disable_static()


def test_movielens_unittest_prints_last_indices(tmp_path, monkeypatch, capsys):
    from purepaddle.dataset import common, movielens
    from tests.fixtures.text import fake_archives
    paths = fake_archives.write(str(tmp_path / "src"))
    monkeypatch.setattr(common, "DATA_HOME", str(tmp_path / "cache"))
    target = common.cached_path(movielens.URL, "movielens")
    os.makedirs(os.path.dirname(target), exist_ok=True)
    shutil.copy(paths["movielens"], target)
    n_train = sum(1 for _ in movielens.train()())
    n_test = sum(1 for _ in movielens.test()())
    capsys.readouterr()
    movielens.unittest()
    assert capsys.readouterr().out == f"{n_train - 1} {n_test - 1}\n"
