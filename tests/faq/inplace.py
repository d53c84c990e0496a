"""FAQ: in-place ops do not affect gradient flow; gradients survive ops without parameters."""
import numpy as np

import paddle
import paddle.nn.functional as F

# out-of-place and in-place relu give the same gradient
x = paddle.to_tensor([1.0, -2.0], stop_gradient=False)
F.relu(x * 1).sum().backward()
g_out = x.grad.numpy()
x.clear_grad()
h = x * 1
r = F.relu_(h)
assert r is h
r.sum().backward()
print(x.grad.numpy().tolist())
assert np.array_equal(x.grad.numpy(), g_out) and x.grad.numpy().tolist() == [1.0, 0.0]

# x.add_ vs paddle.add
w = paddle.to_tensor([2.0, 3.0], stop_gradient=False)
(paddle.add(w * 1, paddle.to_tensor([1.0, 1.0])) * w).sum().backward()
g1 = w.grad.numpy()
w.clear_grad()
t = w * 1
t.add_(paddle.to_tensor([1.0, 1.0]))
(t * w).sum().backward()
print(w.grad.numpy().tolist())
assert np.array_equal(w.grad.numpy(), g1)

# gradients pass ops without parameters (reshape, transpose, relu): nothing sets stop_gradient on the way
p = paddle.to_tensor([[1.0, -1.0], [2.0, 3.0]], stop_gradient=False)
q = F.relu(p.reshape([4]).reshape([2, 2]).transpose([1, 0]))
print(q.stop_gradient)
q.sum().backward()
print(p.grad.numpy().tolist())

# in place on a leaf that needs a gradient is refused
leaf = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
try:
    leaf.add_(paddle.to_tensor([1.0, 1.0]))
except ValueError as e:
    print(str(e).splitlines()[0].replace(leaf.name, "<name>"))
else:
    raise AssertionError("in-place op on a leaf that needs grad succeeded")
print("OK")
