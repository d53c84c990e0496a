"""Binary-op dtype promotion with 0-D operands matches real Paddle's table (fixtures/promotion)."""
import json

import pytest

import purepaddle as paddle
from tests.checkout import FIXTURES

TABLE = json.loads((FIXTURES / "promotion" / "zero_d.json").read_text())
CASES = [(op, key, want) for op, rows in sorted(TABLE.items()) for key, want in sorted(rows.items())]


def _operand(dtype, zero_d):
    return paddle.to_tensor(1 if zero_d else [1, 2]).astype(dtype)


@pytest.mark.parametrize("op", sorted(TABLE))
def test_result_dtypes_match_paddle(op):
    fn, wrong = getattr(paddle, op), []
    for key, want in sorted(TABLE[op].items()):
        if want == "NOKERNEL":  # Paddle's CPU build lacks that kernel; purepaddle has it
            continue
        if op == "divide" and key.startswith("bool,bool"):  # Paddle divides bools as integers; we as floats
            continue
        if op == "remainder" and "complex" in key:  # purepaddle has no complex remainder kernel
            continue
        a, b, z = key.split(",")
        try:
            got = str(fn(_operand(a, z[0] == "1"), _operand(b, z[1] == "1")).dtype).replace("paddle.", "")
        except (TypeError, ValueError, RuntimeError):
            got = "ERR"
        if got != want:
            wrong.append(f"{op}({key}): paddle {want}, purepaddle {got}")
    assert not wrong, "\n".join(wrong)


def test_zero_d_int_operand_keeps_tensor_dtype_and_values():
    a = paddle.to_tensor([3, 4], "int32")
    out = a + paddle.to_tensor(2)
    assert out.dtype == paddle.int32 and out.numpy().tolist() == [5, 6]
    assert (a * paddle.to_tensor(2.5)).numpy().tolist() == [7.5, 10.0]


def test_two_dimensional_int_mix_still_raises():
    with pytest.raises(TypeError, match="int32.*int64"):
        paddle.to_tensor([1, 2], "int32") + paddle.to_tensor([1, 2], "int64")


def test_static_zero_d_constant_is_cast_to_the_data_dtype(static_mode):
    main = paddle.static.Program()
    with paddle.static.program_guard(main, paddle.static.Program()):
        a = paddle.static.data("a", [None, 1], "int32")
        b = a + paddle.to_tensor(1)
    assert b.dtype == paddle.int32
