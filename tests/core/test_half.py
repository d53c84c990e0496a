"""_core/half.py: the fast float32 <-> float16 conversions give NumPy's astype bit for bit."""
import numpy as np
import pytest

from purepaddle._core.half import _float_to_half, _half_to_float, add_into, astype

U16, U32, F32 = np.uint16, np.uint32, np.float32


def _same_bits(a, b):
    return a.dtype == b.dtype and a.shape == b.shape and np.array_equal(a.view(U16 if a.itemsize == 2 else U32),
                                                                        b.view(U16 if b.itemsize == 2 else U32))


def test_every_half_value_widens_exactly():
    h = np.arange(1 << 16, dtype=U16).view(np.float16)
    assert _same_bits(_half_to_float(h), h.astype(F32))


def test_narrowing_rounds_as_numpy_at_every_tie_and_edge():
    h = np.arange(1 << 16, dtype=U16).view(np.float16).astype(F32)
    h = h[np.isfinite(h)]
    h.sort()
    mids = ((h[:-1].astype(np.float64) + h[1:]) / 2).astype(F32)  # the ties: round to even
    edges = np.array([65504, 65519.996, 65520, 1e30, np.inf, -np.inf, 0.0, -0.0, 1e-45, 2.9802322e-08,
                      2.98e-8, 5.96e-8, 6.1035e-05], F32)
    xs = np.concatenate([h, mids, edges])
    xs = np.concatenate([xs, np.nextafter(xs, F32(np.inf)), np.nextafter(xs, F32(-np.inf)), -xs])
    with np.errstate(all="ignore"):
        assert _same_bits(_float_to_half(xs), xs.astype(np.float16))


def test_random_bit_patterns_nan_payloads_included():
    rng = np.random.default_rng(0)
    x = rng.integers(0, 1 << 32, 200_000, dtype=np.uint64).astype(U32).view(F32).reshape(400, 500)
    with np.errstate(all="ignore"):
        ref = x.astype(np.float16)
    assert _same_bits(_float_to_half(x), ref)


@pytest.mark.parametrize("shape", [(3,), (70, 300), (2, 128, 129)])
@pytest.mark.parametrize("src,dst", [(np.float32, np.float16), (np.float16, np.float32)])
def test_astype_any_size_and_layout(shape, src, dst):
    a = np.random.default_rng(1).standard_normal(shape).astype(src)
    for arr in (a, a.T):  # C-contiguous takes the fast path, the transposed view NumPy's
        out = astype(arr, dst)
        assert _same_bits(np.ascontiguousarray(out), np.ascontiguousarray(arr.astype(dst)))
    assert astype(a, np.float64).dtype == np.float64


def test_add_into_is_numpys_float16_add():
    rng = np.random.default_rng(2)
    a = rng.integers(0, 1 << 16, 100_000).astype(U16).view(np.float16)
    b = rng.integers(0, 1 << 16, 100_000).astype(U16).view(np.float16)
    with np.errstate(all="ignore"):
        want = a + b
        got = a.copy()
        add_into(got, b)
    same = (got.view(U16) == want.view(U16)) | (np.isnan(got) & np.isnan(want))
    assert same.all()
    small = np.ones(3, np.float32)
    add_into(small, np.ones(3, np.float32))
    np.testing.assert_array_equal(small, 2)
