"""The parity harness's comparison: NaN-aware values, tolerances per dtype, dtypes, shapes, stop_gradient,
gradients and errors, and the verdict statuses (no .venv-ref needed)."""
import numpy as np
import pytest

from parity import deliberate
from parity.compare import Mismatch, compare_arrays, compare_values, verdict
from parity.payload import decode, encode


def t(arr, dtype=None, sg=True):
    return {"t": encode(np.asarray(arr), dtype), "sg": sg}


def cls_of(a, b, **kw):
    try:
        compare_values(a, b, **kw)
    except Mismatch as m:
        return m.cls
    return None


def test_nan_positions_must_match():
    assert cls_of(t([1.0, np.nan], "float32"), t([1.0, np.nan], "float32")) is None
    assert cls_of(t([1.0, np.nan], "float32"), t([1.0, 0.0], "float32")) == "nan"
    assert cls_of(t([np.nan, 1.0], "float32"), t([1.0, np.nan], "float32")) == "nan"


def test_infinities_must_match_in_sign():
    assert cls_of(t([np.inf, -np.inf]), t([np.inf, -np.inf])) is None
    assert cls_of(t([np.inf]), t([-np.inf])) == "inf"
    assert cls_of(t([np.inf]), t([1e308])) == "inf"


def test_tolerance_by_dtype():
    a = np.float32(1.0)
    assert cls_of(t([a], "float32"), t([a * (1 + 5e-6)], "float32")) is None
    assert cls_of(t([a], "float32"), t([a * (1 + 1e-4)], "float32")) == "value"
    assert cls_of(t([1.0], "float64"), t([1.0 + 1e-6], "float64")) == "value"
    assert cls_of(t([1.0], "float16"), t([1.0009765625], "float16")) is None  # one float16 ulp
    assert cls_of(t([1.0], "bfloat16"), t([1.0078125], "bfloat16")) is None  # one bfloat16 ulp
    assert cls_of(t([1.0], "float32"), t([1.0 + 1e-4], "float32"), scale=100.0) is None


def test_integers_and_bools_are_exact():
    assert cls_of(t(np.array([1, 2], np.int64)), t(np.array([1, 3], np.int64))) == "value"
    assert cls_of(t(np.array([True])), t(np.array([False]))) == "value"
    big = np.iinfo(np.int64).max
    assert cls_of(t(np.array([big], np.int64)), t(np.array([big - 1], np.int64))) == "value"


def test_complex_compares_both_parts():
    assert cls_of(t(np.array([1 + 1j], np.complex64)), t(np.array([1 + 1j], np.complex64))) is None
    assert cls_of(t(np.array([1 + 1j], np.complex64)), t(np.array([1 - 1j], np.complex64))) == "value"
    x = np.array([complex(np.inf, 0)], np.complex128)
    y = np.array([complex(np.inf, np.nan)], np.complex128)
    assert cls_of(t(x), t(y)) == "nan"


def test_dtype_shape_and_stop_gradient_are_compared():
    assert cls_of(t(np.zeros(2, np.float32)), t(np.zeros(2, np.float64))) == "dtype"
    assert cls_of(t(np.zeros(2, np.int32)), t(np.zeros(2, np.int64))) == "dtype"
    assert cls_of(t(np.zeros((2, 1))), t(np.zeros((1, 2)))) == "shape"
    assert cls_of(t(np.zeros(2), sg=True), t(np.zeros(2), sg=False)) == "stop_gradient"


def test_structure_and_python_values():
    assert cls_of({"seq": [t([1.0])]}, {"seq": [t([1.0]), t([2.0])]}) == "structure"
    assert cls_of(t([1.0]), {"py": 1.0}) == "structure"
    assert cls_of({"py": 1}, {"py": 1.0}) == "dtype"
    assert cls_of({"py": float("nan")}, {"py": float("nan")}) is None
    assert cls_of(None, t([1.0])) == "structure"


def test_numpy_results_compare_their_dtype():
    a = {"np": encode(np.zeros(2, np.float32))}
    b = {"np": encode(np.zeros(2, np.uint16))}
    assert cls_of(a, b) == "dtype"


def test_payload_round_trip_keeps_special_values():
    for arr in (np.array([np.nan, np.inf, -np.inf, -0.0, 1e-40], np.float32),
                np.array([complex(np.inf, 0), complex(0, -np.inf), complex(np.nan, 1)], np.complex128),
                np.array([np.iinfo(np.int64).min, np.iinfo(np.int64).max]), np.zeros((0, 3), np.float32),
                np.array(True)):
        back = decode(encode(arr))
        assert back.dtype == arr.dtype and back.shape == arr.shape
        np.testing.assert_array_equal(back, arr)
        assert np.array_equal(np.signbit(back.real), np.signbit(arr.real))


CASE = {"id": 0, "api": "paddle.sin", "label": "float32/normal/s0", "tol": 1.0}
OUT = {"out": t([0.5], "float32")}


def test_verdict_errors():
    err = {"error": {"type": "ValueError", "msg": "bad"}}
    assert verdict(CASE, err, err) == {"status": "agree", "note": None}
    other = {"error": {"type": "TypeError", "msg": "bad"}}
    assert verdict(CASE, other, err)["note"] == "error-type: TypeError vs paddle ValueError"
    v = verdict(CASE, err, OUT)
    assert (v["status"], v["what"]) == ("disagree", "raises")
    v = verdict(CASE, OUT, err)
    assert (v["status"], v["what"]) == ("disagree", "paddle-raises")
    rejects = {"error": {"type": "TypeError", "msg": "The data type of input must be one of ['float32']"}}
    assert verdict(CASE, OUT, rejects)["what"] == "paddle-rejects-dtype"


def test_verdict_no_kernel_crash_and_setup():
    nk = {"error": {"type": "RuntimeError", "msg": "(NotFound) The kernel with key (CPU, Undefined(AnyLayout), "
                                                   "float16) of kernel `relu` is not registered."}}
    assert verdict(CASE, OUT, nk)["status"] == "no-kernel"
    assert verdict(CASE, OUT, {"crash": "signal 8"})["status"] == "paddle-crash"
    assert verdict(CASE, OUT, {"hang": "no answer"})["status"] == "paddle-crash"
    v = verdict(CASE, {"crash": "signal 11"}, OUT)
    assert (v["status"], v["what"]) == ("disagree", "crash")
    v = verdict(CASE, {"hang": "no answer"}, OUT)
    assert (v["status"], v["what"]) == ("disagree", "hang")
    assert verdict(CASE, OUT, {"setup_error": {"type": "AttributeError", "msg": "no x"}})["status"] == "skip"


def test_verdict_gradients():
    g = {"grads": [t([1.0], "float32", sg=False)]}
    assert verdict(CASE, {**OUT, **g}, {**OUT, **g})["status"] == "agree"
    v = verdict(CASE, {**OUT, "grads": [None]}, {**OUT, **g})
    assert (v["status"], v["what"]) == ("disagree", "grad") and "None vs paddle a gradient" in v["why"]
    v = verdict(CASE, {**OUT, "grads": [t([np.nan], "float32", sg=False)]}, {**OUT, **g})
    assert v["what"] == "grad"
    v = verdict(CASE, {**OUT, "grad_error": {"type": "ValueError", "msg": "x"}}, {**OUT, **g})
    assert v["what"] == "grad"


def test_deliberate_differences_match_api_label_and_summary():
    case = {"api": "paddle.argmax", "label": "float32/empty/s0"}
    assert "uninitialised" in deliberate.excluded(case, "out: 1/1 differ")
    assert deliberate.excluded({"api": "paddle.argmax", "label": "float32/normal/s0"}, "x") is None


@pytest.mark.parametrize("dtype", ["float32", "bfloat16", "complex64"])
def test_reports_the_first_difference(dtype):
    with pytest.raises(Mismatch, match=r"at \[1\]"):
        compare_arrays(np.array([1.0, 2.0]), np.array([1.0, 3.0]), dtype=dtype)


def test_vectors_compare_up_to_sign_and_eigenvalues_up_to_order():
    v = np.array([[0.6, -0.8], [0.8, 0.6]])
    flipped = v * np.array([-1.0, 1.0])  # first column's sign flipped
    out_a = {"seq": [t([1.0, 2.0]), t(v)]}
    out_b = {"seq": [t([1.0, 2.0]), t(flipped)]}
    assert cls_of(out_a, out_b) == "value"
    assert cls_of(out_a, out_b, canon={"out[1]": "cols"}) is None
    assert cls_of(out_a, {"seq": [t([1.0, 2.0]), t(v * 2)]}, canon={"out[1]": "cols"}) == "value"
    w = np.array([1 + 1j, 2 - 1j], np.complex64)
    assert cls_of(t(w), t(w[::-1].copy()), canon={"out": "sort"}) is None
    z = np.array([[1j, 0.0], [0.0, 1.0]], np.complex128)
    assert cls_of(t(z), t(z * np.array([-1j, 1.0])), canon={"out": "cols"}) is None
