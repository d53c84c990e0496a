"""FAQ: paddle.gather(x, index, axis) vs torch.gather(input, dim, index)."""
import numpy as np

import paddle

x = paddle.arange(24, dtype="float32").reshape([2, 3, 4])   # [N1, N2, N3]
index = paddle.to_tensor([2, 0])                             # [M]
out = paddle.gather(x, index, axis=1)
print(out.shape)                                              # [N1, M, N3]
xn, idn = x.numpy(), index.numpy()
for i1 in range(2):
    for i2 in range(2):
        for i3 in range(4):
            assert out.numpy()[i1, i2, i3] == xn[i1, idn[i2], i3]   # out[i1][i2][i3] = x[i1][index[i2]][i3]
print(out)

# index may also be [M, 1]; axis may be a Tensor; axis=None means 0
print(paddle.gather(x, paddle.to_tensor([[2], [0]]), axis=1).shape)
print(paddle.gather(x, index, axis=paddle.to_tensor(1)).shape)
print(paddle.gather(x, paddle.to_tensor([1])).shape)

# a 2-D index whose last dim is not 1 is an error
try:
    paddle.gather(x, paddle.to_tensor([[2, 0], [1, 1]]), axis=1)
except ValueError as e:
    print(str(e).splitlines()[0])
else:
    raise AssertionError("gather accepted a [2, 2] index")


def torch_gather(inp, dim, idx):
    """torch.gather semantics: out has index's shape, out[i][j][k] = inp[i][idx[i][j][k]][k] for dim=1."""
    return np.take_along_axis(inp, idx, axis=dim)


# only for 1-D x and 1-D index do the two agree
x1 = paddle.to_tensor([10.0, 20.0, 30.0, 40.0])
i1 = paddle.to_tensor([3, 0, 0, 2])
print(paddle.gather(x1, i1))
assert np.array_equal(paddle.gather(x1, i1).numpy(), torch_gather(x1.numpy(), 0, i1.numpy()))
# for higher ranks they differ: torch's output takes the index's shape
t_out = torch_gather(xn, 1, np.ones([2, 1, 4], dtype="int64"))      # index rank == x rank, picks per element
p_out = paddle.gather(x, paddle.to_tensor([1]), axis=1).numpy()     # index is 1-D, picks whole slices
assert t_out.shape == p_out.shape == (2, 1, 4) and np.array_equal(t_out, p_out)
t_out = torch_gather(xn, 1, np.array([[[0, 1, 2, 0]], [[2, 2, 1, 0]]]))  # something paddle.gather cannot express
assert t_out.tolist() == [[[0.0, 5.0, 10.0, 3.0]], [[20.0, 21.0, 18.0, 15.0]]]
print("OK")
