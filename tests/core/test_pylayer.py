"""paddle.autograd.PyLayer and jacobian/hessian, checked against Paddle 3.3.1's behaviour."""
import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.autograd import PyLayer, PyLayerContext


def t(values, stop_gradient=False, dtype="float32"):
    return paddle.to_tensor(values, dtype=dtype, stop_gradient=stop_gradient)


def npy(x):
    return x.numpy().tolist()


# -- PyLayer ---------------------------------------------------------------------------------
class Square(PyLayer):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, dy):
        (x,) = ctx.saved_tensor()
        return 2 * x * dy


class MulAdd(PyLayer):
    """Two tensor inputs, a non-Tensor argument, a keyword argument, two outputs."""

    @staticmethod
    def forward(ctx, x, y, k, scale=1.0):
        ctx.save_for_backward(x, y)
        ctx.k, ctx.scale = k, scale
        return x * y * k * scale, x + y

    @staticmethod
    def backward(ctx, dz, ds):
        x, y = ctx.saved_tensor()
        c = ctx.k * ctx.scale
        return dz * y * c + ds, dz * x * c + ds


def test_pylayer_single():
    x = t([3.0, -1.0])
    y = Square.apply(x)
    assert not y.stop_gradient and not y.is_leaf
    y.sum().backward()
    assert npy(x.grad) == [6.0, -2.0]


def test_pylayer_multiple_inputs_outputs_and_plain_args():
    x, y = t([1.0, 2.0]), t([3.0, 4.0])
    z, s = MulAdd.apply(x, y, 3.0, scale=2.0)
    assert npy(z) == [18.0, 48.0] and npy(s) == [4.0, 6.0]
    z.sum().backward()  # s gets no gradient: backward receives zeros for it
    assert npy(x.grad) == [18.0, 24.0] and npy(y.grad) == [6.0, 12.0]


def test_pylayer_forward_runs_without_recording_and_ctx_type():
    seen = {}

    class Probe(PyLayer):
        @staticmethod
        def forward(ctx, x):
            seen["enabled"] = paddle.is_grad_enabled()
            seen["ctx"] = ctx
            y = x * 2
            seen["inner_stop"] = y.stop_gradient
            return y

        @staticmethod
        def backward(ctx, dy):
            seen["bw_enabled"] = paddle.is_grad_enabled()
            return dy * 2

    x = t([1.0])
    Probe.apply(x).backward()
    assert seen["enabled"] is False and seen["inner_stop"] is True and seen["bw_enabled"] is False
    assert isinstance(seen["ctx"], PyLayerContext)
    paddle.grad(Probe.apply(x), x, create_graph=True)
    assert seen["bw_enabled"] is True  # create_graph: backward is recorded


def test_pylayer_outputs_stop_when_no_input_needs_grad():
    a = paddle.to_tensor([1.0, 2.0])
    assert Square.apply(a).stop_gradient
    x = t([1.0, 2.0])
    with paddle.no_grad():
        assert Square.apply(x).stop_gradient


def test_pylayer_double_backward():
    class Cube(PyLayer):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x * x * x

        @staticmethod
        def backward(ctx, dy):
            (x,) = ctx.saved_tensor()
            return 3 * x * x * dy

    x = t([2.0])
    (g,) = paddle.grad(Cube.apply(x), x, create_graph=True)
    assert npy(g) == [12.0] and not g.stop_gradient
    (g2,) = paddle.grad(g, x)
    assert npy(g2) == [12.0]


def test_pylayer_double_backward_through_saved_output():
    class Recip(PyLayer):
        @staticmethod
        def forward(ctx, x):
            y = 1.0 / x
            ctx.save_for_backward(y)
            return y

        @staticmethod
        def backward(ctx, dy):
            (y,) = ctx.saved_tensor()
            return -dy * y * y

    x = t([2.0])
    (g,) = paddle.grad(Recip.apply(x), x, create_graph=True)
    assert npy(g) == [-0.25]
    (g2,) = paddle.grad(g, x)
    assert npy(g2) == [0.25]  # d/dx (-1/x^2) = 2/x^3: needs the saved output to be in the graph


def test_pylayer_too_many_grads_error():
    class Many(PyLayer):
        @staticmethod
        def forward(ctx, x, y):
            return x * y

        @staticmethod
        def backward(ctx, d):
            return d, d, d

    with pytest.raises(ValueError) as e:
        Many.apply(t([1.0]), t([2.0])).backward()
    assert str(e.value) == ("(InvalidArgument) GradNodePyLayer_Many : The number of outputs of `PyLayer.backward` "
                            "should be 2, but received 3.")


def test_pylayer_too_few_grads_error_only_when_needed():
    class Few(PyLayer):
        @staticmethod
        def forward(ctx, x, y):
            return x * y

        @staticmethod
        def backward(ctx, d):
            return d

    with pytest.raises(ValueError) as e:
        Few.apply(t([1.0]), t([2.0])).backward()
    assert str(e.value) == ("(InvalidArgument) GradNodePyLayer_Few's backward function should not return empty "
                            "at 1 position.")
    x = t([1.0])
    Few.apply(x, t([2.0], stop_gradient=True)).backward()  # y needs no grad: fine
    assert npy(x.grad) == [1.0]


def test_pylayer_none_grad_and_bad_type():
    class NoneFor2nd(PyLayer):
        @staticmethod
        def forward(ctx, x, y):
            return x * y

        @staticmethod
        def backward(ctx, d):
            return d, None

    x, y = t([1.0]), t([2.0])
    NoneFor2nd.apply(x, y).backward()
    assert npy(x.grad) == [1.0] and y.grad is None

    class Bad(PyLayer):
        @staticmethod
        def forward(ctx, x):
            return x * 2

        @staticmethod
        def backward(ctx, d):
            return 3.0

    with pytest.raises(ValueError, match="We can only support Tensor or None for backward output, but got float"):
        Bad.apply(t([1.0])).backward()


def test_pylayer_list_input_slot():
    class Pair(PyLayer):
        @staticmethod
        def forward(ctx, xs, k):
            return xs[0] * xs[1] * k

        @staticmethod
        def backward(ctx, d):
            return [d, d * 2]

    x, y = t([1.0, 2.0]), t([3.0, 4.0])
    Pair.apply([x, y], 3).sum().backward()
    assert npy(x.grad) == [1.0, 1.0] and npy(y.grad) == [2.0, 2.0]


def test_pylayer_keyword_tensor_inputs_count():
    class Kw(PyLayer):
        @staticmethod
        def forward(ctx, x, y=None):
            return x * y

        @staticmethod
        def backward(ctx, d):
            return d, d * 2

    x, y = t([1.0]), t([1.0])
    Kw.apply(x, y=y).backward()
    assert npy(x.grad) == [1.0] and npy(y.grad) == [2.0]


def test_pylayer_materialize_and_non_differentiable():
    got = {}

    class Two(PyLayer):
        @staticmethod
        def forward(ctx, x):
            return x * 3, x * 2

        @staticmethod
        def backward(ctx, g1, g2):
            got["two"] = g2
            return g1 * 3

    class TwoNoMat(PyLayer):
        @staticmethod
        def forward(ctx, x):
            ctx.set_materialize_grads(False)
            return x * 3, x * 2

        @staticmethod
        def backward(ctx, g1, g2):
            got["nomat"] = g2
            return g1 * 3

    class NonDiff(PyLayer):
        @staticmethod
        def forward(ctx, x):
            a, b = x + x, x * 3
            ctx.mark_non_differentiable(a)
            return a, b

        @staticmethod
        def backward(ctx, ga, gb):
            got["nd"] = ga
            return gb * 3

    x = t([1.0, 2.0])
    Two.apply(x)[0].sum().backward()
    assert npy(got["two"]) == [0.0, 0.0]
    TwoNoMat.apply(x)[0].sum().backward()
    assert got["nomat"] is None
    a, b = NonDiff.apply(x)
    assert a.stop_gradient and not b.stop_gradient
    x.clear_grad()
    (a.sum() + b.sum()).backward()
    assert npy(got["nd"]) == [0.0, 0.0] and npy(x.grad) == [3.0, 3.0]


def test_pylayer_saved_tensor_modified_in_place_raises():
    x = t([3.0])
    a = x * 2
    y = Square.apply(a)
    a.add_(t([1.0], True))
    with pytest.raises(RuntimeError, match="modified by an inplace operation"):
        y.backward()


def test_pylayer_second_backward_raises_clear_error():
    x = t([3.0])
    y = Square.apply(x)
    y.backward(retain_graph=True)
    y.backward()
    assert npy(x.grad) == [12.0]
    with pytest.raises(RuntimeError, match="retain_graph=True"):
        y.backward()


def test_pylayer_returning_its_input():
    class Ident(PyLayer):
        @staticmethod
        def forward(ctx, x):
            return x

        @staticmethod
        def backward(ctx, d):
            return d * 2

    class NotInplace(PyLayer):
        @staticmethod
        def forward(ctx, x):
            ctx.mark_not_inplace(x)
            return x

        @staticmethod
        def backward(ctx, d):
            return d * 2

    leaf = t([1.0, 2.0])
    with pytest.raises(ValueError, match=r"Ident : Leaf Var \(.*\) that doesn't stop gradient can't use inplace"):
        Ident.apply(leaf)
    x = t([1.0, 2.0])
    Ident.apply(x * 1).sum().backward()
    assert npy(x.grad) == [2.0, 2.0]
    o = NotInplace.apply(leaf)
    assert o is not leaf and leaf.is_leaf
    o.sum().backward()
    assert npy(leaf.grad) == [2.0, 2.0]


def test_pylayer_output_hooks_and_retain_grads():
    x = t([1.0, 2.0])
    y = Square.apply(x)
    y.register_hook(lambda g: g * 10)
    y.retain_grads()  # after the hook: the retained grad is the hooked one (as in Paddle)
    (y * 1).sum().backward()
    assert npy(y.grad) == [10.0, 10.0]
    assert npy(x.grad) == [20.0, 40.0]


def test_pylayer_needs_a_tensor_output():
    class NoTensor(PyLayer):
        @staticmethod
        def forward(ctx, x):
            return None

        @staticmethod
        def backward(ctx, d):
            return d

    with pytest.raises(ValueError, match="At least one output of `PyLayer.forward` is a `Tensor`"):
        NoTensor.apply(t([1.0]))


def test_pylayer_saved_tensor_none_and_function_alias():
    class NoSave(PyLayer):
        @staticmethod
        def forward(ctx, x):
            assert ctx.saved_tensor() is None
            return x * 2

        @staticmethod
        def backward(ctx, d):
            assert ctx.saved_tensor() is None
            return d * 2

    x = t([1.0])
    NoSave().apply(x).backward()  # apply works on instances too
    assert npy(x.grad) == [2.0]
    assert paddle.autograd.Function is PyLayer


def test_once_differentiable():
    from purepaddle.autograd import once_differentiable
    seen = {}

    class Once(PyLayer):
        @staticmethod
        def forward(ctx, x):
            return x * 2

        @staticmethod
        @once_differentiable
        def backward(ctx, d):
            seen["enabled"] = paddle.is_grad_enabled()
            return d * 2

    x = t([1.0])
    (g,) = paddle.grad(Once.apply(x), x, create_graph=True)
    assert seen["enabled"] is False and g.stop_gradient


# -- jacobian / hessian -------------------------------------------------------------------------
def test_jacobian():
    x = t([1.0, 2.0, 3.0])
    J = paddle.autograd.jacobian(x * x, x)
    assert J.shape == [3, 3]
    np.testing.assert_allclose(J[:].numpy(), np.diag([2.0, 4.0, 6.0]))
    assert npy(J[0]) == [2.0, 0.0, 0.0]
    y0 = (x * x).sum()
    assert paddle.autograd.jacobian(y0, x).shape == [3]
    w = t([1.0, 2.0])
    J2 = paddle.autograd.jacobian([x * 2, x * 3], [x, w])
    assert isinstance(J2, tuple) and len(J2) == 2 and len(J2[0]) == 2
    np.testing.assert_allclose(J2[1][1][:].numpy(), np.zeros([3, 2]))  # unused input: zeros
    with pytest.raises(ValueError, match="xs.ndim should be 0 or 1 when is_batched=False but got 2"):
        m = t([[1.0, 2.0], [3.0, 4.0]])
        paddle.autograd.jacobian(m * m, m)
    with pytest.raises(ValueError, match="batch_axis should be None or 0, but got 1."):
        paddle.autograd.jacobian(x, x, batch_axis=1)


def test_jacobian_batched():
    x = t([[1.0, 2.0], [3.0, 4.0]])
    J = paddle.autograd.jacobian(x * x, x, batch_axis=0)
    assert J.shape == [2, 2, 2]
    np.testing.assert_allclose(J[:].numpy(), [[[2, 0], [0, 4]], [[6, 0], [0, 8]]])


def test_hessian():
    x = t([1.0, 2.0])
    H = paddle.autograd.hessian((x * x * x).sum(), x)
    np.testing.assert_allclose(H[:].numpy(), [[6.0, 0.0], [0.0, 12.0]])
    with pytest.raises(ValueError, match=r"Only support ys.numel\(\)\(2\)==1 when batch_axis is None."):
        paddle.autograd.hessian(x * x, x)
