"""paddle.distribution against values real Paddle 3.3.1 wrote (tests/fixtures/distribution/values.npz and the
script that wrote it): every log_prob/entropy/kl/cdf/mean/variance, transform, expected error class and seeded
sample (samples match bit for bit, up to an ulp where float32 log/exp round differently)."""
import importlib.util
from pathlib import Path

import numpy as np
import pytest

import purepaddle

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "distribution"


def _load_script():
    spec = importlib.util.spec_from_file_location("make_distribution_fixtures",
                                                  FIXTURES / "make_distribution_fixtures.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def both():
    ref = np.load(FIXTURES / "values.npz")
    ours = _load_script().cases(purepaddle)
    return {k: ref[k] for k in ref.files}, ours


def test_every_case_is_computed(both):
    ref, ours = both
    assert sorted(ref) == sorted(ours)


def test_values_dtypes_and_errors_match_paddle(both):
    ref, ours = both
    bad = []
    for key, want in ref.items():
        got = ours[key]
        if want.dtype.kind == "U" or got.dtype.kind == "U":
            if str(want) != str(got):
                bad.append(f"{key}: paddle {want} | ours {got}")
            continue
        if want.shape != got.shape or want.dtype != got.dtype:
            bad.append(f"{key}: paddle {want.shape} {want.dtype} | ours {got.shape} {got.dtype}")
            continue
        tol = 2e-6 if want.dtype == np.float32 else 1e-12
        if not np.allclose(got, want, rtol=tol, atol=tol, equal_nan=True):
            bad.append(f"{key}: paddle {want.ravel()[:4]} | ours {got.ravel()[:4]}")
    assert not bad, "\n".join(bad)


def test_seeded_samples_match_paddle_bit_for_bit_in_float64(both):
    ref, ours = both
    keys = [k for k in ref if "sample" in k and ref[k].dtype == np.float64 and "precision_matrix" not in k
            and "lognormal" not in k]
    assert len(keys) > 20
    assert [k for k in keys if not np.array_equal(ref[k], ours[k])] == []
