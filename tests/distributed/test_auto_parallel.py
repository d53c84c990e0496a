"""Auto-parallel names on a mesh of one process (what real Paddle 3.3.1 prints for the same calls), and the
refusal of meshes of several processes."""
import numpy as np
import pytest

import purepaddle as paddle
import purepaddle.distributed as dist


def test_process_mesh_and_placements():
    m = dist.ProcessMesh([[0, 1], [2, 3]], dim_names=["x", "y"])
    assert (m.shape, m.process_ids, m.dim_names, m.ndim, m.get_dim_size("y")) == ([2, 2], [0, 1, 2, 3], ["x", "y"],
                                                                                  2, 2)
    assert [repr(p) for p in (dist.Shard(0), dist.Replicate(), dist.Partial())] == [
        "Shard(dim=0)", "Replicate()", "Partial(reduce_type=SUM)"]
    assert dist.Shard(0) == dist.Shard(0) and dist.Shard(0) != dist.Shard(1) and dist.Shard(1).get_dim() == 1
    assert dist.Partial().is_partial() and dist.Replicate().is_replicated() and not dist.Replicate().is_shard()


def test_dist_tensors_on_a_mesh_of_one_process():
    mesh = dist.ProcessMesh([0], dim_names=["x"])
    t = dist.shard_tensor(paddle.arange(4.0), mesh, [dist.Shard(0)])
    assert t.is_dist() and t.placements == [dist.Shard(0)] and t.process_mesh == mesh and t.stop_gradient
    assert str(t.process_mesh) == "{shape: [1], process_ids: [0], dim_names: [x]}"
    np.testing.assert_array_equal(t.numpy(), [0, 1, 2, 3])
    r = dist.reshard(t, mesh, [dist.Replicate()])
    assert r.placements == [dist.Replicate()]
    u = dist.unshard_dtensor(t)
    assert type(u) is paddle.Tensor
    np.testing.assert_array_equal(u.numpy(), [0, 1, 2, 3])
    w = dist.shard_tensor(paddle.ones([2]), mesh, [dist.Replicate()], stop_gradient=False)
    (w * 3).sum().backward()
    np.testing.assert_array_equal(w.grad.numpy(), [3, 3])
    f = dist.dtensor_from_fn(paddle.ones, mesh, [dist.Replicate()], shape=[2])
    assert f.is_dist() and f.numpy().tolist() == [1.0, 1.0]


def test_meshes_of_several_processes_are_refused():
    with pytest.raises(NotImplementedError, match="mesh of 2 processes needs auto-parallel"):
        dist.shard_tensor(paddle.ones([2]), dist.ProcessMesh([0, 1]), [dist.Shard(0)])
    with pytest.raises(RuntimeError, match=r"the mesh names processes \[0, 1\] but this job has 1 process"):
        dist.shard_tensor(paddle.ones([2]), dist.ProcessMesh([0, 1]), [dist.Replicate()])


# -- layers, optimizers, data and DistModel on a mesh of one process (numbers: real Paddle 3.3.1) --------------


def _mesh():
    return dist.ProcessMesh([0], dim_names=["x"])


class _MLP(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc1 = paddle.nn.Linear(4, 3)
        self.fc2 = paddle.nn.Linear(3, 2)

    def forward(self, x):
        return self.fc2(paddle.nn.functional.relu(self.fc1(x)))


def _train(model, opt, steps=3):
    x = paddle.to_tensor(np.linspace(-1, 1, 8, dtype="float32").reshape(2, 4))
    losses = []
    for _ in range(steps):
        loss = (model(x) ** 2).mean()
        loss.backward()
        opt.step()
        opt.clear_grad()
        losses.append(float(loss))
    return losses


def test_shard_layer_marks_parameters_and_trains_like_the_plain_model():
    mesh = _mesh()
    paddle.seed(3)
    plain = _MLP()
    paddle.seed(3)
    net = _MLP()
    opt = paddle.optimizer.AdamW(0.1, parameters=net.parameters())  # made before: the same parameter objects

    def shard_fn(name, sub, m):
        if isinstance(sub, paddle.nn.Linear):
            sub.weight = dist.shard_tensor(sub.weight, m, [dist.Shard(1)])

    assert dist.shard_layer(net, mesh, shard_fn) is net
    assert net.fc1.weight.is_dist() and net.fc1.weight.placements == [dist.Shard(1)]
    assert net.fc1.bias.placements == [dist.Replicate()] and not net.fc1.weight.stop_gradient
    assert isinstance(net.fc1.weight, type(plain.fc1.weight))  # still a Parameter
    sopt = dist.shard_optimizer(opt, dist.ShardingStage1("x", mesh))
    want = _train(plain, paddle.optimizer.AdamW(0.1, parameters=plain.parameters()))
    assert _train(net, sopt) == want
    assert sopt._inner_opt is opt and sopt.get_lr() == 0.1


def test_shard_layer_input_and_output_fns():
    mesh = _mesh()
    net = dist.shard_layer(paddle.nn.Linear(2, 2), mesh, input_fn=lambda inputs, m: (inputs[0] * 0,),
                           output_fn=lambda out, m: out + 1)
    np.testing.assert_allclose(net(paddle.ones([1, 2])).numpy(), 1 + net.bias.numpy()[None], rtol=1e-6)


def test_gradient_accumulation_divides_the_gradients():
    w = paddle.create_parameter([1], "float32", default_initializer=paddle.nn.initializer.Constant(1.0))
    opt = dist.shard_optimizer(paddle.optimizer.SGD(1.0, parameters=[w]), gradient_accumulation_steps=2)
    (w * 4).sum().backward()
    opt.step()
    assert w.numpy().tolist() == [-1.0]


def test_reduce_type_dist_attr_and_global_mesh():
    assert (repr(dist.ReduceType.kRedSum), str(dist.ReduceType.kRedMax), int(dist.ReduceType.kRedAll)) == (
        "<ReduceType.kRedSum: 0>", "ReduceType.kRedMax", 6)
    assert repr(dist.Partial(dist.ReduceType.kRedMax)) == "Partial(reduce_type=MAX)"
    mesh = _mesh()
    a = dist.DistAttr(mesh, [None, "x"])
    assert (a.sharding_specs, a.dims_mapping, a.process_mesh) == ([None, "x"], [-1, 0], mesh)
    dist.set_mesh(mesh)
    assert dist.get_mesh() == mesh


def test_local_map_and_local_layer():
    mesh = _mesh()
    double = dist.local_map(lambda a: a * 2, [[dist.Shard(0)]], [[dist.Shard(0)]], mesh)
    out = double(dist.shard_tensor(paddle.ones([2]), mesh, [dist.Shard(0)]))
    assert out.is_dist() and out.placements == [dist.Shard(0)] and out.numpy().tolist() == [2.0, 2.0]
    assert double(paddle.ones([2])).is_dist()  # a mesh was named: the output is marked
    assert not dist.local_map(lambda a: a, [[dist.Shard(0)]])(paddle.ones([1])).is_dist()
    with pytest.raises(ValueError, match="in_placements asks for"):
        double(dist.shard_tensor(paddle.ones([2]), mesh, [dist.Replicate()]))

    class Sum(dist.LocalLayer):
        def forward(self, x):
            return x.sum()

    w = dist.shard_tensor(paddle.ones([3]), mesh, [dist.Shard(0)], stop_gradient=False)
    s = Sum([(mesh, [dist.Partial()])], [(mesh, [dist.Shard(0)])])(w)
    assert s.placements == [dist.Partial()] and float(s) == 3.0
    s.backward()
    assert w.grad.numpy().tolist() == [1.0, 1.0, 1.0]


def _loader():
    class DS(paddle.io.Dataset):
        def __len__(self):
            return 4

        def __getitem__(self, i):
            return np.full([4], i, "float32"), np.array([i % 2], "float32")
    return paddle.io.DataLoader(DS(), batch_size=2)


def test_shard_dataloader_and_dist_model_modes():
    mesh = _mesh()
    loader = dist.shard_dataloader(_loader(), [mesh], shard_dims="x")
    assert len(loader) == 2
    batch = next(iter(loader))
    assert [(t.is_dist(), t.placements) for t in batch] == [(True, [dist.Shard(0)])] * 2
    paddle.seed(2)
    net = paddle.nn.Linear(4, 1)
    model = dist.to_static(net, loader, paddle.nn.MSELoss(), paddle.optimizer.SGD(0.1, parameters=net.parameters()))
    assert isinstance(model, dist.DistModel) and model._mode is None
    with pytest.raises(ValueError, match=r"Please call train\(\)/eval\(\)/predict\(\) first."):
        model(*batch)
    model.train()
    train = [model(x, y) for x, y in loader]
    model.eval()
    evals = [model(x, y) for x, y in loader]
    assert all(isinstance(v, np.ndarray) for v in train + evals)
    # real Paddle 3.3.1, same seed and data
    np.testing.assert_allclose(train, [0.007060705, 4.694418], rtol=1e-5)
    np.testing.assert_allclose(evals, [11.242299, 88.007515], rtol=1e-5)
    model.predict()
    out = model(batch[0])
    np.testing.assert_allclose(out, net(batch[0]).numpy(), rtol=1e-6)
    assert sorted(model.state_dict("param")) == ["bias", "weight"]


def test_strategy_gradient_merge_steps_every_k_calls():
    strategy = dist.Strategy({"gradient_merge": {"enable": True, "k_steps": 2, "avg": True}})
    assert (strategy.gradient_merge.k_steps, strategy.sharding.enable, strategy.amp.dtype,
            strategy.pipeline.schedule_mode) == (2, False, "float16", "1F1B")
    w = paddle.create_parameter([1], "float32", default_initializer=paddle.nn.initializer.Constant(0.0))

    class Net(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.w = w

        def forward(self, x):
            return x * self.w

    net = Net()
    model = dist.to_static(net, None, lambda out, y: (out - y).sum(),
                           paddle.optimizer.SGD(1.0, parameters=net.parameters()), strategy)
    model.train()
    model(paddle.to_tensor([1.0]), paddle.to_tensor([0.0]))
    assert w.numpy().tolist() == [0.0]  # not yet: one of two merged steps
    model(paddle.to_tensor([3.0]), paddle.to_tensor([0.0]))
    assert w.numpy().tolist() == [-2.0]  # the average gradient (1 + 3) / 2
    with pytest.raises(ValueError, match="unknown setting"):
        dist.Strategy({"amp": {"bogus": 1}})


def test_parallelize_with_plans_trains_like_the_plain_model():
    mesh = dist.ProcessMesh([[0]], dim_names=["dp", "mp"])
    paddle.seed(5)
    plain = _MLP()
    paddle.seed(5)
    net = _MLP()
    opt = paddle.optimizer.SGD(0.1, parameters=net.parameters())
    config = {"mp_config": {"parallelize_plan": {"fc1": [dist.ColWiseParallel(), dist.SequenceParallelDisable()],
                                                 "fc2": dist.RowWiseParallel(is_input_parallel=False)}},
              "dp_config": {"sharding_level": 2}}
    net, opt = dist.parallelize(net, opt, mesh, config)
    assert dist.get_mesh() == mesh
    assert net.fc1.weight.placements == [dist.Replicate(), dist.Shard(1)]
    assert net.fc1.bias.placements == [dist.Replicate(), dist.Shard(0)]
    assert net.fc2.weight.placements == [dist.Replicate(), dist.Shard(0)]
    assert net.fc2.bias.placements == [dist.Replicate(), dist.Replicate()]
    x = paddle.to_tensor(np.linspace(-1, 1, 8, dtype="float32").reshape(2, 4))
    with pytest.raises(ValueError, match="sequence parallel works on"):
        net(x)  # SequenceParallelDisable needs [s, b, h] inputs
    paddle.seed(5)
    net = _MLP()
    net, opt = dist.parallelize(net, paddle.optimizer.SGD(0.1, parameters=net.parameters()), mesh,
                                {"mp_config": {"parallelize_plan": {"fc1": dist.ColWiseParallel(gather_output=True),
                                                                    "fc2": dist.RowWiseParallel()}}})
    assert _train(net, opt) == _train(plain, paddle.optimizer.SGD(0.1, parameters=plain.parameters()))
    assert dist.parallelize(net, opt, mesh, None) == (net, opt)


def test_sequence_parallel_plans_transpose_in_pairs():
    mesh = dist.ProcessMesh([[0]], dim_names=["dp", "mp"])

    class Net(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.embed = paddle.nn.Linear(2, 2)
            self.mid = paddle.nn.Linear(2, 2)
            self.head = paddle.nn.Linear(2, 2)

        def forward(self, x):
            a = self.embed(x)
            self.seen = a.shape
            return self.head(self.mid(a))

    paddle.seed(1)
    net = Net()
    x = paddle.rand([3, 5, 2])
    want = net(x).numpy()
    plan = {"embed": dist.SequenceParallelBegin(), "head": dist.SequenceParallelEnd()}
    net, _ = dist.parallelize(net, None, mesh, {"mp_config": {"parallelize_plan": plan}})
    got = net(x)
    assert net.seen == [5, 3, 2]  # [b, s, h] -> [s, b, h] inside the range
    np.testing.assert_allclose(got.numpy(), want, rtol=1e-6)


def test_plans_on_an_mp_dimension_of_several_processes_are_refused():
    net = _MLP()
    with pytest.raises(NotImplementedError, match="tensor/pipeline parallelism"):
        dist.parallelize(net, None, dist.ProcessMesh([[0, 1]], dim_names=["dp", "mp"]),
                         {"mp_config": {"parallelize_plan": {"fc1": dist.ColWiseParallel()}}})
    with pytest.raises(NotImplementedError, match="pipeline stages"):
        dist.parallelize(net, None, dist.ProcessMesh([[0, 1]], dim_names=["dp", "pp"]),
                         {"pp_config": {"split_spec": {"fc1": dist.SplitPoint.END}}})
    with pytest.raises(AssertionError, match="backend must be 'p2p' or 'all2all'"):
        dist.ContextParallel("ring")
    assert dist.SplitPoint.END.value == 1 and dist.SplitPoint.BEGINNING.value == 0


def test_to_distributed_on_one_process(solo):
    net = paddle.nn.Linear(4, 1)
    opt = paddle.optimizer.SGD(0.1, parameters=net.parameters())
    net, opt, loader = dist.to_distributed(net, opt, _loader(), device_num=1)
    assert net.weight.is_dist() and len(loader) == 2
    with pytest.raises(ValueError, match="device_num \\* node_num = 2"):
        dist.to_distributed(net, opt, _loader(), device_num=2)


def test_shard_scaler_returns_the_scaler():
    scaler = paddle.amp.GradScaler(init_loss_scaling=8)
    assert dist.shard_scaler(scaler) is scaler


# -- a data-parallel mesh of 2 real ranks -------------------------------------------------------------------

def test_data_parallel_mesh_of_two_ranks_trains_like_one_process(tmp_path, mpi, launcher_free_env):
    import json
    import subprocess
    import sys
    from pathlib import Path
    script = str(Path(__file__).resolve().parent / "job_auto_dp.py")
    (tmp_path / "two").mkdir()
    (tmp_path / "one").mkdir()
    proc = subprocess.run([sys.executable, "-m", "purepaddle.distributed.launch", "--nproc_per_node", "2",
                           "--log_dir", str(tmp_path / "logs"), script, str(tmp_path / "two")], cwd=tmp_path,
                          env=launcher_free_env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:] + proc.stdout[-3000:]
    alone = subprocess.run([sys.executable, "-m", "purepaddle", script, str(tmp_path / "one")], cwd=tmp_path,
                           env=launcher_free_env, capture_output=True, text=True, timeout=300)
    assert alone.returncode == 0, alone.stderr[-3000:]
    one = json.loads((tmp_path / "one" / "dp.0.json").read_text())
    two = [json.loads((tmp_path / "two" / f"dp.{r}.json").read_text()) for r in (0, 1)]
    assert one["batch"] == 4 and [t["batch"] for t in two] == [2, 2]  # each rank takes its half of a batch
    # averaged gradients: both ranks end with the weights one process reaches on the whole batches
    for key in ("w", "w2"):
        np.testing.assert_allclose(two[0][key], two[1][key], rtol=0, atol=0)
        np.testing.assert_allclose(two[0][key], one[key], rtol=1e-5, atol=1e-6)
    # each rank's loss is its half's; their mean is the whole batch's
    np.testing.assert_allclose((np.array(two[0]["losses"]) + two[1]["losses"]) / 2, one["losses"], rtol=1e-5)
    np.testing.assert_allclose((np.array(two[0]["dm_losses"]) + two[1]["dm_losses"]) / 2, one["dm_losses"],
                               rtol=1e-5)
