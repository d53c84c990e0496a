"""FAQ: torch.masked_fill written with paddle.where, paddle.full, paddle.rand and paddle.randint."""
# paddlepaddle >= 2.0
import numpy as np

import paddle

paddle.seed(123)
x = paddle.rand([3, 3], dtype='float32')
mask = paddle.randint(0, 2, [3, 3]).astype('bool')


def masked_fill(x, mask, value):
    y = paddle.full(x.shape, value, x.dtype)
    return paddle.where(mask, y, x)


out = masked_fill(x, mask, 2)

print(x.shape, x.dtype, mask.dtype, out.dtype, out.stop_gradient)
xn, mn, on = x.numpy(), mask.numpy(), out.numpy()
assert ((xn >= 0) & (xn < 1)).all()
assert np.array_equal(on, np.where(mn, np.float32(2), xn))       # masked positions hold 2, the rest x
assert np.array_equal(on[~mn], xn[~mn]) and (on[mn] == 2).all()

# the same seed gives the same tensors
paddle.seed(123)
assert np.array_equal(paddle.rand([3, 3], dtype='float32').numpy(), xn)
assert np.array_equal(paddle.randint(0, 2, [3, 3]).astype('bool').numpy(), mn)

# a deterministic mask gives the FAQ's pattern
m = paddle.to_tensor([[True, True, False], [True, True, True], [True, True, True]])
print(masked_fill(paddle.to_tensor([[0.1, 0.2, 0.96637046], [0.3, 0.4, 0.5], [0.6, 0.7, 0.8]]), m, 2))
print("OK")
