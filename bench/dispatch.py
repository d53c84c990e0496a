"""Eager dispatch micro-benchmarks: purepaddle vs real paddle vs torch, bare numpy as the floor."""
import sys

from harness import main, workload

small_add = workload("small_add", "x + y, two float32 tensors of shape [4]")


@small_add.body("paddle")
def _(paddle):
    x = paddle.to_tensor([1.0, 2.0, 3.0, 4.0], dtype="float32")
    y = paddle.to_tensor([5.0, 6.0, 7.0, 8.0], dtype="float32")
    return lambda: x + y


@small_add.body("torch")
def _(torch):
    x = torch.tensor([1.0, 2.0, 3.0, 4.0], dtype=torch.float32)
    y = torch.tensor([5.0, 6.0, 7.0, 8.0], dtype=torch.float32)
    return lambda: x + y


@small_add.body("numpy")
def _(np):
    x = np.array([1.0, 2.0, 3.0, 4.0], dtype=np.float32)
    y = np.array([5.0, 6.0, 7.0, 8.0], dtype=np.float32)
    return lambda: x + y


matmul64 = workload("matmul64", "matmul of two 64x64 float32 matrices")


@matmul64.body("paddle")
def _(paddle):
    import numpy as np
    rng = np.random.default_rng(0)
    a = paddle.to_tensor(rng.random((64, 64), dtype=np.float32))
    b = paddle.to_tensor(rng.random((64, 64), dtype=np.float32))
    return lambda: paddle.matmul(a, b)


@matmul64.body("torch")
def _(torch):
    a = torch.rand(64, 64, dtype=torch.float32)
    b = torch.rand(64, 64, dtype=torch.float32)
    return lambda: torch.matmul(a, b)


@matmul64.body("numpy")
def _(np):
    rng = np.random.default_rng(0)
    a = rng.random((64, 64), dtype=np.float32)
    b = rng.random((64, 64), dtype=np.float32)
    return lambda: np.matmul(a, b)


tiny_fwd_bwd = workload("tiny_fwd_bwd", "((x*w).sum()).backward(), shape [4], fresh graph per call")


@tiny_fwd_bwd.body("paddle")
def _(paddle):
    x = paddle.to_tensor([1.0, 2.0, 3.0, 4.0], dtype="float32")
    w = paddle.to_tensor([0.5, 0.5, 0.5, 0.5], dtype="float32", stop_gradient=False)
    return lambda: (x * w).sum().backward()


@tiny_fwd_bwd.body("torch")
def _(torch):
    x = torch.tensor([1.0, 2.0, 3.0, 4.0], dtype=torch.float32)
    w = torch.tensor([0.5, 0.5, 0.5, 0.5], dtype=torch.float32, requires_grad=True)
    return lambda: (x * w).sum().backward()


@tiny_fwd_bwd.body("numpy")
def _(np):
    x = np.array([1.0, 2.0, 3.0, 4.0], dtype=np.float32)
    w = np.array([0.5, 0.5, 0.5, 0.5], dtype=np.float32)
    w_grad = np.zeros_like(w)

    def step():  # the same arithmetic by hand: forward, seed grad, multiply grad, accumulate
        (x * w).sum()
        out_grad = np.ones_like(x)
        np.add(w_grad, out_grad * x, out=w_grad)
    return step


if __name__ == "__main__":
    sys.exit(main())
