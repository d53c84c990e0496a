"""A seeded static-graph regression in the style of Paddle's tutorials: paddle.enable_static(), paddle.seed(2024),
static.nn.fc layers, SGD minimize, an Executor running the startup program then 30 steps on shuffled batches;
prints the loss every 10 steps and the first parameter's sum. Runs unchanged on real Paddle (legacy IR:
FLAGS_enable_pir_api=0) and on purepaddle (`python -m purepaddle static_seeded.py`)."""
import numpy as np
import paddle

paddle.enable_static()
paddle.seed(2024)
np.random.seed(2024)

rng = np.random.RandomState(0)
xs = rng.randn(64, 4).astype("float32")
ys = (xs @ np.array([[1.0], [-2.0], [0.5], [3.0]], "float32") + 0.1).astype("float32")

main, startup = paddle.static.Program(), paddle.static.Program()
with paddle.static.program_guard(main, startup):
    x = paddle.static.data("x", [None, 4], "float32")
    y = paddle.static.data("y", [None, 1], "float32")
    h = paddle.static.nn.fc(x, 8, activation="tanh")
    pred = paddle.static.nn.fc(h, 1)
    loss = paddle.mean(paddle.square(pred - y))
    paddle.optimizer.SGD(learning_rate=0.05).minimize(loss)

exe = paddle.static.Executor(paddle.CPUPlace())
exe.run(startup)
for step in range(30):
    idx = np.random.permutation(64)[:16]
    (value,) = exe.run(main, feed={"x": xs[idx], "y": ys[idx]}, fetch_list=[loss])
    if step % 10 == 9:
        print(f"step {step + 1} loss {float(value):.8f}")
w = paddle.static.global_scope().find_var(main.all_parameters()[0].name).get_tensor()
print(f"first weight sum {float(np.array(w).sum()):.8f}")
