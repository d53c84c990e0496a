"""Worker script for tests/distributed/test_sync_batchnorm.py: SyncBatchNorm on 2 or 3 ranks.

argv: out_dir. Each rank normalises its slice of a fixed batch of 6 (two training steps, then one in eval mode)
and writes {out_dir}/syncbn.{rank}.npz: the outputs, the input and parameter gradients of the loss
sum(y * W) on its slice, and the running statistics.
"""
import sys

import numpy as np

import paddle
import paddle.distributed as dist

out_dir = sys.argv[1]
dist.init_parallel_env()
rank, world = dist.get_rank(), dist.get_world_size()
rng = np.random.default_rng(3)
X = rng.standard_normal((2, 6, 3, 2, 2)).astype("float32") * 2 + 1
W = rng.standard_normal((2, 6, 3, 2, 2)).astype("float32")
XL = rng.standard_normal((6, 5, 4)).astype("float32")  # NLC: channels last
per = 6 // world
lo, hi = rank * per, (rank + 1) * per

paddle.seed(1)
bn = paddle.nn.SyncBatchNorm.convert_sync_batchnorm(paddle.nn.Sequential(paddle.nn.BatchNorm2D(3)))[0]
out = {}
for step in range(2):
    x = paddle.to_tensor(X[step, lo:hi], stop_gradient=False)
    y = bn(x)
    (y * paddle.to_tensor(W[step, lo:hi])).sum().backward()
    out[f"y{step}"], out[f"dx{step}"] = y.numpy(), x.grad.numpy()
    out[f"dw{step}"], out[f"db{step}"] = bn.weight.grad.numpy(), bn.bias.grad.numpy()
    bn.clear_gradients()
out["mean"], out["var"] = bn._mean.numpy(), bn._variance.numpy()
bn.eval()
out["y_eval"] = bn(paddle.to_tensor(X[0, lo:hi])).numpy()
nlc = paddle.nn.SyncBatchNorm(4, data_format="NLC")
out["y_nlc"] = nlc(paddle.to_tensor(XL[lo:hi])).numpy()
out["mean_nlc"] = nlc._mean.numpy()
np.savez(f"{out_dir}/syncbn.{rank}.npz", **out)
