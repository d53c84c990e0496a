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
