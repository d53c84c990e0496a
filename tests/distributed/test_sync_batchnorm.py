"""paddle.nn.SyncBatchNorm on 2 and 3 launched ranks equals BatchNorm in one process on the whole batch
(forward, input and parameter gradients, running statistics); in one process it is BatchNorm."""
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import purepaddle as paddle

SCRIPT = Path(__file__).with_name("job_sync_bn.py")


def _one_process():
    rng = np.random.default_rng(3)
    X = rng.standard_normal((2, 6, 3, 2, 2)).astype("float32") * 2 + 1
    W = rng.standard_normal((2, 6, 3, 2, 2)).astype("float32")
    XL = rng.standard_normal((6, 5, 4)).astype("float32")
    paddle.seed(1)
    bn = paddle.nn.BatchNorm2D(3)
    out = {}
    for step in range(2):
        x = paddle.to_tensor(X[step], stop_gradient=False)
        y = bn(x)
        (y * paddle.to_tensor(W[step])).sum().backward()
        out[f"y{step}"], out[f"dx{step}"] = y.numpy(), x.grad.numpy()
        out[f"dw{step}"], out[f"db{step}"] = bn.weight.grad.numpy(), bn.bias.grad.numpy()
        bn.clear_gradients()
    out["mean"], out["var"] = bn._mean.numpy(), bn._variance.numpy()
    bn.eval()
    out["y_eval"] = bn(paddle.to_tensor(X[0])).numpy()
    nlc = paddle.nn.BatchNorm1D(4, data_format="NLC")
    out["y_nlc"] = nlc(paddle.to_tensor(XL)).numpy()
    out["mean_nlc"] = nlc._mean.numpy()
    return out


@pytest.mark.parametrize("world", [2, 3])
def test_sync_batchnorm_on_ranks_equals_one_process_on_the_whole_batch(world, tmp_path, mpi, launcher_free_env):
    proc = subprocess.run([sys.executable, "-m", "purepaddle.distributed.launch", "--nproc_per_node", str(world),
                           str(SCRIPT), str(tmp_path)], cwd=tmp_path, env=launcher_free_env,
                          capture_output=True, text=True, timeout=180)
    assert proc.returncode == 0, proc.stderr + proc.stdout
    ranks = [np.load(tmp_path / f"syncbn.{r}.npz") for r in range(world)]
    ref = _one_process()
    close = dict(rtol=2e-5, atol=2e-5)
    for key in ("y0", "y1", "dx0", "dx1", "y_eval", "y_nlc"):  # per-sample results: each rank has its slice
        np.testing.assert_allclose(np.concatenate([r[key] for r in ranks]), ref[key], err_msg=key, **close)
    for key in ("dw0", "dw1", "db0", "db1"):  # each rank's share of the parameter gradient; DataParallel sums them
        np.testing.assert_allclose(sum(r[key] for r in ranks), ref[key], err_msg=key, **close)
    for key in ("mean", "var", "mean_nlc"):  # every rank moves its running statistics by the whole batch's
        for r in ranks:
            np.testing.assert_allclose(r[key], ref[key], err_msg=key, **close)


def test_sync_batchnorm_in_one_process_is_batchnorm(solo):
    x = paddle.to_tensor(np.random.default_rng(0).standard_normal((4, 3, 5)).astype("float32"), stop_gradient=False)
    paddle.seed(2)
    a = paddle.nn.BatchNorm1D(3)
    paddle.seed(2)
    b = paddle.nn.SyncBatchNorm(3)
    ya, yb = a(x), b(x)
    np.testing.assert_array_equal(ya.numpy(), yb.numpy())
    np.testing.assert_array_equal(a._variance.numpy(), b._variance.numpy())
    ga = paddle.grad((ya * ya).sum(), x)[0]
    gb = paddle.grad((yb * yb).sum(), x)[0]
    np.testing.assert_allclose(ga.numpy(), gb.numpy(), rtol=1e-6, atol=1e-6)
