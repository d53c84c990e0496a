"""Complex gradients follow Paddle's convention: upstream * conj(f'(z)) (ops/_holomorphic.py).

For out = f(z) and an upstream gradient g, that gradient is the one of the real loss L = Re(sum(conj(g) * out)):
dL/dRe(z) + i dL/dIm(z). It is checked here by central differences in float64 for holomorphic ops of every
kind (unary, binary, reductions, products, decompositions), and against real Paddle where .venv-ref exists.
"""
import json
import subprocess

import numpy as np
import pytest

import purepaddle as paddle

RNG = np.random.default_rng(7)


def _c(*shape):
    return RNG.normal(size=shape) + 1j * RNG.normal(size=shape)


def _mat(n=3):
    return _c(n, n) + 3 * np.eye(n)


CASES = {
    "sin": (lambda z: paddle.sin(z), [_c(4)]),
    "exp": (lambda z: paddle.exp(z), [_c(4)]),
    "log": (lambda z: paddle.log(z), [_c(4)]),
    "sqrt": (lambda z: paddle.sqrt(z), [_c(4)]),
    "tanh": (lambda z: paddle.tanh(z), [_c(4)]),
    "stanh": (lambda z: paddle.stanh(z), [_c(4)]),
    "atan": (lambda z: paddle.atan(z), [_c(4)]),
    "reciprocal": (lambda z: paddle.reciprocal(z), [_c(4)]),
    "square": (lambda z: paddle.square(z), [_c(4)]),
    "pow_scalar": (lambda z: paddle.pow(z, 2.5), [_c(4)]),
    "multiply": (lambda a, b: a * b, [_c(2, 3), _c(3)]),
    "divide": (lambda a, b: a / b, [_c(2, 3), _c(3)]),
    "matmul": (lambda a, b: paddle.matmul(a, b), [_c(2, 3), _c(3, 4)]),
    "matmul_t": (lambda a, b: paddle.matmul(a, b, transpose_x=True), [_c(3, 2), _c(3, 4)]),
    "dot": (lambda a, b: paddle.dot(a, b), [_c(3), _c(3)]),
    "kron": (lambda a, b: paddle.kron(a, b), [_c(2, 2), _c(2, 3)]),
    "cross": (lambda a, b: paddle.cross(a, b, axis=0), [_c(3, 2), _c(3, 2)]),
    "einsum": (lambda a, b: paddle.einsum("ij,jk->ik", a, b), [_c(2, 3), _c(3, 2)]),
    "cumprod": (lambda z: paddle.cumprod(z, dim=0), [_c(4)]),
    "det": (lambda z: paddle.linalg.det(z), [_mat()]),
    "inv": (lambda z: paddle.linalg.inv(z), [_mat()]),
    "triangular_solve": (lambda a, b: paddle.linalg.triangular_solve(a, b), [np.triu(_mat()), _c(3, 2)]),
    "matrix_power": (lambda z: paddle.linalg.matrix_power(z, 3), [_mat() / 3]),
    "pinv": (lambda z: paddle.linalg.pinv(z), [_mat()]),
}


def _loss(fn, arrays, g):
    out = fn(*[paddle.to_tensor(a) for a in arrays]).numpy()
    return np.real(np.sum(np.conj(g) * out))


@pytest.mark.parametrize("name", sorted(CASES))
def test_complex_gradient_is_upstream_times_conj_derivative(name):
    fn, arrays = CASES[name]
    ts = [paddle.to_tensor(a, stop_gradient=False) for a in arrays]
    out = fn(*ts)
    g = _c(*out.shape) if out.shape else np.complex128(_c(1)[0])
    out.backward(paddle.to_tensor(np.asarray(g)))
    h = 1e-6
    for k, a in enumerate(arrays):
        want = np.zeros_like(a)
        for idx in np.ndindex(a.shape):
            for unit in (1, 1j):
                hi, lo = [b.copy() for b in arrays], [b.copy() for b in arrays]
                hi[k][idx] += h * unit
                lo[k][idx] -= h * unit
                want[idx] += unit * (_loss(fn, hi, g) - _loss(fn, lo, g)) / (2 * h)
        np.testing.assert_allclose(ts[k].grad.numpy(), want, rtol=1e-5, atol=1e-6, err_msg=name)


_REF_SCRIPT = r"""
import json, sys
import numpy as np
import paddle
z0 = np.array([1 + 2j, -0.5 + 0.3j]); w0 = np.array([0.4 - 0.7j, 1.3 + 0.2j]); g = np.array([0.7 - 0.2j, -1.1 + 0.4j])
m0 = np.array([[2 + 1j, 0.5 - 1j], [0.3 + 0.2j, 1 - 2j]])
res = {}
def run(name, fn, *arrays):
    ts = [paddle.to_tensor(a, stop_gradient=False) for a in arrays]
    out = fn(*ts)
    up = g if out.ndim == 1 else np.outer(g, g.conj())
    if not out.is_complex():
        up = up.real
    out.backward(paddle.to_tensor(up))
    res[name] = [[t.grad.numpy().real.tolist(), t.grad.numpy().imag.tolist()] for t in ts]
run("sin", paddle.sin, z0)
run("log", paddle.log, z0)
run("abs", paddle.abs, z0)
run("angle", paddle.angle, z0)
run("multiply", lambda a, b: a * b, z0, w0)
run("divide", lambda a, b: a / b, z0, w0)
run("pow_tensor", paddle.pow, z0, w0)
run("matmul", paddle.matmul, m0, m0.T)
run("inv", paddle.linalg.inv, m0)
run("stanh", paddle.stanh, z0)
run("eigvalsh", paddle.linalg.eigvalsh, m0 + m0.conj().T)  # Hermitian: V diag(g) V^H
run("qr", lambda a: paddle.add(*paddle.linalg.qr(a)), m0)  # both outputs used (Q's alone crashes Paddle)
print(json.dumps(res))
"""


def test_complex_gradients_match_real_paddle(ref_python, tmp_path):
    script = tmp_path / "case.py"
    script.write_text(_REF_SCRIPT)
    ref = subprocess.run([str(ref_python), str(script)], capture_output=True, text=True, check=True)
    import sys
    ours = subprocess.run([sys.executable, "-m", "purepaddle", str(script)], capture_output=True, text=True,
                          check=True)
    want, got = json.loads(ref.stdout.splitlines()[-1]), json.loads(ours.stdout.splitlines()[-1])
    assert want.keys() == got.keys()
    for name in want:
        np.testing.assert_allclose(np.array(got[name]), np.array(want[name]), rtol=1e-9, atol=1e-12,
                                   err_msg=name)

