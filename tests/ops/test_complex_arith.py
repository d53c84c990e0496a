"""Paddle's complex arithmetic on infinities, NaN, huge and subnormal parts (ops/_complex.py), against the answers
real Paddle 3.3.1 wrote (tests/fixtures/make_complex_fixtures.py)."""
import numpy as np
import pytest

import purepaddle as paddle
from tests.checkout import FIXTURES
from tests.fixtures.make_complex_fixtures import record

_FILE = np.load(FIXTURES / "complex" / "special.npz")
_OURS = record(paddle)


def _same_part(ours, ref, rtol):
    nan = np.isnan(ours) | np.isnan(ref)
    with np.errstate(invalid="ignore"):
        close = np.abs(ours - ref) <= rtol * np.abs(ref) + 1e-12
    return (np.isnan(ours) == np.isnan(ref)) & (nan | (ours == ref) | close)


@pytest.mark.parametrize("key", sorted(k for k in _FILE.files if not k.endswith("/z")))
def test_complex_special_values_match_paddle(key):
    ref, ours = _FILE[key], _OURS[key]
    assert ours.dtype == ref.dtype and ours.shape == ref.shape
    rtol = 1e-5 if key.startswith("complex64") else 1e-9
    z = _FILE[key.split("/")[0] + "/z"]
    ok = _same_part(ours.real, ref.real, rtol) & _same_part(ours.imag, ref.imag, rtol)
    if key in ("complex128/exp", "complex128/sigmoid"):
        # Paddle's complex128 exp is accurate to about 1e-7, loses cos/sin of 1e38 and reads a subnormal imaginary
        # part as 0 (docs/conformance.md)
        ok |= (np.abs(z.imag) > 1e30) | ((np.abs(z.imag) < 1e-300) & (z.imag != 0))
        ok |= _same_part(ours.real, ref.real, 1e-6) & _same_part(ours.imag, ref.imag, 1e-6)
    bad = np.flatnonzero(~ok)
    assert not bad.size, f"{bad.size} differ, first at {bad[0]}: {ours[bad[0]]} vs paddle {ref[bad[0]]} (z: {z[:3]})"
