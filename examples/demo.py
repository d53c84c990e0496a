"""purepaddle demo: logistic regression written with tensor ops, trained eagerly, its gradient checked statically.

Run it with `make demo` (or `python examples/demo.py`, or unchanged-Paddle style with
`python -m purepaddle examples/demo.py`). The data comes from NumPy with a fixed seed, so every
run prints the same numbers.
"""
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout without installing
import purepaddle as paddle  # noqa: E402

STEPS, LR, PRINT_EVERY = 200, 0.5, 40


def make_data(n=200, seed=0):
    """Two Gaussian blobs in 2-D: class 0 around (-1.5, -1), class 1 around (+1.5, +1)."""
    rng = np.random.default_rng(seed)
    x0 = rng.normal([-1.5, -1.0], 1.0, size=(n, 2))
    x1 = rng.normal([1.5, 1.0], 1.0, size=(n, 2))
    x = np.concatenate([x0, x1]).astype("float32")
    y = np.concatenate([np.zeros(n), np.ones(n)]).astype("float32").reshape(-1, 1)
    return x, y


def bce_loss(x, y, w, b):
    """Mean binary cross-entropy of sigmoid(x @ w + b) against labels y (tensor ops only)."""
    p = paddle.nn.functional.sigmoid(paddle.matmul(x, w) + b)
    p = paddle.clip(p, 1e-6, 1.0 - 1e-6)
    return -paddle.mean(y * paddle.log(p) + (1.0 - y) * paddle.log(1.0 - p)), p


def train(x_np, y_np):
    """Manual SGD in dynamic mode: loss.backward(), then in-place updates under no_grad."""
    x, y = paddle.to_tensor(x_np), paddle.to_tensor(y_np)
    w = paddle.zeros([2, 1], dtype="float32")
    b = paddle.zeros([1], dtype="float32")
    w.stop_gradient = False
    b.stop_gradient = False
    for step in range(1, STEPS + 1):
        loss, p = bce_loss(x, y, w, b)
        loss.backward()
        with paddle.no_grad():
            w.subtract_(LR * w.grad)          # in-place update of a leaf: allowed under no_grad
            b.set_value(b - LR * b.grad)
        w.clear_grad()
        b.clear_grad()
        if step % PRINT_EVERY == 0 or step == 1:
            acc = ((p > 0.5).astype("float32") == y).astype("float32").mean()
            print(f"step {step:4d}  loss {float(loss):.6f}  accuracy {float(acc):.4f}")
    return w, b


def eager_grads(x_np, y_np, w_np, b_np):
    """Loss and d(loss)/d(w, b) at given parameter values, in dynamic mode."""
    w = paddle.to_tensor(w_np, stop_gradient=False)
    b = paddle.to_tensor(b_np, stop_gradient=False)
    loss, _ = bce_loss(paddle.to_tensor(x_np), paddle.to_tensor(y_np), w, b)
    gw, gb = paddle.grad(loss, [w, b])
    return float(loss), gw.numpy(), gb.numpy()


def static_grads(x_np, y_np, w_np, b_np):
    """The same loss as a static Program: append_backward, then fetch 'w@GRAD' by name."""
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [None, 2], "float32")
            y = paddle.static.data("y", [None, 1], "float32")
            w = paddle.static.data("w", [2, 1], "float32")
            b = paddle.static.data("b", [1], "float32")
            w.stop_gradient = False
            b.stop_gradient = False
            loss, _ = bce_loss(x, y, w, b)
            paddle.static.append_backward(loss)
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        loss_v, gw, gb = exe.run(main, feed={"x": x_np, "y": y_np, "w": w_np, "b": b_np},
                                 fetch_list=[loss, "w@GRAD", "b@GRAD"])
        return float(np.asarray(loss_v).reshape(-1)[0]), np.asarray(gw), np.asarray(gb)
    finally:
        paddle.disable_static()


def _fmt(a, digits=4):
    return "[" + ", ".join(f"{v:.{digits}f}" for v in np.asarray(a).ravel()) + "]"


def main():
    start = time.perf_counter()
    x_np, y_np = make_data()
    print(f"{paddle.__name__} {paddle.__version__}: logistic regression on {len(x_np)} points, "
          f"{STEPS} steps of SGD (lr={LR})")
    w, b = train(x_np, y_np)
    _, p = bce_loss(paddle.to_tensor(x_np), paddle.to_tensor(y_np), w, b)
    acc = float(((p > 0.5).astype("float32") == paddle.to_tensor(y_np)).astype("float32").mean())
    print(f"final accuracy {acc:.4f}   w = {_fmt(w.numpy())}   b = {_fmt(b.numpy())}")

    w_np, b_np = w.numpy(), b.numpy()
    e_loss, e_gw, e_gb = eager_grads(x_np, y_np, w_np, b_np)
    s_loss, s_gw, s_gb = static_grads(x_np, y_np, w_np, b_np)
    print(f"dynamic: loss {e_loss:.6f}  dL/dw {_fmt(e_gw, 6)}  dL/db {_fmt(e_gb, 6)}")
    print(f"static:  loss {s_loss:.6f}  dL/dw {_fmt(s_gw, 6)}  dL/db {_fmt(s_gb, 6)}")
    agree = (abs(e_loss - s_loss) < 1e-5 and np.allclose(e_gw, s_gw, atol=1e-5)
             and np.allclose(e_gb, s_gb, atol=1e-5))
    print(f"dynamic and static gradients agree: {agree}")
    print(f"done in {time.perf_counter() - start:.2f} s")
    if acc < 0.9 or not agree:
        print("FAILED: accuracy must exceed 0.9 and both modes must agree", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
