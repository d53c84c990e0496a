"""FAQ: what stop_gradient=True affects: everything upstream of it gets no gradient."""
import paddle

x = paddle.to_tensor([1.0, 2.0])                       # created tensors stop gradient
w1 = paddle.to_tensor([3.0, 4.0], stop_gradient=False)
w2 = paddle.to_tensor([5.0, 6.0], stop_gradient=False)
print(x.stop_gradient, w1.stop_gradient)
print((x * x).stop_gradient, (x * w1).stop_gradient)  # an op output stops iff all its inputs stop

h = x * w1            # "layer 1"
h.stop_gradient = True  # cut here: layer 1 (and everything before it) gets no gradient
out = h * w2          # "layer 2"
out.sum().backward()
print(w1.grad, w2.grad.numpy().tolist())
assert w1.grad is None and w2.grad.numpy().tolist() == [3.0, 8.0]

# detach() has the same effect without touching h
w1.clear_grad()
w2.clear_grad()
h = x * w1
(h.detach() * w2).sum().backward()
print(w1.grad is None, w2.grad.numpy().tolist(), h.stop_gradient)
print("OK")
