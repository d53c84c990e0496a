"""Distributed checkpoints (save_state_dict / load_state_dict / load_merged_state_dict) in Paddle 3.3.1's layout:
files move both ways with real Paddle, several ranks write their pieces, a checkpoint loads into another layout."""
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import purepaddle as paddle
import purepaddle.distributed as dist
from purepaddle.distributed.checkpoint.metadata import LocalTensorIndex, LocalTensorMetadata, Metadata, loads

HERE = Path(__file__).resolve().parent
PADDLE_CKPT = HERE.parent / "fixtures" / "dist_checkpoint" / "paddle331"  # make_dist_checkpoint_fixtures.py


def _targets():
    return {"weight": paddle.zeros([3, 2]), "bias": paddle.zeros([2]), "step": paddle.zeros([1], "int64"),
            "emb": paddle.zeros([3, 4]),
            "piece": dist.ShardedWeight("piece", paddle.zeros([2, 3], "float64"), (2, 3), (4, 3), (2, 0))}


def _check(t):
    np.testing.assert_array_equal(t["weight"].numpy(), np.arange(6, dtype="float32").reshape(3, 2) / 4)
    assert t["bias"].numpy().tolist() == [0.5, -1.5] and t["step"].numpy().tolist() == [7]
    np.testing.assert_array_equal(t["emb"].numpy(), np.arange(12).reshape(3, 4))
    assert t["piece"].local_tensor.numpy().tolist() == [[1.0] * 3] * 2


def test_loads_a_checkpoint_written_by_real_paddle():
    t = _targets()
    dist.load_state_dict(t, str(PADDLE_CKPT))
    _check(t)
    merged = dist.load_merged_state_dict(str(PADDLE_CKPT))
    assert sorted(merged) == ["bias", "emb", "piece", "step", "weight"]
    assert merged["piece"].shape == [4, 3] and merged["piece"].dtype == paddle.float64
    assert merged["piece"].numpy()[:2].sum() == 0 and merged["piece"].numpy()[2:].sum() == 6


def _save_like_the_fixture(path):
    mesh = dist.ProcessMesh([0], dim_names=["x"])
    dist.save_state_dict({
        "weight": paddle.arange(6, dtype="float32").reshape([3, 2]) / 4,
        "bias": paddle.to_tensor([0.5, -1.5]),
        "step": paddle.to_tensor([7], dtype="int64"),
        "emb": dist.shard_tensor(paddle.arange(12, dtype="float32").reshape([3, 4]), mesh, [dist.Shard(1)]),
        "piece": dist.ShardedWeight("piece", paddle.ones([2, 3], dtype="float64"), (2, 3), (4, 3), (2, 0)),
    }, str(path))


def test_writes_what_real_paddle_writes(tmp_path, solo):
    _save_like_the_fixture(tmp_path)
    assert sorted(os.listdir(tmp_path)) == ["0.metadata", "0_0.distcp"]
    ours, theirs = (paddle.load(str(p / "0_0.distcp"), return_numpy=True) for p in (tmp_path, PADDLE_CKPT))
    assert sorted(ours) == sorted(theirs)  # same keys; the arrays too (tensor names aside)
    for k in ours:
        assert ours[k].dtype == theirs[k].dtype and np.array_equal(ours[k], theirs[k])
    ours, theirs = (loads((p / "0.metadata").read_bytes()) for p in (tmp_path, PADDLE_CKPT))
    assert ours == theirs
    assert isinstance(ours, Metadata) and ours.storage_metadata[
        LocalTensorIndex("piece", (2, 0), local_shape=(2, 3))] == "0_0.distcp"
    assert ours.state_dict_metadata["step"] == [LocalTensorMetadata((0,), (1,), "int64", (1,))]
    t = _targets()
    dist.load_state_dict(t, str(tmp_path))
    _check(t)


def test_real_paddle_loads_ours(tmp_path, ref_python, solo):
    _save_like_the_fixture(tmp_path)
    code = (
        "import paddle, paddle.distributed as dist\n"
        "t = {'weight': paddle.zeros([3, 2]), 'bias': paddle.zeros([2]), 'step': paddle.zeros([1], 'int64'),\n"
        "     'emb': paddle.zeros([3, 4])}\n"
        f"dist.load_state_dict(t, {str(tmp_path)!r})\n"
        "print({k: v.numpy().tolist() for k, v in t.items()})\n"
        f"m = dist.load_merged_state_dict({str(tmp_path)!r})\n"
        "print(m['piece'].numpy().sum(), list(m['piece'].shape))\n")
    proc = subprocess.run([str(ref_python), "-c", code], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    lines = proc.stdout.strip().splitlines()
    got = eval(lines[-2])
    assert got["weight"] == (np.arange(6, dtype="float32").reshape(3, 2) / 4).tolist()
    assert got["step"] == [7] and got["bias"] == [0.5, -1.5] and got["emb"] == np.arange(12.0).reshape(3, 4).tolist()
    assert lines[-1] == "6.0 [4, 3]"


def test_nested_state_dicts_ids_and_errors(tmp_path, solo):
    dist.save_state_dict({"model": {"w": paddle.ones([2])}, "opt": {"lr": paddle.to_tensor([0.5])}}, str(tmp_path))
    assert dist.load_merged_state_dict(str(tmp_path), prefix="model")["w"].numpy().tolist() == [1.0, 1.0]
    dist.save_state_dict({"w": paddle.full([2], 3.0)}, str(tmp_path), unique_id=4)
    assert set(os.listdir(tmp_path)) == {"0.metadata", "0_0.distcp", "4.metadata", "0_4.distcp"}
    t = {"w": paddle.zeros([2])}
    dist.load_state_dict(t, str(tmp_path))  # the highest id
    assert t["w"].numpy().tolist() == [3.0, 3.0]
    t = {"model": {"w": paddle.zeros([2])}}
    dist.load_state_dict(t, str(tmp_path), unique_id=0)
    assert t["model"]["w"].numpy().tolist() == [1.0, 1.0]
    with pytest.raises(KeyError, match="has no \\['nope'\\]"):
        dist.load_state_dict({"nope": paddle.zeros([1])}, str(tmp_path))
    with pytest.raises(NotImplementedError, match="safetensors package"):
        dist.save_state_dict({"w": paddle.ones([1])}, str(tmp_path), safetensors=True)
    with pytest.raises(ValueError, match="should be dict or paddle.Tensor"):
        dist.save_state_dict({"w": 3}, str(tmp_path))
    assert not [f for f in os.listdir(tmp_path) if "tmp" in f or f.startswith(".")]  # atomic: no leftovers


def test_build_sharded_state_dict_and_shard_weight(tmp_path, solo):
    sd = dist.build_sharded_state_dict(paddle.nn.Linear(2, 3).state_dict(), {"weight": 1}, "fc.")
    assert sorted(sd) == ["fc.bias", "fc.weight"]
    w = sd["fc.weight"]
    assert (w.key, w.local_shape, w.global_shape, w.global_offset) == ("fc.weight", (2, 3), (2, 3), (0, 0))
    dist.save_state_dict(sd, str(tmp_path))
    assert sorted(dist.load_merged_state_dict(str(tmp_path))) == ["fc.bias", "fc.weight"]
    group = dist.init_parallel_env()
    s = dist.shard_weight("x", paddle.ones([2, 3]), 1, group)
    assert (s.global_shape, s.global_offset) == ((2, 3), (0, 0))
    with pytest.raises(ValueError, match="Shard axis 2 is invalid"):
        dist.shard_weight("x", paddle.ones([2, 3]), 2, group)
    assert "global_shape=(2, 3)" in str(s)


def test_two_ranks_save_their_pieces_and_load_another_layout(tmp_path, mpi, launcher_free_env, ref_python):
    ckpt = tmp_path / "ckpt"
    proc = subprocess.run([sys.executable, "-m", "purepaddle.distributed.launch", "--nproc_per_node", "2",
                           "--log_dir", str(tmp_path / "logs"), str(HERE / "job_checkpoint.py"), str(tmp_path),
                           str(ckpt)], cwd=tmp_path, env=launcher_free_env, capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:] + proc.stdout[-3000:]
    assert set(os.listdir(ckpt)) == {"0.metadata", "0_0.distcp", "1_0.distcp"}
    whole = np.arange(24, dtype="float32").reshape(4, 6)
    for rank in (0, 1):
        got = json.loads((tmp_path / f"ckpt.{rank}.json").read_text())
        assert got["w"] == whole[:, 3 * rank:3 * rank + 3].tolist()
        assert got["b"] == [1.0, 2.0, 3.0] and got["r"] == [5.0, 6.0]
    meta = loads((ckpt / "0.metadata").read_bytes())
    # each replicated piece written once, by the file that had the fewest (Paddle's balancing)
    assert sorted(meta.storage_metadata.values()) == ["0_0.distcp", "0_0.distcp", "1_0.distcp", "1_0.distcp"]
    merged = dist.load_merged_state_dict(str(ckpt))
    np.testing.assert_array_equal(merged["w"].numpy(), whole)
    code = (f"import paddle.distributed as dist\nm = dist.load_merged_state_dict({str(ckpt)!r})\n"
            "print(m['w'].numpy().sum(), m['b'].numpy().tolist(), m['r'].numpy().tolist())\n")
    ref = subprocess.run([str(ref_python), "-c", code], capture_output=True, text=True, timeout=300)
    assert ref.returncode == 0, ref.stderr[-3000:]
    assert ref.stdout.strip().splitlines()[-1] == "276.0 [1.0, 2.0, 3.0] [5.0, 6.0]"
