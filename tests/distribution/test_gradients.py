"""Gradients of paddle.distribution: log_prob (and entropy, kl) w.r.t. the parameters against central
differences in float64 with a random upstream gradient; rsample is reparameterized (gradients reach the
parameters), sample is not."""
import numpy as np
import pytest

import purepaddle as paddle
from purepaddle import distribution as D

RNG = np.random.default_rng(0)


def _t(a, grad=False):
    x = paddle.to_tensor(np.asarray(a, dtype="float64"))
    x.stop_gradient = not grad
    return x


CASES = {
    # name: (parameter arrays, build(*params) -> distribution, value array)
    "Normal": ([[0.5, -1.0, 2.0], [1.0, 2.0, 0.5]], lambda a, b: D.Normal(a, b), [0.3, 1.2, -0.7]),
    "Laplace": ([[0.5, -1.0, 2.0], [1.0, 2.0, 0.5]], lambda a, b: D.Laplace(a, b), [0.3, 1.2, -0.7]),
    "Cauchy": ([[0.5, -1.0, 2.0], [1.0, 2.0, 0.5]], lambda a, b: D.Cauchy(a, b), [0.3, 1.2, -0.7]),
    "Gumbel": ([[0.5, -1.0, 2.0], [1.0, 2.0, 0.5]], lambda a, b: D.Gumbel(a, b), [0.3, 1.2, -0.7]),
    "LogNormal": ([[0.5, -1.0, 2.0], [1.0, 2.0, 0.5]], lambda a, b: D.LogNormal(a, b), [0.3, 1.2, 0.7]),
    "Exponential": ([[1.0, 2.0, 0.5]], lambda a: D.Exponential(a), [0.3, 1.2, 0.7]),
    "Gamma": ([[1.5, 2.0, 0.5], [1.0, 2.0, 3.0]], lambda a, b: D.Gamma(a, b), [0.3, 1.2, 0.7]),
    "Beta": ([[1.5, 2.0, 0.5], [1.0, 2.0, 3.0]], lambda a, b: D.Beta(a, b), [0.3, 0.6, 0.7]),
    "Dirichlet": ([[[1.0, 2.0, 3.0], [2.0, 2.0, 1.0]]], lambda c: D.Dirichlet(c),
                  [[0.2, 0.3, 0.5], [0.1, 0.6, 0.3]]),
    "StudentT": ([[3.0, 5.0, 2.5], [0.5, -1.0, 2.0], [1.0, 2.0, 0.5]], lambda d, a, b: D.StudentT(d, a, b),
                 [0.3, 1.2, -0.7]),
    "Bernoulli": ([[0.3, 0.6, 0.8]], lambda p: D.Bernoulli(p), [0.0, 1.0, 1.0]),
    "ContinuousBernoulli": ([[0.2, 0.7, 0.9]], lambda p: D.ContinuousBernoulli(p), [0.3, 0.6, 0.1]),
    "Geometric": ([[0.3, 0.6, 0.8]], lambda p: D.Geometric(p), None),
    "Poisson": ([[1.5, 2.0, 3.5]], lambda r: D.Poisson(r), [0.0, 2.0, 5.0]),
    "MultivariateNormal": ([[1.0, 2.0], [[2.0, 1.0], [1.0, 2.0]]],
                           lambda m, c: D.MultivariateNormal(m, covariance_matrix=c), [[0.5, 1.0], [1.0, 1.0]]),
}


def _numeric_grad(f, params, i, h=1e-6):
    base = [np.asarray(p, dtype="float64") for p in params]
    g = np.zeros_like(base[i])
    for idx in np.ndindex(base[i].shape):
        plus = [b.copy() for b in base]
        minus = [b.copy() for b in base]
        plus[i][idx] += h
        minus[i][idx] -= h
        g[idx] = (f(plus) - f(minus)) / (2 * h)
    return g


@pytest.mark.parametrize("name", sorted(CASES))
def test_log_prob_gradient_matches_central_differences(name):
    params, build, value = CASES[name]
    upstream = None

    def objective(arrays, grad=False):
        nonlocal upstream
        ts = [_t(a, grad) for a in arrays]
        d = build(*ts)
        lp = d.pmf(2) if value is None else d.log_prob(_t(value))
        if upstream is None:
            upstream = RNG.standard_normal(lp.shape)
        return ts, (lp * _t(upstream)).sum()

    ts, total = objective(params, grad=True)
    total.backward()
    for i in range(len(params)):
        if name == "MultivariateNormal" and i == 1:
            continue  # a covariance perturbation must stay symmetric; the mean's gradient is checked
        want = _numeric_grad(lambda arrays: float(objective(arrays)[1].numpy()), params, i)
        np.testing.assert_allclose(ts[i].grad.numpy(), want, rtol=1e-5, atol=1e-6, err_msg=f"{name} param {i}")


@pytest.mark.parametrize("name", ["Normal", "Gamma", "Beta", "Laplace"])
def test_entropy_and_kl_gradients_match_central_differences(name):
    params, build, _ = CASES[name]
    other = build(*[_t(np.asarray(p) * 1.3) for p in params])

    def objective(arrays, grad=False):
        ts = [_t(a, grad) for a in arrays]
        d = build(*ts)
        return ts, (d.entropy() * 0.7 + D.kl_divergence(d, other)).sum()

    ts, total = objective(params, grad=True)
    total.backward()
    for i in range(len(params)):
        want = _numeric_grad(lambda arrays: float(objective(arrays)[1].numpy()), params, i)
        np.testing.assert_allclose(ts[i].grad.numpy(), want, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("build", [lambda a, b: D.Normal(a, b), lambda a, b: D.Laplace(a, b),
                                   lambda a, b: D.Cauchy(a, b), lambda a, b: D.LogNormal(a, b),
                                   lambda a, b: D.Gamma(b, b + 1.0)],
                         ids=["Normal", "Laplace", "Cauchy", "LogNormal", "Gamma"])
def test_rsample_is_reparameterized_and_sample_is_not(build):
    loc, scale = _t([0.5, -1.0], True), _t([1.0, 2.0], True)
    paddle.seed(1)
    d = build(loc, scale)
    r = d.rsample([3])
    assert not r.stop_gradient
    r.sum().backward()
    assert scale.grad is not None and np.all(np.isfinite(scale.grad.numpy()))
    assert d.sample([3]).stop_gradient


def test_normal_rsample_gradient_is_the_noise():
    loc, scale = _t([0.5, -1.0], True), _t([1.0, 2.0], True)
    paddle.seed(3)
    r = D.Normal(loc, scale).rsample([4])
    r.sum().backward()
    eps = (r.numpy() - loc.numpy()) / scale.numpy()
    np.testing.assert_allclose(scale.grad.numpy(), eps.sum(0), rtol=1e-10)
    np.testing.assert_allclose(loc.grad.numpy(), [4.0, 4.0])
