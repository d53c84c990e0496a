"""kl_divergence dispatch: register_kl picks the most specific registered pair, warns on ambiguity, rejects
non-distributions; the exponential family's Bregman KL agrees with the closed forms."""
import warnings

import numpy as np
import pytest

import purepaddle as paddle
from purepaddle import distribution as D


def _t(a):
    return paddle.to_tensor(np.asarray(a, dtype="float64"))


def test_register_kl_dispatches_on_subclasses():
    class MyNormal(D.Normal):
        pass

    @D.register_kl(MyNormal, D.Normal)
    def _mine(p, q):
        return paddle.to_tensor(42.0)

    assert float(D.kl_divergence(MyNormal(0.0, 1.0), D.Normal(0.0, 1.0))) == 42.0
    # the base pair still answers for plain Normals
    np.testing.assert_allclose(D.kl_divergence(D.Normal(0.0, 1.0), D.Normal(1.0, 1.0)).numpy(), 0.5, rtol=1e-6)


def test_ambiguous_registration_warns():
    class A(D.Normal):
        pass

    class B(D.Normal):
        pass

    D.register_kl(A, D.Normal)(lambda p, q: paddle.to_tensor(1.0))
    D.register_kl(D.Normal, B)(lambda p, q: paddle.to_tensor(2.0))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        D.kl_divergence(A(0.0, 1.0), B(0.0, 1.0))
    assert any(issubclass(w.category, RuntimeWarning) for w in caught)


def test_unregistered_pair_and_bad_classes_raise():
    with pytest.raises(NotImplementedError):
        D.kl_divergence(D.Normal(0.0, 1.0), D.Laplace(0.0, 1.0))
    with pytest.raises(TypeError):
        D.register_kl(int, D.Normal)


def test_bregman_kl_of_the_exponential_family_matches_closed_forms():
    bregman = D.kl.__dict__["_kl_expfamily_expfamily"]
    p, q = D.Exponential(_t([1.5, 2.0])), D.Exponential(_t([2.5, 1.0]))
    np.testing.assert_allclose(bregman(p, q).numpy(), p.kl_divergence(q).numpy(), rtol=1e-10)
    d, e = D.Dirichlet(_t([1.0, 2.0, 3.0])), D.Dirichlet(_t([2.0, 2.0, 1.0]))
    np.testing.assert_allclose(bregman(d, e).numpy(), D.kl_divergence(d, e).numpy(), rtol=1e-10)
    with pytest.raises(NotImplementedError):  # Paddle's classes define no carrier measure
        D.ExponentialFamily.entropy(d)


def test_transformed_distribution_shapes_and_transform_call():
    base = D.Normal(_t([0.0, 1.0, 2.0, 3.0, 4.0, 5.0]), _t([1.0] * 6))
    td = D.TransformedDistribution(base, [D.ReshapeTransform((6,), (2, 3))])
    assert td.batch_shape == () and td.event_shape == (2, 3)
    assert isinstance(D.ExpTransform()(base), D.TransformedDistribution)
    assert isinstance(D.ExpTransform()(D.TanhTransform()), D.ChainTransform)
    with pytest.raises(NotImplementedError):
        D.SoftmaxTransform().forward_log_det_jacobian(_t([1.0, 2.0]))
