"""FAQ: paddle.matmul is the matrix product, paddle.multiply the element-wise product."""
import numpy as np

import paddle

x = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
y = paddle.to_tensor([[5.0, 6.0], [7.0, 8.0]])
mm = paddle.matmul(x, y)
mul = paddle.multiply(x, y)
print(mm)
print(mul)
assert np.array_equal(mm.numpy(), x.numpy() @ y.numpy())
assert np.array_equal(mul.numpy(), x.numpy() * y.numpy())
assert np.array_equal((x @ y).numpy(), mm.numpy()) and np.array_equal((x * y).numpy(), mul.numpy())

# matmul: numpy rules for 1-D operands and broadcast batch dims; transpose flags act on the last two dims
v = paddle.to_tensor([1.0, 1.0])
print(paddle.matmul(x, v))
print(paddle.matmul(v, v))
b = paddle.ones([3, 1, 2, 2])
print(paddle.matmul(b, x).shape)
print(paddle.matmul(x, y, transpose_x=True, transpose_y=True))
assert np.array_equal(paddle.matmul(x, y, transpose_x=True, transpose_y=True).numpy(), x.numpy().T @ y.numpy().T)

# multiply broadcasts
print(paddle.multiply(x, paddle.to_tensor([10.0, 100.0])))
print("OK")
