"""np.array / np.asarray of a Tensor or a scope variable give an independent array, as in Paddle."""
import numpy as np

import purepaddle as paddle


def test_numpy_arrays_of_a_tensor_do_not_follow_later_inplace_updates():
    t = paddle.ones([3])
    a, b = np.array(t), np.asarray(t)
    c = np.asarray(t, dtype=np.float64)
    t.add_(paddle.ones([3]))
    for arr in (a, b, c):
        np.testing.assert_array_equal(arr, [1.0, 1.0, 1.0])
    assert np.shares_memory(t.__array__(copy=False), t.__array__(copy=False))  # explicit copy=False shares


def test_numpy_array_of_a_scope_variable_is_a_snapshot():
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [2, 3], "float32")
            loss = paddle.mean(paddle.static.nn.fc(x, 1, weight_attr=paddle.ParamAttr(name="w")))
            paddle.optimizer.SGD(0.5).minimize(loss)
        exe = paddle.static.Executor()
        scope = paddle.static.global_scope()
        exe.run(startup)
        before = np.array(scope.find_var("w").get_tensor())
        kept = before.copy()
        exe.run(main, feed={"x": np.ones([2, 3], np.float32)}, fetch_list=[loss])
        np.testing.assert_array_equal(before, kept)
        assert not np.array_equal(np.array(scope.find_var("w").get_tensor()), kept)
    finally:
        paddle.disable_static()
