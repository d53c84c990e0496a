"""The eager autograd engine (backward, paddle.grad, hooks, grad modes, stop_gradient, in-place), vs Paddle 3.3.1."""
import numpy as np
import pytest

import purepaddle as paddle


def t(values, stop_gradient=False, dtype="float32"):
    return paddle.to_tensor(values, dtype=dtype, stop_gradient=stop_gradient)


def npy(x):
    return x.numpy().tolist()


# -- backward, .grad, retain ----------------------------------------------------------------
def test_backward_accumulates_into_leaves():
    x = t([1.0, 2.0])
    (x * x).sum().backward()
    (x * 3).sum().backward()
    assert npy(x.grad) == [5.0, 7.0]
    x.clear_grad()
    assert npy(x.grad) == [0.0, 0.0]
    x.clear_grad(set_to_zero=False)
    assert x.grad is None


def test_leaf_grad_stop_gradient_like_paddle():
    x = t([1.0, 2.0])
    (x * x).sum().backward()
    assert x.grad.stop_gradient is False


def test_leaf_used_twice_sums_paths():
    x = t([3.0])
    y = x * x + x * 2
    y.backward()
    assert npy(x.grad) == [8.0]


def test_non_leaf_grad_only_after_retain_grads():
    x = t([1.0, 2.0])
    h = x * 3
    (h * h).sum().backward()
    assert h.grad is None and not h.is_leaf
    x = t([1.0, 2.0])
    h = x * 3
    h.retain_grads()
    (h * h).sum().backward()
    assert npy(h.grad) == [6.0, 12.0]
    assert npy(x.grad) == [18.0, 36.0]


def test_retain_graph_allows_a_second_backward():
    x = t([1.0, 2.0])
    y = (x * x).sum()
    y.backward(retain_graph=True)
    y.backward()
    assert npy(x.grad) == [4.0, 8.0]


def test_second_backward_through_freed_graph_raises():
    x = t([1.0, 2.0])
    y = (x * x).sum()
    y.backward()
    with pytest.raises(RuntimeError, match="retain_graph=True"):
        y.backward()


def test_second_backward_through_freed_graph_without_saved_tensors_raises():
    x = t([1.0, 2.0])
    y = (x * 2).sum()
    y.backward()
    with pytest.raises(RuntimeError, match="retain_graph"):
        y.backward()


def test_backward_with_grad_tensor():
    x = t([1.0, 2.0])
    (x * 2).backward(t([1.0, 3.0], stop_gradient=True))
    assert npy(x.grad) == [2.0, 6.0]


# -- paddle.grad -----------------------------------------------------------------------------
def test_grad_does_not_touch_dot_grad():
    x = t([1.0, 2.0])
    (g,) = paddle.grad((x * x).sum(), x)
    assert npy(g) == [2.0, 4.0] and g.stop_gradient
    assert x.grad is None


def test_grad_create_graph_double_and_triple_backward():
    x = t([2.0])
    y = x * x * x
    (g,) = paddle.grad(y, x, create_graph=True)
    assert npy(g) == [12.0] and not g.stop_gradient
    (g2,) = paddle.grad(g, x, create_graph=True)
    assert npy(g2) == [12.0]
    (g3,) = paddle.grad(g2, x)
    assert npy(g3) == [6.0]


def test_backward_of_a_gradient_accumulates_second_derivative():
    x = t([2.0])
    (g,) = paddle.grad(x * x * x, x, create_graph=True)
    g.backward()
    assert npy(x.grad) == [12.0]


def test_grad_outputs():
    x = t([1.0, 2.0])
    (g,) = paddle.grad(x * x, x, grad_outputs=t([3.0, 5.0], stop_gradient=True))
    assert npy(g) == [6.0, 20.0]


def test_allow_unused():
    x, w = t([1.0, 2.0]), t([1.0, 2.0])
    y = (x * x).sum()
    with pytest.raises(ValueError) as e:
        paddle.grad(y, [x, w], retain_graph=True)
    assert str(e.value).startswith("(InvalidArgument) The 1-th input does not appear in the backward graph. "
                                   "Please check the input tensor or set allow_unused=True to get None result.")
    gx, gw = paddle.grad(y, [x, w], allow_unused=True)
    assert npy(gx) == [2.0, 4.0] and gw is None


def test_no_grad_vars_treats_them_as_constants():
    x = t([1.0, 2.0])
    y = x * 2
    z = y * x
    (g,) = paddle.grad(z, x, no_grad_vars=[y])
    assert npy(g) == [2.0, 4.0]  # dz/dx with y held fixed = y


def test_autograd_backward_several_roots():
    x1, x2 = t([1.0, 2.0]), t([3.0, 4.0])
    paddle.autograd.backward([x1 * x1, x2 * 3], [t([1.0, 1.0], True), t([2.0, 2.0], True)])
    assert npy(x1.grad) == [2.0, 4.0] and npy(x2.grad) == [6.0, 6.0]
    x = t([1.0])
    paddle.autograd.backward(x * 5)
    assert npy(x.grad) == [5.0]
    with pytest.raises((AssertionError, ValueError), match="length of grad_tensors"):
        paddle.autograd.backward([x1 * x1, x2 * 3], [t([1.0, 1.0], True)])


# -- hooks -----------------------------------------------------------------------------------
def test_non_leaf_hook_replaces_gradient():
    x = t([1.0, 2.0])
    h = x * 3
    seen = []

    def hook(g):
        seen.append(npy(g))
        return g * 2

    h.register_hook(hook)
    (h * h).sum().backward()
    assert seen == [[6.0, 12.0]]
    assert npy(x.grad) == [36.0, 72.0]


def test_leaf_hook_and_remove():
    x = t([1.0, 2.0])
    handle = x.register_hook(lambda g: g * 10)
    (x * x).sum().backward()
    assert npy(x.grad) == [20.0, 40.0]
    assert handle.remove() is True
    x.clear_grad()
    (x * x).sum().backward()
    assert npy(x.grad) == [2.0, 4.0]
    assert handle.remove() is False


def test_hook_observes_without_changing():
    x = t([1.0, 2.0])
    seen = []
    x.register_hook(lambda g: seen.append(npy(g)))
    (x * 4).sum().backward()
    assert seen == [[4.0, 4.0]] and npy(x.grad) == [4.0, 4.0]


def test_hook_on_stop_gradient_tensor_raises():
    with pytest.raises(RuntimeError, match="Cannot register hook on a tensor that stop gradient"):
        t([1.0], stop_gradient=True).register_hook(lambda g: g)


# -- grad mode switches ----------------------------------------------------------------------
def test_no_grad_context_and_decorators():
    x = t([1.0])
    with paddle.no_grad():
        assert not paddle.is_grad_enabled()
        assert (x * 2).stop_gradient
    assert paddle.is_grad_enabled() and not (x * 2).stop_gradient

    @paddle.no_grad()
    def f(v):
        return v * 2

    @paddle.no_grad
    def f2(v):
        return v * 2

    class M:
        @paddle.no_grad()
        def g(self, v):
            return v * 2

    assert f(x).stop_gradient and f2(x).stop_gradient and M().g(x).stop_gradient
    assert f.__name__ == "f"
    assert paddle.is_grad_enabled()


def test_no_grad_restores_on_exception():
    with pytest.raises(KeyError):
        with paddle.no_grad():
            raise KeyError("x")
    assert paddle.is_grad_enabled()


def test_enable_grad_and_set_grad_enabled():
    x = t([1.0])
    with paddle.no_grad():
        with paddle.enable_grad():
            assert not (x * 2).stop_gradient
        assert (x * 2).stop_gradient
    with paddle.set_grad_enabled(False):
        assert not paddle.is_grad_enabled() and (x * 2).stop_gradient
    assert paddle.is_grad_enabled()
    paddle.set_grad_enabled(False)
    try:
        assert not paddle.is_grad_enabled()
    finally:
        paddle.set_grad_enabled(True)
    assert paddle.autograd.no_grad is paddle.no_grad
    assert paddle.autograd.is_grad_enabled is paddle.is_grad_enabled


# -- stop_gradient rules (PADDLE_REFERENCE row 1) and in-place (rows 2-3) ------------------------
def test_stop_gradient_propagation():
    a = paddle.to_tensor([1.0, 2.0])
    assert a.stop_gradient  # created tensors stop
    b = t([1.0, 2.0])
    assert (a * a).stop_gradient          # all inputs stop -> output stops
    assert not (a * b).stop_gradient      # any input needs grad -> output doesn't
    assert not (b + 1).stop_gradient
    assert b.detach().stop_gradient and b.detach().is_leaf
    p = paddle.Parameter(np.ones([2], dtype="float32"))
    assert not p.stop_gradient           # parameters don't stop
    with paddle.no_grad():
        assert (b * b).stop_gradient


def test_stop_gradient_cuts_the_graph():
    x = t([1.0, 2.0])
    y = x * 2
    y.stop_gradient = True
    z = t([3.0, 4.0])
    (y * z).sum().backward()
    assert x.grad is None and npy(z.grad) == [2.0, 4.0]


def test_detach_shares_data_but_not_graph():
    x = t([1.0, 2.0])
    d = (x * 2).detach()
    assert d.stop_gradient and d.is_leaf and npy(d) == [2.0, 4.0]


def test_inplace_on_leaf_that_needs_grad_raises_paddles_error():
    x = t([1.0, 2.0])
    x.name = "x_leaf"
    with pytest.raises(ValueError) as e:
        x.add_(t([1.0, 1.0], True))
    assert str(e.value) == ("(InvalidArgument) Leaf Var (x_leaf) that doesn't stop gradient can't use inplace "
                            "strategy.")
    with paddle.no_grad():
        x.add_(t([1.0, 1.0], True))  # allowed without recording (an optimizer step)
    assert npy(x) == [2.0, 3.0]


def test_inplace_keeps_gradients_flowing():
    x = t([1.0, -2.0])
    h = x * 1
    r = h.add_(t([1.0, 1.0], True))
    assert r is h
    (h * h).sum().backward()
    assert npy(x.grad) == [4.0, -2.0]  # d/dx (x+1)^2


def test_modifying_a_saved_tensor_in_place_raises():
    x = t([1.0, 2.0])
    a = x * 2
    b = a * a          # multiply saves a
    a.add_(t([1.0, 1.0], True))
    with pytest.raises(RuntimeError, match="modified by an inplace operation"):
        b.sum().backward()


def test_version_counter():
    x = paddle.to_tensor([1.0, 2.0])
    assert x.inplace_version == 0
    x.set_value(np.array([3.0, 4.0], dtype="float32"))
    assert x.inplace_version == 1


def test_saved_tensors_hooks_pack_and_unpack():
    """Every tensor an op saves goes through pack; backward reads it back through unpack."""
    log = []

    def pack(x):
        log.append("pack")
        return x.numpy() * 1  # a copy: backward must use what unpack returns

    def unpack(x):
        log.append("unpack")
        return paddle.to_tensor(x)

    a = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    b = paddle.to_tensor([3.0, 4.0], stop_gradient=False)
    with paddle.autograd.saved_tensors_hooks(pack, unpack):
        y = a * b
    assert log == ["pack", "pack"]
    y.sum().backward()
    assert log == ["pack", "pack", "unpack", "unpack"]
    np.testing.assert_allclose(a.grad.numpy(), [3.0, 4.0])
    np.testing.assert_allclose(b.grad.numpy(), [1.0, 2.0])
    z = a * b  # outside the context nothing is packed
    z.sum().backward()
    assert len(log) == 4


def test_leaf_grads_never_share_a_buffer():
    """add's backward hands one array to both inputs: each leaf still owns its .grad, and
    in-place accumulation into one never changes the other."""
    a = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    b = paddle.to_tensor([3.0, 4.0], stop_gradient=False)
    (a + b).sum().backward()
    assert not np.shares_memory(a.grad._data, b.grad._data)
    a.clear_grad()  # zero in place
    (a * 3 + b).sum().backward()  # a accumulates in place, b too
    np.testing.assert_allclose(a.grad.numpy(), [3.0, 3.0])
    np.testing.assert_allclose(b.grad.numpy(), [2.0, 2.0])
    held = a.grad
    a.clear_grad()
    np.testing.assert_allclose(held.numpy(), [0.0, 0.0])  # cleared in place, as Paddle does


def test_nondiff_outputs_get_no_zero_filled_grad():
    from purepaddle._core.dispatch import apply
    from purepaddle._core.op import OPS, Op, register
    seen = {}
    if "test_autograd_value_mask" not in OPS:
        @register("test_autograd_value_mask")
        class _ValueMask(Op):
            inputs, outputs = ("X",), ("Out", "Mask", "Aux")
            nondiff_outputs = ("Mask",)

            def forward(self, xp, x):
                return x * 2, x > 0, x + 1

            def backward(self, out_grad, mask_grad, aux_grad):
                seen["mask"], seen["aux"] = mask_grad, aux_grad
                return out_grad * 2 + aux_grad
    x = paddle.to_tensor([1.0, -2.0], stop_gradient=False)
    out, _mask, _aux = apply(OPS["test_autograd_value_mask"], x)
    out.sum().backward()
    assert seen["mask"] is None  # never carries gradient: not materialised
    assert seen["aux"] is not None and seen["aux"].numpy().tolist() == [0.0, 0.0]  # a differentiable output is
    assert x.grad.numpy().tolist() == [2.0, 2.0]
