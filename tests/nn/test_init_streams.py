"""Seeded parameters and data order bit for bit against tests/fixtures/random/inits.npz, written by real Paddle 3.3.1
(tests/fixtures/make_init_fixtures.py): every initializer and dtype, the layers' default initializers and the order
they draw in, static startup programs, and the index order of samplers and the DataLoader."""
import json

import numpy as np
import pytest

import purepaddle as paddle
from tests.checkout import FIXTURES
from tests.fixtures import make_init_fixtures as cases

REF = np.load(FIXTURES / "random" / "inits.npz")


def _bits(a):
    """The bytes of an array (Paddle hands bfloat16 out as uint16, purepaddle as ml_dtypes' bfloat16)."""
    return np.ascontiguousarray(a).view(np.uint8)


def _expected(case):
    prefix = case.__name__ + "/"
    return {k[len(prefix):]: REF[k] for k in REF.files if k.startswith(prefix)}


@pytest.fixture(scope="module", params=cases.EXACT, ids=lambda c: c.__name__)
def exact(request):
    return request.param, _expected(request.param), request.param(paddle)


def test_same_entries(exact):
    _, want, got = exact
    assert sorted(got) == sorted(want)


def test_same_bits(exact):
    case, want, got = exact
    bad = []
    for k in sorted(want):
        w, g = want[k], np.asarray(got[k])
        if w.dtype.kind == "U":  # index orders, as JSON
            if json.loads(str(w)) != json.loads(str(g)):
                bad.append(f"{k}: {g} != {w}")
            continue
        if g.shape != w.shape or g.dtype.itemsize != w.dtype.itemsize or not np.array_equal(_bits(g), _bits(w)):
            bad.append(f"{k}: {g.dtype}{list(g.shape)} differs from Paddle's {w.dtype}{list(w.shape)}")
    assert not bad, f"{case.__name__}: " + "; ".join(bad[:8])


@pytest.mark.parametrize("case", cases.CLOSE, ids=lambda c: c.__name__)
def test_close_cases(case):
    """Paddle's draws, dtypes and stream position exactly; a factorisation or norm whose rounding Paddle's Eigen
    kernels order differently (Orthogonal's QR, spectral_norm's normalisation) agrees to a few ulps."""
    want, got = _expected(case), case(paddle)
    assert sorted(got) == sorted(want)
    for k, w in want.items():
        g = np.asarray(got[k])
        assert g.dtype == w.dtype and g.shape == w.shape, (k, g.dtype, w.dtype)
        if k.endswith("after"):
            np.testing.assert_array_equal(g, w, err_msg=k)
        else:
            tol = 1e-12 if w.dtype == np.float64 else 1e-6
            np.testing.assert_allclose(g, w, rtol=0, atol=tol, err_msg=k)


def test_truncated_normal_float16_has_no_kernel():
    with pytest.raises(RuntimeError, match=r"\(NotFound\) The kernel .* of kernel `truncated_gaussian_random`"):
        paddle.create_parameter([3], "float16", default_initializer=paddle.nn.initializer.TruncatedNormal())


def test_random_sampler_with_a_generator_draws_from_it():
    """Paddle 3.3.1 fails here (it takes any generator for an iterator); the generator's stream is used."""
    g = paddle.base.core.Generator().manual_seed(5)
    first = list(paddle.io.RandomSampler(range(10), generator=g))
    assert sorted(first) == list(range(10))
    assert first == list(paddle.io.RandomSampler(range(10), generator=paddle.base.core.Generator().manual_seed(5)))
    g = paddle.base.core.Generator().manual_seed(5)
    drawn = list(paddle.io.RandomSampler(range(10), replacement=True, num_samples=6, generator=g))
    paddle.seed(5)
    assert drawn == paddle.randint(0, 10, [6]).tolist()
