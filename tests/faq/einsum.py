"""FAQ: paddle.einsum (since 2.2): implicit and explicit output, ellipsis, traces, differentiable."""
import numpy as np

import paddle

a = paddle.to_tensor([1.0, 2.0, 3.0])
b = paddle.to_tensor([4.0, 5.0, 6.0])
m = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
print(paddle.einsum('i->', a))                 # sum
print(paddle.einsum('i,i->', a, b))            # dot
print(paddle.einsum('i,j->ij', a, b))          # outer
print(paddle.einsum('ij->ji', m))              # transpose
print(paddle.einsum('ii->', m))                # trace
print(paddle.einsum('ii->i', m))               # diagonal
print(paddle.einsum('ij,jk', m, m))            # implicit output: matmul

rng = np.random.default_rng(0)
x = rng.standard_normal([2, 3, 4]).astype("float32")
y = rng.standard_normal([2, 4, 5]).astype("float32")
bmm = paddle.einsum('bij,bjk->bik', paddle.to_tensor(x), paddle.to_tensor(y))
np.testing.assert_allclose(bmm.numpy(), np.einsum('bij,bjk->bik', x, y), rtol=1e-5, atol=1e-5)
print(bmm.shape)
ell = paddle.einsum('...jk->...kj', paddle.to_tensor(x))
print(ell.shape)

# differentiable
xt = paddle.to_tensor(x, stop_gradient=False)
yt = paddle.to_tensor(y, stop_gradient=False)
paddle.einsum('bij,bjk->bik', xt, yt).sum().backward()
np.testing.assert_allclose(xt.grad.numpy(), np.broadcast_to(y.sum(-1)[:, None, :], x.shape), rtol=1e-5, atol=1e-5)
np.testing.assert_allclose(yt.grad.numpy(), np.broadcast_to(x.sum(1)[:, :, None], y.shape), rtol=1e-5, atol=1e-5)
print("OK")
