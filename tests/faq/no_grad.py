"""FAQ: paddle.no_grad records no graph (outputs stop gradient); it works as a context and a decorator."""
import paddle

w = paddle.to_tensor([2.0, 3.0], stop_gradient=False)
with paddle.no_grad():
    y = w * 2
print(y.stop_gradient, paddle.is_grad_enabled())


@paddle.no_grad()
def evaluate(v):
    return (v * w).sum()


print(evaluate(paddle.to_tensor([1.0, 1.0])).stop_gradient)
z = (w * w).sum()
print(z.stop_gradient)
z.backward()
print(w.grad.numpy().tolist())

# an update step under no_grad: in place on a leaf is allowed there
with paddle.no_grad():
    w.subtract_(0.1 * w.grad)
print(w)
print("OK")
