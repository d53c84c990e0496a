"""paddle.distributed.InMemoryDataset / QueueDataset with Executor.train_from_dataset: the parameters after a
pass equal real Paddle's (constant-initialised model); loading, shuffles and the pipe through a data generator."""
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import purepaddle as paddle
import purepaddle.distributed as dist

HERE = Path(__file__).resolve().parent

TRAIN = """
import json, os, sys
import numpy as np
import {mod} as paddle
paddle.enable_static()
folder, kind = sys.argv[1], sys.argv[2]
x = paddle.static.data("x", [None, 3], "float32")
y = paddle.static.data("y", [None, 1], "float32")
w = paddle.ParamAttr(initializer=paddle.nn.initializer.Constant(0.1))
b = paddle.ParamAttr(initializer=paddle.nn.initializer.Constant(0.0))
pred = paddle.static.nn.fc(x, 1, weight_attr=w, bias_attr=b)
loss = paddle.mean((pred - y) ** 2)
paddle.optimizer.SGD(0.05).minimize(loss)
exe = paddle.static.Executor(paddle.CPUPlace())
exe.run(paddle.static.default_startup_program())
ds = paddle.distributed.InMemoryDataset() if kind == "memory" else paddle.distributed.QueueDataset()
ds.init(batch_size=3, thread_num=1, use_var=[x, y], pipe_command="cat")
ds.set_filelist([os.path.join(folder, "part-0"), os.path.join(folder, "part-1")])
if kind == "memory":
    ds.load_into_memory()
for _ in range(2):
    exe.train_from_dataset(paddle.static.default_main_program(), ds, print_period=100)
scope = paddle.static.global_scope()
print(json.dumps({{n: np.array(scope.find_var(n).get_tensor()).tolist() for n in ("fc_0.w_0", "fc_0.b_0")}}))
"""


@pytest.fixture
def data_dir(tmp_path):
    rng = np.random.RandomState(0)
    for k in range(2):
        rows = []
        for _ in range(4 + k):  # 9 instances: batches of 3, 3, 3
            xs = rng.uniform(-1, 1, 3).round(3)
            rows.append("3 " + " ".join(map(str, xs)) + f" 1 {round(float(xs.sum()), 3)}")
        (tmp_path / f"part-{k}").write_text("\n".join(rows) + "\n")
    return tmp_path


@pytest.mark.parametrize("kind", ["queue", "memory"])
def test_train_from_dataset_matches_paddle(data_dir, kind, ref_python):
    def run(python, mod):
        env = dict(os.environ, FLAGS_enable_pir_api="0")  # Paddle 3's datasets run legacy programs only
        proc = subprocess.run([str(python), "-c", TRAIN.format(mod=mod), str(data_dir), kind], capture_output=True,
                              text=True, timeout=180, env=env, cwd=data_dir)  # Paddle leaves *_train_desc.prototxt
        assert proc.returncode == 0, proc.stderr[-3000:]
        return json.loads(proc.stdout.strip().splitlines()[-1])
    ours, theirs = run(sys.executable, "purepaddle"), run(ref_python, "paddle")
    for k in theirs:
        np.testing.assert_allclose(ours[k], theirs[k], rtol=1e-5, atol=1e-6)


def test_memory_dataset_through_a_generator(tmp_path):
    (tmp_path / "raw.txt").write_text("1 3 4 5\n0 7\n1 2 8\n0 9 10\n")
    paddle.enable_static()
    try:
        words = paddle.static.data("words", [None, 1], "int64", lod_level=1)
        label = paddle.static.data("label", [None, 1], "int64")
        ds = dist.InMemoryDataset()
        ds.init(batch_size=2, use_var=[words, label],
                pipe_command=f"{sys.executable} -m purepaddle {HERE / 'gen_words.py'} int")
        ds.set_filelist([str(tmp_path / "raw.txt")])
        ds.load_into_memory()
        assert ds.get_memory_data_size() == 4 and ds.get_memory_data_size(fleet=object()) == 4
        feeds = list(ds._feeds())
        assert feeds[0]["words"].tolist() == [[3], [4], [5], [7]] and feeds[0]["label"].tolist() == [[1], [0]]
        assert feeds[1]["words"].tolist() == [[2], [8], [9], [10]]
        ds.local_shuffle()
        shuffled = sorted(tuple(i[0].tolist()) for i in ds._memory)
        assert shuffled == [(2, 8), (3, 4, 5), (7,), (9, 10)]
        ds.global_shuffle()  # one process: a local shuffle
        assert ds.get_shuffle_data_size() == 4
        ds.slots_shuffle(["label"])
        assert sorted(int(i[1][0]) for i in ds._memory) == [0, 0, 1, 1]
        assert 'name: "words"' in ds._desc() and "is_dense: false" in ds._desc()
        ds.release_memory()
        with pytest.raises(RuntimeError, match="call load_into_memory first"):
            ds.local_shuffle()
        ds.preload_into_memory()
        ds.wait_preload_done()
        assert ds.get_memory_data_size() == 4
        with pytest.raises(NotImplementedError, match="TDM tree index"):
            ds.tdm_sample("t", "p", [1], 0, False, 0, 0)
        bad = dist.QueueDataset()
        bad.init(batch_size=1, use_var=[words, label], pipe_command="false")
        bad.set_filelist([str(tmp_path / "raw.txt")])
        with pytest.raises(RuntimeError, match="exited with status 1"):
            list(bad._feeds())
    finally:
        paddle.disable_static()
