"""paddle.incubate's indexed random states and FusedDropout, against behaviour read from real Paddle 3.3.1."""
import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.incubate import rng_state


@pytest.fixture(autouse=True)
def _fresh_slots(monkeypatch):
    monkeypatch.setattr(rng_state, "_slots", [None])
    monkeypatch.setattr(rng_state, "_live", [0])


def test_indexed_states_each_draw_their_own_stream():
    # Paddle 3.3.1: index 0, a new index [1] cloned from the live state, switching resumes each slot's stream
    paddle.seed(7)
    old = paddle.incubate.get_rng_state(use_index=True)
    assert old == [0]
    paddle.rand([2])
    new = paddle.incubate.register_rng_state_as_index()
    assert new == [1] and paddle.incubate.get_rng_state(use_index=True) == [1]
    a = paddle.rand([2]).numpy()
    paddle.incubate.set_rng_state(old, use_index=True)
    np.testing.assert_array_equal(paddle.rand([2]).numpy(), a)  # slot 0 was parked where slot 1 was cloned
    paddle.incubate.set_rng_state(new, use_index=True)
    b = paddle.rand([2]).numpy()
    paddle.incubate.set_rng_state(old, use_index=True)
    np.testing.assert_array_equal(paddle.rand([2]).numpy(), b)
    with pytest.raises(ValueError):
        paddle.incubate.set_rng_state([5], use_index=True)


def test_states_without_index_are_paddles_rng_state():
    state = paddle.incubate.get_rng_state()
    a = paddle.rand([3]).numpy()
    paddle.incubate.set_rng_state(state)
    np.testing.assert_array_equal(paddle.rand([3]).numpy(), a)


def test_fused_dropout_is_dropout_with_axis():
    m = paddle.incubate.nn.FusedDropout(p=0.5, axis=1)
    assert repr(m) == "FusedDropout(p=0.5, axis=1, mode=upscale_in_train)"
    out = m(paddle.ones([4, 6])).numpy()
    assert set(np.unique(out)) <= {0.0, 2.0} and (out == out[0]).all()  # one mask entry per column
    m.eval()
    assert m(paddle.ones([2])).numpy().tolist() == [1.0, 1.0]
    with pytest.raises(ValueError, match="between 0 and 1"):
        paddle.incubate.nn.FusedDropout(p=2)
    with pytest.raises(TypeError, match="axis"):
        paddle.incubate.nn.FusedDropout(axis="x")


def _train(wrap):
    paddle.seed(1)
    main, start = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, start):
        x = paddle.static.data(name="x", shape=[-1, 4], dtype="float32")
        hidden = paddle.static.nn.fc(x, size=8)
        cost = paddle.mean(paddle.static.nn.fc(hidden, size=1))
        opt = paddle.optimizer.Adam(learning_rate=0.1)
        if wrap:
            opt = paddle.incubate.optimizer.RecomputeOptimizer(opt)
            with pytest.raises(AssertionError, match="list of Variable"):
                opt._set_checkpoints([1])
            opt._set_checkpoints([hidden])
        opt.minimize(cost)
    exe = paddle.static.Executor()
    exe.run(start)
    return [exe.run(main, feed={"x": np.ones([2, 4], "float32")}, fetch_list=[cost])[0] for _ in range(3)]


def test_recompute_optimizer_trains_as_the_wrapped_one():
    paddle.enable_static()
    try:
        np.testing.assert_array_equal(_train(True), _train(False))  # recomputing changes no value
        opt = paddle.incubate.optimizer.RecomputeOptimizer(paddle.optimizer.SGD(0.1))
        with pytest.raises(NotImplementedError, match="load function is not supported by Recompute Optimizer"):
            opt.load({})
    finally:
        paddle.disable_static()
    with pytest.raises(Exception, match="In dygraph, don't support RecomputeOptimizer"):
        paddle.incubate.optimizer.RecomputeOptimizer(paddle.optimizer.SGD(0.1, parameters=[]))


def test_incubate_layers_partial_concat_sum_as_paddle():
    # values printed by real Paddle 3.3.1
    x = paddle.to_tensor(np.arange(6, dtype="float32").reshape(2, 3))
    y = x * 10
    L = paddle.incubate.layers
    assert L.partial_concat([x, y], start_index=1, length=-1).numpy().tolist() == [[1, 2, 10, 20], [4, 5, 40, 50]]
    assert L.partial_concat([x, y], start_index=-2, length=1).numpy().tolist() == [[1, 10], [4, 40]]
    assert L.partial_sum([x, y], start_index=1, length=2).numpy().tolist() == [[11, 22], [44, 55]]
    shuffled = L.shuffle_batch(paddle.to_tensor(np.arange(12.0).reshape(3, 2, 2))).numpy().reshape(-1, 2)
    assert sorted(shuffled[:, 0].tolist()) == [0, 2, 4, 6, 8, 10] and (shuffled[:, 1] == shuffled[:, 0] + 1).all()


def test_incubate_layers_batch_fc_and_shuffle_batch_in_a_program():
    paddle.enable_static()
    try:
        main, start = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, start):
            inp = paddle.static.data(name="input", shape=[2, 2, 3], dtype="float32")
            out = paddle.incubate.layers.batch_fc(inp, [2, 3, 4], paddle.ParamAttr(name="bfc_w"), [2, 4],
                                                  paddle.ParamAttr(name="bfc_b"), act="relu")
            xs = paddle.static.data(name="xs", shape=[-1, 4], dtype="float32")
            sb = paddle.incubate.layers.shuffle_batch(xs)
        assert tuple(out.shape) == (2, 2, 4) and tuple(sb.shape) == (-1, 4)
        exe = paddle.static.Executor()
        scope = paddle.static.Scope()
        with paddle.static.scope_guard(scope):
            exe.run(start)
            w, b = (np.array(scope.find_var(n).get_tensor()) for n in ("bfc_w", "bfc_b"))
            i = np.random.rand(2, 2, 3).astype("float32")
            got, rows = exe.run(main, feed={"input": i, "xs": np.arange(12, dtype="float32").reshape(3, 4)},
                                fetch_list=[out, sb])
        np.testing.assert_allclose(got, np.maximum(np.matmul(i, w) + b[:, None, :], 0), rtol=1e-6)
        assert sorted(rows[:, 0].tolist()) == [0, 4, 8]
    finally:
        paddle.disable_static()
    with pytest.raises(TypeError, match="batch_fc must be Variable"):
        paddle.incubate.layers.batch_fc(paddle.ones([2, 2, 3]), [2, 3, 4], None, [2, 4], None)
