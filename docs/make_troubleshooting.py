"""Generate docs/troubleshooting.md: each seed FAQ troubleshooting question, the purepaddle command or flag
that answers it, and the output that command really prints (each snippet runs under `python -m purepaddle`).

Run: .venv/bin/python docs/make_troubleshooting.py  (rewrites docs/troubleshooting.md atomically)
"""
import os
import subprocess
import sys
import tempfile
import textwrap

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "docs", "troubleshooting.md")

MLP = """
import numpy as np
import paddle
paddle.seed(0)
"""

SECTIONS = [
    dict(
        title="Loss is NaN: which op made the first NaN/Inf?",
        seed="S0/S1 'Loss为NaN，如何处理？', S3 '分布式任务跑很久 loss 突然变成 nan 的原因？'",
        text="Set `FLAGS_check_nan_inf=1` (environment, or `paddle.set_flags`). Every op output is checked, "
             "forward, backward and the optimizer update, eager and static. The first NaN/Inf stops the run with "
             "Paddle's `[PRECISION] [ERROR]` line and error, and purepaddle adds the phase, the line of your code "
             "that created the op, and each input's statistics.",
        env={"FLAGS_check_nan_inf": "1"},
        code="""
import paddle
x = paddle.to_tensor([[0.5, 0.0], [2.0, 1.0]])
w = paddle.to_tensor([[1.0], [1.0]], stop_gradient=False)
p = paddle.nn.functional.sigmoid(paddle.matmul(x, w)) - 0.7
loss = -paddle.log(p).mean()        # log of a negative probability
""",
        keep=lambda out: [ln for ln in out if ln.startswith(("[PRECISION]", "RuntimeError", "  [purepaddle]"))]),
    dict(
        title="Keep going and list every bad op (and the backward ones)",
        seed="S3 'loss 突然变成 nan': find where it starts, then restart from a checkpoint",
        text="`FLAGS_check_nan_inf_level=1` reports every op whose output holds NaN/Inf and goes on; `3` prints "
             "the statistics of every op. Backward ops are named `<forward op>_grad`, optimizer updates by their "
             "op (`sgd`, `adam`) and parameter.",
        env={"FLAGS_check_nan_inf": "1", "FLAGS_check_nan_inf_level": "1"},
        code="""
import paddle
x = paddle.to_tensor([0.0, 4.0], stop_gradient=False)
y = paddle.sqrt(x)                  # finite forward, infinite gradient at 0
y.sum().backward()
print("x.grad =", x.grad.numpy())
""",
        keep=lambda out: out),
    dict(
        title="\"Floating point exception\": clip gradients the v2 way, through the 2.x API",
        seed="S2 '训练过程中出现 Floating point exception' (gradient_clipping_threshold, error_clipping_threshold)",
        text="`gradient_clipping_threshold=t` is `grad_clip=paddle.nn.ClipGradByValue(t)` "
             "(`paddle.nn.legacy_clip.v2_optimizer_args` maps the v2 arguments, with per-parameter thresholds). "
             "`error_clipping_threshold=t` on a layer is `paddle.nn.legacy_clip.set_error_clip(layer, t)`: the "
             "gradient sent back through the layer is clipped. Both work eagerly and in static programs.",
        env={},
        code="""
import paddle
from paddle.nn.legacy_clip import L2Regularization, set_error_clip, v2_optimizer_args
fc1, fc2 = paddle.nn.Linear(2, 3), paddle.nn.Linear(3, 1)
opt = paddle.optimizer.RMSProp(parameters=fc1.parameters() + fc2.parameters(), **v2_optimizer_args(
    learning_rate=1e-3, gradient_clipping_threshold=10.0, regularization=L2Regularization(rate=8e-4)))
print(opt._grad_clip, "|", opt.regularization)
set_error_clip(fc2, 0.5)
x = paddle.ones([1, 2])
(fc2(fc1(x)) * 1e6).sum().backward()
print("largest |grad| reaching fc1:", float(fc1.weight.grad.abs().max()))
""",
        keep=lambda out: out),
    dict(
        title="Why does a layer get no gradient? (stop_gradient, frozen layers, no_grad, detach)",
        seed="S0/S1 'stop_gradient=True的影响范围？', '如何不训练某层的权重？'",
        text="`paddle.autograd.explain_no_grad(loss, parameters)` lists each parameter that gets no gradient and "
             "why. Run the forward inside `paddle.autograd.trace_grad_flow()` to get the op and the line that cut "
             "the path. A static Program's loss needs no tracer.",
        env={},
        code="""
import paddle
enc = paddle.nn.Linear(4, 4)
frozen = paddle.nn.Linear(4, 4, weight_attr=paddle.ParamAttr(trainable=False))
head = paddle.nn.Linear(4, 1, weight_attr=paddle.ParamAttr(learning_rate=0.0))
with paddle.autograd.trace_grad_flow():
    h = enc(paddle.ones([2, 4]))
    h.stop_gradient = True          # everything before h stops getting gradients
    loss = head(frozen(h)).mean()
print(paddle.autograd.explain_no_grad(loss, enc.parameters() + frozen.parameters() + head.parameters()))
""",
        keep=lambda out: out),
    dict(
        title="Static graph: stop_gradient in the middle of a program",
        seed="S0/S1 '如果静态图中某一层使用stop_gradient=True，那么这一层之前的层都会自动 stop_gradient=True'",
        text="The same call on a static loss walks the program: a variable with `stop_gradient=True` is in "
             "append_backward's no_grad_set, so the layers before it get no `@GRAD` variables.",
        env={},
        code="""
import paddle
paddle.enable_static()
x = paddle.static.data('x', [None, 2])
h = paddle.nn.Linear(2, 2)(x)
h.stop_gradient = True
loss = paddle.mean(paddle.nn.Linear(2, 1)(h))
print(paddle.autograd.explain_no_grad(loss))
""",
        keep=lambda out: out),
    dict(
        title="Out of memory: what filled it, and what to do",
        seed="S0/S1 '训练时报错提示显存不足，如何解决？', '如何处理变长ID导致程序内存占用过大的问题？'",
        text="An allocation that fails inside an op raises `MemoryError` naming the op, its inputs, the bytes "
             "asked for, what purepaddle's tensors hold (parameters, gradients, the rest; the largest ones) and "
             "the FAQ's remedies. `paddle.device.memory_allocated()` / `max_memory_allocated()` answer for "
             "purepaddle's CPU tensors at any time.",
        env={},
        code="""
import paddle
model = paddle.nn.Embedding(20000, 512)
ids = paddle.randint(0, 20000, [64, 100])
print("allocated:", paddle.device.memory_allocated() // 2**20, "MiB")
paddle.tile(model(ids), [4096, 4096, 1])   # a runaway tile: ask for petabytes
""",
        keep=lambda out: [ln for ln in out if ln.startswith(("allocated", "MemoryError", "  [purepaddle]"))]),
    dict(
        title="Will it fit? Memory before training, optimizer state included",
        seed="S2 '如何减少内存占用' (adadelta needs about 5x the parameters; momentum is cheaper)",
        text="`paddle.utils.estimate_memory(model, input_spec, optimizer, batch_size)` traces the model on "
             "shapes only and counts parameters, gradients, the optimizer's real accumulators (Momentum 1, Adam 2 "
             "plus 2 scalars, Adadelta 2), the activations kept for backward, and the peak. Tested within 25% of "
             "a measured peak. (The v2 FAQ's 'adadelta needs about 5x' counted v2's buffers; 2.x Adadelta keeps "
             "2 accumulators, so parameters + gradients + state are 4x.)",
        env={},
        code="""
import paddle
net = paddle.nn.Sequential(paddle.nn.Linear(784, 1024), paddle.nn.ReLU(), paddle.nn.Linear(1024, 10))
spec = [paddle.static.InputSpec([None, 784])]
for name in ["Momentum", "Adam", "Adadelta"]:
    opt = getattr(paddle.optimizer, name)(parameters=net.parameters())
    print(paddle.utils.estimate_memory(net, spec, opt, batch_size=128))
    print()
""",
        keep=lambda out: out),
    dict(
        title="model.eval() still records the graph: evaluate under no_grad",
        seed="S3 '调用 model.eval 之后不再自动关闭反向计算图的构建，引入显存的消耗增加，可能会引入 OOM'",
        text="`eval()` only switches dropout/batch-norm behaviour; the graph and the activations it keeps are "
             "freed only under `paddle.no_grad()`. The memory queries show the difference.",
        env={},
        code="""
import paddle
net = paddle.nn.Sequential(*[paddle.nn.Linear(512, 512) for _ in range(8)])
net.eval()
x = paddle.randn([256, 512])
base = paddle.device.memory_allocated()
out = net(x)
print("eval() only      :", (paddle.device.memory_allocated() - base) // 2**10, "KiB kept for backward")
del out
with paddle.no_grad():
    out = net(x)
print("eval() + no_grad :", (paddle.device.memory_allocated() - base) // 2**10, "KiB")
""",
        keep=lambda out: out),
    dict(
        title="Low utilisation / slow steps: is it the data?",
        seed="S0/S1 '如何提升模型训练时的GPU利用率？', '使用CPU进行模型训练，如何利用多处理器进行加速？', S4 'GPU的利用率几乎为0'",
        text="`paddle.profiler.Profiler(timer_only=True)` prints reader_cost / batch_cost / ips as Paddle's "
             "benchmark timer does, and purepaddle adds a verdict when the loop waits for data.",
        env={},
        code="""
import numpy as np
import paddle
import paddle.profiler as profiler
class Slow(paddle.io.Dataset):
    def __getitem__(self, i):
        np.sort(np.random.default_rng(i).random(200000))   # heavy preprocessing in the main process
        return np.ones([16], 'float32'), np.ones([1], 'float32')
    def __len__(self):
        return 64
loader = paddle.io.DataLoader(Slow(), batch_size=4)
net = paddle.nn.Linear(16, 1)
opt = paddle.optimizer.SGD(0.01, parameters=net.parameters())
prof = profiler.Profiler(timer_only=True)
prof.start()
for x, y in loader:
    paddle.nn.functional.mse_loss(net(x), y).backward()
    opt.step(); opt.clear_grad()
    prof.step(num_samples=4)
print(prof.step_info())
prof.stop()
""",
        keep=lambda out: out),
    dict(
        title="Where does a step's time go? (per-op time, forward/backward/optimizer split)",
        seed="S0/S1 '预测时如何打印模型中每一步的耗时？' and the utilisation FAQs",
        text="`paddle.profiler.Profiler` with a scheduler records host events; `summary()` prints Paddle's "
             "Overview / Model / Operator tables (the step split into Dataloader, Forward, Backward, Optimization) "
             "and `export_chrome_tracing` writes a trace that chrome://tracing or Perfetto opens.",
        env={},
        code="""
import numpy as np
import paddle
import paddle.profiler as profiler
class DS(paddle.io.Dataset):
    def __getitem__(self, i):
        return np.ones([64], 'float32'), np.ones([1], 'float32')
    def __len__(self):
        return 256
loader = paddle.io.DataLoader(DS(), batch_size=32)
net = paddle.nn.Sequential(paddle.nn.Linear(64, 256), paddle.nn.ReLU(), paddle.nn.Linear(256, 1))
opt = paddle.optimizer.Adam(parameters=net.parameters())
with profiler.Profiler(scheduler=(2, 6), on_trace_ready=profiler.export_chrome_tracing('./log')) as prof:
    for x, y in loader:
        paddle.nn.functional.mse_loss(net(x), y).backward()
        opt.step(); opt.clear_grad()
        prof.step()
prof.summary(views=[profiler.SummaryView.ModelView, profiler.SummaryView.OperatorView], op_detail=False)
""",
        keep=lambda out: [ln for ln in out if ln.strip()]),
    dict(
        title="Which dtypes do my ops run in? (mixed precision)",
        seed="S3 '分布式 distributed_optimizer 如何使用自动混合精度 amp 的 optimizer？' (checking what AMP really ran)",
        text="`paddle.amp.debugging.collect_operator_stats()` counts each op type's calls by dtype and prints "
             "Paddle's table; `check_numerics(tensor, op_type, var_name)` checks one tensor.",
        env={},
        code="""
import paddle
with paddle.amp.debugging.collect_operator_stats():
    x = paddle.randn([4, 4]).astype('float16')
    y = paddle.matmul(x.astype('float32'), paddle.ones([4, 4]))
stats, values = paddle.amp.debugging.check_numerics(y, "matmul", "y", paddle.amp.debugging.DebugMode.CHECK_ALL)
print("num_nan, num_inf, num_zero =", stats.numpy().tolist())
""",
        keep=lambda out: out),
    dict(
        title="\"Out of all 4 Trainers\": which worker died, and why?",
        seed="S3 '在分布式训练中，出现 Out of all 4 Trainers, the trainer process with rank=[...] was aborted' "
             "(and S4's multi-card launch questions)",
        text="Launch with `python -m paddle.distributed.launch --nproc_per_node N --log_dir log train.py` (under "
             "purepaddle: `python -m purepaddle -m paddle.distributed.launch ...`; needs the `distributed` extra). "
             "When a worker fails, the others are stopped within 2 seconds (even one blocked in a collective) and "
             "the launcher prints one summary: the rank, its exit code or signal, the exception's last line and the "
             "tail of that rank's log, so nobody has to open `workerlog.N`.",
        env={},
        code='''
import subprocess, sys
WORKER = """
import paddle
import paddle.distributed as dist
dist.init_parallel_env()
x = paddle.ones([2])
if dist.get_rank() == 1:
    raise ValueError("label 12 out of range [0, 10) in batch 3")
dist.all_reduce(x)   # rank 0 waits here for rank 1, which never arrives
"""
with open("worker.py", "w") as f:
    f.write(WORKER)
launch = [sys.executable, "-m", "purepaddle", "-m", "paddle.distributed.launch", "--nproc_per_node", "2",
          "--log_dir", "log", "worker.py"]
r = subprocess.run(launch, capture_output=True, text=True)
print(r.stdout + r.stderr + f"launcher exit code: {r.returncode}")
''',
        keep=lambda out: out),
]


def run(code, env):
    """Run one snippet under `python -m purepaddle`; its stdout and stderr lines."""
    full = dict(os.environ, PYTHONPATH=ROOT, PYTHONWARNINGS="ignore", **env)
    with tempfile.TemporaryDirectory() as cwd:
        with open(os.path.join(cwd, "this.py"), "w", encoding="utf-8") as f:
            f.write(textwrap.dedent(code).strip() + "\n")
        p = subprocess.run([sys.executable, "-m", "purepaddle", "this.py"], capture_output=True, text=True, env=full,
                           cwd=cwd, timeout=600)
    return (p.stdout + p.stderr).splitlines()


def render():
    """The Markdown text of all sections."""
    parts = ["# Troubleshooting: the seeds' FAQ questions, answered by purepaddle", "",
             "Generated by `docs/make_troubleshooting.py`: every snippet below was run with "
             "`python -m purepaddle` and the output shown is what it printed (timings vary run to run).", ""]
    for k, s in enumerate(SECTIONS, 1):
        out = s["keep"](run(s["code"], s["env"]))
        flags = " ".join(f"{k}={v}" for k, v in s["env"].items())
        parts += [f"## {k}. {s['title']}", "", f"*Seed question:* {s['seed']}", "", s["text"], "",
                  "```python", (f"# {flags} python -m purepaddle this.py" if flags else "# python -m purepaddle this.py"),
                  textwrap.dedent(s["code"]).strip(), "```", "", "Output:", "", "```text", *out, "```", ""]
    return "\n".join(parts)


def main():
    """Write docs/troubleshooting.md atomically."""
    text = render()
    tmp = OUT + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, OUT)
    print("wrote", OUT)


if __name__ == "__main__":
    main()
