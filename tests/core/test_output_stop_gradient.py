"""Every output of an op recorded for backward has stop_gradient=False, integer outputs included (indices of
argsort/topk/mode/kthvalue/cummax, max-pool masks, frexp's exponent, integer pieces of split), as in Paddle 3.3.1's
eager mode; ops without a backward give True. Expected values were written by real Paddle
(tests/fixtures/make_stop_gradient_fixtures.py)."""
import json

import numpy as np
import pytest

import purepaddle as paddle
from tests.checkout import FIXTURES
from tests.fixtures.make_stop_gradient_fixtures import grad_through, outputs_of, scope

TABLE = json.loads((FIXTURES / "stop_gradient" / "eager.json").read_text())
ENV = scope(paddle, np)


@pytest.mark.parametrize("case", sorted(TABLE["outputs"]))
def test_output_stop_gradient_like_paddle(case):
    row = TABLE["outputs"][case]
    assert outputs_of(row["expr"], ENV) == row["out"]


@pytest.mark.parametrize("case", sorted(TABLE["grads"]))
def test_gradient_through_integer_output_like_paddle(case):
    row = TABLE["grads"][case]
    np.testing.assert_array_equal(grad_through(row["expr"], ENV), row["grad"])


def test_index_gradient_is_ignored_by_its_op():
    # Paddle segfaults when only topk's indices reach the loss; the values' gradient alone reaches x here
    x = paddle.to_tensor([[3.0, 1.0, 2.0]], stop_gradient=False)
    values, indices = paddle.topk(x, 2)
    (values.sum() + indices.astype("float32").sum() * 5).backward()
    np.testing.assert_array_equal(x.grad.numpy(), [[1.0, 0.0, 1.0]])
    x.clear_gradient()
    _, indices = paddle.topk(x, 2)
    indices.astype("float32").sum().backward()
    np.testing.assert_array_equal(x.grad.numpy(), [[0.0, 0.0, 0.0]])
