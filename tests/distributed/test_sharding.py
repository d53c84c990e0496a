"""paddle.distributed.sharding in one process (the 2-rank numbers are in test_hybrid_job.py) and the
auto-parallel ShardingStage configurations against real Paddle."""
import json
import subprocess
import sys

import numpy as np
import pytest

import purepaddle as paddle
import purepaddle.distributed as dist
from purepaddle.distributed.sharding import group_sharded_parallel, save_group_sharded_model


def _train(level, clip=False):
    paddle.seed(3)
    model = paddle.nn.Sequential(paddle.nn.Linear(4, 8), paddle.nn.ReLU(), paddle.nn.Linear(8, 2))
    opt = paddle.optimizer.AdamW(learning_rate=0.05, parameters=model.parameters(),
                                 grad_clip=paddle.nn.ClipGradByGlobalNorm(0.1) if clip else None)
    if level is not None:
        model, opt, _ = group_sharded_parallel(model, opt, level)
    x = paddle.to_tensor(np.linspace(-1, 1, 24, dtype="float32").reshape(6, 4))
    for _ in range(3):
        model(x).square().mean().backward()
        opt.step()
        opt.clear_grad()
    return [p.numpy() for p in model.parameters()], opt


@pytest.mark.parametrize("level", ["os", "os_g", "p_g_os"])
def test_one_rank_trains_as_the_plain_model(solo, level):
    for clip in (False, True):
        want, _ = _train(None, clip)
        got, opt = _train(level, clip)
        for a, b in zip(got, want):
            np.testing.assert_array_equal(a, b)
        assert len(opt.local_params) == 4


def test_save_and_errors(solo, tmp_path):
    _, opt = _train("os")
    model = paddle.nn.Linear(2, 2)
    inner = paddle.optimizer.Adam(parameters=model.parameters())
    m, o, s = group_sharded_parallel(model, inner, "os_g")
    m(paddle.ones([1, 2])).sum().backward()
    o.step()
    save_group_sharded_model(m, str(tmp_path / "out"), o)
    sd = paddle.load(str(tmp_path / "out" / "model.pdmodel"))
    assert sorted(sd) == ["bias", "weight"]
    osd = paddle.load(str(tmp_path / "out" / "model.pdopt"))
    assert set(inner.state_dict()) == set(osd)
    with pytest.raises(AssertionError, match="The level must be os, os_g or p_g_os"):
        group_sharded_parallel(model, inner, "x")
    with pytest.raises(ValueError, match="wrapped with group_sharded_parallel"):
        save_group_sharded_model(model, str(tmp_path / "o2"))
    (tmp_path / "f").write_text("")
    with pytest.raises(AssertionError, match="should be a directory, not a file"):
        save_group_sharded_model(m, str(tmp_path / "f"))


STAGES = """
import json
import {mod} as paddle
import {mod}.distributed as dist
mesh = dist.ProcessMesh([0], dim_names=["dp"])
out = []
for placements, shape in [([dist.Replicate()], [4, 2]), ([dist.Shard(0)], [4, 2]), ([dist.Replicate()], [3])]:
    w = dist.shard_tensor(paddle.ones(shape), mesh, placements)
    for stage in (dist.ShardingStage1("dp", mesh), dist.ShardingStage2(0, mesh), dist.ShardingStage3("dp", mesh)):
        for key in ("moment1", "beta2_pow_acc", "grad"):
            t = stage(key, w, paddle.zeros(shape))
            out.append([type(stage).__name__, key, [repr(p) for p in t.placements]])
    acc = paddle.zeros([2])
    out.append(dist.ShardingStage1("dp", mesh)("moment1", paddle.ones([2]), acc) is acc)
print(json.dumps(out))
"""


def test_sharding_stages_match_paddle(ref_python):
    def run(python, mod):
        proc = subprocess.run([str(python), "-c", STAGES.format(mod=mod)], capture_output=True, text=True,
                              timeout=120)
        assert proc.returncode == 0, proc.stderr
        return json.loads(proc.stdout.strip().splitlines()[-1])
    assert run(sys.executable, "purepaddle") == run(ref_python, "paddle")
