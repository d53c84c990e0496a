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


def train_deep(make_opt, batches, wrap=None, checkpoints=None, seed=0, hidden=None):
    """A deeper program (fc-relu, fc-tanh, batch norm, dropout, fc-relu, fc) for recompute: `checkpoints(h)`
    picks checkpoint vars from the hidden outputs h (then the optimizer is wrapped in RecomputeOptimizer
    unless `wrap` is given; `hidden`, a list, receives h before `wrap` runs). Returns (every parameter and batch-norm statistic after each step, losses, main)."""
    paddle.enable_static()
    paddle.seed(seed)
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [None, 3], "float32")
            y = paddle.static.data("y", [None, 2], "float32")
            h = hidden if hidden is not None else []
            h.append(paddle.static.nn.fc(x, 8, activation="relu"))
            h.append(paddle.static.nn.fc(h[-1], 8, activation="tanh"))
            h.append(paddle.static.nn.batch_norm(h[-1]))
            h.append(paddle.nn.functional.dropout(h[-1], 0.25))
            h.append(paddle.static.nn.fc(h[-1], 8, activation="relu"))
            out = paddle.static.nn.fc(h[-1], 2)
            loss = paddle.mean((out - y) ** 2)
            opt = make_opt()
            if wrap is not None:
                opt = wrap(opt)
            elif checkpoints is not None:
                opt = paddle.incubate.optimizer.RecomputeOptimizer(opt)
                opt._set_checkpoints(checkpoints(h))
            opt.minimize(loss)
        exe = paddle.static.Executor()
        scope = paddle.static.Scope()
        names = sorted(v.name for v in main.list_vars() if v.persistable and v.name not in ("x", "y")
                       and not v.name.startswith("learning_rate"))
        with paddle.static.scope_guard(scope):
            exe.run(startup)
            states, losses = [], []
            for bx, by in batches:
                (lv,) = exe.run(main, feed={"x": bx, "y": by}, fetch_list=[loss])
                losses.append(float(lv))
                states.append({n: np.array(scope.find_var(n).get_tensor()).copy() for n in names})
        return states, losses, main
    finally:
        paddle.disable_static()
