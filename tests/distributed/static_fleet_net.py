"""The static regression program shared by tests/distributed/test_fleet_static.py and its worker script: an fc
layer 3 -> 2 started from fixed weights, mean squared loss, trained by `make_opt()` (optionally through fleet)."""
import numpy as np

import purepaddle as paddle

W0 = np.array([[0.5, -0.3], [0.2, 0.8], [-0.6, 0.1]], "float32")


def data(world):
    rng = np.random.default_rng(0)
    return (rng.standard_normal((4, world * 6, 3)).astype("float32"),
            rng.standard_normal((4, world * 6, 2)).astype("float32"))


def train(make_opt, batches, wrap=None):
    """Run one program step per (x, y) in batches; the fc weight after each step."""
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [None, 3], "float32")
            y = paddle.static.data("y", [None, 2], "float32")
            attr = paddle.ParamAttr(name="fc_w", initializer=paddle.nn.initializer.Assign(W0))
            out = paddle.static.nn.fc(x, 2, weight_attr=attr, bias_attr=False)
            loss = paddle.mean((out - y) ** 2)
            opt = make_opt()
            (wrap(opt) if wrap else opt).minimize(loss)
        exe = paddle.static.Executor()
        scope = paddle.static.Scope()
        with paddle.static.scope_guard(scope):
            exe.run(startup)
            weights = []
            for bx, by in batches:
                exe.run(main, feed={"x": bx, "y": by})
                weights.append(np.array(scope.find_var("fc_w").get_tensor()).copy())  # not a view of the live var
        return weights, main
    finally:
        paddle.disable_static()
