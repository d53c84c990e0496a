"""fleet in one process: DistributedStrategy's fields and errors, role makers, the fleet API surface."""
import warnings

import numpy as np
import pytest

import purepaddle as paddle
import purepaddle.distributed as dist
import purepaddle.distributed.fleet as fleet


def test_strategy_defaults_are_paddles():
    s = fleet.DistributedStrategy()
    assert (s.amp, s.recompute, s.localsgd, s.gradient_merge, s.a_sync) == (False, False, False, False, True)
    assert s.recompute_configs == {"checkpoints": [], "enable_offload": False, "checkpoint_shape": [],
                                   "enable_tuning": False, "refined_ops_patterns": []}
    assert s.localsgd_configs == {"k_steps": 1, "begin_step": 1}
    amp = s.amp_configs
    assert (amp["init_loss_scaling"], amp["incr_every_n_steps"], amp["decr_every_n_nan_or_inf"]) == (32768.0, 1000, 2)
    assert (amp["incr_ratio"], amp["use_dynamic_loss_scaling"], amp["use_pure_fp16"]) == (2.0, True, False)
    assert abs(amp["decr_ratio"] - 0.8) < 1e-7
    assert (s.fuse_grad_size_in_MB, s.fuse_all_reduce_ops, s.sync_nccl_allreduce, s.nccl_comm_num) == (32, True,
                                                                                                    True, 1)
    assert s.gradient_merge_configs == {"k_steps": 1, "avg": True} and s.find_unused_parameters is False
    assert s.a_sync_configs["k_steps"] == -1 and s.a_sync_configs["send_queue_size"] == 16


@pytest.mark.parametrize("name", ["use_local_sgd", "forward_recompute", "recompute_checkpoints"])
def test_unknown_strategy_fields_raise_paddles_type_error(name):
    with pytest.raises(TypeError, match=f"^{name} is not a attribute of DistributedStrategy$"):
        setattr(fleet.DistributedStrategy(), name, True)


def test_config_dicts_merge_and_check_keys():
    s = fleet.DistributedStrategy()
    s.recompute_configs = {"checkpoints": ["fc_0.tmp_0"]}
    assert s.recompute_configs["checkpoints"] == ["fc_0.tmp_0"] and s.recompute_configs["enable_offload"] is False
    s.recompute_configs["checkpoints"].append("mutating a copy")  # reads are copies
    assert s.recompute_configs["checkpoints"] == ["fc_0.tmp_0"]
    with pytest.raises(AssertionError, match="key:bogus not in recompute_configs"):
        s.recompute_configs = {"bogus": 1}
    with pytest.warns(UserWarning, match="amp should have value of bool type"):
        s.amp = "yes"
    assert s.amp is False


def test_inert_fields_warn_once(solo):
    s = fleet.DistributedStrategy()
    s.recompute = True
    s.sync_nccl_allreduce = False
    fleet.init(is_collective=True, strategy=s)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        model = fleet.distributed_model(paddle.nn.Linear(2, 2))
        fleet.distributed_optimizer(paddle.optimizer.SGD(0.1, parameters=model.parameters()))
    msgs = [str(x.message) for x in w]
    assert sum("recompute=True is accepted but not applied" in m for m in msgs) == 1
    assert sum("sync_nccl_allreduce=False has no effect" in m for m in msgs) == 1


def test_fleet_api_in_one_process(solo):
    with pytest.raises(RuntimeError, match="fleet.worker_index: call fleet.init"):
        fleet.Fleet().worker_index()
    fleet.init(is_collective=True)
    assert dist.is_initialized()
    assert (fleet.worker_index(), fleet.worker_num(), fleet.is_first_worker(), fleet.is_worker()) == (0, 1, True, True)
    assert (fleet.is_server(), fleet.server_num(), fleet.worker_endpoints(to_string=True)) == (False, 0, "")
    fleet.barrier_worker()
    assert type(fleet.distributed_model(paddle.nn.Linear(2, 2))).__name__ == "DataParallel"
    with pytest.raises(NotImplementedError, match="parameter-server training"):
        fleet.init_server()
    with pytest.raises(TypeError, match="strategy must be a fleet.DistributedStrategy"):
        fleet.init(strategy={"amp": True})


def test_role_makers(monkeypatch):
    monkeypatch.setenv("PADDLE_TRAINER_ID", "2")
    monkeypatch.setenv("PADDLE_TRAINERS_NUM", "4")
    monkeypatch.setenv("PADDLE_TRAINER_ENDPOINTS", "a:1,b:2,c:3,d:4")
    role = fleet.PaddleCloudRoleMaker(is_collective=True)
    assert (role._worker_index(), role._worker_num(), role._is_first_worker()) == (2, 4, False)
    assert role._get_trainer_endpoints() == ["a:1", "b:2", "c:3", "d:4"]
    user = fleet.UserDefinedRoleMaker(current_id=1, role=fleet.Role.WORKER, worker_num=3)
    assert (user._worker_index(), user._worker_num(), user._is_worker()) == (1, 3, True)
    with pytest.raises(ValueError, match="current_id=5 is outside worker_num=3"):
        fleet.UserDefinedRoleMaker(current_id=5, role=fleet.Role.WORKER, worker_num=3)


def test_static_minimize_all_reduces_gradients(solo):
    fleet.init(is_collective=True)
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [None, 3], "float32")
            loss = paddle.mean(paddle.static.nn.fc(x, 1, name="f"))
            ops, params_grads = fleet.distributed_optimizer(paddle.optimizer.SGD(0.5)).minimize(loss)
        types = [op.type for op in main.global_block().ops]
        reduce_ops = [op for op in main.global_block().ops if op.type == "all_reduce"]
        assert len(reduce_ops) == 2 and all(op.attr("reduce_type") == dist.ReduceOp.AVG for op in reduce_ops)
        assert max(i for i, t in enumerate(types) if t == "all_reduce") < types.index("sgd")
        assert [op.type for op in startup.global_block().ops].count("broadcast") == 2
        exe = paddle.static.Executor()
        exe.run(startup)
        w0 = np.array(paddle.static.global_scope().find_var("f.w_0").get_tensor()).copy()
        exe.run(main, feed={"x": np.ones((2, 3), "float32")}, fetch_list=[loss])
        w1 = np.array(paddle.static.global_scope().find_var("f.w_0").get_tensor())
    finally:
        paddle.disable_static()
    np.testing.assert_allclose(w1, w0 - 0.5 * np.ones((3, 1)) / 1.0, rtol=1e-6)  # d mean(xW+b)/dW = 1 per row
