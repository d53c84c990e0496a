"""bfloat16 takes the floating paths of the kernels: ml_dtypes' bfloat16 has numpy kind 'V', so ops branch on
_core.dtype.kind_of, which calls it 'f'. The expected values are real Paddle 3.3.1's CPU results (ops that
Paddle's CPU build has no bfloat16 kernel for are computed here and not pinned)."""
import numpy as np
import pytest

import purepaddle as paddle
from purepaddle._core.dtype import kind_of

pytest.importorskip("ml_dtypes")

_X = [1.5, -2.5, 0.3, float("nan"), float("inf"), -0.7]


def _bf16():
    return paddle.to_tensor(_X).astype("bfloat16")


def _values(t):
    return t.astype("float32").numpy().tolist() if t.dtype == paddle.bfloat16 else t.numpy().tolist()


def test_kind_of():
    assert kind_of(paddle.bfloat16.np_dtype) == "f"
    for name, k in (("float16", "f"), ("float32", "f"), ("int32", "i"), ("uint8", "u"), ("bool", "b"),
                    ("complex64", "c")):
        assert kind_of(np.dtype(name)) == k


@pytest.mark.parametrize("name, expected", [
    ("floor", [1.0, -3.0, 0.0, np.nan, np.inf, -1.0]),
    ("ceil", [2.0, -2.0, 1.0, np.nan, np.inf, -0.0]),
    ("isnan", [False, False, False, True, False, False]),
    ("isinf", [False, False, False, False, True, False]),
    ("isfinite", [True, True, True, False, False, True]),
    ("sort", [-2.5, -0.69921875, 0.30078125, 1.5, np.inf, np.nan]),
    ("argsort", [1, 5, 2, 0, 4, 3]),
])
def test_bfloat16_matches_paddle(name, expected):
    y = getattr(paddle, name)(_bf16())
    if name in ("floor", "ceil", "sort"):
        assert y.dtype == paddle.bfloat16
    np.testing.assert_array_equal(np.array(_values(y)), np.array(expected))
    if name == "ceil":
        assert np.signbit(_values(y)[-1])  # ceil(-0.7) is -0.0


def test_bfloat16_sort_descending():
    y = paddle.sort(_bf16(), descending=True)
    np.testing.assert_array_equal(_values(y), [np.nan, np.inf, 1.5, 0.30078125, -0.69921875, -2.5])


def test_ops_branch_on_kind_of():
    # a raw `.dtype.kind` test sends bfloat16 (kind 'V') down the integer path, as floor/ceil once did
    import pathlib
    import re
    root = pathlib.Path(paddle.__file__).parent / "ops"
    raw = [f"{p.relative_to(root)}:{i}" for p in root.rglob("*.py")
           for i, line in enumerate(p.read_text().splitlines(), 1)
           if re.search(r"\b(dtype|dt)\.kind\b", line)]
    assert not raw, raw
