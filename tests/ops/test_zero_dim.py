"""Every elementwise function of paddle and paddle.nn.functional on a 0-D input: the value, dtype and
gradient are those of the same input as shape [1] (NumPy arithmetic on 0-D arrays returns scalars,
which in-place kernel passes cannot write; ops/_blocking.py runs such kernels on one element).

The functions are found, not listed: every public function that maps a float [1] tensor to a float [1]
tensor of its dtype (and [2, 3] to [2, 3]), so a new unary op is checked here without naming it.
"""
import inspect
import warnings

import numpy as np
import pytest

import purepaddle as paddle
import purepaddle.nn.functional as F

_SKIP_PREFIXES = ("_", "set_", "enable", "disable", "device", "in_dynamic", "get_")
# functions with no elementwise meaning on one element (their axis/shape arguments default to 1-D ones)
_SKIP = {"to_tensor", "assign", "create_parameter", "seed", "save", "load", "summary", "flops", "print",
         "no_grad", "enable_grad", "empty", "empty_like", "normalize", "label_smooth", "increment",
         "atleast_1d", "bernoulli", "standard_gamma"}  # atleast_1d makes 0-D [1] by definition; bernoulli draws
# by shape; standard_gamma never returns for alpha -1.5 in Paddle (so raises here)


def _elementwise():
    found = []
    for ns, mod in (("paddle", paddle), ("F", F)):
        for name in sorted(dir(mod)):
            if name.startswith(_SKIP_PREFIXES) or name.endswith("_") or name in _SKIP:
                continue
            f = getattr(mod, name)
            if not inspect.isfunction(f):
                continue
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    ys = [f(paddle.to_tensor(np.full(shape, 0.3, np.float32))) for shape in ([1], [2, 3])]
            except Exception:
                continue
            if all(isinstance(y, paddle.Tensor) and y.dtype == paddle.float32 for y in ys) and \
                    [y.shape for y in ys] == [[1], [2, 3]]:
                found.append(pytest.param(f, id=f"{ns}.{name}"))
    return found


def _run(f, shape, dtype, value):
    x = paddle.to_tensor(np.full(shape, value, dtype), stop_gradient=False)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        paddle.seed(0)
        y = f(x)
        g = None
        if not y.stop_gradient:
            y.sum().backward()
            g = None if x.grad is None else x.grad.numpy()
    return y, g


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("f", _elementwise())
def test_zero_dim_matches_one_element(f, dtype):
    for value in (0.3, -1.5):
        y1, g1 = _run(f, [1], dtype, value)
        y0, g0 = _run(f, [], dtype, value)
        assert y0.shape == [] and y0.dtype == y1.dtype
        np.testing.assert_allclose(y0.numpy(), y1.numpy().reshape(()), rtol=1e-6, equal_nan=True)
        assert (g0 is None) == (g1 is None)
        if g0 is not None:
            assert g0.shape == ()
            np.testing.assert_allclose(g0, g1.reshape(()), rtol=1e-6, equal_nan=True)


def test_zero_dim_activations_named_in_issue():
    # the ones that crashed: gelu (tanh form and its gradient), hard_sigmoid, hard_swish, silu, swish, softsign
    for f in (lambda x: F.gelu(x, approximate=True), F.gelu, F.hardsigmoid, F.hardswish, F.silu, F.swish,
              F.softsign):
        y, g = _run(f, [], "float32", 0.5)
        assert y.shape == [] and g.shape == ()


def test_zero_dim_label_smooth_and_poisson():
    # a 0-D label is one class (Paddle reads past the shape there: docs/conformance.md)
    y, g = _run(F.label_smooth, [], "float32", 0.3)
    np.testing.assert_allclose(y.numpy(), 0.37, rtol=1e-6)
    np.testing.assert_allclose(g, 0.9, rtol=1e-6)
    p = paddle.poisson(paddle.to_tensor(3.0))
    assert p.shape == [] and p.dtype == paddle.float32
