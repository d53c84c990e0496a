"""paddle.distributed.split in one process (num_partitions=1, the whole layer) and its checks; the 2-rank
programs are checked in test_hybrid_job.py."""
import numpy as np
import pytest

import purepaddle as paddle
import purepaddle.distributed as dist
import purepaddle.distributed.fleet as fleet


@pytest.fixture
def static_fleet(solo, fleet_state):
    paddle.enable_static()
    fleet.init(is_collective=True)
    yield
    paddle.disable_static()


@pytest.mark.parametrize("axis", [0, 1])
def test_linear_of_one_partition_is_the_linear_layer(static_fleet, axis):
    rng = np.random.RandomState(1)
    W, B, X = (rng.uniform(-1, 1, s).astype("float32") for s in ((5, 3), (3,), (4, 5)))
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [4, 5], "float32")
        y = dist.split(x, [5, 3], "linear", axis=axis,
                       weight_attr=paddle.ParamAttr(initializer=paddle.nn.initializer.Assign(W)),
                       bias_attr=paddle.ParamAttr(initializer=paddle.nn.initializer.Assign(B)))
        paddle.optimizer.SGD(0.5).minimize(y.sum())
    types = [op.type for op in main.global_block().ops]
    assert ("c_split" if axis == 0 else "c_identity") in types
    exe = paddle.static.Executor()
    exe.run(startup)
    out = exe.run(main, feed={"x": X}, fetch_list=[y])[0]
    np.testing.assert_allclose(out, X @ W + B, rtol=1e-6)
    w = [p for p in main.all_parameters() if len(p.shape) == 2][0]
    assert w.is_distributed
    got = np.array(paddle.static.global_scope().find_var(w.name).get_tensor())
    np.testing.assert_allclose(got, W - 0.5 * X.T @ np.ones((4, 3), "float32"), rtol=1e-6)


def test_embedding_of_one_partition_is_a_lookup(static_fleet):
    E = np.arange(12, dtype="float32").reshape(4, 3)
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        ids = paddle.static.data("ids", [2], "int64")
        y = dist.split(ids, (4, 3), "embedding", weight_attr=paddle.ParamAttr(
            initializer=paddle.nn.initializer.Assign(E)))
    exe = paddle.static.Executor()
    exe.run(startup)
    np.testing.assert_array_equal(exe.run(main, feed={"ids": np.array([3, 0])}, fetch_list=[y])[0], E[[3, 0]])


def test_split_checks(solo, fleet_state):
    x = paddle.ones([2, 4])
    with pytest.raises(ValueError, match="cannot be used in dynamic graph mode"):
        dist.split(x, (4, 2), "linear")
    with pytest.raises(AssertionError, match="must be one of \\['linear', 'embedding'\\]"):
        dist.split(x, (4, 2), "conv")
    with pytest.raises(AssertionError, match="must be list or tuple"):
        dist.split(x, 4, "linear")
    paddle.enable_static()
    try:
        fleet.init(is_collective=True)
        with paddle.static.program_guard(paddle.static.Program(), paddle.static.Program()):
            v = paddle.static.data("v", [2, 4], "float32")
            with pytest.raises(ValueError, match="The value of axis must be 0 or 1, but the value given is 2"):
                dist.split(v, (4, 2), "linear", axis=2)
            with pytest.raises(NotImplementedError, match="num_partitions=2 in a job of 1 ranks"):
                dist.split(v, (4, 2), "linear", num_partitions=2)
    finally:
        paddle.disable_static()
